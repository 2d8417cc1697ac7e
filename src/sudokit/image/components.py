"""Connected components of a binary image, by runs and union-find in numpy (no OpenCV, no SciPy).

The image extra stays small (Pillow and numpy): OpenCV's headless wheel alone is over 50 MB, SciPy 35 MB.
Runs of ink on each row are the nodes; runs on consecutive rows that touch (8-connectivity) are joined
by a vectorised union-find, so a 1-megapixel page takes milliseconds.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
from numpy.typing import NDArray

IntArray = NDArray[np.int64]


@dataclass(frozen=True)
class Runs:
    """The ink of a binary image as horizontal runs: row, first column, end column (exclusive)."""

    row: IntArray
    start: IntArray
    end: IntArray
    label: IntArray
    """Each run's component, numbered 0.. in order of first appearance."""
    count: int
    """How many components."""

    def sizes(self) -> IntArray:
        """Pixels in each component."""
        return np.bincount(self.label, weights=self.end - self.start, minlength=self.count).astype(np.int64)

    def boxes(self) -> IntArray:
        """Each component's bounding box as rows of (top, left, bottom, right), bottom and right exclusive."""
        out = np.empty((self.count, 4), np.int64)
        out[:, 0] = out[:, 1] = np.iinfo(np.int64).max
        out[:, 2] = out[:, 3] = -1
        np.minimum.at(out[:, 0], self.label, self.row)
        np.minimum.at(out[:, 1], self.label, self.start)
        np.maximum.at(out[:, 2], self.label, self.row + 1)
        np.maximum.at(out[:, 3], self.label, self.end)
        return out

    def mask(self, component: int, shape: tuple[int, int]) -> NDArray[np.bool_]:
        """A boolean image of one component."""
        out = np.zeros(shape, bool)
        for r, s, e in zip(
            *(a[self.label == component] for a in (self.row, self.start, self.end)), strict=True
        ):
            out[r, s:e] = True
        return out

    def points(self, component: int) -> NDArray[np.float64]:
        """The ends of a component's runs as (x, y) points: its outline's extremes lie among them."""
        pick = self.label == component
        rows = self.row[pick]
        xs = np.concatenate([self.start[pick], self.end[pick] - 1])
        ys = np.concatenate([rows, rows])
        return np.stack([xs, ys], axis=1).astype(np.float64)


def label(mask: NDArray[np.bool_]) -> Runs:
    """The 8-connected components of the True pixels of a 2-D boolean array."""
    height, width = mask.shape
    padded = np.zeros((height, width + 2), np.int8)
    padded[:, 1:-1] = mask
    step = np.diff(padded, axis=1)
    rows, starts = np.nonzero(step == 1)
    _, ends = np.nonzero(step == -1)
    rows = rows.astype(np.int64)
    starts = starts.astype(np.int64)
    ends = ends.astype(np.int64)
    n = len(rows)
    if n == 0:
        empty = np.zeros(0, np.int64)
        return Runs(empty, empty, empty, empty, 0)
    stride = width + 2
    start_keys = rows * stride + starts
    end_keys = rows * stride + ends
    # the runs of row r - 1 touching run b of row r: those ending at or after b's start - 1 and starting
    # at or before b's end (8-connectivity); they are consecutive in row-major order
    above = rows - 1
    first = np.searchsorted(end_keys, above * stride + starts, side="left")
    last = np.searchsorted(start_keys, above * stride + ends, side="right") - 1
    counts = np.maximum(last - first + 1, 0)
    counts[rows == 0] = 0
    lower = np.repeat(np.arange(n), counts)
    offsets = np.arange(counts.sum()) - np.repeat(np.cumsum(counts) - counts, counts)
    upper = np.repeat(first, counts) + offsets
    parent = np.arange(n)
    while len(lower):
        low, high = parent[lower], parent[upper]
        smallest = np.minimum(low, high)
        np.minimum.at(parent, low, smallest)
        np.minimum.at(parent, high, smallest)
        while True:  # pointer jumping: every run points at its root
            jumped = parent[parent]
            if np.array_equal(jumped, parent):
                break
            parent = jumped
        keep = parent[lower] != parent[upper]
        lower, upper = lower[keep], upper[keep]
    _, labels = np.unique(parent, return_inverse=True)
    return Runs(rows, starts, ends, labels.astype(np.int64), int(labels.max()) + 1)
