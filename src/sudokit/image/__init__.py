"""Reading puzzles from pictures: photos of a printed grid and screenshots (the ``image`` extra).

:func:`read_image` gives the puzzle; :func:`read_picture` gives it with each cell's likely readings and
the cells it was unsure of. Needs Pillow and numpy (``pip install sudokit[image]``).
"""

from __future__ import annotations

import os
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from PIL import Image

    from sudokit.image.read import Reading
    from sudokit.model import Puzzle

PICTURE_ENDINGS = (".png", ".jpg", ".jpeg", ".webp", ".gif", ".tif", ".tiff")
"""File name endings taken as pictures."""
_SIGNATURES = (b"\x89PNG", b"\xff\xd8\xff", b"GIF8", b"II*\x00", b"MM\x00*")


def looks_like_picture(head: bytes) -> bool:
    """Whether the first bytes of a file are those of a picture format sudokit reads."""
    return head.startswith(_SIGNATURES) or (head[:4] == b"RIFF" and head[8:12] == b"WEBP")


def _require() -> None:
    try:
        import numpy  # noqa: F401
        import PIL  # noqa: F401
    except ImportError:
        from sudokit.errors import ParseError

        raise ParseError(
            "reading pictures needs the image extra: pip install 'sudokit[image]' (Pillow and numpy)"
        ) from None


def read_picture(source: str | os.PathLike[str] | bytes | Image.Image, *, size: int | None = None) -> Reading:
    """The puzzle in a picture with how sure each cell's reading is (:class:`sudokit.image.read.Reading`)."""
    _require()
    from sudokit.image.read import read_picture as read

    return read(source, size=size)


def read_image(source: str | os.PathLike[str] | bytes | Image.Image, *, size: int | None = None) -> Puzzle:
    """The puzzle in a photo or screenshot (a path, the file's bytes or a PIL image).

    Cells read without certainty are named in the puzzle's ``unread`` (so answers say so), and the
    puzzle's metadata says which. ``size`` is the grid's side when known (9 by default when the lines do
    not tell).
    """
    return read_picture(source, size=size).puzzle
