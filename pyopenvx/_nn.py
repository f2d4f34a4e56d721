"""neural-network layers (vx_khr_nn) on ndarrays and in graphs."""

__all__ = []
