"""McKinney invariants along random games: pieces conserved, Shields only fall,
eliminated players keep nothing on the board, and the quick legality test
used by apply agrees with legal_actions."""

from __future__ import annotations

import random

import pytest

from printkit import rules
from printkit.playout import choose

TYPES = ("paper", "rock", "scissors")
LETTER = {"P": "paper", "R": "rock", "S": "scissors"}


def check_invariants(g, obj: dict, previous: dict | None) -> None:
    n = g.num_players
    on_board = [{t: 0 for t in TYPES} for _ in range(n)]
    builders = [0] * n
    for code in obj["pieces"].values():
        owner = int(code[0])
        if code[1] == "B":
            builders[owner] += 1
        else:
            on_board[owner][LETTER[code[1]]] += 1
    if obj["moving"]:
        on_board[obj["to_move"]][obj["moving"]] += 1
    for p, player in enumerate(obj["players"]):
        for t in TYPES:
            assert on_board[p][t] + player["cache"][t] == g.data["pieces"]["units"][t], (p, t)
        alive = player["shields"] > 0
        assert builders[p] == (1 if alive else 0)
        if not alive:
            assert sum(on_board[p].values()) == 0, "an eliminated player keeps nothing on the board"
        if previous is not None:
            assert player["shields"] <= previous["players"][p]["shields"], "Shields only fall"
            if previous["players"][p]["shields"] == 0:
                assert player["shields"] == 0
    if obj["to_move"] is not None:
        assert obj["players"][obj["to_move"]]["shields"] > 0
        for square in obj["frozen"]:
            assert obj["pieces"][square][0] == str(obj["to_move"])


@pytest.mark.parametrize("players", [2, 3, 4])
def test_invariants_hold_along_random_games(players):
    g = rules.load("mckinney", players=players)
    for seed in range(3):
        rng = random.Random(seed)
        s = g.initial_state()
        previous = None
        while not s.is_terminal():
            obj = s.to_json()
            check_invariants(g, obj, previous)
            previous = obj
            s.apply(choose(s, rng))
        check_invariants(g, s.to_json(), previous)
        if not s.unfinished:
            winner = s.returns().index(1.0)
            assert [p["shields"] > 0 for p in s.to_json()["players"]] == [p == winner for p in range(players)]


def test_quick_legality_agrees_with_legal_actions():
    g = rules.load("mckinney", players=3)
    rng = random.Random(4)
    s = g.initial_state()
    checked = 0
    while not s.is_terminal() and checked < 300:
        legal = set(s.legal_actions())
        for action in range(-1, g.num_distinct_actions + 1):
            assert s._is_legal(action) == (action in legal), (action, s.to_json())
        checked += 1
        s.apply(choose(s, rng))
    assert checked == 300


@pytest.mark.parametrize("players", [2, 4])
def test_the_game_keeps_every_table_it_works_out_in_a_slot(players):
    # Game.__slots__ names every table Game.__init__ works out: one left out
    # would still work, read through the instance's dict at every step.
    g = rules.load("mckinney", players=players)
    assert set(vars(g)) == {"spec"}  # what base.Game sets
    assert all(hasattr(g, name) for name in type(g).__slots__)
