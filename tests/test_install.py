"""What works from the source tree works installed: the wheel, in a fresh
virtual environment, used from a folder outside the checkout."""

from __future__ import annotations

import os
import re
import subprocess
import sys
import tomllib
import zipfile
from pathlib import Path

import pytest

import printkit

ROOT = Path(__file__).resolve().parent.parent


def _pyproject() -> dict:
    return tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))


def test_every_package_in_the_tree_is_listed_for_the_wheel():
    listed = set(_pyproject()["tool"]["setuptools"]["packages"])
    found = {
        ".".join(path.parent.relative_to(ROOT).parts)
        for path in (ROOT / "printkit").rglob("*.py")
    }
    bundled = {"printkit.bundled.specs", "printkit.bundled.templates"}
    bundled |= {
        "printkit.bundled.specs." + ".".join(p.relative_to(ROOT / "specs").parts)
        for p in (ROOT / "specs").rglob("*") if p.is_dir()
    }
    assert listed == found | bundled


def test_bare_printkit_prints_help_and_exits_0():
    done = subprocess.run([sys.executable, "-m", "printkit"], capture_output=True, text=True)
    assert done.returncode == 0
    assert "Usage: printkit" in done.stdout and "build" in done.stdout


@pytest.mark.parametrize("flag", ["-h", "--help"])
def test_short_and_long_help_agree(flag):
    done = subprocess.run([sys.executable, "-m", "printkit", flag, ], capture_output=True, text=True)
    assert done.returncode == 0
    assert done.stdout == subprocess.run(
        [sys.executable, "-m", "printkit", "--help"], capture_output=True, text=True).stdout
    sub = subprocess.run([sys.executable, "-m", "printkit", "build", flag], capture_output=True, text=True)
    assert sub.returncode == 0 and "--colors" in sub.stdout


def test_version_agrees_with_the_metadata():
    done = subprocess.run([sys.executable, "-m", "printkit", "--version"], capture_output=True, text=True)
    assert done.returncode == 0
    assert done.stdout.strip() == f"printkit, version {printkit.__version__}"
    assert printkit.__version__ == _pyproject()["project"]["version"]


def readme_python_example() -> str:
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    section = text.split("## The rules engine in Python", 1)[1].split("\n## ", 1)[0]
    block = re.search(r"\n\n((?:    .*\n|\n)+)", section).group(1)
    return "\n".join(line[4:] for line in block.splitlines())


@pytest.fixture(scope="module", params=["newest", "lowest"])
def installed(request, tmp_path_factory):
    """A wheel built from this checkout, installed in a fresh venv with the
    newest dependencies pip finds, or with the floors pyproject.toml states
    (constraints/lowest.txt)."""
    base = tmp_path_factory.mktemp("install")
    constraints = ["-c", str(ROOT / "constraints" / "lowest.txt")] if request.param == "lowest" else []
    subprocess.run([sys.executable, "-m", "pip", "wheel", "-q", "--no-deps", "-w", str(base / "dist"), str(ROOT)],
                   check=True, capture_output=True)
    wheel = next((base / "dist").glob("printkit_games-*.whl"))
    subprocess.run([sys.executable, "-m", "venv", str(base / "venv")], check=True)
    bin_dir = base / "venv" / ("Scripts" if os.name == "nt" else "bin")
    clean = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "PYTHONHOME")}
    subprocess.run([str(bin_dir / "python"), "-m", "pip", "install", "-q", *constraints, str(wheel)],
                   check=True, capture_output=True, env=clean)
    work = base / "elsewhere"
    work.mkdir()
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "PYTHONHOME")}
    env["PATH"] = str(bin_dir) + os.pathsep + env.get("PATH", "")

    def run(*args, **kwargs):
        return subprocess.run(list(args), cwd=work, env=env, capture_output=True, text=True, **kwargs)

    return wheel, bin_dir, work, run


def test_the_wheel_ships_specs_and_templates(installed):
    wheel = installed[0]
    names = set(zipfile.ZipFile(wheel).namelist())
    for spec in (ROOT / "specs").rglob("*.yaml"):
        assert "printkit/bundled/specs/" + spec.relative_to(ROOT / "specs").as_posix() in names
    for template in (ROOT / "templates").glob("*.j2"):
        assert "printkit/bundled/templates/" + template.name in names



def test_the_wheel_states_its_licence_as_an_spdx_expression(installed):
    """setuptools stops building a licence given as a table or a classifier in 2027."""
    wheel = installed[0]
    with zipfile.ZipFile(wheel) as archive:
        meta = next(n for n in archive.namelist() if n.endswith(".dist-info/METADATA"))
        headers = archive.read(meta).decode("utf-8").split("\n\n", 1)[0].splitlines()
        assert any(n.endswith(".dist-info/licenses/LICENSE") for n in archive.namelist())
    assert "License-Expression: MIT" in headers
    assert not any(h.startswith(("License:", "Classifier: License ::")) for h in headers)


def test_installed_printkit_is_the_wheel_not_the_checkout(installed):
    _, bin_dir, work, run = installed
    done = run(str(bin_dir / "python"), "-c", "import printkit; print(printkit.__file__, printkit.__version__)")
    assert done.returncode == 0, done.stderr
    where, version = done.stdout.split()
    assert Path(where).resolve().is_relative_to((bin_dir.parent).resolve())
    assert version == printkit.__version__


def test_installed_printkit_lists_and_builds_every_game(installed):
    _, bin_dir, work, run = installed
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



def test_the_readme_says_where_an_installed_printkit_keeps_the_specs_to_copy(installed):
    """"Your own spec" copies specs/mckinney.yaml: a folder a wheel's user does not have."""
    _, bin_dir, work, run = installed
    section = (ROOT / "README.md").read_text(encoding="utf-8").split("## Your own spec", 1)[1].split("\n## ", 1)[0]
    command = re.search(r"^    (python -c .*SPECS_DIR.*)$", section, re.M).group(1)
    done = run("sh", "-c", command)
    assert done.returncode == 0, done.stderr
    folder = Path(done.stdout.strip())
    assert folder.resolve().is_relative_to(bin_dir.parent.resolve())
    for spec in (ROOT / "specs").rglob("*.yaml"):
        assert (folder / spec.relative_to(ROOT / "specs")).read_bytes() == spec.read_bytes()


def test_installed_printkit_runs_the_readme_example(installed):
    _, bin_dir, work, run = installed
    done = run("python", "-c", readme_python_example())
    assert done.returncode == 0, done.stderr
    assert re.search(r"\[-?\d+(\.\d+)?, -?\d+(\.\d+)?, -?\d+(\.\d+)?\]\s*$", done.stdout)
