"""What a Phoenix spec can get wrong, each reported at the file, line and column of the value."""

from __future__ import annotations

import pytest

from printkit import spec
from printkit.errors import SpecError

BUNDLED = (spec.SPECS_DIR / "phoenix.yaml").read_text(encoding="utf-8")


def write(tmp_path, *replacements):
    text = BUNDLED
    for old, new in replacements:
        assert text.count(old) == 1, old
        text = text.replace(old, new)
    path = tmp_path / "custom.yaml"
    path.write_text(text, encoding="utf-8")
    return path, text.splitlines()


def at(lines, line_text, value):
    """1-based line and column of ``value`` on the line containing ``line_text``."""
    number = next(i for i, line in enumerate(lines) if line_text in line)
    return number + 1, lines[number].index(value, lines[number].index(line_text)) + 1


def problems(path):
    """(line, column, severity, message) of every problem: errors raised, or warnings."""
    try:
        loaded = spec.load(str(path))
    except SpecError as exc:
        found = exc.problems
    else:
        found = loaded.warnings
    assert all(p.file.endswith("custom.yaml") for p in found)
    return [(p.line, p.column, p.severity, p.message) for p in found]


def only(found, line, column, severity, fragment):
    matches = [p for p in found if fragment in p[3]]
    assert len(matches) == 1, found
    assert matches[0][:3] == (line, column, severity), (matches[0], (line, column, severity))


def test_board_columns_that_do_not_match_the_die(tmp_path):
    path, lines = write(tmp_path, ("columns: 6 ", "columns: 5 "))
    found = problems(path)
    only(found, *at(lines, "columns: 5", "5"), "error", "board columns (5) must match the faces of the Black die (6)")
    # the doubles of a 5-column board stop at 5,5: 6,6 is a double off the board
    only(found, *at(lines, "phoenix_squares:", "[6, 6]"), "error",
         "[6, 6] is off the board, whose doubles run from [1, 1] to [5, 5]")
    assert not [p for p in found if "is not a double" in p[3]], found


def test_a_die_that_is_not_a_cube(tmp_path):
    path, lines = write(tmp_path, ('y: {name: White, faces: 6,', 'y: {name: White, faces: 8,'))
    found = problems(path)
    only(found, *at(lines, "y: {name: White", "8"), "error", "the kit prints cube dice")
    only(found, *at(lines, "rows: 6", "6"), "error", "board rows (6) must match the faces of the White die (8)")


def test_phoenix_squares_that_are_not_the_doubles(tmp_path):
    path, lines = write(tmp_path, ("[[1, 1], [2, 2], [3, 3], [4, 4], [5, 5], [6, 6]]",
                                   "[[1, 1], [2, 3], [3, 3], [3, 3], [5, 5], [6, 6]]"))
    found = problems(path)
    only(found, *at(lines, "phoenix_squares:", "[2, 3]"), "error", "[2, 3] is not a double")
    line, _ = at(lines, "phoenix_squares:", "[3, 3]")
    second = lines[line - 1].index("[3, 3]", lines[line - 1].index("[3, 3]") + 1) + 1
    only(found, line, second, "error", "[3, 3] is listed twice")
    only(found, *at(lines, "phoenix_squares:", "[[1, 1]"), "error", "missing: [2, 2], [4, 4]")


def test_bird_counts(tmp_path):
    path, lines = write(tmp_path, ("counts: {rock: 1, paper: 1, scissors: 1}",
                                   "counts: {rock: 0, paper: 0, scissors: 0}"))
    only(problems(path), *at(lines, "counts:", "{rock"), "error", "each player needs at least one Bird")
    path, lines = write(tmp_path, ("counts: {rock: 1, paper: 1, scissors: 1}",
                                   "counts: {rock: 2, paper: 1, scissors: 1}"))
    only(problems(path), *at(lines, "counts:", "{rock"), "warning", "one Rock, one Paper and one Scissors")


def test_team_without_four_players(tmp_path):
    path, lines = write(tmp_path, ("players: {min: 2, max: 4}", "players: {min: 2, max: 3}"),
                        ('  "4": [Red, Blue, Pink, Green]\n', ""))
    only(problems(path), *at(lines, "teams: [[Red", "teams"), "error", "a Team game needs four players")


def test_teams_that_are_not_two_pairs_of_the_seated_colours(tmp_path):
    path, lines = write(tmp_path, ("teams: [[Red, Pink], [Blue, Green]]", "teams: [[Red, Pink, Blue], [Green]]"))
    only(problems(path), *at(lines, "teams: [[Red", "[[Red"), "error", "two teams of two")
    path, lines = write(tmp_path, ("teams: [[Red, Pink], [Blue, Green]]", "teams: [[Red, Pink], [Blue, Grey]]"))
    found = problems(path)
    only(found, *at(lines, "teams: [[Red", "Grey"), "error", "unknown colour 'Grey'")


def test_an_unknown_default_variant(tmp_path):
    path, lines = write(tmp_path, ("default: standard", "default: poker"))
    only(problems(path), *at(lines, "default: poker", "poker"), "error", "'poker' is not one of")


def test_a_default_variant_the_spec_does_not_describe(tmp_path):
    path, lines = write(tmp_path, ("default: standard", "default: casino"),
                        ("  casino:\n    starting_chips: 20\n    chips_per_elimination: 1\n", ""))
    only(problems(path), *at(lines, "default: casino", "casino"), "error",
         "the default variant 'casino' is not described in 'variants'")


def test_a_team_default_with_another_default_player_count(tmp_path):
    path, lines = write(tmp_path, ("default: standard", "default: team"))
    only(problems(path), *at(lines, "default_players: 2", "2"), "warning", "default_players (2) is never used")


@pytest.mark.parametrize("old,new,where,value,fragment", [
    ('y: {name: White,', 'y: {name: black,', "y: {name: black", "black", "both dice are named 'black'"),
    ('y: {name: White, faces: 6, hex: "#FFFFFF"', 'y: {name: White, faces: 6, hex: "#1a1a1a"',
     "y: {name: White", '"#1a1a1a"', "both dice are the same colour"),
    ('hex: "#1A1A1A", pips_hex: "#FFFFFF"', 'hex: "#1A1A1A", pips_hex: "#1a1a1a"',
     "x: {name: Black", '"#1a1a1a"', "pips of the Black die would not show"),
])
def test_dice_that_cannot_be_told_apart_or_read(tmp_path, old, new, where, value, fragment):
    path, lines = write(tmp_path, (old, new))
    only(problems(path), *at(lines, where, value), "error", fragment)


def test_the_bundled_spec_is_clean():
    assert spec.load("phoenix").warnings == []


def test_a_bird_type_with_no_bird_is_unsound(tmp_path):
    """Per-type counts: one of the three types at 0 is an error at its key, not a warning."""
    path, lines = write(tmp_path, ("counts: {rock: 1, paper: 1, scissors: 1}",
                                   "counts: {rock: 1, paper: 1, scissors: 0}"))
    only(problems(path), *at(lines, "counts:", "0}"), "error", "no Scissors Bird")
