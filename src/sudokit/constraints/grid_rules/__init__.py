"""Rules on the whole grid: diagonals, windows, disjoint groups, chess moves, non-consecutive, ..."""
