/* Family hog (enhanced vision: HOGCells, HOGFeatures, HoughLinesP): graph and immediate tests against scalar models. */
#include "../runner/cts.h"

CTS_TABLE(k_hog) = {
    CTS_TABLE_END,
};
