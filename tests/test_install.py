"""What works from the source tree works installed: the wheel, in a fresh
virtual environment, used from a folder outside the checkout; and a
newcomer who follows the README's Quick start, command by command, gets a
kit."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
import tarfile
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
def built_wheel(sdist):
    """The wheel ``python -m build`` made from the source distribution."""
    return sdist[2]


@pytest.fixture(scope="module", params=["newest", "lowest"])
def installed(request, tmp_path_factory):
    """printkit installed in a fresh venv: as the README's Quick start
    installs it from a clone, with the newest dependencies pip finds; or the
    wheel of the source distribution with the floors pyproject.toml states
    (constraints/lowest.txt)."""
    base = tmp_path_factory.mktemp("install")
    if request.param == "newest":
        clone, _, done = request.getfixturevalue("newcomer")
        assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-3000:]
        bin_dir = clone / ".venv" / ("Scripts" if os.name == "nt" else "bin")
    else:
        wheel = request.getfixturevalue("built_wheel")
        subprocess.run([sys.executable, "-m", "venv", str(base / "venv")], check=True)
        bin_dir = base / "venv" / ("Scripts" if os.name == "nt" else "bin")
        # --no-compile: what printkit imports is compiled as it runs; the rest never is.
        subprocess.run([str(bin_dir / "python"), "-m", "pip", "install", "-q", "--no-compile", "-c",
                        str(ROOT / "constraints" / "lowest.txt"), str(wheel)],
                       check=True, capture_output=True, env=_clean_env())
    work = base / "elsewhere"
    work.mkdir()
    env = _clean_env()
    env["PATH"] = str(bin_dir) + os.pathsep + env.get("PATH", "")

    def run(*args, **kwargs):
        return subprocess.run(list(args), cwd=work, env=env, capture_output=True, text=True, **kwargs)

    return bin_dir, work, run


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
