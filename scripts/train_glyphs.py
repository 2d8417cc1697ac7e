"""Train the glyph recogniser shipped as src/sudokit/image/glyphs.npz.

    python scripts/train_glyphs.py --photos PATH/TO/sudoku_dataset [--fonts /usr/share/fonts] [--out FILE]

Training data, all of it got here and none of it shipped:
- printed glyphs (0-9, A-G) rendered in every TrueType/OpenType font under --fonts, in cells drawn with
  grid lines, blur, noise, low resolution, uneven ink and a slight turn, cut by the same code that cuts
  a photo's cells (sudokit.image.cells.mark);
- the training photos of wichtounet/sudoku_dataset (CC-BY-4.0; https://github.com/wichtounet/sudoku_dataset,
  the files listed in datasets/v2_train.desc): each read by sudokit's own grid finder, its cells labelled
  by the photo's .dat file. Its test photos (v2_test.desc) are never read here;
- scikit-learn's bundled handwritten digits (UCI, 8 x 8), for pencilled digits.
Needs scikit-learn (pip install scikit-learn); takes a few minutes on two cores.
"""

from __future__ import annotations

import argparse
import pathlib
import random
import sys

import numpy as np
from PIL import Image, ImageDraw, ImageFilter, ImageFont

from sudokit.image import cells as cutting
from sudokit.image.recognise import CLASSES, Recogniser


def fonts(root: str) -> list[str]:
    """Font files that draw every glyph the recogniser reads."""
    found = []
    for path in sorted(pathlib.Path(root).rglob("*")):
        if path.suffix.lower() not in (".ttf", ".otf") or "Math" in path.name:
            continue
        try:
            font = ImageFont.truetype(str(path), 40)
            if all(font.getbbox(ch)[2] > font.getbbox(ch)[0] for ch in CLASSES):
                found.append(str(path))
        except OSError:
            continue
    return found


def synthetic_cell(glyph: str, font_path: str, rng: random.Random) -> Image.Image:
    """A cell as a squared photo shows it: a glyph, grid lines around it, blur, noise, low resolution."""
    cell = cutting.CELL
    pad = cell // 8
    side = cell + 2 * pad
    paper = rng.randint(150, 255)
    ink = rng.randint(0, max(0, paper - 90))
    scale = 4  # drawn large, then shrunk (antialiasing)
    image = Image.new("L", (side * scale, side * scale), paper)
    draw = ImageDraw.Draw(image)
    height = rng.uniform(0.45, 0.8) * cell * scale
    font = ImageFont.truetype(font_path, int(height * 1.35))
    box = draw.textbbox((0, 0), glyph, font=font)
    glyph_w, glyph_h = box[2] - box[0], box[3] - box[1]
    x = side * scale / 2 - glyph_w / 2 - box[0] + rng.uniform(-0.08, 0.08) * cell * scale
    y = side * scale / 2 - glyph_h / 2 - box[1] + rng.uniform(-0.08, 0.08) * cell * scale
    draw.text((x, y), glyph, fill=ink, font=font)
    for offset in (pad, pad + cell):  # the cell's lines, a little off where a crooked photo puts them
        width = rng.randint(1, 4) * scale
        line_ink = rng.randint(0, max(0, paper - 60))
        a = (offset + rng.uniform(-2, 2)) * scale
        b = (offset + rng.uniform(-2, 2)) * scale
        draw.line([(a, 0), (b, side * scale)], fill=line_ink, width=width)
        draw.line([(0, a), (side * scale, b)], fill=line_ink, width=width)
    image = image.rotate(rng.uniform(-5, 5), resample=Image.Resampling.BILINEAR, fillcolor=paper)
    image = image.resize((side, side), Image.Resampling.LANCZOS)
    low = rng.uniform(0.35, 1.0)  # a small photo: fewer pixels a cell than the squared grid has
    if low < 0.95:
        small = (max(8, round(side * low)),) * 2
        image = image.resize(small, Image.Resampling.BILINEAR).resize((side, side), Image.Resampling.BILINEAR)
    image = image.filter(ImageFilter.GaussianBlur(rng.uniform(0, 1.2)))
    pixels = np.asarray(image, dtype=np.float64)
    gradient = (
        np.linspace(0, rng.uniform(-40, 40), side)[None, :]
        + np.linspace(0, rng.uniform(-40, 40), side)[:, None]
    )
    pixels = (
        pixels
        + gradient
        + np.random.default_rng(rng.randrange(2**32)).normal(0, rng.uniform(0, 10), pixels.shape)
    )
    return Image.fromarray(np.clip(pixels, 0, 255).astype(np.uint8))


def synthetic(font_paths: list[str], per_font: int, seed: int) -> tuple[list[np.ndarray], list[int]]:
    """Rendered glyphs cut as a photo's cells are: inputs and class indexes."""
    rng = random.Random(seed)
    inputs, labels = [], []
    cell = cutting.CELL
    pad = cell // 8
    for font_path in font_paths:
        for _ in range(per_font):
            for index, glyph in enumerate(CLASSES):
                if glyph in "0ABCDEFG" and rng.random() < 0.5:
                    continue  # digits 1-9 matter most
                patch = np.asarray(synthetic_cell(glyph, font_path, rng), dtype=np.float64) / 255.0
                mark = cutting.mark(patch, pad)
                if mark.pixels is not None:
                    inputs.append(mark.pixels)
                    labels.append(index)
    return inputs, labels


def photos(root: pathlib.Path, listing: str) -> tuple[list[np.ndarray], list[int], int]:
    """The digits of some wichtounet/sudoku_dataset photos, cut by sudokit: inputs, labels, photos used."""
    from sudokit.image.locate import find_grid
    from sudokit.image.read import _settle_corners

    inputs, labels = [], []
    used = 0
    for name in (root / listing).read_text().split():
        truth = [int(v) for v in (root / name).with_suffix(".dat").read_text().split("\n", 2)[2].split()]
        try:
            located = find_grid(Image.open(root / name))
        except ValueError:
            continue
        corners, _cells = _settle_corners(located, 9)
        marks = cutting.cell_marks(cutting.squared(located.grey, corners, 9), 9)
        agree = sum((m.pixels is None) == (t == 0) for m, t in zip(marks, truth, strict=True))
        if agree < 79:
            continue  # the grid was not found right: its cells would teach wrong labels
        used += 1
        for m, t in zip(marks, truth, strict=True):
            if m.pixels is not None and t:
                inputs.append(m.pixels)
                labels.append(CLASSES.index(str(t)))
    return inputs, labels, used


def handwritten() -> tuple[list[np.ndarray], list[int]]:
    """scikit-learn's 8 x 8 handwritten digits, scaled as a mark (1-9 only)."""
    from sklearn.datasets import load_digits

    digits = load_digits()
    inputs, labels = [], []
    for image, target in zip(digits.images, digits.target, strict=True):
        if target == 0:
            continue
        big = (
            np.asarray(
                Image.fromarray((image / 16 * 255).astype(np.uint8)).resize(
                    (32, 32), Image.Resampling.BILINEAR
                )
            )
            / 255.0
        )
        ys, xs = np.nonzero(big > 0.2)
        inputs.append(cutting.normalise(big[ys.min() : ys.max() + 1, xs.min() : xs.max() + 1]))
        labels.append(CLASSES.index(str(target)))
    return inputs, labels


def main() -> None:
    """Gather the glyphs, train the network, write its weights."""
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--photos", type=pathlib.Path, help="a checkout of wichtounet/sudoku_dataset")
    parser.add_argument("--fonts", default="/usr/share/fonts")
    parser.add_argument("--per-font", type=int, default=12)
    parser.add_argument("--photo-weight", type=int, default=4, help="how many times each photo digit counts")
    parser.add_argument("--hidden", type=int, default=192)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument(
        "--out", default=str(pathlib.Path(__file__).parents[1] / "src/sudokit/image/glyphs.npz")
    )
    args = parser.parse_args()
    from sklearn.neural_network import MLPClassifier

    font_paths = fonts(args.fonts)
    print(f"{len(font_paths)} fonts", file=sys.stderr)
    x, y = synthetic(font_paths, args.per_font, args.seed)
    print(f"{len(x)} rendered glyphs", file=sys.stderr)
    if args.photos:
        px, py, used = photos(args.photos, "datasets/v2_train.desc")
        print(f"{len(px)} digits from {used} training photos", file=sys.stderr)
        x += px * args.photo_weight
        y += py * args.photo_weight
    hx, hy = handwritten()
    x += hx
    y += hy
    data = np.stack(x).reshape(len(x), -1).astype(np.float32)
    target = np.array(y)
    mean = data.mean(axis=0)
    scale = data.std(axis=0) + 0.1
    model = MLPClassifier(
        hidden_layer_sizes=(args.hidden,),
        alpha=1e-4,
        batch_size=256,
        max_iter=40,
        early_stopping=True,
        validation_fraction=0.1,
        random_state=args.seed,
        verbose=False,
    )
    model.fit((data - mean) / scale, target)
    print(f"validation accuracy {model.best_validation_score_:.4f}", file=sys.stderr)
    # the classifier saw only the classes present; lay its outputs over all of CLASSES
    layers = []
    for index, (weights, bias) in enumerate(zip(model.coefs_, model.intercepts_, strict=True)):
        if index == len(model.coefs_) - 1:
            full_w = np.zeros((weights.shape[0], len(CLASSES)), np.float32)
            full_b = np.full(len(CLASSES), -30.0, np.float32)
            full_w[:, model.classes_] = weights
            full_b[model.classes_] = bias
            weights, bias = full_w, full_b
        layers.append((weights.astype(np.float32), bias.astype(np.float32)))
    Recogniser(tuple(layers), mean.astype(np.float32), scale.astype(np.float32)).save(args.out)
    print(f"wrote {args.out} ({pathlib.Path(args.out).stat().st_size} bytes)", file=sys.stderr)


if __name__ == "__main__":
    main()
