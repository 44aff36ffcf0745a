"""What works from the source tree works installed: the source
distribution and its wheel as ``python -m build`` makes them, and that wheel
in a fresh virtual environment at the lowest dependency versions
pyproject.toml admits, used from a folder outside the checkout.
tests/test_install_readme.py follows the README's Quick start instead."""

from __future__ import annotations

import os
import re
import subprocess
import sys
import tarfile
import zipfile

import pytest

# Every check an installed printkit passes (install_cases.__all__), here on the lowest versions (the ``installed`` fixture below).
from install_cases import *  # noqa: F403
from install_cases import ROOT, _clean_env, _pyproject, runner

import printkit


def test_every_package_in_the_tree_is_listed_for_the_wheel():
    listed = set(_pyproject()["tool"]["setuptools"]["packages"])
    found = {
        ".".join(path.parent.relative_to(ROOT).parts)
        for path in (ROOT / "printkit").rglob("*.py")
    }
    # Folders of data only (fonts, schemas) are packages to setuptools too:
    # listed, or it warns that it would leave them out.
    found |= {
        ".".join(path.relative_to(ROOT).parts)
        for path in (ROOT / "printkit").rglob("*")
        if path.is_dir() and path.name != "__pycache__" and any(f.is_file() for f in path.iterdir())
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


@pytest.fixture(scope="module")
def built_wheel(sdist):
    """The wheel ``python -m build`` made from the source distribution."""
    return sdist[2]


def test_the_wheel_ships_specs_and_templates(built_wheel):
    wheel = built_wheel
    names = set(zipfile.ZipFile(wheel).namelist())
    for spec in (ROOT / "specs").rglob("*.yaml"):
        assert "printkit/bundled/specs/" + spec.relative_to(ROOT / "specs").as_posix() in names
    for template in (ROOT / "templates").glob("*.j2"):
        assert "printkit/bundled/templates/" + template.name in names



def test_the_wheel_states_its_licence_as_an_spdx_expression(built_wheel):
    """setuptools stops building a licence given as a table or a classifier in 2027."""
    wheel = built_wheel
    with zipfile.ZipFile(wheel) as archive:
        names = archive.namelist()
        meta = next(n for n in names if n.endswith(".dist-info/METADATA"))
        headers = archive.read(meta).decode("utf-8").split("\n\n", 1)[0].splitlines()
    assert any(n.endswith(".dist-info/licenses/LICENSE") for n in names)
    # The fonts every PDF embeds are not MIT: the expression and the files name both licences.
    assert "License-Expression: MIT AND Bitstream-Vera" in headers
    assert any(n.endswith(".dist-info/licenses/printkit/fonts/LICENSE") for n in names)
    assert not any(h.startswith(("License:", "Classifier: License ::")) for h in headers)
    assert "printkit/py.typed" in names  # type checkers read printkit's annotations
    assert "Name: printkit-games" in headers  # printkit on the index is another project


@pytest.fixture(scope="module")
def sdist(tmp_path_factory):
    """The source distribution as ``python -m build`` makes it (and the wheel
    from it), unpacked, with the build's log and the wheel."""
    base = tmp_path_factory.mktemp("sdist")
    done = subprocess.run([sys.executable, "-m", "build", "-o", str(base), str(ROOT)],
                          capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    archive = next(base.glob("printkit_games-*.tar.gz"))
    with tarfile.open(archive) as tar:
        tar.extractall(base, filter="data")
    wheel = next(base.glob("printkit_games-*.whl"))
    return next(p for p in base.iterdir() if p.is_dir()), done.stdout + done.stderr, wheel


def test_the_build_gives_no_warning(sdist):
    _, log, _ = sdist
    assert not [line for line in log.splitlines() if re.search(r"warning|deprecat", line, re.I)
                and "byte-compiling is disabled" not in line]


def test_the_source_distribution_carries_the_tests_and_what_they_read(sdist):
    tree, _, _ = sdist
    tracked = subprocess.run(["git", "ls-files", "tests", "benchmarks", "constraints", "scripts"], cwd=ROOT,
                             capture_output=True, text=True)
    if tracked.returncode != 0:
        pytest.skip("not a git checkout")
    missing = [name for name in tracked.stdout.splitlines() if not (tree / name).is_file()]
    assert missing == []
    for name in ("tests/conftest.py", "CHANGELOG.md", "README.md", "LICENSE", "printkit/py.typed",
                 "printkit/fonts/LICENSE", "mkdocs.yml", "docs/index.md", "docs/images/mckinney-kit-sheet.png"):
        assert (tree / name).is_file(), name
    # Its tests run from it: a quick file of them, against the unpacked tree.
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "PYTHONHOME")}
    done = subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "-n", "0",
                           "tests/test_spec_loading.py"], cwd=tree, capture_output=True, text=True, env=env)
    assert done.returncode == 0, done.stdout[-2000:]
    assert re.match(r"\.{5,}\s+\[100%\]", done.stdout), done.stdout  # every test of it ran and passed


@pytest.fixture(scope="module")
def installed(built_wheel, tmp_path_factory):
    """printkit installed in a fresh venv: the wheel of the source
    distribution with the floors pyproject.toml states
    (constraints/lowest.txt). tests/test_install_readme.py installs it as the
    README's Quick start does, with the newest dependencies pip finds."""
    base = tmp_path_factory.mktemp("install")
    # A venv without pip of its own: this pip installs into it (--python).
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", str(base / "venv")], check=True)
    bin_dir = base / "venv" / ("Scripts" if os.name == "nt" else "bin")
    # --no-compile: what printkit imports is compiled as it runs; the rest never is.
    subprocess.run([sys.executable, "-m", "pip", "--python", str(bin_dir / "python"), "install", "-q",
                    "--no-compile", "-c", str(ROOT / "constraints" / "lowest.txt"), str(built_wheel)],
                   check=True, capture_output=True, env=_clean_env())
    return runner(bin_dir, base)
