"""Immediate mode on ndarrays: enhanced vision: Min, Max, Copy, Select, ScalarOperation."""

__all__ = []
