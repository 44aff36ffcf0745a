"""printkit new: a starter game that validates and builds at once, and never replaces a file."""

from __future__ import annotations

from pathlib import Path

from click.testing import CliRunner
from PIL import Image

from printkit.cli import main


def test_a_new_game_validates_and_builds_as_written(tmp_path):
    runner = CliRunner()
    made = runner.invoke(main, ["new", "duel", "--dir", str(tmp_path)])
    assert made.exit_code == 0, made.output
    folder = tmp_path / "duel"
    assert sorted(p.name for p in folder.iterdir()) == ["cards.csv", "duel.yaml", "icon.svg", "rules.md"]
    checked = runner.invoke(main, ["validate", str(folder / "duel.yaml")])
    assert checked.exit_code == 0 and "no playouts: this game has no rules engine" in checked.output, checked.output
    built = runner.invoke(main, ["build", str(folder / "duel.yaml"), "-o", str(tmp_path / "out"), "-q",
                                 "--format", "pdf"])
    assert built.exit_code == 0, built.output
    written = sorted(p.name for p in (tmp_path / "out" / "duel").iterdir() if not p.name.startswith("."))
    assert written == ["duel-kit.pdf", "duel-rules.pdf"]  # no engine, so no reference of one


def test_new_never_replaces_a_file(tmp_path):
    (tmp_path / "duel").mkdir()
    (tmp_path / "duel" / "rules.md").write_text("my own rules", encoding="utf-8")
    result = CliRunner().invoke(main, ["new", "duel", "--dir", str(tmp_path)])
    assert result.exit_code == 2
    assert "rules.md: already exists" in result.output and "Traceback" not in result.output
    assert (tmp_path / "duel" / "rules.md").read_text(encoding="utf-8") == "my own rules"
    assert sorted(p.name for p in (tmp_path / "duel").iterdir()) == ["rules.md"]  # nothing else written


def test_new_refuses_a_name_that_is_not_a_kit_name(tmp_path):
    for name in ("Duel", "../duel", "du el", "", "9lives"):
        result = CliRunner().invoke(main, ["new", name, "--dir", str(tmp_path)])
        assert result.exit_code == 2 and "a game's name is a lower-case letter" in result.output, (name, result.output)
    assert list(tmp_path.iterdir()) == []


def test_the_readme_picture_shows_the_starter_game_as_it_builds(tmp_path):
    import importlib.util

    root = Path(__file__).resolve().parent.parent
    spec = importlib.util.spec_from_file_location("doc_images_own", root / "scripts" / "doc_images.py")
    doc_images = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(doc_images)
    for name, image in doc_images.starter_images(tmp_path).items():
        saved = Image.open(root / "docs" / "images" / name)
        share = doc_images.difference(saved, image)
        assert share <= doc_images.SHARE, f"{name} is out of date ({share:.1%} differs): run python scripts/doc_images.py"


def test_a_game_without_a_rules_engine_is_not_played(tmp_path):
    """simulate, balance, moves and apply need an engine: one line saying the
    game has none, at its file, exit code 2."""
    runner = CliRunner()
    runner.invoke(main, ["new", "duel", "--dir", str(tmp_path)])
    spec = str(tmp_path / "duel" / "duel.yaml")
    for command in (["simulate", spec], ["balance", spec], ["moves", spec], ["apply", spec, "x"]):
        result = runner.invoke(main, command)
        assert result.exit_code == 2, (command, result.output)
        lines = result.output.strip().splitlines()
        assert len(lines) == 1 and lines[0].endswith(
            "duel.yaml: this game has no rules engine to play it by (simulate, balance, moves, apply); printkit "
            "builds and validates its kit, and printkit play opens it as a table where pieces move freely"), \
            (command, result.output)
