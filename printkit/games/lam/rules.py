"""Greg Lam's Rock, Paper, Scissors: the rules on the engine contract.

Two players; player 0 sets up at the row-1 edge, player 1 at the far edge.
Who moves first is a chance node of two outcomes, one half each (the hand
game is fair). Then the players alternate, one move a turn:

- a Rock moves any distance along one of the six rows through a cell, never
  jumping. Moving onto a Rock knocks it on: the mover takes its cell and the
  knocked Rock travels on in the same direction, through any number of
  Rocks the same way, until it leaves the board (eliminated) or lands on
  another piece, where the usual captures apply; all in one action;
- a Paper stack of n sheets (a single Paper is a stack of one), controlled
  by the owner of its top sheet, moves up to n cells along one row as a
  clump, jumping over anything but a Scissors (the clump may move onto a
  Scissors and is destroyed; it never passes one), or spreads: exactly n
  cells, dropping its bottom sheet on each cell in turn; sheets dropped off
  the board are eliminated, and a Scissors met on the way takes every sheet
  still in the stack;
- a Scissors moves up to 3 cells in a straight line, or 2 with one change of
  direction, through empty cells only. Entering a cell next to an enemy
  Scissors locks the two at once and ends the move there. A locked Scissors
  moves only through and to cells next to every enemy Scissors it is locked
  with. Friendly Scissors never lock;
- moving onto a piece captures by the cycle (Rock takes Scissors, Scissors
  takes Paper, Paper takes Rock), and the mover may be the one taken; a
  friendly piece can be taken. Papers onto Papers stack; a Rock onto a Rock
  knocks it on; a Scissors never moves onto a Scissors (the two lock first).
  Any piece that moves, is knocked or dropped onto a Flag destroys it.

The standard game ends when a Flag is destroyed (its owner loses; both at
once: a draw); the Two-Flag version (``variant="two-flag"``) when a player
has lost both. A player with no legal move loses. The spec's ``max_turns``
stops a game as unfinished.

Actions: ``source * cells + target`` (a move of any piece, a Paper stack as
a clump included), ``SPREAD + source * 6 + direction`` (a spread), and
``FIRST + player`` (the hand game). Notation, documented in the kit's
reference (templates/lam-notation.md.j2): ``Rc1-c4`` (``x`` instead of ``-``
when the move lands on a piece), ``Pb2>ne`` (spread), ``first Red``.
"""

from __future__ import annotations

import re

from ...errors import PrintkitError, no_such_variant
from ...rules import base
from ...rules.base import CHANCE, TERMINAL, IllegalAction, same_json
from ...spec import data_of
from .hexes import DIRECTIONS, HexBoard

ROCK, PAPER, SCISSORS, FLAG = range(4)
KINDS = ("rock", "paper", "scissors", "flag")
LETTERS = "RPSF"
BEATS = {ROCK: SCISSORS, SCISSORS: PAPER, PAPER: ROCK}
VARIANTS = ("standard", "two-flag")
DRAW = -2  # State.winner when a move destroys a Flag of each player at once
STACKS = 8  # State.where[STACKS | player]: the Paper stacks of two sheets or more a player controls
REMEMBERED = 1024  # the most surroundings a cell's table of moves keeps, where they are many


def owner(piece: int) -> int:
    return piece >> 2


def kind(piece: int) -> int:
    return piece & 3


def piece_code(piece: int) -> str:
    return f"{owner(piece)}{LETTERS[kind(piece)]}"


class Game(base.Game):
    """Greg Lam's game as a spec describes it. Options: ``variant`` (standard
    or two-flag; default the spec's), ``players`` (2 only)."""

    name = "lam"
    num_players = 2

    @property
    def chance_bound(self) -> int:
        return self.first_base + 2  # the hand game: who moves first

    def __init__(self, spec, players: int | None = None, variant: str | None = None, **options):
        if options:
            raise PrintkitError(f"lam takes no option {', '.join(sorted(options))}")
        if players not in (None, 2):
            raise PrintkitError(f"lam is a game for 2 players, not {players}")
        super().__init__(spec)
        data = data_of(spec)
        self.data = data
        known = [v for v in data["variants"] if v != "default"]
        variant = variant or data["variants"]["default"]
        if variant not in known:
            raise no_such_variant("lam", variant, known)
        self.variant = variant
        self.flags_to_win = data["variants"][variant]["flags_to_win"]
        board = data["board"]
        self.board = HexBoard(board["columns"], board["rows"])
        self.cells = self.board.cells
        self.colors = [c["name"] for c in data["colors"][:2]]
        self.max_turns = data["max_turns"]
        self.spread_base = self.cells * self.cells
        self.first_base = self.spread_base + self.cells * 6
        self.num_distinct_actions = self.first_base + 2
        self.max_game_length = self.max_turns  # one decision a turn; who begins is chance
        self.setup = self._setup(data)
        self.setup_where = _where(self.setup)
        self.setup_occupied, self.setup_scissors = _masks(self.setup)
        # A Rock's, a Paper stack's or a free Scissors' moves from a cell depend
        # only on what lies on its rows or paths; random games meet the same
        # surroundings again and again, so each cell's table keeps the moves by
        # what surrounds it (see State._rock_moves, _clump_moves, _scissors_moves).
        self.rock_moves_seen: list[dict] = [{} for _ in range(self.cells)]
        self.clump_moves_seen: list[dict] = [{} for _ in range(self.cells)]
        self.scissors_moves_seen: list[dict] = [{} for _ in range(self.cells)]
        # What decides a free Scissors' moves from a cell: which cells its paths
        # pass through stop it (a piece, or next to an enemy Scissors), and
        # which cells of its paths hold a Scissors. Masks picking those out, the
        # second shifted past the board's bits so that one int holds both.
        self.scissors_around = [(through, every << self.cells)
                                for through, every in self.board.scissors_cells]
        self.counts = [[0] * 4 for _ in range(2)]
        for cell_pieces in self.setup:
            for piece in cell_pieces:
                self.counts[owner(piece)][kind(piece)] += 1

    def _setup(self, data) -> list[tuple]:
        """The pieces on each cell at the start: each player's rows from their own edge."""
        b = self.board
        cells: list[tuple] = [()] * b.cells
        for row_number, row in enumerate(data["setup"]["rows"]):
            for column, letter in enumerate(row):
                if letter == ".":
                    continue
                k = LETTERS.index(letter)
                near = b.index(column, row_number)
                cells[near] = ((0 << 2) | k,)
                cells[b.rotate_half_turn(near)] = ((1 << 2) | k,)
        return cells

    def initial_state(self) -> "State":
        return State(self)

    def state_from_json(self, obj) -> "State":
        return _from_json(self, obj)

    def player_names(self) -> list[str]:
        return list(self.colors)


def _masks(cells: list) -> tuple[int, int]:
    """Bit masks (bit ``c`` for cell ``c``) of the occupied cells and of those holding a Scissors."""
    occupied = sum(1 << c for c, stack in enumerate(cells) if stack)
    scissors = sum(1 << c for c, stack in enumerate(cells) if stack and kind(stack[-1]) == SCISSORS)
    return occupied, scissors


def _where(cells: list) -> list[set]:
    """Per piece (``player << 2 | kind``), the cells where it stands alone; per
    player (``STACKS | player``), the cells of the Paper stacks they control."""
    where: list[set] = [set() for _ in range(STACKS + 2)]
    for c, stack in enumerate(cells):
        if stack:
            where[stack[-1] if len(stack) == 1 else STACKS | stack[-1] >> 2].add(c)
    return where


class State(base.State):
    """A position: the pieces on each cell (a Paper stack bottom to top),
    the locks, what each player has lost, whose turn it is."""

    def __init__(self, game: Game):
        self.game = game
        self.cells: list[tuple] = list(game.setup)
        self.where = [set(cells) for cells in game.setup_where]
        self.occupied, self.scissors = game.setup_occupied, game.setup_scissors  # bit masks
        self.locks: set = set()  # frozensets of two cells holding locked enemy Scissors
        self.captured = [[0] * 4 for _ in range(2)]  # per player, per kind: off the board
        self.player = None  # None until the hand game has been played
        self.turn = 0
        self.winner = None  # 0, 1, DRAW, or None while playing
        self.unfinished = False

    # --- whose turn ------------------------------------------------------------
    @property
    def current_player(self) -> int:
        if self.winner is not None or self.unfinished:
            return TERMINAL
        if self.player is None:
            return CHANCE
        return self.player

    def chance_outcomes(self) -> list[tuple[int, float]]:
        if self.player is None and self.winner is None:
            return [(self.game.first_base + p, 0.5) for p in range(2)]
        return []

    def turns_played(self) -> int:
        return self.turn

    def returns(self) -> list[float]:
        return base.winner_returns(self.winner, 2)

    # --- moves -----------------------------------------------------------------
    def _legal_actions(self) -> list[int]:
        if self.current_player not in (0, 1):
            return []
        return self._moves()

    def _moves(self) -> list[int]:
        """The mover's moves, sorted: each piece's moves cell by cell, then the spreads.

        Each piece's moves come sorted from a table of its cell, by what
        surrounds it there (Game.rock_moves_seen and the like), or are worked
        out and kept there. A Flag never moves."""
        mine = self.player << 2
        pieces, spreads = [], []  # each piece's moves, a sorted tuple; the spreads
        self._add_rock_moves(mine | ROCK, pieces)
        self._add_paper_moves(self.player, pieces, spreads)
        self._add_scissors_moves(mine | SCISSORS, pieces)
        # A piece's moves are ``cell * cells + target``: sorted by their first
        # moves, the pieces come cell by cell and their moves follow one another sorted.
        pieces.sort()
        found = []
        for moves in pieces:
            found += moves
        if spreads:
            spreads.sort()
            found += spreads
        return found

    def _add_rock_moves(self, rock: int, pieces: list) -> None:
        """Appends to ``pieces`` the moves of each ``rock`` (a piece code), see ``_rock_moves``."""
        g, occupied, add = self.game, self.occupied, pieces.append
        seen, rows_near = g.rock_moves_seen, g.board.rows_near
        for cell in self.where[rock]:
            moves = seen[cell].get(occupied & rows_near[cell])
            add(moves if moves else self._rock_moves(cell))  # not seen yet, or rows open further

    def _add_paper_moves(self, p: int, pieces: list, spreads: list) -> None:
        """Appends to ``pieces`` the moves of ``p``'s single sheets and stacks,
        to ``spreads`` the stacks' spreads."""
        board, add = self.game.board, pieces.append
        for cell in self.where[p << 2 | PAPER]:
            # A single sheet moves one cell onto anything: its moves are fixed.
            add(board.single_steps[cell])
        for cell in self.where[STACKS | p]:
            add(self._clump_moves(cell))
            spreads += board.spreads[cell]

    def _add_scissors_moves(self, scissors: int, pieces: list) -> None:
        """Appends to ``pieces`` the moves of each ``scissors`` (a piece code), see ``_scissors_moves``."""
        g, where, next_to = self.game, self.where, self.game.board.neighbour_masks
        if not where[scissors]:
            return
        # Where a Scissors' path stops: a piece, or a cell next to an enemy
        # Scissors (entering it locks the two).
        stops = self.occupied
        for c in where[scissors ^ 4]:  # the other player's Scissors
            stops |= next_to[c]
        seen, scissors_around = g.scissors_moves_seen, g.scissors_around
        on_paths = self.scissors << g.cells  # past the board's bits: see Game.scissors_around
        locked = {c for lock in self.locks for c in lock} if self.locks else ()
        add = pieces.append
        for cell in where[scissors]:
            if cell in locked:
                add(self._locked_scissors_moves(cell))
                continue
            through, every = scissors_around[cell]
            surroundings = stops & through | on_paths & every
            moves = seen[cell].get(surroundings)
            add(moves if moves is not None else self._scissors_moves(cell, stops, surroundings))

    def _rock_moves(self, cell: int) -> tuple[int, ...]:
        """Along each row up to and onto the first piece (no jumping), sorted.

        The pieces on the first two cells of each row decide them when every
        row ends or meets a piece there (most rows of a crowded board): such
        moves are kept by those pieces, the others worked out each time."""
        seen = self.game.rock_moves_seen[cell]
        surroundings = self.occupied & self.game.board.rows_near[cell]
        moves = seen.get(surroundings)
        if moves is None:
            moves = seen[surroundings] = self._rock_rows(cell, 2)
        return moves or self._rock_rows(cell)

    def _rock_rows(self, cell: int, reach: int | None = None) -> tuple[int, ...]:
        """``_rock_moves`` worked out from the board; () if a row goes on
        past its first ``reach`` cells without a piece on them."""
        occupied, out = self.occupied, []
        for row, rising, up_to, whole in self.game.board.row_stops[cell]:
            on_row = occupied & row
            if on_row:
                # The first piece along the row: its lowest cell number when they rise.
                moves = up_to[(on_row & -on_row).bit_length() - 1 if rising else on_row.bit_length() - 1]
            else:
                moves = whole
            if reach is not None and len(moves) > reach:
                return ()
            out += moves
        out.sort()
        return tuple(out)

    def _clump_moves(self, cell: int) -> tuple[int, ...]:
        """Up to the stack's height along each row, never past a Scissors, sorted.
        Kept by the height and the Scissors on the rows, which alone decide them."""
        g, height = self.game, len(self.cells[cell])
        seen = g.clump_moves_seen[cell]
        surroundings = (height, self.scissors & g.board.row_cells[cell])
        moves = seen.get(surroundings)
        if moves is None:
            scissors, out = self.scissors, []
            for ray in g.board.ray_moves[cell]:
                for at, move in ray[:height]:
                    out.append(move)
                    if scissors >> at & 1:
                        break  # a stack never passes a Scissors: it meets it there
            moves = tuple(sorted(out))
            if len(seen) < REMEMBERED:
                seen[surroundings] = moves
        return moves

    def _partners(self, cell: int) -> list[int]:
        return sorted(next(iter(lock - {cell})) for lock in self.locks if cell in lock)

    def _scissors_moves(self, cell: int, stops: int, surroundings: int) -> tuple[int, ...]:
        """Moves to the cells a free Scissors can reach (see ``_free_scissors_moves``),
        kept in the cell's table by ``surroundings`` (see ``Game.scissors_around``)."""
        seen = self.game.scissors_moves_seen[cell]
        moves = seen.get(surroundings)
        if moves is None:
            moves = self._free_scissors_moves(cell, stops)
            if len(seen) < REMEMBERED:
                seen[surroundings] = moves
        return moves

    def _locked_scissors_moves(self, cell: int) -> tuple[int, ...]:
        origin = cell * self.game.cells
        partners = set(self._partners(cell))
        return tuple(origin + t for t in self._locked_scissors_targets(cell, partners))

    def _free_scissors_moves(self, cell: int, stops: int) -> tuple[int, ...]:
        """Moves to the cells a Scissors not locked can reach: 3 straight or 2
        with one turn, through empty cells; entering a cell next to an enemy
        Scissors stops it there (``stops``: a bit mask of those cells and the
        occupied ones). Sorted."""
        cells = self.cells
        out = set()
        add = out.add
        for first, first_move, further, turns in self.game.board.scissors_paths[cell]:
            there = cells[first]
            if there:
                if there[-1] & 3 != SCISSORS:
                    add(first_move)
                continue  # a piece on the first cell: nothing beyond it
            add(first_move)
            if stops >> first & 1:
                continue  # next to an enemy Scissors: they lock, the move ends
            for at, move in further:
                there = cells[at]
                if there:
                    if there[-1] & 3 != SCISSORS:
                        add(move)
                    break
                add(move)
                if stops >> at & 1:
                    break
            for at, move in turns:
                there = cells[at]
                if not there or there[-1] & 3 != SCISSORS:
                    add(move)
        return tuple(sorted(out))

    def _locked_scissors_targets(self, cell: int, partners: set) -> list[int]:
        """The cells a locked Scissors can reach (see ``_scissors_moves``): it
        stays next to each of its partners all the way."""
        b, cells = self.game.board, self.cells
        touching = [b.neighbours[q] for q in partners]
        # Cells next to an enemy Scissors, and which.
        near: dict = {}
        for c in self.where[(1 - self.player) << 2 | SCISSORS]:
            for m in b.neighbours[c]:
                near.setdefault(m, set()).add(c)

        def enter(at: int):
            """(may land here, may go on from here)."""
            if touching and not all(at in ring for ring in touching):
                return False, False
            if cells[at]:
                return kind(cells[at][-1]) != SCISSORS, False
            # A new lock ends the move: next to an enemy Scissors it is not yet locked with.
            return True, not (near.get(at, partners) - partners)

        out = set()
        steps = b.steps
        for d in range(6):
            at, k = cell, 0
            while k < 3:
                at = steps[at][d]
                if at is None:
                    break
                k += 1
                land, go_on = enter(at)
                if land:
                    out.add(at)
                if not go_on:
                    break
            first = steps[cell][d]
            if first is None:
                continue
            land, go_on = enter(first)
            if not go_on:
                continue
            for d2 in range(6):
                if d2 == d or d2 == (d + 3) % 6:
                    continue
                second = steps[first][d2]
                if second is not None and enter(second)[0]:
                    out.add(second)
        return sorted(out)

    # --- playing ---------------------------------------------------------------
    def _apply(self, action: int) -> None:
        g = self.game
        if action >= g.first_base:
            self.player = action - g.first_base
            return
        p = self.player
        if action >= g.spread_base:
            cell, d = divmod(action - g.spread_base, 6)
            self._spread(cell, d)
        else:
            source, target = divmod(action, g.cells)
            k = self.cells[source][-1] & 3
            if k == ROCK:
                self._rock(source, target)
            elif k == PAPER:
                self._clump(source, target)
            else:
                self._scissors(source, target)
        self._end_turn(p)

    def _put(self, cell: int, stack: tuple) -> None:
        """Every change to the board goes through here, keeping ``where`` and the masks right."""
        there, bit = self.cells[cell], 1 << cell
        if there:
            top = there[-1]
            self.where[top if len(there) == 1 else STACKS | top >> 2].discard(cell)
            self.occupied ^= bit
            if top & 3 == SCISSORS:
                self.scissors ^= bit
        self.cells[cell] = stack
        if stack:
            top = stack[-1]
            self.where[top if len(stack) == 1 else STACKS | top >> 2].add(cell)
            self.occupied |= bit
            if top & 3 == SCISSORS:
                self.scissors |= bit

    def _lose(self, cell: int, pieces) -> None:
        self.captured_pieces(pieces)
        self._drop_locks(cell)

    def _drop_locks(self, cell: int) -> None:
        if self.locks:
            self.locks = {lock for lock in self.locks if cell not in lock}

    def _land(self, piece_or_stack: tuple, at: int) -> None:
        """Pieces arriving on ``at`` (a single piece, or Papers), captures applied."""
        there = self.cells[at]
        if not there:
            self._put(at, piece_or_stack)
            return
        mover, target = piece_or_stack[-1] & 3, there[-1] & 3
        if target == FLAG:
            self._lose(at, there)
            self._put(at, piece_or_stack)
        elif mover == PAPER and target == PAPER:
            self._put(at, there + piece_or_stack)
        elif BEATS.get(mover) == target:
            self._lose(at, there)
            self._put(at, piece_or_stack)
        else:  # the target beats the mover: the mover is taken
            self.captured_pieces(piece_or_stack)

    def captured_pieces(self, pieces) -> None:
        for piece in pieces:
            self.captured[piece >> 2][piece & 3] += 1  # [owner][kind]

    def _rock(self, source: int, target: int) -> None:
        cells, board = self.cells, self.game.board
        rock = cells[source]
        self._put(source, ())
        if not cells[target] or kind(cells[target][-1]) != ROCK:
            self._land(rock, target)
            return
        # A knock: find the direction, then let each knocked Rock travel on.
        d = next(d for d in range(6) if target in board.rays[source][d])
        at = target
        while True:
            knocked = cells[at]
            self._put(at, rock)
            rock = knocked
            nxt = board.steps[at][d]
            while nxt is not None and not cells[nxt]:
                at, nxt = nxt, board.steps[nxt][d]
            if nxt is None:
                self.captured_pieces(rock)  # off the board
                return
            if kind(cells[nxt][-1]) == ROCK:
                at = nxt
                continue
            self._land(rock, nxt)
            return

    def _clump(self, source: int, target: int) -> None:
        stack = self.cells[source]
        self._put(source, ())
        self._land(stack, target)

    def _spread(self, source: int, d: int) -> None:
        cells, steps = self.cells, self.game.board.steps
        stack = list(cells[source])
        self._put(source, ())
        at = source
        while stack:
            at = steps[at][d] if at is not None else None
            if at is None:
                self.captured_pieces(stack)  # fallen off the board
                return
            there = cells[at]
            if there and kind(there[-1]) == SCISSORS:
                self.captured_pieces(stack)  # the Scissors takes every sheet still in the stack
                return
            self._land((stack.pop(0),), at)

    def _scissors(self, source: int, target: int) -> None:
        cells = self.cells
        piece = cells[source]
        self._put(source, ())
        partners = self._partners(source)
        self._drop_locks(source)
        there = cells[target]
        arrived = not there or there[-1] & 3 in (BEATS[SCISSORS], FLAG)
        self._land(piece, target)
        if not arrived:
            return
        next_to = self.game.board.neighbours[target]
        enemy_scissors = self.where[piece[0] ^ 4]  # (the mover is a single piece: its code)
        for q in set(partners) | (next_to & enemy_scissors):
            if q in next_to:
                self.locks.add(frozenset((target, q)))

    def _end_turn(self, p: int) -> None:
        g = self.game
        self.turn += 1
        out0 = self.captured[0][FLAG] >= g.flags_to_win  # player 0 has lost their Flags
        out1 = self.captured[1][FLAG] >= g.flags_to_win
        if out0 or out1:  # the other player wins, or both are out: a draw
            self.winner = DRAW if out0 and out1 else int(out0)
            return
        self.player = 1 - p
        if self.turn >= g.max_turns:
            self.unfinished = True
            return
        moves = self._moves()
        if not moves:
            self.winner = p  # the player to move cannot move: they lose
        else:
            self._legal_cache = moves  # worked out already: legal_actions need not again

    def key(self) -> tuple:
        # Everything clone copies but where, occupied and scissors, which follow from the cells.
        return (tuple(self.cells), frozenset(self.locks), tuple(map(tuple, self.captured)), self.player,
                self.turn, self.winner, self.unfinished)

    def clone(self) -> "State":
        other = State.__new__(State)
        other.__dict__.update(self.__dict__)
        other.__dict__.pop("_legal_cache", None)  # worked out again for the copy when asked
        other.cells = self.cells[:]  # stacks are tuples, shared safely
        other.where = [set(cells) for cells in self.where]
        other.locks = set(self.locks)  # of frozensets
        other.captured = [row[:] for row in self.captured]
        return other

    # --- notation --------------------------------------------------------------
    def action_to_string(self, action: int) -> str:
        g = self.game
        name = g.board.name
        if action >= g.first_base:
            return f"first {g.colors[action - g.first_base]}"
        if action >= g.spread_base:
            cell, d = divmod(action - g.spread_base, 6)
            return f"P{name(cell)}>{DIRECTIONS[d]}"
        source, target = divmod(action, g.cells)
        stack = self.cells[source]
        letter = LETTERS[kind(stack[-1])] if stack else "?"
        mark = "x" if self.cells[target] else "-"
        return f"{letter}{name(source)}{mark}{name(target)}"

    def string_to_action(self, text: str) -> int:
        wanted = text.strip()
        loose = re.sub(r"^([RPS][a-z]\d+)[x-]", r"\1-", wanted)
        for action in self.next_actions():
            shown = self.action_to_string(action)
            if shown == wanted or re.sub(r"^([RPS][a-z]\d+)[x-]", r"\1-", shown) == loose:
                return action
        if re.fullmatch(r"[RPS][a-z]\d+[x-][a-z]\d+|P[a-z]\d+>(e|ne|nw|w|sw|se)|first \w+", wanted):
            raise IllegalAction(f"'{wanted}' is not a legal move now")
        raise IllegalAction(f"'{wanted}' is not Lam notation: use Rc1-c4 (a move; x when it lands on a "
                            "piece), Pb2>ne (a Paper stack spreads north-east) or first Red")

    # --- positions -------------------------------------------------------------
    def to_json(self) -> dict:
        g = self.game
        names = g.colors
        board = {g.board.name(c): "".join(piece_code(x) for x in stack)
                 for c, stack in enumerate(self.cells) if stack}
        if self.winner is None and not self.unfinished:
            result = None
        elif self.unfinished:
            result = {"outcome": "unfinished", "winner": None}
        elif self.winner == DRAW:
            result = {"outcome": "draw", "winner": None}
        else:
            result = {"outcome": "win", "winner": names[self.winner]}
        return {
            "game": "lam",
            "variant": g.variant,
            "players": names,
            "to_move": names[self.player] if self.current_player in (0, 1) else None,
            "turn": self.turn,
            "board": board,
            "locks": sorted(sorted(g.board.name(c) for c in lock) for lock in self.locks),
            "captured": {names[p]: dict(zip(KINDS, self.captured[p])) for p in range(2)},
            "result": result,
        }


# --- reading a position ---------------------------------------------------------

KEYS = {"game", "variant", "players", "to_move", "turn", "board", "locks", "captured", "result"}


def _fail(message: str, at=()):
    """Refuse the position; ``at``: the keys and indexes to the key or item at fault (IllegalAction.at)."""
    raise IllegalAction(f"malformed lam position: {message}", at=at)


def _int(value, what: str, low: int, high: int, at=()) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        _fail(f"{what} must be a whole number, not {value!r}"[:200], at)
    if not low <= value <= high:
        _fail(f"{what} {value} is out of range ({low}..{high})", at)
    return value


def _from_json(game: Game, obj) -> State:
    if not isinstance(obj, dict):
        _fail("a position is a JSON object")
    if set(obj) != KEYS:
        missing, extra = sorted(KEYS - set(obj)), sorted(map(str, set(obj) - KEYS))
        _fail("; ".join(filter(None, [missing and f"missing {', '.join(missing)}",
                                      extra and f"unknown key(s) {', '.join(extra)[:200]}"])),
              [k for k in obj if str(k) in extra][:1])
    if obj["game"] != "lam":
        _fail(f"'game' must be \"lam\", not {str(obj['game'])[:40]!r}", ("game",))
    if obj["variant"] != game.variant:
        if obj["variant"] not in [v for v in game.data["variants"] if v != "default"]:
            _fail(f"unknown variant {str(obj['variant'])[:40]!r}", ("variant",))
        game = Game(game.spec, variant=obj["variant"])
    names = game.colors
    if obj["players"] != names:
        _fail(f"'players' must be {names}", ("players",))
    b = game.board
    state = State(game)
    state.turn = _int(obj["turn"], "turn", 0, game.max_turns, ("turn",))
    if not isinstance(obj["board"], dict):
        _fail("'board' must map cells to pieces", ("board",))
    cells: list[tuple] = [()] * b.cells
    for name, code in obj["board"].items():
        cell = b.parse(name) if isinstance(name, str) else None
        if cell is None or b.name(cell) != name:
            _fail(f"{str(name)[:20]!r} is not a cell of the board", ("board", name))
        if not isinstance(code, str) or not re.fullmatch(r"(?:[01][RPSF])+", code):
            _fail(f"{name}: {str(code)[:40]!r} is not a piece code (0R, 1P, 0P1P0P...)", ("board", name))
        pieces = tuple((int(code[i]) << 2) | LETTERS.index(code[i + 1]) for i in range(0, len(code), 2))
        if len(pieces) > 1 and any(kind(x) != PAPER for x in pieces):
            _fail(f"{name}: only Papers stack", ("board", name))
        cells[b.index(*b.place(cell))] = pieces
    state.cells = cells
    state.where = _where(cells)
    state.occupied, state.scissors = _masks(cells)
    captured = obj["captured"]
    if not isinstance(captured, dict) or set(captured) != set(names):
        odd = sorted(set(captured) - set(names), key=str) if isinstance(captured, dict) else []
        _fail(f"'captured' must have an entry for each of {', '.join(names)}", ("captured", *odd[:1]))
    for p, name in enumerate(names):
        entry = captured[name]
        if not isinstance(entry, dict) or set(entry) != set(KINDS):
            _fail(f"captured of {name} must give {', '.join(KINDS)}", ("captured", name))
        state.captured[p] = [_int(entry[k], f"{name}'s captured {k}", 0, 99, ("captured", name, k)) for k in KINDS]
    on_board = [[0] * 4 for _ in range(2)]
    for stack in cells:
        for x in stack:
            on_board[owner(x)][kind(x)] += 1
    for p in range(2):
        for k in range(4):
            if on_board[p][k] + state.captured[p][k] != game.counts[p][k]:
                _fail(f"{names[p]} must have {game.counts[p][k]} {KINDS[k]}(s) between the board and "
                      "the captured", ("captured", names[p], KINDS[k]))
    if not isinstance(obj["locks"], list):
        _fail("'locks' must be a list of pairs of cells", ("locks",))
    for i, pair in enumerate(obj["locks"]):
        if (not isinstance(pair, list) or len(pair) != 2 or not all(isinstance(c, str) for c in pair)
                or None in (b.parse(pair[0]), b.parse(pair[1]))):
            _fail(f"lock {str(pair)[:40]} must be two cells", ("locks", i))
        a, c = b.parse(pair[0]), b.parse(pair[1])
        sa, sc = cells[a], cells[c]
        if (not sa or not sc or kind(sa[-1]) != SCISSORS or kind(sc[-1]) != SCISSORS
                or owner(sa[-1]) == owner(sc[-1]) or c not in b.neighbours[a]):
            _fail(f"lock {pair[0]}-{pair[1]}: locks join enemy Scissors side by side", ("locks", i))
        state.locks.add(frozenset((a, c)))
    result, to_move = obj["result"], obj["to_move"]
    lost = [state.captured[p][FLAG] for p in range(2)]
    out = [p for p in range(2) if lost[p] >= game.flags_to_win]
    if result is None:
        if out:
            _fail("a Flag count that ends the game needs a result", ("result",))
        if to_move is None:
            if state.turn:
                _fail("'to_move' is null only before the hand game", ("to_move",))
            return state
        if to_move not in names:
            _fail(f"'to_move' must be one of {', '.join(names)}", ("to_move",))
        state.player = names.index(to_move)
        if state.turn >= game.max_turns:
            _fail("the turn counter is at the game's cap, so the game is over", ("turn",))
        if not state._moves():
            _fail(f"{to_move} has no legal move, so the game is over", ("to_move",))
        return state
    if to_move is not None or not isinstance(result, dict) or set(result) != {"outcome", "winner"}:
        _fail("a finished game has 'to_move' null and 'result' with outcome and winner",
              ("to_move",) if to_move is not None else ("result",))
    outcome, winner = result["outcome"], result["winner"]
    if outcome == "unfinished" and winner is None and state.turn == game.max_turns and not out:
        state.unfinished = True
    elif outcome == "draw" and winner is None and len(out) == 2:
        state.winner = DRAW
    elif outcome == "win" and winner in names:
        state.winner = names.index(winner)
        if out and out != [1 - state.winner]:
            _fail("the winner must be the player whose Flags stand", ("result", "winner"))
    else:
        _fail("'result' does not fit the position", ("result",))
    if not same_json(state.to_json()["result"], result):
        _fail("'result' does not fit the position", ("result",))
    return state
