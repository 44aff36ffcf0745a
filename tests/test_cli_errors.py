"""Careless and hostile input to every command: one clear message naming the
file (and line) and the problem, exit code 2, never a traceback."""

from __future__ import annotations

import functools
import os
import re
import signal
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

import pytest
from click.testing import CliRunner
from hypothesis import given, settings
from hypothesis import strategies as st
from conftest import budget

from printkit import spec
from printkit.cli import main

COMMANDS = ["build", "validate", "simulate", "moves", "apply"]


def run(*args):
    result = CliRunner().invoke(main, [str(a) for a in args])
    assert "Traceback" not in result.output
    assert result.exception is None or isinstance(result.exception, SystemExit), repr(result.exception)
    return result


def write(tmp_path, name, content):
    path = tmp_path / name
    if isinstance(content, bytes):
        path.write_bytes(content)
    else:
        path.write_text(content, encoding="utf-8")
    return path


# --- specs that are not specs -------------------------------------------------------------

@pytest.mark.parametrize("command", COMMANDS)
def test_a_folder_given_as_spec(tmp_path, command):
    folder = tmp_path / "board.yaml"
    folder.mkdir()
    result = run(command, folder)
    assert result.exit_code == 2
    assert "board.yaml: is a folder, not a spec file" in result.output


def test_a_folder_named_like_a_bundled_game_does_not_hide_it(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "tiles").mkdir()
    result = run("moves", "tiles")
    assert result.exit_code == 0 and "0,0" in result.output



@pytest.mark.parametrize("command", ["validate", "simulate", "moves", "apply", "balance"])
def test_an_empty_game_name_is_not_taken_for_the_working_folder(command):
    result = run(command, "")
    assert result.exit_code == 2
    assert "no game given (an empty name)" in result.output and "is a folder" not in result.output


@pytest.mark.parametrize("command", COMMANDS)
def test_an_empty_spec(tmp_path, command):
    result = run(command, write(tmp_path, "empty.yaml", ""))
    assert result.exit_code == 2
    assert "empty.yaml: the spec is empty" in result.output


@pytest.mark.parametrize("command", ["build", "simulate", "apply"])
def test_a_spec_that_is_a_list(tmp_path, command):
    result = run(command, write(tmp_path, "list.yaml", "- game\n- mckinney\n"))
    assert result.exit_code == 2
    assert "list.yaml:1:1: a spec must be a mapping with a 'game' key" in result.output


@pytest.mark.parametrize("command", COMMANDS)
def test_a_spec_that_is_not_utf8_names_line_and_column(tmp_path, command):
    path = write(tmp_path, "latin.yaml", "game: mckinney\ntitle: \"caf\xe9\"\n".encode("latin-1"))
    result = run(command, path)
    assert result.exit_code == 2
    assert "latin.yaml:2:12: not UTF-8 text (byte 0xe9)" in result.output
    assert "codec" not in result.output


def test_a_spec_cannot_name_a_game_printkit_does_not_know(tmp_path):
    # `game:` selects from the game folders only; anything else is refused
    # before a module is looked for.
    result = run("build", write(tmp_path, "new.yaml", "game: os\n"))
    assert result.exit_code == 2
    assert "new.yaml:1:7: 'game' must be one of" in result.output


LAUGHS = "game: mckinney\na: &a [x, x, x, x, x, x, x, x, x]\n" + "".join(
    f"{b}: &{b} [{', '.join(['*' + a] * 9)}]\n" for a, b in zip("abcdefg", "bcdefgh"))


@pytest.mark.parametrize("command", ["build", "validate"])
def test_aliases_that_expand_without_end(tmp_path, command):
    result = run(command, write(tmp_path, "laughs.yaml", LAUGHS))
    assert result.exit_code == 2
    assert re.search(r"laughs\.yaml:\d+:\d+: .*expands to more than [\d,]+ values", result.output)


def test_an_alias_inside_itself(tmp_path):
    result = run("build", write(tmp_path, "loop.yaml", "game: mckinney\na: &a [1, *a]\n"))
    assert result.exit_code == 2
    assert re.search(r"loop\.yaml:2:\d+: .*nested more than \d+ levels deep", result.output)


def test_nesting_too_deep_for_the_parser(tmp_path):
    text = "game: mckinney\nx: " + "[" * 5000 + "]" * 5000 + "\n"
    result = run("build", write(tmp_path, "deep.yaml", text))
    assert result.exit_code == 2
    assert re.search(r"deep\.yaml:2:\d+: nested too deeply", result.output)



# A name no file system takes (each allows at most 255 bytes in a name).
TOO_LONG = "n" * 300


@pytest.mark.parametrize("args", [
    ["validate", TOO_LONG + ".yaml"],
    ["simulate", TOO_LONG],
    ["build", "tiles", "--out", TOO_LONG],
    ["balance", "tiles", "--agents", "random", "--games", "1", "--report", TOO_LONG + ".pdf"],
])
def test_a_path_too_long_for_the_file_system_is_a_message(tmp_path, monkeypatch, args):
    monkeypatch.chdir(tmp_path)
    result = run(*args)
    assert result.exit_code == 2, result.output
    assert "File name too long" in result.output and TOO_LONG in result.output
    assert len(result.output.splitlines()) == 1
    assert list(tmp_path.iterdir()) == []


# --- build options ----------------------------------------------------------------------------

def kits(out: Path) -> dict:
    """Each kit folder under ``out`` and the kinds of file in it."""
    return {d.name: sorted({f.suffix for f in d.iterdir() if not f.name.startswith(".")})
            for d in sorted(out.iterdir())}


def test_all_with_a_variant_builds_the_games_that_have_it(tmp_path):
    # Like --all --colors 3: an option only some games take means "the games that can".
    result = run("build", "--all", "--variant", "team", "--format", "svg", "--out", tmp_path / "out")
    assert result.exit_code == 0, result.output
    assert kits(tmp_path / "out") == {"phoenix": [".svg"]}
    for game in ("lam", "mckinney", "playground", "tiles"):
        assert f"skipped {game}: --variant team: {game} has no such variant" in result.output


def test_all_with_images_builds_them_for_the_games_with_cards_or_tiles(tmp_path, monkeypatch):
    from printkit import kit

    laid_out, impose = [], kit.imposition.impose
    monkeypatch.setattr(kit.imposition, "impose", lambda spec, *rest: laid_out.append(spec.id) or impose(spec, *rest))
    result = run("build", "--all", "--format", "svg,png", "--out", tmp_path / "both")
    assert result.exit_code == 0, result.output
    # A kit without cards or tiles is known to take no images before its layout: laid out once.
    assert sorted(laid_out) == ["lam", "mckinney", "phoenix", "playground", "tiles"]
    assert kits(tmp_path / "both") == {"lam": [".svg"], "mckinney": [".png", ".svg"], "phoenix": [".svg"],
                                       "playground": [".png", ".svg"], "tiles": [".png", ".svg"]}
    for game in ("lam", "phoenix"):
        assert f"{game}: no --format png images (it has no cards or tiles); its svg built" in result.output
    only = run("build", "--all", "--format", "png", "--out", tmp_path / "png")
    assert only.exit_code == 0, only.output
    assert sorted(kits(tmp_path / "png")) == ["mckinney", "playground", "tiles"]
    assert "skipped lam: --format png" in only.output and "skipped phoenix: --format png" in only.output


def test_one_game_with_an_option_it_cannot_take_is_refused(tmp_path):
    for args, words in ((["phoenix", "--format", "png"], "RPS Phoenix has no cards or tiles"),
                        (["tiles", "--variant", "team"], "tiles has no such variant"),
                        (["lam", "--colors", "3"], "is for 2 players")):
        result = run("build", *args, "--out", tmp_path / "out")
        assert result.exit_code == 2 and words in result.output, result.output
        assert not (tmp_path / "out").exists()


@pytest.mark.parametrize("args, words", [
    (["--variant", "nope"], "--variant nope: no bundled game has this variant"),
    (["--colors", "9", "--variant", "team"], "--colors 9: no bundled game has 9 colours"),
    (["--variant", "team", "--format", "png"], "no bundled game takes these options: "),
    (["--variant", "team", "--bleed", "9"], "--bleed 9: choose 0 to 5 mm"),  # no game takes it: stops at once
])
def test_all_that_no_game_can_take_says_so_once_and_writes_nothing(tmp_path, args, words):
    result = run("build", "--all", *args, "--out", tmp_path / "out")
    assert result.exit_code == 2 and words in result.output, result.output
    assert "skipped" not in result.output and "Error" not in result.output
    assert not (tmp_path / "out").exists()


def test_an_unknown_variant_is_refused_before_drawing_and_keeps_the_earlier_kit(tmp_path):
    out = tmp_path / "out"
    assert run("build", "tiles", "--format", "svg", "--out", out).exit_code == 0
    before = {p.name: p.read_bytes() for p in (out / "tiles").iterdir()}
    result = run("build", "tiles", "--format", "svg", "--variant", "nope", "--out", out)
    assert result.exit_code == 2
    assert "--variant nope" in result.output and "has no such variant" in result.output
    assert {p.name: p.read_bytes() for p in (out / "tiles").iterdir()} == before
    assert sorted(p.name for p in out.iterdir()) == ["tiles"]  # no staging folder left behind


@pytest.mark.parametrize("args, words", [
    (["--paper", "a3"], "'a3' is not one of 'letter', 'a4'"),
    (["--format", "jpg"], "--format: unknown format(s) jpg"),
    (["--colors", "-1"], "--colors -1"),
])
def test_bad_build_options(tmp_path, args, words):
    result = run("build", "mckinney", *args, "--out", tmp_path / "out")
    assert result.exit_code == 2 and words in result.output
    assert not (tmp_path / "out").exists()


def test_out_that_cannot_be_a_folder(tmp_path):
    a_file = write(tmp_path, "afile", "")
    result = run("build", "tiles", "--format", "svg", "--out", a_file / "sub")
    assert result.exit_code == 2 and "cannot create the output folder" in result.output


def test_build_names_what_it_wrote_as_the_user_would_type_it(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    result = run("build", "tiles", "--format", "svg")
    assert result.exit_code == 0
    assert "wrote output/tiles/tiles-sheet-02.svg" in result.output.splitlines()
    assert str(tmp_path) not in result.output


# --- simulate bounds -----------------------------------------------------------------------------

def test_games_beyond_the_bound_are_a_usage_error():
    result = run("simulate", "tiles", "--games", 10 ** 9)
    assert result.exit_code == 2 and "--games" in result.output and "100000" in result.output


def test_more_jobs_than_cores_gives_the_same_numbers():
    many = run("simulate", "tiles", "--games", 8, "--jobs", 10 ** 6, "--json")
    one = run("simulate", "tiles", "--games", 8, "--jobs", 1, "--json")
    assert many.exit_code == one.exit_code == 0
    assert many.output == one.output


def test_ctrl_c_in_process_is_one_line_and_exit_130(monkeypatch):
    from printkit import simulate

    def interrupted(*args, **kwargs):
        raise KeyboardInterrupt

    monkeypatch.setattr(simulate, "play_many", interrupted)
    result = run("simulate", "tiles", "--games", 5)
    assert result.exit_code == 130
    assert result.output.strip() == "printkit: interrupted"


# A signal raised just as a chosen module starts to load, in the command as
# the shell runs it (printkit.__main__.run): what a Ctrl-C or a SIGTERM
# in the first second of any run can meet.
_STOP_WHILE_LOADING = """
import atexit, signal, sys
module, name = sys.argv[1], sys.argv[2]
raised = []
class Stop:
    def find_spec(self, fullname, path, target=None):
        if fullname == module:
            sys.meta_path.remove(self)
            raised.append(fullname)
            signal.raise_signal(getattr(signal, name))
sys.meta_path.insert(0, Stop())
# A module that never passes through the import system cannot take the
# signal: say so, so the example fails instead of passing without a stop.
atexit.register(lambda: raised or sys.stderr.write(f"the signal was never raised: {module} was not imported\\n"))
sys.argv = ["printkit", *sys.argv[3:]]
from printkit.__main__ import run
run()
"""


@functools.cache
def _modules_a_build_loads() -> list[str]:
    """Every module a McKinney build loads through the import system once the
    command has begun (the interpreter's own start and printkit/__init__.py
    come before any of printkit's code can take a signal over), in the order
    it asks for them. Only modules the import system is asked to find are
    listed: one that C code registers as it loads (pyexpat.errors) never
    passes a finder, so no signal could be raised as it loads."""
    script = ("import sys; from printkit.__main__ import run; before = set(sys.modules)\n"
              "asked = []\n"
              "class Listen:\n"
              "    def find_spec(self, fullname, path, target=None):\n"
              "        asked.append(fullname)\n"
              "sys.meta_path.insert(0, Listen())\n"
              "sys.argv = ['printkit', 'build', 'mckinney', '--format', 'svg', '--out', sys.argv[1]]\n"
              "try:\n    run()\nexcept SystemExit:\n    pass\n"
              "loaded = set(sys.modules) - before\n"
              "print('\\n'.join(dict.fromkeys(m for m in asked if m in loaded)))")
    with tempfile.TemporaryDirectory() as out:
        done = subprocess.run([sys.executable, "-c", script, out], capture_output=True, text=True, check=True)
    return [line for line in done.stdout.splitlines() if line and not line.startswith(("wrote", "mckinney:"))]


# Modules where a signal once ended in a traceback; each is tried while a
# build still loads it.
_ONES_THAT_FAILED = ["numpy", "numpy.lib", "shapely.lib", "reportlab", "click", "printkit.kit"]


@settings(max_examples=budget(12), deadline=None)
@given(module=st.deferred(lambda: st.sampled_from([m for m in _ONES_THAT_FAILED if m in _modules_a_build_loads()])
                          | st.sampled_from(_modules_a_build_loads())),
       signame=st.sampled_from(["SIGINT", "SIGTERM", "SIGHUP"]))
def test_a_signal_while_printkit_is_still_loading_is_one_line_and_no_traceback(tmp_path_factory, module, signame):
    # numpy, loaded by shapely's compiled module, printed a traceback of its own
    # (and ended with an ImportError for Ctrl-C); a Ctrl-C while click or
    # reportlab loaded ended in Python's traceback of the KeyboardInterrupt.
    out = tmp_path_factory.mktemp("out") / "kits"
    done = subprocess.run([sys.executable, "-c", _STOP_WHILE_LOADING, module, signame,
                           "build", "mckinney", "--format", "svg", "--out", str(out)],
                          capture_output=True, text=True, timeout=120)
    number = getattr(signal, signame)
    said = "printkit: interrupted" if signame == "SIGINT" else "printkit: terminated"
    assert (done.returncode, done.stderr.strip()) == (128 + number, said), (module, done.stderr)
    assert not out.exists()


def _children(pid: int) -> list[str]:
    path = Path(f"/proc/{pid}/task/{pid}/children")
    return path.read_text().split() if path.exists() else []


@pytest.mark.skipif(not Path("/proc/self/task").exists(), reason="needs Linux /proc")
def test_ctrl_c_stops_worker_processes_quietly():
    """Ctrl-C reaches the whole process group, as from a terminal: the run
    stops without playing out the queued games, one line, exit code 130."""
    process = subprocess.Popen(
        [sys.executable, "-m", "printkit.cli", "simulate", "mckinney", "--games", "100000", "--jobs", "2"],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, start_new_session=True,
        preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))
    try:
        for _ in range(300):  # until the workers are playing
            if _children(process.pid) or process.poll() is not None:
                break
            time.sleep(0.05)
        time.sleep(0.5)
        os.killpg(process.pid, signal.SIGINT)
        out, err = process.communicate(timeout=60)  # 100,000 games would take minutes
    finally:
        if process.poll() is None:
            os.killpg(process.pid, signal.SIGKILL)
            process.wait()
    assert process.returncode == 130, err
    assert err.decode().strip() == "printkit: interrupted"
    assert out == b""


def _alive(pid: int) -> bool:
    """Whether a process of this session still runs (not a zombie awaiting its parent)."""
    try:
        return Path(f"/proc/{pid}/stat").read_text().split(") ")[1][0] != "Z"
    except (OSError, IndexError):
        return False


@pytest.mark.skipif(not Path("/proc/self/task").exists(), reason="needs Linux /proc")
@settings(max_examples=budget(6, hunt=360), deadline=None)
@given(command=st.sampled_from([["validate", "mckinney", "--games", "100000"],
                                ["balance", "mckinney", "--games", "2000"],
                                ["simulate", "phoenix", "--games", "100000", "--jobs", "2"]]),
       signame=st.sampled_from(["SIGINT", "SIGTERM", "SIGHUP"]), delay=st.floats(0.0, 1.5))
def test_a_stop_signal_to_the_process_group_ends_the_workers_run_at_once(command, signame, delay):
    """A terminal's Ctrl-C or hang-up, or a kill of the process group, while
    worker processes play: one line, 128 + the signal's number, the workers
    gone within seconds. A signal raised inside the process pool's own code
    had left one of its locks held: printkit then never exited (one Ctrl-C
    in four during validate), or printed the pool's thread traceback."""
    process = subprocess.Popen([sys.executable, "-m", "printkit", *command], stdout=subprocess.DEVNULL,
                               stderr=subprocess.PIPE, start_new_session=True)
    try:
        # ``delay`` after the pool's first process starts: from the pool
        # still starting up to its workers well into their batches.
        deadline = time.monotonic() + 30
        while not _children(process.pid) and process.poll() is None and time.monotonic() < deadline:
            time.sleep(0.02)
        time.sleep(delay)
        workers = [int(pid) for pid in _children(process.pid)]
        os.killpg(process.pid, getattr(signal, signame))
        _, err = process.communicate(timeout=30)
        deadline = time.monotonic() + 20  # a worker finishes the batch in hand (some 0.3 s here), then leaves
        while any(_alive(pid) for pid in workers) and time.monotonic() < deadline:
            time.sleep(0.05)
        assert not any(_alive(pid) for pid in workers), "workers left playing"
    finally:
        if process.poll() is None:
            os.killpg(process.pid, signal.SIGKILL)
            process.wait()
    said = "printkit: interrupted" if signame == "SIGINT" else "printkit: terminated"
    assert (process.returncode, err.decode().strip()) == (128 + getattr(signal, signame), said)


# --- positions --------------------------------------------------------------------------------

def test_a_position_that_is_not_utf8_names_line_and_column(tmp_path):
    path = write(tmp_path, "pos.json", b'{"tiles":\n  "\xc3\xa9\xff"}')
    result = run("moves", "tiles", "--position", path)
    assert result.exit_code == 2
    assert "pos.json:2:5: cannot read position: not UTF-8 text (byte 0xff)" in result.output


@pytest.mark.parametrize("game", ["mckinney", "phoenix", "tiles"])
@pytest.mark.parametrize("content, words", [
    ("[1, 2]", "bad position"),
    ('{"game": "chess"}', "bad position"),
    ('{"turn": ', "malformed position JSON"),
    ("", "malformed position JSON"),
])
def test_positions_that_are_not_positions(tmp_path, game, content, words):
    path = write(tmp_path, "pos.json", content)
    for command in (["moves", game], ["apply", game, "pass"]):
        result = run(*command, "--position", path)
        assert result.exit_code == 2, result.output
        assert "pos.json" in result.output and words in result.output


@pytest.mark.parametrize("game", ["mckinney", "phoenix", "tiles"])
def test_a_position_of_another_game(tmp_path, game):
    other = {"mckinney": "tiles", "phoenix": "mckinney", "tiles": "phoenix"}[game]
    path = write(tmp_path, "pos.json", run("apply", other).output)
    result = run("moves", game, "--position", path)
    # At the line of what the refusal names, where it names a key: pos.json:LINE:COLUMN
    assert result.exit_code == 2 and re.search(r"pos\.json(:\d+:\d+)?: bad position", result.output)


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="POSIX named pipes")
def test_a_position_from_a_pipe_is_read_only_up_to_the_size_limit(tmp_path):
    """A pipe or device (/dev/zero) has no size to check first; it was read to its end."""
    from printkit.positions import MAX_BYTES

    pipe = tmp_path / "endless.json"
    os.mkfifo(pipe)

    def feed():
        try:
            with open(pipe, "wb") as handle:
                handle.write(b" " * (MAX_BYTES + 10) + b"{}")
        except BrokenPipeError:  # the reader stopped at its limit
            pass

    writer = threading.Thread(target=feed, daemon=True)
    writer.start()
    result = run("moves", "tiles", "--position", pipe)
    writer.join(10)
    assert result.exit_code == 2
    assert f"endless.json: more than {MAX_BYTES:,} bytes" in result.output, result.output



@pytest.mark.parametrize("game", ["mckinney", "tiles"])  # names with seat numbers, and without
@pytest.mark.parametrize("viewer", ["\u00b2", "\u2460"])  # digits to str.isdigit, not to int()
def test_moves_as_a_number_sign_that_is_no_seat_number(game, viewer):
    result = run("moves", game, "--as", viewer)
    assert result.exit_code == 2 and f"--as {viewer}: no such player" in result.output


# --- help -------------------------------------------------------------------------------------

def test_players_and_variant_must_agree_with_the_position(tmp_path):
    made = run("apply", "phoenix", "--players", "4", "--variant", "team", "first Red")
    assert made.exit_code == 0
    path = write(tmp_path, "team.json", made.output)
    for args, words in ((["--variant", "casino"], "team variant, not --variant casino"),
                        (["--players", "2"], "for 4 players, not --players 2")):
        result = run("moves", "phoenix", "--position", path, *args)
        assert result.exit_code == 2 and words in result.output
    agreed = run("moves", "phoenix", "--position", path, "--players", "4", "--variant", "team")
    assert agreed.exit_code == 0 and agreed.output.startswith("1-1\t")


def test_help_lists_every_command_in_a_whole_phrase():
    result = run("--help")
    assert result.exit_code == 0
    for command in ["apply", "build", "list", "moves", "simulate", "validate"]:
        line = next(l for l in result.output.splitlines() if l.strip().startswith(command + " "))
        assert not line.rstrip().endswith("..."), line


@pytest.mark.parametrize("command, words", [
    ("build", ["--all", "--colors", "--paper", "--out", "--ink-saver", "--format", "--variant", "100%"]),
    ("validate", ["--games", "--seed", "--players", "--strict", "--variant", "Exit code 0"]),
    ("simulate", ["--games", "--seed", "--jobs", "--json", "--players", "--variant", "Wilson"]),
    ("moves", ["--position", "--players", "--variant", "notation"]),
    ("apply", ["--position", "--players", "--variant", "position JSON"]),
])
def test_each_command_help_says_what_the_readme_says(command, words):
    result = run(command, "--help")
    assert result.exit_code == 0
    text = " ".join(result.output.split())
    for word in words:
        assert word in text, (command, word)


def test_a_kit_named_after_a_hidden_file_says_to_give_an_id(tmp_path):
    text = (spec.SPECS_DIR / "tiles.yaml").read_text(encoding="utf-8")
    path = write(tmp_path, ".hidden.yaml", "".join(
        line for line in text.splitlines(keepends=True) if not line.startswith("id:")))
    result = run("build", path, "--format", "svg", "--out", tmp_path / "out")
    assert result.exit_code == 2
    assert "kit id '.hidden' would not be a folder" in result.output and "give the spec an id:" in result.output
    # validate does not call sound what build refuses
    result = run("validate", path, "--games", "0")
    assert result.exit_code == 2
    assert "kit id '.hidden' would not be a folder" in result.output and "unsound: 1 error" in result.output


@pytest.mark.parametrize("stem", ["two\nlines", "red\x1b[31mtext", "bell\x07"])
def test_a_kit_named_by_a_file_name_with_a_control_character_says_to_give_an_id(tmp_path, stem):
    """A line break or a terminal's escape sequence in a folder name, printed back by "wrote ..."."""
    text = (spec.SPECS_DIR / "tiles.yaml").read_text(encoding="utf-8")
    path = write(tmp_path, stem + ".yaml", "".join(
        line for line in text.splitlines(keepends=True) if not line.startswith("id:")))
    result = run("build", path, "--format", "svg", "--out", tmp_path / "out")
    assert result.exit_code == 2
    assert f"kit id {stem!r} would not be a folder" in result.output and "give the spec an id:" in result.output
    assert len(result.output.splitlines()) == 1 and "\x1b" not in result.output and "\x07" not in result.output
    assert not (tmp_path / "out").exists()


def test_an_id_that_would_leave_the_output_folder_is_explained_not_a_regex(tmp_path):
    text = (spec.SPECS_DIR / "tiles.yaml").read_text(encoding="utf-8").replace("id: tiles", "id: ../../up")
    result = run("build", write(tmp_path, "up.yaml", text), "--out", tmp_path / "out")
    assert result.exit_code == 2
    assert "id: '../../up' is not a kit name: a lower-case letter" in result.output
    assert "^[a-z]" not in result.output
    assert not (tmp_path / "out").exists()


def test_a_python_tag_is_refused_by_name(tmp_path):
    result = run("build", write(tmp_path, "tag.yaml", "game: !!python/object:os.system mckinney\n"))
    assert result.exit_code == 2
    assert "tag.yaml:1:7: tag '!!python/object:os.system' is not allowed in a spec" in result.output
