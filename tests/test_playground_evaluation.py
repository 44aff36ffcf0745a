"""Playground's evaluation for the balance agents: the race into a base.

"However, you may only enter the base if you roll the proper number on the
die to move the correct amount of spaces." So a side's chance each turn is
the share of the six faces that carry one of its free pieces in exactly."""

from __future__ import annotations

import functools
import math
import random

import pytest

from printkit import rules
from printkit.balance.agents import GreedyAgent, Judge, draw_chance
from printkit.games.playground import evaluation

GAME = rules.load("playground")  # 10 x 8; bases behind e and f of rows 1 and 8


def square(name):
    return GAME.square(ord(name[0]) - ord("a"), int(name[1:]) - 1)


def rolls(free, occupied=(), attacker=0):
    taken = sum(1 << square(s) for s in (*free, *occupied))
    return evaluation.entry_rolls(GAME, taken, [square(s) for s in free], attacker)


def test_the_rolls_that_enter_are_the_fewest_steps_exactly():
    assert rolls(["e8"]) == {1}
    assert rolls(["e7", "f5"]) == {2, 4}
    assert rolls(["a8"]) == {5}  # a8 b8 c8 d8 e8, then in
    assert rolls(["e1"]) == set()  # eight steps: no single roll
    assert rolls(["e7"], occupied=["e8"]) == {3}  # around: f7, f8, in
    assert rolls(["e7"], occupied=["e8", "f8"]) == set()  # both doors shut
    assert rolls(["e2"], attacker=1) == {2}  # Red's way in, behind row 1


def test_who_gets_in_first():
    assert evaluation.first_in(0, 0) == 0.5
    assert evaluation.first_in(0, 0.5) == 0
    assert evaluation.first_in(1, 1) == 1
    assert evaluation.first_in(1 / 6, 1 / 6) == pytest.approx(6 / 11)


def view(to_move, blue, red, phase="roll", roll=None):
    pieces = [{"owner": "Blue", "type": None, "at": at, "revealed": False} for at in blue]
    pieces += [{"owner": "Red", "type": None, "at": at, "revealed": False} for at in red]
    return {"game": "playground", "players": ["Blue", "Red"], "phase": phase, "to_move": to_move,
            "turn": 9, "roll": roll, "pieces": pieces, "pending": None, "result": None}


def test_a_piece_in_reach_is_worth_more_to_the_side_that_rolls_next():
    blue, red = ["e7", "a1"], ["e2", "j8"]  # each side has a piece 2 steps from the other's base
    rolling = evaluation.evaluate(GAME, view("Blue", blue, red), 0)
    waiting = evaluation.evaluate(GAME, view("Red", blue, red), 0)
    # Each gets in with 1 in 6 a turn: the side rolling next first with 6 in 11.
    assert rolling == pytest.approx(evaluation.ENTRY * (2 * 6 / 11 - 1))
    assert waiting == pytest.approx(-rolling)
    # The die is cast: a 2 carries Blue's piece in, a 3 leaves Red the next chance.
    assert evaluation.evaluate(GAME, view("Blue", blue, red, "move", 2), 0) == pytest.approx(evaluation.ENTRY)
    assert evaluation.evaluate(GAME, view("Blue", blue, red, "move", 3), 0) == pytest.approx(-evaluation.ENTRY)
    # Red reads the same position from the other side.
    assert evaluation.evaluate(GAME, view("Blue", blue, red), 1) == pytest.approx(-rolling)
    # Nobody in reach: pieces and rows decide.
    assert evaluation.evaluate(GAME, view("Blue", ["e3"], ["e8", "a8"]), 0) == pytest.approx(
        (1 - evaluation.ENTRY) * math.tanh((-0.5 + 0.3 * (7 - 5)) / 4))


def _greedy_game(index: int, entry_for_first: float, entry_for_second: float) -> float:
    """1 if the seat with the first evaluation wins, 0.5 a draw; seats alternate by index."""
    judges = []
    for entry in (entry_for_first, entry_for_second):
        judge = Judge(GAME)
        judge.evaluate_position = functools.partial(evaluation.evaluate_position, entry=entry)
        judges.append(GreedyAgent(judge))
    seats = judges if index % 2 == 0 else judges[::-1]
    rng = random.Random(f"entry-race:{index}")
    state = GAME.initial_state()
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply(draw_chance(state, rng))
        else:
            state.apply(seats[state.current_player].choose(state, rng))
    returns = state.returns()
    first_seat = index % 2
    if returns[0] == returns[1]:
        return 0.5
    return 1.0 if returns[first_seat] > returns[1 - first_seat] else 0.0


def test_greedy_play_that_counts_the_entry_race_beats_pieces_and_rows_alone():
    from printkit.balance.metrics import wilson

    scores = [_greedy_game(i, evaluation.ENTRY, 0.0) for i in range(60)]
    low, _ = wilson(round(sum(scores)), len(scores))
    assert low > 0.5, sum(scores)


def test_the_position_is_judged_as_its_observation_is():
    # The search reads the position's public part directly; it must give
    # exactly what the observation gives, in every phase, for both sides.
    rng = random.Random("same-judgement")
    met = set()
    for index in range(12):
        state = GAME.initial_state()
        while True:
            met.add(state.phase)
            for player in (0, 1):
                assert evaluation.evaluate_position(GAME, state, player) == pytest.approx(
                    evaluation.evaluate(GAME, state.observation(player), player), abs=1e-12)
            if state.is_terminal():
                break
            state.apply(draw_chance(state, rng) if state.is_chance_node() else rng.choice(state.legal_actions()))
    assert met >= {"setup", "first", "roll", "move", "over"}


def test_the_position_is_judged_on_what_the_player_may_see():
    # Two positions that differ only in the other side's hidden types are
    # judged alike: the shortcut never reads a type.
    rng = random.Random("unseen")
    state = GAME.initial_state()
    for _ in range(60):
        state.apply(draw_chance(state, rng) if state.is_chance_node() else rng.choice(state.legal_actions()))
    other = state.hidden_variant(0, rng)
    assert other is not None and other.kinds != state.kinds
    assert evaluation.evaluate_position(GAME, other, 0) == evaluation.evaluate_position(GAME, state, 0)
