"""The glyph recogniser: a small neural network (two layers) run with numpy.

Its weights ship with the package (``glyphs.npz``, about 0.3 MB); ``scripts/train_glyphs.py`` trains them
again from printed glyphs rendered in many fonts, the training photos of wichtounet/sudoku_dataset and
scikit-learn's handwritten digits. It reads one glyph: a digit 0-9 or a letter A-G (16 x 16 grids use
1-9 and A-G, or 1-16 written with two glyphs).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from importlib import resources

import numpy as np
from numpy.typing import NDArray

CLASSES = "0123456789ABCDEFG"
"""The glyphs the recogniser tells apart, in the order of its outputs."""
MODEL = "glyphs.npz"


@dataclass(frozen=True)
class Recogniser:
    """A multilayer perceptron: rectified linear hidden layers, softmax output over :data:`CLASSES`."""

    layers: tuple[tuple[NDArray[np.float32], NDArray[np.float32]], ...]
    mean: NDArray[np.float32]
    scale: NDArray[np.float32]

    def probabilities(self, inputs: NDArray[np.float32]) -> NDArray[np.float64]:
        """Each input's probability of each class: inputs are rows of 784 (28 x 28) values, 0 paper, 1 ink."""
        values = (inputs.reshape(len(inputs), -1).astype(np.float32) - self.mean) / self.scale
        for index, (weights, bias) in enumerate(self.layers):
            values = values @ weights + bias
            if index < len(self.layers) - 1:
                values = np.maximum(values, 0.0)
        values = values.astype(np.float64)
        values -= values.max(axis=1, keepdims=True)
        exp: NDArray[np.float64] = np.exp(values)
        out: NDArray[np.float64] = exp / exp.sum(axis=1, keepdims=True)
        return out

    def save(self, path: str) -> None:
        """Write the weights as a compressed numpy archive (float16: half the size, no loss that shows)."""
        arrays: dict[str, NDArray[np.float16]] = {
            "mean": self.mean.astype(np.float16),
            "scale": self.scale.astype(np.float16),
        }
        for index, (weights, bias) in enumerate(self.layers):
            arrays[f"w{index}"] = weights.astype(np.float16)
            arrays[f"b{index}"] = bias.astype(np.float16)
        np.savez_compressed(path, classes=np.array(CLASSES), **arrays)  # type: ignore[arg-type]


def load(source: object) -> Recogniser:
    """A recogniser from a file written by :meth:`Recogniser.save` (a path or an open binary file)."""
    with np.load(source) as archive:  # type: ignore[arg-type]
        if str(archive["classes"]) != CLASSES:
            raise ValueError(f"the model reads {archive['classes']}, not {CLASSES}")
        layers = []
        index = 0
        while f"w{index}" in archive:
            layers.append((archive[f"w{index}"].astype(np.float32), archive[f"b{index}"].astype(np.float32)))
            index += 1
        return Recogniser(
            tuple(layers), archive["mean"].astype(np.float32), archive["scale"].astype(np.float32)
        )


@cache
def default() -> Recogniser:
    """The recogniser shipped with the package."""
    with resources.files("sudokit.image").joinpath(MODEL).open("rb") as handle:
        return load(handle)
