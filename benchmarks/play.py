"""The live table's agents: seconds per move, as `printkit play` asks them.

    python benchmarks/play.py [--moves 20] [--seed 0]

For each bundled game with a table stage, a game is played from the set-up
by the table itself (printkit.play.session), each seat in turn asking its
agent; the time of each agent's choice is measured (the dice the table
rolls are not). Printed per game and agent: the median and the slowest
move, against the table's aims (greedy under 0.2 s, MCTS at its default
budget under 1 s a move). Then what a save of the spec costs: the table's
reload (spec, board, parts; the aim: within a second) and the sheets tab's
render of every page. Figures, not a test: they depend on the machine.
"""

from __future__ import annotations

import argparse
import statistics
import time

from printkit import table as tables
from printkit.play.session import Session

GAMES = ("mckinney", "phoenix", "tiles", "playground", "lam")
AIMS = {"random": None, "greedy": 0.2, "mcts": 1.0}


def times(game: str, agent: str, moves: int, seed: int) -> list[float]:
    session = Session(game, seed=seed)
    session.new_game(seats=[agent] * len(session.seats))
    out = []
    while len(out) < moves and not session.state.is_terminal():
        state, chooser, rng, seat, version = session.think(None)
        start = time.perf_counter()
        action = chooser.choose(state, rng)
        out.append(time.perf_counter() - start)
        session.answer(seat, version, action)
    return out


def reload_costs(game: str) -> tuple[float, float]:
    """Seconds to reload the table after a save, and to render the kit's sheets."""
    from printkit.play.app import Sheets

    session = Session(game)
    start = time.perf_counter()
    session.reload()
    reload = time.perf_counter() - start
    start = time.perf_counter()
    Sheets(session).render()
    return reload, time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--moves", type=int, default=60, help="agent moves measured per game and agent")
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    print(f"{'game':<12}{'agent':<8}{'moves':>6}{'median s':>10}{'slowest s':>11}  aim")
    for game in GAMES:
        if tables.stage(game) is None:
            print(f"{game:<12}(no table stage yet)")
            continue
        for agent, aim in AIMS.items():
            measured = times(game, agent, args.moves, args.seed)
            verdict = "" if aim is None else (f"< {aim:g} s " + ("met" if max(measured) < aim else "MISSED"))
            print(f"{game:<12}{agent:<8}{len(measured):>6}{statistics.median(measured):>10.3f}"
                  f"{max(measured):>11.3f}  {verdict}")
    print(f"\n{'game':<12}{'reload s':>9}{'sheets s':>10}")
    for game in GAMES:
        if tables.stage(game) is not None:
            reload, sheets = reload_costs(game)
            print(f"{game:<12}{reload:>9.3f}{sheets:>10.3f}")


if __name__ == "__main__":
    main()
