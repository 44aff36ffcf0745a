"""benchmarks/engine.py runs and prints what issue 13 asks of it: each game's
playout rate (beside python-chess when installed), the warm-up's first game,
and the cost per call of legal_actions, apply and clone. Nothing here is
timed: the figures are the benchmark's to print, not a test's to judge."""

import subprocess
import sys
from pathlib import Path

ENGINE = Path(__file__).resolve().parent.parent / "benchmarks" / "engine.py"


def _run(*args):
    return subprocess.run([sys.executable, str(ENGINE), *args], capture_output=True, text=True, timeout=300)


def test_the_engine_benchmark_prints_every_part_for_one_game():
    done = _run("--seconds", "0.2", "--warmup", "0.05", "--only", "playground")
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    rate_rows = [line.strip() for line in lines if line.strip().startswith("playground ")]
    # The playout row, the warm-up's first game (ms) and the per-call costs.
    assert len(rate_rows) == 3, done.stdout
    assert float(rate_rows[1].split()[1]) > 0
    playout = rate_rows[0].split()
    assert int(playout[-1]) > 0 and int(playout[-2]) > 0  # games and actions played
    costs = [float(x) for x in rate_rows[2].split()[1:]]
    assert len(costs) == 3 and all(c > 0 for c in costs)  # legal_actions, apply, clone (us)
    assert any("warm-up" in line for line in lines)
    assert "x python-chess" in done.stdout or "python-chess is not installed" in done.stdout
    assert not any(line.startswith("mckinney") for line in lines)  # --only picked one game


def test_a_time_of_zero_is_refused_with_a_message():
    done = _run("--seconds", "0", "--only", "tiles")
    assert done.returncode == 2
    assert "--seconds must be above 0" in done.stderr
    assert "Traceback" not in done.stderr


def test_only_matches_any_case_and_a_name_matching_nothing_is_refused():
    done = _run("--only", "McKinney Nine")
    assert done.returncode == 2
    assert "matches no game" in done.stderr and "mckinney 2 players" in done.stderr
    assert "Traceback" not in done.stderr
    done = _run("--seconds", "0.1", "--warmup", "0", "--only", "TILES")
    assert done.returncode == 0, done.stderr
    assert any(line.startswith("tiles ") for line in done.stdout.splitlines())
