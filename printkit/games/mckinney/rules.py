"""McKinney's Paper, Rock, Scissors: The Strategy Game, on the engine contract.

A turn is split into small choices, each one action:

1. Builder stage: the Builder steps one square at a time (``Bg9``), up to
   Slider A's steps, then ``stop``; or it builds one Unit at a time
   (``P@f9``) up to Slider A's builds, then ``done``; or it does nothing
   (``pass``). A Builder that ends a move on a +/- space then moves that
   Slider up or down by the space's dots (``A+``, ``A-``, ``B+``, ``B-``).
2. Units stage: up to Slider B's count of different Units each move one
   step at a time (``f9-f10``, ``f10xf11`` when the step takes an enemy
   Unit or attacks an enemy Builder), then ``stop``; ``end`` ends the turn.

Whatever the rules settle without a choice happens inside the action that
causes it: a move with no steps left stops, a stage with nothing left to do
ends, a player without any choice passes, captures and eliminations resolve.
Players are numbered in turn order (the spec's seating for the player
count); the game has no chance nodes.

Actions: 0 ends the current stage (``pass``/``stop``/``done``/``end``),
1 and 2 move the Slider down and up, 3..6 are Builder steps north, east,
south, west, then ``7 + type * S + square`` builds (type 0 Paper, 1 Rock,
2 Scissors; S squares, ``square = y * width + x``), then
``7 + 3 * S + square * 4 + direction`` steps the Unit on ``square``.

The notation and position format are documented in the reference
(templates/mckinney-notation.md.j2).
"""

from __future__ import annotations

import re
from bisect import bisect_left, insort
from functools import lru_cache
from itertools import compress

from ...errors import PrintkitError
from ...spec import data_of
from ...rules import base
from ...rules.base import TERMINAL, IllegalAction, action_number
from . import position
from .board import FILES, UNIT_TYPES, layout, parse_square, square_name
from .turn import BUILD, BUILDER, BUILDER_MOVE, LETTERS, OVER, PHASES, SLIDER, UNIT_MOVE, UNITS

_IS_OVER = tuple(phase == OVER for phase in range(len(PHASES)))

END_WORDS = ("pass", "stop", "", "done", "end", "stop", "")

END, SLIDER_DOWN, SLIDER_UP, BUILDER_STEP, BUILD_BASE = 0, 1, 2, 3, 7
DIRECTIONS = ((0, 1), (1, 0), (0, -1), (-1, 0))  # north, east, south, west
RING = ((-1, -1), (0, -1), (1, -1), (-1, 0), (1, 0), (-1, 1), (0, 1), (1, 1))  # Game.ring's order
BLOCKED, ENTER, PASS = 0, 1, 2  # Game.entry: may a Unit step onto a square
# A Unit's side codes (State.exits): two bits per direction d, shifted by 2 * d,
# saying what a step that way meets: BLOCKED, TAKE (enter an enemy's square),
# PASS (over a friend) or OPEN (an empty square: a friend there can be passed
# over to it with a step to spare). A whole code is below 256: Python keeps
# such numbers ready made, and the tables below read them by index. The
# directions' bits never overlap, so codes and masks of directions are added
# up (+ on small ints is Python's quick path; | is not).
TAKE, OPEN = 1, 3

# Notation is read without regard to case or to spaces between its parts
# (``bg9``, ``p @ F8``, ``a+``); squares take ASCII digits only.
_SLIDER_RE = re.compile(r"^([AaBb])\s*([+-])$")
_BUILDER_RE = re.compile(r"^[Bb]\s*([a-zA-Z][0-9]+)$")
_BUILD_RE = re.compile(r"^([PRSprs])\s*@\s*([a-zA-Z][0-9]+)$")
_STEP_RE = re.compile(r"^([a-zA-Z][0-9]+)\s*[-xX]\s*([a-zA-Z][0-9]+)$")


# _FREE[free]: which of four ring places a number 0..15 holds free (bit i: place i).
_FREE = tuple(tuple(bool(free >> i & 1) for i in range(4)) for free in range(16))


@lru_cache(maxsize=8)
def _ring_builds(rings: tuple, build_offsets: tuple) -> tuple:
    """(builds_below, builds_above) of Game: for each square's ring, for each
    way (0..15) that its four squares below, then above, are free, each Unit
    type's builds onto them. The costliest of a Game's tables and the same
    for every Game on a board of that size: a rulebook's figures and a
    test's positions make a Game afresh many times over, so it is made once.
    Tuples all through, so Games may share it."""
    def builds(squares):
        shifted = [tuple(offset + n for n in squares) for _, offset in build_offsets]
        return tuple(tuple(tuple(compress(on, free)) for on in shifted) for free in _FREE)

    return (tuple(builds(ring[:4]) for ring in rings), tuple(builds(ring[4:]) for ring in rings))


# The tables below, like _ring_builds, hang on the board's size alone: made
# once for every Game on a board of that size (see Game.__init__ for each).

@lru_cache(maxsize=8)
def _toward(neighbours: tuple) -> tuple:
    codes = range(256)
    not_empty = tuple(sum(1 << d for d in range(4) if code >> 2 * d & 3 != OPEN) for code in codes)
    by_directions = tuple(tuple(tuple((n, d ^ 2) for d, n in nbrs if mask >> d & 1) for mask in range(16))
                          for nbrs in neighbours)
    return tuple(tuple(ways[mask] for mask in not_empty) for ways in by_directions)


@lru_cache(maxsize=8)
def _beside(neighbours: tuple, without: tuple) -> tuple:
    s = len(neighbours)
    same = tuple(range(256))
    beside = [[same] * s for _ in range(s)]
    for square, nbrs in enumerate(neighbours):
        for d, to in nbrs:
            beside[square][to] = without[d]
    return tuple(map(tuple, beside))


@lru_cache(maxsize=8)
def _step_sets(neighbours: tuple, unit_step_base: int) -> tuple:
    """(passes, unit_step_sets, transit_sets) of Game."""
    s = len(neighbours)
    passes = tuple(tuple(tuple((1 << d, to) for d, to in neighbours[square] if mask >> d & 1)
                         for mask in range(16)) for square in range(s))
    unit_step_sets = tuple(tuple(tuple(unit_step_base + square * 4 + d for d in range(4) if mask >> d & 1)
                                 for mask in range(16)) for square in range(s))
    transit_sets = tuple(tuple((END, *steps) for steps in sets) for sets in unit_step_sets)
    return passes, unit_step_sets, transit_sets


class Game(base.Game):
    """The game a McKinney spec describes.

    Options: ``players`` (default: the spec's most), which seats play
    comes from the spec's ``board.seating``."""

    name = "mckinney"
    # What __init__ works out, each a slot: Python 3.11 reads a slot at its
    # offset, but an attribute of an instance holding more than 30 through a
    # dict (LOAD_ATTR_WITH_HINT), and play reads these tables at every step
    # (about 2% more turns a second). tests/test_mckinney_invariants.py checks
    # that __init__ sets nothing else.
    __slots__ = (
        "data", "num_players", "seats", "colors", "board", "width", "squares", "unit_step_base",
        "num_distinct_actions", "turn_order", "starts", "spaces", "notches", "slider_starts", "step_kinds",
        "reads", "shields", "unit_counts", "max_turns", "beats", "neighbours", "adjacent", "sides", "step_to",
        "build_offsets", "builder_steps", "wall_value", "entry", "owner", "kind", "unit_owner", "is_unit",
        "units_of", "side_codes", "side_pairs", "unit_side_pairs", "meets", "via", "step_dirs", "has_empty",
        "toward", "without", "alone", "beside", "recode", "passes", "unit_step_sets", "transit_sets",
        "step_from", "step_onto", "square_of", "step_sides", "around", "ring", "ring_pairs", "ring_pairs_high",
        "builds_below", "builds_above", "builder_step_sets", "names", "index_of", "max_game_length")

    def __init__(self, spec, players: int | None = None, variant: str | None = None, **options):
        self.refuse_unknown(variant, options)
        super().__init__(spec)
        data = data_of(spec)
        self.data = data
        lo, hi = data["players"]["min"], data["players"]["max"]
        n = hi if players is None else players
        seating = data["board"]["seating"].get(str(n))
        if not isinstance(n, int) or not lo <= n <= hi or seating is None:
            raise PrintkitError(f"mckinney: this spec plays {lo} to {hi} players, not {players}")
        self.num_players = n
        self.seats = tuple(seating)
        self.colors = tuple(data["colors"][seat]["name"] for seat in self.seats)
        self.board = layout(data)
        self.width = w = self.board.width
        self.squares = s = w * w
        self.unit_step_base = BUILD_BASE + 3 * s
        self.num_distinct_actions = self.unit_step_base + 4 * s
        # turn_order[player]: the players after them, in turn order, themselves last.
        self.turn_order = tuple(tuple((p + k) % n for k in range(1, n + 1)) for p in range(n))
        self.starts = tuple(self._square(*self.board.start_of(seat)) for seat in self.seats)
        # Square -> (slider index 0 for A / 1 for B, dots).
        self.spaces = {}
        for space in self.board.spaces:
            self.spaces.setdefault(self._square(*space.square), ("AB".index(space.slider), space.dots))
        self.notches = (tuple(map(tuple, data["sliders"]["A"]["notches"])),
                        tuple(map(tuple, data["sliders"]["B"]["notches"])))
        self.slider_starts = (data["sliders"]["A"]["start"], data["sliders"]["B"]["start"])
        # step_kinds[steps]: whether Slider B's steps per Unit are one, and more than one.
        self.step_kinds = tuple((steps == 1, steps > 1) for steps in range(1 + max(s for _, s in self.notches[1])))
        # reads[a][b]: the notches (a, b) as State.read holds them, made once.
        self.reads = tuple(tuple((a, b) for b in range(len(self.notches[1]))) for a in range(len(self.notches[0])))
        self.shields = data["pieces"]["builder"]["shields"]
        self.unit_counts = tuple(data["pieces"]["units"][t] for t in UNIT_TYPES)
        self.max_turns = data["max_turns"]
        # beats[kind] = the kind it takes (kinds 1..3).
        self.beats = (0,) + tuple(UNIT_TYPES.index(data["beats"][t]) + 1 for t in UNIT_TYPES)
        # neighbours[square] = ((direction, square), ...) in direction order.
        self.neighbours = tuple(
            tuple((d, (y + dy) * w + x + dx) for d, (dx, dy) in enumerate(DIRECTIONS)
                  if 0 <= x + dx < w and 0 <= y + dy < w)
            for y in range(w) for x in range(w))
        self.adjacent = tuple(tuple(sorted(n for _, n in nbrs)) for nbrs in self.neighbours)
        # sides[square]: the squares north, east, south and west of it, the wall's
        # cell (State.cells[squares], see wall_value) where that is off the board.
        sides = [[s] * 4 for _ in range(s)]
        for square, nbrs in enumerate(self.neighbours):
            for d, to in nbrs:
                sides[square][d] = to
        self.sides = tuple(map(tuple, sides))
        # step_to[square * 4 + direction]: the square a step leads to (-1 off the board).
        step_to = [-1] * (4 * s)
        for square, nbrs in enumerate(self.neighbours):
            for d, to in nbrs:
                step_to[square * 4 + d] = to
        self.step_to = tuple(step_to)
        self.build_offsets = tuple((t, BUILD_BASE + t * s) for t in range(3))  # build action = offset + square
        # builder_steps[square]: ((action, square stepped to), ...) of the Builder's steps from there.
        self.builder_steps = tuple(tuple((BUILDER_STEP + d, to) for d, to in nbrs) for nbrs in self.neighbours)
        # State.cells has one more cell after the board's squares, the wall
        # (cell value wall_value, a piece of a player who does not play): what
        # lies off the board (sides), blocked for every Unit.
        self.wall_value = 1 + 4 * n
        values = range(2 + 4 * n)
        # entry[player][kind][cell value]: may a Unit of that kind step onto a
        # square holding that (ENTER), never (BLOCKED), or only passing over a
        # friendly Unit of another type on the way to a square it may stop on (PASS).
        self.entry = tuple(tuple(tuple(self._entry(p, kind, c) for c in values)
                                 for kind in range(4)) for p in range(self.num_players))
        # owner[cell value], kind[cell value]: whose piece, and its kind (0 Builder, 1..3 Units).
        self.owner = tuple((m - 1) >> 2 for m in values)
        self.kind = tuple((m - 1) & 3 for m in values)
        # unit_owner[cell value]: the player whose Unit it is, -1 for no Unit.
        self.unit_owner = tuple((m - 1) >> 2 if m and (m - 1) & 3 else -1 for m in values)
        self.is_unit = tuple(q >= 0 for q in self.unit_owner)
        # units_of[player][cell value]: whether that value is one of the player's Units.
        self.units_of = tuple(tuple(q == p for q in self.unit_owner) for p in range(n))
        # side_codes[unit][d][content]: a Unit's (cell value's) side code toward
        # direction d, where the square that way holds content; all 0 for a
        # value that is not a Unit. A Unit's code is four such lookups by what
        # its sides hold, or'ed.
        self.side_codes = tuple(tuple(tuple(self._side_code(m, c) << 2 * d for c in values) for d in range(4))
                                for m in values)
        # side_pairs[unit] = (north_east, south_west): the same, two sides at
        # once: north_east[north's content][east's content] is the code's
        # north and east bits, south_west likewise (two lookups, not four).
        self.side_pairs = tuple(tuple(tuple(tuple(codes[d][c] + codes[d + 1][c2] for c2 in values) for c in values)
                                      for d in (0, 2)) for codes in self.side_codes)
        # unit_side_pairs[player][kind]: side_pairs of that player's Unit of that kind.
        self.unit_side_pairs = tuple(tuple(self.side_pairs[1 + 4 * p + kind] for kind in range(4)) for p in range(n))
        # meets[unit][content]: a Unit's side code (unshifted) toward a square holding that.
        self.meets = tuple(codes[0] for codes in self.side_codes)
        # via[unit][friend]: the square beside that friend that last gave a Unit
        # (cell value) passing over it a way on (one it may take, or a friend
        # with an empty side to pass over), for the Units stage to try first; a
        # hint, always checked, shared by every State of the game.
        self.via = [[s] * s for _ in values]  # the wall's cell: no hint yet
        # By side code: the directions (bits) a Unit may enter and those it
        # may pass over a friend (step_dirs, one pair: one lookup), and
        # whether a side is empty.
        codes = range(256)
        self.step_dirs = tuple((sum(1 << d for d in range(4) if code >> 2 * d & 1),
                                sum(1 << d for d in range(4) if code >> 2 * d & 3 == PASS)) for code in codes)
        self.has_empty = tuple(any(code >> 2 * d & 3 == OPEN for d in range(4)) for code in codes)
        # toward[square][code]: ((neighbour, direction from it back to square),
        # ...), in direction order, for the squares on the board beside square
        # that a side code of a Unit there does not show empty (_put: an empty
        # square holds no Unit to update; code 0 shows none empty).
        self.toward = _toward(self.neighbours)
        # without[d][code]: the code with direction d's bits cleared (a lookup, not an &).
        self.without = tuple(tuple(code & (0xFF ^ 3 << 2 * d) for code in codes) for d in range(4))
        # alone[d][code]: no side but direction d's is empty (OPEN).
        self.alone = tuple(tuple(not self.has_empty[self.without[d][code]] for code in codes) for d in range(4))
        # beside[square][other square]: by a side code, the code without its
        # bits toward that square if it is a neighbour (a square a Unit's move
        # has been on: without[d]), else the same code. Lookups by index, not
        # a dict's get nor an & (Python's quick paths).
        self.beside = _beside(self.neighbours, self.without)
        # recode[value][d][unit]: by a Unit's (cell value's) side code, its code
        # once the square toward d from it holds value (_put): without[d][code]
        # plus side_codes[unit][d][value], one lookup. Those side codes are
        # four per direction, so 16 tuples of 256 codes serve every entry.
        sums = tuple(tuple(tuple(rest + (side << 2 * d) for rest in self.without[d]) for side in range(4))
                     for d in range(4))
        self.recode = tuple(tuple(tuple(sums[d][self.side_codes[unit][d][m] >> 2 * d] for unit in values)
                                  for d in range(4)) for m in values)
        # passes[square][directions]: ((direction's bit, square that way), ...).
        # unit_step_sets[square][directions]: the steps' actions that way, in direction order.
        # transit_sets: the same after END, a moving Unit's actions on an empty square.
        self.passes, self.unit_step_sets, self.transit_sets = _step_sets(self.neighbours, self.unit_step_base)
        # By a Unit's step (action; the actions below unit_step_base hold no step):
        # the square it leaves, the square it goes to, and the sides of that
        # square (as sides) with the wall's cell for the square left: a side
        # code worked out from them has no way back. Read by action, without
        # arithmetic.
        none = (None,) * self.unit_step_base
        self.step_from = none + tuple(square for square in range(s) for _ in range(4))
        self.step_onto = none + self.step_to
        self.square_of = (s,) * self.unit_step_base + self.step_from[self.unit_step_base:]
        self.step_sides = none + tuple(
            None if to < 0 else tuple(s if side == square else side for side in self.sides[to])
            for square, to in zip(self.step_from[self.unit_step_base:], self.step_to))
        # around[square]: the squares that share a side or a corner with it, where
        # a Builder builds ("any unoccupied Space adjacent to the Builder"; Slider
        # A's 5-build notch needs more than the four orthogonal neighbours).
        self.around = tuple(
            tuple(sorted((y + dy) * w + x + dx for dy in (-1, 0, 1) for dx in (-1, 0, 1)
                         if (dx or dy) and 0 <= x + dx < w and 0 <= y + dy < w))
            for y in range(w) for x in range(w))
        # ring[square]: its around squares in square order, the four below it
        # (south-west, south, south-east, west), then the four above it (east,
        # north-west, north, north-east); the wall's cell where one is off the
        # board. ring_empty[i][cell value]: bit i if that value is an empty
        # square. Or'ed, they give which of the four below and of the four
        # above are free, each a number 0..15 that indexes the tables below.
        # ring_pairs[first cell value][second]: the same bits of two squares
        # at once, places 0 and 1 of four; ring_pairs_high: places 2 and 3.
        self.ring = tuple(tuple((y + dy) * w + x + dx if 0 <= x + dx < w and 0 <= y + dy < w else s
                                for dx, dy in RING)
                          for y in range(w) for x in range(w))
        ring_empty = tuple(tuple(1 << i if c == 0 else 0 for c in values) for i in range(4))
        self.ring_pairs, self.ring_pairs_high = (
            tuple(tuple(ring_empty[i][c] + ring_empty[i + 1][c2] for c2 in values) for c in values)
            for i in (0, 2))
        # builds_below[square][free below], builds_above[square][free above]:
        # each Unit type's build actions onto those free squares.
        self.builds_below, self.builds_above = _ring_builds(self.ring, self.build_offsets)
        # builder_step_sets[free below][free above]: the Builder's steps onto
        # the free ones of south, west, east and north (ring places 1, 3, 0, 2).
        self.builder_step_sets = tuple(tuple(
            tuple(BUILDER_STEP + d for d, free in enumerate((above >> 2, above, below >> 1, below >> 3)) if free & 1)
            for above in range(16)) for below in range(16))
        self.names = tuple(square_name(i % w, i // w) for i in range(s))
        self.index_of = {name: i for i, name in enumerate(self.names)}  # a square by its name as written
        # The most decisions a turn takes. Builder stage: every step of a full
        # move and the slider choice where it stops, or every build (a stage
        # cut short ends with one "end"). Units stage: every step of every
        # Unit (a Unit stopped early ends with one "end" instead of its last
        # step), the stage ending by itself once the last Unit has moved.
        a, b = self.notches
        builder = max(max(steps + 1, builds, 1) for steps, builds in a)
        units = max(max(count * steps, 1) for count, steps in b)
        per_turn = builder + units
        self.max_game_length = per_turn * self.max_turns

    def _square(self, x: int, y: int) -> int:
        return y * self.width + x

    def _side_code(self, unit: int, c: int) -> int:
        """The side code (unshifted) of a Unit (cell value) toward a square holding ``c``."""
        if unit == 0 or (unit - 1) & 3 == 0 or unit == self.wall_value:
            return BLOCKED
        rule = self.entry[(unit - 1) >> 2][(unit - 1) & 3][c]
        return OPEN if c == 0 else TAKE if rule == ENTER else PASS if rule == PASS else BLOCKED

    def _entry(self, player: int, kind: int, c: int) -> int:
        if c == 0:
            return ENTER
        if c == self.wall_value:
            return BLOCKED
        owner, other = divmod(c - 1, 4)
        if owner == player:
            return BLOCKED if other == 0 or other == kind else PASS
        return ENTER if other == 0 or self.beats[kind] == other else BLOCKED  # attack a Builder, or take

    def initial_state(self) -> "State":
        return State(self)

    def empty_board(self) -> list[int]:
        """State.cells of a board without pieces: every square empty, then the wall."""
        return [0] * self.squares + [self.wall_value]

    def state_from_json(self, obj) -> "State":
        return position.state_from_json(self, obj)

    def utility(self) -> str:
        # +1 for the winner, -1 for every other player: zero-sum only with two.
        return "zero-sum" if self.num_players == 2 else "general-sum"

    def blank_state(self) -> "State":
        """A State with no pieces set up, for a position to fill in."""
        return State(self, setup=False)

    def player_names(self) -> list[str]:
        return [f"{color} (seat {seat})" for color, seat in zip(self.colors, self.seats)]

    def square_index(self, name: str) -> int | None:
        xy = parse_square(name, self.width)
        return None if xy is None else self._square(*xy)


class State(base.State):
    """A McKinney position: the board, the caches, Shields and Sliders, and
    how far the current turn has gone."""

    __slots__ = ("game", "cells", "exits", "moves", "stale", "one_step", "shared",
                 "builder", "shields", "cache", "sliders", "units",
                 "player", "phase", "turn", "read", "reach", "path", "moving", "built", "moved", "frozen",
                 "winner", "unfinished", "_legal_cache")

    def __init__(self, game: Game, setup: bool = True):
        self.game = game
        self._legal_cache = None
        if not setup:
            return
        n = game.num_players
        self.cells = game.empty_board()  # 0 empty, else 1 + player * 4 + kind; then the wall
        self.builder = list(game.starts)  # square of each Builder, -1 once eliminated
        for p, square in enumerate(game.starts):
            self.cells[square] = 1 + p * 4
        self.shields = [game.shields] * n
        self.cache = [list(game.unit_counts) for _ in range(n)]  # per player, per Unit type
        self.sliders = [list(game.slider_starts) for _ in range(n)]
        self.units = [[] for _ in range(n)]  # squares of each player's Units on the board, in order
        # exits[square], for the Unit on square (0 elsewhere): its side code
        # (TAKE, PASS, OPEN or BLOCKED each way). Kept up to date by _put.
        self.exits = [0] * game.squares
        # moves[square]: the first steps of the Unit there this Units stage, none
        # while it is frozen or where there is no Unit; worked out when its owner's Units stage needs them
        # and the square is in stale[owner] (something next to it or its
        # friends' changed, it is frozen, or a step over a friend needs a search
        # each time). one_step[p]: player p's are worked out for moves of one
        # step (no step over a friend), else for two steps or more.
        self.moves = [()] * game.squares
        self.stale = [set() for _ in range(n)]
        self.one_step = [False] * n
        # exits and moves may be shared with clones (copy-on-write): whoever
        # changes them first while this is set takes copies (_own).
        self.shared = False
        self.turn = 0  # turns completed
        self.winner = -1
        self.unfinished = False
        self.moving = 0  # kind of the Unit in transit along path (UNIT_MOVE)
        self.frozen = set()
        self.path = []  # squares of the move in progress
        # Play begins as if the last player had just ended turn -1: player 0 is next.
        self.player, self.turn = n - 1, -1
        self._end_turn()

    # --- turn flow ---------------------------------------------------------
    def _end_turn(self) -> None:
        """The turn is over: the next player's begins (the next with Shields
        left, in turn order). A turn without any choice passes at once."""
        g, shields, player = self.game, self.shields, self.player
        while True:
            self.turn += 1
            if self.turn >= g.max_turns:
                self._cap()
                return
            for q in g.turn_order[player]:  # themselves last
                if shields[q] > 0:
                    player = q
                    break
            self.player = player
            self.phase = BUILDER
            a, b = self.sliders[player]
            self.read = g.reads[a][b]  # as _set_read
            self.reach = g.notches[1][b][1]
            if self.path:
                self.path = []
            self.built = self.moved = 0
            if self.frozen:
                self.frozen.clear()  # this State's own set (clone copies it)
            self.moving = 0
            actions = self._builder_actions()
            if len(actions) > 1:
                self._legal_cache = actions  # this position's legal actions, already worked out
                return
            if self._enter_units():
                return
            # Nothing to do at all: the turn passes.

    def _set_read(self, read: tuple) -> None:
        """The Slider notches (A, B) read for this turn, and the steps each Unit may take."""
        self.read = read
        self.reach = self.game.notches[1][read[1]][1]

    def _cap(self) -> None:
        """The spec's turn limit is reached: the game is over, unfinished."""
        self.unfinished = True
        self._game_over()

    def _enter_units(self) -> bool:
        """Begin the Units stage; False (and nothing changed but the phase) if no Unit can move."""
        self.phase = UNITS
        if self.path:
            self.path = []
        units, steps = self.game.notches[1][self.read[1]]
        if self.moved >= units or steps <= 0:
            return False
        actions = self._units_stage_actions(steps)
        if len(actions) == 1:
            return False
        self._legal_cache = actions  # this position's legal actions, already worked out
        return True

    def _after_stage(self) -> None:
        """The Builder stage is over: go on to the Units, or end the turn if none can move."""
        if not self._enter_units():
            self._end_turn()

    # --- Unit steps ----------------------------------------------------------
    def _unit_may_enter(self, kind: int, n: int, left: int, visited) -> bool:
        """May a Unit of ``kind`` of the current player step onto ``n`` with ``left`` steps after it?"""
        if n in visited:
            return False
        rule = self.game.entry[self.player][kind][self.cells[n]]
        if rule == PASS:
            # A friendly Unit of another type: pass over, never stop, so only
            # if the move can go on to a square it may stop on.
            return left > 0 and self._can_finish(kind, n, left, visited + (n,))
        return rule == ENTER

    def _can_finish(self, kind: int, square: int, left: int, visited) -> bool:
        cells, entry = self.cells, self.game.entry[self.player][kind]
        for n in self.game.adjacent[square]:
            if n in visited:
                continue
            rule = entry[cells[n]]
            if rule == ENTER:
                return True
            if rule == PASS and left > 1 and self._can_finish(kind, n, left - 1, visited + (n,)):
                return True
        return False

    def _leads_on(self, unit: int, friend: int, left: int, visited) -> bool:
        """``_can_finish`` from a friend passed over by a Unit (cell value) still
        on its own square (Units stage). Every square visited is occupied then
        (the Unit and friends), so a square it may enter is never one of them,
        and a friend with an empty square beside it (``exits``) always leads on."""
        g, cells = self.game, self.cells
        north, east, south, west = g.sides[friend]
        north_east, south_west = g.side_pairs[unit]
        code = north_east[cells[north]][cells[east]] + south_west[cells[south]][cells[west]]
        enter, passing = g.step_dirs[code]
        if enter:
            g.via[unit][friend] = g.passes[friend][enter][0][1]
            return True
        if passing and left > 1:
            exits, has_empty, onward = self.exits, g.has_empty, []
            for _, n in g.passes[friend][passing]:
                if n not in visited:
                    if has_empty[exits[n]]:
                        g.via[unit][friend] = n
                        return True
                    onward.append(n)
            for n in onward:
                if self._leads_on(unit, n, left - 1, visited + (n,)):
                    return True
        return False

    # --- the contract ----------------------------------------------------------
    @property
    def current_player(self) -> int:
        return self.player

    def is_terminal(self) -> bool:
        # By table: Python 3.11 specialises no comparison whose result is
        # returned, and a playout asks this after every action.
        return _IS_OVER[self.phase]

    def is_chance_node(self) -> bool:
        return False  # the game has no chance nodes

    def turns_played(self) -> int:
        return self.turn

    def _legal_actions(self) -> list[int]:
        phase = self.phase
        if phase == OVER:
            return []
        if phase == SLIDER:
            return [SLIDER_DOWN, SLIDER_UP]
        if phase == UNITS:
            return self._units_stage_actions(self.game.notches[1][self.read[1]][1])
        if phase == UNIT_MOVE:
            return self._transit_actions()
        return self._builder_actions()

    def _builder_actions(self) -> list[int]:
        """The Builder stage: END, the Builder's steps, then the builds."""
        g, cells = self.game, self.cells  # two or three names at once: no tuple built
        p, phase = self.player, self.phase
        at = self.builder[p]
        steps, builds = g.notches[0][self.read[0]]
        if phase == BUILDER_MOVE:  # steps only, never back onto its path
            actions = [END]
            path = self.path
            for action, n in g.builder_steps[at]:
                if cells[n] == 0 and n not in path:
                    actions.append(action)
            return actions
        # Which squares around the Builder are free, the four below it and the four above.
        sw, s, se, w, e, nw, n, ne = g.ring[at]
        low, high = g.ring_pairs, g.ring_pairs_high
        below = low[cells[sw]][cells[s]] + high[cells[se]][cells[w]]
        above = low[cells[e]][cells[nw]] + high[cells[n]][cells[ne]]
        walk = g.builder_step_sets[below][above] if phase == BUILDER and steps > 0 else ()
        if builds <= self.built:
            return [END, *walk]
        lower, upper, cache = g.builds_below[at][below], g.builds_above[at][above], self.cache[p]
        actions = [END, *walk]
        if cache[0] > 0:
            actions += lower[0]
            actions += upper[0]
        if cache[1] > 0:
            actions += lower[1]
            actions += upper[1]
        if cache[2] > 0:
            actions += lower[2]
            actions += upper[2]
        return actions

    def _units_stage_actions(self, steps: int) -> list[int]:
        """END and the first steps of the current player's Units that may still
        move this turn, each Unit ``steps`` steps long at most."""
        p, g = self.player, self.game
        units = self.units[p]
        one, deep = g.step_kinds[steps]  # steps == 1, steps > 1: by table (see is_terminal)
        if self.one_step[p] is not one:
            # Steps over friends open or close for every Unit.
            self.one_step[p] = one
            self.stale[p].update(units)
        squares = self.stale[p]
        if squares:
            # Work out again ``moves`` of this player's Units on stale squares
            # (here rather than in a call of its own: once per listing).
            if self.shared:
                self._own()
            cells, exits = self.cells, self.exits
            moves, frozen, mine = self.moves, self.frozen, g.units_of[p]
            if frozen:
                # Units moved or built this turn have no steps (moves is empty
                # for them) until next turn: worked out then.
                stale = squares & frozen
                squares -= frozen
            else:
                stale = set()
            self.stale[p] = stale
            step_dirs, has_empty = g.step_dirs, g.has_empty
            passes, step_sets = g.passes, g.unit_step_sets
            via, meets = g.via, g.meets
            for square in squares:
                c = cells[square]
                if not mine[c]:  # no longer this player's Unit
                    continue
                open_, passing = step_dirs[exits[square]]
                if passing and deep:
                    # A step over a friend is open if the friend has an empty
                    # square beside it, or an enemy to take there; else a search
                    # says, and says again next time.
                    for bit, n in passes[square][passing]:
                        if has_empty[exits[n]]:
                            open_ += bit
                            continue
                        # Over n to the square beyond it that led on last time.
                        beyond = via[c][n]
                        side = meets[c][cells[beyond]]
                        if side == TAKE:
                            # An enemy to take beside n: that holds until a
                            # square beside n changes, and then _put marks
                            # this square stale (n has no empty side).
                            open_ += bit
                            continue
                        stale.add(square)  # else a search says, and says again next time
                        if side == PASS and steps > 2 and has_empty[exits[beyond]]:
                            open_ += bit
                        elif self._leads_on(c, n, steps - 1, (square, n)):
                            open_ += bit
                moves[square] = step_sets[square][open_]
        else:
            moves = self.moves
        actions = [END]
        for square in units:  # a plain loop: cheaper here than chain and map
            actions += moves[square]
        return actions

    def _transit_actions(self) -> list[int]:
        """The Unit in transit: stop (unless it stands on a friend) or step on."""
        g, path = self.game, self.path
        square = path[-1]
        left = self.reach - len(path)
        steps = g.unit_step_sets[square][self._transit_open(square, path, self.moving, left)]
        return [*steps] if self.cells[square] else [END, *steps]  # on a friendly Unit: no stopping there

    def _transit_open(self, square: int, path: list, kind: int, left: int) -> int:
        """The directions (bits) a Unit of ``kind`` moving along ``path`` to
        ``square`` may step on, with ``left`` steps after that one: onto a square
        it may enter, or over a friend, to a square it may stop on; never back
        onto the path."""
        g, cells = self.game, self.cells
        north, east, south, west = g.sides[square]
        north_east, south_west = g.unit_side_pairs[self.player][kind]
        code = north_east[cells[north]][cells[east]] + south_west[cells[south]][cells[west]]
        beside = g.beside[square]
        # Not back onto the path: only squares an odd number of steps back can be beside this one.
        for before in path[-2::-2]:
            code = beside[before][code]
        open_, passing = g.step_dirs[code]
        if passing and left > 0:
            open_ += self._over_friends(square, passing, path, kind, left)
        return open_

    def _over_friends(self, square: int, passing: int, path: list, kind: int, left: int) -> int:
        """Of the directions ``passing`` (bits) from ``square``, the last square
        of ``path``, each toward a friend a Unit of ``kind`` may pass over: those
        whose friend leads on to a square it may stop on within ``left`` steps."""
        g, exits, has_empty = self.game, self.exits, self.game.has_empty
        open_ = 0
        for bit, friend in g.passes[square][passing]:
            # A friend with an empty square beside it off the path (its exits,
            # less the path's squares beside it: every other one back from
            # square) leads on; else a search says.
            empty, beside = exits[friend], g.beside[friend]
            for before in path[-1::-2]:
                empty = beside[before][empty]
            if has_empty[empty] or self._can_finish(kind, friend, left, (*path, friend)):
                open_ += bit
        return open_

    def _is_legal(self, action: int) -> bool:
        """Exactly ``action in self.legal_actions()``, without building the list."""
        phase = self.phase
        if phase == OVER or not isinstance(action, int) or action < 0:
            return False
        if phase == SLIDER:
            return action in (SLIDER_DOWN, SLIDER_UP)
        g, cells, p = self.game, self.cells, self.player
        if action == END:
            return phase != UNIT_MOVE or cells[self.path[-1]] == 0
        if action < BUILDER_STEP:
            return False
        if action < BUILD_BASE:
            if phase not in (BUILDER, BUILDER_MOVE) or g.notches[0][self.read[0]][0] <= 0:
                return False
            at = self.builder[p]
            for d, n in g.neighbours[at]:
                if d == action - BUILDER_STEP:
                    return cells[n] == 0 and n not in self.path
            return False
        if action < g.unit_step_base:
            if phase not in (BUILDER, BUILD) or g.notches[0][self.read[0]][1] <= self.built:
                return False
            t, n = divmod(action - BUILD_BASE, g.squares)
            return (self.cache[p][t] > 0 and cells[n] == 0
                    and n in g.around[self.builder[p]])
        if action >= g.num_distinct_actions or phase not in (UNITS, UNIT_MOVE):
            return False
        square, d = divmod(action - g.unit_step_base, 4)
        steps = g.notches[1][self.read[1]][1]
        if phase == UNITS:
            if square not in self.units[p] or square in self.frozen:
                return False
            kind, visited, left = (cells[square] - 1) & 3, (square,), steps - 1
        else:
            if square != self.path[-1]:
                return False
            kind, visited, left = self.moving, tuple(self.path), steps - len(self.path)
        for dd, n in g.neighbours[square]:
            if dd == d:
                return self._unit_may_enter(kind, n, left, visited)
        return False

    def apply(self, action: int) -> None:
        if type(action) is not int:  # a numpy integer is its int; anything else is refused here
            action = action_number(action)
        legal = self._legal_cache
        # Checked against the legal actions when a playout has just asked for
        # them; otherwise without building the list.
        if legal is None:
            listed = self._is_legal(action)
        elif self.phase != UNITS:  # a short list
            listed = action in legal
        elif action:  # legal[0] is END (0)
            # The Units stage's list (some 60) joins the moves of the player's
            # Units: a step is in it if it is in the moves of the player's Unit
            # it starts from (square_of: the wall's cell for an action that is
            # no step, and for one past the last).
            g = self.game
            square = g.square_of[action] if 0 <= action < g.num_distinct_actions else g.squares
            listed = g.units_of[self.player][self.cells[square]] and action in self.moves[square]
        else:
            listed = True
        if not listed:
            raise IllegalAction(f"action {action!r} is not legal in this position")
        self.apply_listed(action)

    def apply_listed(self, action: int) -> None:
        # An action from this position's own legal list (see base.State.apply_listed).
        self._legal_cache = None
        if action >= self.game.unit_step_base:  # the most common action, without another call
            self._unit_step(action)
        elif action >= BUILD_BASE:  # then a build, a Builder's step: each without _apply
            self._build(action)
        elif action >= BUILDER_STEP:
            self._builder_step(action)
        elif action or self.phase != UNIT_MOVE:
            self._apply(action)
        else:  # END of a Unit's move
            self._unit_stopped()

    def _apply(self, action: int) -> None:
        """An action of the Builder stage (apply takes a Unit's step to _unit_step)."""
        g, p, phase = self.game, self.player, self.phase
        if action == END:
            if phase == BUILDER_MOVE:
                self._builder_stopped()
            elif phase == UNIT_MOVE:
                self._unit_stopped()
            else:
                if phase == BUILDER or phase == BUILD:
                    self._after_stage()
                else:
                    self._end_turn()
            return
        if action <= SLIDER_UP:
            slider, dots = g.spaces[self.builder[p]]
            top = len(g.notches[slider]) - 1
            value = self.sliders[p][slider] + (dots if action == SLIDER_UP else -dots)
            self.sliders[p][slider] = min(top, max(0, value))  # a marker stops at the track's end
            self._after_stage()
            return
        if action < BUILD_BASE:
            self._builder_step(action)
        else:
            self._build(action)

    def _builder_step(self, action: int) -> None:
        g, p, cells = self.game, self.player, self.cells
        at = self.builder[p]
        n = g.step_to[at * 4 + action - BUILDER_STEP]
        if self.phase == BUILDER:
            self.phase = BUILDER_MOVE
            self.path = [at]
        self._put(n, cells[at])
        self._put(at, 0)
        self.builder[p] = n
        self.path.append(n)
        if len(self.path) <= g.notches[0][self.read[0]][0]:  # a step left
            actions = self._builder_actions()
            if len(actions) > 1:
                self._legal_cache = actions
                return
        self._builder_stopped()

    def _build(self, action: int) -> None:
        g, p = self.game, self.player
        t, n = divmod(action - BUILD_BASE, g.squares)
        self.phase = BUILD
        insort(self.units[p], n)  # units stay in square order
        self._put(n, 2 + p * 4 + t)  # cell value 1 + player * 4 + kind, kind = t + 1
        self.frozen.add(n)  # units built this turn do not move this turn
        self.cache[p][t] -= 1
        self.built += 1
        actions = self._builder_actions()
        if len(actions) > 1:
            self._legal_cache = actions
        elif not self._enter_units():  # as _after_stage
            self._end_turn()

    def _unit_step(self, action: int) -> None:
        """A Unit steps: the first step of its move (Units stage) or the next one."""
        g, p = self.game, self.player
        cells, path = self.cells, self.path
        n = g.step_onto[action]
        if self.phase == UNITS:
            square = g.step_from[action]
            self.phase = UNIT_MOVE
            self.moving = g.kind[cells[square]]
            self._remove_unit(p, square)  # in transit: off the board until it stops
            path.append(square)  # the path is empty in the Units stage
        path.append(n)
        c = cells[n]
        if c:
            owner = g.owner[c]
            if owner != p:
                other = g.kind[c]
                if other == 0:
                    self._attack_builder(owner)
                    return
                self._remove_unit(owner, n)  # taken: back to its owner's cache
                self.cache[owner][other - 1] += 1
                c = 0
        # Stop here if no step is left or none may be taken; else what this
        # position allows is worked out already: as _transit_actions, without
        # another call. On a friend passed over (c) the move goes on: the step
        # was legal only if it can; on an empty square stopping is one choice.
        length = len(path)
        left = self.reach - length
        if left >= 0:
            kind = self.moving
            north, east, south, west = g.step_sides[action]
            north_east, south_west = g.unit_side_pairs[p][kind]
            code = north_east[cells[north]][cells[east]] + south_west[cells[south]][cells[west]]
            if length > 3:
                # Squares further back on the path: only those an odd number of
                # steps back can be beside this one.
                beside = g.beside[n]
                for before in path[-4::-2]:
                    code = beside[before][code]
            open_, passing = g.step_dirs[code]
            if passing and left > 0:
                open_ += self._over_friends(n, passing, path, kind, left)
            if open_:
                self._legal_cache = [*(g.unit_step_sets if c else g.transit_sets)[n][open_]]
                return
        self._unit_stopped()

    # --- the board: every change goes through _put ------------------------------
    def _put(self, square: int, value: int) -> None:
        """Set what ``square`` holds (a cell value), and the exits of the Units it
        touches: its neighbours' and its own."""
        if self.shared:
            self._own()
        g, cells = self.game, self.cells
        exits, stale = self.exits, self.stale
        cells[square] = value
        is_unit, unit_owner = g.is_unit, g.unit_owner
        if is_unit[value]:
            north, east, south, west = g.sides[square]
            north_east, south_west = g.side_pairs[value]
            exits[square] = code = north_east[cells[north]][cells[east]] + south_west[cells[south]][cells[west]]
            stale[unit_owner[value]].add(square)
        else:
            code = exits[square]  # the leaving Unit's, else 0: no side seen empty
            exits[square] = 0
        # The codes of the Units beside square, toward it: on the squares
        # beside it, but for those the code of the Unit arriving or leaving
        # shows empty (no Unit to update there; a Builder's move looks at all
        # four). Every change empties a square or fills an empty one, so such a code
        # always changes (OPEN or not), and the Unit gains its first empty side
        # or loses its last exactly when no other side of it is empty.
        recode, alone = g.recode[value], g.alone
        for u, d in g.toward[square][code]:
            c = cells[u]
            if is_unit[c]:
                old = exits[u]
                exits[u] = recode[d][c][old]
                owner = stale[unit_owner[c]]
                owner.add(u)
                if alone[d][old]:
                    # Its first empty side or its last: whether a friend may
                    # pass over it with a step to spare changed too.
                    owner.update(g.adjacent[u])

    def _own(self) -> None:
        """Copies of exits and moves of this State's own, before it changes them."""
        self.exits = self.exits[:]
        self.moves = self.moves[:]
        self.shared = False

    def _remove_unit(self, owner: int, square: int) -> None:
        """The Unit of ``owner`` on ``square`` leaves the board (moving, taken
        or eliminated): out of its player's squares (sorted: a binary search),
        and no moves there, as for every square without a Unit."""
        units = self.units[owner]
        del units[bisect_left(units, square)]
        self._put(square, 0)
        self.moves[square] = ()

    def _index_board(self) -> None:
        """Units in square order and every exit, from the cells alone (a position read from JSON)."""
        for units in self.units:
            units.sort()
        cells = self.cells
        self.exits = [0] * self.game.squares
        self.moves = [()] * self.game.squares
        self.shared = False
        self.stale = [set() for _ in self.units]
        self.one_step = [False] * len(self.units)
        for square, value in enumerate(cells[:self.game.squares]):
            self._put(square, value)

    def _builder_stopped(self) -> None:
        at = self.builder[self.player]
        self.path = []
        if at in self.game.spaces:
            self.phase = SLIDER
        else:
            self._after_stage()

    def _unit_stopped(self) -> None:
        p, n = self.player, self.path[-1]
        insort(self.units[p], n)
        self._put(n, 1 + p * 4 + self.moving)
        # As _unit_done and _enter_units, without more calls (a move ends this
        # way most often). Steps per Unit are above 0: a Unit has just moved.
        # The stage's bookkeeping only if it goes on: _end_turn resets it.
        self.moved += 1
        units, steps = self.game.notches[1][self.read[1]]
        if self.moved < units:
            self.frozen.add(n)
            self.moving = 0
            self.phase = UNITS
            self.path.clear()  # this State's own list (clone copies it)
            actions = self._units_stage_actions(steps)
            if len(actions) > 1:
                self._legal_cache = actions
                return
        self._end_turn()

    def _unit_done(self) -> None:
        self.moving = 0
        self.path = []
        self.moved += 1
        if not self._enter_units():
            self._end_turn()

    def _attack_builder(self, owner: int) -> None:
        """The mover defeats one Shield and goes back to its cache; the third Shield eliminates."""
        p = self.player
        self.cache[p][self.moving - 1] += 1
        self.shields[owner] -= 1
        if self.shields[owner] == 0:
            self._eliminate(owner)
            alive = [q for q in range(self.game.num_players) if self.shields[q] > 0]
            if len(alive) == 1:
                self.winner = alive[0]
                self._game_over()
                return
        self._unit_done()

    def _eliminate(self, owner: int) -> None:
        cells = self.cells
        self._put(self.builder[owner], 0)
        self.builder[owner] = -1
        for square in self.units[owner][:]:
            self.cache[owner][self.game.kind[cells[square]] - 1] += 1
            self._remove_unit(owner, square)

    def _game_over(self) -> None:
        """The game has ended: nobody to move, no turn in progress."""
        self.phase = OVER
        self.player = TERMINAL
        self.path = []
        self.frozen = set()
        self.built = self.moved = self.moving = 0

    def key(self) -> tuple:
        # Everything clone copies but the per-square caches (exits, moves,
        # stale, one_step), which follow from the rest.
        return (tuple(self.cells), tuple(self.builder), tuple(self.shields), tuple(map(tuple, self.cache)),
                tuple(map(tuple, self.sliders)), tuple(map(tuple, self.units)), self.player, self.phase,
                self.turn, self.read, self.reach, tuple(self.path), self.moving, self.built, self.moved,
                frozenset(self.frozen), self.winner, self.unfinished)

    def returns(self) -> list[float]:
        return base.winner_returns(self.winner, self.game.num_players)

    def clone(self) -> "State":
        # map(list.copy, ...) rather than comprehensions: clones are made often.
        other = State.__new__(State)
        other.game, other._legal_cache = self.game, None
        other.cells = self.cells[:]
        # The per-square caches are shared until one of the two changes them.
        other.exits, other.moves = self.exits, self.moves
        self.shared = other.shared = True
        other.stale = list(map(set.copy, self.stale))
        other.one_step = self.one_step[:]
        other.builder = self.builder[:]
        other.shields = self.shields[:]
        other.cache = list(map(list.copy, self.cache))
        other.sliders = list(map(list.copy, self.sliders))
        other.units = list(map(list.copy, self.units))
        other.player, other.phase, other.turn, other.read = self.player, self.phase, self.turn, self.read
        other.reach = self.reach
        other.path = self.path[:]
        other.moving, other.built, other.moved = self.moving, self.built, self.moved
        other.frozen = self.frozen.copy()
        other.winner, other.unfinished = self.winner, self.unfinished
        return other

    # --- notation ------------------------------------------------------------
    def action_to_string(self, action: int) -> str:
        g = self.game
        if action == END:
            return END_WORDS[self.phase] or "end"
        if action <= SLIDER_UP:
            at = self.builder[self.player] if self.player >= 0 else -1
            slider = "AB"[g.spaces[at][0]] if at in g.spaces else "A"
            return slider + ("+" if action == SLIDER_UP else "-")
        if action < BUILD_BASE:
            dx, dy = DIRECTIONS[action - BUILDER_STEP]
            at = self.builder[self.player] if self.player >= 0 else -1
            if at < 0:
                return f"B{'nesw'[action - BUILDER_STEP]}"
            x, y = at % g.width + dx, at // g.width + dy
            if 0 <= x < g.width and 0 <= y < g.width:
                return "B" + square_name(x, y)
            return f"B{'nesw'[action - BUILDER_STEP]}"
        if action < g.unit_step_base:
            t, n = divmod(action - BUILD_BASE, g.squares)
            return f"{LETTERS[t + 1]}@{g.names[n]}"
        square, d = divmod(action - g.unit_step_base, 4)
        dx, dy = DIRECTIONS[d]
        x, y = square % g.width + dx, square // g.width + dy
        if not (0 <= x < g.width and 0 <= y < g.width):
            return f"{g.names[square]}-off"
        n = y * g.width + x
        c = self.cells[n]
        hit = c and (c - 1) // 4 != self.player
        return f"{g.names[square]}{'x' if hit else '-'}{g.names[n]}"

    def string_to_action(self, text: str) -> int:
        if not isinstance(text, str):
            raise IllegalAction(f"{text!r} is not a move: moves are written as text, such as 'Bg9'")
        if self.phase == OVER:
            raise IllegalAction(f"'{text.strip()}': the game is over, no move is legal")
        action = self._parse(text)
        if not self._is_legal(action):
            legal = [self.action_to_string(a) for a in self.legal_actions()]
            shown = ", ".join(legal[:16]) + (", ..." if len(legal) > 16 else "")
            hint = ""
            g = self.game
            if g.unit_step_base <= action < g.num_distinct_actions:
                square, d = divmod(action - g.unit_step_base, 4)
                if square == self.builder[self.player]:
                    to = dict(g.neighbours[square])[d]
                    hint = f"; the Builder's steps are written B and the square, such as B{g.names[to]}"
            raise IllegalAction(f"'{text.strip()}' is not a legal move now "
                                f"(stage: {PHASES[self.phase]}; legal: {shown or 'none'}){hint}")
        return action

    def _parse(self, text: str) -> int:
        g = self.game
        word = text.strip()
        last = f"{FILES[g.width - 1]}{g.width}"
        if word.lower() in ("pass", "stop", "done", "end"):
            return END
        match = _SLIDER_RE.match(word)
        if match:
            at = self.builder[self.player] if self.player >= 0 else -1
            if self.phase == SLIDER and "AB"[g.spaces[at][0]] != match[1].upper():
                raise IllegalAction(f"'{word}': the Builder stands on a Slider "
                                    f"{'AB'[g.spaces[at][0]]} space, not {match[1].upper()}")
            return SLIDER_UP if match[2] == "+" else SLIDER_DOWN
        match = _BUILDER_RE.match(word) or _BUILD_RE.match(word) or _STEP_RE.match(word)
        if not match:
            raise IllegalAction(
                f"'{word}' is not McKinney notation: use Bg9 (Builder step), P@f9, R@f9 or S@f9 "
                "(build), A+ A- B+ B- (Slider), f9-f10 or f9xf10 (Unit step), pass, stop, done, end")
        names = match.groups()[1:] if match.re is _BUILD_RE else match.groups()
        squares = [g.square_index(name) for name in names]
        for name, square in zip(names, squares):
            if square is None:
                raise IllegalAction(f"'{word}': '{name}' is not a square of this board (a1..{last})")
        if match.re is _BUILD_RE:
            return BUILD_BASE + "PRS".index(match[1].upper()) * g.squares + squares[0]
        if match.re is _BUILDER_RE:
            frm, to = (self.builder[self.player] if self.player >= 0 else -1), squares[0]
        else:
            frm, to = squares
        for d, m in g.neighbours[frm] if frm >= 0 else ():
            if m == to:
                return (BUILDER_STEP + d) if match.re is _BUILDER_RE else g.unit_step_base + frm * 4 + d
        raise IllegalAction(f"'{word}': a step goes to a square next to the piece "
                            "(up, down, left or right)")

    # --- positions -----------------------------------------------------------
    def to_json(self) -> dict:
        return position.to_json(self)
