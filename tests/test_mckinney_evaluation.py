"""McKinney's evaluation read straight from the position, for the search."""

import random
from pathlib import Path

import pytest

from printkit import rules
from printkit.games.mckinney import evaluation
from printkit.games.mckinney.turn import PHASES

EXAMPLES = Path(__file__).parent.parent / "specs" / "examples"


@pytest.mark.parametrize("layout", ["mckinney", str(EXAMPLES / "mckinney-lopsided.yaml"),
                                    str(EXAMPLES / "mckinney-variant.yaml")])
@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_position_is_judged_exactly_as_its_observation_is(layout, players):
    # The search judges every position it meets from the position itself;
    # it must give the very number the observation gives (the same sums in
    # the same order), for every player, in every stage of a turn, with a
    # Unit in transit, and after a Builder falls.
    game = rules.load(layout, players=players)
    rng = random.Random(f"same-judgement:{players}")
    met, fallen = set(), False
    for _ in range(8):
        state = game.initial_state()
        while True:
            met.add(PHASES[state.phase])
            fallen = fallen or 0 in state.shields
            for player in range(players):
                assert evaluation.evaluate_position(game, state, player) == evaluation.evaluate(
                    game, state.observation(player), player)
            if state.is_terminal():
                break
            state.apply(rng.choice(state.legal_actions()))
    assert met >= {"builder", "builder-move", "slider", "build", "units", "unit-move", "over"}
    assert fallen or players == 2
