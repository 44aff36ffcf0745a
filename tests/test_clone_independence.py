"""A clone is a position of its own: playing on it never changes the original.

The engines keep tables, caches and incremental state (legal actions until
apply, frontiers, piece lists); a clone that shared any of them by mistake
would leak moves back into the position it was copied from. For every
configuration in engine_configs: reach a random position, ask it for its
legal actions (so any cache is filled), clone it, play random actions on the
clone, and the original's JSON and legal actions are what they were; the
same the other way round.
"""

from __future__ import annotations

import json
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine_configs import CONFIGS, config_id, load
from printkit.playout import choose

IDS = [config_id(game, options) for game, options in CONFIGS]


@pytest.fixture(scope="module", params=CONFIGS, ids=IDS)
def game(request):
    name, options = request.param
    return load(name, options)


def play(state, rng: random.Random, actions: int) -> None:
    """Up to ``actions`` random actions (chance drawn by its probabilities),
    fewer if the game ends: every other one played as playouts and searches
    play them (``apply_listed``), the rest through ``apply``."""
    for k in range(actions):
        if state.is_terminal():
            return
        action = choose(state, rng)
        (state.apply_listed if k % 2 else state.apply)(action)


def played(game, seed: int, before: int):
    """(the generator, a position ``before`` random actions in, its legal actions worked out)."""
    rng = random.Random(seed)
    state = game.initial_state()
    play(state, rng, before)
    state.legal_actions()
    return rng, state


def snapshot(state) -> tuple[str, list]:
    """The position's JSON, as text, and what may be done next."""
    return json.dumps(state.to_json(), sort_keys=True), list(state.next_actions())


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 2 ** 32 - 1), before=st.integers(0, 80), after=st.integers(1, 40))
def test_playing_on_a_clone_leaves_the_original_unchanged(game, seed, before, after):
    rng, original = played(game, seed, before)
    expected = snapshot(original)
    copy = original.clone()
    assert snapshot(copy) == expected
    play(copy, rng, after)
    assert snapshot(original) == expected
    # The original plays on as if the clone had never been made.
    again = game.state_from_json(json.loads(expected[0]))
    play_rng, replay_rng = random.Random(seed + 1), random.Random(seed + 1)
    play(original, play_rng, after)
    play(again, replay_rng, after)
    assert snapshot(original) == snapshot(again)


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 2 ** 32 - 1), before=st.integers(0, 80), after=st.integers(1, 40))
def test_playing_on_the_original_leaves_a_clone_unchanged(game, seed, before, after):
    rng, original = played(game, seed, before)
    copy = original.clone()
    copy.legal_actions()
    expected = snapshot(copy)
    play(original, rng, after)
    assert snapshot(copy) == expected
