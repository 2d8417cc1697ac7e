"""The meaning table of every constraint kind, from the kinds' own declarations (docs/constraints.md).

``python -m sudokit.constraints.table`` prints it; a test checks the copy in the docs is current, so the
table, the code and the formats cannot disagree.
"""

from __future__ import annotations

from sudokit.constraints import kinds

FAMILIES = {
    "global": "Rules on the whole grid",
    "region": "Regions",
    "cage": "Cages",
    "line": "Lines",
    "dot": "Clues between two cells",
    "cell": "Marked cells",
    "outside": "Clues outside the grid",
}


def _cell(text: str) -> str:
    return text.replace("|", "\\|").replace("\n", " ") or "-"


def meaning_table() -> str:
    """One table per family: each kind's name, rule, f-puzzles keys, SudokuPad drawing and source."""
    out = []
    for family, title in FAMILIES.items():
        members = [k for k in kinds() if k.family == family]
        if not members:
            continue
        out.append(f"### {title}\n")
        out.append("| kind (JSON) | the rule | f-puzzles key | SudokuPad | meaning from |")
        out.append("| --- | --- | --- | --- | --- |")
        for kind in members:
            keys = ", ".join(f"`{key}`" for key in kind.fpuzzles)
            drawn, source = _cell(kind.sudokupad), _cell(kind.source)
            cells = [f"`{kind.kind}`", _cell(kind.rule), keys or "-", drawn, source]
            out.append("| " + " | ".join(cells) + " |")
        out.append("")
    return "\n".join(out)


if __name__ == "__main__":
    print(meaning_table())
