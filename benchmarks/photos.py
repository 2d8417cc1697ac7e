"""Reading photos of printed Sudokus: how many are read with every cell right, before and after repair.

    python benchmarks/photos.py PATH/TO/sudoku_dataset [--list datasets/v2_test.desc] [--show]

Runs sudokit.image.read_picture on each photo of a wichtounet/sudoku_dataset list (CC-BY-4.0) and
compares the reading with the photo's .dat file. A photo is right when all 81 cells are; a photo read
wrong is "named" when at least one wrong cell is among the cells the reading calls unsure, "silent"
otherwise (the target: none). The time is per photo on one core: opening the JPEG, finding the grid,
cutting, recognising and repairing (the repair's solver calls included).
"""

from __future__ import annotations

import argparse
import pathlib
import statistics
import time

from sudokit.image.read import ImageReadError, read_picture
from sudokit.model import EMPTY


def main() -> None:
    """Read each photo of the list and print the tally."""
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("root", type=pathlib.Path)
    parser.add_argument("--list", default="datasets/v2_test.desc")
    parser.add_argument("--show", action="store_true", help="print every photo read wrong")
    parser.add_argument("--size", type=int, help="tell the reader the grid's size (default: it finds it)")
    args = parser.parse_args()
    names = (args.root / args.list).read_text().split()
    right = first_right = named = silent = failed = wrong_size = 0
    times = []
    for name in names:
        truth = [int(v) for v in (args.root / name).with_suffix(".dat").read_text().split("\n", 2)[2].split()]
        started = time.perf_counter()
        try:
            reading = read_picture(args.root / name, size=args.size)
        except ImageReadError as exc:
            failed += 1
            print(f"{name}: {exc}")
            continue
        times.append(time.perf_counter() - started)
        if times[-1] > 1.0:
            print(f"{name}: {times[-1]:.1f} s")
        if reading.puzzle.grid.size != 9:
            wrong_size += 1
            print(f"{name}: read as {reading.puzzle.grid.size} x {reading.puzzle.grid.size}")
            continue
        read = [0 if g == EMPTY else g + 1 for g in reading.puzzle.givens]
        first = [0 if c[0].symbol == EMPTY else c[0].symbol + 1 for c in reading.choices]
        first_right += first == truth
        wrong = [i for i in range(81) if read[i] != truth[i]]
        if not wrong:
            right += 1
            continue
        if set(wrong) & set(reading.unsure):
            named += 1
        else:
            silent += 1
        if args.show:
            cells = ", ".join(
                f"r{i // 9 + 1}c{i % 9 + 1} read {read[i] or '.'} is {truth[i] or '.'}" for i in wrong
            )
            print(
                f"{name}: {len(wrong)} wrong ({cells}); unsure {len(reading.unsure)}; unique {reading.unique}"
            )
    total = len(names)
    print(
        f"{total} photos: {right} right after repair ({right / total:.1%}), {first_right} before; "
        f"wrong with a wrong cell named unsure {named}, silently wrong {silent}, no grid {failed}, "
        f"wrong size {wrong_size}; "
        f"median {statistics.median(times) * 1000:.0f} ms, max {max(times) * 1000:.0f} ms a photo"
    )


if __name__ == "__main__":
    main()
