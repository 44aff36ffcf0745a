"""The engine contract (see shared design engine.md): Game describes, State plays.

Actions are integers. Randomness is never hidden: dice are chance nodes
whose outcomes are actions too, so a whole game is its list of actions.

A game capped by its spec's length limit (``max_turns`` and the like) is
*unfinished*, never a win: the state becomes terminal (``current_player`` is
TERMINAL, no legal actions), ``returns()`` is 0.0 for every player and
``state.unfinished`` is True. A game that ends by its rules has
``unfinished`` False.

Optional hooks, all with defaults here, that the shared tools use:
``Game.player_names()`` (labels in validate/simulate reports),
``Game.num_distinct_actions`` (actions are ``0 <= a < it``; 0 if unbounded),
``State.turns_played()`` (reported beside the length in actions),
``State.apply_listed(action)`` (``apply`` without its check, for an action
taken from the position's own lists, as playouts and searches take them),
``State.resample(player, rng)`` (a state drawn from those ``player`` cannot
tell apart, for agents that search without peeking), and
``State.hidden_variant(player, rng)`` (a state that differs from this one
only in what ``player`` cannot see, for the no-leak test; None for games of
perfect information).
"""

from __future__ import annotations

from bisect import bisect_left
import copy
import json
import operator

from ..errors import PrintkitError, no_such_variant

CHANCE = -1
TERMINAL = -4


class IllegalAction(PrintkitError):
    """An action (or a move in notation) that is not legal in this state, or
    a position that is not one. ``at``, for a refused position, is where in
    its JSON the fault lies: the keys and list indexes from the top to the
    key or item at fault (``("grid", 2, "at")``; ``()`` for the whole), so
    the command line names its line (``printkit.positions.place``)."""

    def __init__(self, message: str = "", at=None):
        super().__init__(message)
        self.at = None if at is None else tuple(at)


def action_number(action) -> int:
    """``action`` as the int it stands for: any integral number (a numpy
    integer, anything with ``__index__``), as OpenSpiel and numpy code pass
    them; IllegalAction for anything else. A boolean is refused, though
    Python counts it an int: a yes or no is no action, as a spec's and a
    position's integers are never true or false (``same_json``)."""
    if type(action) is int:
        return action
    if isinstance(action, bool):
        raise IllegalAction(f"action {action!r} is a yes or no, not an action number")
    try:
        return operator.index(action)
    except TypeError:  # 2.0, "3", None, a list: no action at all
        raise IllegalAction(f"action {action!r} is not an action: actions are whole numbers") from None


def winner_returns(winner, n: int) -> list[float]:
    """+1 for ``winner``, -1 for every other player; all 0 when ``winner`` is
    not a player (a draw, a game stopped by its cap, or one still going)."""
    if winner in range(n):
        return [1.0 if p == winner else -1.0 for p in range(n)]
    return [0.0] * n


def same_json(a, b) -> bool:
    """Equal as JSON values, types included: 1 is not true, 48.0 is not 48.
    Positions compare given values with derived ones through this, so one rule
    holds in every game: integers are JSON integers, booleans are booleans."""
    if type(a) is not type(b):
        return False
    if isinstance(a, dict):
        return a.keys() == b.keys() and all(same_json(a[k], b[k]) for k in a)
    if isinstance(a, list):
        return len(a) == len(b) and all(same_json(x, y) for x, y in zip(a, b))
    return a == b


class Game:
    """A game as one spec and options describe it. Subclasses set these."""

    name: str = ""
    num_players: int = 2
    # The most decisions (player actions; chance outcomes not counted, as
    # OpenSpiel counts a game's length) any game can take, turn cap included.
    max_game_length: int = 0
    num_distinct_actions: int = 0  # every action is 0 <= a < this; 0 when not bounded

    def __init__(self, spec):
        self.spec = spec

    def __deepcopy__(self, memo) -> "Game":
        # A game describes the rules and never changes once made; states refer
        # to it. A deep copy of a state (OpenSpiel clones its states that way)
        # shares it, as clone() does, instead of copying its tables each time.
        return self

    @classmethod
    def refuse_unknown(cls, variant: str | None, options: dict) -> None:
        """For a game without variants or other options: refuse any that are given."""
        if variant is not None:
            raise no_such_variant(cls.name, variant, [])
        if options:
            raise PrintkitError(f"{cls.name} takes no option {', '.join(sorted(options))}")

    def initial_state(self) -> "State":
        raise NotImplementedError

    def state_from_json(self, obj) -> "State":
        """A state from ``State.to_json()``'s output; a malformed position raises IllegalAction."""
        raise NotImplementedError

    def returns_bounds(self) -> tuple[float, float]:
        """The least and greatest value any player's return can take."""
        return (-1.0, 1.0)

    # --- what a game declares about itself -----------------------------------
    # Read by printkit.openspiel (and by anyone who needs the game's shape);
    # each game sets them in its own rules module, one place per game.
    chance_bound: int = 0  # every chance outcome's action id is below this; 0: no chance nodes
    perfect_information: bool = True  # False when an observation hides something

    def utility(self) -> str:
        """How the returns add up: "zero-sum" (always 0), "constant-sum" or "general-sum"."""
        return "zero-sum"

    def teams(self) -> list[list[int]] | None:
        """Optional: the players who win and lose together, as lists of
        player numbers (Phoenix's Team variant); None when each plays alone."""
        return None

    def player_names(self) -> list[str]:
        """A label per player, in player order, for reports."""
        return [f"player {p}" for p in range(self.num_players)]


class State:
    """A position and whose turn it is. Subclasses implement the abstract methods."""

    game: Game
    unfinished: bool = False  # True once the game is stopped by its length cap (see module doc)
    # legal_actions() of this position, kept until the next apply: a playout
    # asks for them to choose, then apply checks the choice against them.
    # Part of the contract: printkit.playout.choose and random_playout read it
    # when set, and a game that overrides legal_actions must keep the two the same.
    _legal_cache: list | None = None
    # No instance dict of its own: a game whose State lists __slots__ then has
    # none at all, and Python 3.11 calls its methods without looking in one.
    __slots__ = ()

    # ``key()``, where a game gives it: a hashable that two positions share
    # exactly when they are the same position (the board, the turn and how
    # far it has gone, who won), so that an agent may remember what it
    # worked out about a position it meets again. None: the game gives none.
    key = None

    # --- abstract ---------------------------------------------------------
    @property
    def current_player(self) -> int:
        raise NotImplementedError

    def legal_actions(self) -> list[int]:
        """The legal actions, worked out once per position (``_legal_actions``).

        The list is shared until the next ``apply``: read it, do not change it."""
        legal = self._legal_cache
        if legal is None:
            legal = self._legal_cache = self._legal_actions()
        return legal

    def _legal_actions(self) -> list[int]:
        """The legal actions of this position, sorted and unique; [] when terminal or at chance."""
        raise NotImplementedError

    def chance_outcomes(self) -> list[tuple[int, float]]:
        return []

    def _apply(self, action: int) -> None:
        """Apply an action already known to be legal."""
        raise NotImplementedError

    def returns(self) -> list[float]:
        raise NotImplementedError

    def action_to_string(self, action: int) -> str:
        raise NotImplementedError

    def to_json(self) -> dict:
        raise NotImplementedError

    def observation(self, player: int) -> dict:
        """What ``player`` may know. Perfect-information games show everything."""
        return self.to_json()

    def public_observation(self) -> dict:
        """What every player sees alike (the table, not anyone's hand). Games
        that hide something override it; it never shows more than any
        ``observation(player)``. Perfect-information games show everything."""
        if not self.game.perfect_information:
            raise NotImplementedError("a game that hides something says what is public")
        return self.to_json()

    def action_seen_by(self, player: int | None, action: int) -> str:
        """How ``action``, about to be applied by whoever is to move, looks to
        ``player`` (None: to an onlooker who sees only the table). The
        default is its notation; a game with hidden choices masks what the
        watcher cannot see."""
        return self.action_to_string(action)

    # --- optional hooks ---------------------------------------------------
    def turns_played(self) -> int | None:
        """Turns completed so far, for games whose turns span several actions; None if not counted."""
        return None

    def hidden_variant(self, player: int, rng) -> "State | None":
        """A state differing from this one only in what ``player`` cannot see (drawn with ``rng``).

        The no-leak test checks ``observation(player)`` is the same for both.
        None: nothing is hidden from ``player`` here (the default)."""
        return None

    def resample(self, player: int, rng) -> "State":
        """A state drawn at random, with ``rng``, from every state ``player``
        cannot tell from this one: how a searching agent plays without peeking.

        The draw depends only on what ``player`` sees and on ``rng``, never on
        the hidden truth. Games of perfect information return a copy (the
        default); games that hide something override it."""
        return self.clone()

    # --- shared -----------------------------------------------------------
    def is_terminal(self) -> bool:
        return self.current_player == TERMINAL

    def is_chance_node(self) -> bool:
        return self.current_player == CHANCE

    def next_actions(self) -> list[int]:
        """What may be applied now: the legal actions, or a chance node's outcomes."""
        if self.is_chance_node():
            return [a for a, _ in self.chance_outcomes()]
        return self.legal_actions()

    def _chance_actions(self):
        """The chance outcomes' actions (any container): what apply checks a draw against."""
        return [a for a, _ in self.chance_outcomes()]

    def apply(self, action: int) -> None:
        """Apply ``action`` in place; IllegalAction if it is not legal now.

        ``action`` may be any integral number (``action_number``); anything
        else is refused before the state is touched."""
        if type(action) is not int:
            action = action_number(action)
        legal = self._legal_cache
        # Legal actions already worked out and not empty: not a chance node
        # (the contract), so a playout's apply asks nothing more of the game.
        chance = not legal and self.is_chance_node()
        if chance:
            legal = self._chance_actions()  # any container: a set for a die
        elif legal is None:
            legal = self.legal_actions()
        if not chance:
            # Legal actions are sorted and unique (the contract): a binary
            # search, where a move list may hold over a hundred.
            at = bisect_left(legal, action)
            known = at < len(legal) and legal[at] == action
        else:  # a draw: looked up as the container looks it up (a set for a die)
            known = action in legal
        if not known:
            raise IllegalAction(f"action {action!r} is not legal in this position")
        self.apply_listed(action)

    def apply_listed(self, action: int) -> None:
        """Apply ``action`` taken from this position's own ``legal_actions()``
        or ``chance_outcomes()``, as a playout or a search does: legal by
        where it came from, so not checked again (as python-chess's ``push``
        trusts its caller). Anything else goes through ``apply``."""
        # Forgotten before _apply, which may work out the next position's actions itself.
        self._legal_cache = None
        self._apply(action)

    def clone(self) -> "State":
        # The game (and its spec) is shared, never copied.
        return copy.deepcopy(self, memo={id(self.game): self.game})

    def __deepcopy__(self, memo) -> "State":
        # OpenSpiel clones a Python state by deep-copying what it holds, this
        # state among it, at every step of a simulation or a search: a game's
        # own clone() is that copy, made without walking every list and
        # table of the position. A game without one is copied as deepcopy
        # copies any object (what clone() above relies on).
        if type(self).clone is State.clone:
            return copy._reconstruct(self, memo, *self.__reduce_ex__(4))
        memo[id(self)] = other = self.clone()
        return other

    def string_to_action(self, text: str) -> int:
        """The action whose notation is ``text``; IllegalAction if none is legal now."""
        wanted = text.strip()
        for action in self.next_actions():
            if self.action_to_string(action) == wanted:
                return action
        raise IllegalAction(f"'{wanted}' is not a legal move in this position")

    def __eq__(self, other) -> bool:
        return type(self) is type(other) and self.to_json() == other.to_json()

    def __str__(self) -> str:
        return json.dumps(self.to_json(), sort_keys=True)
