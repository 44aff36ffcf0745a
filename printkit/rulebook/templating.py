"""Rulebook templates: Jinja2 in a sandbox, producing a small Markdown subset.

Templates may come from users, so they run in Jinja's immutable sandbox: no
attribute starting with an underscore, no calls into Python internals, no
changes to the spec. Undefined values are errors (StrictUndefined): a
rulebook that silently prints nothing where a count belongs is worse than
one that does not build. Every failure becomes a PrintkitError naming the
template file and line.
"""

from __future__ import annotations

import copy
import math
from pathlib import Path

import jinja2
from jinja2.sandbox import ImmutableSandboxedEnvironment

from .. import TEMPLATES_DIR, games
from ..errors import PrintkitError
from ..literal import protect, restore
from ..options import resolve_options
from ..palette import printed_colours
from ..sheets import PAPERS
from ..sheets import plural as plural_of
from ..spec import display_path
from .figures import Figures

TEMPLATE_SUFFIX = ".md.j2"
REFERENCE_TEMPLATE = "reference.md.j2"  # every game's reference for programs, one template


# --- helpers the templates may call (as functions or as filters) -----------

def plural(count, word: str, plural_word: str | None = None) -> str:
    """``plural(8, "Unit")`` -> "8 Units"; ``plural(1, "die", "dice")`` -> "1 die"."""
    many = plural_word if plural_word is not None else plural_of(word)
    return f"{number(count)} {word if count == 1 else many}"


def number(value) -> str:
    """A count or a size without a useless ".0": 22.0 -> "22", 1.5 -> "1.5"."""
    if isinstance(value, bool):
        return str(value)
    if isinstance(value, float) and math.isfinite(value) and value.is_integer():
        return str(int(value))
    if isinstance(value, float):
        return f"{value:.2f}".rstrip("0").rstrip(".")
    return str(value)


def and_list(items, conjunction: str = "and") -> str:
    """["Rock", "Paper", "Scissors"] -> "Rock, Paper and Scissors"."""
    items = [str(i) for i in items]
    if len(items) <= 1:
        return "".join(items)
    return f"{', '.join(items[:-1])} {conjunction} {items[-1]}"


def inches(mm, places: int = 2) -> str:
    """Millimetres as inches for Letter users: 22 -> "0.87"."""
    return f"{mm / 25.4:.{places}f}".rstrip("0").rstrip(".")


def span(low, high, joiner: str = " to ") -> str:
    """A range of counts: span(2, 4) -> "2 to 4"; span(2, 2) -> "2"."""
    return number(low) if low == high else f"{number(low)}{joiner}{number(high)}"


HELPERS = {"plural": plural, "number": number, "and_list": and_list,
           "inches": inches, "span": span}


# --- the environment --------------------------------------------------------

class _CompiledOnce(jinja2.BytecodeCache):
    """Each template compiled once a process, not at every rulebook: a kit
    writes two and ``build --all`` ten. Jinja keys what it keeps by the
    template's name and file and checks it against the source's checksum, so
    a template changed meanwhile is compiled afresh."""

    def __init__(self):
        self.compiled: dict[str, bytes] = {}

    def load_bytecode(self, bucket) -> None:
        code = self.compiled.get(bucket.key)
        if code is not None:
            bucket.bytecode_from_string(code)

    def dump_bytecode(self, bucket) -> None:
        self.compiled[bucket.key] = bucket.bytecode_to_string()


_COMPILED = _CompiledOnce()


def environment(templates_dir: Path | None = None) -> ImmutableSandboxedEnvironment:
    """The sandboxed Jinja environment; user templates are searched first."""
    search = [str(Path(templates_dir))] if templates_dir else []
    search.append(str(TEMPLATES_DIR))
    env = ImmutableSandboxedEnvironment(
        loader=jinja2.FileSystemLoader(search, encoding="utf-8"),
        undefined=jinja2.StrictUndefined,
        autoescape=False,  # the output is Markdown; the PDF stage escapes text
        finalize=protect,  # what a template prints is text, never Markdown (see literal)
        trim_blocks=True,
        lstrip_blocks=True,
        keep_trailing_newline=True,
        bytecode_cache=_COMPILED,  # every environment is made with these same settings
    )
    env.globals.update(HELPERS)
    env.filters.update(HELPERS)
    env.globals["template_exists"] = lambda name: _exists(env, name)
    return env


def _exists(env, name: str) -> bool:
    """Whether a template can be loaded: lets a rulebook add a heading only
    when an optional include (clarifications, notation) is there."""
    try:
        env.get_template(str(name))
    except jinja2.TemplateNotFound:
        return False
    return True


def context(spec, options, figures: Figures | None = None) -> dict:
    """The names a rulebook template sees.

    ``options`` are checked and completed as a kit build does
    (``kit.resolve_options``), so a rulebook on its own says what the kit's
    would.

    - ``spec``: the spec's data (a copy; templates cannot change it)
    - ``game_id``: the kit's id (``spec.id``), ``rule_set``: the game it plays
    - ``options``: paper, paper_name, colors (how many are printed),
      ink_saver, variant, sheet_per_colour
    - ``players``: min, max and text ("2 to 4")
    - ``colors``: the player colours this kit prints: the game's parts
      ``kit_colors(spec, options)`` where it has one (the sheets print the
      same), else the first ``options.colors`` of the spec's (a game whose
      ``colors`` is not a list of players, like tiles, gets it as it is)
    - helpers: plural, number, and_list, inches, span (also as filters),
      template_exists(name)
    - ``figure(name, caption=None, width=1.0, actual_size=False)``: a drawing
      from the game's parts (``printkit.parts.<game>.figures``), on a line of
      its own, scaled to ``width`` or at 1:1; see
      :mod:`printkit.rulebook.figures`
    - ``new_page()``: what follows starts a new page (on a line of its own)
    - ``examples``: worked examples the rules engine plays on the spec's own
      board and values (moves, positions), where the game's parts offer
      ``examples(spec, options)``; else empty. A template prints these
      rather than cells or values of its own, which another spec's board
      may not have.
    """
    options = resolve_options(spec, options)
    data = copy.deepcopy(spec.data)
    # The colours the sheets print, read where the sheets read them.
    palette = copy.deepcopy(printed_colours(spec, options, games.stage(spec.game, "parts")))
    seats = data.get("players") or {}
    if isinstance(seats, dict):
        low, high = seats.get("min"), seats.get("max")
    else:  # a plain count
        low = high = seats
    return {
        "spec": data,
        "game_id": spec.id,
        "rule_set": spec.game,
        "options": {
            "paper": options.paper,
            "paper_name": PAPERS[options.paper].name,
            "colors": options.colors,
            "ink_saver": bool(options.ink_saver),
            "variant": options.variant,
            "sheet_per_colour": bool(getattr(options, "sheet_per_colour", False)),
        },
        "players": {"min": low, "max": high,
                    "text": span(low, high) if low is not None else ""},
        "colors": palette,
        "figure": _figure_function(figures if figures is not None else Figures(spec, options)),
        "new_page": _new_page,
        "examples": _examples(spec, options),
    }


def _examples(spec, options) -> dict:
    """The game's worked examples for its templates (a copy: templates cannot change them)."""
    offer = getattr(games.optional_stage(spec.game, "parts"), "examples", None)
    return copy.deepcopy(offer(spec, options)) if offer else {}


def engine_facts(spec, options) -> dict:
    """What the rules engine declares about the game, for its reference: per
    player count the declared lengths and action space, whether there is
    chance and hidden information, and the observation tensor's parts."""
    rules = games.stage(spec.game, "rules")
    counts = getattr(games.stage(spec.game, "checks"), "player_counts", None)
    seats = spec.get("players") or {}
    if counts is not None:
        allowed = sorted(counts(spec, options.variant))
    elif isinstance(seats, dict) and seats.get("min"):
        allowed = list(range(seats["min"], seats["max"] + 1))
    else:
        allowed = [None]
    configurations = []
    for n in allowed:
        kwargs = {"players": n} if n is not None else {}
        if options.variant:
            kwargs["variant"] = options.variant
        game = rules.Game(spec, **kwargs)
        configurations.append({
            "players": game.num_players, "max_game_length": game.max_game_length,
            "num_distinct_actions": game.num_distinct_actions, "chance_bound": game.chance_bound,
            "utility": game.utility(), "perfect_information": game.perfect_information,
            "max_turns": getattr(game, "max_turns", None),
        })
    tensor = games.optional_stage(spec.game, "tensor")
    parts = []
    if tensor is not None:
        game = rules.Game(spec, **({"variant": options.variant} if options.variant else {}))
        parts = [{"name": name, "shape": " x ".join(str(k) for k in shape)}
                 for name, shape in tensor.shape(game).items()]
    return {
        "configurations": configurations,
        "tensor": {"doc": " ".join((tensor.__doc__ or "").split("\n\n", 1)[-1].split()) if tensor else "",
                   "parts": parts},
    }


def _new_page() -> str:
    """What follows starts a new page (on a line of its own, like a figure):
    a player aid that is to be printed or cut out on its own."""
    from .markdown import NEW_PAGE

    return f"\n\n{NEW_PAGE}\n\n"


def _figure_function(figures: Figures):
    """A plain function for the template, so it cannot reach the collector's state."""
    def figure(name, caption=None, width=1.0, actual_size=False):
        return figures(name, caption, width, actual_size)
    return figure


def template_name(spec) -> str:
    """The main rulebook template of a spec's game."""
    return f"{spec.game}{TEMPLATE_SUFFIX}"


def render(spec, options, templates_dir: Path | None = None, name: str | None = None,
           reference: bool = False) -> str:
    """Render a spec's rulebook template (or its reference) to Markdown text."""
    if reference:
        options = resolve_options(spec, options)
        return restore(render_with_figures(spec, options, templates_dir, REFERENCE_TEMPLATE,
                                           {"engine": engine_facts(spec, options)})[0])
    return restore(render_with_figures(spec, options, templates_dir, name)[0])


def render_with_figures(spec, options, templates_dir: Path | None = None,
                        name: str | None = None, extra: dict | None = None) -> tuple[str, Figures]:
    """The Markdown text of a spec's rulebook (or of template ``name``, with
    ``extra`` names beside the usual ones) and the figures it asked for; what
    the template printed is protected (``literal``) until the PDF stage sets it."""
    env = environment(templates_dir)
    own = name in (None, template_name(spec)) and getattr(games.optional_stage(spec.game, "parts"), "rulebook", None)
    name = name or template_name(spec)
    options = resolve_options(spec, options)
    figures = Figures(spec, options)
    if own:
        # A game whose spec brings its own rulebook (Markdown beside it) gives
        # the text itself, figures asked for as a template asks for them.
        return own(spec, options, figures), figures
    try:
        template = env.get_template(name)
        return template.render({**context(spec, options, figures), **(extra or {})}), figures
    except PrintkitError:
        raise
    except jinja2.TemplateSyntaxError as exc:
        where = _where(exc.filename or exc.name or name, exc.lineno)
        raise PrintkitError(f"{where}: template syntax error: {exc.message}") from None
    except jinja2.TemplateNotFound as exc:
        frame = _template_frame(exc)
        missing = ", ".join(getattr(exc, "templates", None) or [exc.name])
        if frame is None:
            dirs = " or ".join(str(display_path(Path(d))) for d in env.loader.searchpath)
            raise PrintkitError(f"no rulebook template {missing} in {dirs}") from None
        raise PrintkitError(f"{_where(*frame)}: template {missing} not found") from None
    except Exception as exc:  # anything a template's own code raised
        frame = _template_frame(exc)
        if frame is None:
            raise
        raise PrintkitError(f"{_where(*frame)}: {_describe(exc)}") from None


def _describe(exc: Exception) -> str:
    if isinstance(exc, jinja2.exceptions.SecurityError):
        return f"not allowed in a template: {exc}"
    if isinstance(exc, jinja2.UndefinedError):
        return f"undefined value: {exc}"
    return f"{type(exc).__name__}: {exc}"


def _template_frame(exc: BaseException) -> tuple[str, int] | None:
    """The innermost template file and line in an exception's traceback.

    Jinja rewrites tracebacks so that frames of compiled templates carry the
    template's file name and line."""
    found = None
    tb = exc.__traceback__
    while tb is not None:
        filename = tb.tb_frame.f_code.co_filename
        if filename.endswith(".j2") or filename == "<template>":
            found = (filename, tb.tb_lineno)
        tb = tb.tb_next
    return found


def _where(filename: str, line: int | None) -> str:
    where = display_path(Path(filename)) if filename and filename != "<template>" else "template"
    return f"{where}:{line}" if line else str(where)
