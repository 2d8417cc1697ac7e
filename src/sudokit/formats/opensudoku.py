"""OpenSudoku XML (the Android app's import/export files), versions 1 and 2.

Version 1 is ``<opensudoku>`` with collection fields (``<name>``, ``<author>``, ``<level>``, ...) and
``<game data="81 digits, 0 blank"/>`` elements; version 2 (``<opensudoku version="2">``) groups the
games in ``<folder name=..>`` elements.  Every ``<game>`` is a puzzle; the collection fields and the
folder name become each puzzle's metadata, and the app's play state (``state``, ``time``) is ignored.
The XML is parsed with ``defusedxml``, which refuses entity-expansion attacks.
"""

from __future__ import annotations

import re
from xml.etree.ElementTree import Element
from xml.etree.ElementTree import ParseError as XMLParseError

from sudokit.errors import ParseError
from sudokit.model import EMPTY, Grid, Puzzle

_ROOT = re.compile(r"<opensudoku[\s>/]")
_FIELDS = {  # collection fields, named as the other formats name them (so .sdk headers keep them)
    "name": "collection",
    "author": "author",
    "description": "description",
    "comment": "comment",
    "created": "date",
    "source": "source",
    "level": "level",
    "sourceURL": "url",
}


def looks_like_opensudoku(text: str) -> bool:
    """True for XML (it starts with '<') that has an ``<opensudoku>`` element near its start."""
    start = text[:4096].lstrip("\ufeff \t\r\n")
    return start.startswith("<") and _ROOT.search(start) is not None


def parse_opensudoku(text: str) -> list[Puzzle]:
    """Every game of an OpenSudoku file, in document order."""
    from defusedxml import DefusedXmlException
    from defusedxml.ElementTree import fromstring

    try:
        root = fromstring(text.lstrip("\ufeff"))
    except XMLParseError as exc:
        line, column = exc.position
        raise ParseError(f"OpenSudoku: not well-formed XML ({_reason(exc)})", line, column + 1) from None
    except DefusedXmlException as exc:
        raise ParseError(
            f"OpenSudoku: the XML uses entities or a DTD, which are refused ({type(exc).__name__})"
        ) from None
    except UnicodeEncodeError as exc:  # a lone surrogate (from bytes that were not UTF-8)
        raise ParseError(f"OpenSudoku: character {exc.start + 1} is not text (a lone surrogate)") from None
    if root.tag != "opensudoku":
        raise ParseError(f"OpenSudoku: the root element is <{root.tag}>, not <opensudoku>")
    common = {
        key: (child.text or "").strip()
        for child in root
        if (key := _FIELDS.get(child.tag)) and (child.text or "").strip()
    }
    puzzles: list[Puzzle] = []
    for game, folder in _games(root):
        metadata = dict(common)
        if folder is not None and folder.get("name"):
            metadata["collection"] = folder.get("name", "")
        if game.get("note"):
            metadata["comment"] = game.get("note", "")
        puzzles.append(_puzzle(game.get("data"), len(puzzles) + 1, metadata))
    if not puzzles:
        raise ParseError("OpenSudoku: the file holds no <game> element")
    return puzzles


def _reason(exc: XMLParseError) -> str:
    return str(exc).split(":")[0]


def _games(root: Element) -> list[tuple[Element, Element | None]]:
    """Each game with its folder (None for a version 1 game), in document order."""
    found: list[tuple[Element, Element | None]] = []
    for child in root:
        if child.tag == "game":
            found.append((child, None))
        elif child.tag == "folder":
            found += [(game, child) for game in child.iter("game")]
    return found


def _puzzle(data: str | None, number: int, metadata: dict[str, str]) -> Puzzle:
    if data is None:
        raise ParseError(f'OpenSudoku: game {number} has no data="..." attribute')
    text = data.strip()
    if len(text) != 81 or any(ch not in "0123456789." for ch in text):
        raise ParseError(
            f"OpenSudoku: game {number} data must be 81 digits (0 for blank), not {text[:40]!r}"
            + ("..." if len(text) > 40 else "")
        )
    givens = tuple(EMPTY if ch in "0." else int(ch) - 1 for ch in text)
    return Puzzle(Grid.classic(9), givens, None, metadata)
