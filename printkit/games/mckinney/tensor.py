"""McKinney observations as numbers (OpenSpiel's observation tensor).

Board planes, each the board's squares (rank by file): for every player in
seat order, their Builder, Paper, Rock and Scissors Units (4 planes each);
then the counters: each player's Shields, cache (paper, rock, scissors) and
Slider notches (A, B), and the player to move (one-hot).
"""

from __future__ import annotations

KINDS = {"B": 0, "P": 1, "R": 2, "S": 3}


def shape(game) -> dict:
    n, w = game.num_players, game.width
    return {"board": (4 * n, w, w), "counters": (6 * n + n,)}


def fill(game, view: dict, player: int, parts: dict) -> None:
    board, counters = parts["board"], parts["counters"]
    for square, code in view["pieces"].items():
        x, y = ord(square[0]) - ord("a"), int(square[1:]) - 1
        board[4 * int(code[:-1]) + KINDS[code[-1]], y, x] = 1.0
    for p, entry in enumerate(view["players"]):
        cache = entry["cache"]
        counters[6 * p:6 * p + 6] = [entry["shields"], cache["paper"], cache["rock"], cache["scissors"],
                                     entry["sliders"]["A"], entry["sliders"]["B"]]
    if isinstance(view.get("to_move"), int) and view.get("phase") != "over":
        counters[6 * game.num_players + view["to_move"]] = 1.0
