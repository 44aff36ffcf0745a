"""Bad input to `printkit build`: one clear message per problem, exit code 2,
never a traceback, and earlier output left as it was."""

import json
import re

import pytest
from click.testing import CliRunner

from printkit import SPECS_DIR, kit, spec
from printkit.cli import main
from printkit.errors import PrintkitError


def bundled_text():
    return (spec.SPECS_DIR / "mckinney.yaml").read_text(encoding="utf-8")


def run(*args):
    result = CliRunner().invoke(main, [str(a) for a in args])
    assert "Traceback" not in result.output
    assert not isinstance(result.exception, Exception) or isinstance(result.exception, SystemExit), \
        result.exception
    return result


def write(tmp_path, text, name="custom.yaml"):
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


def line_of(text, needle):
    return text.splitlines().index(needle) + 1


def test_every_schema_problem_is_reported_at_once_with_file_line_and_column(tmp_path):
    text = bundled_text()
    text = text.replace('title: "Paper', 'flavour: sweet\ntitle: "Paper')
    text = text.replace("  square_mm: 22", "  square_mm: 5")
    text = text.replace("max_turns: 400", "max_turns: lots")
    path = write(tmp_path, text)
    result = run("build", path, "--out", tmp_path / "out")
    assert result.exit_code == 2
    lines = [line for line in result.output.splitlines() if line.strip()]
    assert len(lines) == 3, result.output
    expected = [
        (line_of(text, "flavour: sweet"), 1, "unknown key 'flavour'"),
        (line_of(text, "  square_mm: 5"), 14, "out of range"),
        (line_of(text, "max_turns: lots"), 12, "expected a whole number"),
    ]
    for line, (number, column, words) in zip(lines, expected):
        match = re.match(r"(.+?):(\d+):(\d+): (.*)", line)
        assert match, line
        assert match.group(1).endswith("custom.yaml")
        assert (int(match.group(2)), int(match.group(3))) == (number, column), line
        assert words in match.group(4)
    assert not (tmp_path / "out").exists()


def test_broken_yaml_names_its_line(tmp_path):
    text = bundled_text().replace("players: {min: 2, max: 4}", "players: {min: 2, max: 4")
    result = run("build", write(tmp_path, text), "--out", tmp_path / "out")
    assert result.exit_code == 2
    assert re.search(r"custom\.yaml:\d+:\d+: broken YAML", result.output), result.output


@pytest.mark.parametrize("game", ["playground", "mckinney", "tiles"])
def test_a_title_of_spaces_only_is_refused_at_its_line(tmp_path, game):
    """Playground's cards print the title's first word: a title of spaces crashed the build."""
    text = (SPECS_DIR / f"{game}.yaml").read_text(encoding="utf-8")
    title = next(line for line in text.splitlines() if line.startswith("title: "))
    text = text.replace(title, 'title: "   "')
    result = run("build", write(tmp_path, text), "--out", tmp_path / "out")
    assert result.exit_code == 2
    line = line_of(text, 'title: "   "')
    assert f"custom.yaml:{line}:8: title: '   ' is only spaces" in result.output, result.output
    assert not (tmp_path / "out").exists()


def test_a_number_key_where_text_is_meant_says_to_quote_it(tmp_path):
    text = bundled_text()
    assert '    "2": [0, 2]' in text
    text = text.replace('    "2": [0, 2]', "    2: [0, 2]")
    result = run("validate", write(tmp_path, text))
    assert result.exit_code == 2
    line = line_of(text, "    2: [0, 2]")
    assert result.output.splitlines()[0].endswith(f"custom.yaml:{line}:5: key 2 is read as a number; "
                                                  "write it in quotes, '2'"), result.output


@pytest.mark.parametrize("old, new, message", [
    ('hex: "#D55E00"', 'hex: "#GGGGGG"', "colors/entry 1/hex: '#GGGGGG' is not a colour written #RRGGBB"),
    ('title: "Paper, Rock, Scissors: The Strategy Game"', 'title: ""',
     "title: '' is too short: give at least 1 character"),
    ('title: "Paper, Rock, Scissors: The Strategy Game"', f'title: "{"Long title " * 30}"',
     "characters) is too long: give at most 80 characters"),
    ("  - {name: Blue, hex: \"#0072B2\", mark: bar}\n  - {name: Yellow, hex: \"#F0E442\", mark: ring}\n"
     "  - {name: Green, hex: \"#7FC97F\", mark: cross}\n", "", "is too short: give at least 2 entries"),
], ids=["hex", "empty-title", "long-title", "one-colour"])
def test_a_value_of_the_wrong_shape_is_quoted_whole_with_its_limit(tmp_path, old, new, message):
    text = bundled_text()
    assert old in text
    result = run("validate", write(tmp_path, text.replace(old, new)))
    assert result.exit_code == 2
    first = result.output.splitlines()[0]
    assert re.match(r".*custom\.yaml:\d+:\d+: ", first), result.output
    assert message in first, result.output


def test_a_missing_file_and_an_unknown_game(tmp_path):
    missing = run("build", tmp_path / "nope.yaml", "--out", tmp_path / "out")
    assert missing.exit_code == 2 and "no such spec file" in missing.output
    unknown = run("build", "chess", "--out", tmp_path / "out")
    assert unknown.exit_code == 2
    assert "unknown game 'chess'" in unknown.output and "mckinney" in unknown.output


@pytest.mark.parametrize("colors", [7, 1, 0])
def test_colours_outside_the_player_range(tmp_path, colors):
    result = run("build", "mckinney", "--colors", colors, "--out", tmp_path / "out")
    assert result.exit_code == 2
    assert f"--colors {colors}" in result.output and "2 to 4 players" in result.output
    assert not (tmp_path / "out" / "mckinney").exists()


@pytest.mark.parametrize("paper,name", [("letter", "Letter"), ("a4", "A4")])
def test_a_part_too_large_for_the_paper_is_named(tmp_path, paper, name):
    text = bundled_text().replace("  square_mm: 22", "  square_mm: 40")
    result = run("build", write(tmp_path, text), "--paper", paper, "--out", tmp_path / "out")
    assert result.exit_code == 2
    line = text[:text.index("square_mm: 40")].count("\n") + 1
    # Every quadrant, at the key that sets the size, with no paper suggested (none fits).
    assert re.search(rf"custom.yaml:{line}:14: Quadrant A, top-left, Quadrant B, top-right, Quadrant A, "
                     rf"bottom-right, Quadrant B, bottom-left \(each [\d.]+ x [\d.]+ mm\) do not fit on "
                     rf"{name} paper", result.output), result.output
    assert "--paper" not in result.output


@pytest.mark.parametrize("size, letter, a4", [(22, True, True), (23, True, False), (24, False, False)])
def test_validate_checks_both_papers_and_build_keeps_its_word(tmp_path, size, letter, a4):
    """square_mm 23 fits Letter only: validate warns and names --paper letter; 24 fits neither."""
    text = bundled_text().replace("  square_mm: 22", f"  square_mm: {size}")
    spec_path = write(tmp_path, text)
    checked = run("validate", spec_path, "--playouts", "0")
    line = text[:text.index(f"square_mm: {size}")].count("\n") + 1
    assert checked.exit_code == (0 if letter or a4 else 2), checked.output
    if letter and not a4:
        assert f"custom.yaml:{line}:14: warning:" in checked.output
        assert "do not fit on A4 paper" in checked.output and "--paper letter" in checked.output
    for paper, fits in (("letter", letter), ("a4", a4)):
        built = run("build", spec_path, "--paper", paper, "--out", tmp_path / paper, "--format", "pdf")
        assert built.exit_code == (0 if fits else 2), built.output
        if not fits:
            assert f"custom.yaml:{line}:14:" in built.output
            assert ("--paper letter" in built.output) == letter


def snapshot(folder):
    return {p.name: p.read_bytes() for p in sorted(folder.iterdir())}


def test_a_failed_build_leaves_the_earlier_kit_intact(tmp_path, monkeypatch):
    out = tmp_path / "out"
    good = run("build", "mckinney", "--colors", 2, "--out", out)
    assert good.exit_code == 0, good.output
    assert "6 sheets" in good.output and "wrote" in good.output
    before = snapshot(out / "mckinney")
    assert len(before) == 1 + 1 + 6 + 2  # manifest, kit, an SVG per sheet (the cover: its box label), rulebook, reference

    # a spec that cannot be laid out
    text = bundled_text().replace("  square_mm: 22", "  square_mm: 40")
    failed = run("build", write(tmp_path, text), "--out", out)
    assert failed.exit_code == 2
    # a disk that fills up while the new kit is being written
    from printkit.writers import svg

    def full(*args, **kwargs):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(svg, "write", full)
    failed = run("build", "mckinney", "--colors", 4, "--out", out)
    assert failed.exit_code == 2 and "No space left on device" in failed.output
    assert snapshot(out / "mckinney") == before
    assert [p.name for p in out.iterdir()] == ["mckinney"]  # no temporary folders left behind


def test_a_spec_id_cannot_leave_the_output_folder(tmp_path):
    text = re.sub(r"(?m)^id: mckinney\n", "", bundled_text())
    dotted = write(tmp_path, text, name="..yaml")
    result = run("build", dotted, "--out", tmp_path / "out")
    assert result.exit_code == 2 and "would not be a folder inside" in result.output

    class Fake:
        id = "../elsewhere"

    with pytest.raises(PrintkitError):
        kit.kit_folder(Fake(), tmp_path / "out")


def test_formats_choose_the_files(tmp_path):
    only_svg = run("build", "mckinney", "--format", "svg", "--out", tmp_path / "a")
    assert only_svg.exit_code == 0
    names = sorted(p.name for p in (tmp_path / "a" / "mckinney").iterdir())
    assert names[0] == ".printkit-manifest.json" and all(n.endswith(".svg") for n in names[1:])
    only_pdf = run("build", "mckinney", "--format", "pdf", "--out", tmp_path / "b")
    assert only_pdf.exit_code == 0
    assert sorted(p.name for p in (tmp_path / "b" / "mckinney").iterdir()) == \
        [".printkit-manifest.json", "mckinney-kit.pdf", "mckinney-reference.pdf", "mckinney-rules.pdf"]
    bad = run("build", "mckinney", "--format", "jpg", "--out", tmp_path / "c")
    assert bad.exit_code == 2 and "jpg" in bad.output
    none = run("build", "phoenix", "--format", "png", "--out", tmp_path / "d")
    assert none.exit_code == 2 and "no cards or tiles" in none.output and not (tmp_path / "d").exists()


def small_board_text() -> str:
    """The bundled spec on a 4 x 4 quadrant of 14 mm squares: a sound game whose
    pieces and Slider tracks do not fit the board."""
    text = bundled_text().replace("  square_mm: 22", "  square_mm: 14")
    text = text.replace("  quadrant_size: 7 ", "  quadrant_size: 4 ")
    # keep only the +/- spaces that lie inside a 4 x 4 quadrant
    return "\n".join(line for line in text.splitlines()
                     if not re.search(r"at: \[(\d), (\d)\]", line)
                     or max(map(int, re.search(r"at: \[(\d), (\d)\]", line).groups())) < 4)


def test_pieces_and_tracks_that_do_not_fit_the_board_are_all_reported(tmp_path):
    result = run("build", write(tmp_path, small_board_text()), "--out", tmp_path / "out")
    assert result.exit_code == 2
    lines = result.output.strip().splitlines()
    assert len(lines) == 4, result.output
    numbers = [int(re.match(r".+?:(\d+):\d+: ", line).group(1)) for line in lines]
    assert numbers == sorted(numbers)
    # The pieces, measured as the kit makes them (printkit.footprint), with 1 mm free each side.
    assert ("board.square_mm: 14 mm squares are too small for Units (18.0 x 18.0 mm seen from above; "
            "1 mm free on every side to pick one up): 20 mm squares would fit them, or Units at most "
            "12 x 12 mm (kit.unit_mm sets their size)") in result.output
    assert "14 mm squares are too small for Builders (16.0 x 13.9 mm seen from above" in result.output
    assert "notches and the labels of Slider A do not fit" in result.output
    assert "notches and the labels of Slider B do not fit" in result.output


def test_validate_reports_what_the_kit_could_not_print(tmp_path):
    result = run("validate", write(tmp_path, small_board_text()), "--playouts", 0)
    assert result.exit_code == 2
    assert "unsound: 4 errors in the spec" in result.output
    assert "14 mm squares are too small for Units (18.0 x 18.0 mm seen from above" in result.output


@pytest.mark.parametrize("title, char, words", [
    ("Gra \u77f3", "U+77F3", "the kit's font (DejaVu Sans) cannot print"),
    ("Tab\x1fle", "U+001F", "'Tab\\x1fle' holds a control character"),  # shown escaped, as in tests/test_spec_text.py
])
def test_text_the_font_cannot_print_is_a_validate_error_at_its_line(tmp_path, title, char, words):
    text = (SPECS_DIR / "tiles.yaml").read_text(encoding="utf-8")
    text = re.sub(r"(?m)^title: .*$", lambda _: "title: " + json.dumps(title), text)
    path = tmp_path / "t.yaml"
    path.write_text(text, encoding="utf-8")
    line = text[:text.index("title:")].count("\n") + 1
    for command in (["validate", path, "--playouts", "0"], ["build", path, "--out", tmp_path / "o"]):
        result = run(*command)
        assert result.exit_code == 2
        assert f"t.yaml:{line}:8: title: {words}" in result.output
        assert char in result.output


@pytest.mark.parametrize("text", [
    "base: &b {x: 1, y: 2}\nover: {<<: *b, y: 3}\n",  # a key written here overrides the merged one
    "a: &a {x: 1}\nb: &b {x: 2, z: 5}\nc: {<<: [*a, *b]}\n",  # the merge listed first wins
    "a: &a {x: 1, y: {p: 1}}\nc:\n  <<: *a\n  y: {q: 2}\n  x: 3\n",
])
def test_a_merge_key_reads_as_yaml_reads_it_and_an_override_is_no_duplicate(text):
    import yaml

    from printkit import plainyaml

    assert plainyaml.parse(text, "t.yaml")[0] == yaml.safe_load(text)


def test_a_key_written_twice_beside_a_merge_is_still_a_duplicate():
    from printkit import plainyaml

    with pytest.raises(PrintkitError, match=r"t\.yaml:2:19: duplicate key 'y'"):
        plainyaml.parse("base: &b {x: 1}\nm: {<<: *b, y: 1, y: 2}\n", "t.yaml")


def test_a_spec_path_that_is_a_device_says_so(tmp_path):
    import os

    link = tmp_path / "zero.yaml"
    os.symlink("/dev/zero", link)
    result = run("validate", link)
    assert result.exit_code == 2 and "zero.yaml: not a plain file" in result.output
    assert "Traceback" not in result.output
