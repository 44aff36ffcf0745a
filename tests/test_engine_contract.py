"""The engine contract (design/engine.md), checked for every configuration in engine_configs.

Random playouts with every step checked, hidden information, golden
playthroughs (the shortest game, and a late game that shows the rules
engine_configs.LATE declares for the configuration) and perft counts.
Regenerate the data files with ``python scripts/regen_golden.py`` after a
deliberate rules change.
"""

from __future__ import annotations

import json
import math
import random
from pathlib import Path

import pytest

from engine_configs import CONFIGS, ENDS, LATE, config_id, first_events, load
from printkit.playout import choose, divide, perft
from printkit.rules import CHANCE, TERMINAL, IllegalAction

HERE = Path(__file__).resolve().parent
IDS = [config_id(game, options) for game, options in CONFIGS]
PLAYOUT_SEEDS = (11, 12)  # full games from the initial state
RESTARTS = 3  # positions along the first playout, restored from JSON and played out again
HIDDEN_SAMPLES = 40  # positions per playout given to the hidden-information hook


@pytest.fixture(scope="module", params=CONFIGS, ids=IDS)
def config(request):
    game, options = request.param
    return game, options, load(game, options)


def check_step(game, state, full: bool) -> list:
    """Every contract property of one state; returns the actions to choose from."""
    n = game.num_players
    player = state.current_player
    assert player in (CHANCE, TERMINAL) or 0 <= player < n, player
    legal = state.legal_actions()
    assert all(isinstance(a, int) for a in legal)
    assert legal == sorted(set(legal)), "legal actions must be sorted and unique"
    if game.num_distinct_actions:
        assert all(0 <= a < game.num_distinct_actions for a in legal)
    if state.is_terminal():
        assert legal == [] and state.chance_outcomes() == []
        returns = state.returns()
        lo, hi = game.returns_bounds()
        assert len(returns) == n and all(lo <= r <= hi for r in returns)
        if state.unfinished:
            assert returns == [0.0] * n, "an unfinished game is never a win"
        return []
    if state.is_chance_node():
        assert legal == []
        outcomes = state.chance_outcomes()
        actions = [a for a, _ in outcomes]
        assert actions == sorted(set(actions))
        assert all(p > 0 for _, p in outcomes)
        assert math.isclose(sum(p for _, p in outcomes), 1.0, abs_tol=1e-9)
        choices = actions
    else:
        assert legal, "a state that is not terminal has a move"
        choices = legal
    if full:
        # The position as JSON, read once: cloning and restoring a copy must leave
        # the state alone, so each copy is compared with it (and the state with
        # its text again below).
        position = state.to_json()
        text = json.dumps(position, sort_keys=True)
        copy = state.clone()
        assert copy == state and copy.to_json() == position
        back = game.state_from_json(json.loads(json.dumps(position)))
        assert back == state and back.to_json() == position
        assert back.legal_actions() == legal and back.current_player == player
        for p in range(n):
            json.dumps(state.observation(p))
        for action in choices:
            notation = state.action_to_string(action)
            assert state.string_to_action(notation) == action, notation
        # Playing on a clone leaves the original alone.
        copy.apply(choices[-1])
        assert json.dumps(state.to_json(), sort_keys=True) == text
        # An action that is not legal is refused and changes nothing.
        bad = max(choices) + 1 if max(choices) + 1 not in choices else -1
        with pytest.raises(IllegalAction):
            state.apply(bad)
        assert json.dumps(state.to_json(), sort_keys=True) == text
    return choices


def playout(game, state, rng, full_every: int = 1, limit: int | None = None):
    """Play randomly to the end, checking every step; returns the positions seen (as JSON)."""
    seen = []
    length = decisions = 0
    while True:
        choices = check_step(game, state, full=(length % full_every == 0))
        if not choices:
            break
        seen.append(state.to_json())
        decisions += not state.is_chance_node()
        state.apply(choose(state, rng, choices if not state.is_chance_node() else None))
        length += 1
        assert decisions <= game.max_game_length, "more decisions than the game's declared maximum"
        if limit and length >= limit:
            break
    return seen


def test_random_playouts(config):
    game_id, options, game = config
    for seed in PLAYOUT_SEEDS:
        rng = random.Random(seed)
        positions = playout(game, game.initial_state(), rng, full_every=1 if seed == PLAYOUT_SEEDS[0] else 7)
        assert positions
        if seed == PLAYOUT_SEEDS[0]:
            for k in range(1, RESTARTS + 1):
                start = game.state_from_json(positions[k * len(positions) // (RESTARTS + 1)])
                playout(game, start, random.Random(seed * 100 + k), full_every=5)


def test_hidden_information_does_not_leak(config):
    game_id, options, game = config
    rng = random.Random(5)
    state = game.initial_state()
    tried = 0
    positions = playout(game, state.clone(), random.Random(21), full_every=10 ** 9)
    for obj in positions[:: max(1, len(positions) // HIDDEN_SAMPLES)]:
        state = game.state_from_json(obj)
        for p in range(game.num_players):
            other = state.hidden_variant(p, rng)
            if other is None:
                continue
            tried += 1
            assert other.observation(p) == state.observation(p), \
                f"player {p}'s observation changed with only hidden information"
            assert other.public_observation() == state.public_observation(), \
                "the table's view changed with only hidden information"
        if not game.perfect_information:
            public = state.public_observation()
            assert public == _common(state.observation(p) for p in range(game.num_players)), \
                "the table's view must be what every player sees alike"
    if not tried:
        # Perfect information: then every player must see the whole position.
        for obj in positions[:: max(1, len(positions) // HIDDEN_SAMPLES)]:
            state = game.state_from_json(obj)
            assert state.public_observation() == state.to_json()
            for p in range(game.num_players):
                assert state.observation(p) == state.to_json(), \
                    f"{game.name} hides nothing, yet player {p}'s observation is not the whole position"


def _common(views):
    """The JSON the views share: a value any two disagree on becomes null."""
    views = list(views)
    first = views[0]
    if all(isinstance(v, dict) and v.keys() == first.keys() for v in views):
        return {k: _common(v[k] for v in views) for k in first}
    if all(isinstance(v, list) and len(v) == len(first) for v in views):
        return [_common(v[i] for v in views) for i in range(len(first))]
    return first if all(v == first for v in views) else None


def test_max_game_length_bounds_every_turn(config):
    """``max_game_length`` counts decisions as OpenSpiel does, turn cap times the
    most decisions one turn can take (Playground adds its set-up); no turn of a
    random game takes more than that share."""
    game_id, options, game = config
    if game_id in ("tiles", "playground") or not hasattr(game, "max_turns"):
        pytest.skip("not a turn cap times a turn's decisions")
    per_turn = game.max_game_length // game.max_turns
    assert per_turn * game.max_turns == game.max_game_length
    for seed in range(6):
        rng, state = random.Random(seed), game.initial_state()
        turn, count = state.turns_played(), 0
        while not state.is_terminal():
            count += not state.is_chance_node()
            state.apply(choose(state, rng))
            if state.turns_played() != turn:
                assert count <= per_turn, f"a turn took {count} decisions, more than {per_turn}"
                turn, count = state.turns_played(), 0


def _data(kind: str, cid: str) -> dict:
    path = HERE / kind / f"{cid}.json"
    if not path.exists():
        pytest.fail(f"{path} is missing: run python scripts/regen_golden.py")
    return json.loads(path.read_text(encoding="utf-8"))


def first_difference(expected, got, path: str = "") -> str:
    """Where two JSON values first differ, as ``key.key[index]: expected ..., got ...``."""
    if isinstance(expected, dict) and isinstance(got, dict):
        for key in sorted(set(expected) | set(got), key=str):
            where = f"{path}.{key}" if path else str(key)
            if key not in got:
                return f"{where}: missing (expected {expected[key]!r:.80})"
            if key not in expected:
                return f"{where}: not expected (got {got[key]!r:.80})"
            if expected[key] != got[key]:
                return first_difference(expected[key], got[key], where)
    elif isinstance(expected, list) and isinstance(got, list):
        for index, (e, g) in enumerate(zip(expected, got)):
            if e != g:
                return first_difference(e, g, f"{path}[{index}]")
        if len(expected) != len(got):
            return f"{path}: {len(expected)} items expected, got {len(got)}"
    return f"{path or 'the position'}: expected {expected!r:.80}, got {got!r:.80}"


def replay(game, data: dict, what: str):
    """Play a recorded game move by move, comparing each recorded position;
    returns the final state and every (move, position) seen."""
    state = game.initial_state()
    if state.to_json() != data["initial"]:
        pytest.fail(f"{what}: the initial position differs at {first_difference(data['initial'], state.to_json())}")
    seen = []
    for number, step in enumerate(data["steps"], 1):
        try:
            action = state.string_to_action(step["move"])
        except IllegalAction as exc:
            refused = str(exc)
        else:
            refused = None
        if refused is not None:
            pytest.fail(f"{what}: move {number} '{step['move']}' is not legal: {refused}")
        state.apply(action)
        now = state.to_json()
        if "position" in step and now != step["position"]:
            pytest.fail(f"{what}: the position after move {number} '{step['move']}' differs at "
                        f"{first_difference(step['position'], now)}")
        seen.append((step["move"], now))
    assert state.is_terminal() == data["terminal"], f"{what}: whether the game is over differs"
    if data["terminal"]:
        assert state.returns() == data["returns"], f"{what}: the returns differ"
    return state, seen


def test_golden_playthrough(config):
    game_id, options, game = config
    data = _data("golden", config_id(game_id, options))
    replay(game, data, "golden game")


def test_late_golden_playthrough(config):
    """The late golden game still plays as recorded and still shows what it was chosen for."""
    game_id, options, game = config
    cid = config_id(game_id, options)
    if cid not in LATE:
        assert not (HERE / "golden" / "late" / f"{cid}.json").exists(), \
            f"{cid} declares no late golden game in engine_configs.LATE, yet has a file"
        pytest.skip(f"{cid} declares no late golden game")
    wanted = LATE[cid]
    data = _data("golden/late", cid)
    assert data["covers"] == wanted, \
        "engine_configs.LATE asks for another late game than the one recorded: run python scripts/regen_golden.py"
    assert "position" in data["steps"][-1], "the final position is always recorded"
    state, seen = replay(game, data, "late golden game")
    assert ENDS[wanted["end"]][1](state), f"the late golden game no longer ends as declared ({wanted['end']})"
    assert state.unfinished == data["unfinished"]
    found = first_events(game.name, wanted["events"], data["initial"], seen)
    assert found == data["events"], f"events at move: expected {data['events']}, got {found}"


def test_perft_counts(config):
    game_id, options, game = config
    data = _data("perft", config_id(game_id, options))
    wrong = []
    for entry in data["positions"]:
        state = game.state_from_json(entry["position"])
        counts = [perft(state, depth) for depth in range(1, len(entry["counts"]) + 1)]
        if counts != entry["counts"]:
            wrong.append(f"{entry['name']}: expected {entry['counts']}, got {counts}; "
                         f"per first move at depth {len(counts)}:")
            now = divide(state, len(counts))
            for move in sorted(set(now) | set(entry["divide"])):
                if now.get(move) != entry["divide"].get(move):
                    wrong.append(f"  {move}: expected {entry['divide'].get(move)}, got {now.get(move)}")
    assert not wrong, "perft counts differ:\n" + "\n".join(wrong)


def test_apply_listed_plays_as_apply(config):
    # apply_listed is apply without the check, for an action taken from the
    # position's own lists (playouts and searches play that way): it must leave
    # every position exactly as apply does, whether legal_actions() was asked
    # first (a playout) or not (a clone a search has just made).
    game_id, options, game = config
    rng = random.Random(5)
    state = game.initial_state()
    while not state.is_terminal():
        choices = state.legal_actions() or [a for a, _ in state.chance_outcomes()]
        for k, action in enumerate(rng.sample(choices, min(2, len(choices)))):
            checked, listed = state.clone(), state.clone()
            if k == 0:
                listed.legal_actions()
            checked.apply(action)
            listed.apply_listed(action)
            assert listed.to_json() == checked.to_json(), state.action_to_string(action)
            assert listed.current_player == checked.current_player
            assert listed.legal_actions() == checked.legal_actions()
            assert listed.chance_outcomes() == checked.chance_outcomes()
        state.apply_listed(rng.choice(choices))
