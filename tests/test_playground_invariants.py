"""Playground: what a State keeps up to date as pieces move (the squares of
each side's free pieces, the stalemates, the occupied squares) always agrees
with the board, along random games and their clones."""

from __future__ import annotations

import copy
import random

from printkit import rules
from printkit.playout import choose


def indexes(state) -> tuple:
    keys = [sorted(state.free_keys[p]) for p in (0, 1)]
    return state.free_at, state.free_mask, keys, state.stalemates, state.occupied


def from_board(game, state) -> tuple:
    """The same indexes worked out from the board alone, square by square."""
    free_at, stalemates = [[], []], []
    for square in sorted(state.board):
        ids = state.board[square]
        if len(ids) == 1:
            free_at[state.owners[ids[0]]].append(square)
        else:
            stalemates.append(square)
    masks = [sum(1 << s for s in squares) for squares in free_at]
    keys = [[game.squares + s for s in squares] for squares in free_at]
    return free_at, masks, keys, stalemates, sum(1 << s for s in state.board)


def test_the_kept_indexes_follow_the_board():
    game = rules.load("playground")
    for seed in range(6):
        rng = random.Random(seed)
        state = game.initial_state()
        while not state.is_terminal():
            assert indexes(state) == from_board(game, state)
            if rng.random() < 0.05:
                state = state.clone()  # a clone keeps its own copies
            state.apply(choose(state, rng))
        assert indexes(state) == from_board(game, state)


def test_a_clone_leaves_the_original_indexes_alone():
    game = rules.load("playground")
    rng = random.Random(3)
    state = game.initial_state()
    while state.turns_played() < 20:
        state.apply(choose(state, rng))
    before = copy.deepcopy(indexes(state))
    other = state.clone()
    while not other.is_terminal():
        other.apply(choose(other, rng))
    assert indexes(state) == before
    assert indexes(state) == from_board(game, state)
