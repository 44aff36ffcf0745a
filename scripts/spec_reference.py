"""Write the spec reference (generated from the schemas and bundled specs)
into README.md between its markers: python scripts/spec_reference.py"""

from pathlib import Path

from printkit import specdoc

README = Path(__file__).resolve().parent.parent / "README.md"

if __name__ == "__main__":
    text = README.read_text(encoding="utf-8")
    if specdoc.START not in text:
        text = text.rstrip() + f"\n\n## Spec reference\n\n{specdoc.START}\n{specdoc.END}\n"
    README.write_text(specdoc.with_reference(text), encoding="utf-8")
    print(f"wrote the spec reference into {README}")
