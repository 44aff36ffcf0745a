"""The printkit command line. It only wires the stages together:
spec -> model -> parts -> sheets -> writers, and the rules engine."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import click

from . import spec as specs
from .errors import PrintkitError, Problem, SpecError


def _fail(error: PrintkitError) -> None:
    click.echo(f"printkit: {error}" if not isinstance(error, SpecError) else str(error), err=True)
    sys.exit(error.exit_code)


class _Group(click.Group):
    """Turns a user's bad input anywhere below into one message and exit code 2."""

    def invoke(self, ctx):
        try:
            return super().invoke(ctx)
        except PrintkitError as error:
            _fail(error)


@click.group(cls=_Group)
@click.version_option(package_name="printkit")
def main():
    """Print-and-play kits and reference rules for board games described in YAML."""


@main.command("list")
def list_games():
    """The bundled games, one line each."""
    for game_id in specs.bundled_games():
        loaded = specs.load(game_id, check=False)
        click.echo(f"{game_id:<12} {loaded.get('title', '')}: {loaded.get('description', '')}")


@main.command()
@click.argument("game", required=False)
@click.option("--all", "build_all", is_flag=True, help="Build every bundled game.")
@click.option("--colors", type=int, default=None,
              help="Number of player colours to print (default: the game's most).")
@click.option("--paper", type=click.Choice(["letter", "a4"]), default="letter", show_default=True)
@click.option("--out", "out_dir", type=click.Path(file_okay=False, path_type=Path),
              default=Path("output"), show_default=True, help="Output folder.")
@click.option("--ink-saver", is_flag=True, help="Outlines and marks without large fills.")
@click.option("--format", "formats", default="pdf,svg", show_default=True,
              help="Comma-separated output formats: pdf, svg.")
@click.option("--variant", default=None, help="A rules variant, for games that have them.")
def build(game, build_all, colors, paper, out_dir, ink_saver, formats, variant):
    """Build the print-ready kit of GAME (a bundled id or a spec .yaml) into OUT/<game>/."""
    from . import kit

    wanted = {f.strip().lower() for f in formats.split(",") if f.strip()}
    if build_all == bool(game):
        raise PrintkitError("give either a GAME (bundled id or spec .yaml) or --all")
    names = specs.bundled_games() if build_all else [game]
    for name in names:
        loaded = specs.load(name)
        options = kit.BuildOptions(colors=colors, paper=paper, ink_saver=ink_saver,
                                   formats=tuple(sorted(wanted)), variant=variant)
        result = kit.build(loaded, options, out_dir)
        for path in result.files:
            click.echo(f"wrote {path}")
        click.echo(f"{loaded.id}: {result.sheets} sheets in {result.kit_pdf or result.folder}")


def _print_problems(problems: list[Problem]) -> None:
    for problem in problems:
        click.echo(str(problem), err=True)


@main.command()
@click.argument("game")
@click.option("--playouts", type=click.IntRange(0, 100000), default=100, show_default=True)
@click.option("--seed", type=int, default=0, show_default=True)
@click.option("--strict", is_flag=True, help="Exit 1 when there are warnings.")
@click.option("--players", type=int, default=None, help="Player count for the playouts.")
@click.option("--variant", default=None, help="A rules variant, for games that have them.")
def validate(game, playouts, seed, strict, players, variant):
    """Check a setup or board layout: every problem at once, then random playouts."""
    from . import validate as validation

    code = validation.run(game, playouts=playouts, seed=seed, strict=strict,
                          players=players, variant=variant, echo=click.echo)
    sys.exit(code)


@main.command()
@click.argument("game")
@click.option("--games", "n_games", type=click.IntRange(1, 10_000_000), default=100, show_default=True)
@click.option("--seed", type=int, default=0, show_default=True)
@click.option("--jobs", type=click.IntRange(1, 256), default=None, help="Worker processes (default: all cores).")
@click.option("--json", "as_json", is_flag=True, help="Print the summary as JSON.")
@click.option("--players", type=int, default=None, help="Player count.")
@click.option("--variant", default=None, help="A rules variant, for games that have them.")
def simulate(game, n_games, seed, jobs, as_json, players, variant):
    """Seeded random playouts: finished games, win rate by seat, game lengths."""
    from . import simulate as simulation

    simulation.run(game, games=n_games, seed=seed, jobs=jobs, as_json=as_json,
                   players=players, variant=variant, echo=click.echo)


def _unique_keys(pairs) -> dict:
    """A JSON object whose keys are all different: a square given twice would hold two pieces."""
    obj = {}
    for key, value in pairs:
        if key in obj:
            raise ValueError(f"{key!r} is given twice in one object")
        obj[key] = value
    return obj


def _load_position(game_obj, position: Path | None, players, variant):
    if position is None:
        return game_obj.initial_state()
    try:
        text = position.read_text(encoding="utf-8")
    except OSError as exc:
        raise PrintkitError(f"{position}: cannot read position: {exc.strerror}") from None
    except UnicodeDecodeError as exc:
        raise PrintkitError(f"{position}: cannot read position: not UTF-8 text (byte {exc.start})") from None
    try:
        obj = json.loads(text, object_pairs_hook=_unique_keys)
    except json.JSONDecodeError as exc:
        raise PrintkitError(f"{position}:{exc.lineno}:{exc.colno}: malformed position JSON: {exc.msg}") from None
    except (ValueError, RecursionError) as exc:  # a key twice, a huge number, nesting too deep
        raise PrintkitError(f"{position}: malformed position JSON: {exc}") from None
    from .rules import IllegalAction

    try:
        return game_obj.state_from_json(obj)
    except IllegalAction as exc:
        raise PrintkitError(f"{position}: bad position: {exc}") from None


@main.command()
@click.argument("game")
@click.option("--position", type=click.Path(path_type=Path), default=None,
              help="Position JSON (default: the initial setup).")
@click.option("--players", type=int, default=None)
@click.option("--variant", default=None)
def moves(game, position, players, variant):
    """Every legal move in the position, one a line, in the game's notation."""
    from . import rules

    game_obj = rules.load(game, **rules.game_options(players, variant))
    state = _load_position(game_obj, position, players, variant)
    if state.is_chance_node():
        for action, probability in state.chance_outcomes():
            click.echo(f"{state.action_to_string(action)}\t{probability:.6g}")
    else:
        for action in state.legal_actions():
            click.echo(state.action_to_string(action))


@main.command()
@click.argument("game")
@click.argument("move", nargs=-1)
@click.option("--position", type=click.Path(path_type=Path), default=None,
              help="Position JSON (default: the initial setup).")
@click.option("--players", type=int, default=None)
@click.option("--variant", default=None)
def apply(game, move, position, players, variant):
    """Play MOVE... (in notation) from the position and print the resulting position JSON."""
    from . import rules

    game_obj = rules.load(game, **rules.game_options(players, variant))
    state = _load_position(game_obj, position, players, variant)
    for number, text in enumerate(move, 1):
        try:
            state.apply(state.string_to_action(text))
        except rules.IllegalAction as exc:
            raise PrintkitError(f"move {number} '{text}': {exc}") from None
    click.echo(json.dumps(state.to_json(), indent=1, sort_keys=True))


if __name__ == "__main__":
    main()
