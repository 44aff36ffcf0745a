"""Playground's own apply (the die and a move taken without the shared
checks' extra calls) accepts and refuses exactly what the shared apply does."""

from __future__ import annotations

import random

from printkit import rules
from printkit.playout import choose
from printkit.rules import base


def outcome(state, action, apply):
    """The position after ``apply(state, action)``, or the refusal's type and message."""
    try:
        apply(state, action)
    except Exception as exc:  # noqa: BLE001 - the refusal itself is compared
        return (type(exc).__name__, str(exc))
    return state.to_json()


def test_apply_agrees_with_the_shared_apply_over_random_games():
    game = rules.load("playground")
    rng = random.Random(13)
    checked = 0
    for _ in range(3):
        state = game.initial_state()
        while not state.is_terminal():
            legal = set(state.next_actions())
            candidates = [*legal, -1, 0, 4, 5, 10, 11, 12, game.num_distinct_actions,
                          True, 5.0, None, "5", rng.randrange(game.num_distinct_actions)]
            for action in candidates:
                mine = outcome(state.clone(), action, type(state).apply)
                shared = outcome(state.clone(), action, base.State.apply)
                assert mine == shared, (state.to_json(), action)
                checked += 1
            state.apply(choose(state, rng))
    assert checked > 10_000
