"""The meaning table of every constraint kind, from the kinds' own declarations (docs/constraints.md).

``python -m sudokit.constraints.table`` prints it (``--words``: the words setters use for each kind); a
test checks the copies in the docs are current, so the tables, the code and the formats cannot disagree.
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


def wording_table() -> str:
    """One table of every kind a rules text can state: the words naming it and the words stating it.

    These are the kinds' own declarations (``names``, ``mentions``, ``phrasing``) that the rules-text
    reader matches sentences with; a kind not yet read from rules texts says so.
    """
    out = [
        "| kind | named by | stated with (besides common words and its rule's words) |",
        "| --- | --- | --- |",
    ]
    for kind in sorted(kinds(), key=lambda k: k.kind):
        if not kind.in_rules_texts:
            out.append(
                f"| `{kind.kind}` | - | not read from rules texts: a sentence about it stays a twist |"
            )
            continue
        named = ", ".join(f'"{w}"' for w in kind.vocabulary())
        stated = " ".join(w for w in dict.fromkeys(kind.phrasing.replace("|", " ").split()))
        out.append(f"| `{kind.kind}` | {_cell(named)} | {_cell(stated)} |")
    return "\n".join(out)


if __name__ == "__main__":
    import sys

    print(wording_table() if "--words" in sys.argv[1:] else meaning_table())
