"""Lam observations as numbers (OpenSpiel's observation tensor).

Board planes (row by column, as the board prints): for each player, the top
piece of each hex by type (rock, paper, scissors, flag: 4 planes each); the
height of each Paper stack; locked Scissors. Counters: each player's
captured pieces by type, the player to move (one-hot), the turn as a
fraction of the cap.
"""

from __future__ import annotations

KINDS = ("rock", "paper", "scissors", "flag")


def shape(game) -> dict:
    b = game.board
    return {"board": (10, b.rows, b.columns), "counters": (8 + 2 + 1,)}


def fill(game, view: dict, player: int, parts: dict) -> None:
    board, counters = parts["board"], parts["counters"]
    b = game.board
    for name, code in view["board"].items():
        column, row = b.place(b.parse(name))
        board[4 * int(code[-2]) + "RPSF".index(code[-1]), row, column] = 1.0
        board[8, row, column] = len(code) // 2
    for pair in view["locks"]:
        for name in pair:
            column, row = b.place(b.parse(name))
            board[9, row, column] = 1.0
    names = view["players"]
    for p, name in enumerate(names):
        counters[4 * p:4 * p + 4] = [view["captured"][name][k] for k in KINDS]
    if view.get("to_move") in names:
        counters[8 + names.index(view["to_move"])] = 1.0
    counters[10] = view["turn"] / game.max_turns
