"""The printkit command line. It only wires the stages together:
spec -> model -> parts -> sheets -> writers, and the rules engine."""

from __future__ import annotations

import json
import os
import re
import signal
import sys
from contextlib import contextmanager, nullcontext
from dataclasses import replace
from functools import partial
from pathlib import Path

import click

from . import spec as specs
from .errors import NotForThisGame, PrintkitError, Problem, SpecError, cut, did_you_mean

# Whether this run was given --json: its errors are then one JSON object on
# standard output (see error_report), as its results are.
_json_errors = False


def _wants_json(args) -> bool:
    """--json among the arguments (before a ``--``), whichever command has it."""
    args = list(args)
    return "--json" in (args[:args.index("--")] if "--" in args else args)


# "file:line:column: message", as positions and moves report a place.
_PLACE = re.compile(r"(?P<file>[^\n]+?):(?P<line>\d+)(?::(?P<column>\d+))?: (?P<message>.+)", re.S)


def error_report(error: Exception) -> dict:
    """An error as --json prints it: ``error``, the message as printed without
    --json, and ``findings``, each problem with its file, line, column
    (null where it has none), severity and message, as validate reports them."""
    if isinstance(error, SpecError):
        return {"error": str(error), "findings": [p.as_dict() for p in error.problems]}
    text = error.format_message() if isinstance(error, click.ClickException) else str(error)
    place = _PLACE.fullmatch(text)
    if place:
        column = place["column"]
        problem = Problem(place["file"], int(place["line"]), int(column) if column else None, place["message"])
    else:
        problem = Problem(None, None, None, text)
    return {"error": text, "findings": [problem.as_dict()]}


def _echo_json(value) -> None:
    click.echo(json.dumps(value, indent=1, sort_keys=True))


def _fail(error: PrintkitError) -> None:
    if _json_errors:
        _echo_json(error_report(error))
        sys.exit(error.exit_code)
    text = str(error) if isinstance(error, SpecError) else f"printkit: {error}"
    click.echo("\n".join(cut(line) for line in text.splitlines()), err=True)
    sys.exit(error.exit_code)


# Playouts are kept in memory until summarised: a bound that ends in minutes,
# not days, and stays a few hundred megabytes.
MAX_GAMES = 100_000

# Ctrl-C: the shell's convention, 128 + SIGINT, so a script can tell it from
# a bad input (2) or validate's warnings under --strict (1).
INTERRUPTED = 130


_MAIN_PID = os.getpid()
_stopped_by: list[int] = []  # the signal that stopped this run, if any


def _on_signal(signum, frame):
    """SIGTERM or SIGHUP, raised like Ctrl-C so that every clean-up on the way
    out runs (a build's staging folder, a report's temporary file)."""
    if os.getpid() != _MAIN_PID:  # a worker forked before it could ignore it (printkit.workers): die as it says
        signal.signal(signum, signal.SIG_DFL)
        os.kill(os.getpid(), signum)
        return
    _stopped_by.append(int(signum))
    raise KeyboardInterrupt


def _catch_termination() -> None:
    global _MAIN_PID
    _MAIN_PID = os.getpid()
    for name in ("SIGTERM", "SIGHUP"):
        if hasattr(signal, name):
            try:
                signal.signal(getattr(signal, name), _on_signal)
            except ValueError:  # not the main thread (printkit called from a library): leave them
                return


# True when this process is the printkit command (printkit.__main__), not a
# program that calls main() itself and keeps its own signals afterwards.
AS_COMMAND = False


def _interrupted() -> None:
    if AS_COMMAND:
        # Stopping now: a second Ctrl-C (or a stop sent to the process group
        # again) must not cut the way out short with a traceback or another
        # exit code.
        for name in ("SIGINT", "SIGTERM", "SIGHUP"):
            if hasattr(signal, name):
                signal.signal(getattr(signal, name), signal.SIG_IGN)
    if _stopped_by:
        click.echo("printkit: terminated", err=True)
        sys.exit(128 + _stopped_by[0])
    click.echo("printkit: interrupted", err=True)
    sys.exit(INTERRUPTED)


class _Group(click.Group):
    """Turns a user's bad input anywhere below into one message and exit code 2,
    Ctrl-C into one line and exit code 130, SIGTERM and SIGHUP into 128 + their number."""

    def main(self, args=None, prog_name=None, complete_var=None, standalone_mode=True, **extra):
        global _json_errors
        _catch_termination()
        args = sys.argv[1:] if args is None else list(args)
        _json_errors = _wants_json(args)
        if not standalone_mode:
            return super().main(args, prog_name, complete_var, False, **extra)
        # click's standalone mode turns an interrupt outside a command into
        # "Aborted!" and exit 1; here every interrupt ends the same way.
        try:
            code = super().main(args, prog_name, complete_var, False, **extra)
        except (click.exceptions.Abort, KeyboardInterrupt):
            _interrupted()
        except click.ClickException as error:
            if _json_errors:
                _echo_json(error_report(error))
            else:
                error.show()
            sys.exit(error.exit_code)
        sys.exit(code if isinstance(code, int) else 0)

    def invoke(self, ctx):
        try:
            return super().invoke(ctx)
        except PrintkitError as error:
            _fail(error)
        except KeyboardInterrupt:
            _interrupted()
        except Exception:
            # A library's bare ``except:`` may turn the interrupt a signal
            # raised into an error of its own (reportlab's PDF writer does,
            # in places): once stopped by a signal, any error is that stop.
            if _stopped_by:
                _interrupted()
            raise


@click.group(cls=_Group, invoke_without_command=True, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(package_name="printkit-games", prog_name="printkit")
@click.pass_context
def main(ctx):
    """Print-and-play kits and reference rules for board games described in YAML.

    GAME is a bundled game id (see `printkit list`) or the path of a spec
    file (.yaml). Bad input is reported with its file and line and exits 2.
    """
    if ctx.invoked_subcommand is None:  # a bare `printkit` is a request for help
        click.echo(ctx.get_help())


class Option(click.Option):
    """An option that also takes older spellings (``aliases``), so scripts
    written for them keep working, while --help, error messages and the
    option table (docs/options.md) show only the current ones."""

    def __init__(self, param_decls=None, aliases=(), **attrs):
        self.aliases = tuple(aliases)
        super().__init__([*(param_decls or ()), *self.aliases], **attrs)

    @contextmanager
    def _shown(self):
        opts, secondary = self.opts, self.secondary_opts
        self.opts = [o for o in opts if o not in self.aliases]
        self.secondary_opts = [o for o in secondary if o not in self.aliases]
        try:
            yield
        finally:
            self.opts, self.secondary_opts = opts, secondary

    def get_help_record(self, ctx):
        with self._shown():
            return super().get_help_record(ctx)

    def get_error_hint(self, ctx):
        with self._shown():
            return super().get_error_hint(ctx)


def option(*decls, **attrs):
    """click.option with ``aliases``: old spellings that work and are not shown."""
    return click.option(*decls, cls=Option, **attrs)


_POSITION_HELP = "Position JSON, as `printkit apply` prints it (default: the initial setup)."
_PLAYERS_HELP = "Player count (default: the position's, else the game's default)."
_VARIANT_HELP = "A rules variant, for games that have them."
_SEED_HELP = "Master seed: the same seed gives the same games and numbers."
# -q and --json mean one thing in every command that has them.
_QUIET = "Print nothing but errors{what}: no progress bar{more}, no notes."
_JSON_HELP = ("Print {what} as one JSON object on standard output; an error too, as "
              '{{"error": ..., "findings": [{{"file", "line", "column", "message", ...}}]}} (exit code 2).')
_GAMES = "The games behind each set of numbers printed: {what}."


# --- shell completion ------------------------------------------------------

def _complete_game(ctx, param, incomplete: str):
    """Bundled game ids, then spec files (.yaml) and folders."""
    from click.shell_completion import CompletionItem

    ids = [CompletionItem(g) for g in specs.bundled_games() if g.startswith(incomplete)]
    return ids + [CompletionItem(incomplete, type="file")]


def _complete_variant(ctx, param, incomplete: str):
    from click.shell_completion import CompletionItem

    # The game, when click has parsed it by now; else the variants of every bundled game.
    # Completing an option's value, click stops before it reads the arguments:
    # the game is then the first of those it left unread.
    game = ctx.params.get("game") or next(iter(ctx.args), None)
    variants: dict = {}
    for name in [game] if game else specs.bundled_games():
        try:
            variants.update(specs.load(name, check=False).get("variants") or {})
        except PrintkitError:
            pass
    return [CompletionItem(v) for v in variants if v != "default" and v.startswith(incomplete)]


def _progress(quiet: bool):
    """A progress-bar maker for long work, or None: only on a terminal, never with --quiet.
    progress(label, length) is a context manager giving update(n)."""
    if quiet or not sys.stderr.isatty():
        return None

    @contextmanager
    def bar(label: str, length: int):
        with click.progressbar(length=length, label=label, file=sys.stderr) as b:
            yield b.update

    return bar


_PAPER = click.Choice(["letter", "a4"], case_sensitive=False)


@main.command("list")
@option("--json", "as_json", is_flag=True, help=_JSON_HELP.format(what="the games (id, title, description, "
                                                                         "spec file, player counts, variants)"))
def list_games(as_json):
    """The bundled games, one line each: id, title, description."""
    games = []
    for game_id in specs.bundled_games():
        loaded = specs.load(game_id, check=False)
        players = loaded.get("players") or {}
        games.append({"id": game_id, "title": loaded.get("title", ""), "description": loaded.get("description", ""),
                      "spec": specs.display_path(loaded.path),
                      "players": {"min": players.get("min", 1), "max": players.get("max", 1)},
                      "variants": [v for v in loaded.get("variants") or {} if v != "default"]})
    if as_json:
        _echo_json({"games": games})
        return
    for game in games:
        click.echo(f"{game['id']:<12} {game['title']}: {game['description']}")


@main.command(short_help="Build the print-and-play kit of GAME.")
@click.argument("game", required=False, shell_complete=_complete_game)
@option("--all", "build_all", is_flag=True,
        help="Build every bundled game that takes the options: with --colors N, those that "
             "have N colours; with --variant V, those that have V. A game an option does "
             "nothing for is built without it (no --format png images for a game without "
             "cards or tiles, no --duplex without two-sided parts). It names each game it "
             "leaves out and each option it leaves off.")
@option("--colors", "colors", type=int, default=None, aliases=["--colours"],
        help="Number of player colours to print (default: the game's most).")
@option("--paper", type=_PAPER, default="letter", show_default=True,
        help="Paper size; every sheet keeps 6.35 mm clear of ink at each edge.")
@option("--out", "-o", "out_dir", type=click.Path(file_okay=False, path_type=Path),
        default=Path("output"), show_default=True, help="Output folder; the kit goes in OUT/<id>/.")
@option("--ink-saver", is_flag=True, help="Outlines and marks without large fills.")
@option("--format", "formats", default="pdf,svg", show_default=True,
        help="Comma-separated output formats: pdf (kit and rulebook), svg (cut files), "
             "png (each card, tile and counter at 300 dpi with bleed, for card printers; "
             "games with cards or tiles), tts (a Tabletop Simulator saved object, <id>-tts.json, "
             "and its images), images (each distinct face as an image, with a CSV and JSON list, "
             "for other virtual tables).")
@option("--tts-url", "tts_url", default=None, metavar="URL",
        help="With --format tts: the web folder you upload the <id>-tts-*.png images to; the save "
             "names them there (default: the files where they are built, for this computer).")
@option("--variant", default=None, shell_complete=_complete_variant,
        help="A rules variant for the rulebook, for games that have them.")
@option("--overwrite", is_flag=True,
        help="Replace files in OUT/<id>/ that printkit did not write (never needed for its own).")
@option("--quiet", "-q", is_flag=True, help=_QUIET.format(what="", more=", no list of files written"))
@option("--json", "as_json", is_flag=True,
        help=_JSON_HELP.format(what="each kit's folder, files and sheets, and the games and options left out"))
@option("--duplex", is_flag=True,
        help="Two-sided parts (cards) as fronts and, on the next page, backs mirrored for a "
             "long-edge flip, with a calibration pair; default: gutter-fold. Games with "
             "two-sided parts.")
@option("--back-offset", default="0,0", show_default=True, metavar="X,Y",
        help="With --duplex: move the backs by X,Y mm to correct a printer's drift "
             "(read it off the calibration pages).")
@option("--sheet-per-color", "sheet_per_colour", is_flag=True, aliases=["--sheet-per-colour"],
        help="Each player colour's pieces on sheets of their own, to print each on card of "
             "its colour; default: colours share sheets, using fewer. Games whose pieces "
             "differ by colour.")
@option("--press", is_flag=True,
        help="For a print shop: 3 mm bleed, crop marks and page boxes for trimming, CMYK colours.")
@option("--bleed", type=float, default=None, metavar="MM",
        help="Colour past every cut line, 0-5 mm (default: 3 with --press, else 2). An --ink-saver "
             "kit prints none: with it, --bleed sets only the --format png images'.")
@option("--print-and-cut", "print_and_cut", is_flag=True,
        help="Registration marks for a print-then-cut machine (Silhouette Studio's type 1 "
             "marks) on every sheet of pieces; the SVG cut files use the same page.")
@option("--kerf", type=float, default=0.0, show_default=True, metavar="MM",
        help="A laser cutter's kerf: closed cut outlines in the SVG move out by half of it.")
def build(game, build_all, colors, paper, out_dir, ink_saver, formats, tts_url, variant, overwrite, quiet, as_json,
          duplex, back_offset, sheet_per_colour, press, bleed, print_and_cut, kerf):
    """Build the print-and-play kit of GAME (a bundled id or a spec .yaml)
    into OUT/<id>/, <id> being the spec's `id`: <id>-kit.pdf, one
    <id>-sheet-NN.svg cut file per sheet, <id>-rules.pdf and, for people
    who write programs, <id>-reference.pdf.

    Print at 100% / actual size and measure the 25.4 mm scale square on
    sheet 1. A build that fails exits 2 and leaves an earlier kit in
    OUT/<id>/ as it was. An option that would do nothing for the game
    (--duplex for a game without two-sided parts) is refused with exit
    code 2, as every option the game cannot take.
    """
    from . import kit

    wanted = {f.strip().lower() for f in formats.split(",") if f.strip()}
    if build_all == bool(game):
        raise PrintkitError("give either a GAME (bundled id or spec .yaml) or --all")
    names = specs.bundled_games() if build_all else [game]
    try:
        offset = tuple(float(v) for v in back_offset.split(","))
        if len(offset) != 2 or not all(abs(v) <= 20 for v in offset):
            raise ValueError
    except ValueError:
        raise PrintkitError(f"--back-offset {back_offset[:40]}: give X,Y in millimetres, each -20 to 20 "
                            "(for example 0.5,-1)") from None
    options = kit.BuildOptions(colors=colors, paper=paper.lower(), ink_saver=ink_saver,
                               formats=tuple(sorted(wanted)), variant=variant, duplex=duplex,
                               back_offset=offset, sheet_per_colour=sheet_per_colour, press=press,
                               bleed=bleed, print_and_cut=print_and_cut, kerf=kerf, tts_url=tts_url)
    # Every spec and option is checked, and each kit laid out and its folder
    # checked, before the first kit is written: a bad option or a folder
    # holding someone's file stops --all with nothing written. An option that
    # only some games can take (--colors 3, --variant team) is read by --all
    # as "the games that can": the others are left out and named. One that
    # only does nothing for a game (--format png, --duplex,
    # --sheet-per-color) leaves that game's kit as it would be without it:
    # --all builds it so, and says so.
    chosen, skipped, notes = [], [], []
    for loaded in (specs.load(name) for name in names):
        own, dropped = options, []
        while True:
            try:
                chosen.append((loaded, kit.prepare(loaded, own, out_dir, overwrite=overwrite)))
                break
            except NotForThisGame as error:
                if not build_all:
                    raise
                lighter = _without(own, error.option)
                if lighter is None:
                    skipped.append((loaded.id, error))
                    notes.append(f"skipped {loaded.id}: {error}")
                    break
                own = lighter
                dropped.append(error.option)
        if dropped and len(chosen) and chosen[-1][0] is loaded:
            notes.append(_left_off(loaded.id, dropped, own))
    if not chosen:
        raise PrintkitError(_none_can_take([error for _, error in skipped], colors, variant))
    for note in notes if not (quiet or as_json) else ():
        click.echo(note, err=True)
    report = {"kits": [], "skipped": [{"id": name, "reason": str(error)} for name, error in skipped],
              "notes": notes}
    bar = _progress(quiet or len(chosen) == 1)
    with (bar("building", len(chosen)) if bar else nullcontext(None)) as tick:
        for loaded, ready in chosen:
            result = kit.write(ready, on_wait=None if quiet else partial(_waiting, ready.target))
            if tick:
                tick(1)
            report["kits"].append({"id": loaded.id, "folder": specs.display_path(result.folder),
                                   "sheets": result.sheets,
                                   "files": [specs.display_path(path) for path in result.files]})
            if quiet or as_json:
                continue
            for path in result.files:
                click.echo(f"wrote {specs.display_path(path)}")
            click.echo(f"{loaded.id}: {result.sheets} sheets in "
                       f"{specs.display_path(result.kit_pdf or result.folder)}")
    if as_json:
        _echo_json(report)


# What a kit is without an option that does nothing for its game, and why
# that option does nothing there (build --all).
_NOTHING_FOR = {"duplex": ("--duplex", "it has no two-sided parts"),
                "sheet_per_colour": ("--sheet-per-color", "its pieces do not differ by colour")}


def _without(options, option: str):
    """The build options without ``option``, when leaving it off builds the
    same kit as it would (it does nothing for the game); else None."""
    if option in ("png", "tts", "images"):
        rest = tuple(f for f in options.formats if f != option)
        return replace(options, formats=rest, tts_url=None if option == "tts" else options.tts_url) if rest else None
    if option == "duplex":
        return replace(options, duplex=False, back_offset=(0.0, 0.0))
    if option == "sheet_per_colour":
        return replace(options, sheet_per_colour=False)
    return None


def _left_off(game_id: str, dropped: list, options) -> str:
    """The note for a game built without the options that did nothing for it."""
    words = []
    for option in dropped:
        if option == "png":
            words.append(f"no --format png images (it has no cards or tiles); its {', '.join(options.formats)} built")
        elif option in ("tts", "images"):
            words.append(f"no --format {option} (none of its parts says what it is on a virtual table); "
                         f"its {', '.join(options.formats)} built")
        else:
            flag, why = _NOTHING_FOR[option]
            words.append(f"built without {flag} ({why})")
    return f"{game_id}: " + "; ".join(words)


def _waiting(target: Path) -> None:
    """Said once when another build is moving its files into the same kit folder."""
    click.echo(f"waiting for another build to finish writing {specs.display_path(target)}", err=True)


def _none_can_take(skipped: list, colors, variant) -> str:
    """Why ``build --all`` has no game left to build, in one sentence."""
    options = {error.option for error in skipped}
    if options == {"colors"}:
        return f"--colors {colors}: no bundled game has {colors} colours"
    if options == {"variant"}:
        return f"--variant {variant}: no bundled game has this variant"
    return "no bundled game takes these options: " + "; ".join(map(str, skipped))


@main.command(short_help="Is a setup or board layout sound? Every problem at once.")
@click.argument("game", shell_complete=_complete_game)
@option("--games", "playouts", type=click.IntRange(0, MAX_GAMES), default=100, show_default=True,
        aliases=["--playouts"],
        help=_GAMES.format(what="N random games for each player count the spec allows (0: none)"))
@option("--seed", type=int, default=0, show_default=True, help=_SEED_HELP)
@option("--strict", is_flag=True, help="Exit 1 when there are warnings.")
@option("--players", type=int, default=None,
        help="Player count for the playouts (default: each count the spec allows).")
@option("--variant", default=None, help=_VARIANT_HELP, shell_complete=_complete_variant)
@option("--balance", "balance_games", type=click.IntRange(0, 10000), default=0, show_default=True,
        help="Also play this many greedy games per player count and warn when a seat wins "
             "more or less than a fair share (95%); see printkit balance for the full analysis.")
@option("--jobs", type=click.IntRange(min=1), default=None,
        help="Worker processes (default: one per core); the numbers are the same whatever it is.")
@option("--json", "as_json", is_flag=True, help=_JSON_HELP.format(what="the findings and numbers"))
@option("--quiet", "-q", is_flag=True,
        help=_QUIET.format(what=" and the problems found (errors and warnings)",
                           more=", no playout numbers or verdict (the exit code says it)"))
def validate(game, playouts, seed, strict, players, variant, balance_games, jobs, as_json, quiet):
    """Check the spec of GAME (a bundled id or a spec .yaml): the schema and
    the game's own checks, each problem with file:line:column; the game's
    analysis of the layout (reachability, symmetry); then seeded random
    playouts through the rules engine.

    Exit code 0 when sound, 1 with warnings under --strict, 2 when unsound.
    """
    from . import validate as validation

    cores = os.cpu_count() or 1
    code = validation.run(game, playouts=playouts, seed=seed, strict=strict, players=players, variant=variant,
                          echo=click.echo, balance=balance_games, jobs=min(jobs, cores) if jobs else None,
                          as_json=as_json, quiet=quiet, progress=_progress(quiet))
    sys.exit(code)


@main.command(short_help="Seeded random games: win rate by seat, game lengths.")
@click.argument("game", shell_complete=_complete_game)
@option("--games", "n_games", type=click.IntRange(1, MAX_GAMES), default=100, show_default=True,
        aliases=["--playouts"],
        help=_GAMES.format(what="N random games (of one player count: N in all)"))
@option("--seed", type=int, default=0, show_default=True, help=_SEED_HELP)
@option("--jobs", type=click.IntRange(min=1), default=None,
        help="Worker processes (default and most: one per core); the numbers are the same whatever it is.")
@option("--json", "as_json", is_flag=True, help=_JSON_HELP.format(what="the summary"))
@option("--players", type=int, default=None, help="Player count (default: the game's default).")
@option("--variant", default=None, help=_VARIANT_HELP, shell_complete=_complete_variant)
@option("--quiet", "-q", is_flag=True, help=_QUIET.format(what=" and the summary", more=""))
def simulate(game, n_games, seed, jobs, as_json, players, variant, quiet):
    """Play seeded random games of GAME (a bundled id or a spec .yaml) and
    print games finished and unfinished (stopped at the spec's turn limit),
    each seat's win rate with a 95% Wilson interval, and the game lengths.

    Ctrl-C stops it (exit code 130).
    """
    from . import simulate as simulation

    cores = os.cpu_count() or 1
    jobs = min(jobs, cores) if jobs else None  # more processes than cores only costs memory
    simulation.run(game, games=n_games, seed=seed, jobs=jobs, as_json=as_json,
                   players=players, variant=variant, echo=click.echo, progress=_progress(quiet))


@main.command(short_help="Is a layout fair and decisive under real play? Agents, metrics, a report.")
@click.argument("game", shell_complete=_complete_game)
@option("--players", type=int, default=None, help="Player count (default: the game's default).")
@option("--variant", default=None, help=_VARIANT_HELP, shell_complete=_complete_variant)
@option("--agents", "agent_names", default="random,greedy,mcts", show_default=True,
        help="Agents, weakest first, comma-separated: random, greedy, mcts.")
@option("--games", "n_games", type=click.IntRange(1, MAX_GAMES), default=40, show_default=True,
        help=_GAMES.format(what="N for each agent's self-play and N for each step of the skill ladder"))
@option("--seed", type=int, default=0, show_default=True, help="Master seed; game i is seeded from it and i.")
@option("--jobs", type=click.IntRange(min=1), default=None,
        help="Worker processes (default: one per core); the numbers are the same whatever it is.")
@option("--iterations", type=click.IntRange(1, 100000), default=None,
        help="MCTS iterations per decision (default 64); with mcts among --agents.")
@option("--output", "report", type=click.Path(dir_okay=False, path_type=Path), default=None,
        metavar="FILE", aliases=["--report"],
        help="Also write a PDF report with charts (win rates, game lengths, the ladder, "
             "heatmaps over the board) to FILE.")
@option("--json", "as_json", is_flag=True, help=_JSON_HELP.format(what="the numbers"))
@option("--quiet", "-q", is_flag=True,
        help=_QUIET.format(what=" and the numbers", more=", no forecast of a long run's length"))
@option("--scheduler", default=None, metavar="ADDRESS",
        help="Play on a Dask cluster (tcp://host:8786); needs pip install 'printkit-games[cluster]'.")
def balance(game, players, variant, agent_names, n_games, seed, jobs, iterations, report, as_json, quiet,
            scheduler):
    """Play seeded games of GAME (a bundled id or a spec .yaml) between
    agents that try to win, and print each agent's completion, timeouts,
    draws, game length, win rate by seat (95% Wilson interval), first-seat
    advantage and balance, and a skill ladder: does each agent beat the one
    before it? Same seed, same numbers, on one core, all of them or a cluster.
    """
    from . import balance as balancing

    agents = balancing.parse_agents(agent_names)
    if iterations is not None and "mcts" not in agents:
        # An option that would do nothing is refused, as build refuses one.
        raise PrintkitError(f"--iterations {iterations}: sets the mcts agent's search, and --agents "
                            f"{','.join(agents)} has none; add mcts to --agents")
    cores = os.cpu_count() or 1
    jobs = min(jobs, cores) if jobs else None
    balancing.run(game, agents=agents, games=n_games, seed=seed, jobs=jobs, players=players, variant=variant,
                  scheduler=scheduler, iterations=iterations, report=str(report) if report else None,
                  as_json=as_json, quiet=quiet, echo=click.echo)


def _load_position(game_obj, position: Path | None, players, variant):
    if position is None:
        return game_obj.initial_state()
    from . import positions

    obj, text = positions.read(position)
    from .rules import IllegalAction

    try:
        state = game_obj.state_from_json(obj)
    except IllegalAction as exc:
        where = positions.place(position, text, obj, str(exc), getattr(exc, "at", None))
        raise PrintkitError(f"{where}: bad position: {exc}") from None
    # A game may read the player count and variant from the position itself;
    # those given on the command line must then agree with it.
    if players is not None and state.game.num_players != players:
        raise PrintkitError(f"{position}: the position is for {state.game.num_players} players, "
                            f"not --players {players}")
    played = getattr(state.game, "variant", None)
    variant = specs.variant_named(state.game.spec, variant)
    if variant is not None and played is not None and played != variant:
        raise PrintkitError(f"{position}: the position is of the {played} variant, not --variant {variant}")
    return state


@main.command(short_help="A live table in the browser: play GAME, watch its spec.")
@click.argument("game", shell_complete=_complete_game)
@option("--players", type=int, default=None, help="Player count (default: the game's default).")
@option("--variant", default=None, help=_VARIANT_HELP, shell_complete=_complete_variant)
@option("--port", type=click.IntRange(1, 65535), default=None,
        help="Port on 127.0.0.1 (default: 8765, else any free one).")
@option("--no-browser", "no_browser", is_flag=True, help="Only print the table's address; open no browser.")
@option("--pace", type=click.IntRange(0, 60_000), default=None, metavar="MS",
        help="Milliseconds the table waits before each agent's move (default: 250); "
             "more to follow a game of agents, 0 to see it through at once.")
def play(game, players, variant, port, no_browser, pace):
    """Open a live table for GAME (a bundled id or a spec .yaml) in the
    browser: the board drawn from the kit's own art, moves by clicks,
    seats for people or agents (random, greedy, mcts), undo, save and load
    of positions, and the kit's sheets. Saving the spec file reloads the
    table. The server listens on 127.0.0.1 only; Ctrl-C stops it."""
    from . import play as table

    table.serve(game, players, variant, port, open_browser=not no_browser, echo=click.echo, pace=pace)


@main.command(short_help="Every legal move in a position, in the game's notation.")
@click.argument("game", shell_complete=_complete_game)
@option("--position", type=click.Path(path_type=Path), default=None, help=_POSITION_HELP)
@option("--players", type=int, default=None, help=_PLAYERS_HELP)
@option("--variant", default=None, help=_VARIANT_HELP, shell_complete=_complete_variant)
@option("--as", "viewer", default=None, metavar="PLAYER",
        help="Show only what PLAYER (a colour name or seat number) may know: their own moves "
             "when it is their turn, nothing of the others' hidden pieces.")
@option("--json", "as_json", is_flag=True,
        help=_JSON_HELP.format(what="the moves (each with its probability at a roll), whose turn it is "
                                    "and whether the game is over"))
@option("--quiet", "-q", is_flag=True,
        help="Print nothing but errors and the moves: no note that the game is over or that it is "
             "another player's turn.")
def moves(game, position, players, variant, viewer, as_json, quiet):
    """Every legal move in the position, one a line, in the notation of
    GAME (a bundled id or a spec .yaml; see its reference, <id>-reference.pdf). At a
    roll of the dice: each outcome and its probability."""
    from . import rules

    game_obj = rules.load(game, **rules.game_options(players, variant))
    state = _load_position(game_obj, position, players, variant)
    names = game_obj.player_names()
    report = {"game": game_obj.spec.game, "over": state.is_terminal(), "chance": False, "moves": [],
              "to_move": None, "note": None}
    if not state.is_terminal() and not state.is_chance_node():
        report["to_move"] = names[state.current_player]

    def note(text: str) -> None:
        report["note"] = text
        if as_json:
            _echo_json(report)
        elif not quiet:
            click.echo(text, err=True)

    if viewer is not None:
        # A name as the game writes it ("Blue (seat 1)"), or its colour alone, in any case;
        # a number is the seat a name shows, else the player's place in turn order.
        known = {n.casefold(): k for k, n in enumerate(names)}
        known.update({n.split(" (")[0].casefold(): k for k, n in enumerate(names) if " (" in n})
        seats = {int(m[1]): k for k, n in enumerate(names) for m in [re.search(r"\(seat (\d+)\)", n)] if m}
        if not viewer.strip().isdecimal():  # isdigit() also takes '²', which int() does not
            seat = known.get(viewer.strip().casefold())
        elif seats:
            seat = seats.get(int(viewer))
        else:
            seat = int(viewer) if int(viewer) < len(names) else None
        if seat is None:
            close = did_you_mean(viewer, [n.split(" (")[0] for n in names])
            raise PrintkitError(f"--as {viewer}: no such player;{close} players are {', '.join(names)}")
        report["as"] = names[seat]
        if state.current_player != seat and not state.is_terminal():
            # Another player's move, or the dice: nothing of it is this player's to see.
            note(f"not {names[seat].split(' (')[0]}'s turn")
            return
    if state.is_terminal():  # nothing on standard output, as for any position without moves
        note("the game is over: no move is legal")
        return
    if state.is_chance_node():
        report["chance"] = True
        report["moves"] = [{"move": state.action_to_string(action), "probability": probability}
                           for action, probability in state.chance_outcomes()]
    else:
        report["moves"] = [{"move": state.action_to_string(action)} for action in state.legal_actions()]
    if as_json:
        _echo_json(report)
        return
    for move in report["moves"]:
        click.echo(f"{move['move']}\t{move['probability']:.6g}" if "probability" in move else move["move"])


@main.command(short_help="Play moves and print the resulting position JSON.")
@click.argument("game", shell_complete=_complete_game)
@click.argument("move", nargs=-1)
@option("--position", type=click.Path(path_type=Path), default=None, help=_POSITION_HELP)
@option("--players", type=int, default=None, help=_PLAYERS_HELP)
@option("--variant", default=None, help=_VARIANT_HELP, shell_complete=_complete_variant)
@option("--output", "output", type=click.Path(dir_okay=False, path_type=Path), default=None, metavar="FILE",
        aliases=["-o"],
        help="Write the position to FILE (replaced only once every move is played) "
             "instead of printing it; it may be the --position file itself.")
@option("--json", "as_json", is_flag=True,
        help="The position is JSON already; with --json an error is JSON too, as "
             '{"error": ..., "findings": [{"file", "line", "column", "message", ...}]} (exit code 2).')
def apply(game, move, position, players, variant, output, as_json):
    """Play each MOVE (in the notation `printkit moves` lists) from the
    position, in order, and print the resulting position JSON; an illegal
    move is reported with its number and exits 2."""
    from . import rules

    game_obj = rules.load(game, **rules.game_options(players, variant))
    state = _load_position(game_obj, position, players, variant)
    for number, text in enumerate(move, 1):
        try:
            state.apply(state.string_to_action(text))
        except rules.IllegalAction as exc:
            raise PrintkitError(f"move {number} '{text}': {exc}") from None
    text = json.dumps(state.to_json(), indent=1, sort_keys=True)
    if output is None:
        click.echo(text)
        return
    from .writers.atomic import write_text

    try:
        write_text(output, text + "\n")
    except OSError as exc:
        raise PrintkitError(f"{output}: cannot write the position: {exc.strerror or exc}") from None


@main.command("new", short_help="Start a game of your own: a spec, a table of cards and rules that build at once.")
@click.argument("name")
@option("--dir", "folder", type=click.Path(file_okay=False, path_type=Path), default=Path("."),
        show_default=True, help="Where to make the game's folder NAME/.")
def new(name, folder):
    """Write a small game of your own into DIR/NAME/: NAME.yaml (its spec:
    a deck of cards, tokens and a die), cards.csv (a row per kind of card),
    rules.md (its rulebook) and icon.svg. `printkit build DIR/NAME/NAME.yaml`
    builds it as it is. Never replaces a file: one already there stops it
    (exit code 2) with nothing written."""
    from . import starter

    for path in starter.create(name, folder):
        click.echo(f"wrote {specs.display_path(path)}")
    click.echo(f"build it: printkit build {specs.display_path(Path(folder) / name / (name + '.yaml'))}")


if __name__ == "__main__":
    AS_COMMAND = True
    main()
