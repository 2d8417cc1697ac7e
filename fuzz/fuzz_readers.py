"""atheris (libFuzzer) target for sudokit's readers, for runs longer than the hypothesis tests.

    python fuzz/fuzz_readers.py READER [libFuzzer options]     # e.g. json -max_total_time=60

READER is a ``format=`` name of :func:`sudokit.formats.parse_many` (``line``, ``json``, ``fpuzzles``,
...) or ``detect`` (format detection, every seed).  The property is the hypothesis tests' one
(:func:`tests.fuzzing.check_input`): an input reads to valid, round-tripping puzzles or raises a
SudokitError.  Seeds come from tests/fixtures; new inputs go to ``fuzz/corpus/READER`` and crashers
to ``fuzz/crashes/``.  ``make fuzz`` runs every reader for ``FUZZ_SECONDS`` each.
"""

from __future__ import annotations

import hashlib
import sys
from pathlib import Path

import atheris

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

with atheris.instrument_imports(include=["sudokit"]):
    from tests.fuzzing import READERS, check_input, samples

    from sudokit.formats import READ_FORMATS


def seeds(reader: str) -> list[str]:
    """Valid texts to start from: the samples of that reader (every sample for ``detect`` and others)."""
    chosen = [text for name, texts in samples().items() if READERS[name] == reader for text in texts]
    return chosen or [text for texts in samples().values() for text in texts]


def main(argv: list[str]) -> None:
    """Seed the reader's corpus folder once, then hand over to libFuzzer."""
    if len(argv) < 2 or argv[1] not in (*READ_FORMATS, "detect"):
        sys.exit(f"usage: {argv[0]} READER [libFuzzer options]; READER: {', '.join(READ_FORMATS)} or detect")
    reader = argv[1]
    form = None if reader == "detect" else reader
    corpus = ROOT / "fuzz" / "corpus" / reader
    corpus.mkdir(parents=True, exist_ok=True)
    for text in seeds(reader):
        data = text.encode("utf-8")
        (corpus / hashlib.sha1(data).hexdigest()).write_bytes(data)
    crashes = ROOT / "fuzz" / "crashes"
    crashes.mkdir(parents=True, exist_ok=True)

    def test_one_input(data: bytes) -> None:
        check_input(data.decode("utf-8", "replace"), form)

    options = [f"-artifact_prefix={crashes}/{reader}-", "-max_len=16384", "-timeout=20", "-rss_limit_mb=3072"]
    atheris.Setup([argv[0], *options, *argv[2:], str(corpus)], test_one_input)
    atheris.Fuzz()


if __name__ == "__main__":
    main(sys.argv)
