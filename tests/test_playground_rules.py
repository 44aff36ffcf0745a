"""Playground Battles: one scenario per rule sentence (quoted), and hidden
information that does not leak."""

from __future__ import annotations

import random

import pytest

from printkit import rules
from printkit.rules import CHANCE, IllegalAction

T = {"R": "rock", "P": "paper", "S": "scissors"}


def game():
    return rules.load("playground")


def position(pieces, to_move="Blue", phase="move", roll=None, revealed=(), pending=None, turn=1):
    """``pieces``: square -> "B R" (owner initial, type letter); stalemates as a list of two."""
    g = game()
    entries = []
    for square, who in pieces.items():
        for one in (who if isinstance(who, list) else [who]):
            owner, letter = one.split()
            entries.append({"owner": "Blue" if owner == "B" else "Red", "type": T[letter], "at": square,
                            "revealed": square in revealed or isinstance(who, list)})
    return g.state_from_json({"game": "playground", "players": g.colors, "phase": phase, "to_move": to_move,
                              "turn": turn, "roll": roll, "pieces": entries, "pending": pending, "result": None})


def moves(state):
    return [state.action_to_string(a) for a in state.legal_actions()]


def play(state, *names):
    for name in names:
        state.apply(state.string_to_action(name))
    return state


def board(state):
    return {p["at"]: f"{p['owner'][0]} {p['type'][0].upper()}" for p in state.to_json()["pieces"] if p["at"]}


def test_an_army_needs_a_rock_a_paper_and_a_scissors():
    """"Each player will then choose a total of 10 pieces, including the mandatory minimum of 1 Rock,
    1 Paper, and 1 Scissor." """
    s = game().initial_state()
    for _ in range(8):
        play(s, "R")
    assert moves(s) == ["P", "S"]  # two squares left, two types missing
    play(s, "P")
    assert moves(s) == ["S"]  # an army without a Scissors is refused
    with pytest.raises(IllegalAction):
        s.string_to_action("R")


def test_the_set_up_is_private():
    s = game().initial_state()
    for letter in "RPSRRRRRRR":
        play(s, letter)
    seen_by_red = s.observation(1)["pieces"]
    assert all(p["type"] is None for p in seen_by_red if p["owner"] == "Blue")
    assert all(p["type"] is not None for p in s.observation(0)["pieces"] if p["owner"] == "Blue")


def test_a_move_is_exactly_the_roll_orthogonal_no_revisits_no_passing_through():
    """"The number facing up on the die will determine how many spaces you must move" and "Players
    cannot move diagonally or to a space previously visited during the current turn" and "Players
    cannot jump over any pieces on the board." """
    s = position({"e3": "B R", "e4": "B P", "a8": "R S"}, roll=2)
    reach = sorted(m.split("-")[1] for m in moves(s) if m.startswith("e3-"))
    # From e3, two steps without passing e4: c3, g3, d2... never e5 (through e4), never e3 itself.
    assert "e5" not in reach and "e3" not in reach and "e4" not in reach
    assert {"c3", "g3", "d2", "f2", "e1", "d4", "f4"} <= set(reach)


def test_an_attack_that_wins_and_one_that_loses():
    """"To attack an opponents piece, you must land on their spot after moving the exact required
    amount of spaces." and "Both players reveal their cards to determine which piece losses the battle
    and leaves the board." """
    s = position({"e3": "B R", "e5": "R S", "a8": "R P"}, roll=2)
    play(s, "e3xe5")
    assert board(s) == {"e5": "B R", "a8": "R P"}
    s = position({"e3": "B R", "e5": "R P", "a8": "R S"}, roll=2)
    play(s, "e3xe5")
    assert board(s) == {"e5": "R P", "a8": "R S"}
    assert next(p for p in s.observation(0)["pieces"] if p["at"] == "e5")["type"] == "paper"  # revealed


def test_equal_types_stalemate_and_stay_out_of_play():
    """"If both pieces are the same after being revealed, a stalemate occurs." """
    s = position({"e3": "B R", "e5": "R R", "a8": "R P", "j1": "B S"}, roll=2)
    play(s, "e3xe5")
    on_e5 = [p for p in s.to_json()["pieces"] if p["at"] == "e5"]
    assert len(on_e5) == 2
    s.apply(s.chance_outcomes()[1][0])  # Red rolls 2
    assert not any(m.startswith("e5") for m in moves(s))


def test_a_stalemate_broken_by_the_winning_piece_and_the_winners_choice():
    """"To end a stalemate, you must move a corresponding winning piece to the box" and "the winner
    must keep 1 of the pieces in that box, and move the other piece to any open spot on the back row
    where the piece originated." """
    s = position({"e5": ["B R", "R R"], "e3": "B P", "a8": "R S", "j1": "B S"}, roll=2)
    play(s, "e3xe5")
    assert s.to_json()["phase"] == "break"
    choices = moves(s)
    assert "keep mover a1" in choices and "keep rescued b1" in choices and "keep mover j1" not in choices
    play(s, "keep rescued b1")  # the Rock stays on e5, the Paper goes home to b1
    assert board(s) == {"e5": "B R", "b1": "B P", "a8": "R S", "j1": "B S"}


def test_a_rescue_with_the_wrong_piece_is_lost():
    """"If you attempt to rescue the stalemated piece with anything else other than the winning
    piece, you lose that piece automatically." """
    s = position({"e5": ["B R", "R R"], "e3": "B S", "a8": "R P", "j1": "B P"}, roll=2)
    play(s, "e3xe5")
    assert len([p for p in s.to_json()["pieces"] if p["at"] == "e5"]) == 2  # the stalemate stands
    assert not any(p["at"] == "e3" for p in s.to_json()["pieces"])
    assert sum(1 for p in s.to_json()["pieces"] if p["at"] is None and p["owner"] == "Blue") == 1


def test_entering_the_base_needs_the_exact_roll():
    """"you may only enter the base if you roll the proper number on the die to move the correct
    amount of spaces." """
    s = position({"e7": "B S", "a1": "R P"}, roll=2)  # e7 -> e8 -> Red's base
    assert "e7-base" in moves(s)
    play(s, "e7-base")
    assert s.is_terminal() and s.returns() == [1.0, -1.0]
    s = position({"e7": "B S", "a1": "R P"}, roll=1)  # e8 is one step: the base would be a second
    assert "e7-base" not in moves(s)
    s = position({"e7": "B S", "a1": "R P"}, roll=3)  # a larger roll: no wandering into the base
    assert "e7-base" not in moves(s)
    s = position({"d7": "B S", "a1": "R P"}, roll=3)  # d7-e7-e8 (or d8-e8), then the base: three exactly
    assert "d7-base" in moves(s)


def test_a_win_when_the_opponent_has_only_stalemated_pieces():
    """"your opponent only has pieces involved in stalemates, and you have one or more free moving
    pieces." """
    s = position({"e5": ["B R", "R R"], "c3": "B R", "c5": "R S"}, roll=2)
    play(s, "c3xc5")  # Red's last free piece falls: only its stalemated Rock is left
    assert s.is_terminal() and s.returns() == [1.0, -1.0]


def test_no_legal_move_passes_the_turn():
    s = position({"a1": "B R", "b1": "B P", "a2": "B S", "b2": "R R", "j8": "R P"}, roll=6)
    legal = moves(s)
    assert "pass" not in legal or legal == ["pass"]


def test_hidden_types_do_not_change_what_a_player_sees_or_may_do():
    """Permute the types of the opponent's unrevealed pieces: the player's observation and legal
    actions stay the same; change a piece the player has seen and the observation changes."""
    g = game()
    rng = random.Random(3)
    for seed in range(6):
        s = g.initial_state()
        r = random.Random(seed)
        for _ in range(60):
            if s.is_terminal():
                break
            s.apply(r.choice(s.next_actions()))
            p = s.current_player
            if p in (0, 1):
                other = s.hidden_variant(p, rng)
                if other is not None:
                    assert other.observation(p) == s.observation(p)
                    assert other.legal_actions() == s.legal_actions()
        seen = [i for i, piece in enumerate(s.to_json()["pieces"]) if piece["revealed"]]
        if seen:
            obj = s.to_json()
            i = seen[0]
            obj["pieces"][i]["type"] = next(t for t in T.values() if t != obj["pieces"][i]["type"])
            try:
                changed = g.state_from_json(obj)
            except IllegalAction:
                continue
            viewer = 1 - ["Blue", "Red"].index(obj["pieces"][i]["owner"])
            assert changed.observation(viewer) != s.observation(viewer)


def test_the_first_player_and_each_roll_are_chance():
    s = game().initial_state()
    for letter in "RPSRRRRRRR" + "RPSRRRRRRR":
        play(s, letter)
    assert s.current_player == CHANCE and [p for _, p in s.chance_outcomes()] == [0.5, 0.5]
    s.apply(s.chance_outcomes()[0][0])
    assert s.current_player == CHANCE and len(s.chance_outcomes()) == 6


def test_moves_as_a_player_shows_only_their_own_view(tmp_path):
    import json

    from click.testing import CliRunner

    from printkit.cli import main

    s = position({"e3": "B R", "e5": "R S", "a8": "R P"}, roll=2)
    path = tmp_path / "pos.json"
    path.write_text(json.dumps(s.to_json()))
    mine = CliRunner().invoke(main, ["moves", "playground", "--position", str(path), "--as", "Blue"])
    assert mine.exit_code == 0 and "e3xe5" in mine.output
    theirs = CliRunner().invoke(main, ["moves", "playground", "--position", str(path), "--as", "Red"])
    assert theirs.exit_code == 0 and "e3xe5" not in theirs.output
    bad = CliRunner().invoke(main, ["moves", "playground", "--position", str(path), "--as", "Green"])
    assert bad.exit_code == 2 and "no such player" in bad.output
