"""``printkit validate``: is this setup or board layout sound, before anyone prints it?

Three passes, every finding reported at once:

1. the spec: schema and the game's ``check_spec`` (errors with file:line:col);
2. the game's own analysis, when its rules module has
   ``analyse(spec, game) -> list[Problem]`` (errors, warnings and notes:
   reachability, fairness, symmetry...), then the kit's parts: on both
   papers (``printkit.fit``) and on the board (``printkit.footprint``:
   every piece on its cell, every set-up in its row);
3. seeded random playouts through the engine contract, for each player
   count the spec allows (or ``--players``): every game must end, or be
   stopped by the game's length cap and reported unfinished.

Exit code: 2 when unsound (any error), 1 when there are warnings and
``--strict``, else 0.
"""

from __future__ import annotations

import json
from contextlib import nullcontext
from pathlib import Path

import click

from . import fit, footprint, games, rules
from . import spec as specs
from .errors import PrintkitError, SpecError
from .options import BuildOptions
from .playout import play_many, summarise


def player_options(loaded, players: int | None, variant: str | None) -> list[dict]:
    """One options dict per configuration to play: each player count the spec allows."""
    variant = specs.variant_named(loaded, variant)
    if players is not None:
        return [rules.game_options(players, variant)]
    # A game whose variants fix the player count (Phoenix's Team: four) says so.
    allowed = getattr(games.stage(loaded.game, "checks"), "player_counts", None)
    if allowed is not None:
        return [rules.game_options(n, variant) for n in allowed(loaded, variant)]
    counts = loaded.get("players")
    if isinstance(counts, dict) and "min" in counts and "max" in counts:
        return [rules.game_options(n, variant) for n in range(counts["min"], counts["max"] + 1)]
    return [rules.game_options(variant=variant)]


def _finding(problem) -> dict:
    return problem.as_dict()


def _kit_name_problems(spec) -> list:
    """A kit id that names no folder (one a build takes from a file name such
    as ``.hid.yaml`` when the spec has no ``id``): build refuses it, so
    validate reports it too rather than calling the spec sound."""
    from .kit import kit_folder

    try:
        kit_folder(spec, Path("output"))
    except PrintkitError as error:
        return [spec.problem((), str(error))]
    return []


def run(name: str, playouts: int = 100, seed: int = 0, strict: bool = False, players: int | None = None,
        variant: str | None = None, echo=click.echo, jobs: int | None = None, balance: int = 0,
        as_json: bool = False, progress=None, quiet: bool = False) -> int:
    """Validate ``name`` (bundled id or spec path), print the findings (as
    text, or as one JSON object with ``as_json``) and return the exit code.
    ``progress(label, count)`` may return a callback for playouts done.
    ``quiet``: print only the problems (errors and warnings), no notes,
    playout numbers or verdict."""
    report: dict = {"spec": None, "findings": [], "playouts": [], "balance": []}
    say = (lambda *_: None) if as_json or quiet else echo

    def show(problem) -> None:
        """A finding, printed (a note only without quiet) and reported."""
        if not as_json and (not quiet or problem.severity != "info"):
            echo(str(problem))
        report["findings"].append(_finding(problem))

    def finish(errors: int, warnings: int) -> int:
        verdict = "unsound" if errors else "sound"
        report.update(verdict=verdict, errors=errors, warnings=warnings)
        if as_json:
            echo(json.dumps(report, indent=1, sort_keys=True))
        return 2 if errors else (1 if warnings and strict else 0)

    try:
        loaded = specs.load(name)
    except SpecError as error:
        for problem in error.problems:
            show(problem)
        say(f"unsound: {len(error.problems)} error{'s' * (len(error.problems) != 1)} in the spec")
        return finish(len(error.problems), 0)
    except PrintkitError as error:  # no such file or game: the report says so too
        if not as_json:
            raise
        report["findings"].append({"file": name, "line": None, "column": None, "severity": "error",
                                   "message": str(error)})
        return finish(1, 0)
    report["spec"] = specs.display_path(loaded.path)
    findings = list(loaded.warnings)
    module = games.stage(loaded.game, "checks")
    # A game of one's own may have no rules engine: everything but the playouts is checked.
    playable = games.optional_stage(loaded.game, "rules") is not None
    configs = player_options(loaded, players, variant) if playable else []
    engines = [rules.load(name, **options) for options in configs]  # a bad option is exit 2 via the CLI
    if hasattr(module, "analyse") and engines:
        findings += module.analyse(loaded, engines[0])
    findings += fit.paper_problems(loaded, BuildOptions(variant=variant))
    findings += footprint.kit_problems(loaded, BuildOptions(variant=variant))
    findings += _kit_name_problems(loaded)
    for problem in findings:
        show(problem)
    errors = sum(1 for p in findings if p.severity == "error")
    warnings = sum(1 for p in findings if p.severity == "warning")

    if not playable:
        say("no playouts: this game has no rules engine")
    if playouts and not errors and playable:
        total = f" ({playouts * len(configs):,} in all)" if len(configs) > 1 else ""
        say(f"random playouts: {playouts} per player count{total}, seed {seed}")
        for options, game in zip(configs, engines):
            label = ", ".join(f"{k} {v}" for k, v in options.items()) or "default options"
            with (progress(f"playouts ({label})", playouts) if progress else nullcontext()) as tick:
                results = play_many(name, options, seed, playouts, jobs, progress=tick)
            summary = summarise(results, game.player_names())
            report["playouts"].append({"options": options, **summary})
            wins = ", ".join(f"{p['name']} {p['wins']}" for p in summary["players"])
            if summary["draws"]:
                wins += f"; draws {summary['draws']}"
            turns = summary["length_turns"] or summary["length_actions"]
            unit = "turns" if summary["length_turns"] else "actions"
            length = f"; median length {turns['median']:g} {unit} (max {turns['max']})" if turns else ""
            capped = (f", {summary['unfinished']} unfinished (stopped by the length cap)"
                      if summary["unfinished"] else "")
            say(f"  {label}: {summary['finished']} finished{capped}; wins: {wins}{length}")
            for p in results:
                if p.error:
                    errors += 1
                    show(loaded.problem((), f"playout {p.index} (seed {seed}, {label}): {p.error}"))
            if summary["finished"] == 0 and not summary["errors"]:
                warnings += 1
                cap = ("max_turns",) if "max_turns" in loaded.data else ()
                problem = loaded.problem(cap, f"no random playout with {label} ended by the rules; every one "
                                              f"hit the length cap{' (max_turns)' if cap else ''}", "warning")
                show(problem)

    if balance and not errors and playable:
        warnings += balance_check(name, loaded, configs, balance, seed, jobs, say, report, show)

    verdict = "unsound" if errors else "sound"
    say(f"{verdict}: {errors} error{'s' * (errors != 1)}, {warnings} warning{'s' * (warnings != 1)}")
    return finish(errors, warnings)


def balance_check(name: str, loaded, configs: list[dict], games: int, seed: int, jobs, echo,
                  report: dict | None = None, show=None) -> int:
    """``games`` greedy games in every seat per player count; a warning for
    each seat whose 95% interval of decided games excludes a fair share,
    given to ``show`` (else printed and reported). Returns the number of warnings."""
    from .balance import run as balance_run
    from .balance.metrics import seat_excludes_fair

    warned = 0
    echo(f"balance: {games} greedy game{'' if games == 1 else 's'} per player count, seed {seed}")
    for options in configs:
        summary = balance_run(name, agents=("greedy",), games=games, seed=seed, jobs=jobs, quiet=True,
                              echo=lambda *_: None, **options)
        greedy = summary["agents"]["greedy"]
        label = ", ".join(f"{k} {v}" for k, v in options.items()) or "default options"
        decided = greedy["decided"]
        echo(f"  {label}: {decided} of {games} decided; wins: "
             + ", ".join(f"{seat['name']} {seat['count']}" for seat in greedy["seats"])
             + (f"; balance {greedy['Balance']:.0%}" if decided else
                "; every game hit the turn cap (greedy play stalls here: try printkit balance with mcts)"))
        if report is not None:
            report["balance"].append({"options": options, "greedy": greedy})
        for seat in seat_excludes_fair(greedy):
            warned += 1
            who = greedy["seats"][seat]
            problem = loaded.problem((), f"under greedy play ({label}) {who['name']} won {who['count']} of "
                                         f"{decided} decided games, outside a fair share of "
                                         f"{greedy['fair_share']:.0%} at 95%", "warning")
            if show is not None:
                show(problem)
                continue
            echo(str(problem))
            if report is not None:
                report["findings"].append(_finding(problem))
    return warned
