"""export and import of objects and graphs (vx_khr_ix)."""

__all__ = []
