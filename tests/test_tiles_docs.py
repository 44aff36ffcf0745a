"""The Tiles rulebook appendix and clarifications say what the engine does."""

import copy
import json
import re
import subprocess
import sys

import pytest

from printkit import kit, rules, spec
from printkit.rulebook.templating import render
from printkit.games.tiles import rules as tiles


@pytest.fixture(scope="module")
def tiles_spec():
    return spec.load("tiles")


def notation(spec_):
    return render(spec_, kit.BuildOptions(), name="tiles-notation.md.j2")


def test_the_position_example_is_what_the_engine_writes(tiles_spec):
    text = notation(tiles_spec)
    blocks = re.findall(r"```\n(.*?)```", text, re.S)
    example = json.loads(next(b for b in blocks if b.lstrip().startswith("{")))
    game = rules.load("tiles")
    state = game.initial_state()
    for x, y, corner in example["tiles"]:
        state.apply(state.string_to_action(f"{x},{y} {corner}"))
    assert state.to_json() == example
    assert game.state_from_json(example) == state


def test_the_example_moves_are_legal_and_the_action_formula_holds(tiles_spec):
    text = notation(tiles_spec)
    command = next(line for line in text.splitlines() if line.startswith("printkit apply tiles"))
    moves = re.findall(r'"([^"]+)"', command)
    state = rules.load("tiles").initial_state()
    for move in moves:
        action = state.string_to_action(move)
        x, y, c = tiles.parse_move(move)
        assert action == ((x + 64) * 129 + (y + 64)) * 4 + c
        state.apply(action)
    assert "2,-1 ul" in text and tiles.parse_move("2,-1 upper-left") == (2, -1, 2)


def test_cli_apply_prints_the_documented_position(tmp_path):
    run = subprocess.run([sys.executable, "-m", "printkit.cli", "apply", "tiles", "0,0 ur", "1,0 ll",
                          "0,1 lr"], capture_output=True, text=True, cwd=tmp_path)
    assert run.returncode == 0, run.stderr
    position = json.loads(run.stdout)
    assert position["tiles"] == [[0, 0, "ur"], [1, 0, "ll"], [0, 1, "lr"]]
    path = tmp_path / "pos.json"
    path.write_text(run.stdout)
    moves = subprocess.run([sys.executable, "-m", "printkit.cli", "moves", "tiles", "--position", str(path)],
                           capture_output=True, text=True, cwd=tmp_path)
    assert moves.returncode == 0
    # After the first turn Black's tile lies face up at once (the bundled
    # reading), so White may lay against it as well as against the first two.
    listed = moves.stdout.split("\n")
    assert "0,2 ll" in listed and "1,1 ll" in listed and "0,1 ll" not in listed
    bad = subprocess.run([sys.executable, "-m", "printkit.cli", "apply", "tiles", "--position", str(path),
                          "0,1 ul"], capture_output=True, text=True, cwd=tmp_path)
    assert bad.returncode == 2 and "already holds a tile" in bad.stderr and "Traceback" not in bad.stderr


@pytest.mark.parametrize("key, value, words", [
    ("hidden_orientation", "every-turn", "Hidden tiles on every turn"),
    ("hidden_orientation", "first-turn", "Open tiles after turn 1"),
    ("mirrors", True, "Turned and mirrored"),
    ("mirrors", False, "Turned, not mirrored"),
])
def test_clarifications_follow_the_spec_switches(tiles_spec, key, value, words):
    changed = copy.copy(tiles_spec)
    changed.data = copy.deepcopy(tiles_spec.data)
    changed.data[key] = value
    text = render(changed, kit.BuildOptions(), name="tiles-clarifications.md.j2")
    assert words in text
    assert f"{changed.data['tiles']['count'] // 2} turns" in text
