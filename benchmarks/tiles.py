#!/usr/bin/env python
"""Rock Paper Scissors Tiles: the cost of one placement as the table fills.

    python benchmarks/tiles.py [--seconds 1] [--seed 0]

Shape detection after a placement looks only at the cells a shape can
reach from the new tile, so its cost should not grow with the number of
tiles on the table. For 10, 24 and 48 tiles on the table this times

- the action that ends a turn (it lays the turn's face-hidden first tile and
  its own, finds the new shapes of both, and scores), per tile laid;
- ``ShapeBook.through`` alone: finding the shapes through one tile;
- for contrast, ``ShapeBook.count``: searching the whole table afresh.

``benchmarks/engine.py`` prints these beside the playout speed.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from printkit import rules  # noqa: E402

TABLE_SIZES = (10, 24, 48)


def _positions(game, played: int, count: int, rng) -> list:
    """Random positions with ``played`` tiles down (games that end sooner are skipped)."""
    found = []
    while len(found) < count:
        state = game.initial_state()
        while len(state.played) < played and not state.is_terminal():
            state.apply(rng.choice(state.legal_actions()))
        if len(state.played) == played and not state.is_terminal():
            found.append(state)
    return found


def placement_costs(game=None, seconds: float = 1.0, seed: int = 0) -> list[tuple]:
    """(tiles on the table, microseconds per tile laid, per shape search, per full recount)."""
    game = game or rules.load("tiles")
    rng = random.Random(seed)
    rows = []
    for size in TABLE_SIZES:
        size = min(size, game.tile_count)
        # The timed action is a turn's second tile: before it, size - 1 tiles are played.
        states = _positions(game, size - 1, 40, rng)
        jobs = []
        for state in states:
            actions = state.legal_actions()
            jobs += [(state, a) for a in rng.sample(actions, min(10, len(actions)))]
        spent = laid = 0
        deadline = time.perf_counter() + seconds / 3
        while time.perf_counter() < deadline:
            for state, action in jobs:
                copy = state.clone()
                start = time.perf_counter()
                copy.apply(action)
                spent += time.perf_counter() - start
                laid += 2
        per_tile = spent / laid * 1e6
        # The search alone, on the tables those turns produced.
        tables = []
        for state, action in jobs[:50]:
            copy = state.clone()
            copy.apply(action)
            x, y, o = copy.played[-1]
            tables.append((copy.table, x, y, o))
        book = game.book
        searches = 0
        start = time.perf_counter()
        deadline = start + seconds / 3
        while time.perf_counter() < deadline:
            for table, x, y, o in tables:
                book.through(table, x, y, o)
            searches += len(tables)
        per_search = (time.perf_counter() - start) / searches * 1e6
        recounts = 0
        start = time.perf_counter()
        deadline = start + seconds / 3
        while time.perf_counter() < deadline:
            for table, *_ in tables[:10]:
                book.count(table)
            recounts += len(tables[:10])
        per_recount = (time.perf_counter() - start) / recounts * 1e6
        rows.append((size, per_tile, per_search, per_recount))
    return rows


def report(rows, echo=print) -> None:
    echo("tiles: cost per placement as the table fills (incremental shape detection)")
    echo(f"  {'tiles on table':>14}  {'us per tile laid':>16}  {'us per shape search':>19}"
         f"  {'us per full recount':>19}")
    for size, per_tile, per_search, per_recount in rows:
        echo(f"  {size:>14}  {per_tile:>16.2f}  {per_search:>19.2f}  {per_recount:>19.0f}")


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=1.0, help="time per table size (default 1)")
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args(argv)
    report(placement_costs(seconds=args.seconds, seed=args.seed))
    return 0


if __name__ == "__main__":
    sys.exit(main())
