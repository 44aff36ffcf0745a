"""The README is the entry point: short, the two Quick start commands with
the virtual environment first, the games, pictures and links that exist;
the spec reference it points to (docs/spec-reference.md) is the current one."""

import re
from pathlib import Path

from printkit import spec, specdoc

ROOT = Path(__file__).resolve().parent.parent
README = ROOT / "README.md"
REFERENCE = ROOT / "docs" / "spec-reference.md"


def _readme() -> str:
    return README.read_text(encoding="utf-8")


def test_the_docs_hold_the_current_spec_reference():
    text = REFERENCE.read_text(encoding="utf-8")
    assert specdoc.START in text and specdoc.END in text
    assert specdoc.with_reference(text) == text, "run python scripts/spec_reference.py"
    assert specdoc.START not in _readme()  # one copy, on its page


def test_the_reference_names_every_key_of_every_schema_with_its_range():
    reference = specdoc.reference()
    for key in ("board.square_mm", "board.quadrant_size", "tiles.size_mm", "dice.face_mm", "max_turns"):
        assert f"`{key}`" in reference
    assert "| `board.square_mm` | number | 10 to 40 mm |" in reference
    assert "199.9 x 247.4 mm" in reference and "194.0 x 265.0 mm" in reference


def test_the_readme_is_an_entry_point_of_a_couple_of_hundred_lines():
    lines = _readme().splitlines()
    assert len(lines) <= 200
    headings = [line for line in lines if line.startswith("## ")]
    assert headings[:6] == ["## Quick start", "## The games", "## Your own game", "## On a virtual table",
                            "## Play it before you print it", "## Read on"]


def test_quick_start_makes_the_virtual_environment_before_it_installs():
    """On recent Debian and Ubuntu a pip install outside a virtual
    environment stops with externally-managed-environment."""
    section = _readme().split("## Quick start", 1)[1].split("\n## ", 1)[0]
    block = re.search(r"```sh\n(.*?)```", section, re.S).group(1).splitlines()
    assert block == ["python3 -m venv .venv && . .venv/bin/activate", "pip install . && printkit build mckinney"]


def test_the_games_table_lists_every_bundled_game_as_the_docs_do():
    def rows(text):
        return re.findall(r"^\| `([a-z_-]+)` \| (.+) \| ([\d-]+) \|$", text, re.M)

    readme_rows = rows(_readme())
    assert [row[0] for row in readme_rows] == ["mckinney", "phoenix", "tiles", "playground", "lam"]
    assert sorted(row[0] for row in readme_rows) == spec.bundled_games()
    assert readme_rows == rows((ROOT / "docs" / "index.md").read_text(encoding="utf-8"))
    for game_id, _, players in readme_rows:
        loaded = spec.load(game_id, check=False)
        low, high = loaded["players"]["min"], loaded["players"]["max"]
        assert players == (f"{low}-{high}" if low != high else str(low)), game_id


def test_every_link_and_picture_of_the_readme_exists():
    text = _readme()
    targets = re.findall(r"\]\(([^)#]+)(?:#[^)]*)?\)", text) + re.findall(r'<img src="([^"]+)"', text)
    local = [t for t in targets if "://" not in t]
    # a kit sheet, a rulebook page, a sheet of one's own game, the live table
    assert len([t for t in local if t.startswith("docs/images/")]) == 4
    assert len({t for t in local if t.startswith("docs/") and t.endswith(".md")}) >= 10
    for target in local:
        assert (ROOT / target).exists(), target
    # Every page of the docs is reachable from the README, directly or from the docs' home page.
    linked = {Path(t).name for t in local if t.startswith("docs/")}
    home = set(re.findall(r"\]\(([a-z-]+\.md)", (ROOT / "docs" / "index.md").read_text(encoding="utf-8")))
    assert {p.name for p in (ROOT / "docs").glob("*.md")} <= linked | home | {"index.md"}
