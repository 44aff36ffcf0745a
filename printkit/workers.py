"""Batches of work on worker processes that Ctrl-C, SIGTERM and SIGHUP stop cleanly.

A signal turned into an exception inside ``concurrent.futures`` can strike
between a lock's acquiring and the block that releases it; the pool's
manager thread then waits on that lock for ever, and printkit hangs after
saying "interrupted" (one Ctrl-C in four during validate's playouts did).
So while the results are awaited a stop signal is only noted, the wait
looks at the note every tenth of a second, the batches not yet started are
dropped, and the signal is raised again, with the handlers it found, from
plain code: printkit then stops as it does anywhere else.

The workers ignore the three signals: a terminal's Ctrl-C or hang-up
reaches the whole process group, and the parent ends the run. A worker
killed under the pool would break it, and Python 3.11's pool can then trip
over the batches being dropped (an InvalidStateError in its thread).
"""

from __future__ import annotations

import signal
import threading
import time
from concurrent.futures import FIRST_COMPLETED, ProcessPoolExecutor, wait
from concurrent.futures.process import BrokenProcessPool

STOPS = tuple(getattr(signal, name) for name in ("SIGINT", "SIGTERM", "SIGHUP") if hasattr(signal, name))
LOOK_EVERY = 0.1  # seconds between looks at a noted signal while batches run
GRACE = 0.5  # seconds to wait for the parent's own signal when the workers were stopped first


def _ignore_stops() -> None:
    for signum in STOPS:
        signal.signal(signum, signal.SIG_IGN)


def run_batches(func, batches: list, jobs: int, progress=None) -> list:
    """``func(batch)`` for every batch, each returning a list: on up to ``jobs``
    worker processes (in this one for 1, or for a single batch). Returns the
    lists joined in the order the batches finish; ``progress(len(batch))`` is
    called as each one does."""
    results: list = []
    if jobs <= 1 or len(batches) <= 1:
        for batch in batches:
            results += func(batch)
            if progress:
                progress(len(batch))
        return results
    noted: list[int] = []
    held = _hold(noted)
    pool = ProcessPoolExecutor(max_workers=min(jobs, len(batches)), initializer=_ignore_stops)
    futures: dict = {}
    try:
        for batch in batches:
            futures[pool.submit(func, batch)] = batch
        pending = set(futures)
        while pending and not noted:
            done, pending = wait(pending, timeout=LOOK_EVERY, return_when=FIRST_COMPLETED)
            for future in done:
                if noted:
                    break
                try:
                    result = future.result()
                except BrokenProcessPool:
                    # Workers stopped from outside (a kill of the process
                    # group): the signal on its way to this process is the news.
                    _await_note(noted)
                    if noted:
                        break
                    raise
                results += result
                if progress:
                    progress(len(futures[future]))
    except BaseException:
        _drop(pool, futures)
        _release(held)
        raise
    if noted:
        _drop(pool, futures)
        _release(held)
        signal.raise_signal(noted[0])  # stops printkit as the signal does anywhere else
        raise KeyboardInterrupt  # a handler that returned (one set by a host program)
    _release(held)
    pool.shutdown()
    return results


def _drop(pool: ProcessPoolExecutor, futures: dict) -> None:
    """The batches not started are dropped, not played out before printkit
    exits. Cancelled here, not only by shutdown: the pool may be collected
    before its manager thread gets round to cancelling them (it holds the
    pool by a weak reference), and would then play every one."""
    for future in futures:
        future.cancel()
    pool.shutdown(wait=False, cancel_futures=True)


def _hold(noted: list) -> dict | None:
    """Note stop signals instead of raising them; None where this cannot be
    done (not the main thread: the host program keeps its signals)."""
    if threading.current_thread() is not threading.main_thread():
        return None
    held = {}
    for signum in STOPS:
        if signal.getsignal(signum) not in (signal.SIG_IGN, None):  # one ignored stays ignored
            held[signum] = signal.signal(signum, lambda number, frame: noted.append(number))
    return held


def _release(held: dict | None) -> None:
    for signum, handler in (held or {}).items():
        signal.signal(signum, handler)


def _await_note(noted: list) -> None:
    deadline = time.monotonic() + GRACE
    while not noted and time.monotonic() < deadline:
        time.sleep(0.01)
