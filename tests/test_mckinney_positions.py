"""McKinney positions read back from JSON: every malformed one is refused with
IllegalAction naming the problem (never another exception), and the command
line turns it into a message and exit code 2.
"""

from __future__ import annotations

import copy
import json
import random

import pytest
from click.testing import CliRunner

from printkit.cli import main
from printkit.playout import choose
from printkit.rules import IllegalAction
from test_mckinney_rules import BUILDERS2, game, moves, play, position, state_of


def start(players=2) -> dict:
    return game(players).initial_state().to_json()


@pytest.mark.parametrize("change, message", [
    # Wrong types.
    (lambda p: p.update(turn="3"), r"position.turn: expected a whole number, got '3'"),
    (lambda p: p.update(turn=True), r"position.turn: expected a whole number, got True"),
    (lambda p: p.update(turn=1.0), r"position.turn: expected a whole number"),
    (lambda p: p.update(pieces=[]), r"position.pieces: expected an object"),
    (lambda p: p.update(players={}), r"position.players: expected a list"),
    (lambda p: p["players"][0].update(seat=True), r"players\[0\].seat: player 0 sits at seat 0"),
    (lambda p: p["players"][1].update(cache=[8, 8, 8]), r"players\[1\].cache: expected an object"),
    (lambda p: p["players"][0]["sliders"].update(A=5), r"sliders.A: 5 is out of range \(0..4\)"),
    (lambda p: p.update(read=None), r"position.read: expected an object"),
    (lambda p: p.update(path="g8"), r"position.path: expected a list"),
    (lambda p: p.update(frozen={}), r"position.frozen: expected a list"),
    (lambda p: p.update(unfinished=0), r"position.unfinished: expected true or false"),
    (lambda p: p.update(moving="lizard"), r"position.moving: expected null or one of"),
    (lambda p: p.update(game="tiles"), r"position.game: expected 'mckinney'"),
    # Pieces off the board or badly written.
    (lambda p: p["pieces"].update(o1="0P"), r"'o1' is not a square \(a1..n14, lower case\)"),
    (lambda p: p["pieces"].update(a0="0P"), r"'a0' is not a square"),
    (lambda p: p["pieces"].update(a15="0P"), r"'a15' is not a square"),
    (lambda p: p["pieces"].update(B2="0P"), r"'B2' is not a square .*lower case"),
    (lambda p: p["pieces"].update({"a\u00b2": "0P"}), r"is not a square"),
    (lambda p: p["pieces"].update({"a\u0661": "0P"}), r"is not a square"),
    (lambda p: p["pieces"].update(b2="\u00b2P"), r"is not a piece"),
    (lambda p: p["pieces"].update(b2="2P"), r"'2P' is not a piece: a player digit 0..1"),
    (lambda p: p["pieces"].update(b2="0p"), r"is not a piece"),
    (lambda p: p["pieces"].update(b2=7), r"7 is not a piece"),
    (lambda p: p.update(path=["g8", "O9"]), r"position.path\[1\]: 'O9' is not a square"),
    (lambda p: p.update(frozen=["G8"]), r"position.frozen\[0\]: 'G8' is not a square"),
    # Counts not conserved.
    (lambda p: p["players"][0]["cache"].update(rock=7), r"player 0 has 0 rock on the board and 7 in the cache, "
                                                        r"but owns 8"),
    (lambda p: p["pieces"].update(a1="1S"), r"player 1 has 1 scissors on the board and 8 in the cache"),
    (lambda p: p["players"][1].update(shields=4), r"shields: 4 is out of range \(0..3\)"),
    (lambda p: p["pieces"].pop("g8"), r"player 0 has 3 Shields but no Builder"),
    # A finished game is finished.
    (lambda p: p.update(phase="over", to_move=None, read=None, winner=0), r"cannot have won while players 0, 1"),
])
def test_malformed_positions_name_the_problem(change, message):
    g = game()
    obj = start()
    change(obj)
    with pytest.raises(IllegalAction, match=message):
        g.state_from_json(obj)


def test_a_game_over_has_no_turn_in_progress():
    g = game()
    won = position(g, {"g8": "0B"}, phase="over", shields=[3, 0], winner=0)
    assert g.state_from_json(won).returns() == [1.0, -1.0]
    for key, value in (("path", 0), ("path", ["g8"]), ("frozen", False), ("built", False), ("moved", 0.0),
                       ("read", {"A": 0, "B": 0}), ("moving", "rock")):
        obj = copy.deepcopy(won)
        obj[key] = value
        with pytest.raises(IllegalAction, match="has no turn in progress|moving"):
            g.state_from_json(obj)


def test_units_move_after_building_never_before():
    g = game()
    sliders = [{"A": 0, "B": 1}, {"A": 0, "B": 0}]  # two Units may move
    obj = position(g, {**BUILDERS2, "f8": "0P", "a1": "0R"}, phase="build", built=1, moved=1, frozen=["f8"],
                   sliders=sliders)
    with pytest.raises(IllegalAction, match="in phase build no Unit has moved yet"):
        g.state_from_json(obj)


def test_a_unit_stuck_on_a_friend_is_not_a_position():
    g = game()
    # A Rock passing over the friendly Paper in the corner a1: b1 holds an enemy Paper, and it came from a2.
    obj = position(g, {**BUILDERS2, "a1": "0P", "b1": "1P"}, phase="unit-move", path=["a2", "a1"],
                   moving="rock")
    with pytest.raises(IllegalAction, match="rock passing over the friendly Unit on a1 has no way off it"):
        g.state_from_json(obj)
    # With b1 empty it is a position, and the Rock must step on: it may not stop on the Paper.
    obj = position(g, {**BUILDERS2, "a1": "0P"}, phase="unit-move", path=["a2", "a1"], moving="rock")
    assert moves(g.state_from_json(obj)) == ["a1-b1"]


@pytest.mark.parametrize("crossed, message", [
    ("1S", "b2 holds player 1's Scissors"),  # a taken Unit would have gone back to the cache
    ("0R", "b2 holds player 0's Rock"),  # a Rock never passes a Rock
    ("1B", "b2 holds player 1's Builder"),  # attacking a Builder ends the move
])
def test_a_moving_units_path_crosses_only_empty_squares_and_friends(crossed, message):
    g = game()
    pieces = {**BUILDERS2, "b2": crossed} if crossed != "1B" else {"g8": "0B", "b2": "1B"}
    obj = position(g, pieces, phase="unit-move", path=["a2", "b2", "c2"], moving="rock")
    with pytest.raises(IllegalAction, match=message):
        g.state_from_json(obj)
    # Crossing a friendly Paper is fine.
    obj = position(g, {**BUILDERS2, "b2": "0P"}, phase="unit-move", path=["a2", "b2", "c2"], moving="rock")
    assert g.state_from_json(obj).to_json() == obj


def _mutate(obj, rng):
    """Replace one value somewhere in obj (or drop or add a key) with something unexpected."""
    odd = [None, True, 0, -1, 3, 99, 2.5, "", "a1", "A1", "a\u00b2", "\u00b2P", "0P", "9S", "0B",
           [], ["a1"], ["b2", "b3"], {}, {"A": 0, "B": 0}, "rock", "unit-move", "over"]
    if isinstance(obj, dict) and obj and rng.random() < 0.85:
        key = rng.choice(sorted(obj, key=str))
        roll = rng.random()
        if roll < 0.1:
            del obj[key]
        elif roll < 0.2:
            obj[rng.choice(["a1", "g9", "n14", "o1", "x"])] = rng.choice(odd)
        else:
            obj[key] = _mutate(obj[key], rng)
        return obj
    if isinstance(obj, list) and obj and rng.random() < 0.85:
        i = rng.randrange(len(obj))
        obj[i] = _mutate(obj[i], rng)
        return obj
    return copy.deepcopy(rng.choice(odd))


@pytest.mark.parametrize("players", [2, 4])
def test_mangled_positions_are_refused_or_playable_never_a_crash(players):
    g = game(players)
    rng = random.Random(players)
    seen, s = [], g.initial_state()
    while not s.is_terminal() and len(seen) < 400:
        seen.append(s.to_json())
        s.apply(choose(s, rng))
    for _ in range(1500):
        obj = copy.deepcopy(rng.choice(seen))
        for _ in range(rng.randint(1, 2)):
            obj = _mutate(obj, rng)
        try:
            state = g.state_from_json(obj)
        except IllegalAction:
            continue
        # Accepted: then it round-trips exactly and a player who is to move has a move.
        assert state.to_json() == obj
        assert state.is_terminal() or state.legal_actions()


def run(*args):
    return CliRunner().invoke(main, [str(a) for a in args])


@pytest.mark.parametrize("content, message", [
    (b"\xff\xfe{}", "not UTF-8 text"),
    (b"[" * 50000 + b"]" * 50000, "bad.json:1:101: lists and objects nested more than 100 deep"),
    (b'{"game": "mckinney", "game": "mckinney"}', "bad.json:1:22: key \"game\" is given twice"),
    (b'{"turn": ' + b"9" * 5000 + b"}", "bad.json:1:10: a number of 5,000 characters"),
    (b"{", "malformed position JSON"),
    (b"[1, 2]", "position: expected an object"),
], ids=["not-utf8", "too-deep", "key-twice", "huge-number", "unclosed", "not-an-object"])
def test_command_line_refuses_unreadable_positions(tmp_path, content, message):
    bad = tmp_path / "bad.json"
    bad.write_bytes(content)
    result = run("moves", "mckinney", "--players", "2", "--position", bad)
    assert result.exit_code == 2 and message in result.output
    assert result.exception is None or isinstance(result.exception, SystemExit)


def test_command_line_refuses_a_square_given_twice(tmp_path):
    text = json.dumps(start(), indent=1).replace('"g8": "0B"', '"b2": "0P", "b2": "1S", "g8": "0B"')
    bad = tmp_path / "twice.json"
    bad.write_text(text)
    result = run("moves", "mckinney", "--players", "2", "--position", bad)
    line = text[:text.index('"b2": "1S"')].count("\n") + 1
    assert result.exit_code == 2 and f"twice.json:{line}:" in result.output
    assert 'key "b2" is given twice' in result.output


def test_command_line_reports_a_malformed_position(tmp_path):
    obj = start()
    obj["pieces"]["z3"] = "0P"
    bad = tmp_path / "off.json"
    bad.write_text(json.dumps(obj))
    result = run("moves", "mckinney", "--players", "2", "--position", bad)
    assert result.exit_code == 2
    assert "bad position: position.pieces: 'z3' is not a square (a1..n14, lower case)" in result.output
    assert "Traceback" not in result.output


def test_moves_after_reading_a_position_are_those_of_the_game_that_made_it():
    g = game()
    s = state_of(g, {**BUILDERS2, "b2": "0S", "b3": "1P"})
    play(s, "b2xb3")
    again = g.state_from_json(json.loads(json.dumps(s.to_json())))
    assert moves(again) == moves(s) == ["stop", "b3-b4", "b3-c3", "b3-a3"]
