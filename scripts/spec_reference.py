"""Write the spec reference (generated from the schemas and bundled specs)
into docs/spec-reference.md between its markers: python scripts/spec_reference.py"""

from pathlib import Path

from printkit import specdoc

PAGE = Path(__file__).resolve().parent.parent / "docs" / "spec-reference.md"

INTRO = """# Spec reference

Every key of every bundled game's spec: its type, its range and unit, whether
it is required, its value in the bundled spec and the comment beside it there.
The page is generated from the games' schemas and the bundled specs
(`python scripts/spec_reference.py`), so it says what printkit checks.
"""

if __name__ == "__main__":
    text = PAGE.read_text(encoding="utf-8") if PAGE.exists() else INTRO
    if specdoc.START not in text:
        text = text.rstrip() + f"\n\n{specdoc.START}\n{specdoc.END}\n"
    PAGE.parent.mkdir(exist_ok=True)
    PAGE.write_text(specdoc.with_reference(text), encoding="utf-8")
    print(f"wrote the spec reference into {PAGE.relative_to(PAGE.parent.parent)}")
