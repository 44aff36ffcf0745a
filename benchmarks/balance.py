"""Games per second of each balance agent, for every bundled game, in one process.

Each agent plays itself in every seat, games seeded as `printkit balance`
seeds them; the figure is whole games (to the end or the turn cap) per
second on one core, so a run of N games with J workers takes about
N / (rate * J) seconds.
Run: python benchmarks/balance.py [--games N]
"""

from __future__ import annotations

import argparse
import time

from printkit import games, rules
from printkit.balance.match import Task, play

CONFIGS = {"mckinney": [{"players": 2}, {"players": 4}], "phoenix": [{"players": 2}, {"players": 4}]}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=6, help="games per agent and configuration")
    args = parser.parse_args()
    print(f"{'game':<22}{'agent':<8}{'games/s':>10}{'decisions/s':>14}{'mean turns':>12}")
    for name in games.known():
        for options in CONFIGS.get(name, [{}]):
            seats = rules.load(name, **options).num_players
            label = name + "".join(f" {k}={v}" for k, v in options.items())
            for agent in ("random", "greedy", "mcts"):
                count = args.games if agent != "mcts" else max(1, args.games // 3)
                start = time.perf_counter()
                records = [play(Task(name, tuple(sorted(options.items())), (agent,) * seats, 0, i))
                           for i in range(count)]
                seconds = time.perf_counter() - start
                decisions = sum(r.decisions for r in records)
                turns = [r.turns for r in records if r.turns is not None]
                mean = f"{sum(turns) / len(turns):.0f}" if turns else "-"
                print(f"{label:<22}{agent:<8}{count / seconds:>10.2f}{decisions / seconds:>14.0f}{mean:>12}")


if __name__ == "__main__":
    main()
