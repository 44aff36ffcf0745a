#!/usr/bin/env python
"""Rules engine speed: random-playout actions per second, with python-chess as a yardstick.

    python benchmarks/engine.py [--seconds 3] [--seed 0]

Each game in GAMES plays seeded random games (legal_actions, a uniform
choice or a chance draw, apply, is_terminal) for about ``--seconds`` and
reports actions and whole turns per second. python-chess plays random games
the same way (legal moves, uniform choice, push, ``outcome()`` to stop),
when it is installed (``pip install chess``; it is not a printkit
dependency). A chess turn is one move.

Then, per game, the cost of one call in microseconds at mid-game positions
(decisions from the middle half of seeded random games): ``legal_actions()``
on a position reached afresh (nothing cached), ``apply()`` of a random legal
action after ``legal_actions()`` (as a playout calls it), and ``clone()``.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from printkit import rules  # noqa: E402
from printkit.playout import choose  # noqa: E402

# (label, game id or spec path, options). Add a game with one line.
GAMES = [
    ("mckinney 2 players", "mckinney", {"players": 2}),
    ("mckinney 4 players", "mckinney", {"players": 4}),
    ("tiles", "tiles", {}),
    ("phoenix 2 players", "phoenix", {"players": 2}),
    ("phoenix 4 players, team", "phoenix", {"players": 4, "variant": "team"}),
    ("lam", "lam", {}),
    ("playground", "playground", {}),
]


def bench_game(game, seconds: float, seed: int) -> tuple[float, int, int, int | None]:
    """(actions per second, actions, games, turns) of random playouts for about ``seconds``."""
    rng = random.Random(seed)
    actions = games = 0
    turns: int | None = 0
    start = time.perf_counter()
    deadline = start + seconds
    while time.perf_counter() < deadline:
        state = game.initial_state()
        while not state.is_terminal():
            state.apply(choose(state, rng))
            actions += 1
        games += 1
        played = state.turns_played()
        turns = None if played is None or turns is None else turns + played
    elapsed = time.perf_counter() - start
    return actions / elapsed, actions, games, turns


def midgame_positions(game, count: int, seed: int) -> list:
    """Up to ``count`` decision positions (not chance, not over) from the middle
    half of seeded random games, each a clone taken before anything was asked of it."""
    rng = random.Random(seed)
    found = []
    while len(found) < count:
        state = game.initial_state()
        decisions = []
        while not state.is_terminal():
            if not state.is_chance_node():
                decisions.append(state.clone())
            state.apply(choose(state, rng))
        quarter = len(decisions) // 4
        found += decisions[quarter:len(decisions) - quarter]
    return found[:count]


def _per_call(calls, states, repeat: int) -> float:
    """Microseconds per call of ``calls(fresh clones)``, the best of ``repeat`` rounds."""
    best = float("inf")
    for _ in range(repeat):
        fresh = [s.clone() for s in states]
        start = time.perf_counter()
        calls(fresh)
        best = min(best, (time.perf_counter() - start) / len(fresh))
    return best * 1e6


def call_costs(game, seed: int, count: int = 400, repeat: int = 5) -> tuple[float, float, float]:
    """(legal_actions, apply, clone) in microseconds per call at mid-game positions."""
    states = midgame_positions(game, count, seed)
    rng = random.Random(seed)
    picks = [rng.choice(s.clone().legal_actions()) for s in states]

    def legal(fresh):
        for s in fresh:
            s.legal_actions()

    def apply(fresh):
        for s in fresh:
            s.legal_actions()
        start = time.perf_counter()
        for s, a in zip(fresh, picks):
            s.apply(a)
        # Only the applies are timed; legal_actions ran first, as in a playout.
        apply.spent = time.perf_counter() - start

    def clone(fresh):
        for s in fresh:
            s.clone()

    legal_us = _per_call(legal, states, repeat)
    best = float("inf")
    for _ in range(repeat):
        fresh = [s.clone() for s in states]
        apply(fresh)
        best = min(best, apply.spent / len(fresh))
    return legal_us, best * 1e6, _per_call(clone, states, repeat)


def bench_chess(seconds: float, seed: int) -> tuple[float, int, int] | None:
    try:
        import chess
    except ImportError:
        return None
    rng = random.Random(seed)
    moves = games = 0
    start = time.perf_counter()
    deadline = start + seconds
    while time.perf_counter() < deadline:
        board = chess.Board()
        while board.outcome() is None:
            board.push(rng.choice(list(board.legal_moves)))
            moves += 1
        games += 1
    elapsed = time.perf_counter() - start
    return moves / elapsed, moves, games, moves


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=3.0, help="time per game (default 3)")
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args(argv)
    rows = []
    for label, name, options in GAMES:
        rows.append((label, *bench_game(rules.load(name, **options), args.seconds, args.seed)))
    chess_row = bench_chess(args.seconds, args.seed)
    if chess_row is None:
        print("python-chess is not installed (pip install chess): no yardstick this run")
    else:
        rows.append(("python-chess (yardstick)", *chess_row))
    width = max(len(r[0]) for r in rows)
    # A McKinney action is one step of a turn; a chess action is a whole move.
    # Turns per second (a chess turn is one move) compares whole decisions.
    print(f"{'game':<{width}}  {'actions/s':>10}  {'turns/s':>9}  {'actions':>9}  {'games':>6}")
    for label, rate, actions, games, turns in rows:
        per_turn = f"{rate * turns / actions:>9,.0f}" if turns else f"{'-':>9}"
        print(f"{label:<{width}}  {rate:>10,.0f}  {per_turn}  {actions:>9}  {games:>6}")
    if chess_row is not None:
        for label, rate, actions, games, turns in rows[:-1]:
            line = f"{label}: {rate / chess_row[0]:.2f} x python-chess in actions/s"
            if turns:
                line += f", {rate * turns / actions / chess_row[0]:.2f} x in turns/s"
            print(line)
    print()
    print("cost per call at mid-game positions (microseconds)")
    print(f"{'game':<{width}}  {'legal_actions':>13}  {'apply':>7}  {'clone':>7}")
    for label, name, options in GAMES:
        legal_us, apply_us, clone_us = call_costs(rules.load(name, **options), args.seed)
        print(f"{label:<{width}}  {legal_us:>13.1f}  {apply_us:>7.1f}  {clone_us:>7.1f}")
    # Tiles: shape detection is incremental, so a placement costs the same on a full table.
    import tiles as tiles_bench  # benchmarks/tiles.py, beside this file

    print()
    tiles_bench.report(tiles_bench.placement_costs(seconds=min(args.seconds, 3.0), seed=args.seed))
    return 0


if __name__ == "__main__":
    sys.exit(main())
