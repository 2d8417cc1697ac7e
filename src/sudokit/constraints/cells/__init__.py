"""Marks on cells: odd and even, minimum and maximum, quadruples, ..."""
