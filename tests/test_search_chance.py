"""The search's chance nodes: a die is covered evenly, and a node's value
weighs each outcome by its probability, not by how often it was met."""

from __future__ import annotations

import random

import pytest

from printkit import rules
from printkit.balance.agents import Judge, MCTSAgent, _Node, draw_chance, make


def _at_a_roll(seed: int = 0):
    """A Playground position where the die is about to be cast."""
    game = rules.load("playground")
    rng = random.Random(seed)
    state = game.initial_state()
    while not (state.is_chance_node() and state.phase == "roll" and state.turns_played() >= 4):
        state.apply(draw_chance(state, rng) if state.is_chance_node() else rng.choice(state.legal_actions()))
    return game, state


def test_six_visits_meet_all_six_faces_of_the_die():
    game, state = _at_a_roll()
    node, rng = _Node(), random.Random(1)
    faces = []
    for _ in range(12):
        face = MCTSAgent._outcome(node, state, rng)
        node.outcomes[face][0] += 1  # the visit, as the search counts it
        faces.append(face)
    assert sorted(faces[:6]) == sorted(a for a, _ in state.chance_outcomes())
    assert sorted(faces[6:]) == sorted(faces[:6])


def test_a_node_weighs_each_outcome_by_its_probability():
    node = _Node()
    # One visit valued 0.2 before any chance; then one face met three times
    # (each a win) and another once (a loss), each face 1 in 6.
    node.visits, node.value = 5, 0.2 + 3.0 - 1.0
    node.outcomes = {1: [3, 3.0, 1 / 6], 2: [1, -1.0, 1 / 6]}
    # The two faces met are equally likely: together they are worth 0, over four visits.
    assert node.mean() == pytest.approx((0.2 + 4 * 0.0) / 5)
    plain = _Node()
    plain.visits, plain.value = 4, 2.0
    assert plain.mean() == 0.5


def test_the_greedy_rollout_plays_the_strongest_reply():
    game, state = _at_a_roll(3)
    state.apply(state.chance_outcomes()[0][0])  # the mover rolled a 1
    judge = Judge(game)
    agent = MCTSAgent(judge, depth=1, rollout="greedy")
    mover = state.current_player
    values = {}
    for action in state.legal_actions():
        after = state.clone()
        after.apply(action)
        values[action] = judge(after, mover)
    chosen = agent._strongest(state, mover, random.Random(0))
    assert values[chosen] == max(values.values())


def test_an_unknown_rollout_policy_is_refused():
    with pytest.raises(ValueError, match="rollout"):
        MCTSAgent(Judge(rules.load("playground")), rollout="clever")


def test_playgrounds_search_never_peeks_at_the_other_sides_cards():
    # Two positions that differ only in the opponent's unrevealed types: the
    # search, greedy replies and all, must choose alike with the same seed.
    game = rules.load("playground")
    rng = random.Random(7)
    state = game.initial_state()
    while not (state.phase == "move" and state.turns_played() >= 6):
        state.apply(draw_chance(state, rng) if state.is_chance_node() else rng.choice(state.legal_actions()))
    viewer = state.current_player
    other = state.hidden_variant(viewer, random.Random(1))
    assert other is not None and other.to_json() != state.to_json()
    assert other.observation(viewer) == state.observation(viewer)
    agent = make("mcts", Judge(game))
    assert agent.rollout == "greedy" and agent.answered  # the game's own search settings
    for seed in range(3):
        assert agent.choose(state, random.Random(seed)) == agent.choose(other, random.Random(seed))


def test_a_rollout_to_the_next_round_stops_when_the_searcher_is_to_decide_again():
    # depth="round": the rest of the searcher's own turn, then every other
    # player's, and the evaluation judges the position where its turn comes back.
    game = rules.load("mckinney", players=3)
    judge = Judge(game)
    for rollout in ("random", "greedy"):
        agent = MCTSAgent(judge, depth="round", rollout=rollout)
        for seed in range(4):
            state = game.initial_state()
            state.apply(state.legal_actions()[0])  # the searcher's first action
            agent._roll_out(state, random.Random(seed), 0)
            assert state.is_terminal() or (state.current_player == 0 and state.turns_played() == 3)


def test_an_unknown_rollout_depth_is_refused():
    with pytest.raises(ValueError, match="depth"):
        MCTSAgent(Judge(rules.load("playground")), depth="forever")


def test_a_round_stops_when_the_turns_come_round_without_the_searcher():
    # Once the searcher is out its turn never comes back: the round ends
    # where a player who has moved since is to move again, not at the game's end.
    game = rules.load("mckinney", players=3)
    state = game.initial_state()
    position = state.to_json()
    position["players"][0]["shields"] = 0
    position["pieces"] = {square: piece for square, piece in position["pieces"].items() if piece[0] != "0"}
    position["to_move"], position["turn"] = 1, 1
    state = game.state_from_json(position)
    agent = MCTSAgent(Judge(game), depth="round", rollout="random")
    agent._roll_out(state, random.Random(0), 0)
    assert state.current_player == 1 and state.turns_played() == 3
