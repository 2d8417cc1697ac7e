"""Clues outside the grid: sandwich, X-sum, skyscraper, little killer, ..."""
