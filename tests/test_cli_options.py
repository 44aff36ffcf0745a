"""One meaning per option across commands, and the small things a user hits:
-q, --games, --json (errors included), --output and -o/--out, old spellings
kept as hidden aliases, options that do nothing for a game, did-you-mean,
sizes that fit the paper, real paths of bundled specs, python -m printkit
beside a clone, balance's tables, and the options table in docs/options.md."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from dataclasses import replace
from pathlib import Path

import click
import pytest
from click.testing import CliRunner

from printkit import SPECS_DIR, fit, games, kit, optionsdoc
from printkit import spec as specs
from printkit.cli import main
from printkit.errors import NotForThisGame
from printkit.options import BuildOptions, resolve_options

ROOT = Path(__file__).resolve().parents[1]
COMMANDS = ["apply", "balance", "build", "list", "moves", "simulate", "validate"]


def run(*args):
    result = CliRunner().invoke(main, [str(a) for a in args])
    assert "Traceback" not in result.output
    assert result.exception is None or isinstance(result.exception, SystemExit), repr(result.exception)
    return result


def option_named(command: str, name: str) -> click.Option:
    return next(p for p in main.commands[command].params if name in p.opts + p.secondary_opts)


# --- -q/--quiet ------------------------------------------------------------------------------

@pytest.mark.parametrize("command", ["build", "validate", "simulate", "balance", "moves"])
def test_quiet_is_q_and_says_the_same_in_every_command(command):
    quiet = option_named(command, "--quiet")
    assert "-q" in quiet.opts and quiet.is_flag
    assert quiet.help.startswith("Print nothing but errors")


def test_build_quiet_prints_nothing(tmp_path):
    result = run("build", "tiles", "--format", "svg", "-q", "--out", tmp_path)
    assert result.exit_code == 0 and result.output == ""
    assert (tmp_path / "tiles" / "tiles-sheet-02.svg").is_file()


def test_validate_quiet_prints_only_the_problems():
    lopsided = SPECS_DIR / "examples" / "mckinney-lopsided.yaml"
    loud = run("validate", lopsided, "--games", "2")
    quiet = run("validate", lopsided, "--games", "2", "-q")
    assert loud.exit_code == quiet.exit_code == 0
    assert "note:" in loud.output and "random playouts" in loud.output and "sound: 0 errors" in loud.output
    problems = [line for line in loud.output.splitlines() if re.match(r".+?:\d+:\d+: (?!note: )", line)]
    assert quiet.output.splitlines() == problems and len(problems) == 1 and ": warning: " in problems[0]
    assert run("validate", "tiles", "--games", "2", "-q").output == ""  # sound, nothing to say
    broken = run("validate", SPECS_DIR / "examples" / "mckinney-broken.yaml", "-q")
    assert broken.exit_code == 2 and len(broken.output.splitlines()) == 13  # each error, no verdict


def test_simulate_quiet_keeps_the_summary():
    assert run("simulate", "tiles", "--games", "3", "-q").output == run("simulate", "tiles", "--games", "3").output


def test_balance_quiet_is_passed_on_and_keeps_the_numbers(monkeypatch):
    """-q reaches the run (whose forecast and progress bar, shown only on a
    terminal, it then leaves out: test_balance checks run(quiet=True))."""
    import printkit.balance as balance

    seen, play = [], balance.run
    monkeypatch.setattr(balance, "run", lambda *a, **k: seen.append(k["quiet"]) or play(*a, **k))
    loud = run("balance", "tiles", "--agents", "random", "--games", "2", "--jobs", "1")
    quiet = run("balance", "tiles", "--agents", "random", "--games", "2", "--jobs", "1", "-q")
    assert seen == [False, True]
    assert quiet.stdout == loud.stdout != ""


def test_moves_quiet_leaves_out_the_note(tmp_path):
    result = run("moves", "mckinney", "--as", "Blue")
    assert result.exit_code == 0 and result.stderr.strip() == "not Blue's turn"
    quiet = run("moves", "mckinney", "--as", "Blue", "-q")
    assert quiet.exit_code == 0 and quiet.output == ""


# --- --games ---------------------------------------------------------------------------------

@pytest.mark.parametrize("command", ["validate", "simulate", "balance"])
def test_games_is_explained_alike(command):
    assert option_named(command, "--games").help.startswith("The games behind each set of numbers printed: N ")


def test_games_counts_the_games_behind_each_set_of_numbers():
    """validate: per player count; balance: per agent and per ladder step; both say the total."""
    report = json.loads(run("validate", "mckinney", "--games", "3", "--json").output)
    assert [p["games"] for p in report["playouts"]] == [3, 3, 3]  # 2, 3 and 4 players
    assert "random playouts: 3 per player count (9 in all), seed 0" in run("validate", "mckinney", "--games", "3").output
    # On one process: the counts are the command's, whatever plays the games
    # (the workers' own start would take longer than these six games).
    summary = json.loads(run("balance", "tiles", "--agents", "random,greedy", "--games", "3", "--jobs", "1",
                             "--json").output)
    assert [m["games"] for m in summary["agents"].values()] == [3, 3] and summary["ladder"][0]["games"] == 3
    text = run("balance", "tiles", "--agents", "random,greedy", "--games", "3", "--jobs", "1").output
    assert text.splitlines()[0].endswith("3 games per agent and per ladder step, 9 in all")
    assert json.loads(run("simulate", "tiles", "--games", "3", "--json").output)["games"] == 3


# --- old spellings -----------------------------------------------------------------------------

ALIASES = [("validate", "--games", "--playouts"), ("simulate", "--games", "--playouts"),
           ("balance", "--output", "--report"), ("apply", "--output", "-o"),
           ("build", "--sheet-per-color", "--sheet-per-colour"), ("build", "--colors", "--colours")]


@pytest.mark.parametrize("command, name, alias", ALIASES)
def test_an_old_spelling_works_but_help_shows_the_current_one(command, name, alias):
    option = option_named(command, name)
    assert option_named(command, alias) is option  # one option: the same value, the same checks
    helped = run(command, "--help").output
    assert re.search(rf"(^|[\s,]){re.escape(name)}\b", helped)
    assert not re.search(rf"(^|[\s,]){re.escape(alias)}\b", helped), helped


def test_old_spellings_write_the_same_files(tmp_path):
    args = ["balance", "tiles", "--agents", "random", "--games", "2", "--jobs", "1"]
    assert run(*args, "--output", tmp_path / "new.pdf").exit_code == 0
    assert run(*args, "--report", tmp_path / "old.pdf").exit_code == 0
    assert (tmp_path / "new.pdf").read_bytes() == (tmp_path / "old.pdf").read_bytes()
    assert run("apply", "tiles", "0,0 ll", "--output", tmp_path / "new.json").exit_code == 0
    assert run("apply", "tiles", "0,0 ll", "-o", tmp_path / "old.json").exit_code == 0
    assert (tmp_path / "new.json").read_text() == (tmp_path / "old.json").read_text()
    for spelling, folder in (("--sheet-per-color", "new"), ("--sheet-per-colour", "old")):
        assert run("build", "lam", "--format", "svg", spelling, "--colours", "2", "-q",
                   "--out", tmp_path / folder).exit_code == 0
    new, old = (sorted((tmp_path / f / "lam").glob("*.svg")) for f in ("new", "old"))
    assert new and [p.read_bytes() for p in new] == [p.read_bytes() for p in old]


def test_out_names_a_folder_and_output_a_file_in_every_command():
    for command in main.commands.values():
        for param in command.params:
            if {"-o", "--out"} & set(param.opts) and "--output" not in param.opts:
                assert param.type.file_okay is False  # a folder
            if "--output" in param.opts:
                assert param.type.dir_okay is False and param.metavar == "FILE"


# --- --json, errors included ---------------------------------------------------------------------

@pytest.mark.parametrize("args", [["list"], ["build", "tiles", "--format", "svg", "--out", "{tmp}"],
                                  ["moves", "phoenix", "--players", "2"], ["apply", "tiles", "0,0 ll"],
                                  ["validate", "tiles", "--games", "2"], ["simulate", "tiles", "--games", "2"],
                                  ["balance", "tiles", "--agents", "random", "--games", "2", "--jobs", "1"]])
def test_every_command_that_reports_has_json(args, tmp_path):
    result = run(*[str(tmp_path) if a == "{tmp}" else a for a in args], "--json")
    assert result.exit_code == 0, result.output
    assert isinstance(json.loads(result.stdout), dict)


def test_the_json_of_list_build_and_moves():
    listed = json.loads(run("list", "--json").stdout)["games"]
    assert [g["id"] for g in listed] == specs.bundled_games()
    phoenix = next(g for g in listed if g["id"] == "phoenix")
    assert Path(phoenix["spec"]).resolve() == (SPECS_DIR / "phoenix.yaml").resolve()
    assert phoenix["variants"] == ["standard", "team", "give-away", "casino"]
    assert phoenix["players"] == {"min": 2, "max": 4}
    moves = json.loads(run("moves", "mckinney", "--players", "2", "--json").stdout)
    assert [m["move"] for m in moves["moves"]] == run("moves", "mckinney", "--players", "2").stdout.split()
    assert moves["to_move"] == "Vermilion (seat 0)" and not moves["over"] and not moves["chance"]
    roll = json.loads(run("moves", "phoenix", "--players", "2", "--json").stdout)
    assert roll["chance"] and abs(sum(m["probability"] for m in roll["moves"]) - 1) < 1e-9


def test_build_json_names_every_file_it_wrote(tmp_path):
    report = json.loads(run("build", "tiles", "--format", "svg", "--out", tmp_path, "--json").stdout)
    (only,) = report["kits"]
    written = sorted(p.name for p in (tmp_path / "tiles").iterdir() if not p.name.startswith("."))
    assert sorted(Path(f).name for f in only["files"]) == written and only["sheets"] == 4


@pytest.mark.parametrize("command", ["build", "validate", "simulate", "balance", "moves", "apply"])
def test_an_error_with_json_is_one_json_object_on_standard_output(command):
    result = run(command, "mckiney", "--json")
    assert result.exit_code == 2 and result.stderr == ""
    report = json.loads(result.stdout)
    if command == "validate":  # its report, the error among its findings
        assert report["verdict"] == "unsound"
    else:
        assert report["error"].startswith("unknown game 'mckiney': did you mean 'mckinney'?")
    (finding,) = report["findings"]
    assert set(finding) == {"file", "line", "column", "severity", "message"} and finding["severity"] == "error"


def test_json_errors_carry_their_file_line_and_column(tmp_path):
    bad = tmp_path / "bad.yaml"
    bad.write_text("game: tiles\ntitle: [unclosed\n", encoding="utf-8")
    spec_error = json.loads(run("simulate", bad, "--json").stdout)
    (finding,) = spec_error["findings"]
    assert (Path(finding["file"]).name, finding["line"]) == ("bad.yaml", 3) and finding["column"] >= 1
    position = tmp_path / "pos.json"
    position.write_text('{"tiles":\n  "\xe9"\n', encoding="utf-8")
    refused = run("moves", "tiles", "--position", position, "--json")
    assert refused.exit_code == 2
    (finding,) = json.loads(refused.stdout)["findings"]
    assert Path(finding["file"]).name == "pos.json" and finding["line"] >= 1 and finding["column"] >= 1
    assert "malformed position JSON" in finding["message"]
    usage = run("simulate", "tiles", "--games", "lots", "--json")
    assert usage.exit_code == 2
    assert "--games" in json.loads(usage.stdout)["findings"][0]["message"]


def test_json_errors_from_the_command_as_the_shell_runs_it():
    done = subprocess.run([sys.executable, "-m", "printkit", "apply", "tiles", "nonsense", "--json"],
                          capture_output=True, text=True)
    assert done.returncode == 2 and done.stderr == ""
    assert json.loads(done.stdout)["error"].startswith("move 1 'nonsense':")


# --- an option that does nothing for the game ---------------------------------------------------

NOTHING = {"duplex": {"duplex": True}, "sheet_per_colour": {"sheet_per_colour": True}}


@pytest.mark.parametrize("game", ["lam", "mckinney", "phoenix", "playground", "tiles"])
@pytest.mark.parametrize("option", sorted(NOTHING))
def test_an_option_is_refused_exactly_when_it_changes_nothing(layout_of, game, option, tmp_path):
    """Accepted, it changes the kit's sheets; refused, the parts would be the same."""
    spec = specs.load(game)
    try:
        given = kit.prepare(spec, BuildOptions(formats=("svg",), **NOTHING[option]), tmp_path)
    except NotForThisGame as refusal:
        assert refusal.option == option
        module = games.stage(spec.game, "parts")
        options = resolve_options(spec, BuildOptions(formats=("svg",)))
        same = module.parts(spec, replace(options, **NOTHING[option]))
        assert [(p.group, bool(p.back)) for p in same] == [(p.group, bool(p.back)) for p in
                                                            module.parts(spec, options)]
        return
    assert [s.title for s in given.sheets] != [s.title for s in layout_of(game)[1]]  # the kit without it


@pytest.mark.parametrize("args, words", [
    (["mckinney", "--duplex"], "--duplex: Paper, Rock, Scissors: The Strategy Game has no two-sided parts"),
    (["tiles", "--duplex", "--back-offset", "1,0"], "--duplex: Rock Paper Scissors Tiles has no two-sided parts"),
    (["phoenix", "--sheet-per-color"], "--sheet-per-color: RPS Phoenix has no pieces that differ by colour"),
    (["phoenix", "--format", "png"], "--format png: RPS Phoenix has no cards or tiles"),
    (["tiles", "--back-offset", "1,0"], "--back-offset 1,0: moves the backs of a two-sided kit; add --duplex"),
    (["tiles", "--ink-saver", "--bleed", "2"], "--bleed 2: an --ink-saver kit prints no colour past its cut lines"),
])
def test_an_option_that_does_nothing_is_refused_the_one_way(tmp_path, args, words):
    result = run("build", *args, "--out", tmp_path / "out")
    assert result.exit_code == 2 and result.output.startswith("printkit: ")
    assert words in result.output and len(result.output.splitlines()) == 1
    assert not (tmp_path / "out").exists()


def test_build_all_leaves_off_what_does_nothing_and_says_so(tmp_path):
    result = run("build", "--all", "--duplex", "--sheet-per-color", "--format", "svg", "--out", tmp_path / "all")
    assert result.exit_code == 0, result.output
    assert "tiles: built without --duplex (it has no two-sided parts); built without --sheet-per-color " \
           "(its pieces do not differ by colour)" in result.stderr
    assert "playground: built without" not in result.stderr
    assert run("build", "tiles", "--format", "svg", "-q", "--out", tmp_path / "one").exit_code == 0
    alone, among = (sorted((tmp_path / f / "tiles").glob("*.svg")) for f in ("one", "all"))
    assert [p.read_bytes() for p in alone] == [p.read_bytes() for p in among]


def test_iterations_without_mcts_is_refused():
    result = run("balance", "tiles", "--agents", "random,greedy", "--iterations", "8", "--games", "1")
    assert result.exit_code == 2
    assert "--iterations 8: sets the mcts agent's search" in result.output and "add mcts" in result.output


# --- did you mean --------------------------------------------------------------------------------

@pytest.mark.parametrize("command", ["build", "validate", "simulate", "balance", "moves", "apply"])
def test_a_mistyped_game_id_gets_a_did_you_mean(command):
    result = run(command, "mckiney")
    assert result.exit_code == 2
    assert "unknown game 'mckiney': did you mean 'mckinney'?" in result.output


def test_did_you_mean_for_a_variant_and_a_player_but_not_for_nonsense():
    assert "did you mean 'team'?" in run("moves", "phoenix", "--variant", "tema").output
    assert "did you mean 'Blue'?" in run("moves", "mckinney", "--as", "Bleu").output
    far = run("simulate", "chess")
    assert far.exit_code == 2 and "did you mean" not in far.output


# --- sizes that fit the paper -------------------------------------------------------------------

def test_a_part_too_large_names_the_largest_size_that_fits_each_paper(tmp_path):
    text = (SPECS_DIR / "mckinney.yaml").read_text(encoding="utf-8").replace("  square_mm: 22", "  square_mm: 24")
    path = tmp_path / "big.yaml"
    path.write_text(text, encoding="utf-8")
    result = run("build", path, "--out", tmp_path / "out")
    assert result.exit_code == 2
    assert "make them smaller: board/square_mm 23 fits Letter, 22 fits A4" in result.output
    # Measured: each named size fits its paper and the next size up does not.
    spec = specs.load(str(path))
    for paper, size in (("letter", 23), ("a4", 22)):
        options = resolve_options(spec, BuildOptions(paper=paper))
        fits = [not fit.misfits(fit._with_value(spec, ("board", "square_mm"), s), options) for s in (size, size + 1)]
        assert fits == [True, False], paper


# --- paths, python -m printkit -----------------------------------------------------------------

def test_findings_in_a_bundled_spec_name_a_file_an_editor_opens(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    result = run("validate", "mckinney", "--games", "0")
    places = {line.split(":")[0] for line in result.output.splitlines() if re.match(r".+?:\d+:\d+: ", line)}
    assert places and "bundled specs/" not in result.output
    assert all(Path(place).resolve() == (SPECS_DIR / "mckinney.yaml").resolve() for place in places)


def test_python_m_printkit_beside_a_folder_named_printkit(tmp_path):
    """The folder holding a clone named printkit: that folder is no package."""
    (tmp_path / "printkit").mkdir()
    done = subprocess.run([sys.executable, "-m", "printkit", "list"], cwd=tmp_path, capture_output=True,
                          text=True, env={k: v for k, v in os.environ.items() if k != "PYTHONPATH"})
    assert done.returncode == 0, done.stderr
    assert done.stdout.split()[0] == "lam" and done.stderr == ""


# --- balance's tables ------------------------------------------------------------------------------

def _tables(text: str) -> list[list[str]]:
    """Each table of balance's text: its heading row and the rows under it,
    up to a blank line or a line in parentheses."""
    tables, current = [], None
    for line in text.splitlines():
        if re.match(r"\s*(self-play|seat|step)\s{2,}", line):
            current = [line]
            tables.append(current)
        elif current is not None and line.strip() and not line.startswith("("):
            current.append(line)
        else:
            current = None
    return tables


def test_balance_tables_have_aligned_columns_and_say_one_game():
    text = run("balance", "mckinney", "--players", "4", "--agents", "random,greedy", "--games", "1",
               "--jobs", "1").stdout
    assert "1 game per agent and per ladder step, 3 in all" in text and "1 games" not in text
    tables = _tables(text)
    assert len(tables) == 4  # self-play, a seat table per agent, the ladder
    for table in tables:
        heading = table[0]
        # Every column but the first ends where its heading ends (numbers to the right).
        ends = [m.end() for m in re.finditer(r"\S+(?: \S+)*", heading)][1:]
        for row in table[1:]:
            for end in ends[:-1] if heading.strip().endswith("verdict") else ends:
                assert row[end - 1] != " " and (end == len(row) or row[end] == " "), (heading, row)
    assert "1 game," in run("simulate", "tiles", "--games", "1").stdout


# --- the options table ------------------------------------------------------------------------------

def test_the_options_page_is_current():
    page = ROOT / "docs" / "options.md"
    assert page.read_text(encoding="utf-8") == optionsdoc.page(), "run python scripts/options_reference.py"


def test_the_options_table_lists_every_option_of_every_command():
    table = optionsdoc.reference()
    for name in COMMANDS:
        for param in main.commands[name].params:
            if isinstance(param, click.Option) and "--help" not in param.opts:
                shown = [o for o in param.opts if o not in getattr(param, "aliases", ())]
                assert any(f"| `printkit {name}` | " in line and f"`{shown[-1]}`" in line
                           for line in table.splitlines()), (name, shown)
    assert "| `printkit balance` | `--output` | `FILE` |  | `--report` |" in table
    assert "| `printkit build` | `-o`, `--out` | `DIRECTORY` | `output` |  |" in table
