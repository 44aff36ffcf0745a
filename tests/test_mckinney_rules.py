"""McKinney rules: one scenario per rule sentence, with the exact position after the move.

Squares are named like chess (a1 bottom-left, 14 x 14 on the bundled board).
Start squares: seat 0 g8, seat 1 h8, seat 2 h7, seat 3 g7. With 2 players the
seats are 0 and 2, so player 0 starts on g8 and player 1 on h7. Seat 0's +/-
spaces: A1 e9, B1 f10, A2 c10, B2 e12, A3 a12, B3 c14.
"""

from __future__ import annotations

import pytest

from printkit import rules
from printkit.rules import TERMINAL, IllegalAction

TYPES = {"P": "paper", "R": "rock", "S": "scissors"}


def game(players=2):
    return rules.load("mckinney", players=players)


def position(g, pieces, *, to_move=0, phase="units", sliders=None, read=None, shields=None,
             path=(), moving=None, built=0, moved=0, frozen=(), turn=0, winner=None, unfinished=False):
    """Position JSON from the pieces on the board; caches hold every Unit not on it."""
    n = g.num_players
    sliders = sliders or [{"A": 0, "B": 0} for _ in range(n)]
    shields = shields or [3] * n
    caches = [{t: 8 for t in TYPES.values()} for _ in range(n)]
    for code in pieces.values():
        if code[1] != "B":
            caches[int(code[0])][TYPES[code[1]]] -= 1
    if moving:
        caches[to_move][moving] -= 1
    over = phase == "over"
    return {
        "game": "mckinney", "turn": turn, "to_move": None if over else to_move, "phase": phase,
        "pieces": dict(sorted(pieces.items(), key=lambda kv: g.square_index(kv[0]))),
        "players": [{"seat": g.seats[p], "shields": shields[p], "cache": caches[p],
                     "sliders": dict(sliders[p])} for p in range(n)],
        "read": None if over else dict(read or sliders[to_move]),
        "path": list(path), "moving": moving, "built": built, "moved": moved,
        "frozen": list(frozen), "winner": winner, "unfinished": unfinished,
    }


def state_of(g, pieces, **kw):
    return g.state_from_json(position(g, pieces, **kw))


def play(state, *moves):
    for move in moves:
        state.apply(state.string_to_action(move))
    return state


def moves(state) -> list[str]:
    return [state.action_to_string(a) for a in state.legal_actions()]


BUILDERS2 = {"g8": "0B", "h7": "1B"}


# --- Units ---------------------------------------------------------------------------

def test_scissors_cut_through_two_papers_in_one_move():
    g = game()
    s = state_of(g, {**BUILDERS2, "b2": "0S", "b3": "1P", "b4": "1P"})
    play(s, "b2xb3")
    assert s.to_json() == position(g, {**BUILDERS2, "b4": "1P"}, phase="unit-move",
                                   path=["b2", "b3"], moving="scissors")
    play(s, "b3xb4", "stop")
    # Both Papers are back in their owner's cache; the one Unit allowed has moved, so the turn passes.
    assert s.to_json() == position(g, {**BUILDERS2, "b4": "0S"}, to_move=1, phase="builder", turn=1)


def test_unit_stopped_by_a_unit_of_its_own_type_of_another_colour():
    g = game()
    s = state_of(g, {**BUILDERS2, "b2": "0R", "b3": "1R", "a2": "1R", "c2": "1S"})
    assert moves(s) == ["end", "b2xc2", "b2-b1"]
    with pytest.raises(IllegalAction):
        s.string_to_action("b2xb3")


def test_unit_never_enters_a_unit_that_beats_it():
    g = game()
    s = state_of(g, {**BUILDERS2, "b2": "0R", "b3": "1P", "b1": "1P", "a2": "1P"})
    assert moves(s) == ["end", "b2-c2"]


def test_unit_passes_over_but_does_not_stop_on_a_friendly_unit_of_another_type():
    g = game()
    s = state_of(g, {**BUILDERS2, "b2": "0R", "b3": "0P", "b4": "0S"})
    assert "b2-b3" in moves(s)
    play(s, "b2-b3")
    assert "stop" not in moves(s)  # b3 holds the friendly Paper
    assert s.to_json()["pieces"]["b3"] == "0P"
    play(s, "b3-a3", "stop")
    assert s.to_json() == position(g, {**BUILDERS2, "a3": "0R", "b3": "0P", "b4": "0S"},
                                   to_move=1, phase="builder", turn=1)


def test_passing_over_a_friend_needs_a_step_left_to_get_off_it():
    g = game()
    # Slider B at its last notch: 5 Units move 1 step each.
    sliders = [{"A": 0, "B": 4}, {"A": 0, "B": 0}]
    s = state_of(g, {**BUILDERS2, "b2": "0R", "b3": "0P"}, sliders=sliders)
    assert "b2-b3" not in moves(s) and "b2-b1" in moves(s)


def test_a_unit_takes_then_may_keep_going_or_stop():
    g = game()
    s = state_of(g, {**BUILDERS2, "b2": "0P", "b3": "1R"})
    play(s, "b2xb3")
    assert "stop" in moves(s) and "b3-b4" in moves(s)


def test_path_never_revisits_a_square():
    g = game()
    s = state_of(g, {**BUILDERS2, "b2": "0P"})
    play(s, "b2-b3", "b3-c3", "c3-c2")
    assert "c2-b2" not in moves(s)


def test_a_shield_attack_removes_the_attacker_and_ends_its_move():
    g = game()
    # Two Units may move (B notch 1: 2 Units, 4 steps each).
    sliders = [{"A": 0, "B": 1}, {"A": 0, "B": 0}]
    s = state_of(g, {**BUILDERS2, "h6": "0P", "b2": "0R"}, sliders=sliders)
    play(s, "h6xh7")
    assert s.to_json() == position(g, {**BUILDERS2, "b2": "0R"}, sliders=sliders, shields=[3, 2], moved=1)


def test_the_last_shield_eliminates_a_player_and_all_their_units():
    g = game(3)  # player 0 g8, player 1 h8, player 2 h7
    builders = {"g8": "0B", "h8": "1B", "h7": "2B"}
    s = state_of(g, {**builders, "i8": "0S", "k2": "1P", "m9": "1R", "a1": "2S"}, shields=[3, 1, 2])
    play(s, "i8xh8")
    assert s.to_json() == position(g, {"g8": "0B", "h7": "2B", "a1": "2S"}, to_move=2, phase="builder",
                                   shields=[3, 0, 2], turn=1)
    # Player 1 is skipped from now on: after player 2 comes player 0.
    play(s, "pass", "end")
    assert s.current_player == 0


def test_the_last_builder_standing_wins():
    g = game()
    s = state_of(g, {**BUILDERS2, "h6": "0P", "c3": "1R"}, shields=[2, 1])
    play(s, "h6xh7")
    assert s.is_terminal() and s.current_player == TERMINAL
    assert s.returns() == [1.0, -1.0] and not s.unfinished
    assert s.to_json() == position(g, {"g8": "0B"}, phase="over", shields=[2, 0], winner=0)


def test_units_built_this_turn_do_not_move():
    g = game()
    s = state_of(g, {**BUILDERS2, "a1": "0P"}, phase="builder")
    play(s, "S@f8", "done")
    assert moves(s) == ["end", "a1-a2", "a1-b1"]
    # With no older Unit, the turn passes as soon as the building is done.
    s = state_of(g, dict(BUILDERS2), phase="builder")
    play(s, "S@f8", "done")
    assert s.to_json() == position(g, {**BUILDERS2, "f8": "0S"}, to_move=1, phase="builder", turn=1)


# --- Builder ----------------------------------------------------------------------------

def test_builder_cannot_move_and_build():
    g = game()
    sliders = [{"A": 1, "B": 0}, {"A": 0, "B": 0}]  # 2 steps, 4 builds
    s = state_of(g, dict(BUILDERS2), phase="builder", sliders=sliders)
    play(s, "Bf8")
    assert not any("@" in m for m in moves(s))
    with pytest.raises(IllegalAction):
        s.string_to_action("P@e8")
    s = state_of(g, dict(BUILDERS2), phase="builder", sliders=sliders)
    play(s, "P@f8")
    assert not any(m.startswith("B") for m in moves(s))


def test_build_is_limited_by_the_cache():
    g = game()
    board = {**BUILDERS2, **{f"a{r}": "0P" for r in range(1, 9)}, **{f"b{r}": "0R" for r in range(1, 8)},
             **{f"c{r}": "0S" for r in range(1, 9)}}
    s = state_of(g, board, phase="builder")  # the cache holds one Rock, Slider A allows 5 builds
    # The eight squares around g8, less h7 (the other Builder).
    assert [m for m in moves(s) if "@" in m] == ["R@f7", "R@g7", "R@f8", "R@h8", "R@f9", "R@g9", "R@h9"]
    play(s, "R@g9")
    # Nothing left to build: the Builder stage ends at once and the Units stage begins.
    assert s.to_json() == position(g, {**board, "g9": "0R"}, phase="units", built=1, frozen=["g9"])


def test_build_goes_next_to_the_builder_on_free_squares_only():
    g = game()
    s = state_of(g, {**BUILDERS2, "g9": "1S"}, phase="builder")
    free = ("f7", "g7", "f8", "h8", "f9", "h9")  # around g8: h7 holds a Builder, g9 a Unit
    assert sorted(m for m in moves(s) if "@" in m) == sorted(f"{t}@{sq}" for t in "PRS" for sq in free)


def test_builder_moves_through_empty_squares_without_revisiting():
    g = game()
    sliders = [{"A": 4, "B": 0}, {"A": 0, "B": 0}]  # 5 steps
    s = state_of(g, {**BUILDERS2, "f7": "0P"}, phase="builder", sliders=sliders)
    play(s, "Bf8")
    assert moves(s) == ["stop", "Bf9", "Be8"]  # f7 is taken, g8 was already visited
    play(s, "Bf9", "stop")
    assert s.to_json()["pieces"]["f9"] == "0B"


def test_slider_moves_by_the_dots_in_the_chosen_direction_and_stops_at_the_end():
    g = game()
    sliders = [{"A": 3, "B": 0}, {"A": 0, "B": 0}]  # A: 4 steps; a12 is an A space with 3 dots
    s = state_of(g, {"a11": "0B", "h7": "1B"}, phase="builder", sliders=sliders)
    play(s, "Ba12", "stop")
    assert s.to_json()["phase"] == "slider" and moves(s) == ["A-", "A+"]
    play(s, "A+")  # 3 + 3 dots would be notch 6: the marker stops at notch 4
    assert s.to_json() == position(g, {"a12": "0B", "h7": "1B"}, to_move=1, phase="builder", turn=1,
                                   sliders=[{"A": 4, "B": 0}, {"A": 0, "B": 0}])
    s = state_of(g, {"a11": "0B", "h7": "1B"}, phase="builder", sliders=sliders)
    play(s, "Ba12", "stop", "A-")
    assert s.to_json()["players"][0]["sliders"] == {"A": 0, "B": 0}


def test_slider_values_are_read_at_the_start_of_the_turn():
    g = game()
    # B at notch 0: one Unit, 5 steps. The Builder reaches f10 (B, 1 dot) and moves B up to notch 1.
    sliders = [{"A": 2, "B": 0}, {"A": 0, "B": 0}]  # A: 3 steps
    s = state_of(g, {"f9": "0B", "h7": "1B", "a1": "0P", "n1": "0R"}, phase="builder", sliders=sliders)
    play(s, "Bf10", "stop", "B+")
    assert s.to_json()["players"][0]["sliders"] == {"A": 2, "B": 1}
    # Still one Unit with up to 5 steps this turn, as read when the turn began.
    play(s, "a1-a2", "a2-a3", "a3-a4", "a4-a5", "a5-a6")
    assert s.to_json()["to_move"] == 1 and s.to_json()["pieces"]["a6"] == "0P"
    play(s, "pass")  # player 1 has no Units: straight back to player 0, who reads the new notches
    assert s.to_json()["to_move"] == 0 and s.to_json()["read"] == {"A": 2, "B": 1}


def test_a_builder_standing_still_on_a_space_moves_no_slider():
    g = game()
    s = state_of(g, {"e9": "0B", "h7": "1B"}, phase="builder")
    play(s, "pass")
    assert s.to_json()["players"][0]["sliders"] == {"A": 0, "B": 0}


# --- Turns and the end -------------------------------------------------------------------

def test_a_turn_without_any_choice_passes_at_once():
    g = game()
    # Player 1's Builder is boxed in by frozen-free enemy Rocks of types it cannot pass; it has no Units.
    board = {"g8": "0B", "a1": "1B", "a2": "0P", "b1": "0P", "b2": "0P", "n14": "0R"}
    s = state_of(g, board, phase="units", read={"A": 0, "B": 0})
    play(s, "n14-n13", "stop")
    assert s.current_player == 0 and s.to_json()["turn"] == 2


def test_a_game_at_its_turn_cap_is_unfinished_not_won():
    g = game()
    s = state_of(g, {**BUILDERS2, "b2": "0P"}, turn=g.max_turns - 1)
    play(s, "end")
    assert s.is_terminal() and s.unfinished and s.returns() == [0.0, 0.0]
    assert s.legal_actions() == []
    assert s.to_json() == position(g, {**BUILDERS2, "b2": "0P"}, phase="over", turn=g.max_turns, unfinished=True)


# --- Notation and positions ------------------------------------------------------------------

def test_initial_position_and_first_moves():
    g = game(4)
    s = g.initial_state()
    assert s.to_json()["pieces"] == {"g7": "3B", "h7": "2B", "g8": "0B", "h8": "1B"}
    # Steps across sides only; builds on the free squares around g8, corners included.
    builds = [f"{t}@{sq}" for t in "PRS" for sq in ("f7", "f8", "f9", "g9", "h9")]
    assert moves(s) == ["pass", "Bg9", "Bf8", *builds]


@pytest.mark.parametrize("text, message", [
    ("Q@f8", "not McKinney notation"),
    ("P@z9", "not a square"),
    ("Bg10", "next to"),
    ("b2-b4", "next to"),
    ("f8-f9", "not a legal move"),
])
def test_bad_moves_are_refused_with_a_reason(text, message):
    s = game().initial_state()
    with pytest.raises(IllegalAction, match=message):
        s.string_to_action(text)


def test_notation_accepts_either_step_mark():
    g = game()
    s = state_of(g, {**BUILDERS2, "b2": "0P", "b3": "1R"})
    assert s.string_to_action("b2-b3") == s.string_to_action("b2xb3")
    assert s.action_to_string(s.string_to_action("b2-b3")) == "b2xb3"


@pytest.mark.parametrize("change, message", [
    (lambda p: p.pop("turn"), "missing turn"),
    (lambda p: p.update(extra=1), "unknown key extra"),
    (lambda p: p["pieces"].update(z20="0P"), "'z20' is not a square"),
    (lambda p: p["pieces"].update(b2="0Q"), "is not a piece"),
    (lambda p: p["pieces"].update(b2="0B"), "two Builders"),
    (lambda p: p["pieces"].update(b2="0P"), "owns 8"),
    (lambda p: p["players"][0]["cache"].update(paper=9), "out of range"),
    (lambda p: p["players"][1].update(shields=0), "no Shields left"),
    (lambda p: p.update(phase="dancing"), "is not one of"),
    (lambda p: p.update(to_move=5), "out of range"),
    (lambda p: p.update(path=["b2", "b4"]), "not next to"),
    (lambda p: p.update(frozen=["b2"]), "does not hold a Unit"),
    (lambda p: p["players"][0].update(seat=3), "sits at seat 0"),
    (lambda p: p.update(players=p["players"][:1]), "this spec plays 2, 3, 4 players"),
])
def test_malformed_positions_say_what_is_wrong(change, message):
    g = game()
    obj = g.initial_state().to_json()
    change(obj)
    with pytest.raises(IllegalAction, match=message):
        g.state_from_json(obj)
