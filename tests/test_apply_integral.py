"""State.apply through the Python API: OpenSpiel and numpy code pass numpy
integers, so any integral number is the action it stands for, in every
game; anything else (a float, even 0.0, a string, None, a yes or no) is
refused with IllegalAction and leaves the state as it was. The decision on
booleans: Python counts True as 1, but a yes or no is no action, as a spec's
and a position's integers are never true or false; so True and
numpy.True_ are refused alike, even where action 1 is legal."""

from __future__ import annotations

import json
import random
from decimal import Decimal
from fractions import Fraction

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from printkit import SPECS_DIR, rules
from printkit.rules.base import IllegalAction

GAMES = sorted(p.stem for p in SPECS_DIR.glob("*.yaml"))
NUMPY_INTEGERS = (np.int8, np.int16, np.int32, np.int64, np.uint8, np.uint16, np.uint32, np.uint64, np.intp)


class Index:
    """Any object that says which whole number it is (``__index__``), as sympy's Integer does."""

    def __init__(self, value: int):
        self.value = value

    def __index__(self) -> int:
        return self.value


def as_numpy(action: int, rng: random.Random):
    """``action`` as a numpy integer of a dtype that holds it, or an Index."""
    fitting = [t for t in NUMPY_INTEGERS if np.iinfo(t).min <= action <= np.iinfo(t).max]
    kind = rng.choice(fitting + [Index])
    return kind(action)


def positions(game_name: str, count: int = 8, seed: int = 3):
    """States along a seeded random game, each played with plain ints."""
    game = rules.load(game_name)
    rng = random.Random(seed)
    state, found = game.initial_state(), []
    for step in range(600):
        if state.is_terminal():
            break
        if step % 7 == 0:
            found.append(state.clone())
        state.apply(rng.choice(state.next_actions()))
    return found[:count] or [state]


@pytest.mark.parametrize("game_name", GAMES)
def test_numpy_integers_play_the_same_game_as_ints(game_name):
    """A seeded random game played twice, once with ints and once with the
    same actions as numpy integers (of every width that holds them): the
    positions are the same after every action, their JSON is plain JSON and
    reads back as the same position."""
    game = rules.load(game_name)
    rng = random.Random(7)
    played = 0
    while played < 60:  # a Lam game may end in a few moves: as many games as it takes
        plain, numpy_state = game.initial_state(), game.initial_state()
        while not plain.is_terminal() and played < 300:
            action = rng.choice(plain.next_actions())
            plain.apply(action)
            numpy_state.apply(as_numpy(action, rng))
            view = numpy_state.to_json()
            assert view == plain.to_json()
            text = json.dumps(view, sort_keys=True)  # no numpy value inside
            assert json.loads(text) == view
            assert game.state_from_json(json.loads(text)).to_json() == view
            played += 1


JUNK = st.one_of(
    st.floats(allow_nan=True, allow_infinity=True), st.text(max_size=5), st.none(), st.booleans(),
    st.sampled_from([np.True_, np.False_, np.float64(0.0), np.float32(1.0), 1 + 0j, Decimal(1), Fraction(2, 1),
                     [0], (1,), {0: 1}, {0}, b"1", "0", object()]),
    st.integers(max_value=-1), st.integers(min_value=2 ** 40),
)


@pytest.mark.parametrize("game_name", GAMES)
def test_anything_but_an_action_number_is_refused_and_changes_nothing(game_name):
    found = positions(game_name)

    @settings(max_examples=60, deadline=None, derandomize=True)
    @given(st.sampled_from(range(len(found))), JUNK)
    def check(which, junk):
        state = found[which].clone()
        before, legal = state.to_json(), list(state.next_actions())
        with pytest.raises(IllegalAction):
            state.apply(junk)
        assert state.to_json() == before
        assert list(state.next_actions()) == legal

    check()


@pytest.mark.parametrize("game_name", GAMES)
def test_a_float_equal_to_a_legal_action_is_refused(game_name):
    """Playground once took 0.0 for action 0 and stored the float."""
    for state in positions(game_name):
        action = state.next_actions()[0]
        for wrong in (float(action), np.float64(action), Decimal(action)):
            copy = state.clone()
            with pytest.raises(IllegalAction):
                copy.apply(wrong)
            assert copy.to_json() == state.to_json()


# Tiles' actions 0 and 1 name a place 64 tiles left of and below the first
# tile, never legal: its booleans are among the values refused above.
@pytest.mark.parametrize("game_name", [g for g in GAMES if g != "tiles"])
def test_a_boolean_is_refused_where_its_number_is_legal(game_name):
    """Where action 0 or 1 is legal, False or True is still no action; the
    number itself, as an int or a numpy integer, is."""
    seen = 0
    game = rules.load(game_name)
    rng = random.Random(5)
    for _ in range(4):
        state = game.initial_state()
        for _ in range(300):
            if state.is_terminal():
                break
            legal = state.next_actions()
            for number, flag in ((0, False), (1, True)):
                if number in legal:
                    seen += 1
                    for wrong in (flag, np.bool_(flag)):
                        copy = state.clone()
                        with pytest.raises(IllegalAction):
                            copy.apply(wrong)
                        assert copy.to_json() == state.to_json()
                    taken = state.clone()
                    taken.apply(np.int64(number))
                    expected = state.clone()
                    expected.apply(number)
                    assert taken.to_json() == expected.to_json()
            state.apply(rng.choice(legal))
    assert seen > 0


def test_an_integer_too_large_for_any_action_is_refused_not_overflowed():
    """Lam once raised OverflowError for a numpy integer past its tables."""
    for game_name in GAMES:
        state = rules.load(game_name).initial_state()
        for huge in (np.uint64(2 ** 64 - 1), np.int64(-2 ** 63), 10 ** 40):
            with pytest.raises(IllegalAction):
                state.apply(huge)
