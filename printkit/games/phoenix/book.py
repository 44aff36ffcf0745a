"""RPS Phoenix: the rulebook's worked examples, played by the rules engine
on the spec's own rules and drawn before and after, the moving Bird ringed
and its path drawn (a dashed arrow for the squares it then takes from the
Birds it beats), the square the dice name framed, the Ashes beside the
board:

- ``entry``: an entry roll onto an opponent's Bird, which goes to the Ashes;
- ``fight``: a diagonal step and a fight, the winner taking the square;
- ``chain``: a fight whose winner meets, and beats, a second Bird;
- ``phoenix``: doubles, and a Bird rising from the Ashes onto the gold square;
- ``escalation``: a long diagonal in the Escalation Phase, both Birds to the Ashes;
- ``chain-step``: an Escalation roll onto an opponent and the chain-reaction
  step onto a second one.

Each is a Part whose caption says in plain words what happens; where the
spec's rules cannot reach the position (a board too small, a cap that ends
the game first), a note in its place.
"""

from __future__ import annotations

import re

from ...literal import as_written
from ...parts.core import INK, PT, Circle, Fill, Part, Text, rect
from ...parts.marks import unit_symbol
from ...parts.worked import panels, path_arrow, ring, square_frame
from ...spec import data_of
from .parts import (GRID_INK, MOVER, NOT_PLAYED, _bird_at, _engine_position, _figure_variant, _on_board,
                    _opponents, _other, _player_count)
from .rules import TYPES

SQUARE = 9.0  # mm: a square of the drawn board
AXIS_PT = 7.0  # the board's numbers, printed at 6 pt or more
ASHES_PT = 7.5
MARGIN = 4.0


def figures(spec, options) -> dict:
    """The worked examples by name (see the module doc)."""
    out = {"entry": entry_figure(spec), "fight": fight_figure(spec), "chain": chain_figure(spec),
           "phoenix": phoenix_figure(spec), "escalation": escalation_figure(spec),
           "chain-step": chain_step_figure(spec)}
    for part in out.values():
        if isinstance(part, Part):  # a square's name never breaks at the end of a line
            part.meta["caption"] = re.sub(r"\((\d+), (\d+)\)", "(\\1,\u00a0\\2)", part.meta["caption"])
    return out


# --- drawing -----------------------------------------------------------------------

def board_panel(spec, view: dict, *, path=(), takes=(), mover=None, rolled=None, ashes: bool = True) -> Part:
    """The board of an engine position (its JSON) with its Birds; ``path``:
    squares the moving Bird passes, drawn as an arrow; ``takes``: squares it
    then takes from the Birds it beats, one after another, a dashed arrow;
    ``mover``: the square of the Bird to ring; ``rolled``: the square the
    dice name, framed; ``ashes``: the Ashes beside the board, a disc for
    each Bird there."""
    data = data_of(spec)
    b = data["board"]
    cols, rows = b["columns"], b["rows"]
    hexes = {c["name"]: c["hex"] for c in data["colors"]}
    in_ashes = [(name, kind) for name, kinds in view["ashes"].items() for kind in TYPES
                for _ in range(kinds.get(kind, 0))] if ashes else []
    ashes_w = (SQUARE * 0.8 * max(1, (len(in_ashes) + 5) // 6) + 6.0) if ashes else 0.0
    width = MARGIN + cols * SQUARE + ashes_w
    part = Part("position", width, MARGIN + rows * SQUARE + 1.0)
    phoenix = {tuple(p) for p in b["phoenix_squares"]}
    for x in range(1, cols + 1):
        for y in range(1, rows + 1):
            left, bottom = MARGIN + (x - 1) * SQUARE, MARGIN + (y - 1) * SQUARE
            shade = b["phoenix_hex"] if (x, y) in phoenix else "#FFFFFF"
            part.add(Fill(rect(left, bottom, SQUARE, SQUARE), shade, stroke=GRID_INK, stroke_pt=0.4))
    for x in range(1, cols + 1):
        part.add(Text(MARGIN + (x - 0.5) * SQUARE, 1.0, str(x), size=AXIS_PT))
    for y in range(1, rows + 1):
        part.add(Text(1.6, MARGIN + (y - 0.5) * SQUARE - 0.36 * AXIS_PT * PT, str(y), size=AXIS_PT))

    def centre(at):
        return MARGIN + (at[0] - 0.5) * SQUARE, MARGIN + (at[1] - 0.5) * SQUARE

    def bird(cx, cy, owner, kind, size=SQUARE):
        return [Circle((cx, cy), size * 0.42, fill=hexes[owner], stroke=INK, stroke_pt=0.5),
                Circle((cx, cy), size * 0.27, fill="#FFFFFF", stroke=None),
                *unit_symbol(kind, cx, cy, size * 0.4)]

    for one in view["grid"]:
        part.extend(bird(*centre(one["at"]), one["owner"], one["bird"]))
    if rolled is not None:  # over the Bird standing there
        part.extend(square_frame(MARGIN + (rolled[0] - 1) * SQUARE, MARGIN + (rolled[1] - 1) * SQUARE, SQUARE))
    if len(path) >= 2:
        part.extend(path_arrow([centre(at) for at in path], clear=SQUARE * 0.44))
    if len(takes) >= 2:
        part.extend(path_arrow([centre(at) for at in takes], clear=SQUARE * 0.44, dash=(3, 1.6)))
    if mover is not None:
        part.extend(ring(centre(mover), SQUARE * 0.42))
    if ashes:
        left = MARGIN + cols * SQUARE + 4.0
        top = MARGIN + rows * SQUARE
        part.add(Text(left + (ashes_w - 4.0) / 2, top - ASHES_PT * PT, "Ashes", size=ASHES_PT, bold=True))
        small = SQUARE * 0.8
        for k, (owner, kind) in enumerate(in_ashes):
            column, row = divmod(k, 6)
            part.extend(bird(left + small * (column + 0.5), top - 4.0 - small * (row + 0.5), owner, kind, small))
        part.add(Fill(rect(left - 1.0, MARGIN, 0.3, rows * SQUARE), GRID_INK))
    return part


def _pair(spec, name, before, after, before_kw, after_kw, labels=("before", "after")) -> Part:
    """The two boards side by side; the positions drawn stay in the part's
    meta (``positions``), for the tests to read what the engine played."""
    part = panels(name, [(board_panel(spec, before, **before_kw), labels[0]),
                         (board_panel(spec, after, **after_kw), labels[1])])
    part.meta["positions"] = (before, after)
    return part


def _play(state, moves) -> dict:
    for move in moves:
        state.apply(state.string_to_action(move))
    return state.to_json()


def _square(at) -> str:
    return f"({at[0]}, {at[1]})"


def _dice(spec, at) -> str:
    dice = data_of(spec)["dice"]
    return f"{at[0]} on the {dice['x']['name'].lower()} die and {at[1]} on the {dice['y']['name'].lower()} die"


# --- the examples ------------------------------------------------------------------

def entry_figure(spec) -> Part | str:
    """Entering: the first player enters a Bird on (3, 4); the next rolls (3, 4)
    too and enters there: the first player's Bird goes to the Ashes."""
    from .rules import Game

    players = _player_count(spec, (2, 3, 4, 5, 6))
    if players is None or not _on_board(spec):
        return "(An entry cannot be shown on this kit's board.)"
    game = Game(spec, players=players, variant=_figure_variant(spec))
    names = game.player_names()
    other = next(p for p in _opponents(spec, players))
    counts = data_of(spec)["birds"]["counts"]
    first = next((t for t in (MOVER, *TYPES) if counts[t]), None)
    second = next((t for t in (spec["beats"][MOVER], *TYPES) if counts[t]), None)
    if first is None or other != 1:  # the next player must be an opponent
        return NOT_PLAYED
    at = (3, 4)
    state = game.initial_state()
    try:
        before = _play(state, [f"first {names[0]}", f"{at[0]}-{at[1]}", f"{first[0].upper()} {at[0]},{at[1]}",
                               f"{at[0]}-{at[1]}"])
        after = _play(state, [f"{second[0].upper()} {at[0]},{at[1]}"])
    except Exception:  # the spec's rules do not play it: leave it out
        return NOT_PLAYED
    if _bird_at(after, at) != (names[1], second) or after["ashes"][names[0]][first] != 1:
        return NOT_PLAYED
    part = _pair(spec, "Entry", before, after, {"rolled": at}, {"mover": at})
    part.meta["caption"] = (
        f"Entering: {as_written(names[0])}'s {first.capitalize()} stands on {_square(at)} when "
        f"{as_written(names[1])} rolls {_dice(spec, at)}. Whatever its type, it goes to the Ashes, and "
        f"{as_written(names[1])}'s {second.capitalize()} enters on {_square(at)}.")
    return part


def fight_figure(spec) -> Part | str:
    """A fight: the first player's Rock steps diagonally onto (3, 3), next to an
    opponent's Bird it beats on (4, 4): that Bird goes to the Ashes and the
    Rock takes (4, 4)."""
    players = _player_count(spec, (2, 3, 4, 5, 6))
    if players is None or not _on_board(spec):
        return "(A fight cannot be shown on this kit's board.)"
    victim, foe = spec["beats"][MOVER], _opponents(spec, players)[0]
    state, names = _engine_position(spec, players, [((2, 2), 0, MOVER), ((4, 4), foe, victim),
                                                    ((5, 2), foe, _other(victim, MOVER)), ((1, 5), 0, _other(MOVER))])
    before = state.to_json()
    after = _play(state, [f"{MOVER[0].upper()} d 2,2>3,3"])
    if _bird_at(after, (4, 4)) != (names[0], MOVER) or _bird_at(after, (3, 3)) is not None:
        return NOT_PLAYED
    m, v = MOVER.capitalize(), victim.capitalize()
    part = _pair(spec, "Fight", before, after, {"path": [(2, 2), (3, 3)], "takes": [(3, 3), (4, 4)], "mover": (2, 2)},
                 {"mover": (4, 4)}, ("before", "after the fight"))
    part.meta["caption"] = (f"A fight: {as_written(names[0])} steps its {m} from (2, 2) to (3, 3), diagonally "
                            f"next to {as_written(names[foe])}'s {v} on (4, 4). {m} beats {v}: the {v} goes to "
                            f"the Ashes and the {m} takes (4, 4).")
    return part


def chain_figure(spec) -> Part | str:
    """Fights in a row: the first player's Rock steps onto (3, 3), beats an
    opponent's Bird on (4, 4), and from (4, 4) beats another on (5, 5)."""
    victim = spec["beats"][MOVER]
    players = _player_count(spec, (4, 3, 5, 6, 2))
    if players is None or not _on_board(spec):
        return "(A chain of fights cannot be shown on this kit's board.)"
    foes = _opponents(spec, players)
    owners = tuple(foes[:2]) if len(foes) > 1 else (foes[0], foes[0])
    if owners[0] == owners[1] and spec["birds"]["counts"][victim] < 2:
        return (f"(A chain of fights needs two opponents' Birds of one type, or two of one opponent's: "
                f"with {players} players, each with one {victim.capitalize()}, this kit has none to show.)")
    state, names = _engine_position(spec, players, [((2, 2), 0, MOVER), ((4, 4), owners[0], victim),
                                                    ((5, 5), owners[1], victim), ((1, 5), 0, _other(MOVER)),
                                                    ((6, 1), owners[0], _other(victim, MOVER))])
    before = state.to_json()
    after = _play(state, [f"{MOVER[0].upper()} d 2,2>3,3"])
    if _bird_at(after, (5, 5)) != (names[0], MOVER) or _bird_at(after, (4, 4)) is not None:
        return NOT_PLAYED
    m, v = MOVER.capitalize(), victim.capitalize()
    count = {2: "two", 3: "three", 4: "four", 5: "five", 6: "six"}[players]
    second = f"{as_written(names[owners[1]])}'s" if owners[1] != owners[0] else "the same player's other"
    part = _pair(spec, "Chain", before, after, {"path": [(2, 2), (3, 3)], "takes": [(3, 3), (4, 4), (5, 5)],
                                                    "mover": (2, 2)},
                 {"mover": (5, 5)}, ("before", "after both fights"))
    part.meta["caption"] = (f"Fights in a row, with {count} players: {as_written(names[0])}'s {m} steps onto "
                            f"(3, 3) and beats {as_written(names[owners[0]])}'s {v} on (4, 4); from (4, 4) it is "
                            f"diagonally next to {second} {v} on (5, 5), beats it in the same turn and ends on "
                            "(5, 5).")
    return part


def phoenix_figure(spec) -> Part | str:
    """Doubles: the first player rolls a gold square where an opponent's Bird
    stands, and a Rock rises from the Ashes onto it."""
    players = _player_count(spec, (2, 3, 4, 5, 6))
    if players is None or not _on_board(spec):
        return "(A Phoenix cannot be shown on this kit's board.)"
    data = data_of(spec)
    squares = [tuple(p) for p in data["board"]["phoenix_squares"]]
    at = next((p for p in ((4, 4), *squares) if p in squares and p not in ((1, 5), (6, 1))), None)
    if at is None:
        return NOT_PLAYED
    foe = _opponents(spec, players)[0]
    victim = spec["beats"][MOVER]
    state, names = _engine_position(spec, players, [((1, 5), 0, _other(MOVER)), (at, foe, victim),
                                                    ((6, 1), foe, _other(victim, MOVER))])
    if state is None:
        return NOT_PLAYED
    before = _play(state, ["roll", f"{at[0]}-{at[1]}"])
    try:
        after = _play(state, [f"phoenix {MOVER[0].upper()} {at[0]},{at[1]}"])
    except Exception:
        return NOT_PLAYED
    if _bird_at(after, at) != (names[0], MOVER):
        return NOT_PLAYED
    pts = data["scoring"]
    m, v = MOVER.capitalize(), victim.capitalize()
    part = _pair(spec, "Phoenix", before, after, {"rolled": at}, {"mover": at})
    part.meta["caption"] = (
        f"A Phoenix: {as_written(names[0])} rolls doubles, {_dice(spec, at)}, a gold square. Instead of moving "
        f"a Bird there, {as_written(names[0])} makes its {m} rise from the Ashes onto {_square(at)}; "
        f"{as_written(names[foe])}'s {v} there goes to the Ashes. {as_written(names[0])} scores "
        f"{pts['resurrection']} for the Phoenix and {pts['elimination']} for the {v}.")
    return part


def escalation_figure(spec) -> Part | str:
    """The Escalation Phase: the first player's Rock runs the long diagonal
    from (1, 1) to (4, 4), next to an opponent's Bird that beats it on (5, 5):
    both go to the Ashes."""
    players = _player_count(spec, (2, 3, 4, 5, 6))
    if players is None or not _on_board(spec):
        return "(An Escalation move cannot be shown on this kit's board.)"
    stronger, foe = next(t for t in TYPES if spec["beats"][t] == MOVER), _opponents(spec, players)[0]
    state, names = _engine_position(spec, players, [((1, 1), 0, MOVER), ((5, 5), foe, stronger),
                                                    ((2, 6), 0, _other(MOVER)), ((6, 2), foe, _other(stronger))],
                                    escalation=True)
    if state is None:
        return (f"(With {players} players the Escalation Phase would begin on turn "
                f"{spec['escalation_after_turns_per_player'] * players}, but this kit ends a game after "
                f"{spec['max_turns']} turns: no Escalation move is shown.)")
    before = state.to_json()
    after = _play(state, [f"{MOVER[0].upper()} d 1,1>4,4"])
    if _bird_at(after, (4, 4)) or _bird_at(after, (5, 5)):
        return NOT_PLAYED
    m, s = MOVER.capitalize(), stronger.capitalize()
    part = _pair(spec, "Escalation", before, after, {"path": [(1, 1), (4, 4)], "mover": (1, 1)}, {},
                 ("before", "both to the Ashes"))
    part.meta["caption"] = (f"In the Escalation Phase {as_written(names[0])}'s {m} runs the long diagonal from "
                            f"(1, 1) to (4, 4), diagonally next to {as_written(names[foe])}'s {s} on (5, 5): both "
                            f"Birds go to the Ashes, though {s} beats {m}.")
    return part


def chain_step_figure(spec) -> Part | str:
    """A chain reaction in the Escalation Phase: the first player rolls (3, 4)
    and moves the Rock from (1, 2) there, onto an opponent's Bird, which goes
    to the Ashes; the Rock steps on to (4, 5), onto another, and stops."""
    players = _player_count(spec, (2, 3, 4, 5, 6))
    if players is None or not _on_board(spec):
        return "(A chain reaction cannot be shown on this kit's board.)"
    foe = _opponents(spec, players)[0]
    counts = data_of(spec)["birds"]["counts"]
    kinds = [t for t in TYPES for _ in range(counts[t])]
    if len(kinds) < 3:
        return "(A chain reaction needs three Birds of one player: this kit has fewer.)"
    first, second, third = (t for t in (_other(MOVER), _other(MOVER, _other(MOVER)), MOVER))
    state, names = _engine_position(spec, players, [((1, 2), 0, MOVER), ((3, 4), foe, first),
                                                    ((4, 5), foe, second), ((6, 1), foe, third)],
                                    escalation=True)
    if state is None:
        return (f"(With {players} players the Escalation Phase would begin on turn "
                f"{spec['escalation_after_turns_per_player'] * players}, but this kit ends a game after "
                f"{spec['max_turns']} turns: no chain reaction is shown.)")
    try:
        before = _play(state, ["roll", "3-4"])
        middle = _play(state, [f"{MOVER[0].upper()} 1,2>3,4"])
        after = _play(state, ["step 4,5"])
        if after["stage"] == "chain":
            after = _play(state, ["stop"])
    except Exception:
        return NOT_PLAYED
    if _bird_at(middle, (3, 4)) != (names[0], MOVER) or _bird_at(after, (4, 5)) != (names[0], MOVER):
        return NOT_PLAYED
    m = MOVER.capitalize()
    part = _pair(spec, "Chain reaction", before, after, {"path": [(1, 2), (3, 4)], "takes": [(3, 4), (4, 5)],
                                                         "mover": (1, 2), "rolled": (3, 4)},
                 {"mover": (4, 5)}, ("before", "after the chain"))
    part.meta["caption"] = (
        f"A chain reaction in the Escalation Phase: {as_written(names[0])} rolls {_dice(spec, (3, 4))} and "
        f"moves its {m} from (1, 2) to (3, 4): {as_written(names[foe])}'s {first.capitalize()} there goes to the "
        f"Ashes. The {m} may go one more square the same way, to (4, 5), where {as_written(names[foe])}'s "
        f"{second.capitalize()} goes to the Ashes too; it could step on again, but stops there.")
    return part
