"""Immediate mode on ndarrays: enhanced vision: BilateralFilter."""

__all__ = []
