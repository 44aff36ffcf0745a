"""``printkit simulate``: many seeded random playouts, summarised.

Each game draws from its own generator seeded by (seed, game index), so the
summary is the same whatever the number of worker processes. The progress
bar goes to stderr, and only when stderr is a terminal, so ``--json`` output
on stdout stays clean.
"""

from __future__ import annotations

import json
import sys

import click

from . import rules
from . import spec as specs
from .playout import play_many, summarise


def run(name: str, games: int = 100, seed: int = 0, jobs: int | None = None, as_json: bool = False,
        players: int | None = None, variant: str | None = None, echo=click.echo) -> dict:
    """Play ``games`` random games of ``name`` (bundled id or spec path) and print a summary.

    Returns the summary as a dict (what ``--json`` prints)."""
    options = rules.game_options(players, variant)
    game = rules.load(name, **options)  # fails early, in this process, on a bad spec or option
    loaded = game.spec
    if sys.stderr.isatty():
        with click.progressbar(length=games, label="simulating", file=sys.stderr) as bar:
            playouts = play_many(name, options, seed, games, jobs, progress=bar.update)
    else:
        playouts = play_many(name, options, seed, games, jobs)
    summary = {
        "game": loaded.game,
        "spec": specs.display_path(loaded.path),
        "num_players": game.num_players,
        "options": options,
        "seed": seed,
        **summarise(playouts, game.player_names()),
    }
    failures = [p for p in playouts if p.error]
    summary["error_examples"] = [f"game {p.index}: {p.error}" for p in failures[:5]]
    if as_json:
        echo(json.dumps(summary, indent=1, sort_keys=True))
    else:
        for line in format_summary(summary, getattr(game, "max_turns", None)):
            echo(line)
    return summary


def _pct(value) -> str:
    return "  -  " if value is None else f"{100 * value:5.1f}%"


def format_summary(s: dict, max_turns: int | None = None) -> list[str]:
    """The summary as lines of text."""
    lines = [f"{s['game']} ({s['spec']}), {s['num_players']} players, {s['games']} games, seed {s['seed']}"]
    capped = f" (stopped at the cap of {max_turns} turns)" if max_turns else " (stopped at the length cap)"
    lines.append(f"finished: {s['finished']}   unfinished: {s['unfinished']}{capped if s['unfinished'] else ''}"
                 f"   draws: {s['draws']}" + (f"   engine errors: {s['errors']}" if s["errors"] else ""))
    lines.append("wins by seat, over finished games (95% Wilson interval):")
    width = max(len(p["name"]) for p in s["players"])
    for p in s["players"]:
        lines.append(f"  {p['name']:<{width}}  {p['wins']:>6}  {_pct(p['rate'])}"
                     f"  [{_pct(p['low']).strip()}, {_pct(p['high']).strip()}]")
    for key, unit in (("length_turns", "turns"), ("length_actions", "actions")):
        d = s[key]
        if d:
            lines.append(f"game length ({unit}): min {d['min']}, median {d['median']}, "
                         f"mean {d['mean']}, max {d['max']}")
    if s["histogram"]:
        most = max(c for _, _, c in s["histogram"]) or 1
        lines.append(f"length histogram ({s['histogram_of']}):")
        for lo, hi, count in s["histogram"]:
            lines.append(f"  {lo:>6}-{hi:<6} {count:>6} {'#' * round(40 * count / most)}")
    for example in s.get("error_examples", []):
        lines.append(f"engine error: {example}")
    return lines
