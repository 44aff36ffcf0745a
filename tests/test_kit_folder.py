"""A build replaces only files printkit wrote: a user's own files in the kit
folder survive every build, whatever they are called and whenever they
appear; where one is in the way the build refuses (exit 2) and changes
nothing."""

from __future__ import annotations

import errno
import os
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import pytest
from click.testing import CliRunner
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from printkit import SPECS_DIR
from printkit.cli import main
from printkit.kitfolder import MANIFEST


def run(*args, cwd=None):
    return CliRunner().invoke(main, [str(a) for a in args], catch_exceptions=False)


def snapshot(folder: Path) -> dict[str, bytes]:
    return {p.relative_to(folder).as_posix(): p.read_bytes()
            for p in sorted(folder.rglob("*")) if p.is_file()}


# Names a user might give their files, some of them the very names of a kit's files.
KIT_NAMES = ["tiles-kit.pdf", "tiles-rules.pdf", "tiles-sheet-01.svg", "tiles-sheet-02.svg",
             "tiles-sheet-04.svg", "tiles-sheet-09.svg"]
user_names = st.one_of(st.sampled_from(KIT_NAMES + ["notes.txt", "photo.jpg", "my-board.yaml"]),
                       st.from_regex(r"[a-z][a-z0-9_-]{0,8}\.(txt|pdf|svg|yaml)", fullmatch=True))
user_files = st.dictionaries(user_names, st.binary(min_size=0, max_size=64), max_size=4)
builds = st.lists(st.fixed_dictionaries({
    "paper": st.sampled_from(["letter", "a4"]),
    "format": st.sampled_from(["pdf,svg", "pdf", "svg"]),
    "ink_saver": st.booleans(),
    "user": user_files,  # files the user puts in the kit folder before this build
}), min_size=1, max_size=3)


@settings(max_examples=20, deadline=None, derandomize=True,
          suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
@given(builds)
def test_no_build_ever_changes_a_file_printkit_did_not_write(tmp_path_factory, sequence):
    out = tmp_path_factory.mktemp("out")
    folder = out / "tiles"
    users: dict[str, bytes] = {}
    for step in sequence:
        folder.mkdir(exist_ok=True)
        for name, content in step["user"].items():
            (folder / name).write_bytes(content)
            users[name] = content
        before = snapshot(out)
        args = ["build", "tiles", "--out", out, "--paper", step["paper"], "--format", step["format"]]
        result = run(*args, *(["--ink-saver"] if step["ink_saver"] else []))
        after = snapshot(out)
        if result.exit_code == 2:
            assert after == before, "a refused build changed the folder"
            assert "printkit did not write" in result.output and "--overwrite" in result.output
            # The user moves their files away, as the message says.
            for name in users:
                (folder / name).unlink()
            users.clear()
            continue
        assert result.exit_code == 0, result.output
        for name, content in users.items():
            assert after.get(f"tiles/{name}") == content, f"{name} was changed"
        assert [p.name for p in out.iterdir()] == ["tiles"]  # no staging folder left


def test_a_spec_beside_its_kit_survives_out_dot(tmp_path):
    """`printkit build my-board/my-board.yaml --out .` once deleted the spec and notes."""
    board = tmp_path / "my-board"
    board.mkdir()
    spec = (SPECS_DIR / "tiles.yaml").read_text(encoding="utf-8").replace("id: tiles", "id: my-board")
    (board / "my-board.yaml").write_text(spec, encoding="utf-8")
    (board / "notes.txt").write_text("cut the tiles on 300 gsm", encoding="utf-8")
    cwd = os.getcwd()
    os.chdir(tmp_path)
    try:
        for _ in range(2):
            result = run("build", "my-board/my-board.yaml", "--out", ".")
            assert result.exit_code == 0, result.output
    finally:
        os.chdir(cwd)
    assert (board / "my-board.yaml").read_text(encoding="utf-8") == spec
    assert (board / "notes.txt").read_text(encoding="utf-8") == "cut the tiles on 300 gsm"
    assert (board / "my-board-kit.pdf").is_file()


def test_a_plain_file_named_like_the_kit_folder_is_refused(tmp_path):
    (tmp_path / "tiles").write_text("mine", encoding="utf-8")
    result = run("build", "tiles", "--out", tmp_path)
    assert result.exit_code == 2 and "not a kit folder" in result.output
    assert (tmp_path / "tiles").read_text(encoding="utf-8") == "mine"



def test_a_link_in_place_of_the_kit_folder_is_refused_as_a_link(tmp_path):
    """It was blamed on the kit id: "kit id 'tiles' would not be a folder inside ..."."""
    (tmp_path / "mine").mkdir()
    (tmp_path / "out").mkdir()
    (tmp_path / "out" / "tiles").symlink_to(tmp_path / "mine", target_is_directory=True)
    result = CliRunner().invoke(main, ["build", "tiles", "--out", str(tmp_path / "out")])
    assert result.exit_code == 2
    assert "tiles: exists and is not a kit folder" in result.output and "kit id" not in result.output
    assert list((tmp_path / "mine").iterdir()) == []


def test_an_edited_kit_file_is_the_users_until_overwrite(tmp_path):
    assert run("build", "tiles", "--out", tmp_path).exit_code == 0
    kit_pdf = tmp_path / "tiles" / "tiles-kit.pdf"
    kit_pdf.write_bytes(kit_pdf.read_bytes() + b"% my annotations\n")
    edited = kit_pdf.read_bytes()
    refused = run("build", "tiles", "--out", tmp_path)
    assert refused.exit_code == 2 and "tiles-kit.pdf" in refused.output
    assert kit_pdf.read_bytes() == edited
    assert run("build", "tiles", "--out", tmp_path, "--overwrite").exit_code == 0
    assert kit_pdf.read_bytes() != edited


def test_printkit_drops_only_its_own_files_it_no_longer_writes(tmp_path):
    assert run("build", "tiles", "--out", tmp_path).exit_code == 0
    folder = tmp_path / "tiles"
    svgs = sorted(p.name for p in folder.glob("*.svg"))
    assert svgs
    (folder / "keep.svg").write_text("<svg/>", encoding="utf-8")
    assert run("build", "tiles", "--out", tmp_path, "--format", "pdf").exit_code == 0
    assert sorted(p.name for p in folder.glob("*.svg")) == ["keep.svg"]
    assert MANIFEST in os.listdir(folder)


def test_a_stale_staging_folder_of_a_killed_build_is_removed(tmp_path):
    assert run("build", "tiles", "--out", tmp_path).exit_code == 0
    stale = tmp_path / ".tiles-build-abc123"
    (stale / "tiles").mkdir(parents=True)
    (stale / ".printkit-staging").write_text("999999999", encoding="ascii")  # no such process
    foreign = tmp_path / ".tiles-build-mine"
    foreign.mkdir()  # not marked as printkit's: left alone
    assert run("build", "tiles", "--out", tmp_path).exit_code == 0
    assert not stale.exists() and foreign.exists()
    shutil.rmtree(foreign)



class _Killed(BaseException):
    """A SIGKILL or a power cut: nothing after it runs."""


@pytest.mark.parametrize("renames", range(1, 10))
def test_a_build_killed_among_its_renames_is_followed_by_one_that_needs_no_overwrite(tmp_path, monkeypatch,
                                                                                      renames):
    """Killed after some of its files had moved in, a build left them unknown
    to the manifest: the next build refused them as someone else's."""
    from printkit import kit
    from printkit import spec as specs

    tiles = specs.load("tiles")
    kit.build(tiles, kit.BuildOptions(paper="letter"), tmp_path)
    folder = tmp_path / "tiles"
    (folder / "notes.txt").write_text("mine", encoding="utf-8")
    real, done = os.replace, []

    def replace(source, destination):
        if len(done) + 1 == renames:
            raise _Killed
        done.append(destination)
        real(source, destination)

    monkeypatch.setattr(os, "replace", replace)
    with pytest.raises(_Killed):
        kit.build(tiles, kit.BuildOptions(paper="a4"), tmp_path)
    monkeypatch.setattr(os, "replace", real)
    for staging in tmp_path.glob(".tiles-build-*"):  # what the kill would have left; not the point here
        shutil.rmtree(staging)
    result = run("build", "tiles", "--out", tmp_path, "--paper", "a4")
    assert result.exit_code == 0, result.output
    assert (folder / "notes.txt").read_text(encoding="utf-8") == "mine"
    again = tmp_path / "again"
    kit.build(tiles, kit.BuildOptions(paper="a4"), again)
    assert {k: v for k, v in _kit(folder).items() if k != "notes.txt"} == _kit(again / "tiles")


def _kit(folder: Path) -> dict[str, bytes]:
    return {p.name: p.read_bytes() for p in sorted(folder.iterdir()) if p.is_file()}


@pytest.fixture(scope="module")
def two_kits(tmp_path_factory):
    """The McKinney kit on A4 and on Letter, built once each."""
    base = tmp_path_factory.mktemp("kits")
    for paper in ("a4", "letter"):
        assert run("build", "mckinney", "--out", base / paper, "--paper", paper).exit_code == 0
    return base, _kit(base / "a4" / "mckinney"), _kit(base / "letter" / "mckinney")


@pytest.mark.parametrize("signame", [n for n in ("SIGTERM", "SIGHUP", "SIGINT") if hasattr(signal, n)])
@pytest.mark.parametrize("delay", [0.0, 0.05, 0.1, 0.2, 0.3])
def test_a_signal_at_any_point_leaves_one_whole_kit_and_no_staging_folder(two_kits, tmp_path, signame, delay):
    base, a4, letter = two_kits
    out = tmp_path / "out"
    shutil.copytree(base / "a4", out)
    env = {k: v for k, v in os.environ.items() if k != "PYTHONHASHSEED"}
    build = subprocess.Popen([sys.executable, "-m", "printkit", "build", "mckinney", "--out", str(out),
                              "--paper", "letter"], stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env)
    # Wait until the build has started writing (its staging folder appears), then a little more.
    deadline = time.monotonic() + 30
    while not any(out.glob(".mckinney-build-*")) and build.poll() is None and time.monotonic() < deadline:
        time.sleep(0.002)
    time.sleep(delay)
    build.send_signal(getattr(signal, signame))
    _, stderr = build.communicate(timeout=60)
    assert b"Traceback" not in stderr
    number = getattr(signal, signame)
    # 0: it had finished; 128 + n: printkit stopped; -n: the signal came as the
    # interpreter was shutting down, after the kit was written.
    assert build.returncode in (0, 128 + number, -number), stderr
    assert [p.name for p in out.iterdir()] == ["mckinney"]  # no staging folder left
    assert _kit(out / "mckinney") in (a4, letter)


def test_a_build_writes_nothing_outside_its_output_folder(tmp_path):
    """The README promises it: no cache in the temporary folder or the home folder."""
    outside = {name: tmp_path / name for name in ("tmp", "home", "cache")}
    for folder in outside.values():
        folder.mkdir()
    env = dict(os.environ, TMPDIR=str(outside["tmp"]), HOME=str(outside["home"]),
               XDG_CACHE_HOME=str(outside["cache"]), PYTHONDONTWRITEBYTECODE="1")
    done = subprocess.run([sys.executable, "-m", "printkit", "build", "--all", "--out", str(tmp_path / "out")],
                          env=env, capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    for name, folder in outside.items():
        assert list(folder.rglob("*")) == [], f"something was written in {name}"


def test_a_signal_that_a_library_turns_into_an_error_still_ends_as_a_stop():
    # reportlab's PDF writer has bare ``except:`` clauses that turn the
    # interrupt raised by SIGTERM or SIGHUP into a KeyError or ValueError of
    # their own; printkit must still end as stopped by the signal, without
    # a traceback. The command below plays that library.
    script = (
        "import signal, click\n"
        "from printkit import cli\n"
        "@cli.main.command('writing')\n"
        "def writing():\n"
        "    try:\n"
        "        signal.raise_signal(signal.SIGTERM)\n"
        "    except:\n"
        "        raise KeyError('forward reference not resolved')\n"
        "cli.main(['writing'])\n"
    )
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=60)
    assert "Traceback" not in done.stderr, done.stderr
    assert done.stderr.strip() == "printkit: terminated"
    assert done.returncode == 128 + signal.SIGTERM


def test_build_all_writes_nothing_when_one_kit_folder_holds_a_users_file(tmp_path):
    """--all wrote every kit before the one whose folder held a user's file stopped it."""
    from click.testing import CliRunner

    from printkit.cli import main

    mine = tmp_path / "tiles" / "tiles-kit.pdf"
    mine.parent.mkdir()
    mine.write_bytes(b"my own notes")
    result = CliRunner().invoke(main, ["build", "--all", "--out", str(tmp_path), "-q"])
    assert result.exit_code == 2 and "would replace files printkit did not write" in result.output
    assert sorted(p.name for p in tmp_path.iterdir()) == ["tiles"]  # no other kit, no staging folder
    assert sorted(p.name for p in mine.parent.iterdir()) == ["tiles-kit.pdf"]
    assert mine.read_bytes() == b"my own notes"


# --- a build that fails takes back the folders it made, and only those -------

def _tree(root: Path) -> dict[str, bytes | None]:
    """Every folder (None) and file (its bytes) under root."""
    return {p.relative_to(root).as_posix(): None if p.is_dir() else p.read_bytes()
            for p in sorted(root.rglob("*"))}


def _disk_full_at(monkeypatch, which: int, kit_id: str | None = None) -> None:
    """The ``which``-th file of a build (of kit ``kit_id``, or any) fails
    midway, as on a full disk: half written, then ENOSPC."""
    from printkit import kit

    planned = kit.planned_files

    def failing(spec, options, sheets):
        plan = planned(spec, options, sheets)
        if kit_id in (None, spec.id):
            at = min(which, len(plan) - 1)

            def full(path, name=plan[at][0]):
                Path(path).write_bytes(b"%PDF half of " + name.encode())
                raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC), str(path))
            plan[at] = (plan[at][0], full)
        return plan

    monkeypatch.setattr(kit, "planned_files", failing)


def _one_line_failure(result) -> None:
    assert result.exit_code == 2, result.output
    assert "Traceback" not in result.output
    lines = result.output.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("printkit: "), result.output
    assert os.strerror(errno.ENOSPC) in lines[0]


@settings(max_examples=15, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
@given(new_levels=st.integers(0, 3), user_file=st.booleans(), which=st.integers(0, 4))
def test_a_build_that_fails_writing_leaves_the_output_folders_as_they_were(monkeypatch, new_levels,
                                                                            user_file, which):
    """--out NEW/DEEPER: whichever file fails, the folders the build made are
    gone again; a folder that was there before stays, with what it held."""
    _disk_full_at(monkeypatch, which)
    with tempfile.TemporaryDirectory() as scratch:
        root = Path(scratch)
        there = root / "there"
        there.mkdir()
        if user_file:
            (there / "notes.txt").write_bytes(b"my notes\n")
        out = there.joinpath(*[f"new{k}" for k in range(new_levels)])
        before = _tree(root)
        result = CliRunner().invoke(main, ["build", "tiles", "--format", "svg", "--out", str(out)])
        _one_line_failure(result)
        assert _tree(root) == before
        assert new_levels == 0 or not (there / "new0").exists()


def test_a_failed_rulebook_leaves_no_new_output_folder(tmp_path, monkeypatch):
    """The last file of a kit, the reference, fails: the kit folder was never made."""
    _disk_full_at(monkeypatch, 99)
    out = tmp_path / "new"
    result = run("build", "tiles", "--format", "pdf", "--out", out)
    _one_line_failure(result)
    assert not out.exists()
    assert list(tmp_path.iterdir()) == []


def test_a_kit_folder_made_while_moving_the_files_in_is_taken_back(tmp_path, monkeypatch):
    """The disk fills up as the kit moves in: the kit folder, made a moment
    before and still empty, and the output folder go too."""
    from printkit import kitfolder

    def full(staged, target, files):
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC), str(staged / MANIFEST))

    monkeypatch.setattr(kitfolder, "_write_manifest", full)
    out = tmp_path / "new" / "kits"
    result = run("build", "tiles", "--format", "svg", "--out", out)
    _one_line_failure(result)
    assert list(tmp_path.iterdir()) == []


def test_a_problem_found_after_the_folder_was_made_takes_it_back(tmp_path, monkeypatch):
    from printkit import rulebook
    from printkit.errors import PrintkitError

    def refuse(spec, options, path, templates_dir=None, reference=False):
        raise PrintkitError("tiles.md.j2:3: undefined value: 'spec' has no attribute 'nope'")

    monkeypatch.setattr(rulebook, "write", refuse)
    out = tmp_path / "new"
    result = run("build", "tiles", "--format", "pdf", "--out", out)
    assert result.exit_code == 2 and result.output.strip().splitlines() == [
        "printkit: tiles.md.j2:3: undefined value: 'spec' has no attribute 'nope'"]
    assert not out.exists()


def test_build_all_that_fails_at_its_last_kit_keeps_the_kits_it_wrote(tmp_path, monkeypatch):
    """The output folder holds the kits written before the failure: it stays,
    and so do they; the failing kit's folder, made and left empty, goes."""
    from printkit import kitfolder

    real = kitfolder._write_manifest

    def full(staged, target, files):
        if target.name == "tiles":
            raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC), str(staged / MANIFEST))
        real(staged, target, files)

    monkeypatch.setattr(kitfolder, "_write_manifest", full)
    out = tmp_path / "new"
    result = run("build", "--all", "--format", "svg", "--out", out, "-q")
    _one_line_failure(result)
    from printkit import spec as specs

    games = list(specs.bundled_games())
    written = games[:games.index("tiles")]
    assert written, "tiles is built first: nothing to keep"
    assert sorted(p.name for p in out.iterdir()) == sorted(written)  # no tiles, no staging folder
    assert all((out / name / MANIFEST).is_file() for name in written)
