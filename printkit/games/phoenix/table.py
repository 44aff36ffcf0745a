"""RPS Phoenix on a table (``printkit.table``): the board, the Birds where
the position puts them, the hands, the Ashes, the dice and the turn counter.

- The board: the printed Board as it is (one part, no sections), its cut
  line left out; its frame is the part's.
- Cells: the squares by their notation names, ``x,y`` (``1,1`` at the lower
  left, X along the bottom as the black die gives it, Y up the side).
- Zones, per colour c (its place in the spec's ``colors``, 0 for the first,
  so that a colour's zones keep their names at every player count):
  ``hand-c-rock`` (``-paper``, ``-scissors``), the Birds of that type still
  to enter, and ``ashes-c-rock`` (...), those in the Ashes. A board of
  ``options.colors`` players (four for the Team variant) has the zones of
  the colours seated at that count only, each ``owner`` the player that
  colour is; a board made without a player count has every colour's zones,
  their owners as the spec's ``default_players`` seat them (None for a
  colour that does not play then). Shared: ``dice`` (the black and the white die),
  ``turn-counter`` (its marker) and ``done`` (``stop``).
- Pieces: "Rock Bird", "Paper Bird", "Scissors Bird" (``kind`` "bird"), a
  hand's or the Ashes' Birds of one type as one stack; the dice, "Black die"
  and "White die" as the spec names them, their label the rolled X and Y
  (empty before a roll), ``meta["face"]`` the die's face of that number; the "Turn marker" on the turn counter, its label
  the rounds played ("27+" from the Escalation Phase on). Nothing is hidden.
- Touches: entering a Bird is its hand's type then the rolled square; a
  move to the rolled square is the Bird's square then that square; a
  diagonal move its square then its target; a Phoenix rise (on the rolled
  Phoenix square, or the Escalation's second one next to it) the Ashes of
  that type then the square; choosing which interaction resolves first is
  the moving Bird's square then the Bird it meets first; the chain
  reaction's step the active Bird's square then the step's square;
  ``roll`` and the chance outcomes (who begins, every roll) the ``dice``;
  ``stop`` is ``done``. No two legal moves share their clicks.
"""

from __future__ import annotations

from ...parts.core import CUT, Line
from ...table import Board, Piece, Zone, die_face, square_cell
from .parts import board_part
from .rules import ENTER_BASE, OUTCOME_BASE, ROLL_ACTION, STEP, STOP, TYPES

BIRDS = {t: f"{t.capitalize()} Bird" for t in TYPES}


def _players(spec, options) -> int | None:
    """The player count the board is made for; None when none is given."""
    if getattr(options, "colors", None):
        return options.colors
    return 4 if getattr(options, "variant", None) == "team" else None


def board(spec, options=None) -> Board:
    part = board_part(spec)
    items = tuple(i for i in part.items if not (isinstance(i, Line) and i.role == CUT))
    x0, y0 = part.meta["origin"]
    sq = part.meta["square"]
    b = spec["board"]
    cells = tuple(square_cell(f"{x},{y}", x0 + (x - 1) * sq, y0 + (y - 1) * sq, sq)
                  for y in range(1, b["rows"] + 1) for x in range(1, b["columns"] + 1))
    count = _players(spec, options)
    seated = list(spec["seating"][str(count or spec["default_players"])])
    zones = []
    for c, colour in enumerate(spec["colors"]):
        name = colour["name"]
        owner = seated.index(name) if name in seated else None
        if owner is None and count is not None:  # a colour no one plays at this count: no places
            continue
        zones += [Zone(f"hand-{c}-{t}", f"{name}'s {BIRDS[t]}s still to enter", owner) for t in TYPES]
        zones += [Zone(f"ashes-{c}-{t}", f"{name}'s {BIRDS[t]}s in the Ashes", owner) for t in TYPES]
    zones += [Zone("dice", "The dice"), Zone("turn-counter", "The Turn counter"), Zone("done", "Stop")]
    return Board(part.width, part.height, items, cells, tuple(zones))


def pieces(spec, state, player: int | None) -> list[Piece]:
    view = state.to_json() if player is None else state.observation(player)
    names = view["players"]
    colour = _colour_numbers(spec)
    out = [Piece(BIRDS[b["bird"]], f"{b['at'][0]},{b['at'][1]}", names.index(b["owner"]), "bird",
                 label=b["bird"][0].upper())
           for b in view["grid"]]
    for p, name in enumerate(names):
        for where in ("hand", "ashes"):
            for t in TYPES:
                count = view[where][name][t]
                if count:
                    out.append(Piece(BIRDS[t], f"{where}-{colour[name]}-{t}", p, "bird", count=count,
                                     label=str(count)))
    rolled = view["rolled"] or ("", "")
    for axis, value in zip("xy", rolled):
        out.append(Piece(f"{spec['dice'][axis]['name']} die", "dice", None, "die", label=str(value),
                         meta={"axis": axis, **die_face(value)}))
    rounds = spec["escalation_after_turns_per_player"]
    played = view["turn"] // len(names)
    out.append(Piece("Turn marker", "turn-counter", None, "track",
                     label=f"{rounds}+" if played >= rounds else str(played), meta={"rounds": played}))
    return out


def _colour_numbers(spec) -> dict:
    """Each colour's place in the spec's list, by name: what its zones are named by."""
    return {c["name"]: k for k, c in enumerate(spec["colors"])}


def touches(spec, state, action: int) -> tuple[str, ...]:
    g, p = state.game, state.player
    at = state._at
    c = _colour_numbers(spec)[g.colors[p]] if p is not None else None
    if state.is_chance_node() or action == ROLL_ACTION:
        return ("dice",)
    if action == STOP:
        return ("done",)
    if action == STEP:
        return (at(state.active), at(state._chain_target()))
    if ENTER_BASE <= action < ENTER_BASE + len(TYPES):
        return (f"hand-{c}-{TYPES[action - ENTER_BASE]}", at(state.rolled))
    if OUTCOME_BASE <= action < g.move_base:  # a roll's outcome, asked of the position before it
        return ("dice",)
    if action < g.interact_base:
        return (at(action - g.move_base), at(state.rolled))
    if action < g.phoenix_base:
        return (at(state.active), at(action - g.interact_base))
    if action < g.diagonal_base:
        kind, square = divmod(action - g.phoenix_base, g.squares)
        return (f"ashes-{c}-{TYPES[kind]}", at(square))
    source, target = divmod(action - g.diagonal_base, g.squares)
    return (at(source), at(target))
