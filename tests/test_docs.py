"""The documentation: the site builds with no link to nothing, every command
it shows with its output prints that output today, its Python examples run,
and the README's pictures show what a build prints."""

from __future__ import annotations

import importlib.util
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest
import yaml
from PIL import Image

ROOT = Path(__file__).resolve().parent.parent
DOCS = ROOT / "docs"


def _script(name: str):
    """A module of scripts/, which tests share with the people who run them."""
    spec = importlib.util.spec_from_file_location(f"scripts_{name}", ROOT / "scripts" / f"{name}.py")
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # dataclasses look their module up by name
    spec.loader.exec_module(module)
    return module


examples = _script("doc_examples")
doc_images = _script("doc_images")


def _mkdocs_config() -> dict:
    class Loader(yaml.SafeLoader):
        pass

    # mkdocs.yml may name Python objects with !!python tags; none are needed to read the nav.
    Loader.add_multi_constructor("tag:yaml.org,2002:python/", lambda loader, suffix, node: None)
    return yaml.load((ROOT / "mkdocs.yml").read_text(encoding="utf-8"), Loader=Loader)


def _nav_pages(nav) -> list[str]:
    pages = []
    for entry in nav:
        for value in (entry.values() if isinstance(entry, dict) else [entry]):
            pages += _nav_pages(value) if isinstance(value, list) else [value]
    return pages


# --- the site ---------------------------------------------------------------

def test_the_site_builds_strictly_and_every_page_is_in_it(tmp_path):
    """mkdocs build --strict fails on a link to a page or an anchor that does
    not exist, and on a page left out of the navigation."""
    env = {**os.environ, "NO_MKDOCS_2_WARNING": "1"}
    done = subprocess.run([sys.executable, "-m", "mkdocs", "build", "--strict", "-q", "-f", str(ROOT / "mkdocs.yml"),
                           "-d", str(tmp_path / "site")], capture_output=True, text=True, env=env)
    assert done.returncode == 0, done.stdout + done.stderr
    pages = _nav_pages(_mkdocs_config()["nav"])
    assert sorted(pages) == sorted(p.relative_to(DOCS).as_posix() for p in DOCS.rglob("*.md"))
    for page in pages:
        html = (tmp_path / "site" / (page[:-3].removesuffix("index")) / "index.html").read_text(encoding="utf-8")
        title = re.search(r"^# (.+)$", (DOCS / page).read_text(encoding="utf-8"), re.M).group(1)
        assert "<h1" in html and title.split("`")[0].split(":")[0] in html, page
    # The generated reference's tables are tables on the site, and <id> shows.
    reference = (tmp_path / "site" / "spec-reference" / "index.html").read_text(encoding="utf-8")
    from printkit.spec import bundled_games

    # The printable limits, then one table per game.
    assert reference.count("<table>") == 1 + len(bundled_games()) and "(output/&lt;id&gt;/)" in reference
    # The pictures are on the home page, from the images folder.
    home = (tmp_path / "site" / "index.html").read_text(encoding="utf-8")
    for name in doc_images.IMAGES:
        assert f'src="images/{name}"' in home and (tmp_path / "site" / "images" / name).is_file()


def test_the_test_extra_installs_what_builds_the_site():
    import tomllib

    test_extra = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    names = {re.split(r"[<>=\[ ]", r, maxsplit=1)[0] for r in test_extra["optional-dependencies"]["test"]}
    assert {"mkdocs", "mkdocs-material"} <= names
    runtime = {re.split(r"[<>=\[ ]", r, maxsplit=1)[0] for r in test_extra["dependencies"]}
    assert not {"mkdocs", "mkdocs-material"} & runtime
    assert _mkdocs_config()["theme"]["name"] == "material"


# --- shown output is real output --------------------------------------------

def _pages_with_examples() -> list[Path]:
    return [p for p in examples.pages() if examples.blocks(p.read_text(encoding="utf-8"))]


def test_the_examples_are_found_where_the_docs_show_output():
    commands = {p.relative_to(ROOT).as_posix(): [e.command for b in examples.blocks(p.read_text("utf-8"))
                                                 for e in b.examples]
                for p in _pages_with_examples()}
    assert {"docs/balance.md", "docs/check-a-layout.md", "docs/print-a-kit.md",
            "docs/rules-engine.md"} <= set(commands)
    # The two the README once showed stale: both run now.
    assert "printkit simulate mckinney --games 1000 --seed 1 --players 2" in commands["docs/check-a-layout.md"]
    assert "printkit moves mckinney --players 2 | head -n 7" in commands["docs/rules-engine.md"]
    # A block of shell commands with output anywhere else would go unchecked:
    # output is shown in console blocks only.
    for page in examples.pages():
        for body in re.findall(r"^```(?:sh|bash|shell|text)\n(.*?)^```", page.read_text("utf-8"), re.M | re.S):
            assert not re.search(r"^\$ ", body, re.M), (page, body)


def test_the_matcher_takes_an_ellipsis_for_any_number_of_lines():
    assert examples.matches(["a", "...", "d"], ["a", "b", "c", "d"])
    assert examples.matches(["a", "...", "b"], ["a", "b"])
    assert not examples.matches(["a", "...", "d"], ["a", "b", "c"])
    assert not examples.matches(["a", "b"], ["a", "b", "c"])
    assert examples.shown(["a", "...", "d"], ["a", "b", "c", "d", "e"]) == ["a", "...", "e"]


@pytest.mark.parametrize("page", _pages_with_examples(), ids=lambda p: p.relative_to(ROOT).as_posix())
def test_every_command_prints_what_the_page_shows(page):
    wrong = [result.report(page.relative_to(ROOT).as_posix())
             for _, results in examples.run_page(page) for result in results if not result.ok]
    assert not wrong, "\n".join(wrong) + "\n(after a deliberate change: python scripts/doc_examples.py --update)"


def test_a_wrong_output_or_an_unshown_exit_code_is_caught(tmp_path):
    page = tmp_path / "page.md"
    page.write_text("```console\n$ printkit list | head -n 1\nlam   nothing like it\n"
                    "$ printkit build no-such-game\n```\n", encoding="utf-8")
    results = [r for _, rs in examples.run_page(page) for r in rs]
    assert [r.ok for r in results] == [False, False]
    assert results[0].actual[0].startswith("lam          Rock, Paper, Scissors")
    assert results[1].code == 2 and "exits with code 2" in results[1].report("page.md")


# --- Python examples ---------------------------------------------------------

def _python_blocks(page: Path) -> list[str]:
    return re.findall(r"^```python\n(.*?)^```", page.read_text(encoding="utf-8"), re.M | re.S)


@pytest.mark.parametrize("page", ["rules-engine.md", "openspiel.md"])
def test_the_python_examples_run(page, tmp_path):
    blocks = _python_blocks(DOCS / page)
    assert blocks
    if page == "openspiel.md":
        pytest.importorskip("pyspiel")
    for code in blocks:
        done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=tmp_path)
        assert done.returncode == 0, done.stderr
        # Each prints the returns of a finished game: one number per player.
        assert re.search(r"\[-?\d+(\.\d+)?(, -?\d+(\.\d+)?)+\]\s*$", done.stdout), done.stdout[-500:]


# --- the README's pictures ---------------------------------------------------

def test_the_pictures_show_what_the_build_prints(mckinney_kit):
    """Compared averaged over blocks of pixels, so that a newer PDF library's
    smoothing passes and a moved part or paragraph does not."""
    built = mckinney_kit(colors=4)
    fresh = doc_images.images(built.folder)
    assert sorted(fresh) == sorted(doc_images.IMAGES)
    for name, image in fresh.items():
        saved = Image.open(DOCS / "images" / name)
        assert saved.size == image.size == (612, 792)  # Letter at 72 dpi
        share = doc_images.difference(saved, image)
        assert share <= doc_images.SHARE, f"{name} is out of date ({share:.1%} differs): run python scripts/doc_images.py"


def test_the_comparison_sees_a_page_moved_by_a_millimetre():
    for name in doc_images.IMAGES:
        saved = Image.open(DOCS / "images" / name).convert("RGB")
        moved = Image.new("RGB", saved.size, "white")
        moved.paste(saved, (3, 0))  # 3 pixels at 72 dpi: 1.06 mm
        assert doc_images.difference(saved, saved) == 0.0
        assert doc_images.difference(saved, moved) > doc_images.SHARE, name
