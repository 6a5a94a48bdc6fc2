"""`make bench`: the performance suite (see docs/performance.md)."""
