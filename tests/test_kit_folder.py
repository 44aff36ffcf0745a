"""A build replaces only files printkit wrote: a user's own files in the kit
folder survive every build, whatever they are called and whenever they
appear; where one is in the way the build refuses (exit 2) and changes
nothing."""

from __future__ import annotations

import errno
import hashlib
import json
import os
import shutil
import signal
import stat
import subprocess
import sys
import tempfile
import time
from contextlib import contextmanager
from pathlib import Path
from unittest import mock

import pytest
from click.testing import CliRunner
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from conftest import budget

from printkit import SPECS_DIR, kitfolder
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


@settings(max_examples=budget(12), deadline=None,
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


@pytest.fixture(scope="module")
def tiles_a4_kit(kit_of) -> dict[str, bytes]:
    """The files of the Tiles kit on A4 (pdf and svg), manifest included: the
    kit every module shares (kit_of), the very files a build writes."""
    return _kit(kit_of("tiles", paper="a4").folder)


@pytest.mark.parametrize("renames", range(1, 10))
def test_a_build_killed_among_its_renames_is_followed_by_one_that_needs_no_overwrite(tiles_kits, tiles_a4_kit,
                                                                                      tmp_path, monkeypatch,
                                                                                      renames):
    """Killed after some of its files had moved in, a build left them unknown
    to the manifest: the next build refused them as someone else's."""
    from printkit import kit
    from printkit import spec as specs

    tiles = specs.load("tiles")
    letter, _ = tiles_kits
    folder = tmp_path / "tiles"
    shutil.copytree(letter, folder)  # the Letter kit a build wrote there
    (folder / "notes.txt").write_text("mine", encoding="utf-8")
    real, done = os.replace, []

    def replace(source, destination, **at):
        if len(done) + 1 == renames:
            raise _Killed
        done.append(destination)
        real(source, destination, **at)

    monkeypatch.setattr(os, "replace", replace)
    with pytest.raises(_Killed):
        kit.build(tiles, kit.BuildOptions(paper="a4"), tmp_path)
    monkeypatch.setattr(os, "replace", real)
    for staging in tmp_path.glob(".tiles-build-*"):  # what the kill would have left; not the point here
        shutil.rmtree(staging)
    result = run("build", "tiles", "--out", tmp_path, "--paper", "a4")
    assert result.exit_code == 0, result.output
    assert (folder / "notes.txt").read_text(encoding="utf-8") == "mine"
    assert {k: v for k, v in _kit(folder).items() if k != "notes.txt"} == tiles_a4_kit


def _kit(folder: Path) -> dict[str, bytes]:
    return {p.name: p.read_bytes() for p in sorted(folder.iterdir()) if p.is_file()}


@pytest.fixture(scope="module")
def two_kits(kit_of):
    """The McKinney kit on A4 (its folder and files) and on Letter (its files):
    the kits every module shares (kit_of), the very files a build writes.
    Read only: each test copies the A4 kit."""
    a4, letter = (kit_of("mckinney", paper=paper).folder for paper in ("a4", "letter"))
    return a4, _kit(a4), _kit(letter)


@pytest.mark.parametrize("signame", [n for n in ("SIGTERM", "SIGHUP", "SIGINT") if hasattr(signal, n)])
@pytest.mark.parametrize("delay", [0.0, 0.05, 0.1, 0.2, 0.3])
def test_a_signal_at_any_point_leaves_one_whole_kit_and_no_staging_folder(two_kits, tmp_path, signame, delay):
    a4_folder, a4, letter = two_kits
    out = tmp_path / "out"
    shutil.copytree(a4_folder, out / "mckinney")
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
    """The docs promise it (docs/install.md): no cache in the temporary folder or the home folder."""
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

    def failing(spec, options, sheets, *more):
        plan = planned(spec, options, sheets, *more)
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


@settings(max_examples=budget(10), deadline=None,
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

    def full(work, name, files):
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC), str(work.path / name))

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

    def full(work, name, files):
        if work.path.name.startswith(".tiles-build-"):
            raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC), str(work.path / name))
        real(work, name, files)

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


# --- the manifest is data anyone may have changed ----------------------------
# docs/print-a-kit.md: "A build that fails ... leaves the previous kit in the output folder
# untouched". Whatever the manifest holds, a build either succeeds or refuses
# (exit 2, one line) with the folder as it was, and --overwrite then builds.

def _entries(folder: Path) -> dict[str, object]:
    """Every name in folder: a link as ("link", where), a folder as "folder",
    a FIFO as "fifo", a file as its bytes."""
    found = {}
    for path in sorted(folder.iterdir()):
        if path.is_symlink():
            found[path.name] = ("link", os.readlink(path))
        elif path.is_dir():
            found[path.name] = ("folder", _entries(path))
        elif stat.S_ISFIFO(path.lstat().st_mode):
            found[path.name] = "fifo"
        else:
            found[path.name] = path.read_bytes()
    return found


def _sha(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


@pytest.fixture(scope="module")
def tiles_kits(kit_of):
    """Tiles on Letter (pdf and svg), the kit already in the folder, and on A4
    (pdf only), the kit each build below makes: it drops the svgs it no longer
    writes, where the manifest lets it. The kits every module shares (kit_of),
    the very files a build writes; the Letter folder is only read or copied."""
    letter = kit_of("tiles", paper="letter").folder
    a4 = {k: v for k, v in _kit(kit_of("tiles", paper="a4", formats=("pdf",)).folder).items() if k != MANIFEST}
    return letter, a4


# Names a manifest may list: the kit's own, too long for any file system,
# with a separator, "..", a NUL, a lone surrogate (a JSON escape), a user's
# file, and names of a link, a folder and a FIFO that are in the folder.
LISTED = ["tiles-kit.pdf", "tiles-rules.pdf", "tiles-sheet-01.svg", "tiles-sheet-02.svg", "tiles-sheet-04.svg",
          "tiles-" + "x" * 300 + ".pdf", "tiles-" + "\u00e9" * 200 + ".svg", "../tiles/tiles-sheet-03.svg",
          "tiles-sheet-03.svg/..", "..", ".", "", "tiles-a/../tiles-sheet-03.svg", "tiles-a\\b.pdf",
          "tiles-\x00.pdf", "tiles-\ud800.pdf", MANIFEST, "notes.txt", "tiles-link.svg", "tiles-folder.svg",
          "tiles-fifo.svg"]
TRUE = "<the SHA-256 of what the name holds now>"
json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=8),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=4), inner, max_size=3),
    max_leaves=6)
digest_values = st.one_of(
    st.just(TRUE), st.sampled_from(["0" * 64, "A" * 64, "", "x", "0" * 65]), json_values,
    st.lists(st.one_of(st.just(TRUE), st.text(max_size=66), st.integers()), max_size=3))
# printkit's own manifest with some entries dropped and others added or changed
patched = st.builds(lambda added, dropped: ("patched", (added, dropped)),
                    st.dictionaries(st.sampled_from(LISTED), digest_values, max_size=4),
                    st.sets(st.sampled_from(LISTED[:5]), max_size=1))
manifests = st.one_of(
    patched,
    st.builds(lambda files, extra: ("json", {"written_by": "printkit", "files": files, **extra}),
              st.dictionaries(st.one_of(st.sampled_from(LISTED), st.text(max_size=12)), digest_values, max_size=8),
              st.dictionaries(st.text(max_size=4), json_values, max_size=2)),
    st.builds(lambda document: ("json", document), json_values),
    st.builds(lambda data: ("bytes", data), st.binary(max_size=120)))
UNREADABLE = ["tiles-kit.pdf", "tiles-sheet-01.svg", MANIFEST]


def _true_digest(folder: Path, name: str) -> str:
    try:
        path = folder / name
        return _sha(path.read_bytes()) if path.is_file() else "1" * 64
    except (OSError, ValueError):
        return "2" * 64


def _resolve(value, folder: Path, name):
    if value == TRUE:
        return _true_digest(folder, name) if isinstance(name, str) else "3" * 64
    if isinstance(value, list):
        return [_resolve(v, folder, name) for v in value]
    return value


def _corrupt(folder: Path, kind: str, value, outside: Path) -> dict | None:
    """Put the drawn manifest in place; the document written, if JSON."""
    manifest = folder / MANIFEST
    real = json.loads(manifest.read_text(encoding="utf-8"))
    manifest.unlink()
    if kind == "patched":
        added, dropped = value
        files = {k: v for k, v in real["files"].items() if k not in dropped}
        files.update(added)
        kind, value = "json", dict(real, files=files)
    if kind == "json":
        if isinstance(value, dict) and isinstance(value.get("files"), dict):
            value = dict(value, files={k: _resolve(v, folder, k) for k, v in value["files"].items()})
        manifest.write_text(json.dumps(value), encoding="utf-8")
        return value
    if kind == "bytes":
        manifest.write_bytes(value)
    elif kind == "deep":
        manifest.write_text("[" * 200_000 + "]" * 200_000, encoding="ascii")
    elif kind == "huge":  # the true manifest, padded past what printkit reads
        manifest.write_text(json.dumps(real) + " " * (kitfolder.MANIFEST_LIMIT + 1), encoding="ascii")
    elif kind == "link":  # a link to the true manifest: not believed
        (outside / "manifest.json").write_text(json.dumps(real), encoding="utf-8")
        manifest.symlink_to(outside / "manifest.json")
    elif kind == "fifo":
        os.mkfifo(manifest)
    return None


@contextmanager
def _unreadable(folder: Path, names: set[str]):
    """Opening these names in folder for reading fails as for a file of
    another account (the tests run as root, who could read it anyway)."""
    real = os.open

    def opening(path, flags, *args, dir_fd=None, **kw):
        name = os.path.basename(os.fsdecode(path))
        inside = dir_fd is not None and os.path.samestat(os.fstat(dir_fd), folder.stat()) or \
            os.path.dirname(os.fsdecode(path)) == str(folder)
        if inside and name in names and not flags & (os.O_WRONLY | os.O_RDWR):
            raise PermissionError(errno.EACCES, os.strerror(errno.EACCES), name)
        return real(path, flags, *args, dir_fd=dir_fd, **kw) if dir_fd is not None else real(path, flags, *args, **kw)

    with mock.patch.object(os, "open", opening):
        yield


@settings(max_examples=budget(10), deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
@given(manifest=manifests,
       unreadable=st.one_of(st.just(set()), st.sets(st.sampled_from(UNREADABLE), min_size=1, max_size=2)))
def test_no_manifest_stops_a_build_for_good_or_costs_the_previous_kit(tiles_kits, manifest, unreadable):
    _build_over(tiles_kits, manifest, unreadable)


@pytest.mark.parametrize("kind", ["deep", "huge", "link", "fifo", "missing"])
@pytest.mark.parametrize("unreadable", [set(), {"tiles-kit.pdf"}])
def test_a_manifest_that_is_no_manifest_stops_no_build(tiles_kits, kind, unreadable):
    """Nested past the JSON parser's depth, larger than printkit reads, a
    link (to the true manifest), a FIFO, or gone."""
    _build_over(tiles_kits, (kind, None), unreadable)


def _build_over(tiles_kits, manifest, unreadable):
    """Build A4 over the Letter kit with this manifest and these files unreadable."""
    letter, a4 = tiles_kits
    with tempfile.TemporaryDirectory() as scratch:
        out, outside = Path(scratch) / "out", Path(scratch) / "outside"
        outside.mkdir()
        folder = out / "tiles"
        shutil.copytree(letter, folder)
        (folder / "notes.txt").write_bytes(b"mine")
        (folder / "tiles-link.svg").symlink_to("tiles-sheet-02.svg")  # same bytes as a kit file, through a link
        (folder / "tiles-folder.svg").mkdir()
        os.mkfifo(folder / "tiles-fifo.svg")
        document = _corrupt(folder, *manifest, outside)
        before = _entries(folder)
        with _unreadable(folder, unreadable):
            result = run("build", "tiles", "--out", out, "--paper", "a4", "--format", "pdf")
            if result.exit_code == 2:
                lines = result.output.strip().splitlines()
                assert len(lines) == 1 and lines[0].startswith("printkit: "), result.output
                assert "--overwrite" in lines[0], result.output
                assert _entries(folder) == before, "a refused build changed the kit folder"
                result = run("build", "tiles", "--out", out, "--paper", "a4", "--format", "pdf", "--overwrite")
        assert result.exit_code == 0, result.output
        after = _entries(folder)
        assert {name: after.get(name) for name in a4} == a4
        written = json.loads((folder / MANIFEST).read_text(encoding="utf-8"))["files"]
        assert written == {name: _sha(data) for name, data in a4.items()}
        # Whatever else was there stays, except a plain file the manifest
        # listed, under its own name, with the SHA-256 of what it holds.
        listed = document.get("files") if isinstance(document, dict) else None
        for name, was in before.items():
            if name in a4 or name == MANIFEST or after.get(name) == was:
                continue
            assert name not in after, f"{name} was changed"
            value = listed.get(name) if isinstance(listed, dict) else None
            digests = value if isinstance(value, list) else [value]
            assert isinstance(was, bytes) and _sha(was) in digests and name.startswith("tiles-"), \
                f"{name} was removed though printkit could not know it as its own"
            assert name not in unreadable
        assert sorted(p.name for p in out.iterdir()) == ["tiles"]  # no staging folder, no lock file


def test_the_reported_manifests_no_longer_cost_the_kit(tmp_path):
    """A 300-character name in the manifest, or a file it lists that cannot
    be read, made the build fail after it had replaced the kit, and every
    build after it, --overwrite included."""
    assert run("build", "tiles", "--out", tmp_path).exit_code == 0
    folder = tmp_path / "tiles"
    manifest = json.loads((folder / MANIFEST).read_text(encoding="utf-8"))
    manifest["files"]["tiles-" + "x" * 300 + ".pdf"] = "0" * 64
    (folder / MANIFEST).write_text(json.dumps(manifest), encoding="utf-8")
    before = _entries(folder)
    result = run("build", "tiles", "--out", tmp_path, "--paper", "a4")
    assert result.exit_code == 0, result.output  # the entry is not believed; the rest is
    assert _entries(folder) != before
    with _unreadable(folder, {"tiles-kit.pdf"}):
        before = _entries(folder)
        refused = run("build", "tiles", "--out", tmp_path, "--paper", "letter")
        assert refused.exit_code == 2 and "tiles-kit.pdf" in refused.output and "--overwrite" in refused.output
        assert _entries(folder) == before
        assert run("build", "tiles", "--out", tmp_path, "--paper", "letter", "--overwrite").exit_code == 0


def test_a_folder_named_like_the_manifest_is_refused_and_kept(tmp_path):
    assert run("build", "tiles", "--out", tmp_path).exit_code == 0
    folder = tmp_path / "tiles"
    (folder / MANIFEST).unlink()
    (folder / MANIFEST).mkdir()
    (folder / MANIFEST / "mine.txt").write_bytes(b"mine")
    before = _entries(folder)
    for extra in ([], ["--overwrite"]):
        result = run("build", "tiles", "--out", tmp_path, "--paper", "a4", *extra)
        assert result.exit_code == 2 and MANIFEST in result.output and "they are folders" in result.output
        assert _entries(folder) == before
    shutil.rmtree(folder / MANIFEST)
    assert run("build", "tiles", "--out", tmp_path, "--paper", "a4", "--overwrite").exit_code == 0


# --- a link is never printkit's own file -------------------------------------

LINKED = ["tiles-kit.pdf", "tiles-sheet-01.svg", "tiles-sheet-03.svg", "tiles-rules.pdf"]


@settings(max_examples=budget(8), deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
@given(links=st.dictionaries(st.sampled_from(LINKED), st.sampled_from(["dangling", "same-bytes", "folder", "loop"]),
                             min_size=1, max_size=3),
       listed=st.booleans())
def test_a_link_named_like_a_kit_file_is_refused_then_replaced_not_followed(tiles_kits, links, listed):
    """A dangling link was replaced without --overwrite. A link is someone's,
    whatever it points to, even to the very bytes the manifest lists."""
    letter, _ = tiles_kits
    with tempfile.TemporaryDirectory() as scratch:
        out, outside = Path(scratch) / "out", Path(scratch) / "outside"
        outside.mkdir()
        folder = out / "tiles"
        shutil.copytree(letter, folder)
        manifest = json.loads((folder / MANIFEST).read_text(encoding="utf-8"))
        for name, kind in links.items():
            kept = outside / name
            if kind == "same-bytes":
                (folder / name).rename(kept)
            else:
                (folder / name).unlink()
            if kind == "folder":
                kept.mkdir()
            where = {"dangling": outside / "nowhere", "loop": folder / name}.get(kind, kept)
            (folder / name).symlink_to(where)
            if not listed:
                del manifest["files"][name]
        (folder / MANIFEST).write_text(json.dumps(manifest), encoding="utf-8")
        before, away = _entries(folder), _entries(outside)
        refused = run("build", "tiles", "--out", out)
        assert refused.exit_code == 2 and "printkit did not write" in refused.output
        assert all(name in refused.output for name in links)
        assert _entries(folder) == before and _entries(outside) == away
        assert run("build", "tiles", "--out", out, "--overwrite").exit_code == 0
        assert _entries(outside) == away  # no link was followed
        for name in links:
            assert not (folder / name).is_symlink() and (folder / name).read_bytes() == (letter / name).read_bytes()


# --- one build at a time per kit folder --------------------------------------

# Runs printkit with os.replace slowed (as on a network file system), killed
# outright at a given rename, or stopped at one until told to go on.
SLOW_RENAMES = '''
import os, signal, sys, time
from pathlib import Path
from printkit import cli

slow, kill_at, pause_at = float(os.environ["SLOW"]), int(os.environ["KILL_AT"]), int(os.environ["PAUSE_AT"])
real, calls = os.replace, [0]

def replace(source, destination, **at):
    if "dst_dir_fd" in at or "src_dir_fd" in at:  # printkit's own moves into the kit folder
        calls[0] += 1
        if calls[0] == kill_at:
            os.kill(os.getpid(), signal.SIGKILL)
        if calls[0] == pause_at:
            Path(os.environ["PAUSED"]).touch()
            deadline = time.monotonic() + 60
            while not Path(os.environ["GO"]).exists() and time.monotonic() < deadline:
                time.sleep(0.01)
        time.sleep(slow)
    return real(source, destination, **at)

os.replace = replace
cli.main(sys.argv[1:], prog_name="printkit")
'''


def _printkit(tmp_path: Path, *args, slow=0.0, kill_at=0, pause_at=0) -> subprocess.Popen:
    script = tmp_path / "slow_renames.py"
    script.write_text(SLOW_RENAMES, encoding="utf-8")
    env = dict(os.environ, SLOW=str(slow), KILL_AT=str(kill_at), PAUSE_AT=str(pause_at),
               PAUSED=str(tmp_path / "paused"), GO=str(tmp_path / "go"))
    return subprocess.Popen([sys.executable, str(script), *map(str, args)], env=env, text=True,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE)


def _wait_for(path: Path, process: subprocess.Popen) -> None:
    deadline = time.monotonic() + 60
    while not path.exists():
        assert process.poll() is None, process.communicate()
        assert time.monotonic() < deadline, f"{path.name} never appeared"
        time.sleep(0.01)


def _manifest_matches(folder: Path, others: tuple[str, ...] = ()) -> dict[str, bytes]:
    """The kit in folder, checked against its manifest: the manifest lists
    every file there (the manifest and others aside) with the SHA-256 of its bytes."""
    files = {name: data for name, data in _kit(folder).items() if name not in others}
    listed = json.loads(files.pop(MANIFEST).decode("utf-8"))["files"]
    assert listed == {name: _sha(data) for name, data in files.items()}
    return files


def test_two_builds_into_one_kit_folder_take_turns(tiles_kits, tmp_path):
    """Two builds at once with renames slowed to 0.15 s each left files of two
    kits, the manifest disowning some. The second now waits, says so once,
    and moves its kit in after the first: one whole kit, all of it known."""
    _, a4 = tiles_kits
    out = tmp_path / "out"
    first = _printkit(tmp_path, "build", "tiles", "--out", out, "--paper", "letter", slow=0.15, pause_at=3)
    _wait_for(tmp_path / "paused", first)  # the first is among its renames, holding the lock
    # The second's renames need no slowing: the first's, slowed after "go",
    # leave it time enough to move its whole kit in among them, were it not waiting.
    second = _printkit(tmp_path, "build", "tiles", "--out", out, "--paper", "a4", "--format", "pdf")
    waiting = second.stderr.readline()
    assert waiting == f"waiting for another build to finish writing {out / 'tiles'}\n", second.communicate()
    (tmp_path / "go").touch()
    for build in (first, second):
        _, stderr = build.communicate(timeout=120)
        assert build.returncode == 0 and stderr == "", stderr
    assert _manifest_matches(out / "tiles") == a4  # the second's kit, whole; the first's svgs gone
    assert sorted(p.name for p in out.iterdir()) == ["tiles"]  # no lock file, no staging folder


def test_a_build_that_waits_too_long_refuses_and_changes_nothing(tmp_path, monkeypatch):
    assert run("build", "tiles", "--out", tmp_path).exit_code == 0
    folder = tmp_path / "tiles"
    before = _entries(folder)
    hold = ("import sys, filelock; lock = filelock.FileLock(sys.argv[1]); lock.acquire(); "
            "print('held', flush=True); sys.stdin.read()")
    holder = subprocess.Popen([sys.executable, "-c", hold, str(kitfolder.lock_path(folder))],
                              stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
    try:
        assert holder.stdout.readline() == "held\n"
        monkeypatch.setattr(kitfolder, "LOCK_WAIT", 0.3)
        result = run("build", "tiles", "--out", tmp_path, "--paper", "a4")
    finally:
        holder.communicate(input="", timeout=30)
    lines = result.output.strip().splitlines()
    assert result.exit_code == 2 and len(lines) == 2, result.output
    assert lines[0] == f"waiting for another build to finish writing {folder}"
    assert lines[1].startswith(f"printkit: {folder}: another build has been writing this kit folder")
    assert _entries(folder) == before
    # The holder is gone and has left its lock file (as filelock does): the next build takes it and removes it.
    assert kitfolder.lock_path(folder).exists()
    assert run("build", "tiles", "--out", tmp_path, "--paper", "a4").exit_code == 0
    assert sorted(p.name for p in tmp_path.iterdir()) == ["tiles"]


@pytest.mark.parametrize("kind", ["file", "folder", "link"])
def test_something_else_where_the_lock_goes_is_refused_and_kept(tmp_path, kind):
    """printkit's lock file is empty and its own; anything else by that name
    is someone's, and stays as it is."""
    assert run("build", "tiles", "--out", tmp_path).exit_code == 0
    lock = kitfolder.lock_path(tmp_path / "tiles")
    if kind == "file":
        lock.write_bytes(b"my notes")
    elif kind == "folder":
        lock.mkdir()
    else:
        lock.symlink_to(tmp_path / "nowhere")
    before = _entries(tmp_path)
    result = run("build", "tiles", "--out", tmp_path, "--paper", "a4")
    assert result.exit_code == 2 and "printkit did not make it; move it away" in result.output, result.output
    assert len(result.output.strip().splitlines()) == 1
    assert _entries(tmp_path) == before


# --- the folder checked is the folder written --------------------------------

def test_a_link_swapped_in_for_the_kit_folder_during_the_build_gets_nothing(tmp_path, monkeypatch):
    """Swapping OUT/tiles for a link after the build's last check sent the
    kit and its manifest into the link's target."""
    assert run("build", "tiles", "--out", tmp_path).exit_code == 0
    folder, moved, elsewhere = tmp_path / "tiles", tmp_path / "moved", tmp_path.parent / f"{tmp_path.name}-elsewhere"
    elsewhere.mkdir()
    real, swapped = os.replace, []

    def replace(source, destination, **at):
        if not swapped:  # checked and about to move the first file in
            folder.rename(moved)
            folder.symlink_to(elsewhere, target_is_directory=True)
            swapped.append(True)
        return real(source, destination, **at)

    monkeypatch.setattr(os, "replace", replace)
    result = run("build", "tiles", "--out", tmp_path, "--paper", "a4", "--format", "pdf")
    monkeypatch.setattr(os, "replace", real)
    assert swapped and result.exit_code == 0, result.output
    assert list(elsewhere.iterdir()) == []
    again = tmp_path.parent / f"{tmp_path.name}-again"
    assert run("build", "tiles", "--out", again, "--paper", "a4", "--format", "pdf").exit_code == 0
    assert _manifest_matches(moved) == {k: v for k, v in _kit(again / "tiles").items() if k != MANIFEST}
    shutil.rmtree(elsewhere)
    shutil.rmtree(again)


def test_where_names_cannot_be_opened_in_a_folder_builds_work_by_path(tmp_path, monkeypatch):
    """Systems without openat and renameat (os.supports_dir_fd) build, refuse
    and drop as the others do."""
    monkeypatch.setattr(kitfolder, "_AT", False)
    assert run("build", "tiles", "--out", tmp_path).exit_code == 0
    folder = tmp_path / "tiles"
    (folder / "notes.txt").write_bytes(b"mine")
    (folder / "tiles-sheet-01.svg").unlink()
    (folder / "tiles-sheet-01.svg").symlink_to(tmp_path / "nowhere")
    before = _entries(folder)
    refused = run("build", "tiles", "--out", tmp_path, "--format", "svg")
    assert refused.exit_code == 2 and "(tiles-sheet-01.svg)" in refused.output, refused.output
    assert _entries(folder) == before
    assert run("build", "tiles", "--out", tmp_path, "--format", "pdf").exit_code == 0
    assert sorted(p.name for p in folder.iterdir()) == sorted(
        [MANIFEST, "notes.txt", "tiles-kit.pdf", "tiles-reference.pdf", "tiles-rules.pdf", "tiles-sheet-01.svg"])
    assert (folder / "tiles-sheet-01.svg").is_symlink()
    _manifest_matches(folder, ("notes.txt",))  # the link is no file of the kit


# --- killed outright among the renames ---------------------------------------

@pytest.mark.parametrize("kill_at", [1, 2, 4, 5])
def test_a_build_killed_among_its_renames_leaves_what_the_next_build_repairs(tiles_kits, tmp_path, kill_at):
    """docs/print-a-kit.md: a build killed outright (kill -9, power loss) while it moves
    its files in leaves files of both kits; the next build repairs it,
    without --overwrite. Tiles on A4 (pdf) over Letter renames five times:
    the manifest naming both kits, its 3 files, then (after removing the 4
    svgs) the final manifest. kill_at: the rename the build is killed at."""
    letter, a4 = tiles_kits
    out = tmp_path / "out"
    folder = out / "tiles"
    shutil.copytree(letter, folder)
    (folder / "notes.txt").write_bytes(b"mine")
    killed = _printkit(tmp_path, "build", "tiles", "--out", out, "--paper", "a4", "--format", "pdf",
                       kill_at=kill_at)
    killed.communicate(timeout=120)
    assert killed.returncode == -signal.SIGKILL
    left = {p.name for p in out.iterdir()}
    assert kitfolder.lock_path(folder).name in left and any(n.startswith(".tiles-build-") for n in left)
    mixed = {k: v for k, v in _kit(folder).items() if k not in (MANIFEST, "notes.txt")}
    new = {k for k, v in mixed.items() if a4.get(k) == v}
    assert len(new) == (min(kill_at - 2, 3) if kill_at > 1 else 0)  # the files moved in before the kill
    result = run("build", "tiles", "--out", out, "--paper", "a4", "--format", "pdf")
    assert result.exit_code == 0, result.output
    assert _manifest_matches(folder, ("notes.txt",)) == a4
    assert (folder / "notes.txt").read_bytes() == b"mine"
    assert sorted(p.name for p in out.iterdir()) == ["tiles"]  # the killed build's staging folder and lock gone
