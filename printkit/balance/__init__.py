"""``printkit balance``: is a layout fair and decisive when the players try to win?

Three agents (``agents``: random, greedy, mcts) play seeded games through
the engine contract only (``match``); each agent plays against itself in
every seat (the seat metrics of ``metrics``), and each pair of agents in
the ladder plays the stronger in one seat against the weaker in the others
(does search really play better here, or does luck decide?). Games run on
local processes or a Dask cluster with identical results.
"""

from __future__ import annotations

import json
import os
import sys
from functools import partial

import click

from .. import rules
from .. import spec as specs
from ..errors import PrintkitError
from .agents import AGENTS
from .match import Task, play_all, seconds_per_game, task_cost
from .metrics import heat, ladder_step, metrics

DEFAULT_AGENTS = ("random", "greedy", "mcts")
LONG_RUN = 30  # seconds: a run expected to take longer says so before it starts


def _duration(seconds: float) -> str:
    """A forecast in words, as rough as it is: "40 seconds", "3 minutes", "1.5 hours"."""
    if seconds < 90:
        return f"{round(seconds, -1):.0f} seconds"
    if seconds < 90 * 60:
        return f"{round(seconds / 60):.0f} minutes"
    return f"{seconds / 3600:.1f} hours"


def parse_agents(text: str) -> tuple[str, ...]:
    """``random,greedy,mcts`` as a tuple of known agent names, in the order given."""
    names = tuple(n.strip().lower() for n in text.split(",") if n.strip())
    unknown = [n for n in names if n not in AGENTS]
    if unknown or not names:
        raise PrintkitError(f"no agent {', '.join(unknown) or '(none given)'}: agents are {', '.join(AGENTS)}")
    if len(set(names)) != len(names):
        raise PrintkitError(f"an agent is named twice in '{text}'")
    return names


def plan(name: str, options: dict, agents: tuple, games: int, seed: int, iterations: int | None,
         seats: int, trace: bool = False) -> dict:
    """Every game to play: self-play per agent (traced for heatmaps when
    ``trace``) and one ladder step per neighbouring pair."""
    key = tuple(sorted(options.items()))
    out = {}
    for agent in agents:
        out[("self", agent)] = [Task(name, key, (agent,) * seats, seed, i, iterations, trace)
                                for i in range(games)]
    for weaker, stronger in zip(agents, agents[1:]):
        tasks = []
        for i in range(games):
            lineup = [weaker] * seats
            lineup[i % seats] = stronger
            tasks.append(Task(name, key, tuple(lineup), seed, i, iterations))
        out[("ladder", weaker, stronger)] = tasks
    return out


def run(name: str, agents: tuple = DEFAULT_AGENTS, games: int = 40, seed: int = 0, jobs: int | None = None,
        players: int | None = None, variant: str | None = None, scheduler: str | None = None,
        iterations: int | None = None, report: str | None = None, as_json: bool = False,
        quiet: bool = False, echo=click.echo, **more_options) -> dict:
    """Play, measure and print; returns the summary (what ``--json`` prints)."""
    options = {**rules.game_options(players, variant), **more_options}
    game = rules.load(name, **options)  # a bad spec or option fails here, before any game
    if scheduler is not None:
        from .cluster import scheduler_address

        scheduler = scheduler_address(scheduler)[0]  # so does a malformed address
    seats = game.num_players
    if report:
        from .report import prepare

        prepare(report)  # an unwritable report path fails now, not after the games
    groups = plan(name, options, agents, games, seed, iterations, seats, trace=bool(report))
    tasks = [task for group in groups.values() for task in group]
    # An MCTS game can take a thousand times a random one: the bar and the
    # batches weigh each game by what it is expected to cost.
    seconds = seconds_per_game(name, tuple(sorted(options.items())), agents, iterations)
    cost = partial(task_cost, seconds=seconds)
    if sys.stderr.isatty() and not quiet:  # for a person waiting, as the progress bar is
        workers = jobs or os.cpu_count() or 1
        forecast = sum(cost(task) for task in tasks) / (1 if scheduler else workers)
        if forecast > LONG_RUN:
            where = "on the cluster" if scheduler else f"on {workers} worker{'s' if workers != 1 else ''}"
            click.echo(f"{len(tasks)} games, about {_duration(forecast)} {where}; Ctrl-C stops the run",
                       err=True)
    if sys.stderr.isatty() and not quiet:
        scale = 1000  # the bar counts whole units: milliseconds of estimated play
        with click.progressbar(length=max(1, round(sum(cost(t) for t in tasks) * scale)), label="playing",
                               file=sys.stderr) as bar:
            records = play_all(tasks, jobs, scheduler, progress=lambda w: bar.update(round(w * scale)),
                               cost=cost)
    else:
        records = play_all(tasks, jobs, scheduler, cost=cost)
    by_group, at = {}, 0
    for key, group in groups.items():
        by_group[key] = records[at:at + len(group)]
        at += len(group)
    names = game.player_names()
    summary = {
        "game": game.spec.game,
        "spec": specs.display_path(game.spec.path),
        "num_players": seats,
        "options": options,
        "seed": seed,
        "games_per_agent": games,
        "agents": {agent: metrics(by_group[("self", agent)], names) for agent in agents},
        "heat": {agent: heat(by_group[("self", agent)]) for agent in agents} if report else None,
        "ladder": [ladder_step(by_group[("ladder", w, s)], w, s, seats) for w, s in zip(agents, agents[1:])],
    }
    if report:
        from .report import write_report

        write_report(report, summary, game)
    if as_json:
        echo(json.dumps(summary, indent=1, sort_keys=True))
    else:
        for line in format_summary(summary):
            echo(line)
    return summary


def _pct(value) -> str:
    return "-" if value is None else f"{100 * value:.1f}%"


def plural(count: int, word: str) -> str:
    """"1 game", "40 games"."""
    return f"{count:,} {word}{'' if count == 1 else 's'}"


def table(rows: list[list[str]], indent: str = "") -> list[str]:
    """Rows of cells as lines of aligned columns: the first column to the
    left, the others to the right (numbers), the last to the left when it
    is words (a verdict); the first row is the heading."""
    widths = [max(len(row[i]) for row in rows) for i in range(len(rows[0]))]
    words_last = any(not any(c.isdigit() for c in row[-1]) for row in rows[1:])
    lines = []
    for row in rows:
        cells = []
        for i, (cell, width) in enumerate(zip(row, widths)):
            left = i == 0 or (words_last and i == len(row) - 1)
            cells.append(cell.ljust(width) if left else cell.rjust(width))
        lines.append((indent + "  ".join(cells)).rstrip())
    return lines


def _interval(low, high) -> str:
    return f"{_pct(low)} to {_pct(high)}"


def format_summary(s: dict) -> list[str]:
    """The summary as lines of text: a table of the self-play metrics, each
    agent's wins by seat, and the skill ladder, in aligned columns."""
    groups = len(s["agents"]) + len(s["ladder"])
    lines = [f"{s['game']} ({s['spec']}), {s['num_players']} players, seed {s['seed']}: "
             f"{plural(s['games_per_agent'], 'game')} per agent{' and per ladder step' if s['ladder'] else ''}"
             + (f", {s['games_per_agent'] * groups:,} in all" if groups > 1 else ""), ""]
    rows = [["self-play", "completion", "timeouts", "draws", "balance", "first seat", "mean length"]]
    for agent, m in s["agents"].items():
        length = (f"{m['DurationTurns']:g} turns" if m["DurationTurns"] is not None
                  else f"{m['DurationActions']:g} actions")
        rows.append([agent, _pct(m["Completion"]), _pct(m["Timeouts"]), _pct(m["Drawishness"]),
                     _pct(m["Balance"]), _pct(m["AdvantageP1"]), length])
    lines += table(rows)
    lines.append("(each agent in every seat; first seat: its share of the decided games)")
    for agent, m in s["agents"].items():
        lines += ["", f"{agent} in every seat, wins by seat over all games; endings: "
                  + ", ".join(f"{name} {count}" for name, count in m["endings"].items())]
        rows = [["seat", "wins", "rate", "95% interval"]]
        rows += [[seat["name"], str(seat["count"]), _pct(seat["rate"]), _interval(seat["low"], seat["high"])]
                 for seat in m["seats"]]
        lines += table(rows, "  ")
    if s["ladder"]:
        lines += ["", "skill ladder: the stronger agent's wins among the decided games"]
        rows = [["step", "won", "decided", "played", "rate", "fair share", "95% interval", "verdict"]]
        for step in s["ladder"]:
            verdict = ("a clear margin" if step["clear"] else "no clear margin: luck dominates at this number "
                       "of games, or the stronger agent is not stronger here")
            rows.append([f"{step['stronger']} v {step['weaker']}", str(step["count"]), str(step["decided"]),
                         str(step["games"]), _pct(step["rate"]), _pct(step["fair_share"]),
                         _interval(step["low"], step["high"]), verdict])
        lines += table(rows, "  ")
    return lines
