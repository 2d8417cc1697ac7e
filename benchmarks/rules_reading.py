"""How much of setters' rules texts and drawings sudokit understands (issue 39's measure).

Usage: python benchmarks/rules_reading.py CORPUS.jsonl [CORPUS.jsonl ...] [--show-unread N]

For each puzzle with a link (``url``), reads it and classifies every sentence of its rules text
(``rules_report``, as ``sudokit show --rules`` prints them): understood (the usual rules, a note, flavour,
or the rules read) or not read; and counts the puzzles whose every sentence and every drawing is
accounted for (nothing in ``Puzzle.unread``).  Puzzles are split by a hash of their id into a tuned
part and a held-aside part (one in five), reported apart: wordings were added looking at the first.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import sys
from collections import Counter
from pathlib import Path

import sudokit
from sudokit.errors import SudokitError
from sudokit.formats.rules_text import NOT_READ, rules_report


def held_aside(record_id: str) -> bool:
    """One puzzle in five, by a hash of its id: the part no wording was tuned on."""
    return hashlib.sha256(record_id.encode()).digest()[0] % 5 == 0


def main() -> int:
    """Read every corpus, print the shares for the tuned and the held-aside parts."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("corpora", nargs="+", type=Path)
    parser.add_argument("--show-unread", type=int, default=0, help="list this many sentences not read")
    args = parser.parse_args()
    sentences: dict[str, Counter[str]] = {"tuned": Counter(), "held aside": Counter()}
    puzzles: dict[str, Counter[str]] = {"tuned": Counter(), "held aside": Counter()}
    unread_sentences: list[str] = []
    seen: set[str] = set()
    for corpus in args.corpora:
        for line in corpus.read_text(encoding="utf-8").splitlines():
            record = json.loads(line)
            url, rid = record.get("url"), str(record.get("id"))
            if not url or url in seen:
                continue
            seen.add(url)
            part = "held aside" if held_aside(rid) else "tuned"
            try:
                puzzle = sudokit.parse(url)
            except SudokitError:
                puzzles[part]["not readable"] += 1
                continue
            for item in rules_report(puzzle)["sentences"]:
                text, reading = item["sentence"], item["reading"]
                sentences[part]["not read" if reading == NOT_READ else "understood"] += 1
                if reading == NOT_READ:
                    unread_sentences.append(text)
            puzzles[part]["all accounted for" if puzzle.determined else "something not read"] += 1
    for part in ("tuned", "held aside"):
        s, p = sentences[part], puzzles[part]
        whole = (p["all accounted for"], sum(p.values()))
        print(shares(part, (s["understood"], sum(s.values())), "puzzles all accounted for", whole))
    print_unread(unread_sentences, args.show_unread)
    return 0


def shares(part: str, sentences: tuple[int, int], wholes: str, whole: tuple[int, int]) -> str:
    """One part's line: the sentences understood and the wholes (puzzles, texts) understood."""

    def share(got: int, total: int) -> str:
        return f"{got}/{total} ({100 * got / total if total else 0.0:.1f} %)"

    return f"{part:>10}: sentences understood {share(*sentences)}; {wholes} {share(*whole)}"


def print_unread(texts: list[str], count: int) -> None:
    """The first sentences not read, for looking at."""
    for text in texts[:count]:
        print("  not read:", text[:160])


if __name__ == "__main__":
    sys.exit(main())
