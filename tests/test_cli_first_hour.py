"""A user's first hour: commands that behave alike, and the small things a
new user meets first."""

from __future__ import annotations

import json
import os
import stat
import subprocess
import sys
import threading

import pytest
from click.shell_completion import ShellComplete
from click.testing import CliRunner

from printkit.cli import main


def run(*args):
    return CliRunner().invoke(main, [str(a) for a in args])


def test_choices_are_case_insensitive_everywhere(tmp_path):
    assert run("build", "tiles", "--paper", "A4", "--format", "PDF", "--out", tmp_path, "-q").exit_code == 0
    assert (tmp_path / "tiles" / "tiles-kit.pdf").is_file()


def test_a_bundled_game_is_named_in_any_case_like_every_other_choice(tmp_path):
    assert run("build", "TILES", "--format", "svg", "--out", tmp_path, "-q").exit_code == 0
    assert (tmp_path / "tiles" / "tiles-sheet-02.svg").is_file()
    assert run("moves", "Tiles").output == run("moves", "tiles").output
    unknown = run("build", "TILESS", "--out", tmp_path / "none")
    assert unknown.exit_code == 2 and "unknown game 'TILESS'" in unknown.output


def test_games_is_the_playouts_option_everywhere_with_playouts_as_alias():
    by_games = run("validate", "tiles", "--games", "3", "--json")
    by_playouts = run("validate", "tiles", "--playouts", "3", "--json")
    assert by_games.exit_code == by_playouts.exit_code == 0
    assert by_games.output == by_playouts.output
    report = json.loads(by_games.output)
    assert report["verdict"] == "sound" and report["playouts"][0]["games"] == 3
    assert run("simulate", "tiles", "--playouts", "3", "--json").output == \
        run("simulate", "tiles", "--games", "3", "--json").output


def test_validate_numbers_do_not_depend_on_jobs():
    one = json.loads(run("validate", "phoenix", "--games", "8", "--jobs", "1", "--json").output)
    two = json.loads(run("validate", "phoenix", "--games", "8", "--jobs", "2", "--json").output)
    assert one == two


def test_validate_json_reports_errors_with_their_place(tmp_path):
    spec = tmp_path / "bad.yaml"
    spec.write_text("game: tiles\ntitle: [unclosed\n", encoding="utf-8")
    result = run("validate", spec, "--json")
    assert result.exit_code == 2
    report = json.loads(result.output)
    assert report["verdict"] == "unsound" and report["errors"] == 1
    assert report["findings"][0]["line"] == 3 and report["findings"][0]["severity"] == "error"


@pytest.mark.parametrize("name", ["missing.yaml", "nosuchgame"])
def test_validate_json_reports_a_spec_it_cannot_find(name):
    result = CliRunner().invoke(main, ["validate", name, "--json"])
    assert result.exit_code == 2
    report = json.loads(result.stdout)
    assert report["verdict"] == "unsound" and report["errors"] == 1
    assert report["findings"][0]["file"] == name and name in report["findings"][0]["message"]


@pytest.mark.parametrize("command", ["build", "validate", "simulate", "balance", "moves", "apply"])
def test_every_option_has_help(command):
    for param in main.commands[command].params:
        if param.param_type_name == "option":
            assert param.help, f"printkit {command} {param.opts[0]} has no help"


@pytest.mark.parametrize("command", [["build", "phoenix", "--out", "{tmp}"], ["simulate", "phoenix", "--games", "1"],
                                     ["validate", "phoenix", "--games", "0"], ["moves", "phoenix"],
                                     ["balance", "phoenix", "--games", "1"]])
def test_one_wording_for_no_such_variant(command, tmp_path):
    args = [a.replace("{tmp}", str(tmp_path)) for a in command]
    result = run(*args, "--variant", "chess")
    assert result.exit_code == 2
    assert "--variant chess: phoenix has no such variant; choose one of standard, team, give-away, casino" \
        in result.output


@pytest.mark.parametrize("command", [["build", "phoenix", "--out", "{tmp}", "-q"],
                                     ["simulate", "phoenix", "--games", "2", "--players", "4", "--json"],
                                     ["validate", "phoenix", "--games", "2", "--json"],
                                     ["moves", "phoenix", "--players", "4"]])
def test_a_variant_is_named_in_any_case_like_every_other_choice(command, tmp_path):
    args = [a.replace("{tmp}", str(tmp_path)) for a in command]
    given = run(*args, "--variant", "Team")
    assert given.exit_code == 0, given.output
    assert given.output.replace("Team", "team") == run(*args, "--variant", "team").output


def test_apply_output_replaces_the_position_it_reads(tmp_path):
    """`apply ... --position pos.json MOVE > pos.json` emptied the position; -o does it safely."""
    pos = tmp_path / "pos.json"
    assert run("apply", "mckinney", "--players", "3", "pass", "-o", pos).exit_code == 0
    assert json.loads(pos.read_text())["to_move"] == 1
    assert run("apply", "mckinney", "--position", pos, "Bh9", "-o", pos).exit_code == 0
    after = pos.read_text()
    assert json.loads(after)["pieces"]
    refused = run("apply", "mckinney", "--position", pos, "nonsense", "-o", pos)
    assert refused.exit_code == 2 and pos.read_text() == after
    assert [p.name for p in tmp_path.iterdir()] == ["pos.json"]  # no temporary left


def test_apply_output_may_have_the_longest_name_a_file_system_takes(tmp_path):
    """The temporary file beside it once took the whole name and more: too long."""
    pos = tmp_path / ("p" * 250 + ".json")
    result = run("apply", "tiles", "-o", pos)
    assert result.exit_code == 0, result.output
    assert json.loads(pos.read_text())["game"] == "tiles"
    assert [p.name for p in tmp_path.iterdir()] == [pos.name]  # no temporary left


@pytest.mark.skipif(os.name != "posix", reason="POSIX file modes")
def test_apply_output_is_readable_like_any_new_file_and_keeps_a_replaced_files_mode(tmp_path):
    pos = tmp_path / "pos.json"
    mask = os.umask(0o022)
    try:
        assert run("apply", "tiles", "-o", pos).exit_code == 0
        assert pos.stat().st_mode & 0o777 == 0o644
        pos.chmod(0o640)
        assert run("apply", "tiles", "--position", pos, "-o", pos).exit_code == 0
        assert pos.stat().st_mode & 0o777 == 0o640
    finally:
        os.umask(mask)


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="POSIX named pipes")
def test_apply_output_to_a_pipe_or_device_writes_into_it_not_over_it(tmp_path):
    """-o /dev/stdout (or a named pipe) is written to; it was replaced by a plain file."""
    pipe = tmp_path / "pipe"
    os.mkfifo(pipe)
    got = []
    reader = threading.Thread(target=lambda: got.append(pipe.read_text()), daemon=True)
    reader.start()
    result = run("apply", "tiles", "-o", pipe)
    reader.join(10)
    assert result.exit_code == 0, result.output
    assert stat.S_ISFIFO(pipe.stat().st_mode)
    assert got and json.loads(got[0])["game"] == "tiles"
    assert [p.name for p in tmp_path.iterdir()] == ["pipe"]  # no temporary left


def test_build_help_names_every_file_a_build_writes(tmp_path):
    assert run("build", "tiles", "--out", tmp_path, "-q").exit_code == 0
    helped = " ".join(run("build", "--help").output.split())
    for path in (tmp_path / "tiles").iterdir():
        if not path.name.startswith("."):
            named = path.name.replace("tiles", "<id>", 1)
            named = named[:-len("01.svg")] + "NN.svg" if named.endswith(".svg") else named
            assert named in helped, named


def test_a_median_of_whole_turns_is_printed_whole():
    """The median of an even number of games is a float; 24.0 turns reads as 24."""
    validated = run("validate", "tiles", "--games", "2")
    simulated = run("simulate", "tiles", "--games", "2")
    assert "median length 24 turns" in validated.output, validated.output
    assert "median 24," in simulated.output and "median 48," in simulated.output, simulated.output


def test_build_all_with_colors_builds_the_games_that_have_them(tmp_path):
    result = run("build", "--all", "--colors", "3", "--out", tmp_path)
    assert result.exit_code == 0, result.output
    assert sorted(p.name for p in tmp_path.iterdir()) == ["mckinney", "phoenix"]
    assert "skipped tiles" in result.output
    none = run("build", "--all", "--colors", "9", "--out", tmp_path / "none")
    assert none.exit_code == 2 and "no bundled game has 9 colours" in none.output


def test_team_games_report_results_by_team():
    # On one process (its ten games still in ten batches, their results joined):
    # the workers' own start would take far longer than the games.
    report = json.loads(run("simulate", "phoenix", "--variant", "team", "--games", "10", "--jobs", "1",
                            "--json").output)
    teams = report["teams"]
    assert [t["name"] for t in teams] == ["Red + Pink", "Blue + Green"]
    decided = report["finished"] - report["draws"]
    assert sum(t["wins"] for t in teams) == decided
    text = run("simulate", "phoenix", "--variant", "team", "--games", "10", "--jobs", "1").output
    assert "wins by team" in text


def complete(words, incomplete):
    return [c.value for c in ShellComplete(main, {}, "printkit", "_PRINTKIT_COMPLETE")
            .get_completions(words, incomplete)]


def test_shell_completion_knows_games_and_variants():
    assert "mckinney" in complete(["build"], "mc")
    assert "phoenix" in complete(["simulate"], "")
    assert complete(["simulate", "phoenix", "--variant"], "te") == ["team"]
    assert "two-flag" in complete(["simulate", "lam", "--variant"], "")
    assert "--paper" in complete(["build", "tiles"], "--pa")



@pytest.mark.parametrize("words", [["build", "{game}"], ["simulate", "--players", "2", "{game}"],
                                   ["apply", "{game}", "pass"]])
def test_variants_completed_after_a_game_are_that_games_own(words):
    """They were every bundled game's, Lam's two-flag offered for Phoenix."""
    from printkit import spec as specs

    for game in specs.bundled_games():
        own = [v for v in specs.load(game, check=False).get("variants") or {} if v != "default"]
        assert complete([w.format(game=game) for w in words] + ["--variant"], "") == own, game


def test_moves_reads_the_player_count_from_the_position(tmp_path):
    pos = tmp_path / "three.json"
    assert run("apply", "mckinney", "--players", "3", "pass", "-o", pos).exit_code == 0
    assert run("moves", "mckinney", "--position", pos).output == \
        run("moves", "mckinney", "--position", pos, "--players", "3").output


def test_progress_stays_off_when_not_a_terminal(tmp_path):
    done = subprocess.run([sys.executable, "-m", "printkit", "simulate", "tiles", "--games", "5"],
                          capture_output=True, text=True, env={**os.environ, "COLUMNS": "80"})
    assert done.returncode == 0 and done.stderr == ""


@pytest.mark.parametrize("game", ["tiles", "lam"])
def test_moves_in_a_finished_game_says_it_is_over(game, tmp_path):
    from printkit import rules

    state = rules.load(game).initial_state()
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply(state.chance_outcomes()[0][0])
        else:
            state.apply(state.legal_actions()[0])
    path = tmp_path / "over.json"
    path.write_text(json.dumps(state.to_json()))
    for extra in ([], ["--as", "0"]):
        result = run("moves", game, "--position", path, *extra)
        assert result.exit_code == 0 and result.output.strip() == "the game is over: no move is legal", \
            result.output
