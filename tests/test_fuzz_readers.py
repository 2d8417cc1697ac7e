"""Fuzzing every reader and the command line: any text reads to valid puzzles or raises a SudokitError.

Arbitrary text and bytes, and valid samples (tests/fixtures) mutated: characters deleted, inserted and
replaced (unicode included), truncation, duplicated and swapped lines, numbers made huge, zero or
negative, JSON values replaced and nested deep.  The property is in :func:`tests.fuzzing.check_input`.
Examples are few by default; ``HYPOTHESIS_PROFILE=fuzz`` runs many more (``make fuzz`` does).
"""

from __future__ import annotations

import io
import json
import os
import re
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st
from lzstring import LZString

from sudokit.batch import KINDS, read_blocks, solve_file, solve_many
from sudokit.cli import UNDETERMINED_EXIT, cli
from sudokit.errors import ParseError, SudokitError
from sudokit.formats import READ_FORMATS, parse_many, read
from sudokit.formats.limits import MAX_LINE, MAX_TEXT
from sudokit.formats.lz import decompress_base64
from tests.fuzzing import FIXTURES, READERS, check_input, check_position, samples

FUZZ = os.environ.get("HYPOTHESIS_PROFILE") == "fuzz"
_QUIET = [HealthCheck.too_slow, HealthCheck.data_too_large, HealthCheck.filter_too_much]


def fuzz_settings(examples: int) -> settings:
    """``examples`` examples (100 times as many under HYPOTHESIS_PROFILE=fuzz), no deadline."""
    return settings(
        max_examples=examples * 100 if FUZZ else examples,
        deadline=None,
        suppress_health_check=_QUIET,
        print_blob=True,
    )


FORMATS: list[str | None] = [None, *READ_FORMATS]
DOCUMENTS = ("json", "fpuzzles")
NASTY = (
    '.0123456789-_*|+#[]{}":,;=/\\ \t\n\r\x0b\x0c\x1c\x85\u2028\ufeff\x00'
    "ABCDEFGZabcxyz@%?&é²³٣١①１ⅷ\u0301\u200d😀🇫🇷"
)
"""Characters that mean something to some reader, and unicode that looks like digits or breaks lines."""
NUMBERS = (
    "0",
    "-1",
    "-0",
    "1",
    "2",
    "3",
    "7",
    "10",
    "13",
    "64",
    "65",
    "100",
    "4096",
    "99999999999999999999",
    "1e400",
)
TEXT = st.text(alphabet=st.sampled_from(NASTY), max_size=300) | st.text(max_size=120)
SURROGATES = "\udcff\ud800"
"""Lone surrogates, as Python makes of command-line arguments that are not UTF-8 (not for the CLI runner)."""
READER_TEXT = TEXT | st.text(alphabet=st.sampled_from(NASTY + SURROGATES), max_size=100)
SAMPLES = [(name, text) for name, texts in samples().items() for text in texts]


@st.composite
def mutation(draw: st.DrawFn, text: str) -> str:
    """The text with one mutation applied (see the module docstring)."""
    n = len(text)
    kind = draw(
        st.sampled_from(
            [
                "delete",
                "insert",
                "replace",
                "truncate",
                "dup-line",
                "drop-line",
                "swap-lines",
                "number",
                "run",
            ]
        )
    )
    i = draw(st.integers(0, n))
    if kind == "delete":
        return text[:i] + text[i + draw(st.integers(1, 20)) :]
    if kind == "insert":
        return text[:i] + draw(st.text(alphabet=st.sampled_from(NASTY), min_size=1, max_size=10)) + text[i:]
    if kind == "replace":
        return text[:i] + draw(st.sampled_from(NASTY)) + text[i + 1 :]
    if kind == "truncate":
        return text[:i]
    if kind == "run":
        return text[:i] + draw(st.sampled_from(NASTY)) * draw(st.sampled_from([2, 64, 65, 1000])) + text[i:]
    if kind == "number":
        spots = list(re.finditer(r"-?\d+", text))
        if not spots:
            return text
        spot = draw(st.sampled_from(spots))
        return text[: spot.start()] + draw(st.sampled_from(NUMBERS)) + text[spot.end() :]
    lines = text.splitlines(keepends=True)
    if not lines:
        return text
    k = draw(st.integers(0, len(lines) - 1))
    if kind == "dup-line":
        lines.insert(k, lines[k])
    elif kind == "drop-line":
        del lines[k]
    else:
        j = draw(st.integers(0, len(lines) - 1))
        lines[k], lines[j] = lines[j], lines[k]
    return "".join(lines)


@st.composite
def mutated_sample(draw: st.DrawFn) -> tuple[str, str]:
    """(fuzz target name, a valid sample of it with one to four mutations)."""
    name, text = draw(st.sampled_from(SAMPLES))
    for _ in range(draw(st.integers(1, 4))):
        text = draw(mutation(text))
    return name, text


JSON_VALUES = st.sampled_from(
    [
        0,
        -1,
        1,
        2,
        65,
        4096,
        10**30,
        -(10**30),
        2**63,
        1.5,
        1e308,
        True,
        None,
        "",
        "r0c0",
        "r1c1",
        "R1C1",
        "r99999999c1",
        "x" * 300,
        [],
        {},
        [0, 0],
        [2, 5],
        [3, 0],
        [-3, -3],
        [[0, 0], [10**9, 10**9]],
        ["r1c1", "r1c1"],
        {"cells": ["r1c1"], "sum": 10**20},
    ]
) | st.recursive(st.none() | st.integers() | st.text(max_size=5), lambda inner: st.lists(inner, max_size=4))


def _json_mutate(draw: st.DrawFn, value: Any, depth: int = 0) -> Any:
    """The decoded JSON with one value somewhere in it replaced, a key dropped or one added."""
    if isinstance(value, dict) and value and draw(st.integers(0, 3)) and depth < 6:
        key = draw(st.sampled_from(sorted(value)))
        out = dict(value)
        choice = draw(st.integers(0, 9))
        if choice == 0:
            del out[key]
        elif choice == 1:
            out[draw(st.sampled_from(["size", "box", "grids", "units", "cages", "shape", "rows", "zzz"]))] = (
                draw(JSON_VALUES)
            )
        else:
            out[key] = _json_mutate(draw, value[key], depth + 1)
        return out
    if isinstance(value, list) and value and draw(st.integers(0, 3)) and depth < 6:
        k = draw(st.integers(0, len(value) - 1))
        out_list = list(value)
        choice = draw(st.integers(0, 5))
        if choice == 0:
            del out_list[k]
        elif choice == 1:
            out_list.append(out_list[k])
        else:
            out_list[k] = _json_mutate(draw, value[k], depth + 1)
        return out_list
    return draw(JSON_VALUES)


@st.composite
def mutated_document(draw: st.DrawFn) -> tuple[str, str]:
    """(fuzz target name, a JSON or f-puzzles sample with values changed in its decoded structure)."""
    name = draw(st.sampled_from(["json", "fpuzzles-json", "fpuzzles-link", "fpuzzles-payload"]))
    text = draw(st.sampled_from(samples()[name]))
    codec = LZString()
    if name in ("json", "fpuzzles-json"):
        data = json.loads(text)
    else:
        data = json.loads(decompress_base64(text.strip().split("load=")[-1]))
    for _ in range(draw(st.integers(1, 3))):
        data = _json_mutate(draw, data)
    out = json.dumps(data)
    if draw(st.booleans()):  # nest the document, or a part of it, very deep
        depth = draw(st.sampled_from([100, 1000, 100_000]))
        out = "[" * depth + out + "]" * depth if draw(st.booleans()) else out.replace("[", "[" * depth, 1)
    if name in ("fpuzzles-link", "fpuzzles-payload"):
        payload = codec.compressToBase64(out)
        out = payload if name == "fpuzzles-payload" else "https://www.f-puzzles.com/?load=" + payload
    return name, out


# --------------------------------------------------------------------------------------- readers


def test_every_sample_reads_and_round_trips() -> None:
    for name, text in SAMPLES:
        assert check_input(text, READERS[name]), name
        assert check_input(text, None), name


@fuzz_settings(300)
@given(READER_TEXT, st.sampled_from(FORMATS))
@example("²" * 12, None)  # a superscript digit is a digit to str.isdigit, not to int()
@example("1 2 3 4 5 6 7 8 9 10 ²", "line")
@example("", "ss")  # no frame in no text: the error's line must still be a line
def test_arbitrary_text_reads_or_raises_a_sudokit_error(text: str, form: str | None) -> None:
    check_input(text, form)


@fuzz_settings(600)
@given(mutated_sample(), st.booleans())
def test_mutated_samples_read_or_raise_a_sudokit_error(sample: tuple[str, str], detect: bool) -> None:
    name, text = sample
    check_input(text, None if detect else READERS[name])


@fuzz_settings(300)
@given(mutated_document(), st.booleans())
@example(("json", "[" * 100_000 + "]" * 100_000), False)  # deeper than Python's recursion limit
@example(("json", '{"size": 100000}'), False)  # far more cells than any puzzle
@example(("json", '{"size": 9, "rows": 100000, "cols": 100000, "rows_and_columns": false}'), False)
@example(("json", '{"size": 9, "grids": {"size": 9, "corners": [[0, 0], [999999999, 999999999]]}}'), False)
def test_mutated_documents_read_or_raise_a_sudokit_error(sample: tuple[str, str], detect: bool) -> None:
    name, text = sample
    check_input(text, None if detect else READERS[name])


@fuzz_settings(150)
@given(
    st.sampled_from(SAMPLES),
    st.sampled_from([None, "line", "grid", "sdm"]),
    st.none() | st.integers(-3, 70),
    st.none() | st.tuples(st.integers(-2, 10), st.integers(-2, 10)),
    st.none() | st.text(alphabet=st.sampled_from(NASTY), max_size=20),
    st.sampled_from(
        [(), ("samurai",), ("butterfly",), ("x",), ("antiknight", "windoku"), ("samurai", "flower")]
    ),
)
def test_reader_options_read_or_raise_a_sudokit_error(
    sample: tuple[str, str],
    form: str | None,
    size: int | None,
    box: tuple[int, int] | None,
    symbols: str | None,
    variants: tuple[str, ...],
) -> None:
    _, text = sample
    try:
        parse_many(text, format=form, size=size, box=box, symbols=symbols, variants=variants)
    except ParseError as exc:
        check_position(exc, text)
    except SudokitError:
        pass


@fuzz_settings(80)
@given(
    data=st.binary(max_size=400) | st.sampled_from(SAMPLES).map(lambda s: s[1].encode("utf-8")[:-3] + b"\xff")
)
def test_files_of_arbitrary_bytes_read_or_raise_a_sudokit_error(data: bytes, tmp_path_factory: Any) -> None:
    path = tmp_path_factory.mktemp("bytes") / "puzzle.txt"
    path.write_bytes(data)
    try:
        read(path)
    except ParseError as exc:
        check_position(exc, data.decode("utf-8", "replace"))
    except SudokitError:
        pass


@fuzz_settings(100)
@given(st.binary(max_size=300) | st.sampled_from(SAMPLES).map(lambda s: s[1].encode("utf-8")))
def test_batch_answers_every_line_of_arbitrary_bytes(data: bytes) -> None:
    results = solve_many(data, time_limit=1.0)
    lines = data.count(b"\n") + 1
    for result in results:
        assert result.kind in KINDS
        assert 1 <= result.line <= lines
        if result.kind in ("solved", "multiple"):  # a settled answer: the solution, nothing to say
            assert result.solution is not None and result.reason is None
        else:  # no solution, or one that is no verdict (unverified, undetermined): the reason says why
            assert result.reason is not None


# ------------------------------------------------------------------------------------ size guard


def test_a_10_mb_line_is_rejected_at_once_by_every_reader() -> None:
    huge = "1" * 10_000_000
    for form in FORMATS:
        started = time.perf_counter()
        with pytest.raises(ParseError, match="longer than") as caught:
            parse_many(huge, format=form)
        assert time.perf_counter() - started < 2
        assert (caught.value.line, caught.value.column) == (1, MAX_TEXT + 1)


def test_a_line_over_the_limit_is_rejected_with_its_position_without_being_split(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    import sudokit.formats.text as text_module

    def no_split(*args: object) -> None:
        raise AssertionError("the reader split a line over the limit into cells")

    monkeypatch.setattr(text_module, "split_cells", no_split)
    good = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
    text = f"{good}\n\n{'. ' * MAX_LINE}\n{good}\n"
    for form in FORMATS:
        if form in DOCUMENTS:  # read whole by a JSON parser, not line by line: only MAX_TEXT applies
            continue
        with pytest.raises(ParseError, match=f"longer than {MAX_LINE:,} characters") as caught:
            parse_many(text, format=form)
        assert (caught.value.line, caught.value.column) == (3, MAX_LINE + 1)


def test_a_line_at_the_limit_is_read_as_usual() -> None:
    line = "." * MAX_LINE  # 512x512 cells: too many, but not too long to look at
    with pytest.raises(ParseError, match="more than the largest puzzle"):
        parse_many(line)


def test_a_file_over_the_text_limit_is_rejected_without_reading_it_all(tmp_path: Path) -> None:
    path = tmp_path / "big.txt"
    good = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......\n"
    path.write_text(good * (MAX_TEXT // len(good) + 1))
    with pytest.raises(ParseError, match="more than sudokit reads at once") as caught:
        read(path)
    assert caught.value.line == MAX_TEXT // len(good) + 1


class _CountingStream(io.BytesIO):
    """A byte stream that remembers the largest piece any one read handed out."""

    largest = 0

    def read(self, size: int | None = -1, /) -> bytes:
        data = super().read(size)
        self.largest = max(self.largest, len(data))
        return data

    def readline(self, size: int | None = -1, /) -> bytes:
        data = super().readline(size)
        self.largest = max(self.largest, len(data))
        return data


def test_batch_reports_a_10_mb_line_without_reading_it_whole() -> None:
    good = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
    stream = _CountingStream(f"{good}\n{'1' * 10_000_000}\n{good}\n".encode())
    out = io.StringIO()
    started = time.perf_counter()
    summary = solve_file(stream, out)
    assert time.perf_counter() - started < 2
    assert stream.largest <= MAX_LINE + 1
    lines = out.getvalue().splitlines()
    assert len(lines) == 3 and lines[0] == lines[2] and lines[0].startswith("4173")
    assert (
        lines[1]
        == f"! line 2: the line is longer than {MAX_LINE:,} bytes, more than any puzzle up to 64x64 needs"
    )
    assert (summary.solved, summary.invalid) == (2, 1)


@pytest.mark.parametrize("length", [MAX_LINE - 1, MAX_LINE, MAX_LINE + 1, MAX_LINE + 2, 3 * MAX_LINE])
def test_batch_blocks_keep_line_numbers_around_a_long_line(length: int) -> None:
    data = b"a\n" + b"\xc3\xa9" * (length // 2) + b"x" * (length % 2) + b"\nb\nc"
    blocks = list(read_blocks(io.BytesIO(data), 1000))
    joined = b"".join(block for block, _ in blocks)
    assert joined.split(b"\n")[2:] == [b"b", b"c"]
    assert [first for _, first in blocks][-1] <= 3
    long_line = joined.split(b"\n")[1]
    assert len(long_line) == min(length, MAX_LINE + 1)


# ---------------------------------------------------------------------------------------- the CLI


def _check_cli(args: list[str], stdin: str | None = None) -> None:
    result = CliRunner().invoke(cli, args, input=stdin)
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    # 3: a verdict the rules read cannot give (some rules of the puzzle were not read)
    assert result.exit_code in (0, 1, 2, UNDETERMINED_EXIT), (result.exit_code, result.output)
    assert "Traceback" not in result.output
    errors = [line for line in result.stderr.split("\n") if line.strip()]
    if result.exit_code:  # a one-line error, or check's verdict on stdout
        assert errors or result.stdout.strip(), result.output
    for line in errors:
        assert line.startswith(("sudokit:", "Usage:", "Error:", "Try '")), line


COMMANDS: list[Callable[[str], list[str]]] = [
    lambda source: ["solve", "--time-limit", "1", source],
    lambda source: ["check", "--time-limit", "1", source],
    lambda source: ["show", source],
]


@fuzz_settings(80)
@given(TEXT | mutated_sample().map(lambda s: s[1]), st.sampled_from(COMMANDS), st.booleans())
@example("-", COMMANDS[0], True)
@example("--", COMMANDS[2], False)
def test_cli_answers_random_text_with_a_one_line_error(
    text: str, command: Callable[[str], list[str]], stdin: bool
) -> None:
    if stdin:
        _check_cli(command("-"), text)
    else:
        _check_cli(command(text))


OPTION_VALUES = st.sampled_from(
    ["0", "-1", "9", "65", "²", "²x3", "3x²", "x", "3x3", "2x3", "0x9", "9" * 5000 + "x1"]
)


@fuzz_settings(60)
@given(
    st.sampled_from(
        ["--box", "--size", "--symbols", "--format", "--input-format", "--variant", "--time-limit", "--limit"]
    ),
    OPTION_VALUES | st.text(alphabet=st.sampled_from(NASTY), max_size=12).filter(lambda s: "\x00" not in s),
    st.sampled_from(["solve", "check", "show", "count"]),
)
@example("--box", "²x3", "solve")  # was a ValueError from int() in the --box parser
@example("--box", "9" * 5000 + "x1", "solve")  # int() refuses 4,300 digits and more
@example("--limit", "²", "count")  # was a ValueError from int() in the --limit parser
@example("--limit", "9" * 5000, "count")
def test_cli_answers_random_option_values_with_a_one_line_error(
    option: str, value: str, command: str
) -> None:
    puzzle = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
    _check_cli([command, option, value, puzzle])


# ------------------------------------------------------------------------------ found by fuzzing


def _lz_payload(first: str, codes: list[int]) -> str:
    """An lz-string base64 payload: one character, then dictionary codes, then the end mark."""
    bits: list[int] = []

    def put(value: int, width: int) -> None:
        bits.extend(value >> k & 1 for k in range(width))

    put(0, 2)
    put(ord(first), 8)
    width, enlarge = 3, 4
    for code in codes:
        put(code, width)
        enlarge -= 1
        if enlarge == 0:
            width, enlarge = width + 1, 1 << width
    put(2, width)
    bits += [0] * (-len(bits) % 6)
    alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/"
    return "".join(alphabet[int("".join(map(str, bits[k : k + 6])), 2)] for k in range(0, len(bits), 6))


def test_lz_payloads_unpack_as_lzstring_does_and_a_bomb_is_refused() -> None:
    small = _lz_payload("a", list(range(4, 40)))  # each code repeats the last entry plus a letter
    assert decompress_base64(small) == LZString().decompressFromBase64(small) == "a" * (36 * 37 // 2 + 37)
    bomb = _lz_payload("a", list(range(4, 4200)))  # 9 KB that unpack to 8.8 million characters
    assert len(bomb) < 10_000
    started = time.perf_counter()
    with pytest.raises(ParseError, match="unpacks to more than"):
        parse_many("https://www.f-puzzles.com/?load=" + bomb)
    assert time.perf_counter() - started < 2


@pytest.mark.parametrize(
    "payload",
    [
        "4IgzglgXgpiBcBOANCALhNAbO8QGUYsAzAWgGMB7AOzQEMJqYATEVOgVzQAtKAnBCA",  # lzstring: UnboundLocalError
        "N4IgzglgXgpiBcBOANCALhNAbO8QGUYsAzAWgGMB7AOzQEMJqYATEVOgVzQAtKAnBCA!",  # '!' is not base64
        "N4Ig" + "A" * 40,
    ],
)
def test_damaged_fpuzzles_payloads_are_parse_errors(payload: str) -> None:
    with pytest.raises(ParseError):
        parse_many(payload, format="fpuzzles")


def _janko(old: str, new: str) -> str:
    """The janko.at block fixture with one change."""
    return (
        (FIXTURES / "more-formats" / "x-janko-block-example.txt")
        .read_text(encoding="utf-8")
        .replace(old, new, 1)
    )


def _janko_killer(old: str, new: str) -> str:
    """The janko.at killer record (JSON Lines) with one change."""
    return (FIXTURES / "more-formats" / "killer-6x6.jsonl").read_text(encoding="utf-8").replace(old, new, 1)


def _fpuzzles(**changes: Any) -> str:
    data: dict[str, Any] = {"size": 4, "grid": [[{} for _ in range(4)] for _ in range(4)]}
    data.update(changes)
    return json.dumps(data)


@pytest.mark.parametrize(
    ("text", "form", "message"),
    [
        ('{"size": 9, "cages": [{"cells": ["r²c1"]}]}', None, "not a cell name"),  # isdigit() but not int()
        (
            '{"size": 9, "grids": {"size": 9, "box": [0, 3], "corners": [[0, 0], [6, 6]]}}',
            None,
            "do not tile",
        ),
        (
            '{"size": 9, "grids": {"size": 9, "box": [6, 3], "corners": [[0, 0], [6, 6]]}}',
            None,
            "do not tile",
        ),
        (
            '{"size": 4, "regions": [[[1], 1, 2, 2], [1, 1, 2, 2], [3, 3, 4, 4], [3, 3, 4, 4]]}',
            None,
            "regions",
        ),
        ('{"size": 4, "regions": 7}', None, "regions"),
        ('{"size": 9, "grids": {"size": 0, "corners": [[0, 0]]}}', None, '"size" must be from 2 to 64'),
        ('{"size": 1, "grids": {"corners": [[1, 0]]}}', None, '"size" must be from 2'),  # did not round-trip
        ('{"size": 9, "grids": {"size": -4, "box": null, "corners": [[0, 0]]}}', None, '"size" must be'),
        ('{"size": 100000}', None, "at most 64 symbols"),
        ('{"size": 9, "rows": 100000, "cols": 100000, "rows_and_columns": false}', None, "at most 256 rows"),
        ('{"size": 9, "grids": {"size": 9, "corners": [[0, 0], [999999999, 999999999]]}}', None, "must fit"),
        ("[" * 100_000 + "]" * 100_000, "json", "nested too deeply"),
        ('{"size": ' + "1" * 5000 + "}", None, "number too long"),  # int() refuses 4,300 digits and more
        ('{"size": ' + "1" * 5000 + "}", "fpuzzles", "number too long"),
        ('{"puzzle": "' + "." * 81 + '"}\n{"size": ' + "1" * 5000 + "}", "jsonl", "number too long"),
        ('{"puzzle": "' + "." * 81 + '"}\n' + "[" * 100_000 + "]" * 100_000, "jsonl", "nested too deeply"),
        (_fpuzzles(killercage=[{"cells": ["R1C1"], "value": "--5"}]), None, "not a sum"),
        (_fpuzzles(killercage=[{"cells": ["R1C1"], "value": "²"}]), None, "not a sum"),
        (_fpuzzles(extraregion=[{"cells": 5}]), None, '"cells" must be a list'),
        (_fpuzzles(grid=[[{"givenPencilMarks": 3}] * 4] * 4), None, '"givenPencilMarks"'),
        (_fpuzzles(grid=[[{"region": [0]}] * 4] * 4), None, '"region" must be a number'),
        ("1 2 3 4 5 6 7 8 9 10 ²", None, "cells"),  # '²' is a digit to isdigit(), not to int()
        ("#\x0cid,difficulty,puzzle\n" + "." * 81 + ",no\n", "csv", "names no puzzle column"),  # IndexError
        (_fpuzzles(killercage=[{"cells": ["R1C1"], "value": "9" * 5000}]), None, "not a sum"),
        (_janko("size 4", "size ²"), "janko", '"size" must be a whole number'),
        (_janko("size 4", "size " + "4" * 5000), "janko", '"size" must be a whole number'),
        (_janko_killer('"7", "8", "-"', '"²", "8", "-"'), "jsonl", "not a cage sum"),
        (_janko_killer('"7", "8", "-"', '"' + "7" * 5000 + '", "8", "-"'), "jsonl", "not a cage sum"),
        (_janko("4 2 3 1", "4 2 3 ²"), "janko", "symbols"),
        (
            "1" * 65 * 65,
            None,
            "more than the largest puzzle",
        ),  # 65x65: no alphabet to name, was an IndexError
    ],
)
def test_crashers_found_by_fuzzing_are_parse_errors(text: str, form: str | None, message: str) -> None:
    with pytest.raises(ParseError, match=message):
        parse_many(text, format=form)


def test_many_lines_opening_a_section_are_read_in_linear_time() -> None:
    # the [Section] search ran to the end of the text from every line starting with '[': quadratic
    text = "\n".join(["[" * 50] * 20_000)
    started = time.perf_counter()
    with pytest.raises(ParseError, match="is not a symbol"):
        parse_many(text, format="grid")
    assert time.perf_counter() - started < 2


def test_null_rows_and_columns_in_json_mean_the_default() -> None:  # was an AssertionError
    assert parse_many('{"size": 9, "rows": null, "cols": null}') == parse_many('{"size": 9}')


def test_a_missing_simple_sudoku_frame_in_empty_text_points_at_line_1() -> None:
    with pytest.raises(ParseError) as caught:
        parse_many("", format="ss")
    assert caught.value.line == 1
