"""Playground Battles observations as numbers (OpenSpiel's observation tensor).

Board planes (row by column): for each player, a piece whose type the
viewer knows, by type (3 planes each), and a piece whose type the viewer
does not know (1 plane each); a stalemate. Counters: the roll (one-hot, 6),
the player to move (one-hot), each player's pieces off the board.
"""

from __future__ import annotations

TYPES = ("rock", "paper", "scissors")


def shape(game) -> dict:
    return {"board": (9, game.depth, game.width), "counters": (6 + 2 + 2,)}


def fill(game, view: dict, player: int, parts: dict) -> None:
    board, counters = parts["board"], parts["counters"]
    names = view["players"]
    count: dict = {}
    for piece in view["pieces"]:
        owner = names.index(piece["owner"])
        if piece["at"] is None:
            counters[8 + owner] += 1
            continue
        column, row = ord(piece["at"][0]) - ord("a"), int(piece["at"][1:]) - 1
        plane = 4 * owner + (TYPES.index(piece["type"]) if piece["type"] else 3)
        board[plane, row, column] = 1.0
        count[piece["at"]] = count.get(piece["at"], 0) + 1
        if count[piece["at"]] == 2:
            board[8, row, column] = 1.0
    if view.get("roll"):
        counters[view["roll"] - 1] = 1.0
    if view.get("to_move") in names:
        counters[6 + names.index(view["to_move"])] = 1.0
