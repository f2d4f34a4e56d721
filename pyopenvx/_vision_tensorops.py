"""Immediate mode on ndarrays: enhanced vision: tensor add/subtract/multiply/table lookup/transpose/convert depth/matrix multiply."""

__all__ = []
