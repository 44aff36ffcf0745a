"""printkit's games inside OpenSpiel: ``pip install 'printkit-games[openspiel]'``.

Importing this module registers every bundled game as an OpenSpiel Python
game named ``printkit_<id>``, with ``players`` and ``variant`` as
parameters; ``load(path)`` makes one from any spec file:

    import pyspiel
    import printkit.openspiel
    game = pyspiel.load_game("printkit_phoenix(players=4,variant=team)")
    game = printkit.openspiel.load("my-board.yaml", players=3)

Everything comes through the engine contract (``printkit.rules``) and what
each game declares about itself there: ``chance_bound``,
``perfect_information``, ``utility()``, ``num_distinct_actions`` and
``max_game_length``; the observation tensor from the game's optional
``tensor`` stage. Chance and terminal player ids are OpenSpiel's own (-1,
-4). A game stopped by its turn cap returns zeros, as the rules say; the
adapter's state says so in ``unfinished``, as the contract's state does.

Observations follow OpenSpiel's observation types: the public part is the
table (``public_observation``), the private part what the player's own view
(``observation``) adds to it; perfect recall adds the history as that view
saw it (``action_seen_by``: a hidden choice shows as a piece placed, a
face-hidden tile as its square). ``resample_from_infostate`` draws a state
the player cannot tell from this one (``State.resample``), so ISMCTS never
peeks, and the drawn state has the same information state for that player.
"""

from __future__ import annotations

import json
import random

import numpy as np
import pyspiel

from . import games, rules
from . import spec as specs

PREFIX = "printkit_"


def _players(loaded, variant: str | None) -> tuple[int, int]:
    counts = getattr(games.stage(loaded.game, "checks"), "player_counts", None)
    if counts is not None:
        allowed = counts(loaded, variant)
        return min(allowed), max(allowed)
    players = loaded.get("players") or {}
    return players.get("min", 2), players.get("max", 2)


def _game_type(short_name: str, loaded, engine, players: tuple[int, int]) -> pyspiel.GameType:
    utility = {"zero-sum": pyspiel.GameType.Utility.ZERO_SUM,
               "constant-sum": pyspiel.GameType.Utility.CONSTANT_SUM,
               "general-sum": pyspiel.GameType.Utility.GENERAL_SUM}[engine.utility()]
    tensor = games.optional_stage(loaded.game, "tensor") is not None
    return pyspiel.GameType(
        short_name=short_name,
        long_name=f"printkit: {loaded.get('title', loaded.id)}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=(pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC if engine.chance_bound
                     else pyspiel.GameType.ChanceMode.DETERMINISTIC),
        information=(pyspiel.GameType.Information.PERFECT_INFORMATION if engine.perfect_information
                     else pyspiel.GameType.Information.IMPERFECT_INFORMATION),
        utility=utility,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=players[1],
        min_num_players=players[0],
        provides_information_state_string=True,
        provides_information_state_tensor=False,
        provides_observation_string=True,
        provides_observation_tensor=tensor,
        parameter_specification={"players": engine.num_players, "variant": getattr(engine, "variant", "") or ""},
    )


class PrintkitGame(pyspiel.Game):
    """One printkit game (a spec, a player count, a variant) as an OpenSpiel game."""

    def __init__(self, params=None, *, spec_name: str | None = None, short_name: str | None = None):
        params = dict(params or {})
        self._spec_name = spec_name
        self._loaded = specs.load(spec_name)
        options = rules.game_options(params.get("players"), params.get("variant") or None)
        self.engine = games.stage(self._loaded.game, "rules").Game(self._loaded, **options)
        engine = self.engine
        low, high = engine.returns_bounds()
        info = pyspiel.GameInfo(
            num_distinct_actions=engine.num_distinct_actions,
            max_chance_outcomes=engine.chance_bound,
            num_players=engine.num_players,
            min_utility=float(low),
            max_utility=float(high),
            utility_sum=0.0 if engine.utility() == "zero-sum" else None,
            max_game_length=engine.max_game_length,
        )
        name = short_name or f"{PREFIX}{self._loaded.id}"
        game_type = _game_type(name, self._loaded, engine, _players(self._loaded, params.get("variant")))
        super().__init__(game_type, info, {"players": engine.num_players,
                                           "variant": getattr(engine, "variant", "") or ""})
        self._tensor = games.optional_stage(self._loaded.game, "tensor")

    def new_initial_state(self):
        return PrintkitState(self, self.engine.initial_state())

    def make_py_observer(self, iig_obs_type=None, params=None):
        return Observer(self, iig_obs_type)


class _Texts(list):
    """A list of strings whose deep copy is a plain copy: strings never
    change, and OpenSpiel deep-copies a state's history at every clone, so
    a long game would otherwise cost a call per action per step."""

    def __deepcopy__(self, memo) -> "_Texts":
        return _Texts(self)


class PrintkitState(pyspiel.State):
    """An OpenSpiel state around a contract state.

    It keeps the game's history as each player saw it (``State.action_seen_by``):
    every action in its public form, and for each player the entries where
    that player saw more (their own hidden choices), so an information state
    recalls exactly what its player has seen and done."""

    def __init__(self, game: PrintkitGame, inner):
        super().__init__(game)
        self.inner = inner
        self._full: list[str] = _Texts()  # every action as the rules write it
        self._public: list[str] = _Texts()  # every action as the table saw it
        self._seen: list[dict[int, str]] = [{} for _ in range(game.engine.num_players)]

    @property
    def unfinished(self) -> bool:
        """True when the game was stopped by its turn cap, not ended by the rules."""
        return bool(getattr(self.inner, "unfinished", False))

    def current_player(self) -> int:
        player = self.inner.current_player
        if player == rules.CHANCE:
            return pyspiel.PlayerId.CHANCE
        if player == rules.TERMINAL:
            return pyspiel.PlayerId.TERMINAL
        return player

    def _legal_actions(self, player):
        return self.inner.legal_actions()

    def chance_outcomes(self):
        return self.inner.chance_outcomes()

    def _apply_action(self, action):
        inner, index = self.inner, len(self._public)
        text = inner.action_to_string(action)
        self._full.append(text)
        if inner.game.perfect_information:  # everyone sees every action as written
            self._public.append(text)
        else:
            public = inner.action_seen_by(None, action)
            self._public.append(public)
            for player, seen in enumerate(self._seen):
                mine = inner.action_seen_by(player, action)
                if mine != public:
                    seen[index] = mine
        inner.apply(action)

    def history_seen_by(self, player: int | None) -> list[str]:
        """The actions so far as ``player`` saw them (None: as the table saw them)."""
        if player is None:
            return list(self._public)
        seen = self._seen[player]
        if not seen:  # nothing this player saw more of (every action of a game without hidden choices)
            return list(self._public)
        return [seen.get(i, text) for i, text in enumerate(self._public)]

    def _action_to_string(self, player, action):
        return self.inner.action_to_string(action)

    def is_terminal(self):
        return self.inner.is_terminal()

    def returns(self):
        return list(self.inner.returns()) if self.inner.is_terminal() else [0.0] * self.get_game().num_players()

    def resample_from_infostate(self, player_id, probability_sampler):
        """A state ``player_id`` cannot tell from this one, drawn through the sampler.

        The other players' private recall belonged to the true state, so in
        the drawn one they recall only what the table saw (their hidden
        choices are in their observation, as drawn)."""
        seed = int(probability_sampler() * 2**31) if callable(probability_sampler) else 0
        clone = self.clone()
        clone.inner = self.inner.resample(player_id, random.Random(seed))
        clone._seen = [dict(seen) if p == player_id else {}
                       for p, seen in enumerate(self._seen)]
        clone._full = clone.history_seen_by(player_id)
        return clone

    def __str__(self):
        return json.dumps(self.inner.to_json(), sort_keys=True)


class Observer:
    """OpenSpiel's PyObserver for every kind of observation it asks for.

    ``private_info`` chooses the view: NONE, what is on the table
    (``public_observation``); SINGLE_PLAYER, the player's own view
    (``observation``); ALL_PLAYERS, everything (``to_json``). Without
    ``public_info`` only what that view adds to the table is given. With
    ``perfect_recall`` the string is preceded by the history as the same
    view saw it."""

    def __init__(self, game: PrintkitGame, iig_obs_type=None):
        self.game = game
        kind = iig_obs_type or pyspiel.IIGObservationType(perfect_recall=False)
        self.public = kind.public_info
        self.perfect_recall = kind.perfect_recall
        self.private = kind.private_info
        module = game._tensor
        if module is not None:
            shapes = module.shape(game.engine)
            size = sum(int(np.prod(s)) for s in shapes.values())
            self.tensor = np.zeros(size, np.float32)
            self.dict, start = {}, 0
            for name, shape in shapes.items():
                count = int(np.prod(shape))
                self.dict[name] = self.tensor[start:start + count].reshape(shape)
                start += count
        else:
            self.tensor = np.zeros(0, np.float32)
            self.dict = {}

    def _view(self, inner, player: int) -> dict:
        if self.private == pyspiel.PrivateInfoType.NONE:
            return inner.public_observation()
        if self.private == pyspiel.PrivateInfoType.ALL_PLAYERS:
            return inner.to_json()
        return inner.observation(player)

    def _history(self, state: PrintkitState, player: int) -> list[str]:
        if self.private == pyspiel.PrivateInfoType.NONE:
            return state.history_seen_by(None)
        if self.private == pyspiel.PrivateInfoType.ALL_PLAYERS:
            return list(state._full)
        return state.history_seen_by(player)

    def set_from(self, state: PrintkitState, player: int) -> None:
        self.tensor.fill(0)
        if self.game._tensor is not None:
            self.game._tensor.fill(self.game.engine, self._view(state.inner, player), player, self.dict)

    def string_from(self, state: PrintkitState, player: int) -> str:
        view = self._view(state.inner, player)
        history = self._history(state, player) if self.perfect_recall else None
        if not self.public:
            view = _beyond(view, state.inner.public_observation())
            if history is not None:
                table = state.history_seen_by(None)
                history = [text for text, public in zip(history, table) if text != public]
        text = json.dumps(view, sort_keys=True)
        if history is None:
            return text
        return "history: " + "; ".join(history) + " | " + text


def _beyond(view, table):
    """What ``view`` shows beyond ``table`` (the same JSON shape): the values
    that differ, by their path; the private part of an observation."""
    found = {}

    def walk(a, b, path):
        if isinstance(a, dict) and isinstance(b, dict) and a.keys() == b.keys():
            for key in a:
                walk(a[key], b[key], f"{path}/{key}")
        elif isinstance(a, list) and isinstance(b, list) and len(a) == len(b):
            for i, (x, y) in enumerate(zip(a, b)):
                walk(x, y, f"{path}/{i}")
        elif a != b:
            found[path or "/"] = a

    walk(view, table, "")
    return found


_REGISTERED: dict[str, str] = {}  # OpenSpiel short name -> the spec it plays


def load(spec_path: str, players: int | None = None, variant: str | None = None) -> PrintkitGame:
    """The OpenSpiel game of any spec file (or bundled id). A spec file is
    registered under ``printkit_<its id>`` (a suffix when that name is taken),
    so ``pyspiel.load_game`` and deserialisation find it in this process."""
    params = {k: v for k, v in (("players", players), ("variant", variant)) if v is not None}
    name = _register_spec(spec_path)
    return pyspiel.load_game(name, params)


def _register_spec(spec_name: str, name: str | None = None) -> str:
    loaded = specs.load(spec_name)
    where = str(loaded.path.resolve())
    for known, path in _REGISTERED.items():
        if path == where:
            return known
    base = name or f"{PREFIX}{loaded.id.replace('-', '_')}"
    name, k = base, 1
    while name in _REGISTERED:
        k += 1
        name = f"{base}_{k}"
    engine = games.stage(loaded.game, "rules").Game(loaded)

    class Registered(PrintkitGame):
        _spec, _name = where, name

        def __init__(self, params=None):
            super().__init__(params, spec_name=self._spec, short_name=self._name)

    Registered.__name__ = Registered.__qualname__ = f"PrintkitGame_{name[len(PREFIX):]}"
    globals()[Registered.__name__] = Registered  # found by name, so a game pickles
    pyspiel.register_game(_game_type(name, loaded, engine, _players(loaded, None)), Registered)
    _REGISTERED[name] = where
    return name


def _register() -> None:
    for game_id in specs.bundled_games():
        _register_spec(game_id, f"{PREFIX}{game_id}")


_register()
