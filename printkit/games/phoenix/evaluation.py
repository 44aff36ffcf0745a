"""How well a Phoenix position stands for one player, for the balance agents.

Read from the player's observation only. Birds still in play (on the grid
or still to enter) decide the game; points break ties between equal armies.
In Give-Away the fewer Birds the better; in Team a side counts its Birds
together.
"""

from __future__ import annotations

import math


def evaluate(game, view: dict, player: int) -> float:
    """A score in (-1, 1): above 0 when ``player``'s side stands better than its best rival."""
    names = view["players"]
    result = view.get("result")
    if result and result.get("outcome") == "win":
        return 1.0 if names[player] in result["winners"] else -1.0
    birds = {name: sum(view["hand"][name].values()) for name in names}
    for bird in view["grid"]:
        birds[bird["owner"]] += 1
    points = {name: view["score"][name]["points"] for name in names}
    sides: dict = {}
    for seat, name in enumerate(names):
        side = game.team_of[seat]
        count, score = sides.get(side, (0, 0))
        sides[side] = (count + birds[name], score + points[name])
    sign = -1 if view.get("variant") == "give-away" else 1
    value = {side: sign * count + 0.1 * score for side, (count, score) in sides.items()}
    own = game.team_of[player]
    rival = max(v for side, v in value.items() if side != own)
    return math.tanh((value[own] - rival) / 2)


# --- Where things happen, for the balance report's heatmaps ------------------

def board(game) -> dict:
    """The grid as the kit prints it: columns read from the black die, rows
    from the white, the Phoenix squares marked."""
    data = game.spec.data["board"]
    marked = {(x - 1, y - 1): "Phoenix" for x, y in data["phoenix_squares"]}
    return {"columns": data["columns"], "rows": data["rows"],
            "column_labels": [str(c + 1) for c in range(data["columns"])],
            "row_labels": [str(r + 1) for r in range(data["rows"])], "marked": marked}


def pieces(game, view: dict) -> dict:
    """Occupied squares (x, y) from 0 -> (seat, "bird")."""
    seat = {name: i for i, name in enumerate(view["players"])}
    return {(b["at"][0] - 1, b["at"][1] - 1): (seat[b["owner"]], "bird") for b in view["grid"]}
