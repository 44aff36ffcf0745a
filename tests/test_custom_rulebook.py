"""A custom game's rulebook: its own Markdown file beside the spec, set by the
bundled rulebooks' renderer, with drawings of its own parts (part:NAME) and
pictures; without one, a short book listing the kit. Mistakes in the file
are refused at its line."""

from __future__ import annotations

from pathlib import Path

from click.testing import CliRunner
from PIL import Image
from pypdf import PdfReader

from printkit.cli import main


def _game(folder: Path, rules: str | None) -> Path:
    Image.new("RGB", (300, 150), "#4477AA").save(folder / "map.png")
    spec = folder / "g.yaml"
    spec.write_text("game: custom\ntitle: Rule Test\n" + (f"rules: {rules}\n" if rules else "") +
                    "components:\n  - type: cards\n    name: Deck\n    size: mini\n"
                    "    rows: [{t: Alpha, count: 3}, {t: Beta}]\n    face: {title: t}\n"
                    "  - type: tokens\n    name: Chips\n    size_mm: 15\n    rows: [{v: '1', count: 6}]\n"
                    "    face: {title: v}\n", encoding="utf-8")
    return spec


def _build(spec: Path):
    out = spec.parent / "out"
    result = CliRunner().invoke(main, ["build", str(spec), "-o", str(out), "--format", "pdf", "-q"])
    return result, out


def _text(pdf: Path) -> str:
    return " ".join((page.extract_text() or "") for page in PdfReader(str(pdf)).pages)


def test_the_rules_file_is_set_with_its_part_drawings_and_pictures(tmp_path):
    (tmp_path / "rules.md").write_text("# Rule Test\n\n## Setting up\n\nDeal four cards each.\n\n"
                                       "![One of the cards](part:Deck)\n\n![The map](map.png)\n\n"
                                       "| Chips | Points |\n|---|---|\n| 1 | 1 |\n", encoding="utf-8")
    result, out = _build(_game(tmp_path, "rules.md"))
    assert result.exit_code == 0, result.output
    pdf = out / "g" / "g-rules.pdf"
    text = _text(pdf)
    assert "Setting up" in text and "Deal four cards each." in text
    assert "One of the cards" in text and "The map" in text
    assert "Alpha" in text  # the card's own title, drawn as the kit prints it
    pages = PdfReader(str(pdf)).pages
    images = [o for page in pages for o in ((page["/Resources"].get("/XObject") or {}).values())]
    assert len(images) == 1  # the map, as a picture


def test_without_rules_the_book_lists_the_kit(tmp_path):
    result, out = _build(_game(tmp_path, None))
    assert result.exit_code == 0, result.output
    text = _text(out / "g" / "g-rules.pdf")
    assert "What is in the kit" in text
    assert "Cards (Deck): 4" in text and "Tokens (Chips): 6" in text


def _refused_at(tmp_path, rules_text: str, line: int, said: str) -> None:
    (tmp_path / "rules.md").write_text(rules_text, encoding="utf-8")
    result, out = _build(_game(tmp_path, "rules.md"))
    assert result.exit_code == 2, result.output
    assert f"rules.md:{line}:" in result.output and said in result.output, result.output
    assert "Traceback" not in result.output and not out.exists()


def test_a_drawing_of_a_part_no_component_has_is_refused_at_its_line(tmp_path):
    _refused_at(tmp_path, "# T\n\nText.\n\n![x](part:Dekc)\n", 5, "no component named 'Dekc'")


def test_a_picture_inside_a_sentence_is_refused_at_its_line(tmp_path):
    _refused_at(tmp_path, "# T\n\nSee ![the map](map.png) here.\n", 3, "a picture stands on a line of its own")


def test_a_missing_or_outside_picture_is_refused_at_its_line(tmp_path):
    _refused_at(tmp_path, "# T\n\n![gone](gone.png)\n", 3, "no such file")
    _refused_at(tmp_path, "# T\n\n\n![out](../../x.png)\n", 4, "outside the spec's folder")


def test_a_rules_file_outside_the_folder_is_refused_at_the_spec_line(tmp_path):
    folder = tmp_path / "game"
    folder.mkdir()
    (tmp_path / "theirs.md").write_text("# Not yours\n", encoding="utf-8")
    result, out = _build(_game(folder, "../theirs.md"))
    assert result.exit_code == 2
    assert "g.yaml:3:" in result.output and "outside the spec's folder" in result.output, result.output
    assert not out.exists()
