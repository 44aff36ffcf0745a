"""Playground Battles: the rules on the engine contract, hidden information included.

Two players; player 0 (the spec's first colour) has its back row on row 1,
player 1 on the far row. Each base is a zone behind the middle two squares
of its owner's back row, reached only from those two squares.

- Set-up: each player in turn chooses the type of the piece on each square
  of their back row, left to right (an action per square, private: the
  other player's view shows a piece there, never its type). An army holds
  at least one Rock, one Paper and one Scissors, and no more of a type than
  the cards of that type.
- Who moves first is a chance node of two outcomes (the hand game); each
  turn begins with the die, a chance node of six.
- A move takes one free piece exactly the rolled number of orthogonal steps,
  never revisiting a square this turn, never through a piece, never ending
  on a friendly piece; the last step may land on an enemy piece (an
  attack), on a stalemate (to break it, or a rescue that fails), or into
  the opponent's base. With no legal move the only action is ``pass``.
- An attack reveals both types; the loser leaves the board, the attacker
  taking the square if it won. Equal types stalemate: both stay on that
  square, out of play until a piece that beats that type lands there. That
  breaks it: the enemy stalemated piece leaves the board and the breaker's
  player chooses which of their two pieces stays and on which open square
  of their back row the other goes (an action). Any other piece landing
  there is lost.
- Win by entering the opponent's base with the exact roll (the roll equals
  the fewest steps from the piece into the base), or when the
  opponent has no piece left or none that can move (all in stalemates)
  while you have one that can. No free piece on either side: a draw. The
  spec's ``max_turns`` stops a game as unfinished.

Revealed types stay known to both players (memory, not the table).

Actions: ``type`` (set-up), ``FIRST + p``, ``DIE + face - 1``, ``PASS``,
``MOVE + source * targets + target`` (targets: the squares, then the two
bases), ``KEEP + keep * 11 + column`` (after a break: keep 0 the breaker,
1 the rescued piece; column 10 when the back row is full and the other
piece leaves the board). Notation: ``R``/``P``/``S`` (set-up), ``first
Blue``, ``roll 4``, ``pass``, ``c1-c5``, ``c1xc5`` (a landing on a piece),
``e7-base``, ``keep mover a1`` / ``keep rescued a1``.
"""

from __future__ import annotations

from bisect import insort
from functools import reduce
from itertools import compress
from operator import itemgetter, or_

from ...errors import PrintkitError
from ...rules import base
from ...rules.base import CHANCE, TERMINAL, IllegalAction
from ...spec import data_of

TYPES = ("rock", "paper", "scissors")
LETTERS = "RPS"
BEATS = {0: 2, 1: 0, 2: 1}  # rock beats scissors, paper beats rock, scissors beat paper
SETUP, FIRST, ROLL, MOVE, BREAK, OVER = "setup", "first", "roll", "move", "break", "over"
PUBLIC = -1  # the view of an onlooker: what stands on the table
DRAW = -2
STEPS = ((1, 0), (-1, 0), (0, 1), (0, -1))


class Walks:
    """Every walk a piece can take on a board of ``width`` x ``depth`` squares,
    worked out once on the empty board, and the move actions they make
    (numbered ``first_move + start * (squares + 2) + end``).

    A move is a self-avoiding walk of exactly the roll through empty squares.
    For a start and a number of steps, ``reach`` gives each walk one bit
    (only the minimal walks: one whose squares include all of another's with
    the same end is free whenever the other is), so that the walks the
    pieces on the board block are the OR of one mask per piece instead of a
    test per walk: some fifteen pieces against up to 700 walks for a 6.
    """

    def __init__(self, width: int, depth: int, first_move: int):
        self.width, self.depth, self.first_move = width, depth, first_move
        self.squares = width * depth
        self.neighbours = tuple(
            tuple(ny * width + nx for dx, dy in STEPS
                  for nx, ny in [(x + dx, y + dy)] if 0 <= nx < width and 0 <= ny < depth)
            for y in range(depth) for x in range(width))
        # reaches[steps][start]: the Reach of a start and roll, made on first use
        self.reaches = [[None] * self.squares for _ in range(7)]
        # For spreading a set of squares one step at a time (steps to a base).
        self.everywhere = (1 << width * depth) - 1
        column = sum(1 << y * width for y in range(depth))
        self.not_west = self.everywhere & ~column  # where a step east can land
        self.not_east = self.everywhere & ~(column << width - 1)  # where a step west can land
        self.around = tuple(sum(1 << n for n in neighbours) for neighbours in self.neighbours)

    # One table per board size, shared by every game of that size: a pickled
    # game refers to it instead of carrying what has been worked out so far.
    def __reduce__(self):
        return walks_on, (self.width, self.depth, self.first_move)

    def near_gates(self, gates: int, occupied: int, depth: int) -> list[int]:
        """within[d]: the empty squares at most ``d`` steps through empty squares
        from an empty square of ``gates`` (d = 0 .. depth); one search serves
        every piece that may enter the base behind them."""
        w, not_west, not_east = self.width, self.not_west, self.not_east
        ring = reached = gates & ~occupied
        unreached = self.everywhere & ~occupied ^ ring
        within = [reached]
        for _ in range(depth):
            ring = ((ring << 1 & not_west) | (ring >> 1 & not_east) | ring << w | ring >> w) & unreached
            unreached ^= ring
            reached |= ring
            within.append(reached)
        return within

    def enters_base(self, start: int, steps: int, gates: int, within: list) -> bool:
        """Whether ``steps`` is the fewest steps from ``start`` into the base behind
        ``gates`` (onto an empty gate square, then one more step), ``within`` from
        ``near_gates`` to a depth of at least ``steps - 2``."""
        if gates >> start & 1:
            return steps == 1
        # Through the nearest empty neighbour: one step there, its steps to a gate, one into the base.
        around = self.around[start]
        return steps >= 2 and bool(around & within[steps - 2]) and not (steps > 2 and around & within[steps - 3])

    def base_entries(self, gates: int, occupied: int, steps: int) -> int:
        """The squares from which ``steps`` is the fewest steps into the base behind
        ``gates`` (onto an empty gate square, then one more step), as a mask to
        pick the mover's pieces from: what ``enters_base`` answers one piece at a
        time, for every piece at once."""
        if steps == 1:
            return gates  # a piece on a gate square steps in
        w, not_west, not_east = self.width, self.not_west, self.not_east
        empty = self.everywhere ^ occupied
        reached = gates & empty  # the empty squares at most d steps from an empty gate
        # beside[d]: the squares next to those, d + 2 steps from the base at most
        beside = reached | reached << 1 & not_west | reached >> 1 & not_east | reached << w | reached >> w
        closer = 0
        for _ in range(steps - 2):
            reached = beside & empty
            closer = beside
            beside = reached | reached << 1 & not_west | reached >> 1 & not_east | reached << w | reached >> w
        # Exactly steps away: beside the squares steps - 2 away, not beside those
        # closer; a piece on a gate square is one step away.
        return beside & ~closer & ~gates

    def reach(self, start: int, steps: int) -> "Reach":
        """The walks of exactly ``steps`` from ``start``."""
        found = self.reaches[steps][start]
        if found is None:
            found = self.reaches[steps][start] = Reach(self, start, steps, self._walks_by_end(start, steps))
        return found

    def _walks_by_end(self, start: int, steps: int) -> dict:
        """{end: set of masks of the squares a walk passes between start and end}."""
        by_end: dict = {}

        def walk(at: int, left: int, interior: int, seen: int) -> None:
            for n in self.neighbours[at]:
                if seen >> n & 1:
                    continue
                if left == 1:
                    by_end.setdefault(n, set()).add(interior)
                else:
                    walk(n, left - 1, interior | 1 << n, seen | 1 << n)

        walk(start, steps, 0, 1 << start)
        return by_end


class Reach:
    """The moves of one start and roll as bit masks over its walks.

    Each end's minimal walks have a bit each, side by side, and just above
    them a spare bit (the end's "sentinel"), no two sentinels in one byte.
    With ``free`` the bits of the walks no piece blocks, ``free + every_walk``
    carries into the sentinel of exactly the ends with a free walk (the bits
    of one end add up to less than twice its field). Masked to the
    sentinels, ``to_bytes`` then gives one byte per end (nonzero: reachable),
    which selects the end's move action with ``itertools.compress``. The
    groups are packed, not each started on a byte: a 6's masks and bytes are
    a sixth shorter, a 5's a quarter. Ends come in square order, so the
    moves are sorted.

    Short walks meet the same few pieces again and again: for rolls up to
    CACHED_STEPS the moves are kept (``known``) by what stands on the squares
    the walks pass and which ends hold a free piece of the mover's. In random
    playouts a lookup finds them 99% of the time for a 1 and 93% for a 2; from
    a 3 on (60%, and 7% for a 6) keeping them costs more than it saves.
    """

    __slots__ = ("blocks", "every_walk", "twice_every", "sentinels", "size", "moves", "passed", "landing",
                 "watched", "known")

    def __init__(self, walks: Walks, start: int, steps: int, by_end: dict):
        squares = walks.squares
        through = [0] * squares  # square -> bits of the walks passing it
        onto = [0] * squares  # square -> bits of the walks ending there
        self.every_walk = self.sentinels = self.passed = self.landing = 0
        moves: list = []
        code = walks.first_move + start * (squares + 2)
        top = 0  # the next unused bit
        for end in sorted(by_end):
            kept = _minimal(by_end[end])
            sentinel = top + len(kept)  # just above the walks, unless that byte has one already
            if moves and sentinel // 8 < len(moves):
                sentinel = len(moves) * 8
            low = sentinel - len(kept)
            for bit, mask in enumerate(kept, low):
                self.passed |= mask
                while mask:
                    square = mask.bit_length() - 1
                    through[square] |= 1 << bit
                    mask ^= 1 << square
            onto[end] = ((1 << len(kept)) - 1) << low
            self.every_walk |= onto[end]
            self.sentinels |= 1 << sentinel
            self.landing |= 1 << end
            moves += [0] * (sentinel // 8 - len(moves)) + [code + end]
            top = sentinel + 1
        self.twice_every = self.every_walk << 1
        # What a lookup's key is made of: the squares passed, then (beside them)
        # the ends, read from the occupied squares and the mover's free pieces.
        self.watched = self.passed | self.landing << squares
        self.size = len(moves)
        self.moves = tuple(moves)  # byte -> the move of the end whose sentinel starts it (0 elsewhere)
        # blocks[square]: the walks a piece there blocks, those through it;
        # blocks[squares + square]: a free piece of the mover's blocks those
        # ending there too (it cannot land on its own piece). The last entry,
        # nothing, is always looked up so that itemgetter gives a tuple.
        self.blocks = (*through, *(t | o for t, o in zip(through, onto)), 0)
        self.known: dict | None = {} if steps <= CACHED_STEPS else None

    def remember(self, key: int, ends) -> tuple:
        """``ends`` (the moves) kept under ``key``, what stands around (see ``State._moves``)."""
        if len(self.known) >= CACHE_SIZE:
            self.known.clear()  # the patterns of long ago make way
        found = self.known[key] = tuple(ends)
        return found


CACHED_STEPS = 2
CACHE_SIZE = 1024  # moves kept per start and roll


def _minimal(masks: set) -> list:
    """The masks that contain no other mask of the set, fewest squares first."""
    kept: list = []
    for mask in sorted(sorted(masks), key=int.bit_count):
        for k in kept:
            if k & mask == k:
                break
        else:
            kept.append(mask)
    return kept


_WALKS: dict = {}


def walks_on(width: int, depth: int, first_move: int) -> Walks:
    """The walk table of a board size, shared by every game of that size."""
    key = (width, depth, first_move)
    if key not in _WALKS:
        _WALKS[key] = Walks(width, depth, first_move)
    return _WALKS[key]


class Game(base.Game):
    """Playground Battles as a spec describes it. Takes no options (2 players)."""

    name = "playground"
    num_players = 2
    perfect_information = False

    def __init__(self, spec, players: int | None = None, variant: str | None = None, **options):
        if players not in (None, 2):
            raise PrintkitError(f"playground is a game for 2 players, not {players}")
        self.refuse_unknown(variant, options)
        super().__init__(spec)
        data = data_of(spec)
        self.data = data
        board = data["board"]
        self.width, self.depth = board["columns"], board["rows"]
        self.squares = self.width * self.depth
        self.base_columns = tuple(board["base_columns"])
        self.army = data["army"]["size"]
        self.cards = [data["cards"]["per_type"]] * 3
        self.colors = [c["name"] for c in data["colors"][:2]]
        self.max_turns = data["max_turns"]
        # gates[q]: the squares in front of player q's base; base_steps[p][square]:
        # the fewest steps from there into the base player p attacks on an empty board.
        self.gates = tuple(frozenset(self.square(x, self.back_row(q)) for x in self.base_columns)
                           for q in range(2))
        self.gate_mask = tuple(sum(1 << s for s in gates) for gates in self.gates)
        self.base_steps = tuple(
            tuple(1 + min(abs(s % self.width - g % self.width) + abs(s // self.width - g // self.width)
                          for g in self.gates[1 - p]) for s in range(self.squares))
            for p in range(2))
        # base_within[p][roll]: the squares no further than the roll from that base on an empty board
        self.base_within = tuple(tuple(sum(1 << s for s in range(self.squares) if self.base_steps[p][s] <= roll)
                                       for roll in range(7)) for p in range(2))
        self.targets = self.squares + 2  # squares, then the bases of player 0 and 1
        self.first_base = 3
        self.die_base = 5
        self.die_outcomes = tuple((self.die_base + k, 1 / 6) for k in range(6))
        self.die_faces = frozenset(a for a, _ in self.die_outcomes)
        self.pass_action = 11
        self.move_base = 12
        self.walks = walks_on(self.width, self.depth, self.move_base)
        self.keep_base = self.move_base + self.squares * self.targets
        self.num_distinct_actions = self.keep_base + 2 * 11
        # Decisions: a type per piece at set-up, then a move (or pass) and at
        # most one choice after a stalemate is broken per turn; the die and
        # who begins are chance.
        self.max_game_length = 2 * self.army + self.max_turns * 2
        self.chance_bound = self.die_base + 6

    def back_row(self, player: int) -> int:
        return 0 if player == 0 else self.depth - 1

    def square(self, x: int, y: int) -> int:
        return y * self.width + x

    def name_of(self, target: int) -> str:
        if target >= self.squares:
            return "base"
        return f"{'abcdefghijklmnopqrstuvwxyz'[target % self.width]}{target // self.width + 1}"

    def initial_state(self) -> "State":
        return State(self)

    def state_from_json(self, obj) -> "State":
        try:
            return _from_json(self, obj)
        except (TypeError, ValueError, KeyError, IndexError, AttributeError) as exc:
            # A value of the wrong shape where the checks below did not expect one.
            raise IllegalAction(f"malformed playground position: {str(exc)[:120]}") from None

    def player_names(self) -> list[str]:
        return list(self.colors)


class State(base.State):
    """The whole truth: every piece's type, where it is, whether it was revealed."""

    def __init__(self, game: Game):
        self.game = game
        self.phase = SETUP
        self.player = 0  # during set-up: whose army is being placed
        self.kinds: list[int] = []  # piece id -> type
        self.owners: list[int] = []
        self.at: list[int | None] = []  # piece id -> square, None when off the board
        self.revealed: list[bool] = []
        self.board: dict[int, tuple] = {}  # square -> piece ids (two in a stalemate)
        # Kept as the pieces move, for finding moves without looking at every square:
        self.free_at: list[list[int]] = [[], []]  # player -> squares of its free pieces, sorted
        self.stalemates: list[int] = []  # squares of stalemates
        self.occupied = 0  # bit mask of the squares with a piece
        self.free_mask = [0, 0]  # player -> bit mask of the squares of its free pieces
        # player -> where its free pieces' blocks are in a Reach when it moves
        # (squares + square, see Reach.blocks), in no order
        self.free_keys: list[list[int]] = [[], []]
        self.roll = 0
        self.turn = 0
        self.pending = None  # after a break: (square, breaker piece, rescued piece)
        self.winner = None
        self.unfinished = False

    # --- whose turn ------------------------------------------------------------
    @property
    def current_player(self) -> int:
        if self.phase == OVER:
            return TERMINAL
        if self.phase in (FIRST, ROLL):
            return CHANCE
        return self.player

    # The shared is_terminal and is_chance_node go through current_player;
    # a playout asks them for every action, so they read the phase directly.
    def is_terminal(self) -> bool:
        return self.phase == OVER

    def is_chance_node(self) -> bool:
        return self.phase == ROLL or self.phase == FIRST

    def chance_outcomes(self):
        phase = self.phase
        if phase == ROLL:  # every turn
            return list(self.game.die_outcomes)
        if phase == FIRST:
            return [(self.game.first_base + p, 0.5) for p in range(2)]
        return []

    def _chance_actions(self):
        if self.phase == ROLL:
            return self.game.die_faces  # every turn: checked against a set made once
        return super()._chance_actions()

    def turns_played(self) -> int:
        return self.turn

    def returns(self) -> list[float]:
        return base.winner_returns(self.winner, 2)

    # --- helpers ---------------------------------------------------------------
    def army(self, player: int) -> list[int]:
        return [i for i, o in enumerate(self.owners) if o == player]

    def free(self, piece: int) -> bool:
        at = self.at[piece]
        return at is not None and len(self.board[at]) == 1

    def _index_board(self) -> None:
        """``free_at``, ``free_mask``, ``free_keys``, ``stalemates`` and ``occupied`` worked out from the board."""
        self.free_at, self.stalemates, self.free_mask, self.free_keys = [[], []], [], [0, 0], [[], []]
        self.occupied = sum(1 << square for square in self.board)
        for square, ids in sorted(self.board.items()):
            if len(ids) == 1:
                self._free(self.owners[ids[0]], square)
            else:
                self.stalemates.append(square)

    def _free(self, player: int, square: int) -> None:
        """A piece of ``player`` on ``square`` is now free to move."""
        insort(self.free_at[player], square)
        self.free_mask[player] |= 1 << square
        self.free_keys[player].append(self.game.squares + square)

    def _unfree(self, player: int, square: int) -> None:
        """The free piece of ``player`` on ``square`` left it or is in a stalemate."""
        self.free_at[player].remove(square)
        self.free_mask[player] ^= 1 << square
        self.free_keys[player].remove(self.game.squares + square)

    def _stand(self, piece: int, square: int) -> None:
        """``piece`` now stands alone (free) on the empty ``square``."""
        self.board[square] = (piece,)
        self.at[piece] = square
        self._free(self.owners[piece], square)
        self.occupied |= 1 << square

    def _lift(self, square: int) -> int:
        """The free piece on ``square`` leaves it (for another square or the box)."""
        piece = self.board.pop(square)[0]
        self._unfree(self.owners[piece], square)
        self.occupied ^= 1 << square
        return piece

    def _setup_column(self) -> int:
        return self.owners.count(self.player)

    # --- moves -----------------------------------------------------------------
    def _legal_actions(self) -> list[int]:
        g, phase = self.game, self.phase
        if phase == MOVE:  # every turn, so asked first
            return self._moves() or [g.pass_action]
        if phase == SETUP:
            return self._setup_choices()
        if phase == BREAK:
            square, breaker, rescued = self.pending
            columns = self._open_back_row(self.player) or [10]
            return sorted(g.keep_base + keep * 11 + c for keep in (0, 1) for c in columns)
        return []

    def _setup_choices(self) -> list[int]:
        g = self.game
        p = self.player
        mine = [kind for kind, owner in zip(self.kinds, self.owners) if owner == p]  # the types placed so far
        have = (mine.count(0), mine.count(1), mine.count(2))
        if have.count(0) >= g.army - len(mine):  # every piece left must bring a missing type
            return [t for t in range(3) if not have[t]]
        return [t for t in range(3) if have[t] < g.cards[t]]

    def _open_back_row(self, player: int) -> list[int]:
        g = self.game
        row = g.back_row(player)
        return [x for x in range(g.width) if g.square(x, row) not in self.board]

    def _moves(self) -> list[int]:
        """Every move for the roll, sorted: each free piece's walks of exactly that many steps."""
        g, p, steps, occupied = self.game, self.player, self.roll, self.occupied
        mine, mine_mask = self.free_at[p], self.free_mask[p]
        walks, reaches = g.walks, g.walks.reaches[steps]
        found: list = []
        # Short rolls' moves are nearly always known (Reach.known): the pieces
        # are looked up only when not.
        known = steps <= CACHED_STEPS
        pieces = None if known else self._pieces()
        # The occupied squares, then (beside them) the mover's free pieces: what
        # a short roll's known moves are kept by, picked with one mask.
        seen = occupied | mine_mask << g.squares
        for start in mine:
            reach = reaches[start] or walks.reach(start, steps)
            if known:
                key = seen & reach.watched
                ends = reach.known.get(key)
                if ends is not None:
                    found += ends
                    continue
                pieces = pieces or self._pieces()
            # The walks the pieces block (those away from the walks block none,
            # 0: filter drops them before the ORs); the blocked walks are among
            # every_walk, so (every ^ blocked) + every is twice_every - blocked.
            blocked = reduce(or_, filter(None, pieces(reach.blocks)), 0)
            reachable = (reach.twice_every - blocked) & reach.sentinels
            ends = compress(reach.moves, reachable.to_bytes(reach.size, "little"))
            found += reach.remember(key, ends) if known else ends
        # Only the proper number enters the base: no steps to spare. A base
        # further than the roll even on an empty board needs no search; the
        # few entries go in order among the moves afterwards.
        near = mine_mask & g.base_within[p][steps]
        if near:
            near &= walks.base_entries(g.gate_mask[1 - p], occupied, steps)
            if near:
                for start in mine:
                    if near >> start & 1:
                        insort(found, g.move_base + start * g.targets + g.squares + 1 - p)
        return found

    def _pieces(self) -> itemgetter:
        """Picks, from a Reach's blocks, those of the pieces on the board (the mover's free
        ones with the walks ending on them), and a 0 so that the pick is always a tuple."""
        p = self.player
        return itemgetter(2 * self.game.squares, *self.free_at[1 - p], *self.stalemates, *self.free_keys[p])

    # --- playing ---------------------------------------------------------------
    def _apply(self, action: int) -> None:
        g, phase = self.game, self.phase
        if phase == MOVE:
            self._move(action)
        elif phase == ROLL:
            self.roll = action - g.die_base + 1
            self.phase = MOVE
            # The moves for the roll, which a playout asks for next.
            self._legal_cache = self._legal_actions()
        elif phase == SETUP:
            self._set_up(action)
        elif phase == FIRST:
            self.player = action - g.first_base
            self.phase = ROLL
        elif phase == BREAK:
            self._keep(action)

    def _set_up(self, kind: int) -> None:
        g = self.game
        column = self._setup_column()
        piece = len(self.kinds)
        self.kinds.append(kind)
        self.owners.append(self.player)
        self.at.append(None)
        self.revealed.append(False)
        self._stand(piece, g.square(column, g.back_row(self.player)))
        if column + 1 == g.army:
            if self.player == 0:
                self.player = 1
            else:
                self.phase = FIRST

    def _move(self, action: int) -> None:
        g, p = self.game, self.player
        if action == g.pass_action:
            self._end_turn()
            return
        source, target = divmod(action - g.move_base, g.targets)
        board = self.board
        there = board.get(target)
        if not there and target < g.squares:  # most moves: a free piece onto an empty square
            piece = board[target] = board.pop(source)
            self.at[piece[0]] = target
            free_at = self.free_at[p]
            free_at.remove(source)
            insort(free_at, target)
            keys = self.free_keys[p]
            keys[keys.index(g.squares + source)] = g.squares + target
            moved = 1 << source | 1 << target
            self.free_mask[p] ^= moved
            self.occupied ^= moved
            self._end_turn()
            return
        piece = self._lift(source)
        if target >= g.squares:  # into the opponent's base
            self.at[piece] = None
            self.winner = p
            self.phase = OVER
            self.turn += 1
            return
        if len(there) == 1:
            self._attack(piece, there[0], target)
        elif self._break(piece, target):
            return
        self._end_turn()

    def _leave(self, piece: int) -> None:
        self.at[piece] = None

    def _attack(self, attacker: int, defender: int, square: int) -> None:
        self.revealed[attacker] = self.revealed[defender] = True
        a, d = self.kinds[attacker], self.kinds[defender]
        if a == d:  # a stalemate: both stay, out of play
            self.board[square] = (defender, attacker)
            self.at[attacker] = square
            self._unfree(self.owners[defender], square)
            insort(self.stalemates, square)
        elif BEATS[a] == d:
            self._leave(defender)
            self._lift(square)
            self._stand(attacker, square)
        else:
            self._leave(attacker)

    def _break(self, mover: int, square: int) -> bool:
        """A piece lands on a stalemate; True when the breaker must now choose."""
        pair = self.board[square]
        kind = self.kinds[pair[0]]
        self.revealed[mover] = True
        if BEATS[self.kinds[mover]] != kind:
            self._leave(mover)  # a rescue with the wrong piece: lost at once
            return False
        own = next(i for i in pair if self.owners[i] == self.player)
        enemy = next(i for i in pair if self.owners[i] != self.player)
        self._leave(enemy)
        self.stalemates.remove(square)
        self.board[square] = (own,)
        self._free(self.player, square)
        self.at[mover] = square
        self.pending = (square, mover, own)
        self.phase = BREAK
        return True

    def _keep(self, action: int) -> None:
        """After a break: which piece stays on the square, where the other goes."""
        g = self.game
        keep, column = divmod(action - g.keep_base, 11)
        square, breaker, rescued = self.pending
        stays, goes = (breaker, rescued) if keep == 0 else (rescued, breaker)
        self.board[square] = (stays,)
        self.at[stays] = square
        if column < 10:
            self._stand(goes, g.square(column, g.back_row(self.player)))
        else:
            self.at[goes] = None
        self.pending = None
        self._end_turn()

    def _end_turn(self) -> None:
        self.turn += 1
        self.roll = 0
        blue, red = self.free_at
        if not blue and not red:
            # Only stalemates left (one piece of each side in each), or nothing: a draw.
            self.winner = DRAW
            self.phase = OVER
        elif not blue or not red:
            self.winner = 0 if blue else 1
            self.phase = OVER
        elif self.turn >= self.game.max_turns:
            self.unfinished = True
            self.phase = OVER
        else:
            self.player = 1 - self.player
            self.phase = ROLL
            self._legal_cache = []  # the die is next: a chance node has no legal actions

    def clone(self) -> "State":
        other = State.__new__(State)
        other.__dict__.update(self.__dict__)
        other.__dict__.pop("_legal_cache", None)  # worked out again for the copy when asked
        other.kinds, other.owners, other.at = self.kinds[:], self.owners[:], self.at[:]
        other.revealed = self.revealed[:]
        other.board = self.board.copy()  # its tuples of piece ids are never changed, only replaced
        other.free_at = [self.free_at[0][:], self.free_at[1][:]]
        other.free_keys = [self.free_keys[0][:], self.free_keys[1][:]]
        other.free_mask = self.free_mask[:]
        other.stalemates = self.stalemates[:]
        return other

    # --- notation --------------------------------------------------------------
    def action_to_string(self, action: int) -> str:
        g = self.game
        if self.phase == SETUP:
            return LETTERS[action]
        if action < g.die_base:
            return f"first {g.colors[action - g.first_base]}"
        if action < g.pass_action:
            return f"roll {action - g.die_base + 1}"
        if action == g.pass_action:
            return "pass"
        if action >= g.keep_base:
            keep, column = divmod(action - g.keep_base, 11)
            where = g.name_of(g.square(column, g.back_row(self.player))) if column < 10 else "off"
            return f"keep {'mover' if keep == 0 else 'rescued'} {where}"
        source, target = divmod(action - g.move_base, g.targets)
        mark = "x" if target < g.squares and self.board.get(target) else "-"
        return f"{g.name_of(source)}{mark}{g.name_of(target)}"

    # --- views -----------------------------------------------------------------
    def to_json(self) -> dict:
        return self._view(None)

    def observation(self, player: int) -> dict:
        return self._view(player)

    def public_observation(self) -> dict:
        """The table: every piece where it stands, a type only once revealed."""
        return self._view(PUBLIC)

    def action_seen_by(self, player: int | None, action: int) -> str:
        """A set-up choice is private: the others see a piece placed, not its type."""
        if self.phase == SETUP and player != self.player:
            return "piece"
        return self.action_to_string(action)

    def _view(self, player: int | None) -> dict:
        """What ``player`` sees; None: everything, PUBLIC: the table only."""
        g = self.game
        names = g.colors
        pieces = []
        for i, kind in enumerate(self.kinds):
            known = player is None or self.owners[i] == player or self.revealed[i]
            at = self.at[i]
            pieces.append({"owner": names[self.owners[i]], "type": TYPES[kind] if known else None,
                           "at": g.name_of(at) if at is not None else None, "revealed": self.revealed[i]})
        if self.phase == OVER:
            result = {"outcome": "unfinished" if self.unfinished else "draw" if self.winner == DRAW else "win",
                      "winner": names[self.winner] if self.winner in (0, 1) else None}
        else:
            result = None
        pending = None
        if self.pending:
            square, breaker, rescued = self.pending
            pending = {"square": g.name_of(square), "breaker": breaker, "rescued": rescued}
        return {"game": "playground", "players": names, "phase": self.phase,
                "to_move": names[self.player] if self.phase in (SETUP, ROLL, MOVE, BREAK) else None,
                "turn": self.turn, "roll": self.roll or None, "pieces": pieces, "pending": pending,
                "result": result}

    def hidden_variant(self, player: int, rng) -> "State | None":
        """The same state with the types of the other player's unrevealed pieces
        shuffled among themselves: what ``player`` cannot tell apart."""
        hidden = [i for i in range(len(self.kinds)) if self.owners[i] != player and not self.revealed[i]]
        if len(hidden) < 2:
            return None
        other = self.clone()
        kinds = [self.kinds[i] for i in hidden]
        rng.shuffle(kinds)
        for i, k in zip(hidden, kinds):
            other.kinds[i] = k
        return other

    def resample(self, player: int, rng) -> "State":
        """Types for the other player's unrevealed pieces drawn afresh, keeping the
        army's rules (one of each type at least, no more than the cards)."""
        g = self.game
        other = self.clone()
        hidden = [i for i in range(len(self.kinds)) if self.owners[i] != player and not self.revealed[i]]
        known = [self.kinds[i] for i in range(len(self.kinds)) if self.owners[i] != player and self.revealed[i]]
        for _ in range(200):
            draw = [rng.randrange(3) for _ in hidden]
            army = known + draw
            if all(army.count(t) >= 1 for t in range(3)) and all(army.count(t) <= g.cards[t] for t in range(3)):
                break
        for i, k in zip(hidden, draw):
            other.kinds[i] = k
        return other


# --- reading a position ------------------------------------------------------------

def _fail(message: str, at=()):
    """Refuse the position; ``at``: the keys and indexes to the key or item at fault (IllegalAction.at)."""
    raise IllegalAction(f"malformed playground position: {message}", at=at)


def _from_json(game: Game, obj) -> State:
    """A state from ``to_json``: replayed from its pieces, checked as it goes."""
    if not isinstance(obj, dict):
        _fail("a position is a JSON object")
    keys = {"game", "players", "phase", "to_move", "turn", "roll", "pieces", "pending", "result"}
    if set(obj) != keys:
        extra = sorted(set(obj) - keys, key=str)
        _fail(f"keys must be {', '.join(sorted(keys))}", extra[:1])
    if obj["game"] != "playground" or obj["players"] != game.colors:
        _fail("not a position of this game", ("game",) if obj["game"] != "playground" else ("players",))
    names = game.colors
    state = State(game)
    if obj["phase"] not in (SETUP, FIRST, ROLL, MOVE, BREAK, OVER):
        _fail(f"unknown phase {str(obj['phase'])[:20]!r}", ("phase",))
    state.phase = obj["phase"]
    if not isinstance(obj["pieces"], list) or len(obj["pieces"]) > 2 * game.army:
        _fail("'pieces' must be a list of at most two armies", ("pieces",))
    squares = {game.name_of(s): s for s in range(game.squares)}
    for i, entry in enumerate(obj["pieces"]):
        if not isinstance(entry, dict) or set(entry) != {"owner", "type", "at", "revealed"}:
            _fail(f"piece {i + 1} needs owner, type, at and revealed", ("pieces", i))
        if entry["owner"] not in names or entry["type"] not in TYPES or not isinstance(entry["revealed"], bool):
            wrong = next(k for k, ok in (("owner", entry["owner"] in names), ("type", entry["type"] in TYPES),
                                         ("revealed", isinstance(entry["revealed"], bool))) if not ok)
            _fail(f"piece {i + 1}: unknown owner or type", ("pieces", i, wrong))
        owner = names.index(entry["owner"])
        state.kinds.append(TYPES.index(entry["type"]))
        state.owners.append(owner)
        state.revealed.append(entry["revealed"])
        at = entry["at"]
        if at is None:
            state.at.append(None)
            continue
        if not isinstance(at, str) or at not in squares:
            _fail(f"piece {i + 1}: {str(at)[:10]!r} is not a square", ("pieces", i, "at"))
        state.at.append(squares[at])
        state.board.setdefault(squares[at], []).append(i)
    if state.phase == BREAK and isinstance(obj["pending"], dict):
        # Between a break and the breaker's choice, both of its pieces stand on that square.
        pend = obj["pending"]
        square = squares.get(pend.get("square")) if isinstance(pend.get("square"), str) else None
        ids = state.board.get(square, [])
        if square is None or len(ids) != 2 or pend.get("rescued") not in ids or pend.get("breaker") not in ids:
            _fail("'pending' must name the square of the break and both pieces on it", ("pending",))
        state.board[square] = [pend["rescued"]]
    for square, ids in state.board.items():
        if len(ids) > 2 or (len(ids) == 2 and (state.owners[ids[0]] == state.owners[ids[1]]
                                               or state.kinds[ids[0]] != state.kinds[ids[1]])):
            _fail(f"{game.name_of(square)}: two pieces share a square only in a stalemate",
                  ("pieces", ids[-1], "at"))
    state.board = {square: tuple(ids) for square, ids in state.board.items()}
    state._index_board()
    for p in range(2):
        army = [state.kinds[i] for i in state.army(p)]
        if len(army) > game.army or any(army.count(t) > game.cards[t] for t in range(3)):
            _fail(f"{names[p]}'s army is larger than the rules allow", ("pieces", state.army(p)[-1]))
    if isinstance(obj["turn"], bool) or not isinstance(obj["turn"], int) or not 0 <= obj["turn"] <= game.max_turns:
        _fail("'turn' must be a whole number within the cap", ("turn",))
    state.turn = obj["turn"]
    roll = obj["roll"]
    if roll is not None and (isinstance(roll, bool) or not isinstance(roll, int) or not 1 <= roll <= 6):
        _fail("'roll' is a die face, 1 to 6, or null", ("roll",))
    state.roll = roll or 0
    if state.phase in (SETUP, ROLL, MOVE, BREAK):
        if obj["to_move"] not in names:
            _fail("'to_move' must name a player", ("to_move",))
        state.player = names.index(obj["to_move"])
    elif obj["to_move"] is not None:
        _fail("'to_move' is null before the hand game and when the game is over", ("to_move",))
    if state.phase == MOVE and not roll:
        _fail("a move needs the roll", ("roll",))
    if obj["pending"] is not None:
        p = obj["pending"]
        if state.phase != BREAK or not isinstance(p, dict) or set(p) != {"square", "breaker", "rescued"}:
            _fail("'pending' belongs to the break phase", ("pending",))
        if not isinstance(p["square"], str) or not all(isinstance(p[k], int) and not isinstance(p[k], bool)
                                                      for k in ("breaker", "rescued")):
            _fail("'pending' holds a square and two piece numbers", ("pending",))
        state.pending = (squares.get(p["square"]), p["breaker"], p["rescued"])
    result = obj["result"]
    if state.phase == OVER:
        if not isinstance(result, dict) or result.get("outcome") not in ("win", "draw", "unfinished"):
            _fail("a finished game needs its result", ("result",))
        state.unfinished = result["outcome"] == "unfinished"
        state.winner = (names.index(result["winner"]) if result["outcome"] == "win" and result.get("winner") in names
                        else DRAW if result["outcome"] == "draw" else None)
        if result["outcome"] == "win" and state.winner is None:
            _fail("a win needs its winner", ("result",))
    elif result is not None:
        _fail("only a finished game has a result", ("result",))
    return state
