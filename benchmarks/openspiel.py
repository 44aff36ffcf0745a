"""The OpenSpiel adapter's overhead: random playouts through pyspiel beside
the same playouts through the engine contract directly.

    pip install 'printkit-games[openspiel]' && python benchmarks/openspiel.py
"""

from __future__ import annotations

import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import pyspiel  # noqa: E402

import printkit.openspiel  # noqa: E402,F401
from printkit import rules  # noqa: E402

GAMES = [("tiles", {}), ("phoenix", {"players": 2}), ("lam", {}), ("mckinney", {"players": 2})]


def contract(name: str, options: dict, seconds: float) -> float:
    game, rng, actions, start = rules.load(name, **options), random.Random(0), 0, time.perf_counter()
    while time.perf_counter() - start < seconds:
        state = game.initial_state()
        while not state.is_terminal():
            state.apply(rng.choice(state.next_actions()))
            actions += 1
    return actions / (time.perf_counter() - start)


def adapted(name: str, options: dict, seconds: float) -> float:
    params = ",".join(f"{k}={v}" for k, v in options.items())
    game = pyspiel.load_game(f"printkit_{name}({params})" if params else f"printkit_{name}")
    rng, actions, start = random.Random(0), 0, time.perf_counter()
    while time.perf_counter() - start < seconds:
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_action(rng.choice([a for a, _ in state.chance_outcomes()]))
            else:
                state.apply_action(rng.choice(state.legal_actions()))
            actions += 1
    return actions / (time.perf_counter() - start)


if __name__ == "__main__":
    seconds = float(sys.argv[1]) if len(sys.argv) > 1 else 2.0
    print(f"{'game':<12} {'contract actions/s':>20} {'through OpenSpiel':>20} {'overhead':>9}")
    for name, options in GAMES:
        direct, through = contract(name, options, seconds), adapted(name, options, seconds)
        print(f"{name:<12} {direct:>20,.0f} {through:>20,.0f} {direct / through:>8.2f}x")
