"""A graph in Python: blur, gradients and their magnitude, with the blurred
image virtual (the graph decides its size and format and keeps it inside),
then the same image through immediate-mode Canny on a NumPy array."""
import numpy as np

import pyopenvx as vx

h, w = 120, 160
yy, xx = np.mgrid[0:h, 0:w]
frame = np.where((xx - 80) ** 2 + (yy - 60) ** 2 < 40 ** 2, 200, 30).astype(np.uint8)  # a bright disc

with vx.Context() as ctx:
    g = ctx.graph()
    src = ctx.image_from_numpy(frame)                   # no copy
    blur = g.virtual_image()                            # size/format found at verify
    gx, gy = g.virtual_image(), g.virtual_image()
    mag = ctx.image(w, h, vx.DF_IMAGE_S16)
    g.gaussian3x3(src, blur)
    g.sobel3x3(blur, gx, gy)
    g.magnitude(gx, gy, mag)
    g.process()                                         # verifies on the first run
    m = mag.to_numpy()
    print(f"graph of {g.num_nodes} nodes ran in {g.performance.last_ms:.3f} ms, state {g.state}")
    print(f"gradient magnitude: max {m.max()} on the disc's rim, {m[60, 80]} at its centre")

edges = vx.canny(frame, low=80, high=100, norm="l2")      # the same name and keywords as g.canny
print(f"canny: {int((edges > 0).sum())} edge pixels")
