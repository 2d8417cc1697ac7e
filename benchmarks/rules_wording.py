"""How much of setters' rules texts sudokit's wordings cover, on texts alone (no drawings).

Usage: python benchmarks/rules_wording.py RULES.json [--show-unread N]

RULES.json is a list of ``{"id", "rulestext"}`` records, such as SudokuPad/sudokutools'
``src/rulesparser/puzzlerules.json`` (670 rules texts of SudokuPad puzzles, MPL-2.0; kept outside the
repository).  Without the puzzles' drawings, each text is read as if every kind it names (by any of
that kind's words, "circle" naming every kind drawn with circles) and every rule of the whole grid
it states had been read from the drawing; each sentence is then classed as :func:`rules_report`
would class it.  This measures the wordings (which phrasings of known kinds are understood), not
the drawings: an upper bound on what a puzzle with those drawings would have understood.  One
text in five, by a hash of its id, is held aside (see ``rules_reading.py``).
"""

from __future__ import annotations

import argparse
import json
import sys
from collections import Counter
from pathlib import Path

from rules_reading import held_aside, print_unread, shares
from sudokit.formats.rules_text import NOT_READ, global_rules, kinds_named, sentence_readings


def main() -> int:
    """Class every sentence of every text; print the shares for the tuned and held-aside parts."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("rules", type=Path)
    parser.add_argument("--show-unread", type=int, default=0, help="list this many sentences not read")
    args = parser.parse_args()
    records = json.loads(args.rules.read_text(encoding="utf-8"))
    counts: dict[str, Counter[str]] = {"tuned": Counter(), "held aside": Counter()}
    unread: list[str] = []
    for record in records:
        text = str(record.get("rulestext") or "")
        part = "held aside" if held_aside(str(record.get("id"))) else "tuned"
        named = kinds_named(text) | {type(rule) for rule in global_rules(text, 9)}
        readings = sentence_readings(text, sorted(named, key=lambda k: k.kind))
        whole = all(what != NOT_READ for _, what, _ in readings)
        counts[part]["texts"] += 1
        counts[part]["texts understood"] += whole
        for sentence, what, _ in readings:
            counts[part]["sentences"] += 1
            counts[part]["understood"] += what != NOT_READ
            if what == NOT_READ and part == "tuned":
                unread.append(sentence)
    for part, c in counts.items():
        wholly = (c["texts understood"], c["texts"])
        print(shares(part, (c["understood"], c["sentences"]), "texts wholly understood", wholly))
    print_unread(unread, args.show_unread)
    return 0


if __name__ == "__main__":
    sys.exit(main())
