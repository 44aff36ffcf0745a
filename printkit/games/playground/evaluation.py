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

# The balance search's settings for Playground Battles. A die roll stands
# between every two decisions, so the search looks one decision deep: each
# root move meets all six rolls of the opponent's die, each answered by the
# move the greedy player would make, and the best valued move is taken
# (measured: it beats greedy play 84 games in 138; drawing the die at random
# and searching deeper, 39% to 46%).
SEARCH = {"iterations": 64, "depth": 1, "tree_depth": 1, "rollout": "greedy", "answered": 2, "pick": "value"}


def evaluate(game, view: dict, player: int, entry: float = ENTRY) -> float:
    names = view["players"]
    me, them = names[player], names[1 - player]
    result = view.get("result")
    if result and result["outcome"] == "win":
        return 1.0 if result["winner"] == me else -1.0
    if result:
        return 0.0
    on, count = ([], []), {}
    seat = {me: player, them: 1 - player}
    for piece in view["pieces"]:
        at = piece["at"]
        if at is not None and at != "base":
            square = _square(game, at)
            on[seat[piece["owner"]]].append(square)
            count[square] = count.get(square, 0) + 1
    occupied = sum(1 << square for square in count)
    # A stalemate holds two pieces on one square: neither moves.
    free = [[square for square in squares if count[square] == 1] for squares in on]
    mover = seat.get(view.get("to_move"))
    roll = view.get("roll") if view.get("phase") == "move" else None
    return _value(game, player, on, free, occupied, mover, roll, entry)


def evaluate_position(game, state, player: int, entry: float = ENTRY) -> float:
    """``evaluate`` of ``player``'s observation, read straight from the
    position's public part (where pieces stand, whose turn, the roll; never a
    piece's type): the same number at a quarter of the cost, for the search,
    which judges every position it meets."""
    phase = state.phase
    if phase == "break":  # the breaker and the rescued piece share a square for a moment
        return evaluate(game, state.observation(player), player, entry)
    if phase == "over":
        if state.unfinished or state.winner not in (0, 1):
            return 0.0
        return 1.0 if state.winner == player else -1.0
    on = ([], [])
    for owner, at in zip(state.owners, state.at):
        if at is not None:
            on[owner].append(at)
    mover = state.player if phase in ("setup", "move", "roll") else None
    roll = state.roll if phase == "move" else None
    return _value(game, player, on, state.free_at, state.occupied, mover, roll, entry)


def _value(game, player: int, on, free, occupied: int, mover, roll, entry: float) -> float:
    """The entry race (who is likelier to get in first), then pieces and rows;
    ``on`` and ``free``: each side's squares, all its pieces and its free
    ones; ``roll``: the die already cast for ``mover``, or None."""
    opponent = 1 - player
    mine = entry_rolls(game, occupied, free[player], player)
    theirs = entry_rolls(game, occupied, free[opponent], opponent)
    p, q = len(mine) / 6, len(theirs) / 6
    if roll:  # the die is cast: no chance about it
        if mover == player:
            p = float(roll in mine)
        else:
            q = float(roll in theirs)
    first = first_in(p, q) if mover == player else 1 - first_in(q, p)
    toward = (game.depth - 1, 0)  # the row before each side's goal, from 0
    rows = _rows_to_go(game, on[opponent], toward[opponent]) - _rows_to_go(game, on[player], toward[player])
    slow = math.tanh(((len(on[player]) - len(on[opponent])) * 0.5 + rows * 0.3) / 4.0)
    return entry * (2 * first - 1) + (1 - entry) * slow


def entry_rolls(game, occupied: int, free: list, attacker: int) -> set:
    """The rolls (1 to 6) that take one of the ``free`` squares' pieces into
    the base ``attacker`` attacks: a piece needs the fewest steps to it
    exactly, through empty squares (``occupied``: a bit per square), as the
    rules engine finds its base entries."""
    fewest = game.base_steps[attacker]  # on an empty board: a piece further away needs no search
    near = [start for start in free if fewest[start] <= 6]
    if not near:
        return set()
    walks, gates = game.walks, game.gate_mask[1 - attacker]
    within = walks.near_gates(gates, occupied, 4)  # deep enough for a 6
    return {steps for start in near for steps in range(fewest[start], 7)
            if walks.enters_base(start, steps, gates, within)}


def first_in(p: float, q: float) -> float:
    """The chance that the side rolling next gets in first, if each turn it
    gets in with chance ``p`` and the other side with ``q``."""
    if p == 0 and q == 0:
        return 0.5
    return p / (1 - (1 - p) * (1 - q))


def _square(game, name: str) -> int:
    return game.square(ord(name[0]) - ord("a"), int(name[1:]) - 1)


def _rows_to_go(game, squares: list, target_row: int) -> int:
    """Rows between the nearest of ``squares`` and ``target_row`` (the row
    before a base, from 0); the board's depth when there is none on it."""
    width = game.width
    return min((abs(square // width - target_row) for square in squares), default=game.depth)


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
