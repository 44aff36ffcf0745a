"""How well a Lam position stands for one player, for the balance agents.

Read from the observation (the whole position: nothing is hidden): Flags
first (they decide the game), then material weighted by what each type
does, then how near each side's pieces stand to the enemy Flags.
"""

from __future__ import annotations

import math

WEIGHTS = {"rock": 1.2, "paper": 0.5, "scissors": 1.0}
FLAG = 4.0


def evaluate(game, view: dict, player: int) -> float:
    """A score in (-1, 1): above 0 when ``player`` stands better."""
    names = view["players"]
    me, them = names[player], names[1 - player]
    result = view.get("result")
    if result and result["outcome"] == "win":
        return 1.0 if result["winner"] == me else -1.0
    if result:
        return 0.0
    captured = view["captured"]
    score = FLAG * (captured[them]["flag"] - captured[me]["flag"])
    for kind, weight in WEIGHTS.items():
        score += weight * (captured[them][kind] - captured[me][kind])
    return math.tanh(score / 4.0)
