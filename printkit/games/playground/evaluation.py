"""How well a Playground Battles position stands for one player, for the
balance agents. Read from the player's observation only (the other side's
unrevealed types are unknown): pieces left on the board, free pieces, and
how near the nearest free piece stands to the enemy base."""

from __future__ import annotations

import math


def evaluate(game, view: dict, player: int) -> float:
    names = view["players"]
    me, them = names[player], names[1 - player]
    result = view.get("result")
    if result and result["outcome"] == "win":
        return 1.0 if result["winner"] == me else -1.0
    if result:
        return 0.0
    on = {me: [], them: []}
    for piece in view["pieces"]:
        if piece["at"] is not None:
            on[piece["owner"]].append(piece["at"])
    target_row = game.depth if player == 0 else 1
    near = min((abs(int(at[1:]) - target_row) for at in on[me]), default=game.depth)
    score = (len(on[me]) - len(on[them])) * 0.5 + (game.depth - near) * 0.3
    return math.tanh(score / 4.0)
