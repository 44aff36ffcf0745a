"""McKinney spec checks, layout analysis and board geometry."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
import yaml

from printkit import spec as specs
from printkit.errors import SpecError
from printkit.games.mckinney import board as mb
from printkit.games.mckinney.checks import analyse

ROOT = Path(__file__).resolve().parent.parent
EXAMPLES = ROOT / "specs" / "examples"


def problems_of(path) -> list:
    with pytest.raises(SpecError) as caught:
        specs.load(str(path))
    return caught.value.problems


def write_variant(tmp_path, change) -> Path:
    data = yaml.safe_load((ROOT / "specs" / "mckinney.yaml").read_text())
    change(data)
    path = tmp_path / "custom.yaml"
    path.write_text(yaml.safe_dump(data, sort_keys=False))
    return path


def test_bundled_spec_and_examples_are_sound():
    for name in ("mckinney", str(EXAMPLES / "mckinney-variant.yaml"), str(EXAMPLES / "mckinney-lopsided.yaml")):
        loaded = specs.load(name)
        assert [p for p in loaded.warnings] == []


def test_broken_example_reports_every_problem_with_its_line():
    found = {(p.line, p.column): p.message for p in problems_of(EXAMPLES / "mckinney-broken.yaml")}
    expected = {
        15: "same mark 'ring'",
        22: "seam between top-left and top-right has two glue tabs",
        23: "seam between top-right and bottom-right has two glue tabs",
        27: "seat 1 is listed twice",
        32: "cannot be on the start square",
        33: "off its quadrant",
        34: "two +/- spaces on [2, 1]",
        35: "carries 1 to 4 dots",
        42: "start notch 5 is not on the track",
        45: "must rise while steps per Unit falls",
        50: "2 Slider Markers",
        51: "Slider A lets a Builder build 5",
        53: "both beat paper",
    }
    lines = {line: message for (line, _), message in found.items()}
    assert sorted(lines) == sorted(expected)
    for line, fragment in expected.items():
        assert fragment in lines[line], (line, lines[line])


@pytest.mark.parametrize("change, fragment", [
    (lambda d: d["players"].update(min=1), "at least 2 players"),
    (lambda d: d["players"].update(min=4, max=3), "min 4 is more than max 3"),
    (lambda d: d["board"]["seating"].pop("3"), "no seating for 3 players"),
    (lambda d: d["board"]["quadrants"][1].update(position="top-left"), "two quadrants at top-left"),
    (lambda d: d["board"]["quadrants"][1].update(seat=0), "seat 0 has two quadrants"),
    (lambda d: d["beats"].update(paper="paper"), "paper beats paper"),
    (lambda d: d["sliders"]["A"]["notches"][1].__setitem__(0, -1), "cannot be negative"),
    (lambda d: d.update(colors=d["colors"][:3]), "4 players need 4 colours"),
    (lambda d: d["board"]["quadrants"][2].update(plus_minus_spaces=[{"slider": "B", "dots": 9, "at": [1, 1]}]),
     "carries 1 to 4 dots"),
])
def test_each_check_fires(tmp_path, change, fragment):
    messages = [p.message for p in problems_of(write_variant(tmp_path, change))]
    assert any(fragment in m for m in messages), messages


def test_warnings_do_not_stop_a_spec(tmp_path):
    def change(d):
        d["board"]["seating"]["2"] = [0, 2]
        d["players"]["min"] = 3
        d["sliders"]["A"]["notches"][0] = [1, 9]  # more builds than squares around a Builder
        d["pieces"]["units"] = {"paper": 9, "rock": 9, "scissors": 9}
    loaded = specs.load(str(write_variant(tmp_path, change)))
    messages = [p.message for p in loaded.warnings]
    assert any("seating for 2 players is never used" in m for m in messages)
    assert any("build 9 Units in one turn, but only 8 squares surround a Builder" in m for m in messages)



@pytest.mark.parametrize("value", [100, 10**7, 10**21])
def test_a_notch_value_past_two_digits_is_refused_at_its_line_at_once(tmp_path, value):
    """Steps per Unit of 10**21 once had validate and build fill the memory."""
    import time

    path = write_variant(tmp_path, lambda d: d["sliders"]["B"]["notches"][0].__setitem__(1, value))
    started = time.monotonic()
    found = problems_of(path)
    assert time.monotonic() - started < 5
    line = next(i for i, row in enumerate(path.read_text().splitlines(), 1) if str(value) in row)
    assert [(p.line, p.message) for p in found] == [
        (line, f"sliders/B/notches/entry 1/entry 2: {value} is out of range (maximum 99)")]


@pytest.mark.parametrize("kind", ["paper", "rock", "scissors"])
@pytest.mark.parametrize("command", ["validate", "build"])
def test_a_colour_without_units_of_one_type_is_unsound(tmp_path, kind, command):
    """Without one of the three types a player can never use the combat cycle: an error, exit 2."""
    from click.testing import CliRunner

    from printkit.cli import main

    path = write_variant(tmp_path, lambda d: d["pieces"]["units"].update({kind: 0}))
    text = path.read_text(encoding="utf-8")
    result = CliRunner().invoke(main, [command, str(path), "--out", str(tmp_path / "o")] if command == "build"
                                else [command, str(path), "--games", "0"])
    assert result.exit_code == 2
    line = next(i for i, row in enumerate(text.splitlines(), 1) if f"{kind}: 0" in row)
    assert re.search(rf"{path.name}:{line}:\d+: no {kind.title()} Units", result.output), result.output


def test_geometry_of_the_bundled_board():
    board = mb.layout(specs.load("mckinney").data)
    assert board.width == 14
    assert [mb.square_name(*board.start_of(seat)) for seat in range(4)] == ["g8", "h8", "h7", "g7"]
    seat0 = sorted((s.slider, s.dots, mb.square_name(*s.square)) for s in board.spaces if s.seat == 0)
    assert seat0 == [("A", 1, "e9"), ("A", 2, "c10"), ("A", 3, "a12"), ("B", 1, "f10"), ("B", 2, "e12"), ("B", 3, "c14")]
    seat2 = sorted((s.slider, s.dots, mb.square_name(*s.square)) for s in board.spaces if s.seat == 2)
    assert seat2 == [("A", 1, "j6"), ("A", 2, "l5"), ("A", 3, "n3"), ("B", 1, "i5"), ("B", 2, "j3"), ("B", 3, "l1")]


@pytest.mark.parametrize("position", mb.POSITIONS)
def test_relative_and_board_coordinates_are_inverse(position):
    for rel in [(0, 0), (2, 1), (6, 4), (3, 6)]:
        square = mb.to_board(position, rel, 7)
        assert mb.to_relative(position, square, 7) == rel
        col, row = mb.in_quadrant(position, rel, 7)
        assert 0 <= col < 7 and 0 <= row < 7
    assert mb.to_board(position, (0, 0), 7) == mb.start_square(position, 7)


def test_square_names():
    assert mb.square_name(0, 0) == "a1" and mb.square_name(13, 13) == "n14"
    assert mb.parse_square("n14", 14) == (13, 13)
    assert mb.parse_square("o1", 14) is None and mb.parse_square("a15", 14) is None
    assert mb.parse_square("a0", 14) is None and mb.parse_square("a01", 14) is None


def test_analysis_of_the_bundled_board_is_symmetric():
    findings = analyse(specs.load("mckinney"))
    assert all(p.severity == "info" for p in findings)
    assert any("symmetric layout" in p.message and "mirror left-right" in p.message for p in findings)
    assert sum("nearest +/- spaces" in p.message and "A1 in 3" in p.message for p in findings) == 4


def test_analysis_warns_about_a_lopsided_board():
    findings = analyse(specs.load(str(EXAMPLES / "mckinney-lopsided.yaml")))
    warnings = [p for p in findings if p.severity == "warning"]
    assert len(warnings) == 1 and "asymmetric layout" in warnings[0].message
    assert "seat 2: A1 in 2" in warnings[0].message


def test_builder_distances_go_around_blocked_squares():
    from printkit.games.mckinney.checks import _distances

    assert _distances(3, (0, 0), {(1, 0), (0, 1)}) == {(0, 0): 0}
    assert _distances(3, (0, 0), {(1, 0), (1, 1)})[(2, 0)] == 6
