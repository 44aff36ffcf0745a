"""The README's generated spec reference is the current one."""

from pathlib import Path

from printkit import specdoc

README = Path(__file__).resolve().parent.parent / "README.md"


def test_the_readme_holds_the_current_spec_reference():
    text = README.read_text(encoding="utf-8")
    assert specdoc.START in text and specdoc.END in text
    assert specdoc.with_reference(text) == text, "run python scripts/spec_reference.py"


def test_the_reference_names_every_key_of_every_schema_with_its_range():
    reference = specdoc.reference()
    for key in ("board.square_mm", "board.quadrant_size", "tiles.size_mm", "dice.face_mm", "max_turns"):
        assert f"`{key}`" in reference
    assert "| `board.square_mm` | number | 10 to 40 mm |" in reference
    assert "199.9 x 247.4 mm" in reference and "194.0 x 265.0 mm" in reference
