"""Immediate mode on ndarrays: enhanced vision: LBP, NonMaxSuppression, MatchTemplate."""

__all__ = []
