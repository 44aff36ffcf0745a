"""Batches of work on worker processes that Ctrl-C, SIGTERM and SIGHUP stop at once.

The pool is loky's, which can kill its workers: a stop does not wait for
the batches being played (an MCTS batch can take minutes), it ends them.
While results are awaited a stop signal is only noted; the wait looks at
the note every tenth of a second, kills the workers, and raises the signal
again from plain code with the handlers it found, so printkit then stops
as it does anywhere else. A second or third signal meanwhile is noted too,
never raised inside the pool's code, so it never prints a traceback.

The workers ignore the three signals (a terminal's Ctrl-C or hang-up
reaches the whole process group; the parent decides), and each watches its
parent: if the parent dies without stopping them (``kill -9``), they exit
within ``WATCH_EVERY`` seconds instead of playing on for nobody.
"""

from __future__ import annotations

import os
import signal
import sys
import threading
import time
from concurrent.futures import FIRST_COMPLETED, wait
from concurrent.futures.process import BrokenProcessPool

STOPS = tuple(getattr(signal, name) for name in ("SIGINT", "SIGTERM", "SIGHUP") if hasattr(signal, name))
LOOK_EVERY = 0.1  # seconds between looks at a noted signal while batches run
GRACE = 0.5  # seconds to wait for the parent's own signal when the workers were stopped first
WATCH_EVERY = 0.5  # seconds between a worker's looks at its parent
_QUIET_TRACKER = "ignore:resource_tracker:UserWarning"  # -W option: the trackers' own warnings


def _worker_start(parent: int) -> None:
    """In each worker, as it starts: leave stops to the parent, and exit if it dies."""
    for signum in STOPS:
        signal.signal(signum, signal.SIG_IGN)

    def watch() -> None:
        while os.getppid() == parent:
            time.sleep(WATCH_EVERY)
        os._exit(1)  # the parent is gone: nobody will read what this worker plays

    threading.Thread(target=watch, name="printkit-parent-watch", daemon=True).start()


def run_batches(func, batches: list, jobs: int, progress=None, weight=len) -> list:
    """``func(batch)`` for every batch, each returning a list: on up to ``jobs``
    worker processes (in this one for 1, or for a single batch). Returns the
    lists joined in the order the batches finish; ``progress(weight(batch))``
    is called as each one does (``weight``: the batch's share of the work,
    its length unless told)."""
    results: list = []
    if jobs <= 1 or len(batches) <= 1:
        for batch in batches:
            results += func(batch)
            if progress:
                progress(weight(batch))
        return results
    from loky import ProcessPoolExecutor  # loaded only when workers are used

    noted: list[int] = []
    held = _hold(noted)
    futures: dict = {}
    # The pool's helper processes (its resource trackers, its workers until
    # they ignore the stops) are started with the stops blocked, a mask they
    # keep: a Ctrl-C or hang-up to the process group then leaves them to
    # printkit, which notes it as soon as they are started and ends them.
    blocked = (signal.pthread_sigmask(signal.SIG_BLOCK, STOPS)
               if held is not None and hasattr(signal, "pthread_sigmask") else None)
    pool = None
    try:
        try:
            _start_trackers()
            if blocked is not None:
                # The standard library's tracker unblocks Ctrl-C and SIGTERM
                # once it has started (3.11 to 3.13): block them again.
                signal.pthread_sigmask(signal.SIG_BLOCK, STOPS)
            pool = ProcessPoolExecutor(max_workers=min(jobs, len(batches)), initializer=_worker_start,
                                       initargs=(os.getpid(),))
            for batch in batches:
                futures[pool.submit(func, batch)] = batch
        finally:
            if blocked is not None:
                signal.pthread_sigmask(signal.SIG_SETMASK, blocked)
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
                    progress(weight(futures[future]))
    except BaseException:
        if pool is not None:
            _kill(pool)
        _release(held)
        raise
    if noted:
        _kill(pool)
        _release(held)
        signal.raise_signal(noted[0])  # stops printkit as the signal does anywhere else
        raise KeyboardInterrupt  # a handler that returned (one set by a host program)
    _release(held)
    pool.shutdown()
    return results


def _start_trackers() -> None:
    """Start the pool's resource trackers (the standard library's and
    loky's), quiet: at their own exit they warn of semaphores that a run
    stopped mid-way left them to clear, notes for developers that would
    follow printkit's one line on a user's terminal. They take Python's -W
    options from ``sys.warnoptions`` as they start; nothing else reads them."""
    from loky.backend import resource_tracker as loky_tracker
    from multiprocessing import resource_tracker

    sys.warnoptions.append(_QUIET_TRACKER)
    try:
        resource_tracker.ensure_running()
        loky_tracker.ensure_running()
    finally:
        sys.warnoptions.remove(_QUIET_TRACKER)


def _kill(pool) -> None:
    """End the workers now, whatever they are playing, and wait until they are gone."""
    pool.shutdown(wait=True, kill_workers=True)


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
