"""``printkit simulate``: many seeded random playouts, summarised.

Each game draws from its own generator seeded by (seed, game index), so the
summary is the same whatever the number of worker processes. The progress
bar goes to stderr, and only when stderr is a terminal, so ``--json`` output
on stdout stays clean.
"""

from __future__ import annotations

import json

import click

from . import rules
from . import spec as specs
from .playout import play_many, summarise, wilson


def run(name: str, games: int = 100, seed: int = 0, jobs: int | None = None, as_json: bool = False,
        players: int | None = None, variant: str | None = None, echo=click.echo, progress=None) -> dict:
    """Play ``games`` random games of ``name`` (bundled id or spec path) and print a summary.

    Returns the summary as a dict (what ``--json`` prints). ``progress(label,
    length)``, if given, is a context manager yielding update(n) (a progress bar)."""
    options = rules.game_options(players, variant)
    game = rules.load(name, **options)  # fails early, in this process, on a bad spec or option
    loaded = game.spec
    if progress:
        with progress("simulating", games) as update:
            playouts = play_many(name, options, seed, games, jobs, progress=update)
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
    teams = game.teams()
    if teams:
        summary["teams"] = team_results(playouts, teams, game.player_names())
    failures = [p for p in playouts if p.error]
    summary["error_examples"] = [f"game {p.index}: {p.error}" for p in failures[:5]]
    if as_json:
        echo(json.dumps(summary, indent=1, sort_keys=True))
    else:
        for line in format_summary(summary, getattr(game, "max_turns", None)):
            echo(line)
    return summary


def team_results(playouts, teams: list[list[int]], names: list[str]) -> list[dict]:
    """Wins by team over finished games: a team wins a game when its players are the winners."""
    finished = [p for p in playouts if p.finished]
    n = len(finished)
    out = []
    for i, members in enumerate(teams):
        wins = sum(1 for p in finished if p.winners() and set(p.winners()) <= set(members))
        low, high = wilson(wins, n)
        out.append({"team": i + 1, "name": " + ".join(names[m] for m in members), "players": members,
                    "wins": wins, "rate": round(wins / n, 4) if n else None,
                    "low": round(low, 4), "high": round(high, 4)})
    return out


def _pct(value) -> str:
    return "  -  " if value is None else f"{100 * value:5.1f}%"


def _rate_lines(title: str, rows: list[dict]) -> list[str]:
    width = max(len(r["name"]) for r in rows)
    return [title] + [f"  {r['name']:<{width}}  {r['wins']:>6}  {_pct(r['rate'])}"
                      f"  [{_pct(r['low']).strip()}, {_pct(r['high']).strip()}]" for r in rows]


def format_summary(s: dict, max_turns: int | None = None) -> list[str]:
    """The summary as lines of text."""
    games = f"{s['games']} game{'' if s['games'] == 1 else 's'}"
    lines = [f"{s['game']} ({s['spec']}), {s['num_players']} players, {games}, seed {s['seed']}"]
    capped = f" (stopped at the cap of {max_turns} turns)" if max_turns else " (stopped at the length cap)"
    lines.append(f"finished: {s['finished']}   unfinished: {s['unfinished']}{capped if s['unfinished'] else ''}"
                 f"   draws: {s['draws']}" + (f"   engine errors: {s['errors']}" if s["errors"] else ""))
    groups = [("wins by team, over finished games (95% Wilson interval):", s["teams"])] if s.get("teams") else []
    groups.append(("wins by seat, over finished games (95% Wilson interval):", s["players"]))
    for title, rows in groups:
        lines.extend(_rate_lines(title, rows))
    for key, unit in (("length_turns", "turns"), ("length_actions", "actions")):
        d = s[key]
        if d:
            lines.append(f"game length ({unit}): min {d['min']}, median {d['median']:g}, "
                         f"mean {d['mean']}, max {d['max']}")
    if s["histogram"]:
        most = max(c for _, _, c in s["histogram"]) or 1
        lines.append(f"length histogram ({s['histogram_of']}):")
        for lo, hi, count in s["histogram"]:
            lines.append(f"  {lo:>6}-{hi:<6} {count:>6} {'#' * round(40 * count / most)}")
    for example in s.get("error_examples", []):
        lines.append(f"engine error: {example}")
    return lines
