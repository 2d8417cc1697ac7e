"""lz-string's ``decompressFromBase64`` (the f-puzzles link payload), with its output bounded.

The lzstring package decodes the same streams but neither bounds its output nor fails cleanly on a
damaged payload (it raises UnboundLocalError, KeyError, ...).  lz-string's output grows with the
square of its input at worst (a 12,000-character payload can unpack to 20 million characters), so
a reader of untrusted links must stop at a limit: this decoder refuses output over
:data:`~sudokit.formats.limits.MAX_TEXT` characters and payloads over
:data:`~sudokit.formats.limits.MAX_LINE`, and every fault is a ParseError.
"""

from __future__ import annotations

from sudokit.errors import ParseError
from sudokit.formats.limits import MAX_LINE, MAX_TEXT

_BASE64 = {ch: k for k, ch in enumerate("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/=")}
_DAMAGED = "the f-puzzles payload does not decompress (is the link complete?)"


class _Bits:
    """The payload's bits, six per character, most significant first (as lz-string writes them)."""

    def __init__(self, payload: str) -> None:
        try:
            self.values = [_BASE64[ch] for ch in payload]
        except KeyError as exc:
            raise ParseError(f"{exc.args[0]!r} cannot stand in an f-puzzles payload") from None
        self.position = 0
        self.end = 6 * len(self.values)

    def read(self, count: int) -> int:
        """The next ``count`` bits as a number, the first bit lowest (zeros past the end)."""
        out = 0
        for k in range(count):
            index, shift = divmod(self.position + k, 6)
            if index < len(self.values) and self.values[index] >> (5 - shift) & 1:
                out |= 1 << k
        self.position += count
        return out


def decompress_base64(payload: str, limit: int = MAX_TEXT) -> str:
    """The text of an lz-string base64 payload; ParseError if it is damaged or unpacks past ``limit``."""
    if len(payload) > MAX_LINE:
        raise ParseError(f"the f-puzzles payload is longer than {MAX_LINE:,} characters")
    bits = _Bits(payload)
    if not payload:
        raise ParseError(_DAMAGED)
    first = bits.read(2)
    if first == 2:
        return ""
    if first == 3:
        raise ParseError(_DAMAGED)
    w = chr(bits.read(8 if first == 0 else 16))
    dictionary = ["", "", "", w]  # codes 0, 1 and 2 are commands: a byte, a 16-bit char, the end
    result = [w]
    size, enlarge_in, width = 1, 4, 3
    while True:
        if bits.position >= bits.end:
            raise ParseError(_DAMAGED)
        code = bits.read(width)
        if code == 2:
            text = "".join(result)
            # 16-bit codes are UTF-16 units, as in JavaScript: join surrogate pairs, replace lone ones
            return text.encode("utf-16-le", "surrogatepass").decode("utf-16-le", "replace")
        if code < 2:
            dictionary.append(chr(bits.read(8 if code == 0 else 16)))
            code = len(dictionary) - 1
            enlarge_in -= 1
            if enlarge_in == 0:
                enlarge_in, width = 1 << width, width + 1
        if code < len(dictionary):
            entry = dictionary[code]
        elif code == len(dictionary):
            entry = w + w[0]
        else:
            raise ParseError(_DAMAGED)
        size += len(entry)
        if size > limit:
            raise ParseError(f"the f-puzzles payload unpacks to more than {limit:,} characters")
        result.append(entry)
        dictionary.append(w + entry[0])
        w = entry
        enlarge_in -= 1
        if enlarge_in == 0:
            enlarge_in, width = 1 << width, width + 1
