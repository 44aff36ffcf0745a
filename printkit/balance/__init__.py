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
    return "   -  " if value is None else f"{100 * value:5.1f}%"


def format_summary(s: dict) -> list[str]:
    """The summary as lines of text."""
    lines = [f"{s['game']} ({s['spec']}), {s['num_players']} players, "
             f"{s['games_per_agent']} games per agent and per ladder step, seed {s['seed']}"]
    for agent, m in s["agents"].items():
        lines.append(f"{agent} in every seat: completion {_pct(m['Completion'])}, timeouts {_pct(m['Timeouts'])}, "
                     f"draws {_pct(m['Drawishness'])}, balance {_pct(m['Balance'])}, "
                     f"first seat {_pct(m['AdvantageP1'])} of decided games")
        lines.append("  endings: " + ", ".join(f"{name} {count}" for name, count in m["endings"].items()))
        length = f"{m['DurationTurns']} turns" if m["DurationTurns"] is not None else f"{m['DurationActions']} actions"
        lines.append(f"  mean length {length}; wins by seat (95% interval, over all games):")
        for seat in m["seats"]:
            lines.append(f"    {seat['name']:<12} {seat['count']:>5}  {_pct(seat['rate'])}"
                         f"  [{_pct(seat['low']).strip()}, {_pct(seat['high']).strip()}]")
    for step in s["ladder"]:
        verdict = ("a clear margin" if step["clear"]
                   else "no clear margin: luck dominates at this number of games, or the stronger agent is not stronger here")
        lines.append(f"{step['stronger']} against {step['weaker']}: won {step['count']} of {step['decided']} decided games "
                     f"(of {step['games']} played) "
                     f"({_pct(step['rate']).strip()}, fair share {_pct(step['fair_share']).strip()}; "
                     f"95% [{_pct(step['low']).strip()}, {_pct(step['high']).strip()}]): {verdict}")
    return lines
