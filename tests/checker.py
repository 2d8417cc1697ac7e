"""An independent solution checker for the tests: it shares no code with sudokit.

It rebuilds the rows, columns and boxes of a classic grid from its size and box shape alone and checks
a solution string against a puzzle string, so a bug in sudokit's model or solver cannot hide itself.
"""

from __future__ import annotations

BLANK = ".0-_*"


def classic_units(n: int, box_rows: int, box_cols: int) -> list[list[int]]:
    """Rows, columns and boxes of an n x n grid as lists of row-major cell indexes."""
    units = [[r * n + c for c in range(n)] for r in range(n)]
    units += [[r * n + c for r in range(n)] for c in range(n)]
    for top in range(0, n, box_rows):
        for left in range(0, n, box_cols):
            units.append([(top + i) * n + left + j for i in range(box_rows) for j in range(box_cols)])
    return units


def problems(puzzle: list[str], solution: list[str], units: list[list[int]], symbols: list[str]) -> list[str]:
    """What is wrong with a solution (cells as symbol lists); empty when it is valid and keeps the givens."""
    found = []
    if len(solution) != len(puzzle):
        return [f"solution has {len(solution)} cells, puzzle {len(puzzle)}"]
    for i, (given, value) in enumerate(zip(puzzle, solution, strict=True)):
        if value not in symbols:
            found.append(f"cell {i}: {value!r} is not a symbol")
        if given in symbols and given != value:
            found.append(f"cell {i}: given {given!r} changed to {value!r}")
        elif given not in symbols and given not in BLANK:
            found.append(f"cell {i}: puzzle holds {given!r}, neither a symbol nor a blank")
    for unit in units:
        values = sorted(solution[i] for i in unit)
        if len(set(values)) != len(values):
            found.append(f"unit {unit[:3]}...: repeats a symbol")
        if len(unit) == len(symbols) and set(values) != set(symbols):
            found.append(f"unit {unit[:3]}...: misses a symbol")
    return found


def check_classic(puzzle: str, solution: str, n: int, box: tuple[int, int], symbols: str) -> list[str]:
    """Check a one-line classic solution against its one-line puzzle (one character per cell)."""
    return problems(list(puzzle), list(solution), classic_units(n, *box), list(symbols))


def is_valid_classic(
    puzzle: str, solution: str, n: int = 9, box: tuple[int, int] = (3, 3), symbols: str = "123456789"
) -> bool:
    """True when solution is a valid completion of puzzle."""
    return not check_classic(puzzle, solution, n, box, symbols)


def solve_by_singles_and_locks(givens: list[int], n: int, box_rows: int, box_cols: int) -> list[int] | None:
    """Fill a classic grid (symbol index per cell, -1 empty) by sound deductions alone, or None if they stall.

    Naked singles (a cell with one candidate), hidden singles (a symbol with one place in a house) and
    locked candidates (a symbol of a box confined to one row or column leaves that line's other cells,
    and the other way round).  Every step is implied by the rules, so a grid filled this way is the
    puzzle's only solution: a proof of uniqueness that shares nothing with sudokit's core.
    """
    units = classic_units(n, box_rows, box_cols)
    boxes = units[2 * n :]
    lines = units[: 2 * n]
    full = (1 << n) - 1
    cand = [full if v < 0 else 1 << v for v in givens]
    changed = True
    while changed:
        changed = False
        for unit in units:  # a solved cell leaves its houses' other cells
            for c in unit:
                if cand[c] & (cand[c] - 1) == 0:
                    for o in unit:
                        if o != c and cand[o] & cand[c]:
                            cand[o] &= ~cand[c]
                            changed = True
        for unit in units:  # hidden singles
            for s in range(n):
                bit = 1 << s
                places = [c for c in unit if cand[c] & bit]
                if not places:
                    return None  # a contradiction: the givens are wrong
                if len(places) == 1 and cand[places[0]] != bit:
                    cand[places[0]] = bit
                    changed = True
        for box in boxes:  # locked candidates, both ways
            cells = set(box)
            for line in lines:
                shared = cells.intersection(line)
                if len(shared) < 2:
                    continue
                for s in range(n):
                    bit = 1 << s
                    in_box = {c for c in box if cand[c] & bit}
                    in_line = {c for c in line if cand[c] & bit}
                    if in_box and in_box <= shared and in_line - shared:  # pointing
                        for c in in_line - shared:
                            cand[c] &= ~bit
                        changed = True
                    elif in_line and in_line <= shared and in_box - shared:  # claiming
                        for c in in_box - shared:
                            cand[c] &= ~bit
                        changed = True
        if any(m == 0 for m in cand):
            return None
    if any(m & (m - 1) for m in cand):
        return None
    return [m.bit_length() - 1 for m in cand]
