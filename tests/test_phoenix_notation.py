"""RPS Phoenix notation and positions: what a typo or a broken position file gets back."""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

from phoenix_helpers import ESCALATION_2P, game, moves, play, position
from printkit.cli import main
from printkit.rules import IllegalAction


def run(*args):
    return CliRunner().invoke(main, [str(a) for a in args])


# --- the notation parser -----------------------------------------------------------

def test_text_that_is_no_move_at_all_gets_the_forms_of_a_move():
    state = play(game().initial_state(), "first Red")
    with pytest.raises(IllegalAction) as info:
        state.string_to_action("hello")
    message = str(info.value)
    assert "'hello' is not RPS Phoenix notation" in message
    for example in ("3-5", "R 3,5", "roll", "P 2,3>3,5", "S d 2,3>3,4", "phoenix R 4,4", "step 4,5"):
        assert example in message


@pytest.mark.parametrize("text,expected", [
    ("9-9", "the black die's X (1 to 6) then the white die's Y (1 to 6)"),
    ("0-3", "the black die's X (1 to 6)"),
    ("R 3,5", "the dice are written X-Y"),
])
def test_a_roll_out_of_range_or_a_move_at_a_roll_says_how_rolls_are_written(text, expected):
    state = play(game().initial_state(), "first Red")
    with pytest.raises(IllegalAction, match="Red rolls the dice to enter a Bird") as info:
        state.string_to_action(text)
    assert expected in str(info.value)
    assert "legal:" not in str(info.value)  # not the 36 outcomes


def test_a_move_not_legal_now_names_the_stage_and_the_legal_moves():
    state = play(game().initial_state(), "first Red", "3-3")
    with pytest.raises(IllegalAction) as info:
        state.string_to_action("R 3,4")
    assert str(info.value) == ("'R 3,4' is not a legal move now: Red enters a Bird on the rolled "
                               "square 3,3 (legal: R 3,3, P 3,3, S 3,3)")


def test_a_bird_named_where_it_is_not_is_pointed_out():
    state = position(game(), {"3,3": "Red R", "6,6": "Blue S"})
    with pytest.raises(IllegalAction, match="Red has no Scissors on 3,3") as info:
        state.string_to_action("S d 3,3>4,4")
    assert "(legal: roll, R d 3,3>2,2, R d 3,3>2,4, R d 3,3>4,2, R d 3,3>4,4)" in str(info.value)
    with pytest.raises(IllegalAction, match="squares run from 1,1 to 6,6"):
        state.string_to_action("R d 3,3>7,7")


def test_a_long_list_of_legal_moves_is_cut_short():
    state = position(game(), {"3,3": "Red R", "4,3": "Red P", "3,4": "Red S", "6,1": "Blue S"},
                     turn=ESCALATION_2P)
    assert len(moves(state)) > 20
    with pytest.raises(IllegalAction, match=r", \.\.\. \(\d+ in all\)\)$"):
        state.string_to_action("R d 3,3>3,5")


def test_a_bare_step_is_the_chain_step_and_other_input_is_refused():
    g = game()
    state = position(g, {"1,2": "Red R", "3,4": "Blue P", "6,1": "Blue R", "1,6": "Red P"},
                     turn=ESCALATION_2P)
    play(state, "roll", "3-4", "R 1,2>3,4")
    assert state.string_to_action("step") == state.string_to_action("step 4,5")
    with pytest.raises(IllegalAction, match="may step on, or stop"):
        state.string_to_action("step 5,6")
    with pytest.raises(IllegalAction, match="a move is text"):
        state.string_to_action(None)


def test_a_finished_game_takes_no_move():
    state = position(game(), {"2,2": "Red R", "4,4": "Blue S"})
    play(state, "R d 2,2>3,3")
    with pytest.raises(IllegalAction, match="the game is over"):
        state.string_to_action("roll")


# --- positions: refused with the reason ------------------------------------------------

def chain_position():
    """After a roll capture on 3,4 and a step that captured on 4,5: another step is offered."""
    state = position(game(), {"1,2": "Red R", "3,4": "Blue P", "4,5": "Blue S", "6,1": "Blue R", "1,6": "Red P"},
                     turn=ESCALATION_2P)
    return play(state, "roll", "3-4", "R 1,2>3,4", "step 4,5").to_json()


def second_phoenix_position():
    state = position(game(), {"6,1": "Blue S", "4,4": "Blue P", "2,6": "Red S"}, turn=ESCALATION_2P)
    return play(state, "roll", "4-4", "phoenix R 4,4").to_json()


@pytest.mark.parametrize("make,change,message", [
    (chain_position, lambda o: o.update(direction=[1, 0]), "line from it in 'direction'"),
    (chain_position, lambda o: o.update(active=[1, 6]), "chain-reaction step needs the player's Bird"),
    (chain_position, lambda o: o.update(turn=3, escalation=False), "only in the Escalation Phase"),
    (second_phoenix_position, lambda o: o.update(active=[2, 2], rolled=[2, 2]),
     "where the player's Bird has just risen"),
    (second_phoenix_position, lambda o: o.update(active=[2, 6]), "next to a Phoenix square"),
    (second_phoenix_position, lambda o: o.update(direction=[1, 1]), "'direction' must be null"),
])
def test_pending_stages_that_the_rules_cannot_reach_are_refused(make, change, message):
    g = game()
    obj = make()
    assert g.state_from_json(obj).to_json() == obj
    change(obj)
    with pytest.raises(IllegalAction, match=message):
        g.state_from_json(obj)


@pytest.mark.parametrize("change,message", [
    (lambda o: o.update(game="mckinney"), "'game' must be \"phoenix\""),
    (lambda o: o.update(variant="poker"), "unknown variant 'poker'"),
    (lambda o: o.update(players=["Red"]), "2 to 4 players, not 1"),
    (lambda o: o.update(variant="team"), "Team variant is for four players"),
    (lambda o: o.update(to_move="Purple"), "'to_move' 'Purple'"),
    (lambda o: o.update(rolled=[3]), "rolled must be \\[x, y\\], not \\[3\\]"),
    (lambda o: o["grid"][0].update(bird="lizard"), "unknown owner or bird"),
    (lambda o: o["grid"].reverse(), "sorted by square"),
    (lambda o: o["hand"]["Red"].update(rock=True), "whole number"),
    (lambda o: o["score"]["Red"].pop("win"), "score of Red must have"),
    (lambda o: o.update(result={"outcome": "win", "winners": ["Red"]}), "only a finished game"),
    (lambda o: o.update(stage="over", to_move=None, result={"outcome": "win", "winners": ["Red"]}),
     "not over in this position"),
    (lambda o: o.update(extra=1), "unknown key\\(s\\) extra"),
])
def test_malformed_positions_name_the_problem(change, message):
    g = game()
    obj = position(g, {"2,2": "Red R", "6,6": "Blue S"}).to_json()
    change(obj)
    with pytest.raises(IllegalAction, match=message):
        g.state_from_json(obj)


# --- the command line -------------------------------------------------------------------

@pytest.mark.parametrize("content,message", [
    ("{not json", "malformed position JSON"),
    ("[1, 2]", "a position is a JSON object"),
    ('{"game": "phoenix", "variant": "standard", "players": ["Red", "Blue"]}', "missing active"),
    (b"\xff\xfe\x00", "cannot read position"),
])
def test_moves_with_a_bad_position_file_is_a_message_and_exit_2(tmp_path, content, message):
    path = tmp_path / "bad.json"
    if isinstance(content, bytes):
        path.write_bytes(content)
    else:
        path.write_text(content, encoding="utf-8")
    result = run("moves", "phoenix", "--position", path)
    assert result.exit_code == 2, result.output
    assert message in result.output
    assert "Traceback" not in result.output and not isinstance(result.exception, (KeyError, TypeError))


def test_moves_and_apply_on_a_position_file(tmp_path):
    state = position(game(), {"3,3": "Red R", "6,6": "Blue S"})
    path = tmp_path / "pos.json"
    path.write_text(json.dumps(state.to_json()), encoding="utf-8")
    result = run("moves", "phoenix", "--position", path)
    assert result.exit_code == 0
    assert result.output.split("\n")[:-1] == ["roll", "R d 3,3>2,2", "R d 3,3>2,4", "R d 3,3>4,2", "R d 3,3>4,4"]
    result = run("apply", "phoenix", "--position", path, "r d 3,3 > 4,4")
    assert result.exit_code == 0
    assert json.loads(result.output)["grid"][0] == {"at": [4, 4], "owner": "Red", "bird": "rock"}
    result = run("apply", "phoenix", "--position", path, "R d 3,3>5,5")
    assert result.exit_code == 2
    assert "move 1 'R d 3,3>5,5': 'R d 3,3>5,5' is not a legal move now" in result.output
