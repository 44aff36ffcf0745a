"""printkit validate, simulate, moves and apply on McKinney specs."""

from __future__ import annotations

import json
from pathlib import Path

from click.testing import CliRunner

from printkit import simulate, validate
from printkit.cli import main
from printkit.playout import play_many, summarise, wilson

ROOT = Path(__file__).resolve().parent.parent
EXAMPLES = ROOT / "specs" / "examples"


def run(*args):
    return CliRunner().invoke(main, [str(a) for a in args])


def collect(fn, *args, **kw):
    lines = []
    code = fn(*args, echo=lines.append, **kw)
    return code, lines


def test_validate_bundled_spec_is_sound():
    code, lines = collect(validate.run, "mckinney", playouts=4, seed=1, jobs=1)
    assert code == 0
    assert lines[-1] == "sound: 0 errors, 0 warnings"
    assert sum(line.startswith("  players ") for line in lines) == 3  # 2, 3 and 4 players
    # The analysis' notes (each seat's distances, the symmetry) say they are notes.
    notes = [line for line in lines if ": note: " in line]
    assert len(notes) == 5 and "mckinney.yaml:30:7: note: seat 0 (top-left" in notes[0]


def test_validate_broken_example_exits_2_with_every_problem():
    result = run("validate", EXAMPLES / "mckinney-broken.yaml")
    assert result.exit_code == 2
    assert "unsound: 13 errors in the spec" in result.output
    assert result.output.count("mckinney-broken.yaml:") == 13


def test_validate_lopsided_warns_and_strict_exits_1():
    path = str(EXAMPLES / "mckinney-lopsided.yaml")
    code, lines = collect(validate.run, path, playouts=0, jobs=1)
    assert code == 0 and any("warning: asymmetric layout" in line for line in lines)
    code, _ = collect(validate.run, path, playouts=0, strict=True, jobs=1)
    assert code == 1


def test_validate_reports_playouts_that_never_end(monkeypatch):
    # An engine that never ends a game breaks the contract: validate calls the spec unsound.
    from printkit import playout
    from printkit.games.mckinney import rules as mckinney

    original = mckinney.Game.__init__

    def short(self, *a, **kw):
        original(self, *a, **kw)
        self.max_game_length = 3
    monkeypatch.setattr(mckinney.Game, "__init__", short)
    playout._GAMES.clear()
    code, lines = collect(validate.run, "mckinney", playouts=2, players=2, jobs=1)
    playout._GAMES.clear()
    assert code == 2
    assert any("no end after 3 decisions" in line for line in lines)


def test_simulate_is_the_same_whatever_the_number_of_jobs():
    one = simulate.run("mckinney", games=12, seed=7, jobs=1, players=2, echo=lambda s: None)
    two = simulate.run("mckinney", games=12, seed=7, jobs=2, players=2, echo=lambda s: None)
    assert one == two
    assert one["finished"] + one["unfinished"] == 12
    assert sum(p["wins"] for p in one["players"]) + one["draws"] == one["finished"]


def test_simulate_json_output_is_clean():
    result = CliRunner().invoke(main, ["simulate", "mckinney", "--games", "6", "--seed", "2",
                                       "--jobs", "1", "--json", "--players", "3"])
    assert result.exit_code == 0
    data = json.loads(result.stdout)
    assert data["games"] == 6 and data["num_players"] == 3 and len(data["players"]) == 3
    assert data["length_actions"]["min"] <= data["length_actions"]["median"] <= data["length_actions"]["max"]


def test_simulate_text_summary():
    result = run("simulate", "mckinney", "--games", "5", "--jobs", "1", "--players", "2")
    assert result.exit_code == 0
    assert "wins by seat" in result.output and "Vermilion (seat 0)" in result.output
    assert "game length (turns)" in result.output


def test_playouts_are_seeded_by_game_index():
    first = play_many("mckinney", {"players": 2}, 3, 6, jobs=1)
    again = play_many("mckinney", {"players": 2}, 3, 4, jobs=1)
    assert first[:4] == again
    assert summarise(first, ["a", "b"])["games"] == 6


def test_wilson_interval():
    low, high = wilson(50, 100)
    assert round(low, 3) == 0.404 and round(high, 3) == 0.596
    assert wilson(0, 0) == (0.0, 1.0)


def test_moves_and_apply(tmp_path):
    result = run("moves", "mckinney", "--players", "2")
    assert result.exit_code == 0 and result.output.split()[:3] == ["pass", "Bg9", "Bh8"]
    result = run("apply", "mckinney", "--players", "2", "P@f8", "done")
    assert result.exit_code == 0
    position = json.loads(result.output)
    assert position["pieces"]["f8"] == "0P" and position["to_move"] == 1
    saved = tmp_path / "pos.json"
    saved.write_text(result.output)
    result = run("moves", "mckinney", "--players", "2", "--position", saved)
    assert result.exit_code == 0 and "pass" in result.output


def test_illegal_move_and_bad_positions_exit_2(tmp_path):
    result = run("apply", "mckinney", "--players", "2", "f8-f9")
    assert result.exit_code == 2 and "move 1 'f8-f9'" in result.output and "not a legal move" in result.output
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps({"game": "mckinney"}))
    result = run("moves", "mckinney", "--position", bad)
    assert result.exit_code == 2 and "missing turn" in result.output
    four = tmp_path / "four.json"
    four.write_text(run("apply", "mckinney", "pass").output)
    result = run("moves", "mckinney", "--players", "2", "--position", four)
    assert result.exit_code == 2 and "the position is for 4 players, not --players 2" in result.output
    # Without --players, the position says how many play.
    three = tmp_path / "three.json"
    three.write_text(run("apply", "mckinney", "--players", "3", "pass").output)
    found = run("moves", "mckinney", "--position", three)
    assert found.exit_code == 0
    assert found.output == run("moves", "mckinney", "--players", "3", "--position", three).output


def test_moves_as_a_player_takes_the_colour_name_alone_in_any_case():
    """McKinney names its players "Vermilion (seat 0)"; --as takes "Vermilion" too."""
    everything = run("moves", "mckinney")
    assert everything.exit_code == 0
    for viewer in ("Vermilion", "vermilion", "Vermilion (seat 0)", "0"):
        mine = run("moves", "mckinney", "--as", viewer)
        assert mine.exit_code == 0 and mine.output == everything.output, (viewer, mine.output)
    assert "not Blue's turn" in run("moves", "mckinney", "--as", "Blue").output
    bad = run("moves", "mckinney", "--as", "Purple")
    assert bad.exit_code == 2 and "no such player" in bad.output


def test_moves_as_a_seat_number_is_the_seat_each_name_shows():
    """Two players sit at seats 0 and 2 ("Yellow (seat 2)"): --as 2 is Yellow, --as 1 nobody."""
    yellow = run("moves", "mckinney", "--players", "2", "--as", "2")
    assert yellow.exit_code == 0 and "not Yellow's turn" in yellow.output
    assert run("moves", "mckinney", "--players", "2", "--as", "0").output == run("moves", "mckinney",
                                                                                 "--players", "2").output
    nobody = run("moves", "mckinney", "--players", "2", "--as", "1")
    assert nobody.exit_code == 2 and "no such player" in nobody.output and "Yellow (seat 2)" in nobody.output
