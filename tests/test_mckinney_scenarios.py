"""McKinney rules, more scenarios: each sets up an exact position and checks the
exact position or list of legal moves after a move (see test_mckinney_rules
for the board's squares: seat 0 starts on g8, seat 1 h8, seat 2 h7, seat 3 g7).
"""

from __future__ import annotations

from printkit.rules import TERMINAL
from test_mckinney_rules import BUILDERS2, game, moves, play, position, state_of

B2 = [{"A": 0, "B": 1}, {"A": 0, "B": 0}]  # player 0 moves 2 Units, 4 steps each


# --- A Unit's path -----------------------------------------------------------------------

def test_a_unit_never_passes_a_friend_of_its_own_type():
    g = game()
    s = state_of(g, {**BUILDERS2, "b2": "0R", "b3": "0R", "c2": "0S", "a2": "0P"})
    # The Rock on b2 never enters b3 (a Rock), and that one never enters b2; c2 (Scissors) and
    # a2 (Paper) may be crossed, never stopped on. Units listed by square: a2, b2, c2, b3.
    assert moves(s) == ["end", "a2-a3", "a2-b2", "a2-a1", "b2-c2", "b2-b1", "b2-a2",
                        "c2-c3", "c2-d2", "c2-c1", "c2-b2", "b3-b4", "b3-c3", "b3-a3"]


def test_a_unit_never_enters_its_own_builder():
    g = game()
    s = state_of(g, {"g8": "0B", "h7": "1B", "f8": "0P"})
    assert moves(s) == ["end", "f8-f9", "f8-f7", "f8-e8"]


def test_a_unit_does_not_take_an_enemy_unit_of_its_own_type_nor_one_that_beats_it():
    g = game()
    s = state_of(g, {**BUILDERS2, "e5": "0S", "e6": "1S", "f5": "1R", "e4": "1P", "d5": "1P"})
    # Scissors: blocked by the Scissors and the Rock, takes either Paper.
    assert moves(s) == ["end", "e5xe4", "e5xd5"]


def test_a_unit_crosses_a_friend_then_takes_and_keeps_going():
    g = game()
    s = state_of(g, {**BUILDERS2, "b2": "0R", "b3": "0P", "b4": "1S", "b5": "1S"})
    play(s, "b2-b3")
    assert moves(s) == ["b3xb4", "b3-c3", "b3-a3"]  # no stop on the Paper
    play(s, "b3xb4", "b4xb5")
    # Both Scissors are back in player 1's cache; the Rock stands on b5, in transit.
    assert s.to_json() == position(g, {**BUILDERS2, "b3": "0P"}, phase="unit-move",
                                   path=["b2", "b3", "b4", "b5"], moving="rock")
    # Three steps taken of five: stop on b5, or go on.
    assert moves(s) == ["stop", "b5-b6", "b5-c5", "b5-a5"]
    play(s, "b5-b6", "b6-b7")  # the fifth step: the Rock stops by itself and the turn passes
    assert s.to_json() == position(g, {**BUILDERS2, "b3": "0P", "b7": "0R"}, to_move=1, phase="builder",
                                   turn=1)


def test_a_unit_crosses_a_friend_and_attacks_a_builder():
    g = game()
    s = state_of(g, {**BUILDERS2, "h5": "0S", "h6": "0P", "a1": "0R"}, sliders=B2)
    play(s, "h5-h6")
    assert moves(s) == ["h6xh7", "h6-i6", "h6-g6"]
    play(s, "h6xh7")
    # The Shield falls, the Scissors goes back to the cache, the Paper stays; one more Unit may move.
    assert s.to_json() == position(g, {**BUILDERS2, "h6": "0P", "a1": "0R"}, sliders=B2, shields=[3, 2],
                                   moved=1)
    # The Paper it crossed may attack in its turn too.
    assert moves(s) == ["end", "a1-a2", "a1-b1", "h6xh7", "h6-i6", "h6-h5", "h6-g6"]


def test_a_unit_takes_then_attacks_a_builder_in_one_move():
    g = game()
    s = state_of(g, {**BUILDERS2, "h4": "0R", "h5": "1S", "h6": "1S"}, shields=[3, 3])
    play(s, "h4xh5", "h5xh6", "h6xh7")
    # Both Scissors back in player 1's cache, one Shield down, the Rock back in player 0's cache.
    assert s.to_json() == position(g, dict(BUILDERS2), to_move=1, phase="builder", turn=1, shields=[3, 2])


def test_an_attack_on_the_first_step_ends_the_move_with_steps_left():
    g = game()
    s = state_of(g, {**BUILDERS2, "h6": "0P"})
    play(s, "h6xh7")
    assert s.to_json() == position(g, dict(BUILDERS2), to_move=1, phase="builder", turn=1, shields=[3, 2])


def test_different_units_each_move_once():
    g = game()
    s = state_of(g, {**BUILDERS2, "a1": "0P", "c1": "0R", "e1": "0S"}, sliders=B2)
    play(s, "a1-a2", "stop")
    assert s.to_json() == position(g, {**BUILDERS2, "a2": "0P", "c1": "0R", "e1": "0S"}, sliders=B2,
                                   moved=1, frozen=["a2"])
    assert not any(m.startswith("a2") for m in moves(s))  # it has moved
    play(s, "c1-c2", "stop")  # the second and last Unit: the turn passes
    assert s.to_json() == position(g, {**BUILDERS2, "a2": "0P", "c2": "0R", "e1": "0S"}, sliders=B2,
                                   to_move=1, phase="builder", turn=1)


def test_a_moved_unit_may_still_be_crossed():
    g = game()
    s = state_of(g, {**BUILDERS2, "a1": "0P", "a3": "0R"}, sliders=B2)
    play(s, "a1-a2", "stop")
    assert "a3-a2" in moves(s)
    play(s, "a3-a2", "a2-b2", "stop")
    assert s.to_json() == position(g, {**BUILDERS2, "a2": "0P", "b2": "0R"}, sliders=B2, to_move=1,
                                   phase="builder", turn=1)


# --- Shields and the end -------------------------------------------------------------------

def test_four_players_the_next_player_eliminated_is_skipped():
    g = game(4)  # player 0 g8, 1 h8, 2 h7, 3 g7
    builders = {"g8": "0B", "h8": "1B", "h7": "2B", "g7": "3B"}
    s = state_of(g, {**builders, "i8": "0S", "a1": "1P", "b1": "1R", "c1": "1S", "n1": "2R", "a14": "3P"},
                 shields=[3, 1, 3, 2])
    play(s, "i8xh8")
    assert s.to_json() == position(g, {"g8": "0B", "h7": "2B", "g7": "3B", "n1": "2R", "a14": "3P"},
                                   to_move=2, phase="builder", turn=1, shields=[3, 0, 3, 2])
    assert s.to_json()["players"][1]["cache"] == {"paper": 8, "rock": 8, "scissors": 8}
    play(s, "pass", "end")
    assert s.current_player == 3
    play(s, "pass", "end")
    assert s.current_player == 0


def test_three_players_the_game_goes_on_until_one_builder_stands():
    g = game(3)  # player 0 g8, 1 h8, 2 h7
    builders = {"g8": "0B", "h8": "1B", "h7": "2B"}
    s = state_of(g, {**builders, "h5": "0P", "i7": "1R"}, shields=[3, 3, 1])
    play(s, "h5-h6", "h6xh7")
    assert not s.is_terminal() and s.current_player == 1
    assert s.to_json() == position(g, {"g8": "0B", "h8": "1B", "i7": "1R"}, to_move=1, phase="builder",
                                   turn=1, shields=[3, 3, 0])
    s = state_of(g, {"g8": "0B", "h8": "1B", "i7": "1R"}, to_move=1, shields=[1, 3, 0])
    # Player 1's Rock goes by the empty h7 and g7 and attacks the last Shield on g8.
    play(s, "i7-h7", "h7-g7", "g7xg8")
    assert s.is_terminal() and s.current_player == TERMINAL and not s.unfinished
    assert s.returns() == [-1.0, 1.0, -1.0]
    assert s.to_json() == position(g, {"h8": "1B"}, phase="over", shields=[0, 3, 0], winner=1, to_move=1)


def test_a_game_capped_while_a_player_passes_for_want_of_moves_is_unfinished():
    g = game()
    # Player 1's Builder on a1 is boxed in and has no Units: its turn, the last, passes by itself.
    s = state_of(g, {"g8": "0B", "a1": "1B", "a2": "0P", "b1": "0P", "b2": "0P"}, turn=g.max_turns - 2)
    play(s, "end")
    assert s.is_terminal() and s.unfinished and s.returns() == [0.0, 0.0]
    assert s.to_json()["turn"] == g.max_turns


# --- The Builder -----------------------------------------------------------------------------

def test_any_builder_uses_any_space_and_moves_its_own_slider():
    g = game()
    # j6 is seat 2's A space with 1 dot; player 0's Builder (A notch 1: 2 steps) ends there.
    sliders = [{"A": 1, "B": 0}, {"A": 0, "B": 0}]
    s = state_of(g, {"i7": "0B", "h7": "1B"}, phase="builder", sliders=sliders)
    play(s, "Bi6", "Bj6")
    assert s.to_json()["phase"] == "slider" and moves(s) == ["A-", "A+"]
    play(s, "A+")
    assert s.to_json() == position(g, {"j6": "0B", "h7": "1B"}, to_move=1, phase="builder", turn=1,
                                   sliders=[{"A": 2, "B": 0}, {"A": 0, "B": 0}])


def test_a_slider_stops_at_its_left_end():
    g = game()
    sliders = [{"A": 0, "B": 1}, {"A": 0, "B": 0}]  # B notch 1; c14 is a B space with 3 dots
    s = state_of(g, {"c13": "0B", "h7": "1B"}, phase="builder", sliders=sliders)
    play(s, "Bc14", "B-")
    assert s.to_json()["players"][0]["sliders"] == {"A": 0, "B": 0}
    s = state_of(g, {"c13": "0B", "h7": "1B"}, phase="builder", sliders=sliders)
    play(s, "Bc14", "B+")
    assert s.to_json()["players"][0]["sliders"] == {"A": 0, "B": 4}


def test_a_builder_crossing_a_space_moves_no_slider():
    g = game()
    sliders = [{"A": 1, "B": 0}, {"A": 0, "B": 0}]  # 2 steps
    s = state_of(g, {"e10": "0B", "h7": "1B"}, phase="builder", sliders=sliders)
    play(s, "Be9", "Be8")  # across e9 (A, 1 dot); the second step is the last: it stops on e8
    assert s.to_json() == position(g, {"e8": "0B", "h7": "1B"}, to_move=1, phase="builder", turn=1,
                                   sliders=sliders)


def test_a_builder_boxed_in_stops_by_itself():
    g = game()
    sliders = [{"A": 4, "B": 0}, {"A": 0, "B": 0}]  # 5 steps
    s = state_of(g, {"b2": "0B", "h7": "1B", "a2": "1P", "b3": "1P", "c1": "1P", "a1": "0S"},
                 phase="builder", sliders=sliders)
    play(s, "Bb1")  # around b1: a Unit on a1, a Unit on c1, and b2 just left: the move is over
    assert s.to_json()["phase"] == "units" and s.to_json()["pieces"]["b1"] == "0B"
    assert moves(s) == ["end", "a1xa2"]


def test_build_fills_the_free_squares_then_stops():
    g = game()
    # Around g8 only f8, g7 and h8 are free (h7 is a Builder, the rest enemy Units).
    others = {"f7": "1P", "f9": "1R", "g9": "1S", "h9": "1P"}
    s = state_of(g, {**BUILDERS2, **others}, phase="builder")
    play(s, "P@f8", "R@g7", "S@h8")  # the three free squares: the stage ends although 5 builds are allowed
    assert s.to_json() == position(g, {**BUILDERS2, **others, "f8": "0P", "g7": "0R", "h8": "0S"},
                                   to_move=1, phase="builder", turn=1)


def test_build_fewer_then_done_and_the_units_stage_follows():
    g = game()
    s = state_of(g, {**BUILDERS2, "a1": "0P"}, phase="builder")
    play(s, "R@g9")
    assert moves(s)[:1] == ["done"] and not any(m.startswith("B") for m in moves(s))
    play(s, "done")
    assert s.to_json() == position(g, {**BUILDERS2, "a1": "0P", "g9": "0R"}, phase="units", built=1,
                                   frozen=["g9"])


def test_a_boxed_builder_goes_straight_to_the_units():
    g = game()
    box = {"a1": "0B", "a2": "0R", "b1": "1S", "b2": "1P", "h7": "1B"}
    s = state_of(g, box, to_move=1, phase="units")
    play(s, "end")
    # Player 0's Builder can neither move nor build (all three squares around a1 are taken):
    # its turn begins with the Units.
    assert s.to_json() == position(g, box, to_move=0, phase="units", turn=1)


# --- Seating ------------------------------------------------------------------------------------

def test_seating_and_turn_order_for_two_three_and_four_players():
    starts = {2: {"g8": "0B", "h7": "1B"},
              3: {"g8": "0B", "h8": "1B", "h7": "2B"},
              4: {"g8": "0B", "h8": "1B", "h7": "2B", "g7": "3B"}}
    seats = {2: [0, 2], 3: [0, 1, 2], 4: [0, 1, 2, 3]}
    for n in (2, 3, 4):
        g = game(n)
        s = g.initial_state()
        assert s.to_json() == position(g, starts[n], phase="builder")
        assert [p["seat"] for p in s.to_json()["players"]] == seats[n]
        order = []
        for _ in range(2 * n):
            order.append(s.current_player)
            play(s, "pass")
        assert order == list(range(n)) * 2
        assert s.to_json()["turn"] == 2 * n


# --- Building: the eight squares around the Builder ---------------------------------------

def test_the_five_build_notch_builds_five_units_around_the_builder_diagonals_included():
    """Seed: "Building Units is as simple as laying the tiles onto any unoccupied Space
    adjacent to the Builder". Slider A's far-left notch (1 step, 5 builds) can only be
    used in full if adjacent counts the corners too; five, and not six."""
    g = game()
    s = state_of(g, dict(BUILDERS2), phase="builder")  # Slider A on its far-left notch: 5 builds
    assert g.notches[0][0] == (1, 5)
    play(s, "P@f7", "R@f9", "S@h9", "P@g7", "R@g9")  # three corners, two sides of g8
    built = {"f7": "0P", "f9": "0R", "h9": "0S", "g7": "0P", "g9": "0R"}
    # The fifth build ends the Builder stage; no Unit of player 0 is old enough to move,
    # so the turn passes: a sixth Unit could not be built.
    assert s.to_json() == position(g, {**BUILDERS2, **built}, to_move=1, phase="builder", turn=1)


def test_no_sixth_build_on_the_five_build_notch():
    g = game()
    s = state_of(g, {**BUILDERS2, "a1": "0P"}, phase="builder")  # an old Unit keeps the turn going
    play(s, "P@f7", "R@f9", "S@h9", "P@g7", "R@g9")
    assert s.to_json()["phase"] == "units"
    assert not any("@" in m for m in moves(s))


def test_a_builder_in_a_corner_builds_only_on_its_free_neighbours():
    """a1 is a corner of the board: three squares around it, b1 taken by a Unit."""
    g = game()
    s = state_of(g, {"a1": "0B", "h7": "1B", "b1": "1R"}, phase="builder")
    assert sorted(m for m in moves(s) if "@" in m) == sorted(f"{t}@{sq}" for t in "PRS" for sq in ("a2", "b2"))


def test_the_builder_still_moves_only_across_sides():
    g = game()
    s = state_of(g, dict(BUILDERS2), phase="builder")  # one step on the far-left notch
    assert sorted(m for m in moves(s) if m.startswith("B")) == ["Bf8", "Bg7", "Bg9", "Bh8"]


def test_the_rulebook_build_figure_is_a_build_the_engine_played():
    """The figure shows the 5-build notch used in full, corners included."""
    from printkit import spec as specs
    from printkit.games.mckinney.parts import build_position

    before, free, played, after, g = build_position(specs.load("mckinney"))
    assert len(played) == 5 and len(free) >= 5
    at = before.builder[0]
    assert any(g.names.index(m.split("@")[1]) not in g.adjacent[at] for m in played)  # a corner square
    assert after.to_json()["built"] in (0, 5)
