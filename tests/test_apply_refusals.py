"""The shared apply finds an action by binary search in the sorted legal
list; it accepts and refuses exactly the whole numbers a plain membership
test does. (What is not a whole number is refused before any lookup:
tests/test_apply_integral.py.)"""

from __future__ import annotations

import random

import pytest

from printkit import rules
from printkit.playout import choose


def by_membership(state, action):
    """apply as a plain ``action in legal`` would decide it."""
    legal = state._chance_actions() if state.is_chance_node() else state.legal_actions()
    try:
        known = action in legal
    except TypeError:
        known = False
    if not known:
        raise rules.IllegalAction(f"action {action!r} is not legal in this position")
    state._legal_cache = None
    state._apply(action)


def outcome(state, action, apply):
    """The position after ``apply(state, action)``, or the refusal's type and message."""
    try:
        apply(state, action)
    except Exception as exc:  # noqa: BLE001 - the refusal itself is compared
        return (type(exc).__name__, str(exc))
    return state.to_json()


# McKinney and Tiles check their actions their own way.
@pytest.mark.parametrize("name, options", [("playground", {}), ("lam", {}), ("phoenix", {}),
                                           ("phoenix", {"players": 4, "variant": "team"})])
def test_apply_agrees_with_a_membership_test_over_random_games(name, options):
    game = rules.load(name, **options)
    assert type(game.initial_state()).apply is rules.State.apply
    rng = random.Random(13)
    checked = refused = 0
    for _ in range(6):
        state = game.initial_state()
        turns = 0
        while not state.is_terminal() and turns < 150:
            legal = set(state.next_actions())
            candidates = [*sorted(legal)[:6], -1, 0, 4, 5, 10, 11, 12, game.num_distinct_actions,
                          rng.randrange(game.num_distinct_actions)]
            for action in candidates:
                mine = outcome(state.clone(), action, type(state).apply)
                plain = outcome(state.clone(), action, by_membership)
                assert mine == plain, (state.to_json(), action)
                checked += 1
                refused += isinstance(mine, tuple)
            state.apply(choose(state, rng))
            turns += 1
    assert checked > 500 and 0 < refused < checked
