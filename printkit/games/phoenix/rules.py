"""RPS Phoenix: the rules on the engine contract.

Players are seats 0..n-1 in clockwise order; the spec's ``seating`` gives
their colours. Options: ``players=N`` (default: the spec's
``default_players``; the Team variant always has four) and
``variant=standard|team|give-away|casino`` (default: the spec's
``variants.default``).

A turn, as the engine plays it (the rulebook's Clarifications give the
reasons for each reading):

- Who begins is one chance node with a 1/n outcome per player: rolling both
  dice each and re-rolling ties gives every player the same chance.
- While any player has Birds still in hand (the entry phase, one phase for
  everyone), every player rolls at once (a chance node of the 36 dice
  outcomes). One with Birds in hand then chooses which Bird enters the
  rolled square; one with none left enters nothing. Either way an own or
  teammate's Bird there ends the turn, and an opponent's Bird there goes to
  the Ashes regardless of type. Every such turn counts on the turn counter.
- Once no player has a Bird in hand, each player chooses first: ``roll`` (a chance node follows, then the
  choice of which Bird moves to the rolled square, or on a Phoenix square
  which Bird rises from the Ashes), or a diagonal move.
- A Bird that arrives by a move interacts with every opponent's Bird
  diagonally next to it; with several at once the moving player chooses
  which resolves first (an action). The winner takes the loser's square and
  interacts again from there, in the same action while there is only one.
- Escalation Phase (after ``escalation_after_turns_per_player`` turns each):
  bishop-like diagonal moves, mutual elimination, a second Bird rising next
  to the Phoenix square (an action, or ``stop``), and the chain-reaction
  step after a capture (``step`` or ``stop``).

Actions and notation (documented in the reference,
templates/phoenix-notation.md.j2): ``first Red``; dice ``3-5`` (black die
X = 3, white die Y = 5); ``roll``; ``R 3,5`` (enter the Rock at 3,5);
``P 2,3>3,5`` (move the Paper to the rolled square 3,5); ``S d 2,3>3,4``
(diagonal move); ``phoenix R 4,4``; ``x 3,4`` (resolve the interaction with
the Bird on 3,4 first); ``step 4,5``; ``stop``.
"""

from __future__ import annotations

import numbers
import re

from ...errors import PrintkitError, no_such_variant
from ...spec import data_of
from ...rules import base
from ...rules.base import CHANCE, TERMINAL, IllegalAction, same_json

TYPES = ("rock", "paper", "scissors")
LETTERS = ("R", "P", "S")
VARIANTS = ("standard", "team", "give-away", "casino")

# Stages of a turn. The chance stages are FIRST, ENTRY_ROLL and ROLL.
FIRST = "first"  # chance: who begins
ENTRY_ROLL = "entry-roll"  # chance: the roll of a player who still enters Birds
ENTER = "enter"  # which Bird enters the rolled square
CHOOSE = "choose"  # roll, or move a Bird diagonally
ROLL = "roll"  # chance: the roll of a player who chose to roll
AFTER_ROLL = "after-roll"  # which Bird moves to (or rises on) the rolled square
SECOND_PHOENIX = "second-phoenix"  # Escalation: a second Bird rises next to the first, or stop
CHAIN = "chain"  # Escalation: the chain-reaction step, or stop
INTERACT = "interact"  # which of several interactions resolves first
OVER = "over"
STAGES = (FIRST, ENTRY_ROLL, ENTER, CHOOSE, ROLL, AFTER_ROLL, SECOND_PHOENIX, CHAIN, INTERACT, OVER)
CHANCE_STAGES = (FIRST, ENTRY_ROLL, ROLL)

DIAGONALS = ((1, 1), (1, -1), (-1, 1), (-1, -1))
NEIGHBOURS = tuple((dx, dy) for dx in (-1, 0, 1) for dy in (-1, 0, 1) if (dx, dy) != (0, 0))

# Action numbers. Fixed single actions first, then ranges that depend on the
# board's square count (``Game.squares``).
ROLL_ACTION, STOP, STEP = 0, 1, 2
ENTER_BASE = 3  # + type
FIRST_BASE = 10  # + player
OUTCOME_BASE = 20  # + square of the rolled coordinates


def _sign(v: int) -> int:
    return (v > 0) - (v < 0)


class Game(base.Game):
    """RPS Phoenix as a spec describes it, for one player count and variant."""

    name = "phoenix"

    def __init__(self, spec, players: int | None = None, variant: str | None = None, **options):
        if options:
            raise PrintkitError(f"phoenix takes no option {', '.join(sorted(options))}")
        data = data_of(spec)
        variant = variant or data["variants"]["default"]
        if variant not in VARIANTS or variant not in data["variants"]:
            known = [v for v in VARIANTS if v in data["variants"]]
            raise no_such_variant("phoenix", variant, known)
        if players is None:
            players = 4 if variant == "team" else data["default_players"]
        low, high = data["players"]["min"], data["players"]["max"]
        if not isinstance(players, int) or not low <= players <= high:
            raise PrintkitError(f"phoenix is for {low} to {high} players, not {players}")
        if variant == "team" and players != 4:
            raise PrintkitError(f"the Team variant is for four players, not {players}")
        if str(players) not in data["seating"]:
            raise PrintkitError(f"the spec's seating has no entry for {players} players")
        super().__init__(spec)
        self.data = data
        self.variant = variant
        self.num_players = players
        self.colors = list(data["seating"][str(players)])
        self.columns = data["board"]["columns"]
        self.rows = data["board"]["rows"]
        self.squares = self.columns * self.rows
        self.phoenix_squares = frozenset(self.square(x, y) for x, y in data["board"]["phoenix_squares"])
        self.counts = tuple(data["birds"]["counts"][t] for t in TYPES)
        self.beats = tuple(TYPES.index(data["beats"][t]) for t in TYPES)
        self.escalation_turn = data["escalation_after_turns_per_player"] * players
        scoring = data["scoring"]
        self.points = (scoring["elimination"], scoring["resurrection"], scoring["win"])
        if variant == "team":
            teams = data["variants"]["team"]["teams"]
            self.team_of = tuple(next(i for i, team in enumerate(teams) if c in team) for c in self.colors)
        else:
            self.team_of = tuple(range(players))
        casino = data["variants"].get("casino", {}) if variant == "casino" else None
        self.starting_chips = casino["starting_chips"] if casino else 0
        self.chip_per_elimination = casino["chips_per_elimination"] if casino else 0
        self.max_turns = data["max_turns"]
        # Action ranges after the fixed ones.
        s = self.squares
        self.move_base = OUTCOME_BASE + s  # + source square (target: the rolled one)
        self.interact_base = self.move_base + s  # + square of the other Bird
        self.phoenix_base = self.interact_base + s  # + type * squares + square
        self.diagonal_base = self.phoenix_base + len(TYPES) * s  # + from * squares + to
        self.action_limit = self.diagonal_base + s * s
        self.num_distinct_actions = self.action_limit
        # The most decisions a turn takes (the rolls and who begins are
        # chance, not counted): roll or a diagonal move, which Bird goes to
        # the rolled square, per opponent's Bird eliminated an interaction
        # choice and a chain step, one more interaction the mover loses, a
        # second Phoenix. An entry turn takes one.
        opponents = (players - 1) * sum(self.counts)
        self.max_game_length = self.max_turns * (2 * opponents + 4)
        # Tables by square, worked out once: moves and fights look them up.
        self.step_table = {(dx, dy): tuple(self._square_at(sq, dx, dy) for sq in range(s))
                           for dx in (-1, 0, 1) for dy in (-1, 0, 1)}
        self.diagonal_neighbours = tuple(
            tuple(to for to in (self.step_table[d][sq] for d in DIAGONALS) if to is not None)
            for sq in range(s))
        self.diagonal_rays = tuple(tuple(self._ray(sq, dx, dy) for dx, dy in DIAGONALS) for sq in range(s))
        self.roll_outcomes = tuple((OUTCOME_BASE + sq, 1.0 / s) for sq in range(s))
        self.roll_actions = frozenset(OUTCOME_BASE + sq for sq in range(s))

    def _square_at(self, square: int, dx: int, dy: int) -> int | None:
        x, y = self.coords(square)
        return self.square(x + dx, y + dy) if self.on_board(x + dx, y + dy) else None

    def _ray(self, square: int, dx: int, dy: int) -> tuple[int, ...]:
        """The squares from ``square`` (not included) along a diagonal to the edge."""
        out = []
        at = self._square_at(square, dx, dy)
        while at is not None:
            out.append(at)
            at = self._square_at(at, dx, dy)
        return tuple(out)

    # --- squares -----------------------------------------------------------
    def square(self, x: int, y: int) -> int:
        return (x - 1) * self.rows + (y - 1)

    def coords(self, square: int) -> tuple[int, int]:
        x, y = divmod(square, self.rows)
        return x + 1, y + 1

    def on_board(self, x: int, y: int) -> bool:
        return 1 <= x <= self.columns and 1 <= y <= self.rows

    def friendly(self, a: int, b: int) -> bool:
        """Same player, or partners in the Team variant."""
        return self.team_of[a] == self.team_of[b]

    # --- contract ----------------------------------------------------------
    def initial_state(self) -> "State":
        return State(self)

    def state_from_json(self, obj) -> "State":
        return _from_json(self, obj)

    def player_names(self) -> list[str]:
        return list(self.colors)

    # The first player (10..) and the dice (20 + square) are the chance outcomes.
    @property
    def chance_bound(self) -> int:
        return OUTCOME_BASE + self.squares

    def teams(self) -> list[list[int]] | None:
        if self.variant != "team":
            return None
        return [[p for p in range(self.num_players) if self.team_of[p] == t] for t in sorted(set(self.team_of))]

    def returns_bounds(self) -> tuple[float, float]:
        if self.variant == "casino":
            return (-float(self.starting_chips), float((self.num_players - 1) * self.starting_chips))
        return (-1.0, 1.0)


class State(base.State):
    """A position: the grid, each player's hand and Ashes, the scores, and
    how far the current turn has got."""

    def __init__(self, game: Game):
        self.game = game
        n = game.num_players
        self.stage = FIRST
        self.player: int | None = None  # whose turn it is
        self.turn = 0  # completed turns, all players together
        self.grid: list = [None] * game.squares  # (owner, type) or None
        self.hand = [list(game.counts) for _ in range(n)]
        self.ashes = [[0] * len(TYPES) for _ in range(n)]
        self.eliminations = [0] * n
        self.resurrections = [0] * n
        self.wins = [0] * n
        self.chips = [game.starting_chips] * n
        self.pot = 0
        self.rolled: int | None = None  # square of this turn's roll
        self.active: int | None = None  # the Bird whose interactions or chain step are pending
        self.direction: tuple | None = None  # the chain-reaction step
        self.outcome: str | None = None  # "win", "draw" or "unfinished" once over
        self.winners: list = []

    def clone(self) -> "State":
        other = State.__new__(State)
        other.__dict__.update(self.__dict__)
        other.grid = list(self.grid)
        other.hand = [list(h) for h in self.hand]
        other.ashes = [list(a) for a in self.ashes]
        other.eliminations = list(self.eliminations)
        other.resurrections = list(self.resurrections)
        other.wins = list(self.wins)
        other.chips = list(self.chips)
        other.winners = list(self.winners)
        return other

    # --- reading the position ------------------------------------------------
    @property
    def current_player(self) -> int:
        if self.stage == OVER:
            return TERMINAL
        if self.stage in CHANCE_STAGES:
            return CHANCE
        return self.player

    @property
    def unfinished(self) -> bool:
        """Stopped by the spec's ``max_turns`` cap: terminal, no winner."""
        return self.outcome == "unfinished"

    def turns_played(self) -> int:
        return self.turn

    @property
    def escalation(self) -> bool:
        """Whether this turn is played under the Escalation Phase's rules."""
        return self.turn >= self.game.escalation_turn

    def points(self, player: int) -> int:
        e, r, w = self.game.points
        return e * self.eliminations[player] + r * self.resurrections[player] + w * self.wins[player]

    def birds_on_grid(self, player: int) -> list[int]:
        return [sq for sq, bird in enumerate(self.grid) if bird is not None and bird[0] == player]

    def in_play(self, player: int) -> bool:
        """Birds on the grid or still to enter: not all in the Ashes."""
        return sum(self.hand[player]) > 0 or any(b is not None and b[0] == player for b in self.grid)

    def players_in_play(self) -> list[bool]:
        """``in_play`` of every player, from one look at the grid."""
        on_grid = {b[0] for b in self.grid if b is not None}
        return [p in on_grid or any(hand) for p, hand in enumerate(self.hand)]

    def _step(self, square: int, dx: int, dy: int, k: int = 1) -> int | None:
        if k == 1:
            return self.game.step_table[dx, dy][square]
        x, y = self.game.coords(square)
        x, y = x + k * dx, y + k * dy
        return self.game.square(x, y) if self.game.on_board(x, y) else None

    # --- legal actions ----------------------------------------------------------
    def chance_outcomes(self) -> list[tuple[int, float]]:
        g = self.game
        if self.stage == FIRST:
            return [(FIRST_BASE + p, 1.0 / g.num_players) for p in range(g.num_players)]
        if self.stage in (ENTRY_ROLL, ROLL):
            return list(g.roll_outcomes)
        return []

    def _chance_actions(self):
        if self.stage in (ENTRY_ROLL, ROLL):
            return self.game.roll_actions
        return super()._chance_actions()

    def _legal_actions(self) -> list[int]:
        g, p = self.game, self.player
        stage = self.stage
        if stage == ENTER:
            return [ENTER_BASE + t for t in range(len(TYPES)) if self.hand[p][t] > 0]
        if stage == CHOOSE:
            return [ROLL_ACTION] + self._diagonal_moves()
        if stage == AFTER_ROLL:
            return self._after_roll_options()
        if stage == SECOND_PHOENIX:
            return self._second_phoenix_options()
        if stage == CHAIN:
            return [STOP, STEP]
        if stage == INTERACT:
            return [g.interact_base + sq for sq in self._interactions(self.active)]
        return []

    def _diagonal_moves(self) -> list[int]:
        """Like a bishop: one square, or in the Escalation Phase any distance, never past a Bird."""
        g, grid = self.game, self.grid
        far = self.escalation
        actions = []
        for sq in self.birds_on_grid(self.player):
            code = g.diagonal_base + sq * g.squares
            for ray in g.diagonal_rays[sq]:
                for to in ray:
                    if grid[to] is not None:
                        break
                    actions.append(code + to)
                    if not far:
                        break
        actions.sort()
        return actions

    def _after_roll_options(self) -> list[int]:
        g, p, target = self.game, self.player, self.rolled
        there = self.grid[target]
        if there is not None and g.friendly(there[0], p):
            return []  # own (or partner's) Bird on the rolled square: the turn ends
        moves = [g.move_base + sq for sq in self.birds_on_grid(p)]
        rises = []
        if target in g.phoenix_squares:
            rises = [g.phoenix_base + t * g.squares + target
                     for t in range(len(TYPES)) if self.ashes[p][t] > 0]
        if rises and g.variant == "give-away":
            moves = []  # Give-Away: a Bird in the Ashes must rise
        return sorted(moves + rises)

    def _second_phoenix_options(self) -> list[int]:
        g, p = self.game, self.player
        rises = []
        for dx, dy in NEIGHBOURS:
            sq = self._step(self.active, dx, dy)
            if sq is not None and self.grid[sq] is None:
                rises.extend(g.phoenix_base + t * g.squares + sq
                             for t in range(len(TYPES)) if self.ashes[p][t] > 0)
        if not rises:
            return []
        return sorted(rises if g.variant == "give-away" else rises + [STOP])

    def _interactions(self, square: int) -> list[int]:
        """Squares of the Birds the Bird on ``square`` interacts with now."""
        g = self.game
        bird = self.grid[square]
        if bird is None:
            return []
        owner, kind = bird
        found = []
        for sq in g.diagonal_neighbours[square]:
            if self.grid[sq] is None:
                continue
            other_owner, other_kind = self.grid[sq]
            if g.friendly(owner, other_owner):
                continue
            if self.escalation or other_kind != kind:  # same types tie, except in Escalation
                found.append(sq)
        return sorted(found)

    def _chain_target(self) -> int | None:
        """Where the chain-reaction step would go, if it can."""
        dx, dy = self.direction
        to = self._step(self.active, dx, dy)
        if to is None:
            return None
        there = self.grid[to]
        if there is not None and self.game.friendly(there[0], self.player):
            return None
        return to

    # --- playing ------------------------------------------------------------------
    def _apply(self, action: int) -> None:
        g, stage = self.game, self.stage
        if stage == FIRST:
            self.player = action - FIRST_BASE
            self._begin_turn()
        elif stage in (ENTRY_ROLL, ROLL):
            self.rolled = action - OUTCOME_BASE
            if stage == ENTRY_ROLL:
                there = self.grid[self.rolled]
                if there is not None and g.friendly(there[0], self.player):
                    self._end_turn()
                elif sum(self.hand[self.player]) == 0:
                    # Entered already, waiting for the others: the roll still
                    # eliminates an opponent's Bird on its square; nothing enters.
                    if there is not None:
                        self._eliminate(self.rolled, by=self.player)
                    self._end_turn()
                else:
                    self.stage = ENTER
            elif self._after_roll_options():
                self.stage = AFTER_ROLL
            else:
                self._end_turn()
        elif stage == ENTER:
            self._enter(action - ENTER_BASE)
        elif stage == CHOOSE and action == ROLL_ACTION:
            self.stage = ROLL
        elif stage == CHOOSE:
            source, target = divmod(action - g.diagonal_base, g.squares)
            self.grid[target], self.grid[source] = self.grid[source], None
            self._settle(target)
        elif stage == AFTER_ROLL and action < g.interact_base:
            self._move_to_roll(action - g.move_base)
        elif stage in (AFTER_ROLL, SECOND_PHOENIX) and action != STOP:
            kind, square = divmod(action - g.phoenix_base, g.squares)
            self._rise(kind, square)
        elif stage == SECOND_PHOENIX:
            self._end_turn()
        elif stage == CHAIN and action == STEP:
            self._chain_step()
        elif stage == CHAIN:
            self._settle(self.active)
        elif stage == INTERACT:
            self._settle(self._interact(self.active, action - g.interact_base))

    def entry_phase(self) -> bool:
        """Whether any player still has a Bird to enter: "This initial phase continues
        until all players have placed their Birds on the grid or in the Ashes"."""
        return any(sum(hand) > 0 for hand in self.hand)

    def _begin_turn(self) -> None:
        self.rolled = self.active = self.direction = None
        self.stage = ENTRY_ROLL if self.entry_phase() else CHOOSE

    def _end_turn(self) -> None:
        self.turn += 1
        self.rolled = self.active = self.direction = None
        if self._decided():
            self._finish()
        elif self.turn >= self.game.max_turns:
            self.stage, self.outcome = OVER, "unfinished"
        else:
            self.player = (self.player + 1) % self.game.num_players
            self._begin_turn()

    def _eliminate(self, square: int, by: int) -> None:
        """The Bird on ``square`` goes to the Ashes; ``by`` scores the elimination."""
        g = self.game
        owner, kind = self.grid[square]
        self.grid[square] = None
        self.ashes[owner][kind] += 1
        self.eliminations[by] += 1
        if g.variant == "casino":
            paid = min(g.chip_per_elimination, self.chips[owner])  # nothing left: nothing to pay
            self.chips[owner] -= paid
            self.pot += paid

    def _enter(self, kind: int) -> None:
        p, target = self.player, self.rolled
        self.hand[p][kind] -= 1
        if self.grid[target] is not None:
            self._eliminate(target, by=p)  # an opponent's Bird, whatever its type
        self.grid[target] = (p, kind)
        self._end_turn()

    def _move_to_roll(self, source: int) -> None:
        p, target = self.player, self.rolled
        captured = self.grid[target] is not None
        if captured:
            self._eliminate(target, by=p)  # the dice's square belongs to the roller
        self.grid[target], self.grid[source] = self.grid[source], None
        if captured and self.escalation:
            sx, sy = self.game.coords(source)
            tx, ty = self.game.coords(target)
            self.active, self.direction = target, (_sign(tx - sx), _sign(ty - sy))
            self._offer_chain()
        else:
            self._settle(target)

    def _offer_chain(self) -> None:
        if self._decided():
            self._end_turn()
        elif self._chain_target() is None:
            self._settle(self.active)
        else:
            self.stage = CHAIN

    def _chain_step(self) -> None:
        to = self._chain_target()
        captured = self.grid[to] is not None
        if captured:
            self._eliminate(to, by=self.player)
        self.grid[to], self.grid[self.active] = self.grid[self.active], None
        self.active = to
        if captured:
            self._offer_chain()
        else:
            self._settle(to)

    def _rise(self, kind: int, square: int) -> None:
        p = self.player
        first = self.stage == AFTER_ROLL
        self.ashes[p][kind] -= 1
        self.resurrections[p] += 1
        if self.grid[square] is not None:
            self._eliminate(square, by=p)
        self.grid[square] = (p, kind)
        if first and self.escalation and not self._decided():
            self.active = square
            if self._second_phoenix_options():
                self.stage = SECOND_PHOENIX
                return
        self._end_turn()

    def _interact(self, square: int, other: int) -> int:
        """Resolve one interaction; returns the square of the Bird that
        arrived somewhere new (the winner), or of the emptied square."""
        g = self.game
        (owner, kind), (other_owner, other_kind) = self.grid[square], self.grid[other]
        if self.escalation:  # mutual elimination: each eliminated the other
            self._eliminate(square, by=other_owner)
            self._eliminate(other, by=owner)
            return square
        if g.beats[kind] == other_kind:
            self._eliminate(other, by=owner)
            self.grid[other], self.grid[square] = self.grid[square], None
            return other
        self._eliminate(square, by=other_owner)
        self.grid[square], self.grid[other] = self.grid[other], None
        return square

    def _settle(self, square: int) -> None:
        """Resolve the interactions of the Bird that just arrived on
        ``square``, and of each winner in turn; stop for a choice when
        several arise at once."""
        self.direction = None  # any chain-reaction step is over once fights begin
        while True:
            if self._decided():
                break
            found = self._interactions(square)
            if not found:
                break
            if len(found) > 1:
                self.stage, self.active = INTERACT, square
                return
            square = self._interact(square, found[0])
        self._end_turn()

    # --- the end -------------------------------------------------------------------
    def _all_in_ashes(self, player: int) -> bool:
        return not self.in_play(player)

    def _decided(self) -> bool:
        g = self.game
        playing = self.players_in_play()
        if g.variant == "give-away":
            return not all(playing)
        sides = {g.team_of[p] for p in range(g.num_players) if playing[p]}
        return len(sides) <= 1

    def _finish(self) -> None:
        g = self.game
        self.stage = OVER
        if g.variant == "give-away":
            self.winners = [p for p in range(g.num_players) if self._all_in_ashes(p)]
        else:
            sides = {g.team_of[p] for p in range(g.num_players) if self.in_play(p)}
            self.winners = ([p for p in range(g.num_players) if g.team_of[p] in sides]
                            if len(sides) == 1 else [])
        self.outcome = "win" if self.winners else "draw"
        for p in self.winners:
            self.wins[p] = 1
        if g.variant == "casino":
            if len(self.winners) == 1:
                self.chips[self.winners[0]] += self.pot
            else:  # no winner: each takes back what they paid in
                self.chips = [g.starting_chips] * g.num_players
            self.pot = 0

    def returns(self) -> list[float]:
        g = self.game
        n = g.num_players
        if self.outcome != "win":
            return [0.0] * n
        if g.variant == "casino":
            return [float(c - g.starting_chips) for c in self.chips]
        if g.variant == "team":
            return [1.0 if p in self.winners else -1.0 for p in range(n)]
        k = len(self.winners)
        if k == n:
            return [0.0] * n
        return [1.0 / k if p in self.winners else -1.0 / (n - k) for p in range(n)]

    # --- notation ----------------------------------------------------------------------
    def _at(self, square: int) -> str:
        x, y = self.game.coords(square)
        return f"{x},{y}"

    def _letter(self, square: int) -> str:
        bird = self.grid[square]
        return LETTERS[bird[1]] if bird is not None else "?"

    def action_to_string(self, action: int) -> str:
        g = self.game
        if action == ROLL_ACTION:
            return "roll"
        if action == STOP:
            return "stop"
        if action == STEP:
            to = self._chain_target() if self.stage == CHAIN else None
            return f"step {self._at(to)}" if to is not None else "step"
        if ENTER_BASE <= action < ENTER_BASE + len(TYPES):
            where = f" {self._at(self.rolled)}" if self.rolled is not None else ""
            return f"{LETTERS[action - ENTER_BASE]}{where}"
        if FIRST_BASE <= action < FIRST_BASE + g.num_players:
            return f"first {g.colors[action - FIRST_BASE]}"
        if OUTCOME_BASE <= action < g.move_base:
            x, y = g.coords(action - OUTCOME_BASE)
            return f"{x}-{y}"
        if action < g.interact_base:
            source = action - g.move_base
            target = f"{self._at(self.rolled)}" if self.rolled is not None else "?"
            return f"{self._letter(source)} {self._at(source)}>{target}"
        if action < g.phoenix_base:
            return f"x {self._at(action - g.interact_base)}"
        if action < g.diagonal_base:
            kind, square = divmod(action - g.phoenix_base, g.squares)
            return f"phoenix {LETTERS[kind]} {self._at(square)}"
        if action < g.action_limit:
            source, target = divmod(action - g.diagonal_base, g.squares)
            return f"{self._letter(source)} d {self._at(source)}>{self._at(target)}"
        return f"?{action}"

    def string_to_action(self, text: str) -> int:
        """The legal action written ``text``; spaces around ``,`` and ``>``
        and letter case do not matter, and a lone ``step`` is the chain step.
        Anything else is IllegalAction saying what the position expects."""
        if not isinstance(text, str):
            raise IllegalAction(f"a move is text in RPS Phoenix notation, not {text!r}")
        wanted = _normalise(text)
        actions = self.next_actions()
        if wanted == "step" and self.stage == CHAIN:
            return STEP
        for action in actions:
            if _normalise(self.action_to_string(action)) == wanted:
                return action
        shown = text.strip()
        form = next((name for name, pattern, _ in NOTATION if re.fullmatch(pattern, wanted)), None)
        if form is None:
            raise IllegalAction(f"'{shown}' is not RPS Phoenix notation; a move is one of: "
                                + ", ".join(example for _, _, example in NOTATION))
        reason = self._why_not(form, wanted)
        legal = [] if self.stage in (ENTRY_ROLL, ROLL) else [self.action_to_string(a) for a in actions]
        listed = ", ".join(legal[:20]) + (f", ... ({len(legal)} in all)" if len(legal) > 20 else "")
        raise IllegalAction(f"'{shown}' is not a legal move now: {self._expecting()}"
                            + (f"; {reason}" if reason else "")
                            + (f" (legal: {listed})" if legal else ""))

    def _expecting(self) -> str:
        """What the position waits for, in words."""
        g, stage = self.game, self.stage
        who = g.colors[self.player] if self.player is not None else ""
        at = self._at(self.rolled) if self.rolled is not None else ""
        if stage == FIRST:
            return "the dice decide who begins"
        if stage == ENTRY_ROLL:
            return f"{who} rolls the dice to enter a Bird"
        if stage == ROLL:
            return f"{who} rolls the dice"
        if stage == ENTER:
            return f"{who} enters a Bird on the rolled square {at}"
        if stage == CHOOSE:
            return f"{who} rolls, or moves a Bird diagonally"
        if stage == AFTER_ROLL:
            return f"{who} moves a Bird to the rolled square {at}, or raises one from the Ashes on doubles"
        if stage == SECOND_PHOENIX:
            return f"{who} may raise a second Bird next to {self._at(self.active)}, or stop"
        if stage == CHAIN:
            return f"{who}'s Bird on {self._at(self.active)} may step on, or stop"
        if stage == INTERACT:
            return f"{who} chooses which fight of the Bird on {self._at(self.active)} comes first"
        return "the game is over"

    def _why_not(self, form: str, wanted: str) -> str:
        """A specific reason for the commonest slips: dice off the die, or
        a Bird named on a square where it is not."""
        g = self.game
        numbers = [int(v) for v in re.findall(r"\d+", wanted)]
        if self.is_chance_node() and form != "dice":
            return "the dice are written X-Y, as 3-5"
        if form == "dice" and not (1 <= numbers[0] <= g.columns and 1 <= numbers[1] <= g.rows):
            x, y = g.data["dice"]["x"], g.data["dice"]["y"]
            return (f"a roll is written X-Y, the {x['name'].lower()} die's X (1 to {g.columns}) "
                    f"then the {y['name'].lower()} die's Y (1 to {g.rows})")
        if any(not g.on_board(x, y) for x, y in zip(numbers[::2], numbers[1::2])):
            return f"squares run from 1,1 to {g.columns},{g.rows}"
        if form in ("move", "diagonal") and self.player is not None:
            letter, (x, y) = wanted[0].upper(), numbers[:2]
            bird = self.grid[g.square(x, y)]
            if bird is None or bird[0] != self.player or LETTERS[bird[1]] != letter:
                kind = TYPES[LETTERS.index(letter)].capitalize()
                return f"{g.colors[self.player]} has no {kind} on {x},{y}"
        return ""

    # --- positions ---------------------------------------------------------------------
    def to_json(self) -> dict:
        g = self.game
        names = g.colors
        obj = {
            "game": "phoenix",
            "variant": g.variant,
            "players": list(names),
            "stage": self.stage,
            "to_move": names[self.player] if self.player is not None and self.stage != OVER else None,
            "turn": self.turn,
            "escalation": self.escalation,
            "rolled": list(g.coords(self.rolled)) if self.rolled is not None else None,
            "active": list(g.coords(self.active)) if self.active is not None else None,
            "direction": list(self.direction) if self.direction is not None else None,
            "grid": [{"at": list(g.coords(sq)), "owner": names[b[0]], "bird": TYPES[b[1]]}
                     for sq, b in enumerate(self.grid) if b is not None],
            "hand": {names[p]: dict(zip(TYPES, self.hand[p])) for p in range(g.num_players)},
            "ashes": {names[p]: dict(zip(TYPES, self.ashes[p])) for p in range(g.num_players)},
            "score": {names[p]: {"eliminations": self.eliminations[p],
                                 "resurrections": self.resurrections[p],
                                 "win": self.wins[p], "points": self.points(p)}
                      for p in range(g.num_players)},
            "result": ({"outcome": self.outcome, "winners": [names[p] for p in self.winners]}
                       if self.stage == OVER else None),
        }
        if g.variant == "casino":
            obj["chips"] = {names[p]: self.chips[p] for p in range(g.num_players)}
            obj["pot"] = self.pot
        return obj


# The forms of a move, as ``_normalise`` leaves them, with an example each
# (the reference lists the same).
NOTATION = (
    ("first", r"first \S+", "first Red"),
    ("dice", r"\d+-\d+", "3-5"),
    ("enter", r"[rps] \d+,\d+", "R 3,5"),
    ("roll", r"roll", "roll"),
    ("move", r"[rps] \d+,\d+>\d+,\d+", "P 2,3>3,5"),
    ("diagonal", r"[rps] d \d+,\d+>\d+,\d+", "S d 2,3>3,4"),
    ("phoenix", r"phoenix [rps] \d+,\d+", "phoenix R 4,4"),
    ("interact", r"x \d+,\d+", "x 3,4"),
    ("step", r"step( \d+,\d+)?", "step 4,5"),
    ("stop", r"stop", "stop"),
)


def _normalise(text: str) -> str:
    text = re.sub(r"\s*([,>])\s*", r"\1", text.strip().lower())
    return re.sub(r"\s+", " ", text)


# --- reading a position ---------------------------------------------------------------

def _fail(message: str, at=()):
    """Refuse the position; ``at``: the keys and indexes to the key or item at fault (IllegalAction.at)."""
    raise IllegalAction(f"malformed phoenix position: {message}", at=at)


def _int(value, what: str, low: int = 0, high: int | None = None, at=()) -> int:
    if isinstance(value, bool) or not isinstance(value, numbers.Integral):
        _fail(f"{what} must be a whole number, not {value!r}", at)
    if value < low or (high is not None and value > high):
        _fail(f"{what} {value} is out of range", at)
    return int(value)


def _square(game: Game, value, what: str, at=()) -> int:
    if not isinstance(value, list) or len(value) != 2:
        _fail(f"{what} must be [x, y], not {value!r}", at)
    x = _int(value[0], f"{what} x", 1, game.columns, (*at, 0))
    y = _int(value[1], f"{what} y", 1, game.rows, (*at, 1))
    return game.square(x, y)


def _counts(obj, what: str, at=()) -> list[int]:
    if not isinstance(obj, dict) or set(obj) != set(TYPES):
        _fail(f"{what} must give rock, paper and scissors", at)
    return [_int(obj[t], f"{what} {t}", 0, 99, (*at, t)) for t in TYPES]


KEYS = {"game", "variant", "players", "stage", "to_move", "turn", "escalation", "rolled", "active",
        "direction", "grid", "hand", "ashes", "score", "result"}


def _from_json(game: Game, obj) -> State:
    if not isinstance(obj, dict):
        _fail("a position is a JSON object")
    if obj.get("game") != "phoenix":
        _fail(f"'game' must be \"phoenix\", not {obj.get('game')!r}", ("game",))
    variant, players = obj.get("variant"), obj.get("players")
    if variant not in VARIANTS:
        _fail(f"unknown variant {variant!r}", ("variant",))
    if not isinstance(players, list):
        _fail("'players' must list the colours in seat order", ("players",))
    if (variant, len(players)) != (game.variant, game.num_players):
        try:  # the position says which game it is from
            game = Game(game.spec, players=len(players), variant=variant)
        except PrintkitError as exc:
            _fail(str(exc), ("players",))
    names = game.colors
    if players != names:
        wrong = next((i for i, (a, b) in enumerate(zip(players, names)) if a != b), None)
        _fail(f"'players' must be {names} for {len(names)} players (the spec's seating)",
              ("players",) if wrong is None else ("players", wrong))
    expected = KEYS | ({"chips", "pot"} if variant == "casino" else set())
    if set(obj) != expected:
        missing, extra = sorted(expected - set(obj)), sorted(set(obj) - expected)
        _fail("; ".join(filter(None, [missing and f"missing {', '.join(missing)}",
                                      extra and f"unknown key(s) {', '.join(extra)}"])),
              (extra[0],) if extra else ())
    n = len(names)
    state = State(game)
    if obj["stage"] not in STAGES:
        _fail(f"unknown stage {obj['stage']!r} (stages: {', '.join(STAGES)})", ("stage",))
    state.stage = obj["stage"]
    to_move = obj["to_move"]
    if to_move is None:
        if state.stage not in (FIRST, OVER):
            _fail("'to_move' is needed at this stage", ("to_move",))
    elif to_move not in names or state.stage in (FIRST, OVER):
        _fail(f"'to_move' {to_move!r} does not fit stage {state.stage!r}", ("to_move",))
    else:
        state.player = names.index(to_move)
    state.turn = _int(obj["turn"], "turn", 0, game.max_turns, ("turn",))
    if state.turn == game.max_turns and state.stage != OVER:
        _fail("the turn counter is at the game's cap, so the game is over", ("turn",))
    if not same_json(obj["escalation"], state.escalation):
        _fail(f"'escalation' must be {str(state.escalation).lower()} on turn {state.turn}", ("escalation",))

    for key in ("rolled", "active"):
        setattr(state, key, None if obj[key] is None else _square(game, obj[key], key, (key,)))
    direction = obj["direction"]
    if direction is not None:
        if (not isinstance(direction, list) or len(direction) != 2
                or [_int(d, "direction", -1, 1, ("direction", i)) for i, d in enumerate(direction)] == [0, 0]):
            _fail("'direction' must be [dx, dy] with -1, 0 or 1 each, not both 0", ("direction",))
        state.direction = tuple(direction)

    if not isinstance(obj["grid"], list):
        _fail("'grid' must be a list", ("grid",))
    for i, entry in enumerate(obj["grid"]):
        if not isinstance(entry, dict) or set(entry) != {"at", "owner", "bird"}:
            _fail(f"grid entry {i} must have at, owner and bird", ("grid", i))
        sq = _square(game, entry["at"], f"grid entry {i}", ("grid", i, "at"))
        if state.grid[sq] is not None:
            _fail(f"two Birds on {game.coords(sq)}", ("grid", i))
        if entry["owner"] not in names or entry["bird"] not in TYPES:
            _fail(f"grid entry {i}: unknown owner or bird", ("grid", i, "owner" if entry["owner"] not in names
                                                             else "bird"))
        state.grid[sq] = (names.index(entry["owner"]), TYPES.index(entry["bird"]))
    ats = [e["at"] for e in obj["grid"]]
    if ats != sorted(ats):
        _fail("'grid' must be sorted by square", ("grid", next(i for i in range(1, len(ats)) if ats[i] < ats[i - 1])))

    for key in ("hand", "ashes", "score"):
        if not isinstance(obj[key], dict) or set(obj[key]) != set(names):
            odd = sorted(set(obj[key]) - set(names), key=str) if isinstance(obj[key], dict) else []
            _fail(f"'{key}' must have an entry for each of {', '.join(names)}", (key, *odd[:1]))
    for p, name in enumerate(names):
        state.hand[p] = _counts(obj["hand"][name], f"hand of {name}", ("hand", name))
        state.ashes[p] = _counts(obj["ashes"][name], f"ashes of {name}", ("ashes", name))
        on_grid = [sum(1 for b in state.grid if b == (p, t)) for t in range(len(TYPES))]
        for t, kind in enumerate(TYPES):
            if state.hand[p][t] + state.ashes[p][t] + on_grid[t] != game.counts[t]:
                _fail(f"{name} must have {game.counts[t]} {kind} Bird(s) between hand, grid and Ashes",
                      ("ashes", name, kind))
        score = obj["score"][name]
        if not isinstance(score, dict) or set(score) != {"eliminations", "resurrections", "win", "points"}:
            _fail(f"score of {name} must have eliminations, resurrections, win and points", ("score", name))
        at = ("score", name)
        state.eliminations[p] = _int(score["eliminations"], f"{name}'s eliminations", at=(*at, "eliminations"))
        state.resurrections[p] = _int(score["resurrections"], f"{name}'s resurrections", at=(*at, "resurrections"))
        state.wins[p] = _int(score["win"], f"{name}'s win", 0, 1, (*at, "win"))
        if not same_json(score["points"], state.points(p)):
            _fail(f"{name}'s points must be {state.points(p)}", (*at, "points"))

    if variant == "casino":
        if not isinstance(obj["chips"], dict) or set(obj["chips"]) != set(names):
            _fail(f"'chips' must have an entry for each of {', '.join(names)}", ("chips",))
        state.chips = [_int(obj["chips"][name], f"{name}'s chips", at=("chips", name)) for name in names]
        state.pot = _int(obj["pot"], "pot", at=("pot",))
        if sum(state.chips) + state.pot != n * game.starting_chips:
            _fail(f"chips and pot must add up to {n * game.starting_chips}", ("pot",))

    _check_stage(state, obj)
    return state


def _check_stage(state: State, obj) -> None:
    """The parts of a position that only some stages have, and that the
    rules could have reached it."""
    g, stage = state.game, state.stage
    needs = {
        ENTER: ("rolled",), AFTER_ROLL: ("rolled",), SECOND_PHOENIX: ("rolled", "active"),
        CHAIN: ("rolled", "active", "direction"), INTERACT: ("active",),
    }.get(stage, ())
    for key in ("rolled", "active", "direction"):
        present = getattr(state, key) is not None
        if present != (key in needs) and not (key == "rolled" and stage == INTERACT):
            _fail(f"'{key}' must be {'given' if key in needs else 'null'} at stage {stage!r}", (key,))
    if stage == OVER:
        result = obj["result"]
        if not isinstance(result, dict) or set(result) != {"outcome", "winners"}:
            _fail("a finished game needs 'result' with outcome and winners", ("result",))
        if result["outcome"] not in ("win", "draw", "unfinished"):
            _fail(f"unknown outcome {result['outcome']!r}", ("result", "outcome"))
        if not isinstance(result["winners"], list) or any(w not in g.colors for w in result["winners"]):
            _fail("'winners' must list colours of this game", ("result", "winners"))
        state.outcome = result["outcome"]
        state.winners = sorted(g.colors.index(w) for w in result["winners"])
        probe = state.clone()
        if state.outcome == "unfinished":
            if state.turn != g.max_turns or state.winners or any(state.wins):
                _fail("an unfinished game ends at the turn cap, without winners", ("result",))
        else:
            if not state._decided():
                _fail("the game is not over in this position", ("result",))
            probe.wins = [0] * g.num_players
            probe._finish()
            if probe.winners != state.winners or probe.wins != state.wins or probe.chips != state.chips:
                _fail("'result', wins or chips do not follow from the position", ("result",))
        return
    if obj["result"] is not None or any(state.wins):
        _fail("only a finished game has a result or a win", ("result",) if obj["result"] is not None else ("score",))
    if state._decided():
        _fail("the game is already decided in this position; its stage must be 'over'", ("stage",))
    if stage == FIRST:
        if state.turn or any(b is not None for b in state.grid) or any(map(any, state.ashes)):
            _fail("'first' is the setup stage: no turns, no Birds out of hand", ("stage",))
        return
    p = state.player
    entering = sum(state.hand[p]) > 0
    if state.entry_phase() != (stage in (ENTRY_ROLL, ENTER)):
        _fail(f"{'a player still has' if state.entry_phase() else 'no player has'} Birds to enter, "
              f"which does not fit stage {stage!r}", ("stage",))
    if stage == ENTER and not entering:
        _fail(f"{g.colors[p]} has no Birds to enter, which does not fit stage {stage!r}", ("stage",))
    if stage in (ENTER, AFTER_ROLL, SECOND_PHOENIX, CHAIN, INTERACT) and not state.legal_actions():
        _fail(f"no move is possible at stage {stage!r} here", ("stage",))
    if stage == ENTER and state.grid[state.rolled] is not None and g.friendly(state.grid[state.rolled][0], p):
        _fail("an entry onto a friendly Bird ends the turn at once", ("rolled",))
    if stage == CHAIN:
        if state.grid[state.active] is None or state.grid[state.active][0] != p or state._chain_target() is None:
            _fail("the chain-reaction step needs the player's Bird on 'active' and a square to step to", ("active",))
    if stage == INTERACT and len(state._interactions(state.active)) < 2:
        _fail("a choice between interactions needs at least two of them", ("active",))
    if stage == SECOND_PHOENIX and (not state.escalation or state.active not in g.phoenix_squares):
        _fail("a second Phoenix comes only in the Escalation Phase, next to a Phoenix square", ("stage",))
    if stage == SECOND_PHOENIX and (state.active != state.rolled or state.grid[state.active] is None
                                    or state.grid[state.active][0] != p or not state.resurrections[p]):
        _fail("a second Phoenix follows the first: 'active' and 'rolled' are the Phoenix square, "
              "where the player's Bird has just risen", ("active",))
    if stage == CHAIN:
        (rx, ry), (ax, ay), (dx, dy) = g.coords(state.rolled), g.coords(state.active), state.direction
        steps = max(abs(ax - rx), abs(ay - ry))
        if (ax, ay) != (rx + steps * dx, ry + steps * dy):
            _fail("the chain-reaction Bird ('active') must stand on the rolled square or on the "
                  "line from it in 'direction'", ("active",))
    if stage == CHAIN and not state.escalation:
        _fail("chain reactions come only in the Escalation Phase", ("stage",))
