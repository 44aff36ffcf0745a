"""A stop ends a command that plays on worker processes at once, and leaves
no process behind: balance with MCTS (minutes of play queued on each
worker) is the expensive case."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import psutil
import pytest

pytestmark = pytest.mark.skipif(not os.path.exists("/proc/self/status"), reason="process groups, POSIX signals, /proc")

BALANCE = [sys.executable, "-m", "printkit", "balance", "playground", "--games", "200", "--jobs", "2"]


PLAYING = 0.5  # CPU seconds a worker has used: its imports take some 0.2, the rest is MCTS play


def _start(command):
    """The command in a session of its own (as a terminal runs it), once its
    workers are playing; with every process under it at that moment."""
    process = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, start_new_session=True)
    parent = psutil.Process(process.pid)
    deadline = time.monotonic() + 60
    # Well into the first MCTS batches (each takes minutes): two workers (the
    # processes that leave all three stops to printkit; the resource trackers
    # do not ignore SIGHUP) have each spent PLAYING seconds of CPU, which
    # holds however busy the machine is.
    while time.monotonic() < deadline and process.poll() is None and not _playing(parent):
        time.sleep(0.05)
    assert process.poll() is None, process.communicate()
    return process, parent.children(recursive=True)


def _playing(parent) -> bool:
    busy = 0
    for child in parent.children(recursive=True):
        try:
            status = Path(f"/proc/{child.pid}/status").read_text().splitlines()
            ignored = int(next(line for line in status if line.startswith("SigIgn:")).split()[1], 16)
            spent = sum(child.cpu_times()[:2])
        except (OSError, StopIteration, psutil.Error):
            continue
        stops = (signal.SIGINT, signal.SIGTERM, signal.SIGHUP)
        busy += all(ignored >> (number - 1) & 1 for number in stops) and spent >= PLAYING
    return busy >= 2


def _gone(processes, within: float) -> list:
    """The processes still running after ``within`` seconds (zombies count as gone)."""
    deadline = time.monotonic() + within
    while True:
        alive = [p for p in processes if _running(p)]
        if not alive or time.monotonic() > deadline:
            return alive
        time.sleep(0.1)


def _running(process) -> bool:
    try:
        return process.is_running() and process.status() != psutil.STATUS_ZOMBIE
    except psutil.Error:
        return False


@pytest.mark.parametrize("signame, times", [("SIGINT", 1), ("SIGTERM", 1), ("SIGHUP", 1), ("SIGINT", 3),
                                            ("SIGTERM", 3)])
def test_a_stop_ends_an_mcts_balance_run_at_once_with_one_line_and_no_worker_left(signame, times):
    process, under = _start(BALANCE)
    assert len(under) >= 2
    number = getattr(signal, signame)
    try:
        sent = time.monotonic()
        for _ in range(times):  # a second and third Ctrl-C as an impatient user presses them
            os.killpg(process.pid, number)
            time.sleep(0.1)
        out, err = process.communicate(timeout=60)
        took = time.monotonic() - sent
    finally:
        if process.poll() is None:
            os.killpg(process.pid, signal.SIGKILL)
            process.wait()
    said = "printkit: interrupted" if signame == "SIGINT" else "printkit: terminated"
    assert (process.returncode, err.decode().strip()) == (128 + number, said)
    # Before, each worker finished its batch of up to ten MCTS games first:
    # about six and a half minutes.
    assert took < 2.0 + 0.1 * times, took
    assert _gone(under, within=2.0) == []


def test_workers_notice_a_parent_killed_outright_and_exit():
    process, under = _start(BALANCE)
    assert len(under) >= 2
    process.kill()  # SIGKILL: the parent can clear nothing up
    process.wait()
    try:
        assert _gone(under, within=5.0) == []
    finally:
        for p in under:
            if _running(p):
                p.kill()
