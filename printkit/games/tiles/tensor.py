"""Tiles observations as numbers (OpenSpiel's observation tensor).

Planes over a window of the table wide enough for every tile of the supply
(x and y from -R to R, R the tile count): a tile with its black half in the
lower-left, lower-right, upper-left or upper-right corner (4 planes), and a
face-hidden tile (1 plane). Counters: the supply left, each colour's score,
the player to move (one-hot).
"""

from __future__ import annotations

from .shapes import CODES


def _reach(game) -> int:
    return game.tile_count


def shape(game) -> dict:
    side = 2 * _reach(game) + 1
    return {"board": (5, side, side), "counters": (5,)}


def fill(game, view: dict, player: int, parts: dict) -> None:
    board, counters = parts["board"], parts["counters"]
    r = _reach(game)
    for x, y, corner in view["tiles"]:
        plane = 4 if corner is None else CODES.index(corner)
        board[plane, y + r, x + r] = 1.0
    counters[0] = view["supply"]
    counters[1], counters[2] = view["score"]["black"], view["score"]["white"]
    if view.get("to_move") in ("black", "white"):
        counters[3 + ("black", "white").index(view["to_move"])] = 1.0
