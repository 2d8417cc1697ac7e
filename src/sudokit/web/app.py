"""The web app: a JSON API over sudokit (documented at /docs) and the front end that plays in the browser.

Every call that searches or reasons runs in a worker thread with a time budget, so the event loop
stays free; request bodies and puzzle texts have size limits; every error is a 4xx JSON object with a
``error`` message a person can read (and ``line``/``column`` for a parse error).
"""

from __future__ import annotations

import collections
import datetime
import functools
import json
import os
import re
import threading
from collections.abc import Callable
from importlib import resources
from typing import Annotated, Any, Literal, TypeVar

import anyio
from fastapi import FastAPI, File, Form, Request, UploadFile
from fastapi.exceptions import RequestValidationError
from fastapi.responses import FileResponse, HTMLResponse, JSONResponse, RedirectResponse, Response
from fastapi.staticfiles import StaticFiles
from pydantic import BaseModel, Field
from starlette.exceptions import HTTPException as StarletteHTTPException

from sudokit import __version__
from sudokit.errors import ParseError, SearchStopped, SudokitError
from sudokit.formats import WRITE_FORMATS, detect, dumps, natural_format, parse
from sudokit.model import EMPTY, Puzzle, cell_name
from sudokit.web.board import board_json, with_progress

MAX_BODY = 512 * 1024
"""Largest request body accepted (bytes): a 25x25 killer in JSON is about 60 KB."""
TOO_LARGE = f"the request body is larger than {MAX_BODY // 1024} KiB"
MAX_PUZZLE = 256 * 1024
"""Longest puzzle text accepted (characters)."""
MAX_PICTURE = 15 * 1024 * 1024
"""Largest upload /api/read-image accepts (bytes): a phone's photo is 2 to 8 MB."""
PICTURE_TOO_LARGE = f"the picture is larger than {MAX_PICTURE // (1024 * 1024)} MB: send a smaller one"
PICTURE_PATH = "/api/read-image"
PICTURE_SIZES = (4, 6, 8, 9, 12, 16)
"""The grid sizes the picture reader knows."""

SEARCH_SECONDS = 5.0
"""Time budget of a solve, count or uniqueness check."""
LOGIC_SECONDS = 20.0
"""Time budget of a hint, explanation or rating."""
GENERATE_SECONDS = 20.0
"""Time budget of one generated puzzle."""
MAX_BOOKLET = 24
"""Most puzzles one booklet request makes (more: ``sudokit generate --pdf``)."""
MAX_MARKS = 200_000
"""Most cells times steps for which an explanation carries every step's pencil marks (a 16x16's path)."""
CHECK_SECONDS = 1.0
"""Time budget of the uniqueness check that comes with every parse (the "as you type" answer)."""
BODY_SECONDS = 10.0
"""Time a client has to send its request body; a slower one gets 408."""
PICTURE_BODY_FACTOR = 6
"""A picture (up to MAX_PICTURE) has this many times BODY_SECONDS to arrive: a phone uploads slowly."""

STATIC = resources.files("sudokit.web").joinpath("static")

_T = TypeVar("_T")


class PuzzleRequest(BaseModel):
    """A puzzle as text in any format sudokit reads (line, grid, JSON, f-puzzles link or payload, ...)."""

    puzzle: str = Field(min_length=1, max_length=MAX_PUZZLE, description="The puzzle text.")
    size: int | None = Field(None, ge=1, le=64, description="Grid size when the text cannot tell.")
    variant: list[str] = Field(
        default_factory=list,
        max_length=4,
        description="Rules or a multi-grid layout to add (x, windoku, antiknight, samurai, butterfly, ...).",
    )
    box: tuple[int, int] | None = Field(
        None, description="Box shape (rows, columns) when the text cannot tell: [3, 2] for 3x2 boxes."
    )


class ParseRequest(PuzzleRequest):
    """A puzzle to read; ``check``: also count its solutions up to two (the verdict)."""

    check: bool = True


class SolveRequest(PuzzleRequest):
    """A puzzle to solve."""


class CountRequest(PuzzleRequest):
    """A puzzle whose solutions to count, up to ``limit``."""

    limit: int = Field(2, ge=1, le=100_000)


class HintRequest(PuzzleRequest):
    """A puzzle as the player has it: ``progress`` holds the symbol placed in each cell, or null."""

    progress: list[str | None] | None = Field(None, max_length=4096)
    stage: int = Field(3, ge=1, le=3, description="1: where to look, 2: also the technique, 3: the step.")


class VerifyRequest(PuzzleRequest):
    """A grid as the player has it: ``progress`` holds the symbol in each cell, or null."""

    progress: list[str | None] = Field(max_length=4096)


class CandidatesRequest(PuzzleRequest):
    """A puzzle whose true candidates to find, counting up to ``per_candidate`` solutions for each.

    ``progress`` (the player's symbols, or null per cell) is placed first when given.
    """

    per_candidate: int = Field(1, ge=1, le=100)
    progress: list[str | None] | None = Field(None, max_length=4096)


class GenerateRequest(BaseModel):
    """What puzzle to make (see ``sudokit.generate``)."""

    size: int = Field(9, ge=4, le=25)
    box: tuple[int, int] | None = None
    variant: list[str] = Field(default_factory=list, max_length=4)
    symmetry: str = "none"
    level: Literal["easy", "medium", "hard", "unfair", "extreme"] | None = None
    givens: str | None = Field(None, max_length=20)
    seed: int | None = Field(None, ge=0, lt=2**63)


class PdfRequest(PuzzleRequest):
    """A puzzle to print, with its solution on a page at the back when asked."""

    solution: bool = False


class BookletRequest(GenerateRequest):
    """A booklet to print: this many new puzzles of the kind asked, their solutions at the back."""

    count: int = Field(6, ge=1, le=MAX_BOOKLET)


TODAY_LEVELS = ("easy", "medium", "hard", "unfair")
"""The levels of today's puzzles."""


class RateRequest(PuzzleRequest):
    """A puzzle to rate, and the scale: ``hodoku`` (score and level) or ``se`` (Sudoku Explainer's ER)."""

    scale: Literal["hodoku", "se"] = "hodoku"


class TodayRequest(BaseModel):
    """Which of today's puzzles: a size and a level (and another day's, for yesterday's puzzle)."""

    size: Literal[4, 6, 9] = 9
    level: Literal["easy", "medium", "hard", "unfair"] = "medium"
    date: str | None = Field(None, pattern=r"^\d{4}-\d{2}-\d{2}$", description="YYYY-MM-DD; today by default")


_COUNTED_KEPT = 128
"""How many puzzles' counts the app keeps (the puzzles being played now, each counted once)."""

_counted_lock = threading.Lock()
_counted_kept: collections.OrderedDict[tuple[Puzzle, tuple[str, ...], bool], Any] = collections.OrderedDict()


def _counted(puzzle: Puzzle, time_limit: float | None) -> Any:
    """``count_solutions(puzzle, 2)``, remembered for the puzzles played now.

    The page counts a puzzle when it opens it; a hint, a solve and the check of placed digits
    ask the same again, and on a puzzle the core is slow to count (long thermometers with few
    givens) that was most of their time.  A count stopped by its time limit is not kept.  Puzzles
    are equal on their grid and givens alone, so the rules left unread are part of the key: the
    same grid read in full gets a verdict, read in part an undetermined answer.
    """
    from sudokit.solver import count_solutions

    key = (puzzle, puzzle.unread, puzzle.certain)
    with _counted_lock:
        if key in _counted_kept:
            _counted_kept.move_to_end(key)
            return _counted_kept[key]
    result = count_solutions(puzzle, 2, time_limit=time_limit)
    if result.stopped_by != "time":
        with _counted_lock:
            _counted_kept[key] = result
            while len(_counted_kept) > _COUNTED_KEPT:
                _counted_kept.popitem(last=False)
    return result


def _reference(puzzle: Puzzle, counted: Any) -> tuple[tuple[int, ...] | None, str | None]:
    """The solution the player's digits may be judged by, and whose it is.

    sudokit's own when the rules read leave exactly one solution (``"sudokit"``: a fully read puzzle's
    unique solution, or the one the rules read allow, which unread rules can only confirm); else the
    setter's solution the link carries (SudokuPad ``metadata.solution``, f-puzzles ``solution``) when it
    fits the givens and every rule read (``"setter"``); else none: several solutions under the rules
    read, and no digit can be called wrong.
    """
    first = counted.first
    if first is not None and counted.count == 1 and counted.complete and puzzle.certain:
        return tuple(first.values), "sudokit"
    setter = _setter_solution(puzzle)
    return (setter, "setter") if setter is not None else (None, None)


def _setter_solution(puzzle: Puzzle) -> tuple[int, ...] | None:
    """The setter's solution from the link, as symbol indexes, when it fits the givens and the rules read."""
    from sudokit.model import check_assignment

    text = puzzle.metadata.get("solution")
    grid = puzzle.grid
    if not text:
        return None
    tokens = list(text) if all(len(s) == 1 for s in grid.symbols) else text.split()
    if len(tokens) != len(grid.cells) or any(t not in grid.symbols for t in tokens):
        return None
    values = tuple(grid.symbols.index(t) for t in tokens)
    return values if not check_assignment(puzzle, values) else None


@functools.cache
def _library() -> list[dict[str, Any]]:
    """The bundled puzzles with what the library lists of each (title, author, size, kinds, text)."""
    from sudokit.demo import EXAMPLES

    folder = resources.files("sudokit.examples")
    found: list[dict[str, Any]] = []
    for name in EXAMPLES:
        text = folder.joinpath(name).read_text(encoding="utf-8")
        puzzle = parse(text)
        kinds = sorted({c.kind for c in puzzle.grid.constraints})
        found.append(
            {"title": name, "author": None, "size": puzzle.grid.size, "kinds": kinds, "puzzle": text}
        )
    for line in folder.joinpath("variants.jsonl").read_text(encoding="utf-8").splitlines():
        record = json.loads(line)
        found.append(
            {key: record.get(key) for key in ("title", "author", "size", "kinds")} | {"puzzle": record["url"]}
        )
    return found


class ConvertRequest(PuzzleRequest):
    """A puzzle to write in another format."""

    to: str = Field(description="One of: " + ", ".join(WRITE_FORMATS))


class RenderRequest(PuzzleRequest):
    """A puzzle to draw as SVG, with its solution when asked."""

    solution: bool = False


class ErrorBody(BaseModel):
    """What every error answers: a message a person can read (and where, for a puzzle or body not read)."""

    error: str = Field(description="What is wrong, in words.")
    line: int | None = Field(None, description="The line of the fault in the puzzle text or request body.")
    column: int | None = Field(None, description="Its column.")


def _error(status: int, message: str, **extra: Any) -> JSONResponse:
    return JSONResponse({"error": message, **extra}, status_code=status)


def _not_json(item: Any, body: Any) -> JSONResponse:
    """The error for a request body that is no JSON: what the JSON reader stopped at, and where.

    FastAPI gives the character offset alone (``0: JSON decode error``); a line and column read better.
    """
    loc = item.get("loc", ())
    offset = loc[1] if len(loc) > 1 and isinstance(loc[1], int) else None
    why = str((item.get("ctx") or {}).get("error") or "not JSON")
    if offset is None or not isinstance(body, str):
        return _error(422, f"the request body is not JSON: {why}")
    line = body.count("\n", 0, offset) + 1
    column = offset - body.rfind("\n", 0, offset)
    return _error(
        422, f"the request body is not JSON: {why} at line {line}, column {column}", line=line, column=column
    )


def _read(request: PuzzleRequest) -> Puzzle:
    return _parsed(request.puzzle, request.size, request.box, tuple(request.variant))


@functools.lru_cache(maxsize=32)
def _parsed(text: str, size: int | None, box: tuple[int, int] | None, variants: tuple[str, ...]) -> Puzzle:
    """A puzzle read once for the requests that follow on it (a player's every key press sends it).

    The grid's compiled layouts, cached on it, are then built once, not per request.
    """
    return parse(text, size=size, box=box, variants=list(variants))


def for_page(message: str | None) -> str | None:
    """A library message in the page's words: the page has a box-shape choice, not ``--box``."""
    if message is None:
        return None
    message = re.sub(r"try --box (\d+)x(\d+)", r"choose \1x\2 boxes", message)
    return re.sub(r"; parse_many reads them all$", ": paste one at a time", message)


def _attachment(name: str) -> dict[str, str]:
    """The headers of a file the browser saves (a PDF)."""
    return {"Content-Disposition": f'attachment; filename="{name}"'}


def _symbols(puzzle: Puzzle, values: tuple[int, ...]) -> list[str]:
    return [puzzle.grid.symbols[v] for v in values]


def create_app(
    *,
    search_seconds: float = SEARCH_SECONDS,
    logic_seconds: float = LOGIC_SECONDS,
    generate_seconds: float = GENERATE_SECONDS,
    body_seconds: float = BODY_SECONDS,
) -> FastAPI:
    """The ASGI app: the JSON API under /api, the front end at /.

    The time budgets bound each kind of call (a test server may use smaller ones).  The work runs in
    as many threads as there are cores, no more: with dozens of threads holding the GIL by turns the
    event loop would wait its turn behind each of them, and answer even /api/health late.
    """
    searches = anyio.CapacityLimiter(os.cpu_count() or 2)
    reasoning = anyio.CapacityLimiter(os.cpu_count() or 2)

    async def run_in_threadpool(work: Callable[[], _T], *, logic: bool = False) -> _T:
        """Run work in a thread; searches (quick, compiled) and logic (slow, Python) queue apart.

        So a solve never waits behind a line of hints.
        """
        return await anyio.to_thread.run_sync(work, limiter=reasoning if logic else searches)

    app = FastAPI(
        title="sudokit",
        version=__version__,
        description="Solve, count, explain, hint, rate, generate and convert Sudoku puzzles of every kind.",
        docs_url=None,  # Swagger UI and ReDoc load from a CDN: /docs is served below, offline
        redoc_url=None,
        responses={
            "4XX": {"model": ErrorBody, "description": "The request cannot be answered: why, in words."}
        },
    )

    @app.exception_handler(ParseError)
    async def parse_error(_request: Request, exc: ParseError) -> JSONResponse:
        return _error(400, for_page(str(exc)) or "", line=exc.line, column=exc.column)

    @app.exception_handler(SudokitError)
    async def sudokit_error(_request: Request, exc: SudokitError) -> JSONResponse:
        from sudokit.generator import GenerationError

        status = 408 if isinstance(exc, SearchStopped) else 422 if isinstance(exc, GenerationError) else 400
        return _error(status, for_page(str(exc)) or "")

    @app.exception_handler(StarletteHTTPException)
    async def http_error(_request: Request, exc: StarletteHTTPException) -> JSONResponse:
        return _error(exc.status_code, str(exc.detail).lower())

    @app.exception_handler(RequestValidationError)
    async def invalid(_request: Request, exc: RequestValidationError) -> JSONResponse:
        problems = []
        for item in exc.errors():
            if item.get("type") == "json_invalid":
                return _not_json(item, exc.body)
            if tuple(item.get("loc", ())) == ("body",):  # the body as a whole: absent, or no object
                missing = item.get("type") == "missing"
                problems.append(
                    "the request body is empty: send a JSON object"
                    if missing
                    else f"the request body is not a JSON object: {item.get('msg', 'invalid')}"
                )
                continue
            where = ".".join(str(part) for part in item.get("loc", ()) if part != "body")
            if where == "puzzle" and item.get("type") == "string_too_short":
                problems.append("no puzzle was sent: open a puzzle, or type its givens and press Play")
                continue
            if where == "file" and item.get("type") == "missing":
                problems.append("no picture was sent: send it as the form field 'file'")
                continue
            problems.append(f"{where}: {item.get('msg', 'invalid')}" if where else str(item.get("msg")))
        return _error(422, "; ".join(problems) or "invalid request")

    @app.get("/", include_in_schema=False)
    async def index() -> FileResponse:
        return FileResponse(str(STATIC.joinpath("index.html")), media_type="text/html")

    reference: list[str] = []  # the page, rendered once on first request (every route is known by then)

    @app.get("/docs", include_in_schema=False)
    async def docs() -> HTMLResponse:
        """The API reference, rendered here from the OpenAPI schema: it loads nothing from elsewhere."""
        from sudokit.web.reference import reference_page

        if not reference:
            reference.append(reference_page(app.openapi()))
        return HTMLResponse(reference[0])

    @app.get("/redoc", include_in_schema=False)
    async def redoc() -> RedirectResponse:
        """FastAPI's other reference page's address: the one page at /docs."""
        return RedirectResponse("/docs", status_code=308)

    app.mount("/static", StaticFiles(directory=str(STATIC)), name="static")
    app.add_middleware(BodyTimeout, seconds=body_seconds)

    @app.get("/api/health")
    async def health() -> dict[str, str]:
        """The app is up (and which sudokit serves it)."""
        return {"status": "ok", "version": __version__}

    @app.post("/api/parse")
    async def parse_puzzle(request: ParseRequest) -> dict[str, Any]:
        """Read a puzzle: its format, the board to draw, and whether it has no, one or several solutions."""

        def work() -> dict[str, Any]:
            puzzle = _read(request)
            read = {
                "format": detect(request.puzzle),
                "board": board_json(puzzle),
                "solutions": None,
                "reason": None,
                "givens": puzzle.clue_count,
                "line": _line(puzzle),
                "warning": puzzle.warning,
            }
            if not request.check:  # the board at once; the page asks for the verdict next
                return read
            result = _counted(puzzle, CHECK_SECONDS)
            verdict = {"no solution": "none"}.get(result.verdict, result.verdict)
            return {
                **read,
                "solutions": verdict,
                "count": result.count,
                "complete": result.complete,
                "reason": for_page(result.reason),
            }

        return await run_in_threadpool(work)

    @app.post("/api/solve")
    async def solve(request: SolveRequest) -> dict[str, Any]:
        """A solution, and whether it is the only one."""

        def work() -> dict[str, Any]:
            puzzle = _read(request)
            result = _counted(puzzle, search_seconds)
            first = result.first
            reference, whose = _reference(puzzle, result)
            shown = reference if whose == "setter" else first.values if first is not None else None
            return {
                "status": result.solve_status,
                "verdict": result.verdict,
                "solution": _symbols(puzzle, shown) if shown is not None else None,
                # "setter": the solution shown is the one the link carries (sudokit's reading of the
                # rules is incomplete and allows more than one), so checks may use it
                "whose": whose,
                "unknowns": first.unknown_rows() if first is not None else {},
                "unknown_drawing": first.unknown_drawing() if first is not None else [],
                "unique": result.unique if result.verdict in ("unique", "several") else None,
                # the rules read leave this one solution: the puzzle's, if it has one
                "only": whose == "sudokit",
                "reason": for_page(result.reason),
                "seconds": round(result.seconds, 6),
                "warning": puzzle.warning,
                "unread": list(puzzle.unread),
            }

        return await run_in_threadpool(work)

    @app.post("/api/count")
    async def count(request: CountRequest) -> dict[str, Any]:
        """Count solutions up to ``limit``."""

        def work() -> dict[str, Any]:
            from sudokit.solver import count_solutions

            result = count_solutions(_read(request), request.limit, time_limit=search_seconds)
            return {
                "count": result.count,
                "complete": result.complete,
                "stopped_by": result.stopped_by,
                "unique": result.unique,
                "verdict": result.verdict,
                "reason": for_page(result.reason),
                "warning": result.warning,
                "unread": list(result.puzzle.unread),
            }

        return await run_in_threadpool(work)

    @app.post("/api/audit")
    async def audit_puzzle(request: SolveRequest) -> dict[str, Any]:
        """The setter's check: two differing solutions, or the givens and constraints that could go."""

        def work() -> dict[str, Any]:
            from sudokit.setter import audit

            puzzle = _read(request)
            found = audit(puzzle, time_limit=search_seconds)
            grid = puzzle.grid
            return {
                "count": found.count,
                "solutions": [_symbols(puzzle, s.values) for s in found.solutions],
                "differing": list(found.differing),
                "differing_names": [cell_name(grid.cells[c]) for c in found.differing],
                "redundant_givens": [cell_name(grid.cells[c]) for c in found.redundant_givens],
                "redundant_constraints": list(found.redundant_constraints),
                "complete": found.complete,
                "determined": puzzle.determined or (found.count == 0 and puzzle.certain),
                "warning": puzzle.warning,
            }

        return await run_in_threadpool(work)

    @app.post("/api/verify")
    async def verify(request: VerifyRequest) -> dict[str, Any]:
        """The rules a (partly) filled grid breaks, by each rule's own meaning, and whether it is solved.

        A rule is broken as soon as no filling of the empty cells meets it with the digits entered
        (:mod:`sudokit.conflicts`: a repeat or an unreachable sum in a cage, a thermometer out of
        order, an anti-knight pair), a symbol repeated in a house at once.  ``solved`` is true for a
        full grid that breaks nothing; ``warning`` then names the rules the puzzle has that were not
        read (the grid was checked without them).
        """

        def work() -> dict[str, Any]:
            from sudokit.conflicts import broken_rules
            from sudokit.model import check_assignment

            puzzle = _read(request)
            playing, _ = with_progress(puzzle, request.progress)
            grid, values = puzzle.grid, playing.givens
            broken = [
                {"rule": found.constraint.describe(grid), "cells": list(found.cells)}
                for found in broken_rules(puzzle, values)
            ]
            # a symbol twice in a house, named by the house, before the grid is full
            repeats: dict[tuple[str, int], list[int]] = {}
            for unit, a, b in playing.conflicts():
                if unit in grid.houses:
                    cells = repeats.setdefault((unit.name, values[a]), [a])
                    cells.append(b)
            for (house, symbol), cells in repeats.items():
                broken.append({"rule": f"{house} (a second {grid.symbols[symbol]})", "cells": cells})
            complete = EMPTY not in values
            faults = check_assignment(puzzle, values) if complete else []
            # with rules unread, a full grid keeping the rules read is solved when it is the setter's
            setter = complete and not faults and puzzle.warning is not None
            setter = setter and values == _setter_solution(puzzle)
            return {
                "complete": complete,
                "solved": complete and not faults,
                "setter": setter,
                "broken": broken,
                "faults": faults,
                "warning": puzzle.warning,
            }

        return await run_in_threadpool(work)

    @app.post("/api/candidates")
    async def candidates(request: CandidatesRequest) -> dict[str, Any]:
        """True candidates: for each cell, the symbols it holds in at least one solution."""

        def work() -> dict[str, Any]:
            from sudokit.model import symbols_of_mask
            from sudokit.solver import true_candidates

            puzzle, _ = with_progress(_read(request), request.progress)
            found = true_candidates(puzzle, per_candidate=request.per_candidate, time_limit=search_seconds)
            return found.as_dict() | {
                "cells": [symbols_of_mask(mask) for mask in found.candidates],
                "warning": puzzle.warning,
            }

        return await run_in_threadpool(work)

    @app.post("/api/hint")
    async def hint(request: HintRequest) -> dict[str, Any]:
        """The next logical step for the puzzle as the player has it; a wrong placed symbol first."""

        def work() -> dict[str, Any]:
            from sudokit.logic import hint as next_hint

            puzzle = _read(request)
            playing, placed = with_progress(puzzle, request.progress)
            counted = _counted(puzzle, search_seconds)
            # a digit is called wrong only against the puzzle's own solution: sudokit's when the rules
            # read leave one, else the setter's from the link; never one of several
            reference, whose = _reference(puzzle, counted)
            known = reference if counted.unique or whose == "setter" else None
            if placed and reference is not None:
                wrong = [c for c in placed if reference[c] != playing.givens[c]]
                if wrong:
                    names = [cell_name(puzzle.grid.cells[c]) for c in wrong]
                    against = " (by the setter's solution)" if whose == "setter" else ""
                    return {
                        "complete": False,
                        "wrong": wrong,
                        "text": f"{', '.join(names)} {'is' if len(names) == 1 else 'are'} not right{against}",
                    }
            # the puzzle's one solution, which the placed digits agree with, is the progress's too
            found = next_hint(playing, time_limit=logic_seconds, known=known)
            if found is None:
                return {"complete": True, "text": "the grid is complete"}
            advice, board = found
            grid = puzzle.grid
            # the houses stage 1 names ("Look at box 4"), for the page to shade
            where = [h for h in grid.houses if re.search(rf"\b{re.escape(h.name)}\b", advice.where)]
            return {
                "complete": False,
                "wrong": [],
                "where_cells": sorted({c for h in where for c in h.cells}),
                "text": advice.stage(request.stage),
                "stages": [advice.stage(1), advice.stage(2), advice.stage(3)],
                "step": _step_json(advice.step, board, marks=True),
                "unique": board.unique,
            }

        return await run_in_threadpool(work, logic=True)

    @app.post("/api/rate")
    async def rate(request: RateRequest) -> dict[str, Any]:
        """A puzzle's rating on a scale: HoDoKu's score and level, or Sudoku Explainer's ER/EP/ED."""

        def work() -> dict[str, Any]:
            from sudokit.logic import rate as rating_of

            puzzle = _read(request)
            if request.scale == "se":
                return {"scale": "se", **rating_of(puzzle, time_limit=logic_seconds, scale="se").as_dict()}
            return {"scale": "hodoku", **rating_of(puzzle, time_limit=logic_seconds).as_dict()}

        return await run_in_threadpool(work, logic=True)

    @app.post("/api/explain")
    async def explain(request: PuzzleRequest) -> dict[str, Any]:
        """The whole human-style path: every step with its cells, and the rating."""

        def work() -> dict[str, Any]:
            from sudokit.logic import explain as path_of
            from sudokit.logic.board import Board

            puzzle = _read(request)
            path = path_of(puzzle, time_limit=logic_seconds)
            board = Board.from_puzzle(puzzle)
            data = path.as_dict()
            marks = len(puzzle.grid.cells) * len(path.steps) <= MAX_MARKS
            steps = []
            for step in path.steps:  # replayed, so each step carries the pencil marks it starts from
                steps.append(_step_json(step, board, marks=marks))
                for cell, digit in step.placements:
                    board.place(cell, digit)
                board.delete(step.eliminations)
            data["steps"] = steps
            return data

        return await run_in_threadpool(work, logic=True)

    @app.post("/api/generate")
    async def generate(request: GenerateRequest) -> dict[str, Any]:
        """A new puzzle with one solution (see ``sudokit generate``)."""

        def work() -> dict[str, Any]:
            from sudokit.generator import generate as make

            made = make(
                request.size,
                seed=request.seed,
                box=request.box,
                variant=request.variant,
                symmetry=request.symmetry,
                level=request.level,
                givens=request.givens,
                rate=True,
                time_limit=generate_seconds,
            )
            return _made_json(made)

        return await run_in_threadpool(work, logic=True)

    @app.post(
        "/api/pdf",
        response_class=Response,
        responses={200: {"content": {"application/pdf": {}}, "description": "The PDF."}},
    )
    async def pdf(request: PdfRequest) -> Response:
        """The puzzle as a PDF to print (and its solution at the back when asked and found)."""

        def work() -> bytes:
            from sudokit.pdf import render_pdf

            puzzle = _read(request)
            solutions = None
            if request.solution:
                counted = _counted(puzzle, search_seconds)
                reference, _ = _reference(puzzle, counted)
                solutions = [reference]
            return render_pdf([puzzle], solutions, title=puzzle.metadata.get("title"))

        data = await run_in_threadpool(work)
        return Response(data, media_type="application/pdf", headers=_attachment("sudokit-puzzle.pdf"))

    @app.post(
        "/api/booklet",
        response_class=Response,
        responses={200: {"content": {"application/pdf": {}}, "description": "The PDF."}},
    )
    async def booklet(request: BookletRequest) -> Response:
        """A booklet of new puzzles with their solutions at the back, as a PDF to print."""

        def work() -> bytes:
            from sudokit.generator import generate as make
            from sudokit.pdf import render_pdf

            made = [
                make(
                    request.size,
                    seed=None if request.seed is None else request.seed + k,
                    box=request.box,
                    variant=request.variant,
                    symmetry=request.symmetry,
                    level=request.level,
                    givens=request.givens,
                    time_limit=generate_seconds,
                )
                for k in range(request.count)
            ]
            return render_pdf([m.puzzle for m in made], [m.solution.values for m in made], "sudokit booklet")

        data = await run_in_threadpool(work, logic=True)
        return Response(data, media_type="application/pdf", headers=_attachment("sudokit-booklet.pdf"))

    @app.get("/api/library")
    async def library() -> dict[str, Any]:
        """The bundled puzzles, by size and kind: the demo's examples and setters' variant puzzles."""
        return {"puzzles": _library(), "levels": list(TODAY_LEVELS)}

    @app.post("/api/today")
    async def today(request: TodayRequest) -> dict[str, Any]:
        """Today's puzzle of a size and level: made from the date as the seed, the same for everyone."""

        def work() -> dict[str, Any]:
            from sudokit.generator import generate as make

            day = request.date or datetime.date.today().isoformat()
            seed = int(day.replace("-", "")) * 1000 + request.size * 10 + TODAY_LEVELS.index(request.level)
            made = make(
                request.size,
                seed=seed,
                symmetry="rot180",
                level=request.level,
                rate=True,
                time_limit=generate_seconds,
            )
            return {
                **_made_json(made),
                "date": day,
            }

        return await run_in_threadpool(work, logic=True)

    @app.post("/api/convert")
    async def convert(request: ConvertRequest) -> dict[str, str]:
        """The puzzle written in another format."""
        if request.to not in WRITE_FORMATS:
            return _error(400, f"unknown format {request.to!r} (known: {', '.join(WRITE_FORMATS)})")  # type: ignore[return-value]
        return {"format": request.to, "text": dumps(_read(request), request.to)}

    @app.post(
        "/api/render",
        response_class=Response,
        responses={200: {"content": {"image/svg+xml": {}}, "description": "The SVG drawing."}},
    )
    async def render(request: RenderRequest) -> Response:
        """The puzzle drawn as SVG (and its solution, when asked)."""

        def work() -> str:
            from sudokit.solver import solve as solve_puzzle
            from sudokit.svg import render_svg

            puzzle = _read(request)
            values = None
            if request.solution:
                result = solve_puzzle(puzzle, time_limit=search_seconds)
                values = result.solution.values if result.solution is not None else None
            return render_svg(puzzle, values)

        return Response(await run_in_threadpool(work), media_type="image/svg+xml")

    @app.post(
        PICTURE_PATH,
        response_model=None,
        responses={
            413: {"model": ErrorBody, "description": "The picture is larger than MAX_PICTURE (15 MB)."},
            422: {"model": ErrorBody, "description": "Not a picture, or no grid found in it."},
        },
    )
    async def read_image(
        file: Annotated[
            UploadFile, File(description="The photo or screenshot (JPEG, PNG, WebP, GIF, TIFF).")
        ],
        size: Annotated[
            int | None,
            Form(
                description="The grid's side (4, 6, 8, 9, 12 or 16); without it the picture's lines decide."
            ),
        ] = None,
    ) -> dict[str, Any] | JSONResponse:
        """Read a puzzle from a photo or screenshot: each cell's likely symbols and the cells to check.

        The answer is the reading (``sudokit.image``): the grid's ``corners`` in the picture's pixels
        (top left, top right, bottom right, bottom left), each cell's ``cells`` choices with their
        probabilities, likeliest first, the symbols ``read``, the ``unsure`` cells to check, whether the
        reading has one solution (``unique``); and ``puzzle`` and ``board``, the reading as the page
        plays it.  Not a picture, or no grid in it: 422.
        """
        if size is not None and size not in PICTURE_SIZES:
            sizes = ", ".join(str(n) for n in PICTURE_SIZES[:-1]) + f" or {PICTURE_SIZES[-1]}"
            return _error(422, f"size: the picture reader knows grids of {sizes} cells a side, not {size}")
        data = await file.read()
        if not data:
            return _error(422, "the file is empty: send a photo or screenshot of a puzzle")
        if len(data) > MAX_PICTURE:
            return _error(413, PICTURE_TOO_LARGE)

        def work() -> dict[str, Any] | JSONResponse:
            try:
                from sudokit.image.read import ImageReadError, read_picture
            except ImportError:
                return _error(501, "this server cannot read pictures: it needs pip install 'sudokit[image]'")
            try:
                reading = read_picture(data, size=size)
            except ImageReadError as exc:
                return _error(422, str(exc))
            # the puzzle as read, without the reader's note on its unsure cells: the page shows those
            # cells, and the player confirms or corrects each before playing
            plain = Puzzle(reading.puzzle.grid, reading.puzzle.givens)
            return {**reading.as_json(), "puzzle": _text(plain), "board": board_json(plain)}

        return await run_in_threadpool(work, logic=True)

    return app


class BodyTimeout:
    """ASGI middleware: the request body is read first, within ``seconds`` and MAX_BODY bytes.

    A body announced larger than MAX_BODY gets 413 at once.

    A client that sends it more slowly gets 408 (without this, one byte a minute would hold a
    connection and a request for ever); a body that grows past MAX_BODY without announcing its length
    gets 413.  The app then reads the body from memory.  A picture sent to PICTURE_PATH may be up to
    MAX_PICTURE bytes and has PICTURE_BODY_FACTOR times as long.
    """

    def __init__(self, app: Any, seconds: float) -> None:
        """Wrap ``app``."""
        self.app = app
        self.seconds = seconds

    async def __call__(self, scope: Any, receive: Any, send: Any) -> None:
        """Read the body under the bounds, then pass the request on."""
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        picture = scope.get("path") == PICTURE_PATH
        limit, too_large = (MAX_PICTURE, PICTURE_TOO_LARGE) if picture else (MAX_BODY, TOO_LARGE)
        seconds = self.seconds * PICTURE_BODY_FACTOR if picture else self.seconds
        for name, value in scope.get("headers", ()):
            if name == b"content-length" and (not value.isdigit() or int(value) > limit):
                await _send_error(send, 413, too_large)  # refused before a byte of it is read
                return
        chunks: list[bytes] = []
        size = 0
        try:
            with anyio.fail_after(seconds):
                while True:
                    message = await receive()
                    if message["type"] != "http.request":
                        break
                    chunks.append(message.get("body", b""))
                    size += len(chunks[-1])
                    if size > limit:
                        await _send_error(send, 413, too_large)
                        return
                    if not message.get("more_body", False):
                        break
        except TimeoutError:
            await _send_error(send, 408, "the request body took too long to arrive")
            return
        replayed = False

        async def replay() -> Any:
            nonlocal replayed
            if not replayed:
                replayed = True
                return {"type": "http.request", "body": b"".join(chunks), "more_body": False}
            return await receive()

        await self.app(scope, replay, send)


async def _send_error(send: Any, status: int, message: str) -> None:
    """A JSON error response sent straight through ASGI (before the app has seen the request)."""
    body = JSONResponse({"error": message}).body
    headers = [(b"content-type", b"application/json"), (b"connection", b"close")]
    await send({"type": "http.response.start", "status": status, "headers": headers})
    await send({"type": "http.response.body", "body": body})


def _line(puzzle: Puzzle) -> str | None:
    """The one-line form when it holds the whole puzzle, for links; else None."""
    try:
        text = dumps(puzzle, "line").strip()
    except SudokitError:
        return None
    return text if "\n" not in text else None


def _text(puzzle: Puzzle) -> str:
    """A text that reads back as the same puzzle, in the plainest format that holds its rules."""
    return dumps(puzzle, natural_format(puzzle)).strip()


def _made_json(made: Any) -> dict[str, Any]:
    """A generated puzzle as the page takes it: its text, board, seed, givens and rating."""
    return {
        "puzzle": _text(made.puzzle),
        "board": board_json(made.puzzle),
        "seed": made.seed,
        "givens": made.givens,
        "minimal": made.minimal,
        "rating": made.rating.as_dict() if made.rating is not None else None,
    }


def _step_json(step: Any, board: Any, *, marks: bool = False) -> dict[str, Any]:
    """A step as JSON, with cell indexes for drawing it on the board.

    ``marks``: also the pencil marks as they stand before the step (``candidates``: the symbol
    indexes of each empty cell, an empty list for a filled one), which the page shows with the step.
    """
    data: dict[str, Any] = step.as_dict(board)
    data["cell_indexes"] = list(step.cells)
    data["placed"] = [[c, d] for c, d in step.placements]
    data["eliminated"] = [[c, d] for c, d in step.eliminations]
    data["digit_indexes"] = list(step.digits)
    data["rule_indexes"] = step.rule_cells
    if marks:
        data["candidates"] = [
            [d for d in range(board.n) if mask >> d & 1] if board.value[c] == EMPTY else []
            for c, mask in enumerate(board.cand)
        ]
    return data
