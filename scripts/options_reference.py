"""Write the table of every command's options (generated from the command
line's own parameters) to docs/options.md: python scripts/options_reference.py"""

from pathlib import Path

from printkit import optionsdoc

PAGE = Path(__file__).resolve().parent.parent / "docs" / "options.md"

if __name__ == "__main__":
    PAGE.parent.mkdir(exist_ok=True)
    PAGE.write_text(optionsdoc.page(), encoding="utf-8")
    print(f"wrote the options of every command to {PAGE}")
