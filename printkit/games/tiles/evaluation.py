"""How well a Tiles position stands for one player, for the balance agents.

Read from the player's observation only: the score (winning shape pairs)
first, then the shapes of each colour on the table, since a shape of yours
is half of a future winning pair.
"""

from __future__ import annotations

import math

from .shapes import COLOURS


def evaluate(game, view: dict, player: int) -> float:
    """A score in (-1, 1): above 0 when ``player`` stands better than the opponent."""
    own, rival = COLOURS[player], COLOURS[1 - player]
    result = view.get("result")
    if result in COLOURS:
        return 1.0 if result == own else -1.0
    score = view["score"][own] - view["score"][rival]
    shapes = sum(view["shapes"][own].values()) - sum(view["shapes"][rival].values())
    return math.tanh(score + 0.2 * shapes)


def ending(game, view: dict) -> str:
    """Which way a finished game ended, for the balance report."""
    if view.get("unfinished"):
        return "turn cap"
    if view["result"] == "draw":
        return "draw after the last tile"
    return "shape pair with tiles left" if view["supply"] > 0 else "more pairs after the last tile"
