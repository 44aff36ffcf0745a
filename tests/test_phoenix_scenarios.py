"""RPS Phoenix: more exact scenarios, one rule sentence (or one reading of it) each.

Each test sets up a position, plays the moves in notation and checks the
whole grid, the Ashes, the scores or the legal moves that follow.
"""

from __future__ import annotations

import json
import random

import pytest

from phoenix_helpers import (ESCALATION_2P, ashes_of, game, grid_of, moves, play, points, position,
                             random_game, score_of)
from printkit.rules import CHANCE

ALL_ROLLS = [f"{x}-{y}" for x in range(1, 7) for y in range(1, 7)]


# --- dice and the order of play ---------------------------------------------------

@pytest.mark.parametrize("stage,to_move,hand", [("entry-roll", "Red", {"Red": "RPS", "Blue": "RPS"}),
                                                ("roll", "Red", {})])
def test_the_dice_are_36_outcomes_of_one_36th_each(stage, to_move, hand):
    grid = {} if hand else {"2,2": "Red R", "5,5": "Blue S"}
    state = position(game(), grid, stage=stage, to_move=to_move, hand=hand)
    assert state.current_player == CHANCE and state.legal_actions() == []
    outcomes = state.chance_outcomes()
    assert sorted(state.action_to_string(a) for a, _ in outcomes) == sorted(ALL_ROLLS)
    assert all(p == pytest.approx(1 / 36, abs=1e-15) for _, p in outcomes)
    assert sum(p for _, p in outcomes) == pytest.approx(1.0, abs=1e-12)


@pytest.mark.parametrize("players,variant", [(2, None), (3, None), (4, None), (4, "team")])
def test_each_player_is_as_likely_to_begin(players, variant):
    state = game(players, variant).initial_state()
    outcomes = state.chance_outcomes()
    assert [p for _, p in outcomes] == pytest.approx([1 / players] * players)
    assert [state.action_to_string(a) for a, _ in outcomes] == [f"first {c}" for c in state.game.colors]


def test_every_kind_of_turn_moves_the_turn_counter_on_by_one():
    """"Each completed turn increases the turn counter by one": entries, rolls with
    nothing to place, rolls onto an own Bird, moves."""
    g = game()
    state = position(g, {"2,2": "Red R", "6,6": "Blue S"}, stage="entry-roll", hand={"Blue": "RP"})
    turns = []
    for move in ("3-3",                    # Red has nothing to enter: the roll places nothing
                 "1-1", "R 1,1",           # Blue enters
                 "4-4",                    # Red again: nothing
                 "1-1",                    # Blue rolls onto its own Bird: nothing
                 "5-5",                    # Red: nothing
                 "5-2", "P 5,2",           # Blue's last Bird enters: the entry phase is over
                 "roll", "3-4"):           # Red now moves: a roll to an empty square
        play(state, move)
        turns.append(state.to_json()["turn"])
    assert turns == [1, 1, 2, 3, 4, 5, 5, 6, 6, 6]
    play(state, "R 2,2>3,4")
    assert state.to_json()["turn"] == 7 and state.to_json()["to_move"] == "Blue"


# --- the entry phase ----------------------------------------------------------------

def test_the_entry_phase_is_one_phase_for_everyone():
    """"This initial phase continues until all players have placed their Birds on the
    grid or in the Ashes" and "Once all Birds are activated (on the grid or in the
    Ashes), players have two options on their turn": Blue, all three Birds entered,
    may neither move diagonally nor roll to move while Red still has one to enter."""
    g = game()
    grid = {"1,1": "Blue R", "3,3": "Blue P", "6,6": "Blue S", "2,5": "Red R", "5,2": "Red P"}
    state = position(g, grid, stage="entry-roll", to_move="Blue", hand={"Red": "S"})
    # Blue's turn is a roll of the dice, not a choice of "roll" or a diagonal move.
    assert state.current_player == CHANCE and sorted(moves(state)) == sorted(ALL_ROLLS)
    play(state, "4-4")  # an empty square: Blue places nothing, nothing moves
    assert grid_of(state) == grid and state.to_json()["to_move"] == "Red"
    assert state.to_json()["stage"] == "entry-roll" and state.to_json()["turn"] == 1
    play(state, "4-5", "S 4,5")  # Red's last Bird enters
    # Now every Bird is in play: Blue chooses between rolling and a diagonal move.
    assert state.to_json()["stage"] == "choose" and state.to_json()["to_move"] == "Blue"
    assert moves(state)[0] == "roll" and any(" d " in m for m in moves(state))


def test_a_roll_with_nothing_to_enter_still_eliminates_an_opponents_bird():
    """"If the rolled coordinates contain an opponent's Bird, the opponent's Bird is
    eliminated regardless of RPS rules and sent to the Ashes"; Blue places nothing."""
    g = game()
    grid = {"1,1": "Blue R", "3,3": "Blue P", "6,6": "Blue S", "2,5": "Red R", "5,2": "Red P"}
    state = position(g, grid, stage="entry-roll", to_move="Blue", hand={"Red": "S"})
    play(state, "2-5")
    assert grid_of(state) == {k: v for k, v in grid.items() if k != "2,5"}
    assert ashes_of(state, "Red") == {"rock": 1}
    assert score_of(state, "Blue")[0] == 1  # an elimination scored
    # Red still enters; Blue's next turn is again an entry roll.
    play(state, "4-4", "S 4,4")
    assert state.to_json()["stage"] == "choose"


def test_a_roll_with_nothing_to_enter_onto_an_own_bird_does_nothing():
    g = game()
    grid = {"1,1": "Blue R", "3,3": "Blue P", "6,6": "Blue S", "2,5": "Red R"}
    state = position(g, grid, stage="entry-roll", to_move="Blue", hand={"Red": "PS"})
    play(state, "3-3")
    assert grid_of(state) == grid and state.to_json()["to_move"] == "Red"


def test_doubles_while_entering_are_an_entry_not_a_phoenix():
    g = game()
    # Red's Rock was eliminated while the Paper and the Scissors wait to enter.
    state = position(g, {"5,5": "Blue R"}, stage="entry-roll", hand={"Red": "PS", "Blue": "PS"})
    assert ashes_of(state, "Red") == {"rock": 1}
    play(state, "2-2")
    assert moves(state) == ["P 2,2", "S 2,2"]
    play(state, "S 2,2")
    assert grid_of(state) == {"2,2": "Red S", "5,5": "Blue R"}
    assert score_of(state, "Red") == (0, 0, 0)


def test_entry_onto_a_partners_bird_ends_the_turn_and_onto_an_opponent_eliminates_it():
    g = game(4, "team")
    hand = {c: "PS" for c in g.colors}
    grid = {"2,2": "Red R", "3,3": "Blue R", "4,4": "Pink R", "5,5": "Green R"}
    state = position(g, grid, stage="entry-roll", hand=hand)
    play(state, "4-4")  # Pink is Red's partner
    assert grid_of(state) == grid and state.to_json()["to_move"] == "Blue"
    state = position(g, grid, stage="entry-roll", hand=hand)
    play(state, "5-5", "P 5,5")  # Green is not
    assert grid_of(state)["5,5"] == "Red P" and ashes_of(state, "Green") == {"rock": 1}


# --- moving ---------------------------------------------------------------------------

def test_a_roll_moves_any_bird_from_anywhere_to_the_rolled_square():
    g = game()
    state = position(g, {"1,1": "Red R", "6,6": "Red P", "1,6": "Red S", "6,1": "Blue S"})
    play(state, "roll", "4-2")
    assert moves(state) == ["R 1,1>4,2", "S 1,6>4,2", "P 6,6>4,2"]
    play(state, "P 6,6>4,2")  # lands next to nothing: no fight
    assert grid_of(state) == {"1,1": "Red R", "4,2": "Red P", "1,6": "Red S", "6,1": "Blue S"}


def test_a_diagonal_move_goes_one_square_to_an_empty_square_only():
    g = game()
    state = position(g, {"1,1": "Red R", "2,2": "Blue P", "6,3": "Red S", "5,4": "Blue S"})
    assert moves(state) == ["roll", "S d 6,3>5,2"]  # 1,1 is boxed in; 5,4 is taken


def test_a_winner_of_another_colour_fights_on_against_a_third_player():
    # Red's Rock lands on 3,3 and loses to Blue's Paper (4,4), which takes 3,3
    # and there beats Green's Rock on 2,4 (the mover's Rock and Green's are
    # the same type, so they never fought).
    g = game(3)
    state = position(g, {"2,2": "Red R", "4,4": "Blue P", "2,4": "Green R", "6,1": "Red S",
                         "1,6": "Blue S", "6,6": "Green S"})
    play(state, "R d 2,2>3,3")
    assert grid_of(state) == {"2,4": "Blue P", "6,1": "Red S", "1,6": "Blue S", "6,6": "Green S"}
    assert [score_of(state, c)[0] for c in g.colors] == [0, 2, 0]
    assert ashes_of(state, "Red") == {"rock": 1, "paper": 1} and ashes_of(state, "Green") == {"rock": 1, "paper": 1}
    assert state.to_json()["to_move"] == "Blue"


def test_the_mover_chooses_the_order_of_a_winners_fights_too():
    # Red's Scissors beat Blue's Paper and take 4,4, next to two Rocks.
    g = game(3)
    grid = {"2,2": "Red S", "4,4": "Blue P", "5,5": "Blue R", "5,3": "Green R", "1,6": "Red P",
            "6,6": "Green S"}
    state = play(position(g, grid), "S d 2,2>3,3")
    js = state.to_json()
    assert (js["stage"], js["to_move"], js["active"]) == ("interact", "Red", [4, 4])
    assert moves(state) == ["x 5,3", "x 5,5"]
    blue_first = play(state.clone(), "x 5,5")
    assert grid_of(blue_first) == {"4,4": "Blue R", "5,3": "Green R", "1,6": "Red P", "6,6": "Green S"}
    green_first = play(state.clone(), "x 5,3")
    assert grid_of(green_first) == {"4,4": "Green R", "5,5": "Blue R", "1,6": "Red P", "6,6": "Green S"}
    assert [score_of(green_first, c)[0] for c in g.colors] == [1, 0, 1]


def test_birds_already_side_by_side_do_not_fight_until_one_moves():
    g = game()
    state = position(g, {"3,3": "Red R", "4,4": "Blue S", "1,6": "Red P", "6,1": "Blue P"})
    play(state, "P d 1,6>2,5")  # the Paper moves; the Rock and the Scissors stay as they are
    assert grid_of(state) == {"3,3": "Red R", "4,4": "Blue S", "2,5": "Red P", "6,1": "Blue P"}


# --- the Phoenix ----------------------------------------------------------------------

def test_outside_the_escalation_phase_one_bird_rises_and_the_turn_ends():
    g = game()
    state = position(g, {"1,6": "Red S", "6,1": "Blue S"})
    play(state, "roll", "3-3")
    assert moves(state) == ["S 1,6>3,3", "phoenix R 3,3", "phoenix P 3,3"]
    play(state, "phoenix R 3,3")
    assert grid_of(state) == {"1,6": "Red S", "3,3": "Red R", "6,1": "Blue S"}
    assert ashes_of(state, "Red") == {"paper": 1}
    assert (state.to_json()["to_move"], state.to_json()["turn"]) == ("Blue", 1)
    assert score_of(state, "Red") == (0, 1, 0) and points(state, "Red") == 2


def test_a_player_with_every_bird_in_the_ashes_comes_back_on_a_phoenix():
    g = game(3)
    state = position(g, {"1,1": "Red S", "4,6": "Blue P"}, to_move="Green")
    play(state, "roll", "5-5", "phoenix S 5,5")
    assert grid_of(state) == {"1,1": "Red S", "4,6": "Blue P", "5,5": "Green S"}
    assert not state.is_terminal() and state.to_json()["to_move"] == "Red"


# --- the Escalation Phase ----------------------------------------------------------------

def test_escalation_begins_after_27_turns_each_for_three_players():
    g = game(3)
    assert g.escalation_turn == 81
    grid = {"3,3": "Red R", "6,6": "Blue P", "1,6": "Green S"}
    assert not position(g, grid, turn=80).escalation
    assert position(g, grid, turn=81).escalation
    state = position(g, grid, turn=80)
    play(state, "R d 3,3>4,4")  # the last turn of the Normal Phase: one square
    assert state.to_json()["escalation"] and state.to_json()["to_move"] == "Blue"


def test_a_long_diagonal_stops_before_a_bird_and_at_the_edge():
    g = game()
    state = position(g, {"1,1": "Red R", "4,4": "Blue S", "6,1": "Blue P"}, turn=ESCALATION_2P)
    assert moves(state) == ["roll", "R d 1,1>2,2", "R d 1,1>3,3"]  # not onto 4,4, nor past it


def test_a_long_move_fights_where_it_stops_and_mutual_elimination_lapses_the_rest():
    g = game()
    grid = {"1,1": "Red S", "5,5": "Blue P", "3,5": "Blue R", "6,1": "Blue S", "1,6": "Red P"}
    state = play(position(g, grid, turn=ESCALATION_2P), "S d 1,1>4,4")
    assert state.to_json()["stage"] == "interact" and moves(state) == ["x 3,5", "x 5,5"]
    play(state, "x 5,5")  # Scissors and Paper both go; the Rock on 3,5 is left alone
    assert grid_of(state) == {"3,5": "Blue R", "6,1": "Blue S", "1,6": "Red P"}
    assert [score_of(state, c)[0] for c in g.colors] == [1, 1]


def test_a_roll_to_an_empty_square_offers_no_chain_step():
    g = game()
    state = position(g, {"1,1": "Red R", "4,5": "Blue S", "6,1": "Blue P", "1,6": "Red P"},
                     turn=ESCALATION_2P)
    play(state, "roll", "3-4", "R 1,1>3,4")  # empty: no capture, so no step; then the fight
    assert grid_of(state) == {"6,1": "Blue P", "1,6": "Red P"}
    assert state.to_json()["to_move"] == "Blue"


def test_the_chain_step_keeps_the_direction_of_a_straight_roll():
    # The clarification's example: from (2, 5) rolled to (2, 3), the step goes to (2, 2).
    g = game()
    state = position(g, {"2,5": "Red R", "2,3": "Blue P", "6,1": "Blue R", "6,6": "Blue S"},
                     turn=ESCALATION_2P)
    play(state, "roll", "2-3", "R 2,5>2,3")
    assert state.to_json()["direction"] == [0, -1]
    assert moves(state) == ["stop", "step 2,2"]
    play(state, "step 2,2")
    assert grid_of(state) == {"2,2": "Red R", "6,1": "Blue R", "6,6": "Blue S"}


@pytest.mark.parametrize("grid,rolled,move", [
    ({"1,1": "Red R", "3,3": "Blue P", "4,4": "Red S", "6,1": "Blue R"}, "3-3", "R 1,1>3,3"),  # own Bird
    ({"1,1": "Red R", "6,6": "Blue P", "1,6": "Red S", "6,1": "Blue R"}, "6-6", "R 1,1>6,6"),  # the edge
])
def test_no_chain_step_onto_an_own_bird_or_off_the_board(grid, rolled, move):
    g = game()
    state = position(g, grid, turn=ESCALATION_2P)
    play(state, "roll", rolled, move)
    assert state.to_json()["stage"] == "choose" and state.to_json()["to_move"] == "Blue"


def test_a_chain_step_that_takes_the_last_opposing_bird_wins_at_once():
    g = game()
    state = position(g, {"1,2": "Red R", "3,4": "Blue P", "4,5": "Blue S", "1,6": "Red P"},
                     turn=ESCALATION_2P)
    play(state, "roll", "3-4", "R 1,2>3,4", "step 4,5")
    assert state.is_terminal()
    assert grid_of(state) == {"4,5": "Red R", "1,6": "Red P"}
    assert state.to_json()["result"] == {"outcome": "win", "winners": ["Red"]}
    assert score_of(state, "Red") == (2, 0, 1) and points(state, "Red") == 2 + 3


def test_double_phoenix_onto_an_occupied_square_then_a_neighbour_in_the_corner():
    g = game()
    state = position(g, {"1,1": "Blue P", "6,1": "Blue S", "3,5": "Red S"}, turn=ESCALATION_2P)
    play(state, "roll", "1-1", "phoenix R 1,1")  # the Paper on 1,1 goes
    assert ashes_of(state, "Blue") == {"paper": 1, "rock": 1}
    assert moves(state) == ["stop", "phoenix P 1,2", "phoenix P 2,1", "phoenix P 2,2"]
    play(state, "phoenix P 2,2")
    assert grid_of(state) == {"1,1": "Red R", "2,2": "Red P", "3,5": "Red S", "6,1": "Blue S"}
    assert score_of(state, "Red") == (1, 2, 0) and points(state, "Red") == 1 + 2 * 2


def test_no_second_phoenix_without_a_second_bird_in_the_ashes():
    g = game()
    state = position(g, {"1,6": "Red S", "2,1": "Red P", "6,1": "Blue S"}, turn=ESCALATION_2P)
    play(state, "roll", "4-4", "phoenix R 4,4")
    assert state.to_json()["stage"] == "choose" and state.to_json()["to_move"] == "Blue"


# --- variants ---------------------------------------------------------------------------

def test_give_away_on_doubles_with_empty_ashes_a_bird_may_move():
    g = game(variant="give-away")
    state = position(g, {"1,1": "Red S", "3,3": "Red R", "4,4": "Red P", "6,1": "Blue S"})
    play(state, "roll", "2-2")
    assert moves(state) == ["S 1,1>2,2", "R 3,3>2,2", "P 4,4>2,2"]


def test_give_away_in_the_escalation_phase_the_second_bird_must_rise_too():
    g = game(variant="give-away")
    state = position(g, {"6,1": "Blue S", "6,6": "Blue P", "2,6": "Red S", "5,2": "Blue R"},
                     turn=ESCALATION_2P)
    play(state, "roll", "1-1", "phoenix R 1,1")
    assert moves(state) == ["phoenix P 1,2", "phoenix P 2,1", "phoenix P 2,2"]  # no stop


def test_give_away_ends_the_moment_a_player_has_every_bird_in_the_ashes():
    # Red's last Bird loses to Blue's Rock, which would fight Green's
    # Scissors next; the game is over first.
    g = game(3, "give-away")
    state = position(g, {"2,2": "Red S", "4,4": "Blue R", "2,4": "Green S", "6,6": "Blue P"})
    play(state, "S d 2,2>3,3")
    assert state.is_terminal()
    assert grid_of(state) == {"3,3": "Blue R", "2,4": "Green S", "6,6": "Blue P"}
    assert state.to_json()["result"] == {"outcome": "win", "winners": ["Red"]}
    assert state.returns() == [1.0, -0.5, -0.5]
    assert score_of(state, "Red") == (0, 0, 1) and score_of(state, "Blue") == (1, 0, 0)


def test_team_partners_are_never_stepped_on_risen_on_or_fought():
    g = game(4, "team")
    # a chain step never goes onto a partner's Bird
    state = position(g, {"1,1": "Red R", "3,3": "Blue P", "4,4": "Pink S", "6,1": "Green S"},
                     turn=g.escalation_turn)
    play(state, "roll", "3-3", "R 1,1>3,3")
    assert state.to_json()["stage"] == "choose" and grid_of(state)["3,3"] == "Red R"
    # no Phoenix onto a partner's Bird: the turn ends
    state = position(g, {"4,4": "Pink S", "6,1": "Green S", "1,6": "Blue P"})
    play(state, "roll", "4-4")
    assert state.to_json()["to_move"] == "Blue" and grid_of(state)["4,4"] == "Pink S"
    # a winner never fights its partner's Birds
    state = position(g, {"2,2": "Red S", "4,4": "Blue P", "5,5": "Pink R", "6,1": "Green S"})
    play(state, "S d 2,2>3,3")
    assert grid_of(state) == {"4,4": "Red S", "5,5": "Pink R", "6,1": "Green S"}


def test_casino_a_broke_player_pays_nothing_and_a_draw_gives_the_chips_back():
    g = game(2, "casino")
    state = position(g, {"1,1": "Red R", "4,4": "Blue S", "6,1": "Blue P", "1,6": "Red P"},
                     turn=ESCALATION_2P, chips={"Red": 0, "Blue": 35}, pot=5)
    play(state, "R d 1,1>3,3")  # mutual: Red has nothing left to pay, Blue pays one
    assert (state.to_json()["chips"], state.to_json()["pot"]) == ({"Red": 0, "Blue": 34}, 6)
    state = position(g, {"1,1": "Red R", "4,4": "Blue S"}, turn=ESCALATION_2P,
                     chips={"Red": 15, "Blue": 17}, pot=8)
    play(state, "R d 1,1>3,3")  # the last two Birds eliminate each other
    assert state.to_json()["result"]["outcome"] == "draw"
    assert (state.to_json()["chips"], state.to_json()["pot"]) == ({"Red": 20, "Blue": 20}, 0)
    assert state.returns() == [0.0, 0.0]


def test_casino_a_capped_game_is_unfinished_and_returns_nothing():
    g = game(2, "casino")
    state = position(g, {"2,2": "Red R", "6,6": "Blue S"}, turn=g.max_turns - 1,
                     chips={"Red": 12, "Blue": 20}, pot=8)
    play(state, "R d 2,2>1,1")
    assert state.is_terminal() and state.unfinished
    assert state.returns() == [0.0, 0.0] and state.to_json()["score"]["Red"]["win"] == 0


# --- returns, for every variant and player count -------------------------------------------

@pytest.mark.parametrize("players,variant", [(n, v) for v in ("standard", "give-away", "casino")
                                             for n in (2, 3, 4)] + [(4, "team")])
def test_returns_stay_within_the_declared_bounds_and_add_up_to_zero(players, variant):
    g = game(players, variant)
    low, high = g.returns_bounds()
    outcomes = set()
    for seed in range(6):
        *_, state = random_game(g, seed)
        returns = state.returns()
        assert len(returns) == players and all(low <= r <= high for r in returns)
        assert sum(returns) == pytest.approx(0.0, abs=1e-9)
        outcomes.add(state.to_json()["result"]["outcome"])
    assert outcomes <= {"win", "draw"}


# --- positions along the way round-trip --------------------------------------------------

def test_fights_after_a_chain_step_leave_a_position_that_reads_back():
    # The roll takes the Paper on 3,4; Red stops; the Rock then has two fights
    # to choose from. The finished chain step leaves no direction behind.
    g = game()
    state = position(g, {"1,2": "Red R", "3,4": "Blue P", "2,5": "Blue S", "4,3": "Blue R", "1,6": "Red P"},
                     turn=ESCALATION_2P)
    play(state, "roll", "3-4", "R 1,2>3,4", "stop")
    js = state.to_json()
    assert (js["stage"], js["active"], js["direction"]) == ("interact", [3, 4], None)
    assert moves(state) == ["x 2,5", "x 4,3"]
    assert g.state_from_json(js) == state


def escalation_start(g, rng):
    """A random Escalation Phase position: each Bird on a random square or in the Ashes."""
    squares = rng.sample([f"{x},{y}" for x in range(1, 7) for y in range(1, 7)], 3 * g.num_players)
    grid = {}
    for i, colour in enumerate(g.colors):
        birds = {squares[3 * i + k]: f"{colour} {letter}" for k, letter in enumerate("RPS") if rng.random() < 0.8}
        grid.update(birds or {squares[3 * i]: f"{colour} R"})
    return position(g, grid, turn=g.escalation_turn, to_move=rng.choice(g.colors))


@pytest.mark.parametrize("players,variant", [(4, "standard"), (4, "team")])
def test_positions_after_escalation_rolls_and_chain_steps_read_back_from_json(players, variant):
    """Random Escalation games that mostly roll; every move after a roll or
    at a chain step (where a chain, then fights, can follow) is tried, and
    the position it leads to must read back as itself."""
    g = game(players, variant)
    checked = 0
    for seed in range(50):
        rng = random.Random(seed)
        state = escalation_start(g, rng)
        while not state.is_terminal():
            if state.stage in ("after-roll", "chain"):
                for action in state.legal_actions():
                    after = state.clone()
                    after.apply(action)
                    back = g.state_from_json(json.loads(json.dumps(after.to_json())))
                    assert back == after and back.legal_actions() == after.legal_actions(), after.to_json()
                    checked += 1
            if state.is_chance_node():
                actions, weights = zip(*state.chance_outcomes())
                action = rng.choices(actions, weights)[0]
            elif state.stage == "choose" and rng.random() < 0.7:
                action = state.string_to_action("roll")
            else:
                action = rng.choice(state.legal_actions())
            state.apply(action)
    assert checked > 300
