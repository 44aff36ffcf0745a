"""Rock Paper Scissors Tiles (Matt Arnold, 2008/2010): the rules on the engine contract.

Players: 0 is Black, 1 is White. The table is unbounded; tiles sit on a
grid of whole tiles, x to the right and y up. Black's first tile lies at
(0, 0) and White's at (1, 0).

Turns are numbered from 1. Turn 1: each player chooses only the orientation
of their first tile, Black then White, neither seeing the other's until
both have chosen. From turn 2 on, both players place one tile that touches
an edge of a tile already on the table: Black first on even turns, White
first on odd ones. With ``hidden_orientation: every-turn`` (the 2010 text)
the first tile of every turn stays face-hidden until the second is placed;
with ``first-turn`` it is laid face up at once.

After each turn each player scores one point per pair (own shape,
opponent's shape) in which the own shape beats the other, counted on the
table as it is. A higher score wins at once; equal scores when the last
tile is down are a draw.

Actions: ``((x + 64) * 129 + (y + 64)) * 4 + orientation`` with the
orientation numbered as in ``tiles_shapes`` (ll 0, lr 1, ul 2, ur 3).
Notation: ``x,y corner``, e.g. ``2,-1 ul`` (the tile at x 2, y -1 with its
black half in the upper-left corner). The position format is documented in
the reference (templates/tiles-notation.md.j2) and in ``to_json``.
"""

from __future__ import annotations

import json
import re
from bisect import bisect_left

from ...errors import PrintkitError
from ...spec import data_of
from ...rules import base
from ...rules.base import TERMINAL, IllegalAction, action_number, same_json
from .shapes import BLACK, CODES, COLOURS, ORIENTATIONS, STEPS, WHITE, ShapeBook

WINDOW = 64  # actions encode x and y in -WINDOW..WINDOW
SIDE = 2 * WINDOW + 1
FIRST_CELLS = ((0, 0), (1, 0))  # where Black's and White's first tiles lie
DRAW = 2  # State.result: BLACK, WHITE, DRAW or None while playing


def encode(x: int, y: int, orientation: int) -> int:
    return ((x + WINDOW) * SIDE + (y + WINDOW)) * 4 + orientation


def cell_code(x: int, y: int) -> int:
    """The cell's number in the action encoding: ``encode(x, y, o) == cell_code(x, y) * 4 + o``."""
    return (x + WINDOW) * SIDE + (y + WINDOW)


def decode(action: int) -> tuple[int, int, int]:
    cell, orientation = divmod(action, 4)
    x, y = divmod(cell, SIDE)
    return x - WINDOW, y - WINDOW, orientation


ACTION_LIMIT = SIDE * SIDE * 4
ORIENTATION_NUMBERS = tuple(range(len(ORIENTATIONS)))
NEIGHBOUR_CODES = tuple((dx, dy, dx * SIDE + dy) for dx, dy in STEPS)  # cell_code of a neighbour: code + step


class Game(base.Game):
    """Rock Paper Scissors Tiles as a spec describes it. Takes no options
    (``players`` may be given but must be 2)."""

    name = "tiles"
    num_players = 2
    perfect_information = False  # a tile laid face-hidden hides its corner from the other player

    def __init__(self, spec, players: int | None = None, variant: str | None = None, **options):
        if players not in (None, 2):
            raise PrintkitError(f"tiles is a game for 2 players, not {players}")
        self.refuse_unknown(variant, options)
        super().__init__(spec)
        data = data_of(spec)
        self.data = data
        self.book = ShapeBook.from_spec(data)
        self.tile_count = int(data["tiles"]["count"])
        self.max_game_length = self.tile_count
        self.num_distinct_actions = ACTION_LIMIT
        self.hidden_every_turn = data["hidden_orientation"] == "every-turn"

    def initial_state(self) -> "State":
        return State(self)

    def state_from_json(self, obj) -> "State":
        return _from_json(self, obj)

    def player_names(self) -> list[str]:
        return ["Black", "White"]


class State(base.State):
    """A position: the tiles in the order they were played, and whose turn it is."""

    def __init__(self, game: Game):
        self.game = game
        self.table: dict = {}  # (x, y) -> orientation, tiles lying face up
        self.played: list = []  # (x, y, orientation) in play order, a hidden tile included
        self.pending = None  # the first tile of this turn while it stays face-hidden
        self.turn = 1
        self.counts = [[0] * len(game.book.shapes) for _ in COLOURS]
        # Empty cells touching a tile on the table, by cell_code, and the
        # actions that place a tile on one, kept sorted as tiles are laid.
        self.frontier: set = set()
        self.open_actions: list = []
        self.result = None

    # --- whose turn --------------------------------------------------------
    def first_mover(self) -> int:
        """Who places first this turn: Black on turn 1 and on even turns."""
        return BLACK if self.turn == 1 or self.turn % 2 == 0 else WHITE

    @property
    def current_player(self) -> int:
        if self.result is not None:
            return TERMINAL
        first = self.first_mover()
        return first if len(self.played) % 2 == 0 else 1 - first

    # Asked before every action of a playout: answered without working out who moves.
    def is_terminal(self) -> bool:
        return self.result is not None

    def is_chance_node(self) -> bool:
        return False  # the game has no chance nodes

    # --- moves -------------------------------------------------------------
    def _legal_actions(self) -> list[int]:
        if self.result is not None:
            return []
        if self.turn == 1:
            first = cell_code(*FIRST_CELLS[self.current_player]) * 4
            return [first + o for o in ORIENTATION_NUMBERS]
        actions = self.open_actions[:]
        if self.pending is not None:  # the face-hidden tile's cell is taken
            at = bisect_left(actions, cell_code(self.pending[0], self.pending[1]) * 4)
            del actions[at:at + 4]
        return actions

    def _placement_error(self, x: int, y: int) -> str | None:
        """Why the player to move may not place at (x, y), or None."""
        if self.result is not None:
            return "the game is over"
        if self.turn == 1:
            want = FIRST_CELLS[self.current_player]
            return None if (x, y) == want else (
                f"the first tiles lie at 0,0 (Black) and 1,0 (White); "
                f"{COLOURS[self.current_player].title()}'s is at {want[0]},{want[1]}")
        if (x, y) in self.table or (self.pending is not None and (x, y) == self.pending[:2]):
            return f"{x},{y} already holds a tile"
        if cell_code(x, y) not in self.frontier:
            return f"{x},{y} does not touch an edge of a tile already on the table"
        return None

    def apply(self, action) -> None:
        """Apply ``action`` in place; IllegalAction if it is not legal now."""
        if type(action) is not int:  # a numpy integer is its int; a bool or anything else is refused
            action = action_number(action)
        if not 0 <= action < ACTION_LIMIT:
            raise IllegalAction(f"action {action!r} is not legal in this position")
        x, y, o = decode(action)
        if self._placement_error(x, y) is not None:
            raise IllegalAction(f"action {action!r} is not legal in this position")
        self._legal_cache = None
        self._place(x, y, o)

    def _apply(self, action: int) -> None:
        self._place(*decode(action))

    def _place(self, x: int, y: int, o: int) -> None:
        first_of_turn = len(self.played) % 2 == 0
        self.played.append((x, y, o))
        if first_of_turn:
            if self.turn == 1 or self.game.hidden_every_turn:
                self.pending = (x, y, o)
            else:
                self._lay(x, y, o)
            return
        if self.pending is not None:
            self._lay(*self.pending)
            self.pending = None
        self._lay(x, y, o)
        self._end_turn()

    def _lay(self, x: int, y: int, o: int) -> None:
        """Put a tile face up on the table and count the shapes it completes."""
        table, frontier = self.table, self.frontier
        table[(x, y)] = o
        code = cell_code(x, y)
        actions = self.open_actions
        if code in frontier:
            frontier.discard(code)
            at = bisect_left(actions, code * 4)
            del actions[at:at + 4]
        for dx, dy, step in NEIGHBOUR_CODES:
            n = code + step
            if n not in frontier and (x + dx, y + dy) not in table:
                frontier.add(n)
                at = bisect_left(actions, n * 4)
                actions[at:at] = (n * 4, n * 4 + 1, n * 4 + 2, n * 4 + 3)
        for colour, index in self.game.book.through(self.table, x, y, o):
            self.counts[colour][index] += 1

    def _end_turn(self) -> None:
        black, white = self.scores()
        if black != white:
            self.result = BLACK if black > white else WHITE
        elif len(self.played) >= self.game.tile_count:
            self.result = DRAW
        else:
            self.turn += 1

    def scores(self) -> tuple[int, int]:
        """Black's and White's points on the table as it is now."""
        return self.game.book.score(self.counts)

    def returns(self) -> list[float]:
        if self.result is None or self.result == DRAW:
            return [0.0, 0.0]
        return [1.0, -1.0] if self.result == BLACK else [-1.0, 1.0]

    def turns_played(self) -> int:
        """Turns whose two tiles are both down."""
        return len(self.played) // 2

    def hidden_variant(self, player: int, rng) -> "State | None":
        """The same position with the other player's face-hidden tile turned
        another way; None when nothing is hidden from ``player``."""
        if self.pending is None or player == self.first_mover():
            return None
        x, y, o = self.pending
        other = self.clone()
        turned = (x, y, rng.choice([c for c in range(4) if c != o]))
        other.pending = turned
        other.played[-1] = turned
        return other

    def resample(self, player: int, rng) -> "State":
        """The same position with the face-hidden tile, if ``player`` cannot
        see it, turned any of the four ways with equal chance."""
        other = self.clone()
        if self.pending is not None and player != self.first_mover():
            x, y, _ = self.pending
            other.pending = other.played[-1] = (x, y, rng.randrange(4))
        return other

    def clone(self) -> "State":
        other = State.__new__(State)
        other.game = self.game
        other.table = dict(self.table)
        other.played = list(self.played)
        other.pending = self.pending
        other.turn = self.turn
        other.counts = [list(c) for c in self.counts]
        other.frontier = set(self.frontier)
        other.open_actions = self.open_actions[:]
        other.result = self.result
        return other

    # --- notation ----------------------------------------------------------
    def action_to_string(self, action: int) -> str:
        x, y, o = decode(action)
        return f"{x},{y} {CODES[o]}"

    def action_seen_by(self, player: int | None, action: int) -> str:
        """A tile laid face-hidden shows the other player (and the table)
        where it lies, not its corner: ``3,4 ?``."""
        x, y, _ = decode(action)
        hidden = len(self.played) % 2 == 0 and (self.turn == 1 or self.game.hidden_every_turn)
        if hidden and player != self.current_player:
            return f"{x},{y} ?"
        return self.action_to_string(action)

    def string_to_action(self, text: str) -> int:
        """The action of a move such as ``2,-1 ul``; the corner may also be
        written out (``upper-left``)."""
        x, y, o = parse_move(text)
        error = self._placement_error(x, y)
        if error:
            raise IllegalAction(f"'{_shown(text)}' is not legal now: {error}")
        return encode(x, y, o)

    # --- positions ---------------------------------------------------------
    def to_json(self) -> dict:
        """The position (see the reference):

        - ``tiles``: every tile in play order as [x, y, corner]; tiles 1-2 are
          turn 1, 3-4 turn 2 and so on; a turn's first tile is its first
          player's (Black's on turn 1 and on even turns, White's on odd turns
          from 3 on);
        - ``turn``, ``to_move`` ("black", "white" or null when over),
          ``supply`` (tiles left);
        - ``shapes``: occurrences per colour and shape among the tiles lying
          face up; ``score``: the points they make; ``result``: null while
          playing, else "black", "white" or "draw".
        """
        book = self.game.book
        black, white = self.scores()
        player = self.current_player
        return {
            "game": "tiles",
            "tiles": [[x, y, CODES[o]] for x, y, o in self.played],
            "turn": self.turn,
            "to_move": COLOURS[player] if player >= 0 else None,
            "supply": self.game.tile_count - len(self.played),
            "shapes": {COLOURS[c]: {k: self.counts[c][i] for i, k in enumerate(book.keys)}
                       for c in (BLACK, WHITE)},
            "score": {"black": black, "white": white},
            "result": None if self.result is None else ("black", "white", "draw")[self.result],
        }

    def observation(self, player: int) -> dict:
        """The position as ``player`` sees it: a face-hidden tile of the
        other player shows where it stands but not its corner (null)."""
        obj = self.to_json()
        if self.pending is not None and player != self.first_mover():
            obj["tiles"][-1][2] = None
        return obj

    def public_observation(self) -> dict:
        """The table: a face-hidden tile shows where it stands, not its corner."""
        obj = self.to_json()
        if self.pending is not None:
            obj["tiles"][-1][2] = None
        return obj


# --- notation and positions -----------------------------------------------

_MOVE = re.compile(r"^\s*([-+]?\d+)\s*,\s*([-+]?\d+)\s+([a-z-]+)\s*$", re.IGNORECASE)


_CORNER_HELP = f"use one of {', '.join(CODES)} (or {', '.join(ORIENTATIONS)})"


def _shown(text: str) -> str:
    """User text quoted in a message, cut short when long."""
    text = text.strip()
    return text if len(text) <= 40 else text[:37] + "..."


def corner_code(text) -> int:
    """An orientation from its code (``ul``) or its name (``upper-left``)."""
    if not isinstance(text, str):
        raise IllegalAction(f"{json.dumps(text)} is not a corner: {_CORNER_HELP}")
    word = text.strip().lower()
    if word in CODES:
        return CODES.index(word)
    if word in ORIENTATIONS:
        return ORIENTATIONS.index(word)
    raise IllegalAction(f"'{_shown(text)}' is not a corner: {_CORNER_HELP}")


def parse_move(text: str) -> tuple[int, int, int]:
    """(x, y, orientation) of a move written ``x,y corner``; IllegalAction with the reason if malformed."""
    if text is None:
        text = ""
    if not isinstance(text, str):
        raise IllegalAction(f"a move is text such as '2,-1 ul', not {text!r}")
    match = _MOVE.match(text)
    if not match:
        raise IllegalAction(f"'{_shown(text)}' is not a move: write x,y and the black "
                            "corner (ll, lr, ul or ur), e.g. '2,-1 ul'")
    x, y = int(match.group(1)), int(match.group(2))
    if not (-WINDOW <= x <= WINDOW and -WINDOW <= y <= WINDOW):
        raise IllegalAction(f"'{_shown(text)}' lies too far from the first tiles "
                            f"(x and y run from -{WINDOW} to {WINDOW})")
    return x, y, corner_code(match.group(3))


_DERIVED = ("game", "turn", "to_move", "supply", "shapes", "score", "result")


def _from_json(game: Game, obj) -> State:
    """Replay the tiles of a position; every other key, if given, must agree."""
    if not isinstance(obj, dict):
        raise IllegalAction("a tiles position is a JSON object with a 'tiles' list")
    unknown = sorted(set(obj) - set(_DERIVED) - {"tiles"})
    if unknown:
        raise IllegalAction(f"unknown key(s) {', '.join(map(repr, unknown))} in a tiles position", at=(unknown[0],))
    tiles = obj.get("tiles")
    if not isinstance(tiles, list):
        raise IllegalAction("a tiles position needs 'tiles': a list of [x, y, corner]", at=("tiles",))
    if obj.get("game", "tiles") != "tiles":
        raise IllegalAction(f"this is a position of {_json(obj['game'])}, not of tiles", at=("game",))
    state = State(game)
    for number, tile in enumerate(tiles, 1):
        at = ("tiles", number - 1)
        if (not isinstance(tile, list) or len(tile) != 3
                or not all(isinstance(v, int) and not isinstance(v, bool) for v in tile[:2])):
            raise IllegalAction(f"tile {number}: expected [x, y, corner] with whole numbers x and y, "
                                f"got {_json(tile)}", at=at)
        x, y = tile[0], tile[1]
        if tile[2] is None:
            raise IllegalAction(f"tile {number}: its corner is hidden (null); a position needs every corner",
                                at=(*at, 2))
        try:
            o = corner_code(tile[2])
        except IllegalAction as error:
            raise IllegalAction(f"tile {number} at {x},{y}: {error}", at=(*at, 2)) from None
        if not (-WINDOW <= x <= WINDOW and -WINDOW <= y <= WINDOW):
            raise IllegalAction(f"tile {number} at {x},{y} lies too far from the first tiles", at=at)
        error = state._placement_error(x, y)
        if error:
            raise IllegalAction(f"tile {number} at {x},{y}: {error}", at=at)
        state._apply(encode(x, y, o))
    expected = state.to_json()
    for key in _DERIVED:
        if key in obj and not same_json(obj[key], expected[key]):
            raise IllegalAction(f"'{key}' is {_json(obj[key])} but the tiles give {_json(expected[key])}",
                                at=(key,))
    return state


def _json(value) -> str:
    """A value as it would be written in the position file, cut short when long."""
    try:
        text = json.dumps(value, sort_keys=True)
    except (TypeError, ValueError):
        text = repr(value)
    return text if len(text) <= 120 else text[:117] + "..."


__all__ = ["Game", "State", "encode", "decode", "parse_move"]
