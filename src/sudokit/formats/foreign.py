"""Recognising input that is not a puzzle text sudokit reads, so the error can say what it is.

Documents, images, archives, web pages and HoDoKu's ``.hsol`` save files (a zipped Java
XMLEncoder object graph) are named by their signature; :func:`not_a_grid` tells prose, markup and
encoded payloads from a grid with a fault, so that such text gets "not a puzzle in any format
sudokit reads" rather than a message about its cell count.
"""

from __future__ import annotations

import io
import itertools
import math
import os
import re
import zipfile
from collections.abc import Callable
from typing import IO
from urllib.parse import urlparse

from sudokit.formats.tabular import numbered_lines

_SIGNATURES = (
    (b"%PDF", "a PDF document"),
    (b"\x89PNG", "a PNG image"),
    (b"\xff\xd8\xff", "a JPEG image"),
    (b"GIF87a", "a GIF image"),
    (b"GIF89a", "a GIF image"),
    (b"\x1f\x8b", "a gzip-compressed file (decompress it first)"),
    (b"BZh", "a bzip2-compressed file (decompress it first)"),
    (b"\xfd7zXZ", "an xz-compressed file (decompress it first)"),
    (b"7z\xbc\xaf\x27\x1c", "a 7-Zip archive"),
    (b"\xd0\xcf\x11\xe0", "an old Microsoft Office document"),
)
_HSOL = "a HoDoKu .hsol save file (a zipped Java XMLEncoder object graph)"
_XML_ENCODER = "a Java XMLEncoder file (HoDoKu's .hsol save format)"
_PROSE = re.compile(r"[A-Za-z]{3,}[ \t]+[A-Za-z]{3,}")
_MARKUP = re.compile(r"[<>\"=\\]|://")
_TITLE_WORD = re.compile(r"^\s*(grid|puzzle|sudoku|game)\b", re.IGNORECASE)


def identify_bytes(data: bytes) -> str | None:
    """What some bytes are, when they are a known kind of file that is no puzzle text (else None)."""
    return _identify(data[:16], lambda: io.BytesIO(data))


def identify_file(path: str | os.PathLike[str]) -> str | None:
    """What a file is, when it is a known kind of file that is no puzzle text (reads only what it needs)."""
    with open(path, "rb") as handle:
        head = handle.read(16)
    return _identify(head, lambda: open(path, "rb"))


def _identify(head: bytes, opener: Callable[[], IO[bytes]]) -> str | None:
    if head.startswith(b"PK\x03\x04"):
        return _HSOL if _zipped_xml_encoder(opener) else "a zip archive (unpack it first)"
    for signature, name in _SIGNATURES:
        if head.startswith(signature):
            return name
    return None


def _zipped_xml_encoder(opener: Callable[[], IO[bytes]]) -> bool:
    """Whether the first member of a zip archive starts as a Java XMLEncoder document (read: 512 bytes)."""
    try:
        with opener() as raw, zipfile.ZipFile(raw) as archive:
            names = archive.namelist()
            if not names:
                return False
            with archive.open(names[0]) as member:
                return b"<java" in member.read(512)
    except (zipfile.BadZipFile, OSError, ValueError, RuntimeError, NotImplementedError, EOFError):
        return False


def identify_text(text: str) -> str | None:
    """What a text is, when it is a known kind of document that holds no puzzle sudokit reads (else None)."""
    start = text.lstrip("\ufeff \t\r\n")[:4096]
    if start.startswith(("\ufffdPNG", "\x89PNG")):
        return "a PNG image"
    known = identify_bytes(start[:16].encode("latin-1", "replace"))
    if known is not None and not known.startswith("a zip"):
        return known
    if start.startswith("PK\x03\x04"):
        return "a zip archive (unpack it first)"
    lower = start.lower()
    if lower.startswith(("<!doctype html", "<html")) or (lower.startswith("<?xml") and "<html" in lower):
        return "an HTML page"
    if start.startswith("<") and "<java" in lower:
        return _XML_ENCODER
    if start.startswith(("<?xml", "<!--")) or re.match(r"<[A-Za-z]", start):
        return "an XML document that is not OpenSudoku"
    if "\x00" in start:
        return "binary data"
    stripped = text.strip()
    if re.match(r"^https?://\S+$", stripped):
        try:
            host = urlparse(stripped).hostname or "a web site"
        except ValueError:
            host = "a web site"
        return f"a link to {host} (sudokit reads f-puzzles and SudokuPad links, not web pages)"
    return None


def not_a_grid(text: str) -> bool:
    """True when text clearly is no puzzle grid: prose, markup, or an encoded payload (as base64)."""
    for _, line in itertools.islice(numbered_lines(text), 200):
        stripped = line.strip()
        if (
            not stripped
            or stripped.startswith("#")
            or stripped.startswith("[")
            or _TITLE_WORD.match(stripped)
        ):
            continue
        if _PROSE.search(stripped) or _MARKUP.search(stripped):
            return True
        if len(stripped) >= 16 and not any(ch.isspace() for ch in stripped):
            lower = sum(1 for ch in stripped if ch.islower())
            upper = sum(1 for ch in stripped if ch.isupper())
            digits = sum(1 for ch in stripped if ch.isdigit())
            square = math.isqrt(len(stripped)) ** 2 == len(stripped)
            if lower >= 3 and upper >= 3 and digits >= 1 and len(set(stripped)) > 40 and not square:
                return True
    return False
