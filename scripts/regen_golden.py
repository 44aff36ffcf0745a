#!/usr/bin/env python
"""Regenerate the golden playthroughs and perft data the engine contract tests check.

    python scripts/regen_golden.py                 # every configuration in tests/engine_configs.py
    python scripts/regen_golden.py mckinney-players2 phoenix-players2   # just these

Run it after a deliberate rules change and review the diff: each golden file
is a seeded random game, one move and the position after it per line; each
perft file holds action-sequence counts from a few fixed positions.

The golden game of tests/golden/<id>.json is the shortest that ends, so
rules that only come late never appear in it. A configuration that declares
a late game in engine_configs.LATE (events it must show, how it must end)
also gets tests/golden/late/<id>.json: the first seed, in order, whose game
qualifies. A long game keeps its position every k moves (and after the
last), k as small as keeps the file within LATE_BUDGET.
"""

from __future__ import annotations

import json
import random
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests"))
sys.path.insert(0, str(ROOT))

from engine_configs import CONFIGS, ENDS, EVENTS, LATE, config_id, first_events, load  # noqa: E402
from printkit.playout import choose, divide, perft_counts  # noqa: E402

GOLDEN_SEEDS = range(40)  # the shortest game that ends among these seeds is recorded...
GOLDEN_MAX = 250  # ...if it ends within this many actions; else the first GOLDEN_PREFIX of seed 0
GOLDEN_PREFIX = 150
LATE_SEEDS = range(5000)  # tried in order for a late golden game; none qualifies: an error
LATE_BUDGET = 500_000  # bytes a late golden file may take
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


def late_golden(game, cid: str, game_id: str, options: dict, wanted: dict) -> dict:
    """The first seed's game that shows every event ``wanted`` names and ends as it says."""
    unknown = [e for e in wanted["events"] if e not in EVENTS[game.name]]
    if unknown or wanted["end"] not in ENDS:
        raise SystemExit(f"{cid}: engine_configs.LATE names unknown event(s) or end: "
                         f"{', '.join(unknown) or wanted['end']}; events: {', '.join(EVENTS[game.name])}; "
                         f"ends: {', '.join(ENDS)}")
    initial = game.initial_state().to_json()
    for seed in LATE_SEEDS:
        steps, state = play(game, seed, game.max_game_length or 10 ** 7)
        found = first_events(game.name, wanted["events"], initial,
                             [(s["move"], s["position"]) for s in steps])
        if len(found) == len(wanted["events"]) and ENDS[wanted["end"]][1](state):
            break
    else:
        raise SystemExit(f"{cid}: no game among seeds {LATE_SEEDS.start}..{LATE_SEEDS.stop - 1} shows "
                         f"{', '.join(wanted['events'])} and ends {wanted['end']}")
    record = {
        "config": cid, "game": game_id, "options": options, "seed": seed,
        "covers": wanted, "events": found,
        "initial": initial,
        "terminal": state.is_terminal(),
        "unfinished": bool(state.unfinished),
        "returns": state.returns() if state.is_terminal() else None,
    }
    for stride in range(1, len(steps) + 1):
        kept = [step if number % stride == 0 or number == len(steps) else {"move": step["move"]}
                for number, step in enumerate(steps, 1)]
        record.update(stride=stride, steps=kept)
        if len(render(record, lines_key="steps").encode()) <= LATE_BUDGET:
            break
    return record


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
        counts = perft_counts(state, PERFT_MAX_DEPTH, PERFT_BUDGET)
        out.append({"name": name, "position": obj, "counts": counts,
                    "divide": divide(state, len(counts))})
    return {"config": record["config"], "positions": out}


def render(data: dict, lines_key: str | None = None) -> str:
    """JSON with one list item a line, so a diff shows which move or position changed."""
    if lines_key is None:
        text = json.dumps(data, indent=1, sort_keys=True) + "\n"
    else:
        head = {k: v for k, v in data.items() if k != lines_key}
        body = ",\n".join("  " + json.dumps(item, sort_keys=True, separators=(",", ":"))
                          for item in data[lines_key])
        text = json.dumps(head, indent=1, sort_keys=True)[:-2] + f',\n "{lines_key}": [\n{body}\n ]\n}}\n'
    return text


def write(path: Path, data: dict, lines_key: str | None = None) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(render(data, lines_key), encoding="utf-8")


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
        if cid in LATE:
            late = late_golden(game, cid, game_id, options, LATE[cid])
            path = ROOT / "tests" / "golden" / "late" / f"{cid}.json"
            write(path, late, lines_key="steps")
            end = "unfinished" if late["unfinished"] else f"returns {late['returns']}"
            print(f"  late: {len(late['steps'])} moves (seed {late['seed']}), a position every "
                  f"{late['stride']} moves, {end}, events at move {late['events']}, "
                  f"{path.stat().st_size:,} bytes")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
