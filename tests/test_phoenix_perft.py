"""Perft counts from fixed Escalation Phase positions.

The generic golden games (tests/golden/phoenix-*.json) are short random games
that end long before the Escalation Phase, so these positions keep its rules
(long diagonals, mutual elimination, chain steps, the double Phoenix, the
forced Give-Away Phoenix) under the same kind of check. After a deliberate
rules change, regenerate and review the diff:

    python tests/test_phoenix_perft.py
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))
from phoenix_helpers import ESCALATION_2P, game, moves, position  # noqa: E402
from printkit.playout import divide, perft, perft_counts  # noqa: E402

DATA = Path(__file__).resolve().parent / "perft" / "phoenix-escalation.json"
BUDGET = 20000  # the deepest depth whose count stays within this many sequences
MAX_DEPTH = 4


def positions():
    """(name, players, variant, position) of each fixed position."""
    two, team, give = game(), game(4, "team"), game(3, "give-away")
    return [
        ("two players: a roll can capture and chain", 2, "standard",
         position(two, {"1,2": "Red R", "1,6": "Red P", "3,4": "Blue P", "4,5": "Blue S", "6,1": "Blue R"},
                  turn=ESCALATION_2P)),
        ("two players: a choice of fights after a chain step", 2, "standard",
         position(two, {"1,2": "Red R", "1,6": "Red P", "3,4": "Blue P", "2,5": "Blue S", "4,3": "Blue R"},
                  turn=ESCALATION_2P, stage="roll")),
        ("Team: Birds in the Ashes, the dice to roll", 4, "team",
         position(team, {"2,2": "Red R", "5,5": "Blue P", "4,4": "Pink S", "3,5": "Green S", "6,1": "Blue R"},
                  turn=team.escalation_turn + 1, to_move="Blue", stage="roll")),
        ("Give-Away: rises are forced", 3, "give-away",
         position(give, {"3,3": "Red R", "6,6": "Blue P", "1,6": "Green S", "4,2": "Green P"},
                  turn=give.escalation_turn, stage="roll")),
    ]


def regenerate() -> None:
    out = []
    for name, players, variant, state in positions():
        found = perft_counts(state, MAX_DEPTH, BUDGET)
        out.append({"name": name, "players": players, "variant": variant, "position": state.to_json(),
                    "counts": found, "divide": divide(state, len(found))})
        print(f"{name}: {found}")
    DATA.write_text(json.dumps({"positions": out}, indent=1, sort_keys=True) + "\n", encoding="utf-8")


def test_the_first_position_by_hand():
    # Red: roll; the Rock one square to 2,3 (3,4 is taken) or 2,1; the Paper to 2,5.
    name, _, _, state = positions()[0]
    assert moves(state) == ["roll", "R d 1,2>2,1", "R d 1,2>2,3", "P d 1,6>2,5"]
    # After roll, 36 outcomes; after each diagonal move the turn is over or the game is.
    assert perft(state, 2) == 36 + sum(perft(_after(state, m), 1) for m in moves(state)[1:])


def _after(state, move):
    child = state.clone()
    child.apply(child.string_to_action(move))
    return child


@pytest.mark.parametrize("index", range(4))
def test_escalation_perft_counts(index):
    if not DATA.exists():
        pytest.fail(f"{DATA} is missing: run python tests/test_phoenix_perft.py")
    entry = json.loads(DATA.read_text(encoding="utf-8"))["positions"][index]
    name, players, variant, state = positions()[index]
    assert entry["name"] == name
    assert state.to_json() == entry["position"], "the fixed position changed: regenerate"
    g = game(players, variant)
    state = g.state_from_json(entry["position"])
    found = [perft(state, depth) for depth in range(1, len(entry["counts"]) + 1)]
    if found != entry["counts"]:
        now = divide(state, len(found))
        wrong = [f"  {move}: expected {entry['divide'].get(move)}, got {now.get(move)}"
                 for move in sorted(set(now) | set(entry["divide"])) if now.get(move) != entry["divide"].get(move)]
        pytest.fail(f"{name}: expected {entry['counts']}, got {found}; per first move:\n" + "\n".join(wrong))


if __name__ == "__main__":
    regenerate()
