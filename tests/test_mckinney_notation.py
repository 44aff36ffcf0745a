"""The rulebook's notation appendix says what the engine does, and the engine reads moves as it says."""

from __future__ import annotations

import json
import random
import re

import pytest

from printkit import rules, spec
from printkit.playout import choose
from printkit.rules import IllegalAction
from printkit.kit import BuildOptions
from printkit.rulebook.templating import render


def appendix(name="mckinney") -> str:
    return render(spec.load(name), BuildOptions(), name="mckinney-notation.md.j2")


def test_example_position_is_the_engines_start():
    text = appendix()
    block = re.search(r"```\n(\{\n \"game\": \"mckinney\".*?\n\})\n```", text, re.S)[1]
    obj = json.loads(block)
    g = rules.load("mckinney", players=len(obj["players"]))
    assert g.state_from_json(obj).to_json() == g.initial_state().to_json()


def test_start_squares_in_the_table_are_the_engines():
    text = appendix()
    rows = re.findall(r"^\| (\d) \| \w+ \| [\w-]+ \| (\w\d+) \|$", text, re.M)
    g = rules.load("mckinney", players=4)
    assert {int(seat): square for seat, square in rows} == {
        seat: g.names[start] for seat, start in zip(g.seats, g.starts)}


def test_documented_command_line_moves_are_legal():
    g = rules.load("mckinney", players=2)
    s = g.initial_state()
    for move in ("P@f8", "done"):
        s.apply(s.string_to_action(move))
    assert s.current_player == 1


# --- Reading moves ---------------------------------------------------------------------

def _state(pieces=None, **kw):
    from test_mckinney_rules import BUILDERS2, game, state_of

    return state_of(game(), pieces or dict(BUILDERS2), **kw)


@pytest.mark.parametrize("text, canonical", [
    ("Bg9", "Bg9"), ("bg9", "Bg9"), ("BG9", "Bg9"), ("  B g9\t", "Bg9"),
    ("P@f8", "P@f8"), ("p@F8", "P@f8"), ("s @ f8", "S@f8"),
    ("pass", "pass"), ("PASS", "pass"), (" Pass ", "pass"),
])
def test_builder_moves_read_without_regard_to_case_or_spaces(text, canonical):
    s = _state(phase="builder")
    assert s.action_to_string(s.string_to_action(text)) == canonical


@pytest.mark.parametrize("text", ["B+", "b+", "B +", " b+ "])
def test_slider_moves_read_without_regard_to_case(text):
    # Seat 0's B space with 1 dot is f10; the Builder steps onto it from f9.
    s = _state({"f9": "0B", "h7": "1B"}, phase="builder")
    s.apply(s.string_to_action("Bf10"))
    assert s.to_json()["phase"] == "slider"
    assert s.action_to_string(s.string_to_action(text)) == "B+"
    with pytest.raises(IllegalAction, match="stands on a Slider B space, not A"):
        s.string_to_action("a+")


@pytest.mark.parametrize("text", ["b2-b3", "b2xb3", "B2-B3", "b2 x b3", "b2 X b3", " b2 - b3 "])
def test_unit_steps_read_with_either_mark(text):
    s = _state({"g8": "0B", "h7": "1B", "b2": "0P", "b3": "1R"})
    assert s.action_to_string(s.string_to_action(text)) == "b2xb3"


@pytest.mark.parametrize("text, message", [
    ("", "'' is not McKinney notation: use Bg9"),
    ("Q@f8", "'Q@f8' is not McKinney notation"),
    ("b12", "is not McKinney notation"),
    ("g8 g9", "is not McKinney notation"),
    ("Bg\u0669", "is not McKinney notation"),  # an Arabic-Indic nine is not a rank
    ("P@o8", r"'o8' is not a square of this board \(a1..n14\)"),
    ("P@f0", "'f0' is not a square"),
    ("P@f08", "'f08' is not a square"),
    ("Bg10", "a step goes to a square next to the piece"),
    ("f8-h8", "a step goes to a square next to the piece"),
    ("A+", r"'A\+' is not a legal move now \(stage: builder; legal: pass, Bg9"),
    ("g8-g9", "the Builder's steps are written B and the square, such as Bg9"),
])
def test_bad_moves_say_what_is_wrong(text, message):
    s = _state(phase="builder")
    with pytest.raises(IllegalAction, match=message):
        s.string_to_action(text)


def test_no_move_once_the_game_is_over():
    from test_mckinney_rules import game, state_of

    s = state_of(game(), {"g8": "0B"}, phase="over", shields=[3, 0], winner=0)
    with pytest.raises(IllegalAction, match="the game is over"):
        s.string_to_action("Bg9")
    with pytest.raises(IllegalAction, match="written as text"):
        s.string_to_action(None)


def test_every_legal_move_reads_back_from_its_notation_in_any_case():
    g = rules.load("mckinney", players=4)
    rng = random.Random(3)
    s = g.initial_state()
    for _ in range(400):
        if s.is_terminal():
            break
        for action in s.legal_actions():
            text = s.action_to_string(action)
            assert s.string_to_action(text.upper()) == action, text
            assert s.string_to_action(text.lower()) == action, text
        s.apply(choose(s, rng))
