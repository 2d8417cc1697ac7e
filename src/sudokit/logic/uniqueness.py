"""(being written)"""

FINDERS: tuple = ()
REGLIB_FLAGS: dict[str, frozenset[str]] = {}
