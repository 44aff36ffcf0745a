"""printkit balance: agents, metrics, reproducibility, the report.

Numbers are measured on small seeded runs; each assertion is a property
that a broken agent, metric or scheduler would fail."""

from __future__ import annotations

import dataclasses
import errno
import json
import random
import re
import subprocess
from pathlib import Path
import sys

import pytest
from pypdf import PdfReader

from printkit import games, rules
from printkit.errors import PrintkitError
from printkit.balance import plan, run
from printkit.balance.agents import GreedyAgent, Judge, MCTSAgent, RandomAgent
from printkit.balance.match import Record, Task, play, play_all
from printkit.balance.metrics import ladder_step, metrics, seat_excludes_fair


def record(seats, winners, unfinished=False, turns=10, index=0):
    return Record(tuple(seats), index, 4 * turns, 2 * turns, turns, (0.0,) * len(seats), unfinished, tuple(winners))


def test_metrics_of_a_hand_made_set_are_exact():
    # 10 games, 2 seats: seat 0 wins 5, seat 1 wins 2, 1 draw, 2 capped.
    games_ = ([record("aa", [0], turns=10)] * 5 + [record("aa", [1], turns=20)] * 2
              + [record("aa", [], turns=30)] + [record("aa", [], unfinished=True, turns=40)] * 2)
    m = metrics(games_, ["Black", "White"])
    assert m["games"] == 10
    assert m["Completion"] == 0.7
    assert m["Timeouts"] == 0.2
    assert m["Drawishness"] == 0.1
    assert m["DurationTurns"] == (5 * 10 + 2 * 20 + 30 + 2 * 40) / 10
    assert m["DurationActions"] == 4 * m["DurationTurns"]
    assert m["AdvantageP1"] == round(5 / 7, 4)
    assert m["Balance"] == round(1 - (5 / 7 - 2 / 7), 4)
    assert [s["count"] for s in m["seats"]] == [5, 2]
    assert [s["rate"] for s in m["seats"]] == [0.5, 0.2]
    assert m["endings"] == {"win": 7, "draw": 1, "turn cap": 2}
    assert m["decided"] == 7
    assert sum(count for _, _, count in m["histogram"]) == 10


def test_ladder_counts_the_stronger_agents_wins_over_decided_games():
    games_ = [record(("mcts", "greedy"), [0]), record(("greedy", "mcts"), [1]), record(("greedy", "mcts"), [0]),
              record(("mcts", "greedy"), []), record(("greedy", "mcts"), [1])]
    step = ladder_step(games_, "greedy", "mcts", 2)
    assert (step["count"], step["decided"], step["games"]) == (3, 4, 5)
    assert step["rate"] == 0.75 and step["fair_share"] == 0.5
    assert not step["clear"]  # 3 of 4 cannot exclude a fair coin
    many = [record(("mcts", "greedy"), [0])] * 30
    assert ladder_step(many, "greedy", "mcts", 2)["clear"]


def test_the_ladder_seats_the_stronger_agent_in_every_seat_in_turn():
    groups = plan("phoenix", {"players": 3}, ("random", "greedy"), 6, 0, None, 3)
    lineups = [task.seats for task in groups[("ladder", "random", "greedy")]]
    assert [seats.index("greedy") for seats in lineups] == [0, 1, 2, 0, 1, 2]
    assert all(seats.count("random") == 2 for seats in lineups)
    assert {task.seats for task in groups[("self", "greedy")]} == {("greedy",) * 3}


def test_a_game_is_the_same_whatever_the_workers():
    tasks = [Task("tiles", (), ("greedy", "random"), 7, i) for i in range(8)]
    alone = play_all(tasks, jobs=1)
    spread = play_all(tasks, jobs=2)
    assert alone == spread
    assert [r.index for r in alone] == list(range(8))
    assert play(tasks[3]) == alone[3]


def test_a_dask_cluster_gives_the_local_numbers():
    distributed = pytest.importorskip("dask.distributed")
    tasks = [Task("phoenix", (), ("random", "greedy"), 3, i) for i in range(6)]
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=False,
                                  dashboard_address=None) as cluster:
        on_cluster = play_all(tasks, scheduler=cluster.scheduler_address)
    assert on_cluster == play_all(tasks, jobs=1)


def _hidden_pair():
    """Two Tiles positions that differ only in White's face-hidden first tile."""
    game = rules.load("tiles")
    state = game.initial_state()
    state.apply(state.legal_actions()[0])  # Black lays the first tile face-hidden
    viewer = state.current_player
    other = state.hidden_variant(viewer, random.Random(1))
    assert other is not None and other.to_json() != state.to_json()
    assert other.observation(viewer) == state.observation(viewer)
    return game, state, other, viewer


@pytest.mark.parametrize("make", [RandomAgent, GreedyAgent, MCTSAgent])
def test_agents_never_peek_at_what_they_cannot_see(make):
    game, state, other, viewer = _hidden_pair()
    agent = make(Judge(game))
    for seed in range(5):
        assert agent.choose(state, random.Random(seed)) == agent.choose(other, random.Random(seed))


def test_resample_keeps_what_the_player_sees_and_draws_the_rest():
    game, state, other, viewer = _hidden_pair()
    draws = {json.dumps(state.resample(viewer, random.Random(s)).to_json(), sort_keys=True) for s in range(40)}
    assert len(draws) == 4  # the hidden tile, each of its four turns
    for text in draws:
        assert game.state_from_json(json.loads(text)).observation(viewer) == state.observation(viewer)
    # The one who laid it sees it: nothing to draw.
    owner = 1 - viewer
    assert state.resample(owner, random.Random(0)).to_json() == state.to_json()


def test_a_first_seat_advantage_is_found_under_greedy_play():
    # Two McKinney Builders start on neighbouring centre squares: under
    # greedy play the first to build reaches the other's Shields first.
    summary = run("mckinney", agents=("greedy",), games=30, seed=0, jobs=1, players=2, echo=lambda *_: None)
    greedy = summary["agents"]["greedy"]
    assert seat_excludes_fair(greedy) == [0, 1]
    assert greedy["AdvantageP1"] > 0.8


def test_a_layout_lopsided_on_purpose_favours_its_lucky_seat_under_greedy_play():
    # "The Sliders are moved when a Builder moves onto a +/- Space, wherein
    # the appropriate Slider will be moved the number of dots on the Space
    # in whichever direction the Player chooses." The example gives seat 2
    # B spaces right beside its start: its Builder raises Slider B at once
    # and more of its Units march each turn.
    lopsided = str(Path(__file__).parent.parent / "specs" / "examples" / "mckinney-lopsided.yaml")
    rates = {}
    for layout in ("mckinney", lopsided):
        summary = run(layout, agents=("greedy",), games=60, seed=0, jobs=1, players=2, echo=lambda *_: None)
        lucky = summary["agents"]["greedy"]["seats"][1]
        assert lucky["name"] == "Yellow (seat 2)"
        rates[layout] = lucky
    fair, lucky = rates["mckinney"], rates[lopsided]
    assert lucky["low"] > fair["high"], (fair, lucky)  # the intervals do not even touch
    assert lucky["rate"] > 0.5 > fair["rate"]


def test_greedy_raises_slider_b_from_a_space_beside_its_start():
    lopsided = str(Path(__file__).parent.parent / "specs" / "examples" / "mckinney-lopsided.yaml")
    game = rules.load(lopsided, players=2)
    state = game.initial_state()
    state.apply(state.string_to_action("pass"))  # seat 0 passes; seat 2 (bottom-right, start h7) moves
    agent = GreedyAgent(Judge(game))
    step = agent.choose(state, random.Random(0))
    state.apply(step)
    assert state.to_json()["phase"] == "slider", state.action_to_string(step)
    state.apply(agent.choose(state, random.Random(0)))
    assert state.to_json()["players"][1]["sliders"]["B"] > 0


def test_every_game_has_an_evaluation_in_range():
    for name in games.known():
        module = games.optional_stage(name, "evaluation")
        if module is None:
            continue
        game = rules.load(name)
        state, rng = game.initial_state(), random.Random(0)
        for _ in range(60):
            if state.is_terminal():
                break
            for player in range(game.num_players):
                assert -1.0 <= module.evaluate(game, state.observation(player), player) <= 1.0
            state.apply(rng.choice(state.next_actions()))


def _cli(*args, cwd=None):
    return subprocess.run([sys.executable, "-m", "printkit", "balance", *args], capture_output=True, text=True,
                          cwd=cwd)


def _in_process(*args):
    """``printkit balance`` in this process, for checks of what it reports and
    writes rather than of how the process starts or ends."""
    from click.testing import CliRunner

    from printkit.cli import main
    result = CliRunner().invoke(main, ["balance", *args])
    assert result.exception is None or isinstance(result.exception, SystemExit), repr(result.exception)
    return result


def test_cli_json_report_and_bad_agents(tmp_path):
    out = _in_process("tiles", "--agents", "random,greedy", "--games", "6", "--jobs", "1", "--json",
                      "--report", str(tmp_path / "r" / "tiles.pdf"))
    assert out.exit_code == 0, out.output
    summary = json.loads(out.stdout)
    assert set(summary["agents"]) == {"random", "greedy"} and len(summary["ladder"]) == 1
    assert summary["agents"]["greedy"]["games"] == 6
    pdf = PdfReader(tmp_path / "r" / "tiles.pdf")
    text = "".join(page.extract_text() for page in pdf.pages)
    assert "Skill ladder" in text and "greedy in every seat" in text
    assert list(tmp_path.joinpath("r").iterdir()) == [tmp_path / "r" / "tiles.pdf"]  # no temporary left
    bad = _cli("tiles", "--agents", "random,alphazero")
    assert bad.returncode == 2 and "Traceback" not in bad.stderr
    assert "alphazero" in bad.stderr and "random, greedy, mcts" in bad.stderr


def test_validate_balance_warns_of_a_seat_outside_its_fair_share():
    from click.testing import CliRunner

    from printkit.cli import main
    command = ["validate", "mckinney", "--players", "2", "--playouts", "0", "--balance", "20"]
    out = CliRunner().invoke(main, command)
    assert out.exit_code == 0, out.output
    warnings = [line for line in out.stdout.splitlines() if "warning: under greedy play" in line]
    assert len(warnings) == 2
    assert "Vermilion (seat 0) won" in warnings[0] and "Yellow (seat 2) won" in warnings[1]
    # --strict makes the warnings fail the run (in this process: the exit code is
    # click's). On one process: the very same warnings as on the workers above.
    strict = CliRunner().invoke(main, [*command, "--strict", "--jobs", "1"])
    assert strict.exit_code == 1, strict.output
    assert [line for line in strict.stdout.splitlines() if "warning: under greedy play" in line] == warnings


def test_heat_counts_every_piece_of_every_position():
    from printkit.games.mckinney import evaluation

    task = Task("mckinney", (("players", 2),), ("random", "random"), 5, 0, trace=True)
    traced = play(task)
    untraced = play(Task("mckinney", (("players", 2),), ("random", "random"), 5, 0))
    assert untraced == dataclasses.replace(traced, heat=())
    # Replay the same game and count the pieces of every position by hand.
    game = rules.load("mckinney", players=2)
    judge = Judge(game)
    agents = [RandomAgent(judge), RandomAgent(judge)]
    from printkit.balance.match import task_rng
    rng, state = task_rng(task), game.initial_state()
    stand = builders = positions = 0
    while True:
        seen = evaluation.pieces(game, state.to_json())
        positions += 1
        stand += len(seen)
        builders += sum(1 for _, kind in seen.values() if kind == "builder")
        if state.is_terminal():
            break
        state.apply(agents[state.current_player].choose(state, rng))
    maps = {}
    for name, _, count in traced.heat:
        maps[name] = maps.get(name, 0) + count
    assert positions == traced.actions + 1
    assert maps["stand"] == stand and maps["builder"] == builders
    assert maps["stand"] == maps["builder"] + maps["unit"]
    assert maps["fall"] > 0  # random McKinney games capture Units


def test_the_report_draws_the_board_heatmaps(tmp_path):
    out = _in_process("mckinney", "--players", "2", "--agents", "random", "--games", "3", "--jobs", "1",
                      "--report", str(tmp_path / "m.pdf"))
    assert out.exit_code == 0, out.output
    pages = [page.extract_text() for page in PdfReader(tmp_path / "m.pdf").pages]
    board = [text for text in pages if "where pieces stand" in text]
    assert len(board) == 1
    assert all(words in board[0] for words in ("where Builders stand", "where Units stand", "where pieces fall"))


def test_the_fair_share_counts_teams():
    # Four seats in two teams: every decided game has two winners.
    teams = [record(("mcts", "greedy", "greedy", "greedy"), [0, 2]), record(("greedy", "mcts", "greedy", "greedy"),
                                                                           [0, 2])]
    step = ladder_step(teams, "greedy", "mcts", 4)
    assert step["fair_share"] == 0.5 and step["count"] == 1
    free_for_all = [record("gggg", [i % 4]) for i in range(8)]
    assert metrics(free_for_all, list("abcd"))["fair_share"] == 0.25


def test_an_unwritable_report_fails_before_any_game(tmp_path):
    (tmp_path / "taken").write_text("a user's file")
    for target in (tmp_path / "taken" / "r.pdf", tmp_path):
        out = _cli("tiles", "--agents", "random", "--games", "2", "--report", str(target))
        assert out.returncode == 2 and "Traceback" not in out.stderr, out.stderr
        assert str(target) in out.stderr and out.stdout == ""
    assert (tmp_path / "taken").read_text() == "a user's file"


def test_a_report_that_cannot_be_written_leaves_no_new_folder(tmp_path, monkeypatch):
    from printkit.balance import report

    summary = run("tiles", agents=("random",), games=2, seed=0, jobs=1, echo=lambda *_: None)
    game = rules.load("tiles")

    def full_disk(path, *_):
        Path(path).write_bytes(b"%PDF-1.4 half")
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(report, "_draw", full_disk)
    (tmp_path / "kept").mkdir()
    (tmp_path / "kept" / "notes.txt").write_text("a user's notes")
    for target in (tmp_path / "new" / "deeper" / "r.pdf", tmp_path / "kept" / "new" / "r.pdf"):
        with pytest.raises(PrintkitError, match="cannot write the report"):
            report.write_report(str(target), summary, game)
    assert sorted(p.relative_to(tmp_path).as_posix() for p in tmp_path.rglob("*")) == ["kept", "kept/notes.txt"]
    assert (tmp_path / "kept" / "notes.txt").read_text() == "a user's notes"
    # Checked before the games, the path makes no folder yet: a run stopped
    # while it plays leaves none behind.
    assert report.prepare(str(tmp_path / "later" / "r.pdf")) == tmp_path / "later" / "r.pdf"
    assert not (tmp_path / "later").exists()


def test_tiles_names_the_way_each_game_ended():
    summary = run("tiles", agents=("random", "greedy"), games=20, seed=0, jobs=1, echo=lambda *_: None)
    for m in summary["agents"].values():
        assert sum(m["endings"].values()) == 20
        assert set(m["endings"]) <= {"shape pair with tiles left", "more pairs after the last tile",
                                     "draw after the last tile", "turn cap"}
        assert m["endings"].get("draw after the last tile", 0) == round(m["Drawishness"] * 20)
    assert summary["agents"]["greedy"]["endings"]["shape pair with tiles left"] > 0


# Layouts of the bundled games: a game of one's own (game: custom) has no rules engine to balance.
EXAMPLE_LAYOUTS = sorted(p.name for p in (Path(__file__).resolve().parents[1] / "specs" / "examples").glob("*.yaml")
                         if "broken" not in p.name and "\ngame: custom" not in p.read_text())


@pytest.mark.parametrize("layout", ["lam", "phoenix", "playground", "tiles", "mckinney"] + EXAMPLE_LAYOUTS)
def test_the_report_renders_for_every_game_and_example_layout(layout, tmp_path):
    """Every bundled game and every example layout (the broken one aside) gets
    a report whose pages all render, with the same numbers twice from one seed."""
    import pypdfium2 as pdfium
    where = layout if not layout.endswith(".yaml") else str(Path(__file__).resolve().parents[1] / "specs"
                                                             / "examples" / layout)
    report = tmp_path / "report.pdf"
    args = [where, "--agents", "random,greedy", "--games", "4", "--jobs", "1", "--seed", "3", "--json"]
    first = _cli(*args, "--report", str(report))
    assert first.returncode == 0, first.stderr
    # Again in this process: another interpreter, another hash seed, the same games.
    from click.testing import CliRunner

    from printkit.cli import main
    again = CliRunner().invoke(main, ["balance", *args])
    assert again.exit_code == 0, again.output
    numbers, repeated = json.loads(first.stdout), json.loads(again.stdout)
    numbers.pop("heat"), repeated.pop("heat")  # gathered only for a report's heatmaps
    assert numbers == repeated
    document = pdfium.PdfDocument(str(report))
    rule_set = layout.split("-")[0].removesuffix(".yaml")
    has_board = hasattr(games.optional_stage(rule_set, "evaluation"), "board")
    assert has_board or rule_set == "tiles"  # tiles lie on a table, not a board
    assert len(document) == 1 + 2 * has_board  # the summary, then a board page per agent
    for index in range(len(document)):
        image = document[index].render(scale=40 / 72).to_numpy()
        assert image.min() < 128, f"page {index + 1} of the {layout} report is blank"
    document.close()


def test_the_report_charts_have_axes_legends_and_a_colour_scale_beside_each_heatmap(tmp_path):
    report = tmp_path / "m.pdf"
    out = _in_process("mckinney", "--players", "2", "--agents", "random,greedy", "--games", "3", "--jobs", "1",
                      "--output", str(report))
    assert out.exit_code == 0, out.output
    pages = [page.extract_text() for page in PdfReader(report).pages]
    summary = pages[0]
    for words in ("0%", "25%", "50%", "75%", "100%",  # the value axes' scale
                  "share of decided games", "wins, over all games", "game length (turns)", "games",  # axis titles
                  "95% interval (whisker)", "fair share"):  # legends
        assert words in summary, words
    maps = [text for text in pages if "where pieces stand" in text]
    assert len(maps) == 2  # a board page per agent
    for text in maps:
        # McKinney's four maps (pieces, Builders, Units, falls), each with its scale titled "times"
        assert len(re.findall(r"\btimes\b", text)) == 4, text


def test_a_report_colour_scale_runs_from_none_to_the_most_counted():
    from reportlab.graphics.shapes import Rect
    from reportlab.lib.colors import HexColor

    from printkit.balance.report import HEAT_HIGH, SCALE_STEPS, ColourScale, _heat_colour
    from printkit.writers.fonts import register_fonts

    scale = ColourScale(0, 0, 100, 57, register_fonts().regular)
    group = scale.provideNode()
    bands = [n for n in group.contents if isinstance(n, Rect) and n.fillColor is not None]
    assert len(bands) == SCALE_STEPS
    assert [b.y for b in bands] == sorted(b.y for b in bands) and bands[-1].y + bands[-1].height >= 100
    # Each band has the colour a cell counted at its height on the axis gets.
    axis = scale.axis
    assert (axis.valueMin, axis.valueMax) == (0, 57)
    assert axis._tickValues == [0, 10, 20, 30, 40, 50]
    for band in bands:
        middle = axis.valueMin + (band.y + band.height / 2 - 0.1) / 100 * 57
        assert abs(band.fillColor.red - _heat_colour(middle, 57).red) < 0.01
    # From white for none to the darkest red for the most.
    lightness = [b.fillColor.red + b.fillColor.green + b.fillColor.blue for b in bands]
    assert lightness == sorted(lightness, reverse=True) and lightness[0] > 2.8 > 1.5 > lightness[-1]
    assert _heat_colour(57, 57) == HexColor(HEAT_HIGH) and _heat_colour(0, 57) == HexColor("#FFFFFF")


def test_four_seats_labels_fit_under_their_bars():
    # Four McKinney seats side by side under a 70 mm chart: each label stays
    # within its bar's width (they ran into each other on one line at 7 pt).
    from reportlab.lib.units import mm
    from reportlab.pdfbase.pdfmetrics import stringWidth

    from printkit.balance.report import bar_labels
    from printkit.writers.fonts import register_fonts

    font = register_fonts().regular
    game = rules.load("mckinney", players=4)
    labels = game.player_names()
    room = 70 * mm / 4 * 0.95
    assert sum(stringWidth(label, font, 7) for label in labels) > 70 * mm  # one line each would collide
    lines, size = bar_labels(labels, room, font)
    assert size >= 6
    assert all(stringWidth(line, font, size) <= room for group in lines for line in group)
    assert [group[0] for group in lines] == ["Vermilion", "Blue", "Yellow", "Green"]


# --- The work a run is weighed by ----------------------------------------------------------------

def test_a_search_is_weighed_as_costlier_than_greedy_and_greedy_than_random():
    from printkit.balance.match import seconds_per_game

    seconds = seconds_per_game("playground", (), ("random", "greedy", "mcts"), None)
    assert 0 < seconds["random"] < seconds["greedy"] < seconds["mcts"]
    assert seconds["mcts"] > 20 * seconds["random"]


def test_the_progress_counts_each_batch_by_its_cost_and_the_costliest_start_first():
    """The bar once counted a random game like an MCTS game: 41% after the
    random games, then standing still for most of the run."""
    import printkit.balance.match as match

    tasks = [Task("tiles", (), (agent, agent), 0, i) for agent in ("random", "mcts") for i in range(12)]
    cost = {"random": 1.0, "mcts": 100.0}
    seen, started = [], []

    def runner(func, batches, jobs, progress=None, weight=len):
        for batch in batches:
            started.append(batch)
            progress(weight(batch))
        return [dataclasses.asdict(record(t.seats, [0], index=t.index)) for b in batches for t in b]

    original = match.run_batches
    match.run_batches = runner
    try:
        records = play_all(tasks, jobs=2, progress=seen.append, cost=lambda t: cost[t.seats[0]] * 2)
    finally:
        match.run_batches = original
    assert [(r.seats, r.index) for r in records] == [(t.seats, t.index) for t in tasks]
    assert sum(seen) == sum(cost[t.seats[0]] * 2 for t in tasks)
    # Every costly game in a batch of its own (more than a sixth of a worker's share), first.
    assert all(len(b) == 1 and b[0].seats[0] == "mcts" for b in started[:12])
    assert all(t.seats[0] == "random" for b in started[12:] for t in b)


def test_a_long_run_says_how_long_before_it_starts(monkeypatch, capsys):
    import printkit.balance as balance

    monkeypatch.setattr(balance, "LONG_RUN", 0.0)
    monkeypatch.setattr(sys.stderr, "isatty", lambda: True)  # a person waits at a terminal
    run("tiles", agents=("random",), games=2, seed=0, jobs=1)
    said = capsys.readouterr().err.splitlines()
    assert said and re.fullmatch(r"2 games, about \d+ seconds on 1 worker; Ctrl-C stops the run", said[0]), said
    run("tiles", agents=("random",), games=2, seed=0, jobs=1, quiet=True)
    assert capsys.readouterr().err == ""
    monkeypatch.setattr(balance, "LONG_RUN", 30.0)
    run("tiles", agents=("random",), games=2, seed=0, jobs=1)
    assert "about" not in capsys.readouterr().err
    monkeypatch.setattr(balance, "LONG_RUN", 0.0)
    monkeypatch.setattr(sys.stderr, "isatty", lambda: False)  # a script: only what it asked for
    run("tiles", agents=("random",), games=2, seed=0, jobs=1)
    assert capsys.readouterr().err == ""
