"""RPS Phoenix rules: one scenario per rule, with the exact position after the move."""

import json
import shlex

import pytest

from printkit import spec
from printkit.errors import PrintkitError, SpecError
from printkit.rules import CHANCE, IllegalAction
from printkit.games.phoenix import checks as phoenix_checks

from phoenix_helpers import ESCALATION_2P, ashes_of, game, grid_of, play, points, position, random_game


# --- setup and order of play -----------------------------------------------------

def test_who_begins_is_a_fair_chance_node_and_play_goes_clockwise():
    g = game(3)
    state = g.initial_state()
    assert state.current_player == CHANCE
    outcomes = state.chance_outcomes()
    assert [state.action_to_string(a) for a, _ in outcomes] == ["first Red", "first Blue", "first Green"]
    assert [p for _, p in outcomes] == pytest.approx([1 / 3] * 3)
    play(state, "first Blue")
    assert state.to_json()["to_move"] == "Blue" and state.to_json()["stage"] == "entry-roll"
    assert len(state.chance_outcomes()) == 36
    play(state, "2-5", "S 2,5")
    assert state.to_json()["to_move"] == "Green"
    assert state.to_json()["turn"] == 1
    assert grid_of(state) == {"2,5": "Blue S"}


def test_the_entering_player_chooses_which_bird_enters():
    state = play(game().initial_state(), "first Red", "4-1")
    assert [state.action_to_string(a) for a in state.legal_actions()] == ["R 4,1", "P 4,1", "S 4,1"]
    play(state, "P 4,1")
    assert grid_of(state) == {"4,1": "Red P"}
    assert state.to_json()["hand"]["Red"] == {"rock": 1, "paper": 0, "scissors": 1}


# --- the entry phase -----------------------------------------------------------------

def test_entry_on_own_bird_ends_the_turn_with_nothing_done():
    g = game()
    state = position(g, {"3,5": "Red R", "1,1": "Blue S"}, stage="entry-roll",
                     hand={"Red": "PS", "Blue": "RP"}, turn=2)
    play(state, "3-5")
    assert grid_of(state) == {"3,5": "Red R", "1,1": "Blue S"}
    assert state.to_json()["hand"]["Red"] == {"rock": 0, "paper": 1, "scissors": 1}
    assert (state.to_json()["turn"], state.to_json()["to_move"]) == (3, "Blue")


@pytest.mark.parametrize("letter", ["R", "P", "S"])
def test_entry_onto_an_opponent_eliminates_it_regardless_of_type(letter):
    g = game()
    state = position(g, {"3,5": "Blue P"}, stage="entry-roll", hand={"Red": "RPS", "Blue": "RS"})
    play(state, "3-5", f"{letter} 3,5")
    assert grid_of(state) == {"3,5": f"Red {letter}"}
    assert ashes_of(state, "Blue") == {"paper": 1}
    assert points(state, "Red") == 1


def test_entering_next_to_an_opponent_starts_no_interaction():
    g = game()
    state = position(g, {"4,4": "Blue S"}, stage="entry-roll", hand={"Red": "RPS", "Blue": "RP"})
    play(state, "3-3", "R 3,3")  # Rock beats Scissors, but entering is not a move
    assert grid_of(state) == {"3,3": "Red R", "4,4": "Blue S"}


def test_nobody_moves_until_every_bird_has_entered():
    """"Once all Birds are activated (on the grid or in the Ashes), players have two
    options on their turn": Red, done entering, still rolls to enter (placing nothing)
    while Blue has a Bird in hand; once Blue's last Bird is in, Red may move."""
    g = game()
    state = position(g, {"2,2": "Red R", "5,5": "Red P", "1,6": "Red S", "3,4": "Blue R"},
                     to_move="Blue", stage="entry-roll", hand={"Blue": "PS"})
    assert state.current_player == CHANCE  # Blue must roll to enter
    play(state, "6-1", "S 6,1")
    assert state.to_json()["stage"] == "entry-roll"  # Blue still holds its Paper: Red only rolls
    play(state, "4-1")  # nothing there, nothing placed
    play(state, "6-3", "P 6,3")  # Blue's last Bird
    assert state.to_json()["stage"] == "choose" and state.to_json()["to_move"] == "Red"
    moves = [state.action_to_string(a) for a in state.legal_actions()]
    assert moves[0] == "roll" and "R d 2,2>1,1" in moves and "R d 2,2>3,3" in moves


# --- movement and interaction ---------------------------------------------------------

def test_diagonal_move_winner_takes_the_losers_square():
    g = game()
    state = position(g, {"2,2": "Red R", "4,4": "Blue S", "6,1": "Blue P", "1,6": "Red P"})
    play(state, "R d 2,2>3,3")
    assert grid_of(state) == {"4,4": "Red R", "6,1": "Blue P", "1,6": "Red P"}
    assert ashes_of(state, "Blue") == {"rock": 1, "scissors": 1}
    assert points(state, "Red") == 1
    assert state.to_json()["to_move"] == "Blue"


def test_moving_next_to_a_bird_that_beats_you_loses_the_mover():
    g = game()
    state = position(g, {"2,2": "Red R", "4,4": "Blue P", "6,1": "Blue S", "1,6": "Red P"})
    play(state, "R d 2,2>3,3")
    assert grid_of(state) == {"3,3": "Blue P", "6,1": "Blue S", "1,6": "Red P"}
    assert ashes_of(state, "Red") == {"rock": 1, "scissors": 1}
    assert points(state, "Blue") == 1 and points(state, "Red") == 0


def test_same_types_do_not_interact_in_the_normal_phase():
    g = game()
    state = position(g, {"2,2": "Red R", "4,4": "Blue R", "6,1": "Blue S", "1,6": "Red P"})
    play(state, "R d 2,2>3,3")
    assert grid_of(state) == {"3,3": "Red R", "4,4": "Blue R", "6,1": "Blue S", "1,6": "Red P"}


def test_a_chain_of_two_interactions_in_one_turn():
    # Red's Rock takes Blue's Scissors on 4,4, which puts it next to Blue's
    # Paper on 5,5: the Paper takes the Rock there, all in one move.
    g = game()
    state = position(g, {"2,2": "Red R", "4,4": "Blue S", "5,5": "Blue P", "1,6": "Red S"})
    play(state, "R d 2,2>3,3")
    assert grid_of(state) == {"4,4": "Blue P", "1,6": "Red S"}
    assert ashes_of(state, "Red") == {"rock": 1, "paper": 1}
    assert ashes_of(state, "Blue") == {"scissors": 1, "rock": 1}
    assert (points(state, "Red"), points(state, "Blue")) == (1, 1)
    assert state.to_json()["turn"] == 1


def test_several_interactions_at_once_are_resolved_in_the_movers_order():
    # Red's Rock lands on 3,3 next to Blue's Scissors (4,4) and Blue's Paper (2,4).
    g = game()
    base = position(g, {"2,2": "Red R", "4,4": "Blue S", "2,4": "Blue P", "6,6": "Red P", "1,1": "Blue R"})
    state = play(base.clone(), "R d 2,2>3,3")
    assert state.to_json()["stage"] == "interact" and state.to_json()["active"] == [3, 3]
    assert [state.action_to_string(a) for a in state.legal_actions()] == ["x 2,4", "x 4,4"]
    first_scissors = play(state.clone(), "x 4,4")  # Rock takes 4,4 and is clear of the Paper
    assert grid_of(first_scissors) == {"4,4": "Red R", "2,4": "Blue P", "6,6": "Red P", "1,1": "Blue R"}
    first_paper = play(state.clone(), "x 2,4")  # the Paper takes the Rock on 3,3, then the Scissors
    assert grid_of(first_paper) == {"3,3": "Blue P", "4,4": "Blue S", "6,6": "Red P", "1,1": "Blue R"}
    assert ashes_of(first_paper, "Red") == {"rock": 1, "scissors": 1}


def test_rolling_to_move_onto_an_opponent_captures_it_then_interacts():
    g = game()
    state = position(g, {"1,1": "Red S", "3,5": "Blue R", "4,6": "Blue P", "6,1": "Red P"})
    play(state, "roll")
    assert state.current_player == CHANCE
    play(state, "3-5")
    assert [state.action_to_string(a) for a in state.legal_actions()] == ["S 1,1>3,5", "P 6,1>3,5"]
    play(state, "S 1,1>3,5")  # the Rock goes regardless of type; then Scissors beat the Paper on 4,6
    assert grid_of(state) == {"4,6": "Red S", "6,1": "Red P"}
    assert ashes_of(state, "Blue") == {"rock": 1, "paper": 1, "scissors": 1}
    assert state.is_terminal() and state.to_json()["result"] == {"outcome": "win", "winners": ["Red"]}
    assert points(state, "Red") == 2 + 3
    assert state.returns() == [1.0, -1.0]


def test_a_roll_onto_an_own_bird_ends_the_turn():
    g = game()
    state = position(g, {"1,1": "Red S", "3,5": "Red R", "4,6": "Blue P"})
    play(state, "roll", "3-5")
    assert grid_of(state) == {"1,1": "Red S", "3,5": "Red R", "4,6": "Blue P"}
    assert (state.to_json()["turn"], state.to_json()["to_move"]) == (1, "Blue")


def test_a_player_with_no_bird_on_the_grid_can_only_roll_for_a_phoenix():
    g = game(3)
    state = position(g, {"1,1": "Red S", "4,6": "Blue P"}, to_move="Green")
    assert [state.action_to_string(a) for a in state.legal_actions()] == ["roll"]
    play(state, "roll", "2-3")
    assert state.to_json()["to_move"] == "Red"  # nothing to move: the turn ends
    state = position(g, {"1,1": "Red S", "4,6": "Blue P"}, to_move="Green")
    play(state, "roll", "2-2", "phoenix P 2,2")
    assert grid_of(state)["2,2"] == "Green P" and points(state, "Green") == 2


# --- the Phoenix ------------------------------------------------------------------------

def test_resurrection_onto_an_occupied_phoenix_square_eliminates_the_opponent():
    g = game()
    state = position(g, {"1,6": "Red S", "4,4": "Blue R", "6,1": "Blue S"})
    play(state, "roll", "4-4")
    moves = [state.action_to_string(a) for a in state.legal_actions()]
    assert moves == ["S 1,6>4,4", "phoenix R 4,4", "phoenix P 4,4"]
    play(state, "phoenix P 4,4")
    assert grid_of(state) == {"1,6": "Red S", "4,4": "Red P", "6,1": "Blue S"}
    assert ashes_of(state, "Red") == {"rock": 1}
    assert ashes_of(state, "Blue") == {"paper": 1, "rock": 1}
    score = state.to_json()["score"]["Red"]
    assert (score["eliminations"], score["resurrections"], score["points"]) == (1, 1, 3)


def test_a_phoenix_cannot_rise_onto_an_own_bird():
    g = game()
    state = position(g, {"4,4": "Red S", "6,1": "Blue S"})
    play(state, "roll", "4-4")
    assert state.to_json()["to_move"] == "Blue"


def test_a_resurrected_bird_starts_no_interaction():
    g = game()
    state = position(g, {"1,6": "Red S", "5,5": "Blue S", "6,1": "Blue R"})
    play(state, "roll", "4-4", "phoenix R 4,4")  # Rock next to Scissors: placed, not moved
    assert grid_of(state) == {"1,6": "Red S", "4,4": "Red R", "5,5": "Blue S", "6,1": "Blue R"}


# --- the Escalation Phase ------------------------------------------------------------------

def test_escalation_starts_after_27_turns_per_player():
    g = game()
    assert g.escalation_turn == ESCALATION_2P
    before = position(g, {"3,3": "Red R", "6,6": "Blue P"}, turn=ESCALATION_2P - 1)
    assert not before.to_json()["escalation"]
    assert "R d 3,3>5,5" not in [before.action_to_string(a) for a in before.legal_actions()]
    after = position(g, {"3,3": "Red R", "6,6": "Blue P"}, turn=ESCALATION_2P)
    assert after.to_json()["escalation"]
    diagonal = sorted(after.action_to_string(a) for a in after.legal_actions() if a != 0)
    # like a bishop: up to the edge, or up to (not onto) another Bird
    assert diagonal == sorted(["R d 3,3>1,1", "R d 3,3>2,2", "R d 3,3>4,4", "R d 3,3>5,5",
                               "R d 3,3>2,4", "R d 3,3>1,5", "R d 3,3>4,2", "R d 3,3>5,1"])


def test_mutual_elimination_in_the_escalation_phase():
    g = game()
    state = position(g, {"1,1": "Red R", "4,4": "Blue S", "6,1": "Blue P", "1,6": "Red P"},
                     turn=ESCALATION_2P)
    play(state, "R d 1,1>3,3")  # Rock beats Scissors, but now both go
    assert grid_of(state) == {"6,1": "Blue P", "1,6": "Red P"}
    assert ashes_of(state, "Red") == {"rock": 1, "scissors": 1}
    assert ashes_of(state, "Blue") == {"scissors": 1, "rock": 1}
    assert (points(state, "Red"), points(state, "Blue")) == (1, 1)


def test_same_types_eliminate_each_other_in_the_escalation_phase():
    g = game()
    state = position(g, {"1,1": "Red R", "4,4": "Blue R", "6,1": "Blue P", "1,6": "Red P"},
                     turn=ESCALATION_2P)
    play(state, "R d 1,1>3,3")
    assert grid_of(state) == {"6,1": "Blue P", "1,6": "Red P"}


def test_chain_reaction_step_in_the_escalation_phase():
    g = game()
    state = position(g, {"1,2": "Red R", "3,4": "Blue P", "4,5": "Blue S", "6,1": "Blue R", "1,6": "Red P"},
                     turn=ESCALATION_2P)
    play(state, "roll", "3-4", "R 1,2>3,4")
    position_json = state.to_json()
    assert position_json["stage"] == "chain" and position_json["direction"] == [1, 1]
    assert [state.action_to_string(a) for a in state.legal_actions()] == ["stop", "step 4,5"]
    play(state, "step 4,5")  # the step takes the Scissors; another step to 5,6 is offered
    assert grid_of(state) == {"4,5": "Red R", "6,1": "Blue R", "1,6": "Red P"}
    assert [state.action_to_string(a) for a in state.legal_actions()] == ["stop", "step 5,6"]
    play(state, "stop")
    assert grid_of(state) == {"4,5": "Red R", "6,1": "Blue R", "1,6": "Red P"}
    assert ashes_of(state, "Blue") == {"paper": 1, "scissors": 1}
    assert points(state, "Red") == 2 and state.to_json()["to_move"] == "Blue"


def test_chain_step_onto_an_empty_square_then_mutual_elimination():
    g = game()
    state = position(g, {"1,2": "Red R", "3,4": "Blue P", "6,4": "Blue S", "6,1": "Blue R", "1,6": "Red P"},
                     turn=ESCALATION_2P)
    play(state, "roll", "3-4", "R 1,2>3,4", "step 4,5")  # nothing diagonal to 4,5
    assert grid_of(state) == {"4,5": "Red R", "6,4": "Blue S", "6,1": "Blue R", "1,6": "Red P"}
    state = position(g, {"1,2": "Red R", "3,4": "Blue P", "5,4": "Blue S", "6,1": "Blue R", "1,6": "Red P"},
                     turn=ESCALATION_2P)
    play(state, "roll", "3-4", "R 1,2>3,4", "step 4,5")
    assert grid_of(state) == {"6,1": "Blue R", "1,6": "Red P"}  # the step met the Scissors: both gone


def test_two_resurrections_on_doubles_in_the_escalation_phase():
    g = game()
    state = position(g, {"6,1": "Blue S", "4,4": "Blue P", "2,6": "Red S"}, turn=ESCALATION_2P)
    play(state, "roll", "4-4", "phoenix R 4,4")
    assert state.to_json()["stage"] == "second-phoenix"
    options = [state.action_to_string(a) for a in state.legal_actions()]
    assert "stop" in options and "phoenix P 3,5" in options and "phoenix P 4,4" not in options
    assert len(options) == 8 + 1  # the eight empty neighbours, and stop
    play(state, "phoenix P 5,3")
    assert grid_of(state) == {"6,1": "Blue S", "4,4": "Red R", "5,3": "Red P", "2,6": "Red S"}
    score = state.to_json()["score"]["Red"]
    assert (score["resurrections"], score["eliminations"], score["points"]) == (2, 1, 5)


# --- variants --------------------------------------------------------------------------------

def test_give_away_forces_a_resurrection_on_doubles():
    g = game(variant="give-away")
    state = position(g, {"1,1": "Red S", "3,5": "Blue R", "6,6": "Blue P"})
    play(state, "roll", "2-2")
    assert [state.action_to_string(a) for a in state.legal_actions()] == ["phoenix R 2,2", "phoenix P 2,2"]
    standard = position(game(), {"1,1": "Red S", "3,5": "Blue R", "6,6": "Blue P"})
    play(standard, "roll", "2-2")
    assert "S 1,1>2,2" in [standard.action_to_string(a) for a in standard.legal_actions()]


def test_give_away_winner_is_the_first_with_every_bird_in_the_ashes():
    g = game(variant="give-away")
    state = position(g, {"2,2": "Red R", "4,4": "Blue P", "6,1": "Blue S"})
    play(state, "R d 2,2>3,3")  # Blue's Paper takes Red's last Bird: Red wins
    assert state.is_terminal()
    assert state.to_json()["result"] == {"outcome": "win", "winners": ["Red"]}
    assert state.returns() == [1.0, -1.0]
    assert state.to_json()["score"]["Red"]["win"] == 1


def test_team_partners_do_not_fight_and_the_team_wins_together():
    g = game(4, "team")
    assert g.colors == ["Red", "Blue", "Pink", "Green"]
    state = position(g, {"2,2": "Red R", "4,4": "Pink S", "6,6": "Blue S", "1,6": "Green P"})
    play(state, "R d 2,2>3,3")  # next to a partner's Scissors: nothing happens
    assert grid_of(state) == {"3,3": "Red R", "4,4": "Pink S", "6,6": "Blue S", "1,6": "Green P"}
    state = position(g, {"1,1": "Red R", "4,4": "Pink S", "6,6": "Blue S"}, to_move="Red")
    play(state, "roll", "4-4")  # a partner on the rolled square: the turn ends
    assert state.to_json()["to_move"] == "Blue"
    state = position(g, {"2,2": "Red R", "4,4": "Blue S", "6,6": "Pink P"})
    play(state, "R d 2,2>3,3")  # Blue's last Bird goes; Green has none either
    assert state.is_terminal()
    assert state.to_json()["result"] == {"outcome": "win", "winners": ["Red", "Pink"]}
    assert state.returns() == [1.0, -1.0, 1.0, -1.0]
    assert [points(state, c) for c in g.colors] == [1 + 3, 0, 3, 0]


def test_team_variant_needs_four_players():
    with pytest.raises(PrintkitError, match="four players"):
        game(2, "team")


def test_casino_pot_collects_a_chip_per_elimination_and_the_winner_takes_it():
    g = game(3, "casino")
    state = position(g, {"2,2": "Red R", "4,4": "Blue S", "5,5": "Blue P", "1,6": "Red P", "6,1": "Green R"})
    play(state, "R d 2,2>3,3")  # Rock takes Scissors, Paper takes Rock
    js = state.to_json()
    # Every Bird already in the Ashes was paid for by nobody in this made-up
    # position; the two eliminations of this move put one chip each in the pot.
    assert js["pot"] == 2 and js["chips"] == {"Red": 19, "Blue": 19, "Green": 20}
    state = position(g, {"2,2": "Red R", "4,4": "Blue S", "6,6": "Red P"},
                     chips={"Red": 18, "Blue": 17, "Green": 16}, pot=9)
    play(state, "R d 2,2>3,3")
    assert state.is_terminal()
    js = state.to_json()
    assert js["pot"] == 0 and js["chips"] == {"Red": 18 + 10, "Blue": 16, "Green": 16}
    assert state.returns() == [8.0, -4.0, -4.0]
    low, high = g.returns_bounds()
    assert (low, high) == (-20.0, 40.0)


# --- end of the game ---------------------------------------------------------------------------

def test_last_birds_eliminating_each_other_is_a_draw():
    g = game()
    state = position(g, {"1,1": "Red R", "4,4": "Blue S"}, turn=ESCALATION_2P)
    play(state, "R d 1,1>3,3")
    assert state.is_terminal()
    assert state.to_json()["result"] == {"outcome": "draw", "winners": []}
    assert state.returns() == [0.0, 0.0]


def test_a_player_with_every_bird_in_the_ashes_stays_in_a_three_player_game():
    g = game(3)
    state = position(g, {"2,2": "Red R", "4,4": "Blue S", "6,6": "Green P"})
    play(state, "R d 2,2>3,3")
    assert not state.is_terminal()
    assert state.to_json()["to_move"] == "Blue"
    assert [state.action_to_string(a) for a in state.legal_actions()] == ["roll"]


def test_the_cap_ends_a_game_unfinished():
    g = game()
    state = position(g, {"2,2": "Red R", "6,6": "Blue S"}, turn=g.max_turns - 1)
    play(state, "R d 2,2>1,1")
    assert state.is_terminal()
    assert state.to_json()["result"] == {"outcome": "unfinished", "winners": []}
    assert state.returns() == [0.0, 0.0]


# --- invariants along random games ----------------------------------------------------------------

@pytest.mark.parametrize("players,variant", [(2, "standard"), (3, "standard"), (4, "team"),
                                             (3, "give-away"), (4, "casino")])
def test_birds_are_conserved_and_scores_never_decrease(players, variant):
    g = game(players, variant)
    for seed in range(15):
        last = None
        for state in random_game(g, seed):
            js = state.to_json()
            for c in g.colors:
                for t in ("rock", "paper", "scissors"):
                    on_grid = sum(1 for e in js["grid"] if e["owner"] == c and e["bird"] == t)
                    assert js["hand"][c][t] + js["ashes"][c][t] + on_grid == 1
            points_now = [js["score"][c]["points"] for c in g.colors]
            if last is not None:
                assert all(a >= b for a, b in zip(points_now, last))
            last = points_now
            if variant == "casino":
                assert sum(js["chips"].values()) + js["pot"] == players * g.starting_chips
        assert state.is_terminal()
        assert len(state.returns()) == players


def test_positions_round_trip_through_json_and_notation():
    g = game(4, "casino")
    for seed in range(5):
        for state in random_game(g, seed):
            text = json.dumps(state.to_json())
            again = g.state_from_json(json.loads(text))
            assert again == state and again.legal_actions() == state.legal_actions()
            actions = [a for a, _ in state.chance_outcomes()] or state.legal_actions()
            for action in actions:
                assert state.string_to_action(state.action_to_string(action)) == action


def test_notation_ignores_case_and_spaces():
    g = game()
    state = position(g, {"2,2": "Red R", "6,6": "Blue S"})
    assert state.string_to_action(" r d 2, 2 > 3,3 ") == state.string_to_action("R d 2,2>3,3")
    with pytest.raises(IllegalAction):
        state.string_to_action("R d 2,2>4,4")


def test_a_position_from_another_player_count_builds_its_own_game():
    g3 = game(3)
    state = position(g3, {"2,2": "Red R", "6,6": "Blue S", "1,1": "Green P"})
    again = game(2).state_from_json(state.to_json())
    assert again.game.num_players == 3 and again == state


@pytest.mark.parametrize("change,message", [
    (lambda o: o.update(turn=-1), "turn"),
    (lambda o: o["grid"].append({"at": [2, 2], "owner": "Blue", "bird": "rock"}), "two Birds"),
    (lambda o: o["grid"].append({"at": [7, 2], "owner": "Blue", "bird": "rock"}), "out of range"),
    (lambda o: o["hand"]["Red"].update(rock=1), "between hand, grid and Ashes"),
    (lambda o: o["score"]["Red"].update(points=9), "points"),
    (lambda o: o.update(stage="dance"), "unknown stage"),
    (lambda o: o.update(escalation=True), "escalation"),
    (lambda o: o.update(stage="interact", active=[2, 2]), "interact"),
    (lambda o: o.pop("grid"), "missing grid"),
    (lambda o: o.update(players=["Red", "Pink"]), "seating"),
])
def test_malformed_positions_are_refused_with_a_reason(change, message):
    g = game()
    obj = position(g, {"2,2": "Red R", "6,6": "Blue S"}).to_json()
    change(obj)
    with pytest.raises(IllegalAction, match=message):
        g.state_from_json(obj)


def test_game_length_and_returns_are_declared():
    g = game(4, "standard")
    assert g.max_game_length >= g.max_turns * 2
    assert g.returns_bounds() == (-1.0, 1.0)


# --- spec checks -------------------------------------------------------------------------------------

def write_spec(tmp_path, replacements):
    text = (spec.SPECS_DIR / "phoenix.yaml").read_text(encoding="utf-8")
    for old, new in replacements:
        assert old in text, old
        text = text.replace(old, new)
    path = tmp_path / "custom.yaml"
    path.write_text(text, encoding="utf-8")
    return path, text.splitlines()


def line_of(lines, word):
    return next(i + 1 for i, line in enumerate(lines) if word in line)


def test_spec_checks_report_each_problem_at_its_line(tmp_path):
    path, lines = write_spec(tmp_path, [
        ("columns: 6 ", "columns: 5 "),
        ("[5, 5], [6, 6]]", "[5, 5], [6, 5]]"),
        ("players: {min: 2, max: 4}", "players: {min: 2, max: 3}"),
    ])
    with pytest.raises(SpecError) as info:
        spec.load(str(path))
    by_line = {(p.line, p.message.split()[0]) for p in info.value.problems}
    messages = " | ".join(p.message for p in info.value.problems)
    assert "must match the faces of the Black die" in messages
    assert "[6, 5] is not a double" in messages
    assert "Team game needs four players" in messages
    assert line_of(lines, "columns: 5") in {line for line, _ in by_line}
    assert line_of(lines, "phoenix_squares") in {line for line, _ in by_line}


def test_spec_checks_missing_doubles_and_bird_counts(tmp_path):
    path, _ = write_spec(tmp_path, [("[5, 5], [6, 6]]", "[5, 5]]"),
                                    ("counts: {rock: 1,", "counts: {rock: 2,")])
    with pytest.raises(SpecError) as info:
        spec.load(str(path))
    assert any("missing: [6, 6]" in p.message for p in info.value.problems)
    path, _ = write_spec(tmp_path, [("counts: {rock: 1,", "counts: {rock: 2,")])
    loaded = spec.load(str(path))
    assert any("one Rock, one Paper" in p.message for p in loaded.warnings)


def test_the_bundled_spec_has_no_problems():
    loaded = spec.load("phoenix")
    assert loaded.warnings == []
    assert phoenix_checks.check_spec(loaded) == []


def test_the_notation_examples_of_the_reference_are_real():
    from printkit import kit, rulebook

    text = rulebook.render(spec.load("phoenix"), kit.BuildOptions(colors=4), reference=True)
    blocks = text.split("```")[1::2]
    (example,) = [b for b in blocks if b.lstrip().startswith("{")]
    state = game().state_from_json(json.loads(example))
    assert state.to_json()["turn"] == 6 and state.current_player == CHANCE
    (opening,) = [b for b in blocks if "first" in b]
    moves = shlex.split(opening)
    state = play(game().initial_state(), *moves)
    assert grid_of(state) == {"3,5": "Red R", "2,2": "Blue P"} and state.to_json()["turn"] == 3


def test_player_counts_per_variant_and_seating_warnings(tmp_path):
    loaded = spec.load("phoenix")
    assert phoenix_checks.player_counts(loaded, "team") == [4]
    assert phoenix_checks.player_counts(loaded) == [2, 3, 4]
    path, _ = write_spec(tmp_path, [('"4": [Red, Blue, Pink, Green]', '"4": [Red, Pink, Blue, Green]')])
    warned = spec.load(str(path)).warnings
    assert any("opposite" in p.message for p in warned)
