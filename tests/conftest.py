"""Shared fixtures and the hypothesis budgets.

Kits are slow to build, so each is built once per test run: on every
worker of ``pytest -n`` the first test to ask builds it, under a file lock,
into a folder the workers share; the others read it.

Hypothesis budgets come from a profile: ``ci`` (the default, what the
README's test command runs: fixed seeds, modest budgets) or ``long`` for a
hunt before a release, ``HYPOTHESIS_PROFILE=long python -m pytest``
(random seeds, forty times the examples). A test that sets its own
``max_examples`` writes it as ``budget(n)`` to be scaled the same way, or
``budget(n, hunt=h)`` where the long hunt is not forty times n.
"""

from __future__ import annotations

import hashlib
import json
import os
import pickle
from dataclasses import asdict
from pathlib import Path

import pytest
from filelock import FileLock
from hypothesis import HealthCheck, settings

from made_once import made_once
from printkit import games, kit, sheets, spec

_QUIET = [HealthCheck.too_slow, HealthCheck.function_scoped_fixture]
settings.register_profile("ci", deadline=None, derandomize=True, max_examples=25, suppress_health_check=_QUIET)
settings.register_profile("long", deadline=None, max_examples=1000, suppress_health_check=_QUIET)
PROFILE = os.environ.get("HYPOTHESIS_PROFILE", "ci")
settings.load_profile(PROFILE)
HUNT = 40 if PROFILE == "long" else 1  # how many times the ci budget a hunt spends


# The files that take longest, longest first. pytest-xdist hands a worker a
# whole file at a time, in collection order: a long file left to the end
# keeps one worker busy while the other waits.
SLOW_FIRST = ["test_kit_folder.py", "test_play_browser.py", "test_install.py", "test_balance_ladder.py",
              "test_play_api.py", "test_cli_errors.py", "test_install_readme.py", "test_stops.py",
              "test_balance.py", "test_docs.py", "test_openspiel.py", "test_rulebook.py", "test_press.py"]


def pytest_collection_modifyitems(items):
    rank = {name: place for place, name in enumerate(SLOW_FIRST)}
    items.sort(key=lambda item: rank.get(item.path.name, len(rank)))  # stable: each file's own order kept


def budget(n: int, hunt: int | None = None) -> int:
    """A test's own example budget, as the profile scales it; ``hunt``: the
    long profile's budget where it is not forty times ``n`` (a slow test
    that checks few cases in ci and keeps a long hunt before a release)."""
    if hunt is not None and PROFILE == "long":
        return hunt
    return n * HUNT


def shared_folder(tmp_path_factory, name: str) -> Path:
    """A folder every worker of this test run sees (pytest-xdist's workers
    each have a base temporary folder of their own, under a common one)."""
    base = tmp_path_factory.getbasetemp()
    if os.environ.get("PYTEST_XDIST_WORKER"):
        base = base.parent
    folder = base / "shared" / name
    folder.mkdir(parents=True, exist_ok=True)
    return folder


def built_once(tmp_path_factory, name: str, build) -> kit.BuildResult:
    """``build(folder)`` -> BuildResult, run by the first worker to ask for
    ``name``; the others wait for it and read what it wrote."""
    folder = shared_folder(tmp_path_factory, name)
    with FileLock(str(folder) + ".lock"):
        record = folder / "build-result.json"
        if record.exists():
            saved = json.loads(record.read_text(encoding="utf-8"))
            return kit.BuildResult(Path(saved["folder"]), [Path(f) for f in saved["files"]], saved["sheets"],
                                   Path(saved["kit_pdf"]) if saved["kit_pdf"] else None)
        result = build(folder / "out")
        saved = {k: (str(v) if isinstance(v, Path) else [str(f) for f in v] if isinstance(v, list) else v)
                 for k, v in asdict(result).items()}
        record.write_text(json.dumps(saved), encoding="utf-8")
        return result


@pytest.fixture(scope="session", autouse=True)
def _rulebooks_shared(tmp_path_factory):
    """tests/rulebook_cases.py keeps the rulebooks it renders where every worker reads them."""
    import rulebook_cases

    rulebook_cases.SHARED = shared_folder(tmp_path_factory, "rulebooks")


def _resolved(loaded: dict, game: str, options: dict) -> tuple:
    """(the options a build of ``game`` resolves ``options`` to, a name for
    them): options the build resolves alike name the same kit or layout."""
    if game not in loaded:
        loaded[game] = spec.load(game)
    resolved = kit.resolve_options(loaded[game], kit.BuildOptions(**options))
    return resolved, f"{game}-" + hashlib.sha256(repr(resolved).encode()).hexdigest()[:16]


@pytest.fixture(scope="session")
def kit_of(tmp_path_factory):
    """``kit_of(game, **options)`` -> BuildResult: a bundled game's kit with
    these BuildOptions, built once a test run (``built_once``) for every
    module and worker that asks for the same kit. Options the build resolves
    alike (colors=None and the game's most) name the same kit."""
    built = {}
    loaded = {}

    def get(game: str, **options):
        _, name = _resolved(loaded, game, options)
        if name not in built:
            built[name] = built_once(tmp_path_factory, "kit-" + name,
                                     lambda out: kit.build(loaded[game], kit.BuildOptions(**options), out))
        return built[name]

    return get


@pytest.fixture(scope="session")
def layout_of(tmp_path_factory):
    """``layout_of(game, **options)`` -> (resolved options, the kit's Sheets):
    a bundled game's sheets laid out with these BuildOptions (no files
    written), once a test run for every module and worker that asks for the
    same layout (kept pickled where the workers share it). Tests read the
    sheets, never change them: other modules are given the same ones."""
    laid = {}
    loaded = {}

    def get(game: str, **options):
        resolved, name = _resolved(loaded, game, options)
        if name not in laid:
            spec = loaded[game]
            module = games.stage(spec.game, "parts")
            made = made_once(shared_folder(tmp_path_factory, "layout-" + name) / "sheets.pickle",
                             lambda: pickle.dumps(sheets.impose(spec, module.parts(spec, resolved), resolved, module)))
            laid[name] = resolved, pickle.loads(made)
        return laid[name]

    return get


@pytest.fixture(scope="session")
def mckinney_spec():
    return spec.load("mckinney")


@pytest.fixture(scope="session")
def mckinney_kit(kit_of):
    """``mckinney_kit(paper="letter", ink_saver=False, colors=4)`` -> BuildResult,
    built on first use and shared by every test that asks for the same options."""

    def get(paper="letter", ink_saver=False, colors=4, sheet_per_colour=False):
        return kit_of("mckinney", colors=colors, paper=paper, ink_saver=ink_saver,
                      sheet_per_colour=sheet_per_colour)

    return get
