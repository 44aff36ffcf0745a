"""What the two install test files share: the checkout's metadata, a clean
environment, the README's Quick start, and the checks every installed
printkit passes (tests/test_install.py installs the wheel at the lowest
dependency versions, tests/test_install_readme.py follows the Quick start
with the newest). Each file gives the checks its own ``installed`` fixture:
(bin folder, a work folder outside the checkout, a runner there)."""

from __future__ import annotations

import os
import re
import subprocess
import tomllib
from pathlib import Path

import printkit

ROOT = Path(__file__).resolve().parent.parent


def _pyproject() -> dict:
    return tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))


def docs_python_example() -> str:
    """The example of docs/rules-engine.md: its first Python block."""
    text = (ROOT / "docs" / "rules-engine.md").read_text(encoding="utf-8")
    return re.search(r"^```python\n(.*?)^```", text, re.M | re.S).group(1)


def _clean_env() -> dict:
    """This environment without what would let a fresh venv see the checkout's."""
    return {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "PYTHONHOME", "VIRTUAL_ENV")}


def quick_start() -> list[str]:
    """The commands of the README's Quick start, in order."""
    section = (ROOT / "README.md").read_text(encoding="utf-8").split("## Quick start", 1)[1].split("\n## ", 1)[0]
    block = re.search(r"^```sh\n(.*?)^```", section, re.M | re.S).group(1)
    return [line for line in block.splitlines() if line.strip() and not line.lstrip().startswith("#")]


def runner(bin_dir: Path, base: Path):
    """(bin folder, work folder, run): commands run from a fresh folder outside
    the checkout, with this install's programs first on the PATH."""
    work = base / "elsewhere"
    work.mkdir()
    env = _clean_env()
    env["PATH"] = str(bin_dir) + os.pathsep + env.get("PATH", "")

    def run(*args, **kwargs):
        return subprocess.run(list(args), cwd=work, env=env, capture_output=True, text=True, **kwargs)

    return bin_dir, work, run


def test_installed_printkit_is_the_wheel_not_the_checkout(installed):
    bin_dir, work, run = installed
    done = run(str(bin_dir / "python"), "-c", "import printkit; print(printkit.__file__, printkit.__version__)")
    assert done.returncode == 0, done.stderr
    where, version = done.stdout.split()
    assert Path(where).resolve().is_relative_to((bin_dir.parent).resolve())
    assert version == printkit.__version__


def test_installed_printkit_lists_and_builds_every_game(installed):
    bin_dir, work, run = installed
    listed = run("printkit", "list")
    assert listed.returncode == 0, listed.stderr
    ids = [line.split()[0] for line in listed.stdout.splitlines()]
    assert ids == sorted(p.stem for p in (ROOT / "specs").glob("*.yaml"))
    built = run("printkit", "build", "--all", "--out", "kits")
    assert built.returncode == 0, built.stderr
    for game_id in ids:
        assert (work / "kits" / game_id / f"{game_id}-kit.pdf").stat().st_size > 10_000
        assert (work / "kits" / game_id / f"{game_id}-rules.pdf").stat().st_size > 10_000
    # A spec path, with its rulebook template found inside the package.
    spec = (ROOT / "specs" / "examples" / "mckinney-variant.yaml").read_text(encoding="utf-8")
    (work / "my-board.yaml").write_text(spec, encoding="utf-8")
    own = run("printkit", "build", "my-board.yaml", "--out", "mine")
    assert own.returncode == 0, own.stderr
    assert any((work / "mine").rglob("*-rules.pdf"))
    assert run("python", "-m", "printkit", "--version").stdout.strip() == f"printkit, version {printkit.__version__}"


def test_installed_printkit_builds_a_game_of_ones_own_with_its_pictures(installed):
    """The starter game: its SVG icon drawn by svglib, its cards' PNG images
    by PDFium and Pillow, at the lowest versions pyproject.toml admits too."""
    bin_dir, work, run = installed
    assert run("printkit", "new", "duel").returncode == 0
    built = run("printkit", "build", "duel/duel.yaml", "--out", "own", "--format", "pdf,png")
    assert built.returncode == 0, built.stderr
    assert not built.stderr, built.stderr  # no library's complaint either
    assert len(list((work / "own" / "duel").glob("duel-card-*.png"))) == 24  # 12 cards, a front and a back each



def test_the_docs_say_where_an_installed_printkit_keeps_the_specs_to_copy(installed):
    """"Your own spec" copies specs/mckinney.yaml: a folder a wheel's user does not have."""
    bin_dir, work, run = installed
    page = (ROOT / "docs" / "your-own-spec.md").read_text(encoding="utf-8")
    command = re.search(r"^(python -c .*SPECS_DIR.*)$", page, re.M).group(1)
    done = run("sh", "-c", command)
    assert done.returncode == 0, done.stderr
    folder = Path(done.stdout.strip())
    assert folder.resolve().is_relative_to(bin_dir.parent.resolve())
    for spec in (ROOT / "specs").rglob("*.yaml"):
        assert (folder / spec.relative_to(ROOT / "specs")).read_bytes() == spec.read_bytes()


def test_installed_printkit_runs_the_rules_engine_example_of_the_docs(installed):
    bin_dir, work, run = installed
    done = run("python", "-c", docs_python_example())
    assert done.returncode == 0, done.stderr
    assert re.search(r"\[-?\d+(\.\d+)?, -?\d+(\.\d+)?, -?\d+(\.\d+)?\]\s*$", done.stdout)


# What each install test file runs against its own ``installed``: every check above.
__all__ = [name for name in dir() if name.startswith("test_")]
