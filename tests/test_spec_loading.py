"""Spec loading: safe YAML, marks for every value, every schema problem at once."""

import pytest

from printkit import spec
from printkit.errors import PrintkitError, SpecError


def write(tmp_path, text, name="custom.yaml"):
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


def bundled_text(game="mckinney"):
    return (spec.SPECS_DIR / f"{game}.yaml").read_text(encoding="utf-8")


def test_marks_point_at_the_value_line_and_column():
    data, marks, key_marks = spec.parse_yaml("a:\n  b: [1, 22]\n", "f.yaml")
    assert data == {"a": {"b": [1, 22]}}
    assert marks[("a", "b", 1)] == (2, 10)
    assert key_marks[("a", "b")] == (2, 3)


def test_duplicate_keys_are_reported_not_silently_overwritten():
    with pytest.raises(SpecError) as info:
        spec.parse_yaml("a: 1\nb: 2\na: 3\n", "f.yaml")
    (problem,) = info.value.problems
    assert (problem.line, problem.column) == (3, 1)
    assert "duplicate key 'a'" in problem.message


def test_yaml_tags_that_build_objects_are_refused():
    with pytest.raises(SpecError) as info:
        spec.parse_yaml("a: !!python/object/apply:os.system ['true']\n", "f.yaml")
    assert info.value.problems[0].line == 1


def test_every_schema_problem_is_reported_at_once_with_its_place(tmp_path):
    text = bundled_text().replace("square_mm: 22", "square_mm: 400").replace(
        "slider_markers: 2", "slider_markers: two\n  sparkles: 3")
    path = write(tmp_path, text)
    with pytest.raises(SpecError) as info:
        spec.load(str(path))
    problems = info.value.problems
    lines = text.splitlines()
    by_word = {w: next(i + 1 for i, l in enumerate(lines) if w in l) for w in ("square_mm", "slider_markers", "sparkles")}
    assert {p.line for p in problems} == set(by_word.values())
    assert any("unknown key 'sparkles'" in p.message for p in problems)
    assert all(p.file.endswith("custom.yaml") for p in problems)


def test_unknown_game_id_names_the_bundled_games():
    with pytest.raises(PrintkitError) as info:
        spec.resolve("chess")
    assert "mckinney" in str(info.value)


def test_missing_spec_file():
    with pytest.raises(PrintkitError, match="no such spec file"):
        spec.resolve("nowhere/missing.yaml")


def test_game_key_only_selects_known_rule_sets(tmp_path):
    path = write(tmp_path, "game: os\n")
    with pytest.raises(SpecError, match="'game' must be one of"):
        spec.load(str(path))
