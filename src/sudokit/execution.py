"""Where the work of many-puzzle commands runs: threads on this machine, or a Dask cluster.

One small interface serves ``batch``, split counting, ``generate`` and ``rate``: an :class:`Executor`
takes a function and its arguments and gives back a :class:`Job`, which is polled and waited on, and
:func:`ordered_map` runs a function over many items with their results in input order.  Locally the
compiled work (batch, counts) runs in threads: the core releases the GIL, so threads use every core
with no copying of inputs; the Python-heavy work (making and rating puzzles) runs in processes.
With ``--cluster`` it runs on Dask workers (``tcp://host:8786`` for a running scheduler, ``local:N``
for a scheduler and N worker processes started here, see :class:`LocalCluster`); Dask reschedules the
tasks of a worker that dies, and callers collect results in order, so no piece is lost or counted
twice.  Dask is optional: ``pip install 'sudokit[cluster]'``.
"""

from __future__ import annotations

import asyncio
import contextlib
import importlib
import json
import multiprocessing
import os
import queue
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
from collections import deque
from collections.abc import Callable, Iterable, Iterator
from concurrent.futures import Future, InvalidStateError, ThreadPoolExecutor
from concurrent.futures import wait as wait_futures
from types import TracebackType
from typing import Any, Generic, TypeVar

from sudokit.errors import SudokitError

T = TypeVar("T")

CLUSTER_EXTRA = "pip install 'sudokit[cluster]'"
"""How to get Dask, for the error that says it is missing."""


CONNECT_SECONDS = 10.0
"""How long to try to reach a scheduler (and to wait for a disconnection)."""
WORKER_WAIT_SECONDS = 60.0
"""How long to wait for the first worker (every worker of ``local:N``) to join the scheduler."""


class ClusterError(SudokitError):
    """A cluster address that is malformed or cannot be reached, or Dask missing."""


class Job(Generic[T]):
    """A piece of work handed to an executor: poll it, wait for it, take its result, or cancel it."""

    def __init__(self, future: Any, waiter: Callable[[Any, float | None], None]) -> None:
        self.future = future
        self._waiter = waiter

    def done(self) -> bool:
        """Whether the work has finished (or failed, or was cancelled)."""
        return bool(self.future.done())

    def wait(self, timeout: float | None = None) -> bool:
        """Wait up to ``timeout`` seconds (None: until it is done); whether it is done."""
        self._waiter(self.future, timeout)
        return self.done()

    def result(self) -> T:
        """The function's value; raises what it raised."""
        return self.future.result()  # type: ignore[no-any-return]

    def cancel(self) -> bool:
        """Stop it if it has not finished; whether it was stopped (a finished job keeps its result)."""
        if self.future.done():
            return False
        return bool(self.future.cancel())

    def succeeded(self) -> bool:
        """Done, not cancelled, and without an exception."""
        if not self.done() or self.future.cancelled():
            return False
        return self.future.exception() is None


class Completions(Generic[T]):
    """Jobs in flight, handed back in the order they finish (each job's done callback queues it)."""

    def __init__(self) -> None:
        self._finished: queue.SimpleQueue[Job[T]] = queue.SimpleQueue()
        self.running: set[Job[T]] = set()

    def add(self, job: Job[T]) -> None:
        """Watch a job."""
        self.running.add(job)
        job.future.add_done_callback(lambda _future: self._finished.put(job))

    def next(self, timeout: float | None = None) -> Job[T] | None:
        """The next job to finish, waiting up to ``timeout`` seconds; None if none finished by then."""
        try:
            job = self._finished.get(timeout=timeout)
        except queue.Empty:
            return None
        self.running.discard(job)
        return job

    def __len__(self) -> int:
        return len(self.running)


class Executor:
    """Runs functions somewhere and hands back :class:`Job` objects.  Use it as a context manager."""

    workers: int = 1
    """How many pieces of work run at once."""
    remote: bool = False
    """True when work runs in other processes: functions and arguments must pickle, and share nothing."""

    def submit(self, fn: Callable[..., T], /, *args: Any) -> Job[T]:
        """Start ``fn(*args)``."""
        raise NotImplementedError

    def reads(self, location: str) -> bool:
        """Whether the workers can open ``location`` (a path or URL) themselves."""
        return False

    def close(self, wait: bool = True) -> None:
        """Release the workers; ``wait``: let running work finish first."""

    def __enter__(self) -> Executor:
        return self

    def __exit__(
        self, kind: type[BaseException] | None, value: BaseException | None, traceback: TracebackType | None
    ) -> None:
        self.close(wait=kind is None)


def _wait_thread(future: Future[Any], timeout: float | None) -> None:
    wait_futures([future], timeout=timeout)


class ThreadExecutor(Executor):
    """Threads of this process: for the compiled core, which runs without the GIL."""

    def __init__(self, workers: int, prefix: str = "sudokit-worker") -> None:
        """``workers`` threads, named ``prefix_N`` (so that a caller can find and join them)."""
        self.workers = max(1, workers)
        self.pool = ThreadPoolExecutor(max_workers=self.workers, thread_name_prefix=prefix)

    def submit(self, fn: Callable[..., T], /, *args: Any) -> Job[T]:
        """Start ``fn(*args)`` on a pool thread."""
        return Job(self.pool.submit(fn, *args), _wait_thread)

    def close(self, wait: bool = True) -> None:
        """Shut the pool down; without ``wait``, queued work is dropped."""
        self.pool.shutdown(wait=wait, cancel_futures=not wait)


def _dask() -> Any:
    """The ``distributed`` module (untyped: it is used through a few calls only)."""
    return importlib.import_module("distributed")


def _ignore_interrupts() -> None:
    """Worker processes leave Ctrl-C to the parent, which stops them."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)


class ProcessExecutor(Executor):
    """Worker processes on this machine: for Python-heavy work (making and rating puzzles).

    A :mod:`multiprocessing` pool, because it can be stopped at once (``terminate``) when the caller
    stops, which a ``ProcessPoolExecutor`` cannot do cleanly.
    """

    remote = True

    def __init__(self, workers: int) -> None:
        """``workers`` processes; they ignore Ctrl-C (the parent stops them)."""
        self.workers = max(1, workers)
        self.pool = multiprocessing.Pool(self.workers, initializer=_ignore_interrupts)

    def reads(self, location: str) -> bool:
        """Processes of this machine read its files (and URLs)."""
        return True

    def submit(self, fn: Callable[..., T], /, *args: Any) -> Job[T]:
        """Start ``fn(*args)`` in a worker process (function and arguments pickled)."""
        future: Future[T] = Future()

        def settle(outcome: Any, fail: bool = False) -> None:
            with contextlib.suppress(InvalidStateError):  # cancelled meanwhile: nobody wants it
                if fail:
                    future.set_exception(outcome)
                else:
                    future.set_result(outcome)

        self.pool.apply_async(fn, args, callback=settle, error_callback=lambda error: settle(error, True))
        return Job(future, _wait_thread)

    def close(self, wait: bool = True) -> None:
        """Let the work finish and end the processes; without ``wait``, end them at once."""
        if wait:
            self.pool.close()
        else:
            self.pool.terminate()
        self.pool.join()


def ordered_map(
    executor: Executor, fn: Callable[[Any], T], items: Iterable[Any], window: int = 0
) -> Iterator[T]:
    """``fn(item)`` for each item on the executor's workers, yielded in input order.

    At most ``window`` items (default four per worker) are in flight, so a long input is never held
    whole.  Leaving the loop early (an error, Ctrl-C) cancels what has not started.
    """
    window = window or 4 * executor.workers
    pending: deque[Job[T]] = deque()
    try:
        for item in items:
            pending.append(executor.submit(fn, item))
            if len(pending) >= window:
                yield _next_in_order(pending)
        while pending:
            yield _next_in_order(pending)
    finally:
        for job in pending:
            job.cancel()


def _next_in_order(pending: deque[Job[T]]) -> T:
    """The oldest job's result, waited for in short steps so that Ctrl-C is seen."""
    job = pending[0]
    while not job.wait(0.1):
        pass
    pending.popleft()
    return job.result()


def _wait_dask(future: Any, timeout: float | None) -> None:
    # a timeout, or the task's own error or cancellation, which result() raises again when asked
    with contextlib.suppress(Exception, asyncio.CancelledError):
        future.result(timeout=timeout)


class LocalCluster:
    """A Dask scheduler and N single-threaded workers (each under a nanny) in processes of their own.

    They run in a session of their own, so a Ctrl-C at the terminal reaches this process only, which
    then stops them; and as plain subprocesses (``python -m distributed.cli...``) they never import
    the caller's ``__main__`` again, as spawned multiprocessing workers would.
    """

    def __init__(self, workers: int) -> None:
        """Start the scheduler and the workers (they join it on their own)."""
        self.folder = tempfile.mkdtemp(prefix="sudokit-dask-")
        self.processes: list[subprocess.Popen[bytes]] = []
        scheduler_file = os.path.join(self.folder, "scheduler.json")
        quiet = {"stdout": subprocess.DEVNULL, "stderr": subprocess.DEVNULL, "start_new_session": True}
        self._start(
            [
                "distributed.cli.dask_scheduler",
                "--host",
                "127.0.0.1",
                "--port",
                "0",
                "--no-dashboard",
                "--scheduler-file",
                scheduler_file,
            ],
            quiet,
        )
        deadline = time.monotonic() + WORKER_WAIT_SECONDS
        while not os.path.exists(scheduler_file) or not os.path.getsize(scheduler_file):
            if self.processes[0].poll() is not None or time.monotonic() > deadline:
                self.close()
                raise ClusterError("the local Dask scheduler did not start")
            time.sleep(0.05)
        time.sleep(0.05)  # the file is written in one go, but give its writer a moment to finish
        with open(scheduler_file, encoding="utf-8") as handle:
            self.address = str(json.load(handle)["address"])
        for _ in range(workers):
            self._start(
                [
                    "distributed.cli.dask_worker",
                    self.address,
                    "--nthreads",
                    "1",
                    "--no-dashboard",
                    "--local-directory",
                    self.folder,
                ],
                quiet,
            )

    def _start(self, command: list[str], options: dict[str, Any]) -> None:
        self.processes.append(subprocess.Popen([sys.executable, "-m", *command], **options))

    def close(self) -> None:
        """Stop every process (SIGTERM, then SIGKILL after a few seconds) and remove the folder."""
        for process in self.processes:
            with contextlib.suppress(ProcessLookupError, PermissionError):
                os.killpg(process.pid, signal.SIGTERM)
        deadline = time.monotonic() + 5
        for process in self.processes:
            try:
                process.wait(max(0.1, deadline - time.monotonic()))
            except subprocess.TimeoutExpired:
                with contextlib.suppress(ProcessLookupError, PermissionError):
                    os.killpg(process.pid, signal.SIGKILL)
                process.wait()
        self.processes = []
        shutil.rmtree(self.folder, ignore_errors=True)


class DaskExecutor(Executor):
    """Dask workers: a running scheduler (``tcp://host:port``) or a local cluster (``local:N``)."""

    remote = True

    def __init__(self, address: str) -> None:
        """Connect to the scheduler at ``address``, or start ``local:N``; raises :class:`ClusterError`."""
        try:
            dask = _dask()
        except ImportError:
            raise ClusterError(f"--cluster needs Dask, which is not installed: {CLUSTER_EXTRA}") from None
        self.cluster: LocalCluster | None = None
        self.client: Any = None
        workers = _local_workers(address)
        try:
            if workers is not None:
                self.cluster = LocalCluster(workers)
                target = self.cluster.address
            else:
                _reachable(dask, address)
                target = address
            self.client = dask.Client(target, timeout=CONNECT_SECONDS, set_as_default=False)
            self.client.wait_for_workers(workers or 1, timeout=WORKER_WAIT_SECONDS)
        except (OSError, ValueError, TypeError) as exc:
            self._shut()
            why = str(exc).splitlines()[0] if str(exc) else type(exc).__name__
            if isinstance(exc, TimeoutError) and self.client is not None:
                why = f"no worker joined within {WORKER_WAIT_SECONDS:.0f} s"
            raise ClusterError(f"cannot use the Dask cluster at {address}: {why}") from None
        except BaseException:
            self._shut()
            raise
        self.workers = max(1, sum(self.client.nthreads().values()))

    def reads(self, location: str) -> bool:
        """URLs (with fsspec on the workers) anywhere; local paths on a local cluster only."""
        return "://" in location or self.cluster is not None

    def submit(self, fn: Callable[..., T], /, *args: Any) -> Job[T]:
        """Start ``fn(*args)`` on a worker (``pure=False``: the arguments are not hashed)."""
        return Job(self.client.submit(fn, *args, pure=False), _wait_dask)

    def close(self, wait: bool = True) -> None:
        """Disconnect, and stop the local cluster if this executor started it."""
        self._shut()

    def _shut(self) -> None:
        client, self.client = self.client, None
        if client is not None:
            with contextlib.suppress(Exception):
                client.close(timeout=CONNECT_SECONDS)
        if self.cluster is not None:
            self.cluster.close()
            self.cluster = None


def _reachable(dask: Any, address: str) -> None:
    """Check a scheduler's address before a client is made for it.

    A client that cannot connect holds up the exit for 20 s.  Raises ValueError for a malformed
    address and OSError for an unreachable one.
    """
    scheme, location = dask.comm.parse_address(address)
    if scheme == "tcp":
        host, port = dask.comm.parse_host_port(location)
        socket.create_connection((host, port), timeout=CONNECT_SECONDS).close()


def _local_workers(address: str) -> int | None:
    """N for ``local:N`` (``local`` alone: one per core), None for a scheduler's address."""
    if address == "local":
        return default_workers()
    if address.startswith("local:"):
        count = address.removeprefix("local:")
        if not (count.isascii() and count.isdigit()) or not 1 <= int(count) <= 1024:
            raise ClusterError(f"local:N needs a number of workers from 1 to 1024, not {count!r}")
        return int(count)
    if "://" not in address and ":" not in address:
        raise ClusterError(
            f"{address!r} is not a cluster: give a scheduler's address (tcp://host:8786) or local:N"
        )
    return None


def default_workers() -> int:
    """The number of CPU cores this process may use."""
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # pragma: no cover - not on Linux
        return os.cpu_count() or 1


def open_executor(
    cluster: str | None = None, jobs: int | None = None, prefix: str = "sudokit-worker"
) -> Executor:
    """Dask at ``cluster``, else ``jobs`` threads here (0 or None: one per core)."""
    if cluster:
        return DaskExecutor(cluster)
    return ThreadExecutor(jobs or default_workers(), prefix)


@contextlib.contextmanager
def given_or_own(executor: Executor | None, make: Callable[[], Executor]) -> Iterator[Executor]:
    """The caller's executor, or one made by ``make`` for this block only.

    One made here is closed when the block ends: after its work, or at once (running work stopped)
    when the block ends by an error, Ctrl-C or a generator being closed.  A caller's stays open.
    """
    if executor is not None:
        yield executor
        return
    own = make()
    try:
        yield own
    except BaseException:
        own.close(wait=False)
        raise
    own.close(wait=True)
