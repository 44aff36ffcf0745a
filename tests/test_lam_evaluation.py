"""The search judges a Lam position from the position itself
(``evaluate_position``); it must give the very number the observation
gives (``evaluate``), or the balance ladder would play other games."""

from __future__ import annotations

import random

import pytest

from printkit import rules
from printkit.games.lam import evaluation


@pytest.mark.parametrize("variant", [None, "two-flag"])
def test_the_position_is_judged_exactly_as_its_observation_is(variant):
    game = rules.load("lam", **({"variant": variant} if variant else {}))
    rng = random.Random(f"same-judgement:{variant}")
    ends, captures = set(), 0
    for _ in range(6):
        state = game.initial_state()
        while True:
            for player in (0, 1):
                assert evaluation.evaluate_position(game, state, player) == evaluation.evaluate(
                    game, state.observation(player), player)
            if state.is_terminal():
                result = state.to_json()["result"]
                ends.add(result["outcome"])
                break
            captures += sum(map(sum, state.captured)) > 0
            actions = state.legal_actions() or [a for a, _ in state.chance_outcomes()]  # who starts
            state.apply(rng.choice(actions))
    # Positions with pieces taken, and games that ended, were judged.
    assert captures and ends
