"""printkit.playout.choose draws a legal action exactly as random.Random.choice would.

choose reproduces Random.choice's draw without its calls (playouts choose
once per action); seeded playouts, golden files and reports depend on the
two agreeing."""

import random

import pytest

from printkit.playout import choose


class _Position:
    """Just enough of a State for choose: no chance node, fixed legal actions."""

    def __init__(self, legal):
        self.legal = legal

    def is_chance_node(self):
        return False

    def legal_actions(self):
        return self.legal


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


def test_choose_from_nothing_is_an_error_as_random_choice():
    with pytest.raises(IndexError):
        choose(_Position([]), random.Random(0))
