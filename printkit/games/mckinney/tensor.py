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


_AT: dict = {}  # (board width, square name or piece) -> its offset in the board planes


def _offset(width: int, text: str) -> int:
    """Where a square (``g9``: rank by file) or a piece's plane (``0B``) starts in the board planes."""
    key = (width, text)
    at = _AT.get(key)
    if at is None:
        if text[-1] in KINDS:
            at = (4 * int(text[:-1]) + KINDS[text[-1]]) * width * width
        else:
            at = (int(text[1:]) - 1) * width + ord(text[0]) - ord("a")
        at = _AT[key] = at
    return at


def fill(game, view: dict, player: int, parts: dict) -> None:
    board, counters = parts["board"], parts["counters"]
    # Every piece's place at once, rather than one element at a time.
    width = game.width
    places = [_offset(width, code) + _offset(width, square) for square, code in view["pieces"].items()]
    if places:
        board.flat[places] = 1.0
    for p, entry in enumerate(view["players"]):
        cache = entry["cache"]
        counters[6 * p:6 * p + 6] = [entry["shields"], cache["paper"], cache["rock"], cache["scissors"],
                                     entry["sliders"]["A"], entry["sliders"]["B"]]
    if isinstance(view.get("to_move"), int) and view.get("phase") != "over":
        counters[6 * game.num_players + view["to_move"]] = 1.0
