"""Where the work of many-puzzle commands runs: threads on this machine, or a Dask cluster.

One small interface serves ``batch``, split counting, ``generate`` and ``rate``: an :class:`Executor`
takes a function and its arguments and gives back a :class:`Job`, which is polled and waited on, and
:func:`ordered_map` runs a function over many items with their results in input order.  Locally the
compiled work (batch, counts) runs in threads: the core releases the GIL, so threads use every core
with no copying of inputs; the Python-heavy work (making and rating puzzles) runs in processes.
With ``--cluster`` it runs on Dask workers (``tcp://host:8786`` for a running scheduler, ``local:N``
for a :class:`distributed.LocalCluster` of N worker processes on this machine); Dask reschedules the
tasks of a worker that dies, and callers collect results in order, so no piece is lost or counted
twice.  Dask is optional: ``pip install 'sudokit[cluster]'``.
"""

from __future__ import annotations

import asyncio
import contextlib
import importlib
import logging
import os
import queue
import signal
from collections import deque
from collections.abc import Callable, Iterable, Iterator
from concurrent.futures import Future, ProcessPoolExecutor, ThreadPoolExecutor
from concurrent.futures import wait as wait_futures
from types import TracebackType
from typing import Any, Generic, TypeVar

from sudokit.errors import SudokitError

T = TypeVar("T")

CLUSTER_EXTRA = "pip install 'sudokit[cluster]'"
"""How to get Dask, for the error that says it is missing."""


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
        """Stop it if it has not started; whether it will not run."""
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
    name: str = ""
    """Where the work runs, for messages: ``2 threads``, ``Dask at tcp://...``."""

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
        self.name = f"{self.workers} thread{'s' if self.workers != 1 else ''}"
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
    """Worker processes on this machine: for Python-heavy work (making and rating puzzles)."""

    remote = True

    def __init__(self, workers: int) -> None:
        """``workers`` processes; they ignore Ctrl-C (the parent stops them)."""
        self.workers = max(1, workers)
        self.name = f"{self.workers} process{'es' if self.workers != 1 else ''}"
        self.pool = ProcessPoolExecutor(max_workers=self.workers, initializer=_ignore_interrupts)

    def reads(self, location: str) -> bool:
        """Processes of this machine read its files (and URLs)."""
        return True

    def submit(self, fn: Callable[..., T], /, *args: Any) -> Job[T]:
        """Start ``fn(*args)`` in a worker process (function and arguments pickled)."""
        return Job(self.pool.submit(fn, *args), _wait_thread)

    def close(self, wait: bool = True) -> None:
        """Shut the pool down; without ``wait``, running work is stopped at once."""
        if not wait:
            # the pool has no public way to stop a running task: end its processes
            for process in list((getattr(self.pool, "_processes", None) or {}).values()):
                process.terminate()
        self.pool.shutdown(wait=True, cancel_futures=not wait)


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


class DaskExecutor(Executor):
    """Dask workers: a running scheduler (``tcp://host:port``) or a local cluster (``local:N``)."""

    remote = True

    def __init__(self, address: str) -> None:
        """Connect to the scheduler at ``address``, or start ``local:N``; raises :class:`ClusterError`."""
        try:
            dask = _dask()
        except ImportError:
            raise ClusterError(f"--cluster needs Dask, which is not installed: {CLUSTER_EXTRA}") from None
        self.cluster: Any = None
        workers = _local_workers(address)
        try:
            if workers is not None:
                # workers in subprocesses of their own: a LocalCluster's spawned workers would
                # import the caller's __main__ again (a script without a main guard runs twice)
                subprocess_cluster = importlib.import_module("distributed.deploy.subprocess")
                self.cluster = subprocess_cluster.SubprocessCluster(
                    n_workers=workers,
                    threads_per_worker=1,
                    dashboard_address=None,
                    silence_logs=logging.ERROR,
                )
                self.client = dask.Client(self.cluster, set_as_default=False)
                self.name = f"a local Dask cluster of {workers} workers"
            else:
                self.client = dask.Client(address, timeout=10, set_as_default=False)
                self.name = f"Dask at {address}"
        except OSError as exc:
            self._shut()
            raise ClusterError(f"cannot reach the Dask scheduler at {address}: {exc}") from None
        try:
            self.client.wait_for_workers(workers or 1, timeout=WORKER_WAIT_SECONDS)
        except TimeoutError:
            self._shut()
            raise ClusterError(
                f"no Dask worker joined the scheduler at {address} within {WORKER_WAIT_SECONDS:.0f} s"
            ) from None
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
        client = getattr(self, "client", None)
        if client is not None:
            client.close()
        if self.cluster is not None:
            self.cluster.close()
            self.cluster = None


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
    cluster: str | None = None,
    jobs: int | None = None,
    prefix: str = "sudokit-worker",
    *,
    processes: bool = False,
) -> Executor:
    """Dask at ``cluster``, else ``jobs`` threads (or ``processes``) here (0 or None: one per core)."""
    if cluster:
        return DaskExecutor(cluster)
    if processes:
        return ProcessExecutor(jobs or default_workers())
    return ThreadExecutor(jobs or default_workers(), prefix)
