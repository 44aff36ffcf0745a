"""How well a Playground Battles position stands for one player, for the
balance agents. Read from the player's observation only (the other side's
unrevealed types are unknown): pieces left on the board, and how near each
side's nearest piece stands to the other side's base."""

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
    # Rows to go for the nearest piece of each side: a race to the other base,
    # so the rival's nearest runner counts as much as one's own.
    mine = _rows_to_go(on[me], game.depth if player == 0 else 1, game.depth)
    theirs = _rows_to_go(on[them], 1 if player == 0 else game.depth, game.depth)
    score = (len(on[me]) - len(on[them])) * 0.5 + (theirs - mine) * 0.3
    return math.tanh(score / 4.0)


def _rows_to_go(squares: list, target_row: int, depth: int) -> int:
    """Rows between the nearest of ``squares`` and ``target_row`` (the row
    before a base); ``depth`` when there is none on the board."""
    return min((abs(int(at[1:]) - target_row) for at in squares), default=depth)


# --- Where things happen, for the balance report's heatmaps ------------------

def board(game) -> dict:
    """The board as the kit prints it: files a.., rows 1.. from the first
    colour's side; the two squares in front of each base marked."""
    files = "abcdefghijklmnopqrstuvwxyz"[:game.width]
    marked = {}
    for column in game.base_columns:
        marked[(column, 0)] = "base"
        marked[(column, game.depth - 1)] = "base"
    return {"columns": game.width, "rows": game.depth, "column_labels": list(files),
            "row_labels": [str(r + 1) for r in range(game.depth)], "marked": marked}


def pieces(game, view: dict) -> dict:
    """Occupied squares (x, y) from 0 -> (seat, "piece"); a stalemate counts once."""
    seat = {name: i for i, name in enumerate(view["players"])}
    out = {}
    for piece in view["pieces"]:
        at = piece["at"]
        if at and at != "base":
            out[(ord(at[0]) - ord("a"), int(at[1:]) - 1)] = (seat[piece["owner"]], "piece")
    return out
