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

import functools
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
    occupied = {_xy(at) for at in count}
    # A stalemate holds two pieces on one square: neither moves.
    free = {side: [_xy(at) for at in squares if count[at] == 1] for side, squares in on.items()}
    my_row, their_row = (game.depth - 1, 0) if player == 0 else (0, game.depth - 1)
    mine = entry_rolls(game, occupied, free[me], my_row)
    theirs = entry_rolls(game, occupied, free[them], their_row)
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


def entry_rolls(game, occupied: set, free: list, row: int) -> set:
    """The rolls (1 to 6) that take one of the ``free`` squares' pieces into
    the base behind ``row``: a piece needs the fewest steps to it exactly,
    through empty squares."""
    around = _neighbours(game.width, game.depth)
    steps, frontier = {}, []
    for column in game.base_columns:  # one step from these squares into the base
        if (column, row) not in occupied:
            steps[(column, row)] = 1
            frontier.append((column, row))
    for x, y in frontier:  # grows as it is read: a breadth-first spread
        k = steps[(x, y)]
        if k >= 5:
            continue
        for n in around[(x, y)]:
            if n not in occupied and n not in steps:
                steps[n] = k + 1
                frontier.append(n)
    rolls = set()
    for x, y in free:
        if y == row and x in game.base_columns:
            rolls.add(1)
            continue
        fewest = min((steps[n] + 1 for n in around[(x, y)] if n in steps), default=7)
        if fewest <= 6:
            rolls.add(fewest)
    return rolls


def first_in(p: float, q: float) -> float:
    """The chance that the side rolling next gets in first, if each turn it
    gets in with chance ``p`` and the other side with ``q``."""
    if p == 0 and q == 0:
        return 0.5
    return p / (1 - (1 - p) * (1 - q))


@functools.lru_cache(maxsize=8)
def _neighbours(width: int, depth: int) -> dict:
    """Square (x, y) -> the squares beside it, for a board of that size (worked out once)."""
    return {(x, y): tuple((nx, ny) for nx, ny in ((x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1))
                          if 0 <= nx < width and 0 <= ny < depth)
            for x in range(width) for y in range(depth)}


def _xy(name: str) -> tuple[int, int]:
    return ord(name[0]) - ord("a"), int(name[1:]) - 1


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
