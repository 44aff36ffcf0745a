"""The Tiles rulebook appendix and clarifications say what the engine does."""

import copy
import json
import re
import subprocess
import sys

import pytest
import yaml

from printkit import SPECS_DIR, kit, rules, spec
from printkit.errors import SpecError
from printkit.games.tiles.parts import scoring_figure
from printkit.parts.core import Text, item_box
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
    # "4. Repeat": every turn both tiles stand face hidden and are tipped
    # together (the bundled reading), so White's tile of turn 2 must touch a
    # tile lying on the table, not Black's standing one at 0,1.
    listed = moves.stdout.split("\n")
    assert "1,1 ll" in listed and "0,2 ll" not in listed and "0,1 ll" not in listed
    # The house rule (first-turn) lays Black's tile face up at once: White
    # may lay against it.
    tiles_only = tmp_path / "tiles-only.json"
    tiles_only.write_text(json.dumps({"tiles": position["tiles"]}))
    house = subprocess.run([sys.executable, "-m", "printkit.cli", "moves",
                            str(SPECS_DIR / "examples" / "tiles-variant.yaml"), "--position", str(tiles_only)],
                           capture_output=True, text=True, cwd=tmp_path)
    assert house.returncode == 0, house.stderr
    assert "0,2 ll" in house.stdout.split("\n")
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



def test_a_shape_name_too_long_for_the_reference_card_is_refused_at_its_line(tmp_path):
    # Names print on one line of the reference card at 6 pt or more; the
    # drawing is never asked to place one the card could not.
    data = yaml.safe_load((SPECS_DIR / "tiles.yaml").read_text(encoding="utf-8"))
    data["shapes"]["rock"]["name"] = "Rockslide Boulder Heap"
    path = tmp_path / "tiles.yaml"
    text = yaml.safe_dump(data, sort_keys=False)
    path.write_text(text, encoding="utf-8")
    with pytest.raises(SpecError) as refused:
        spec.load(str(path))
    line = text.splitlines().index("    name: Rockslide Boulder Heap") + 1
    assert f"tiles.yaml:{line}:" in str(refused.value) and "too long for the reference card" in str(refused.value)


@pytest.mark.parametrize("names", [("Rock", "Paper", "Scissors"),
                                   ("Rockslide Boulder", "Parchment Paper", "Sharpened Scissors")])
def test_the_scoring_drawing_names_its_shapes_without_overlap(tmp_path, names):
    # The spec's shape names label the scoring drawing: long ones take a
    # line each rather than printing over one another.
    data = yaml.safe_load((SPECS_DIR / "tiles.yaml").read_text(encoding="utf-8"))
    for shape, name in zip(data["shapes"].values(), names):
        shape["name"] = name
    path = tmp_path / "tiles.yaml"
    path.write_text(yaml.safe_dump(data, sort_keys=False), encoding="utf-8")
    part = scoring_figure(spec.load(str(path)))
    labels = [item for item in part.items if isinstance(item, Text) and not item.text.isdigit()]
    assert len(labels) >= 2
    boxes = [item_box(label) for label in labels]
    for i, a in enumerate(boxes):
        assert a[0] >= 0 and a[2] <= part.width + 1e-6 and a[1] >= 0 and a[3] <= part.height + 1e-6
        for b in boxes[i + 1:]:
            assert a[2] <= b[0] or b[2] <= a[0] or a[3] <= b[1] or b[3] <= a[1], (a, b)
