"""How well a Playground Battles position stands for one player, for the
balance agents. Read from the player's observation only (the other side's
unrevealed types are unknown).

A base is entered only with the exact roll, so what decides a game is how
many of the six faces would carry one of a side's free pieces into the
other base (pieces at 2 and 5 steps win on a 2 or a 5), and who rolls
next. From those two chances the evaluation works out how likely each side
is to get in first; pieces left and how near each side's nearest piece
stands to the other base weigh less, and decide while nobody is in reach.
"""

from __future__ import annotations

import math

# How much the entry race weighs against pieces and rows (measured: greedy
# play with it beats the pieces-and-rows evaluation 157 games in 200).
ENTRY = 0.8


def evaluate(game, view: dict, player: int, entry: float = ENTRY) -> float:
    names = view["players"]
    me, them = names[player], names[1 - player]
    result = view.get("result")
    if result and result["outcome"] == "win":
        return 1.0 if result["winner"] == me else -1.0
    if result:
        return 0.0
    on, count = {me: [], them: []}, {}
    for piece in view["pieces"]:
        at = piece["at"]
        if at is not None and at != "base":
            on[piece["owner"]].append(at)
            count[at] = count.get(at, 0) + 1
    occupied = sum(1 << _square(game, at) for at in count)
    # A stalemate holds two pieces on one square: neither moves.
    free = {side: [_square(game, at) for at in squares if count[at] == 1] for side, squares in on.items()}
    mine = entry_rolls(game, occupied, free[me], player)
    theirs = entry_rolls(game, occupied, free[them], 1 - player)
    p, q = len(mine) / 6, len(theirs) / 6
    mover = view.get("to_move")
    if view.get("phase") == "move" and view.get("roll"):  # the die is cast: no chance about it
        if mover == me:
            p = float(view["roll"] in mine)
        else:
            q = float(view["roll"] in theirs)
    first = first_in(p, q) if mover == me else 1 - first_in(q, p)
    rows = (_rows_to_go(on[them], 1 if player == 0 else game.depth, game.depth)
            - _rows_to_go(on[me], game.depth if player == 0 else 1, game.depth))
    slow = math.tanh(((len(on[me]) - len(on[them])) * 0.5 + rows * 0.3) / 4.0)
    return entry * (2 * first - 1) + (1 - entry) * slow


def entry_rolls(game, occupied: int, free: list, attacker: int) -> set:
    """The rolls (1 to 6) that take one of the ``free`` squares' pieces into
    the base ``attacker`` attacks: a piece needs the fewest steps to it
    exactly, through empty squares (``occupied``: a bit per square), as the
    rules engine finds its base entries."""
    walks, gates = game.walks, game.gate_mask[1 - attacker]
    within = walks.near_gates(gates, occupied, 4)  # deep enough for a 6
    return {steps for start in free for steps in range(1, 7)
            if walks.enters_base(start, steps, gates, within)}


def first_in(p: float, q: float) -> float:
    """The chance that the side rolling next gets in first, if each turn it
    gets in with chance ``p`` and the other side with ``q``."""
    if p == 0 and q == 0:
        return 0.5
    return p / (1 - (1 - p) * (1 - q))


def _square(game, name: str) -> int:
    return game.square(ord(name[0]) - ord("a"), int(name[1:]) - 1)


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
