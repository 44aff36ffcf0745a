#!/usr/bin/env python
"""Rules engine speed: random-playout actions per second, with python-chess as a yardstick.

    python benchmarks/engine.py [--seconds 3] [--seed 0] [--only mckinney] [--warmup 1]

Each game in GAMES plays seeded random games as printkit plays them
(``printkit.playout.random_playout``: legal_actions, a uniform choice or a
chance draw, apply_listed; is_terminal where nothing is legal) for about ``--seconds`` and
reports actions and whole turns per second. python-chess plays random games
the same way (legal moves, uniform choice, push, ``outcome()`` to stop),
when it is installed (``pip install chess``; it is not a printkit
dependency), for as long again, in slices taking turns with the game's, and
each game is compared with the chess played between its own slices. A chess
turn is one move. Timing starts after ``--warmup`` seconds of untimed play
(each game and chess): tables a game builds as play first needs them are
then in place; the warm-up's first game is timed and printed.

Then, per game, the cost of one call in microseconds at mid-game positions
(decisions from the middle half of seeded random games): ``legal_actions()``
on a position reached afresh (nothing cached), ``apply()`` of a random legal
action after ``legal_actions()`` (as a playout calls it), and ``clone()``.
"""

from __future__ import annotations

import argparse
import itertools
import os
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from printkit import rules  # noqa: E402
from printkit.playout import choose, random_playout  # noqa: E402

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


class Playouts:
    """Seeded random playouts of one game, run in time slices that carry on
    where the last slice stopped (the same games whatever the slicing).
    ``play_next()`` plays the next game and returns its actions and turns."""

    def __init__(self, play_next):
        self.play_next = play_next
        self.actions = self.games = 0
        self.turns: int | None = 0
        self.elapsed = 0.0

    def run(self, seconds: float) -> None:
        """Whole games for about ``seconds``, added to the totals."""
        start = time.perf_counter()
        deadline = start + seconds
        while time.perf_counter() < deadline:
            actions, turns = self.play_next()
            self.actions += actions
            self.games += 1
            self.turns = None if turns is None or self.turns is None else self.turns + turns
        self.elapsed += time.perf_counter() - start

    def rate(self) -> float:
        return self.actions / self.elapsed


def engine_playouts(game, seed: int) -> Playouts:
    """Games 0, 1, 2, ... of a playout run seeded ``seed``, as validate and simulate play them."""
    indices = itertools.count()

    def play_next() -> tuple[int, int | None]:
        played = random_playout(game, seed, next(indices))
        if played.error:
            raise SystemExit(f"{game.name}: game {played.index} of seed {seed}: {played.error}")
        return played.length, played.turns

    return Playouts(play_next)


def play_chess_game(board, rng) -> tuple[int, int]:
    moves = 0
    while board.outcome() is None:
        board.push(rng.choice(list(board.legal_moves)))
        moves += 1
    return moves, moves


def chess_playouts(seed: int) -> Playouts | None:
    try:
        import chess
    except ImportError:
        return None
    rng = random.Random(seed)
    return Playouts(lambda: play_chess_game(chess.Board(), rng))


def warm_up(warm: Playouts, seconds: float) -> float:
    """Play ``warm``'s games, untimed, for about ``seconds``; returns how long
    the first one took. Tables a game builds as play first needs them
    (Playground's walks from each square) and the interpreter's specialising
    of hot code are then in place, as in any playout after the first few."""
    start = time.perf_counter()
    warm.play_next()
    first = time.perf_counter() - start
    warm.run(max(0.0, seconds - first))
    return first


def bench_game(game, seconds: float, seed: int, yardstick: Playouts | None = None,
               slices: int | None = None, warmup: float = 0.0) -> tuple[Playouts, float | None, float]:
    """Random playouts of ``game`` for about ``seconds`` and, when a yardstick is
    given, python-chess for as long, in alternating slices: whatever else the
    machine does meanwhile weighs on both alike. Returns the game's playouts,
    the yardstick's moves per second over those slices only, and how long the
    first (untimed) game of the warm-up took."""
    first = warm_up(engine_playouts(game, seed + 1), warmup)  # a seed of its own
    mine = engine_playouts(game, seed)
    moves, elapsed = (yardstick.actions, yardstick.elapsed) if yardstick else (0, 0.0)
    # Quarter-second slices (four at least): a change of load lasting a second
    # or more falls on both sides of the ratio. Chess goes first in every
    # other pair (chess, game, game, chess, ...): a machine slowly speeding up
    # or slowing down then favours neither side.
    slices = slices or max(4, round(seconds / 0.25))
    for k in range(slices):
        if yardstick is not None and k % 2 == 0:
            yardstick.run(seconds / slices)
        mine.run(seconds / slices)
        if yardstick is not None and k % 2 == 1:
            yardstick.run(seconds / slices)
    if yardstick is None:
        return mine, None, first
    return mine, (yardstick.actions - moves) / (yardstick.elapsed - elapsed), first


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


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=3.0, help="time per game (default 3)")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--only", metavar="TEXT", help="only the games whose label holds TEXT (any case)")
    parser.add_argument("--warmup", type=float, default=1.0,
                        help="untimed play before each game's timing (default 1 s)")
    args = parser.parse_args(argv)
    if args.seconds <= 0:
        parser.error(f"--seconds must be above 0 (the time each game is measured), not {args.seconds:g}")
    if args.warmup < 0:
        parser.error(f"--warmup must be 0 or more (seconds of untimed play), not {args.warmup:g}")
    games = [g for g in GAMES if args.only is None or args.only.lower() in g[0].lower()]
    if not games:
        parser.error(f"--only {args.only!r} matches no game; the games are: " + ", ".join(g[0] for g in GAMES))
    yardstick = chess_playouts(args.seed)
    if yardstick is not None:
        warm_up(chess_playouts(args.seed + 1), args.warmup)
    rows, ratios, firsts = [], [], []
    for label, name, options in games:
        mine, chess_rate, first = bench_game(rules.load(name, **options), args.seconds, args.seed, yardstick,
                                             warmup=args.warmup)
        firsts.append((label, first))
        rows.append((label, mine))
        if chess_rate is not None:
            ratios.append((label, mine, chess_rate))
    if yardstick is None:
        print("python-chess is not installed (pip install chess): no yardstick this run")
    else:
        rows.append(("python-chess (yardstick)", yardstick))
    width = max(len(r[0]) for r in rows)
    # A McKinney action is one step of a turn; a chess action is a whole move.
    # Turns per second (a chess turn is one move) compares whole decisions.
    print(f"{'game':<{width}}  {'actions/s':>10}  {'turns/s':>9}  {'actions':>9}  {'games':>6}")
    for label, p in rows:
        per_turn = f"{p.rate() * p.turns / p.actions:>9,.0f}" if p.turns else f"{'-':>9}"
        print(f"{label:<{width}}  {p.rate():>10,.0f}  {per_turn}  {p.actions:>9}  {p.games:>6}")
    # Each game against the chess games played in the slices between its own.
    for label, mine, chess_rate in ratios:
        line = f"{label}: {mine.rate() / chess_rate:.2f} x python-chess in actions/s"
        if mine.turns:
            turns_rate = mine.rate() * mine.turns / mine.actions
            line += f", {turns_rate / chess_rate:.2f} x in turns/s"
        print(line)
    print()
    # Timing starts after an untimed warm-up; what the warm-up's first game cost is shown here.
    print(f"untimed warm-up of {args.warmup:g} s per game before timing; its first game took (ms):")
    for label, first in firsts:
        print(f"  {label:<{width}}  {first * 1000:>8.1f}")
    print()
    print("cost per call at mid-game positions (microseconds)")
    print(f"{'game':<{width}}  {'legal_actions':>13}  {'apply':>7}  {'clone':>7}")
    for label, name, options in games:
        legal_us, apply_us, clone_us = call_costs(rules.load(name, **options), args.seed)
        print(f"{label:<{width}}  {legal_us:>13.1f}  {apply_us:>7.1f}  {clone_us:>7.1f}")
    # Tiles: shape detection is incremental, so a placement costs the same on a full table.
    import tiles as tiles_bench  # benchmarks/tiles.py, beside this file

    print()
    tiles_bench.report(tiles_bench.placement_costs(seconds=min(args.seconds, 3.0), seed=args.seed))
    return 0


if __name__ == "__main__":
    try:
        sys.exit(main())
    except BrokenPipeError:  # the reader stopped early (| head): nothing more to say
        # Python's own advice: what is left unwritten goes nowhere, so exit raises no second error.
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        sys.exit(0)
