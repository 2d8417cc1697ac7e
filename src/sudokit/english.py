"""Small English helpers for messages: counted nouns with thousands separators, and "a" or "an".

Every message that says how many of something there are, or names a thing after "a", goes through
these, so that sudokit never writes "1 puzzles", "7 guess(es)", "a 8x8" or "49158 puzzles".
"""

from __future__ import annotations

import re

_NUMBER = re.compile(r"[0-9][0-9,_]*")
_LETTERS = re.compile(r"[A-Za-z]+")
_AN_LETTERS = frozenset("AEFHILMNORSX")
"""Letters whose spoken name starts with a vowel sound ("an X-Wing", "an SE rating")."""
_A_PREFIXES = ("uni", "use", "usu", "uti", "eu", "ewe", "one", "once")
"""Words that start with a vowel letter but a consonant sound ("a unique", "a one-line form")."""
_AN_PREFIXES = ("hour", "honest", "honor", "honour", "heir")
"""Words that start with a silent h ("an hour")."""


def number(n: int) -> str:
    """A whole number with thousands separators: ``1234567`` -> ``1,234,567``."""
    return f"{n:,}"


def plural_of(word: str) -> str:
    """The regular plural of a noun (of the last word of a phrase): guess -> guesses, entry -> entries."""
    if word.endswith(("s", "x", "z", "ch", "sh")):
        return word + "es"
    if len(word) > 1 and word.endswith("y") and word[-2] not in "aeiou":
        return word[:-1] + "ies"
    return word + "s"


def plural(n: int, word: str, plural_form: str | None = None) -> str:
    """A count and its noun, with thousands separators: ``1 puzzle``, ``2 puzzles``, ``1,234 guesses``.

    ``plural_form`` gives an irregular plural (``plural(2, 'matrix', 'matrices')``).
    """
    noun = word if n == 1 else plural_form or plural_of(word)
    return f"{number(n)} {noun}"


def indefinite_article(word: str | int) -> str:
    """``a`` or ``an`` for a word as it is spoken: an 8x8, an 11x11, a 1x1, an X-Wing, a unique grid."""
    text = number(word) if isinstance(word, int) else word.strip()
    digits = _NUMBER.match(text)
    if digits:
        # spoken "eight...", "eleven", "eighteen" (and "eleven thousand", "eighteen million", ...)
        value = digits.group().replace(",", "").replace("_", "")
        eleven = value.startswith(("11", "18")) and len(value) % 3 == 2
        return "an" if value.startswith("8") or eleven else "a"
    letters = _LETTERS.match(text)
    if not letters:
        return "a"
    first = letters.group()
    if len(first) == 1 or (first.isupper() and len(first) <= 4):
        # read letter by letter: "X-Wing", "XY-Wing", "ALS", "SE"; "BUG" and "UR" start with a consonant sound
        return "an" if first[0].upper() in _AN_LETTERS else "a"
    lower = first.lower()
    if lower.startswith(_AN_PREFIXES):
        return "an"
    if lower[0] in "aeiou" and not lower.startswith(_A_PREFIXES):
        return "an"
    return "a"


def article(word: str | int) -> str:
    """The word after its indefinite article: ``article('8x8')`` is ``an 8x8``, ``article(1)`` ``a 1``."""
    text = number(word) if isinstance(word, int) else word
    return f"{indefinite_article(word)} {text}"


__all__ = ["article", "indefinite_article", "number", "plural", "plural_of"]
