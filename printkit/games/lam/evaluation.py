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


def evaluate_position(game, state, player: int) -> float:
    """``evaluate`` of ``player``'s observation, read straight from the
    position (nothing in Lam is hidden): the same number, its sums in the
    same order, without writing out the board, for the search, which judges
    every position it meets."""
    from .rules import DRAW, KINDS

    names = game.colors
    me, them = names[player], names[1 - player]
    if state.unfinished or state.winner == DRAW:
        return 0.0
    if state.winner is not None:
        return 1.0 if names[state.winner] == me else -1.0
    # As the observation holds them: by colour name, the later seat's where two share one.
    captured = {names[p]: dict(zip(KINDS, state.captured[p])) for p in range(2)}
    score = FLAG * (captured[them]["flag"] - captured[me]["flag"])
    for kind, weight in WEIGHTS.items():
        score += weight * (captured[them][kind] - captured[me][kind])
    return math.tanh(score / 4.0)


# --- Where things happen, for the balance report's heatmaps ------------------

def board(game) -> dict:
    """The hex board as the kit prints it (one hex across the flats is 1):
    every hex's outline by (column, row), files a.. and rows 1.., the Flags'
    starting hexes marked."""
    from .hexes import HexBoard, column_letter

    hexes = game.board
    cells = {}
    for cell in range(hexes.cells):
        cx, cy = hexes.centre_mm(cell, 1.0)
        cells[hexes.place(cell)] = HexBoard.corners(cx, cy, 1.0)
    width, height = hexes.size_mm(1.0)
    flags = {_place(name): "F" for name, stack in game.initial_state().to_json()["board"].items()
             if "F" in stack}
    return {"columns": hexes.columns, "rows": hexes.rows, "cells": cells, "extent": (width, height),
            "column_labels": [column_letter(c) for c in range(hexes.columns)],
            "row_labels": [str(r + 1) for r in range(hexes.rows)], "marked": flags}


def pieces(game, view: dict) -> dict:
    """Occupied hexes (column, row) from 0 -> (seat of the stack's top piece, "piece")."""
    return {_place(name): (int(stack[-2]), "piece") for name, stack in view["board"].items()}


def _place(name: str) -> tuple[int, int]:
    return ord(name[0]) - ord("a"), int(name[1:]) - 1
