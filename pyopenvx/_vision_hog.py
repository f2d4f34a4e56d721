"""Immediate mode on ndarrays: enhanced vision: HOGCells, HOGFeatures, HoughLinesP."""

__all__ = []
