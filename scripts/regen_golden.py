#!/usr/bin/env python
"""Regenerate the golden playthroughs and perft data the engine contract tests check.

    python scripts/regen_golden.py                 # every configuration in tests/engine_configs.py
    python scripts/regen_golden.py mckinney-players2 phoenix-players2   # just these

Run it after a deliberate rules change and review the diff: each golden file
is a seeded random game, one move and the position after it per line; each
perft file holds action-sequence counts from a few fixed positions.
"""

from __future__ import annotations

import json
import random
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests"))
sys.path.insert(0, str(ROOT))

from engine_configs import CONFIGS, config_id, load  # noqa: E402
from printkit.playout import choose, divide, perft  # noqa: E402

GOLDEN_SEEDS = range(40)  # the shortest game that ends among these seeds is recorded...
GOLDEN_MAX = 250  # ...if it ends within this many actions; else the first GOLDEN_PREFIX of seed 0
GOLDEN_PREFIX = 150
PERFT_BUDGET = 20000  # deepest depth whose count stays within this many sequences
PERFT_MAX_DEPTH = 5


def play(game, seed: int, limit: int) -> tuple[list, object]:
    rng = random.Random(seed)
    state = game.initial_state()
    steps = []
    while not state.is_terminal() and len(steps) < limit:
        action = choose(state, rng)
        move = state.action_to_string(action)
        state.apply(action)
        steps.append({"move": move, "position": state.to_json()})
    return steps, state


def golden(game, cid: str, game_id: str, options: dict) -> dict:
    best = None
    for seed in GOLDEN_SEEDS:
        steps, state = play(game, seed, GOLDEN_MAX)
        if state.is_terminal() and (best is None or len(steps) < len(best[1])):
            best = (seed, steps, state)
    if best is None:
        steps, state = play(game, 0, GOLDEN_PREFIX)
        best = (0, steps, state)
    seed, steps, state = best
    return {
        "config": cid, "game": game_id, "options": options, "seed": seed,
        "initial": game.initial_state().to_json(),
        "terminal": state.is_terminal(),
        "returns": state.returns() if state.is_terminal() else None,
        "steps": steps,
    }


def perft_data(game, record: dict) -> dict:
    positions = [("initial", game.initial_state().to_json())]
    steps = record["steps"]
    for fraction in (3, 2):
        k = len(steps) // fraction
        if 0 < k < len(steps) and not steps[k - 1]["position"].get("phase") == "over":
            positions.append((f"after move {k} of the golden game", steps[k - 1]["position"]))
    out = []
    for name, obj in positions:
        state = game.state_from_json(obj)
        counts = []
        for depth in range(1, PERFT_MAX_DEPTH + 1):
            count = perft(state, depth)
            if count > PERFT_BUDGET and counts:
                break
            counts.append(count)
            if count == 0:
                break
        out.append({"name": name, "position": obj, "counts": counts,
                    "divide": divide(state, len(counts))})
    return {"config": record["config"], "positions": out}


def write(path: Path, data: dict, lines_key: str | None = None) -> None:
    """JSON with one list item a line, so a diff shows which move or position changed."""
    if lines_key is None:
        text = json.dumps(data, indent=1, sort_keys=True) + "\n"
    else:
        head = {k: v for k, v in data.items() if k != lines_key}
        body = ",\n".join("  " + json.dumps(item, sort_keys=True, separators=(",", ":"))
                          for item in data[lines_key])
        text = json.dumps(head, indent=1, sort_keys=True)[:-2] + f',\n "{lines_key}": [\n{body}\n ]\n}}\n'
    path.write_text(text, encoding="utf-8")


def main(argv: list[str]) -> int:
    wanted = set(argv)
    known = {config_id(g, o) for g, o in CONFIGS}
    if wanted - known:
        print(f"unknown configuration(s): {', '.join(sorted(wanted - known))}; known: {', '.join(sorted(known))}")
        return 2
    for game_id, options in CONFIGS:
        cid = config_id(game_id, options)
        if wanted and cid not in wanted:
            continue
        game = load(game_id, options)
        record = golden(game, cid, game_id, options)
        write(ROOT / "tests" / "golden" / f"{cid}.json", record, lines_key="steps")
        data = perft_data(game, record)
        write(ROOT / "tests" / "perft" / f"{cid}.json", data)
        counts = "; ".join(f"{p['name']}: {p['counts']}" for p in data["positions"])
        print(f"{cid}: golden {len(record['steps'])} moves (seed {record['seed']}), perft {counts}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
