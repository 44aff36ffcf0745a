"""RPS Phoenix observations as numbers (OpenSpiel's observation tensor).

Board planes (row y by column x): for every player in seat order, their
Rock, Paper and Scissors Birds (3 planes each), then the rolled square.
Counters: each player's Birds in hand and in the Ashes (rock, paper,
scissors), the player to move (one-hot), the turn as a fraction of the
cap, and whether the Escalation Phase has begun.
"""

from __future__ import annotations

TYPES = ("rock", "paper", "scissors")


def shape(game) -> dict:
    n = game.num_players
    return {"board": (3 * n + 1, game.rows, game.columns), "counters": (6 * n + n + 2,)}


def fill(game, view: dict, player: int, parts: dict) -> None:
    board, counters = parts["board"], parts["counters"]
    names = view["players"]
    n = len(names)
    for entry in view["grid"]:
        x, y = entry["at"]
        board[3 * names.index(entry["owner"]) + TYPES.index(entry["bird"]), y - 1, x - 1] = 1.0
    if view.get("rolled"):
        x, y = view["rolled"]
        board[3 * n, y - 1, x - 1] = 1.0
    for p, name in enumerate(names):
        counters[6 * p:6 * p + 3] = [view["hand"][name][t] for t in TYPES]
        counters[6 * p + 3:6 * p + 6] = [view["ashes"][name][t] for t in TYPES]
    if view.get("to_move") in names:
        counters[6 * n + names.index(view["to_move"])] = 1.0
    counters[7 * n] = view["turn"] / game.max_turns
    counters[7 * n + 1] = 1.0 if view["escalation"] else 0.0
