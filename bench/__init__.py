"""`make bench`: the performance suite of issue 7 (see docs/performance.md)."""
