"""printkit.playout.choose draws a legal action exactly as random.Random.choice would.

choose reproduces Random.choice's draw without its calls (playouts choose
once per action); seeded playouts, golden files and reports depend on the
two agreeing."""

import random
from itertools import accumulate

import pytest
from hypothesis import given, strategies as st

from printkit.playout import choose


class _Position:
    """Just enough of a State for choose: fixed legal actions, or with
    ``outcomes`` (action, probability) a chance node, which has none."""

    def __init__(self, legal, outcomes=None):
        self.legal, self.outcomes = legal, outcomes

    def is_chance_node(self):
        return self.outcomes is not None

    def legal_actions(self):
        return self.legal

    def chance_outcomes(self):
        return list(self.outcomes)


def test_choose_draws_as_random_choice():
    for seed in range(40):
        ours, theirs = random.Random(seed), random.Random(seed)
        for n in list(range(1, 70)) + [127, 128, 129, 1000, 4097]:
            legal = list(range(3, 3 + n))
            assert choose(_Position(legal), ours) == theirs.choice(legal)
            assert choose(_Position([]), ours, legal) == theirs.choice(legal)
        assert ours.random() == theirs.random()  # the generators are still in step


def test_choose_with_another_generator_uses_its_choice():
    class Fixed(random.Random):
        def choice(self, seq):
            return seq[-1]

    assert choose(_Position([1, 2, 3]), Fixed(0)) == 3


def test_choose_reads_the_legal_actions_a_state_keeps_and_asks_otherwise():
    # A State keeps legal_actions() once worked out (rules.base.State._legal_cache);
    # choose reads that list without a call, and asks a State that keeps none.
    from printkit.rules.base import State

    class Kept(State):
        asked = 0

        def _legal_actions(self):
            Kept.asked += 1
            return [4, 5, 6, 7, 8]

    state = Kept()
    assert choose(state, random.Random(1)) == random.Random(1).choice([4, 5, 6, 7, 8])
    assert Kept.asked == 1  # worked out once, then kept
    state._legal_cache = [9]
    assert choose(state, random.Random(1)) == 9 and Kept.asked == 1
    assert choose(_Position([1, 2]), random.Random(1)) == random.Random(1).choice([1, 2])  # no list kept: asked


def test_choose_from_nothing_is_an_error_as_random_choice():
    with pytest.raises(IndexError):
        choose(_Position([]), random.Random(0))


def _first_past_the_draw(outcomes, pick):
    """The draw as a running total reads it: the first outcome whose total of
    probabilities so far (added up from 0.0) exceeds ``pick``, else the last."""
    totals = accumulate((probability for _, probability in outcomes), initial=0.0)
    past = [i for i, total in enumerate(totals) if pick < total]
    return outcomes[past[0] - 1 if past else -1][0]


@given(st.lists(st.floats(min_value=0.0, max_value=1.0), min_size=1, max_size=12), st.integers(0, 2 ** 32))
def test_a_chance_outcome_is_the_first_whose_running_total_exceeds_the_draw(weights, seed):
    # Probabilities as the games give them (a die's sixths, thirds, halves) and
    # arbitrary ones, summing to about 1 or not: the draw never depends on how
    # choose adds them up.
    total = sum(weights) or 1.0
    for probabilities in (weights, [w / total for w in weights], [1 / len(weights)] * len(weights)):
        outcomes = [(10 + i, p) for i, p in enumerate(probabilities)]
        ours, theirs = random.Random(seed), random.Random(seed)
        for _ in range(20):
            assert choose(_Position([], outcomes), ours) == _first_past_the_draw(outcomes, theirs.random())


@pytest.mark.parametrize("name, options", [("mckinney", {"players": 2}), ("phoenix", {"players": 4, "variant": "team"}),
                                           ("playground", {}), ("tiles", {})])
def test_a_playout_plays_the_actions_choose_draws(name, options):
    # random_playout writes choose's draw out (a call per action is a
    # twentieth of a McKinney turn): the same actions, so the same games,
    # chance draws included (Playground's die, Tiles' bag).
    from printkit import rules
    from printkit.playout import game_rng, random_playout

    game = rules.load(name, **options)
    for index in range(4):
        played = random_playout(game, 11, index)
        state, rng, actions = game.initial_state(), game_rng(11, index), []
        while not state.is_terminal():
            actions.append(choose(state, rng))
            state.apply(actions[-1])
        assert played.error is None
        assert (played.length, played.turns, played.returns) == \
            (len(actions), state.turns_played(), tuple(state.returns()))
        assert rng.random() == _rng_after(game, index)  # as many draws on both sides


def _rng_after(game, index):
    """The next draw of game ``index``'s generator after random_playout has played it."""
    from printkit import playout

    drawn = []
    real = playout.game_rng

    def keep(seed, i):
        drawn.append(real(seed, i))
        return drawn[-1]

    playout.game_rng = keep
    try:
        playout.random_playout(game, 11, index)
    finally:
        playout.game_rng = real
    return drawn[0].random()
