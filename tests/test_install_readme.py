"""A newcomer who follows the README's Quick start, command by command, in
a copy of this checkout gets a kit; the printkit it installed (with the
newest dependencies pip finds) passes every check an installed printkit
passes (tests/install_cases.py), from a folder outside the clone."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

# Every check an installed printkit passes (install_cases.__all__), here on the Quick start's install (``installed`` below).
from install_cases import *  # noqa: F403
from install_cases import ROOT, _clean_env, quick_start, runner


@pytest.fixture(scope="module")
def newcomer(tmp_path_factory):
    """A copy of this checkout, as a clone would be, in which the README's
    Quick start ran as written, in one shell: the virtual environment, the
    install from the clone, the first build."""
    base = tmp_path_factory.mktemp("newcomer")
    clone = base / "printkit"
    shutil.copytree(ROOT, clone, ignore=shutil.ignore_patterns(
        ".git", ".venv", "build", "dist", "output", "site", "*.egg-info", "__pycache__", ".pytest_cache",
        ".hypothesis", ".ruff_cache"))
    env = _clean_env()
    # The python3 a reader has: the one running these tests, whatever else is on the PATH.
    env["PATH"] = os.path.dirname(sys.executable) + os.pathsep + env.get("PATH", "")
    commands = quick_start()
    done = subprocess.run(["bash", "-e", "-c", "\n".join(commands)], cwd=clone, env=env, capture_output=True,
                          text=True, stdin=subprocess.DEVNULL)
    return clone, commands, done


@pytest.fixture(scope="module")
def installed(newcomer, tmp_path_factory):
    """printkit installed in a fresh venv as the README's Quick start installs
    it from a clone, with the newest dependencies pip finds."""
    clone, _, done = newcomer
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-3000:]
    return runner(clone / ".venv" / ("Scripts" if os.name == "nt" else "bin"), tmp_path_factory.mktemp("install"))


def test_a_newcomer_who_follows_the_readme_gets_the_kit(newcomer):
    """The Quick start's commands, in order, from a fresh clone: a virtual
    environment first, then the install and the first build."""
    clone, commands, done = newcomer
    assert commands[0].startswith("python3 -m venv .venv") and ". .venv/bin/activate" in commands[0]
    assert commands[1:] == ["pip install . && printkit build mckinney"]
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-3000:]
    kit = clone / "output" / "mckinney"
    assert "mckinney: 6 sheets in output/mckinney/mckinney-kit.pdf" in done.stdout
    from pypdf import PdfReader

    pages = PdfReader(kit / "mckinney-kit.pdf").pages
    assert len(pages) == 6
    # Letter, the default paper: 215.9 x 279.4 mm.
    width, height = (float(v) * 25.4 / 72 for v in pages[0].mediabox[2:])
    assert abs(width - 215.9) < 0.1 and abs(height - 279.4) < 0.1
    for name in ("mckinney-rules.pdf", "mckinney-reference.pdf"):
        assert (kit / name).stat().st_size > 10_000, name
    # A cut file per sheet, on the same Letter page, in millimetres.
    svgs = sorted(kit.glob("*.svg"))
    assert [p.name for p in svgs] == [f"mckinney-sheet-{n:02d}.svg" for n in range(1, 7)]
    assert all('width="215.9mm"' in p.read_text(encoding="utf-8") for p in svgs)
    # printkit came from the clone's own environment, not from its source folder.
    python = clone / ".venv" / "bin" / "python"
    where = subprocess.run([str(python), "-c", "import printkit; print(printkit.__file__)"], cwd=clone.parent,
                           capture_output=True, text=True, env=_clean_env())
    assert Path(where.stdout.strip()).resolve().is_relative_to((clone / ".venv").resolve()), where.stderr
