"""Lam keeps each piece's moves in tables of its cell, by what surrounds it
(Game.rock_moves_seen, clump_moves_seen, scissors_moves_seen), filled as
positions are met. Moves read from tables that many games filled are the
moves worked out afresh, with every table empty, at every position."""

from __future__ import annotations

import random

import pytest

from printkit import rules
from printkit.playout import choose

TABLES = ("rock_moves_seen", "clump_moves_seen", "scissors_moves_seen")


def forget(game) -> None:
    for name in TABLES:
        setattr(game, name, [{} for _ in range(game.cells)])


@pytest.mark.parametrize("variant", ["standard", "two-flag"])
def test_moves_from_the_tables_are_the_moves_worked_out_afresh(variant):
    kept, afresh = rules.load("lam", variant=variant), rules.load("lam", variant=variant)
    rng = random.Random(13)
    positions = 0
    for _ in range(80):
        state = kept.initial_state()
        while not state.is_terminal():
            if not state.is_chance_node():
                forget(afresh)
                assert afresh.state_from_json(state.to_json()).legal_actions() == state.legal_actions()
                positions += 1
            state.apply(choose(state, rng))
    assert positions > 500
    assert all(any(table) for name in TABLES for table in [getattr(kept, name)])
