"""Playground Battles on a table (``printkit.table``): the board whole, its
squares and bases, each card in its stand where the position puts it.

- Cells: the squares by their notation names (``a1`` .. ``j8``, row 1 the
  first player's back row) and the two bases, ``base-0`` (the first
  player's, behind row 1) and ``base-1``; the notation writes either as
  ``base`` (a player only ever enters the opponent's).
- Zones, per player p: ``reserve-p``, the cards not chosen for the army
  ("Each player will then choose a total of 10 pieces"), and ``off-p``, the
  pieces that left the board; ``dice``, the die with the roll, and
  ``first``, the hand game that decides who moves first ("The game begins
  with old fashioned rock, paper, scissor with your hands").
- Pieces: a card in its stand is named by its type ("Rock", "Paper",
  "Scissors") where the viewer knows it, else "Piece" and ``hidden``; the
  other player's reserve is one face-down pile (its make-up would tell the
  army's). A piece that entered a base ends the game; the position no
  longer says which one it was, so it shows among its player's ``off``.
  The "Die" shows the roll, its ``label`` and ``meta["face"]`` the die's
  face of that number.
- Touches: a set-up choice is ``reserve-p`` then the back-row square it
  goes to (its three types share those clicks: a menu); a move is its
  square then its target (a square or ``base-q``); the choice after a
  stalemate is broken is the square of the break then the back-row square
  the other piece goes to (``off-p`` when the row is full), "keep mover" and
  "keep rescued" sharing those clicks (a menu); ``pass`` and the die's
  chance outcomes are the ``dice``, the hand game's are ``first``.
"""

from __future__ import annotations

from ...spec import data_of
from ...table import Board, Piece, Zone, die_face, grid_art, square_cell
from . import parts as kit
from .rules import FIRST, ROLL, SETUP, TYPES

NAMES = {t: t.capitalize() for t in TYPES}


def board(spec, options=None) -> Board:
    data = data_of(spec)
    b = data["board"]
    columns, rows, square, draw = kit._board_cells(spec, options)
    items, width, height, margin = grid_art(columns, rows, square, draw)
    cells = []
    for y in range(b["rows"]):  # the playing squares; drawn row 0 is the first player's base row
        for x in range(columns):
            cells.append(square_cell(f"{'abcdefghijklmnopqrstuvwxyz'[x]}{y + 1}", margin + x * square,
                                     margin + (y + 1) * square, square))
    first, last = min(b["base_columns"]), max(b["base_columns"])
    for owner, row in ((0, 0), (1, rows - 1)):
        cells.append(square_cell(f"base-{owner}", margin + first * square, margin + row * square,
                                 (last - first + 1) * square, square))
    names = [c["name"] for c in data["colors"][:2]]
    zones = [Zone(f"{kind}-{p}", label.format(names[p]), p)
             for p in range(2) for kind, label in (("reserve", "{}'s cards left out of the army"),
                                                   ("off", "{}'s pieces off the board"))]
    zones += [Zone("dice", "The die"), Zone("first", "The hand game: who moves first")]
    return Board(width, height, tuple(items), tuple(cells), tuple(zones))


def pieces(spec, state, player: int | None) -> list[Piece]:
    view = state.to_json() if player is None else state.observation(player)
    data = data_of(spec)
    names = view["players"]
    per_type = data["cards"]["per_type"]
    out: list[Piece] = []
    used = [[0, 0, 0], [0, 0, 0]]  # per player, the cards of each type in the army
    placed = [0, 0]
    for i, entry in enumerate(view["pieces"]):
        owner = names.index(entry["owner"])
        placed[owner] += 1
        kind = entry["type"]
        if kind is not None:
            used[owner][TYPES.index(kind)] += 1
        where = entry["at"] if entry["at"] is not None else f"off-{owner}"
        out.append(Piece(NAMES[kind] if kind else "Piece", where, owner, "card",
                         label=kind[0].upper() if kind else "", hidden=kind is None,
                         meta={"piece": i, "revealed": entry["revealed"]}))
    for owner in range(2):
        if player is None or player == owner:
            for t, kind in enumerate(TYPES):
                left = per_type - used[owner][t]
                if left:
                    out.append(Piece(NAMES[kind], f"reserve-{owner}", owner, "card", count=left, label=str(left)))
        else:
            left = 3 * per_type - placed[owner]
            out.append(Piece("Piece", f"reserve-{owner}", owner, "card", count=left, label=str(left), hidden=True))
    out.append(Piece("Die", "dice", None, "die", label=str(view["roll"] or ""), meta=die_face(view["roll"])))
    return out


def touches(spec, state, action: int) -> tuple[str, ...]:
    g = state.game
    p = state.player
    if state.phase == SETUP:
        return (f"reserve-{p}", g.name_of(g.square(state._setup_column(), g.back_row(p))))
    if state.phase == FIRST:
        return ("first",)
    if state.phase == ROLL or action == g.pass_action:
        return ("dice",)
    if action >= g.keep_base:
        column = (action - g.keep_base) % 11
        square = state.pending[0]
        return (g.name_of(square), g.name_of(g.square(column, g.back_row(p))) if column < 10 else f"off-{p}")
    source, target = divmod(action - g.move_base, g.targets)
    return (g.name_of(source), g.name_of(target) if target < g.squares else f"base-{target - g.squares}")
