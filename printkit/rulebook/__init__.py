"""The rulebook: a Jinja2 template per game, filled from the spec, set as PDF.

``write(spec, options, path)`` renders ``templates/<game>.md.j2`` (Jinja2 in
a sandbox, StrictUndefined) to a small Markdown subset, parses it with
markdown-it-py and sets it with ReportLab on the chosen paper, in embedded
TrueType fonts, with "page n of N" in every footer. Same spec and options,
same bytes.

A game's main template includes, when they exist,
``templates/<game>-clarifications.md.j2`` (the project's readings of the
rules) and ``templates/<game>-notation.md.j2`` (move notation and position
format). Figures are drawn from the game's own parts: see
:mod:`printkit.rulebook.figures`. A book whose last page would hold only a
line or three is set again with less space between blocks, so it ends on a
page worth printing. See :func:`printkit.rulebook.templating.context` for
the names a template sees.
"""

from __future__ import annotations

import io
from pathlib import Path

from ..errors import PrintkitError
from ..palette import cmyk_values
from ..writers.pdf import cmyk_only
from ..writers.fonts import register_fonts
from .markdown import LEADING, Centred, Renderer, Styles
from .pdf import RulebookDoc
from ..options import resolve_options
from .templating import REFERENCE_TEMPLATE, context, engine_facts, render, render_with_figures, template_name

__all__ = ["write", "render", "render_pdf", "context", "file_name", "reference_file_name", "template_name"]


# Space between blocks, as designed, then tighter; a last page filled less
# than STUB points deep (three lines of body text) asks for the next.
TIGHTER = (1.0, 0.8, 0.6)
STUB = 3.5 * LEADING


def file_name(spec) -> str:
    """The rulebook's file name inside a kit folder: ``<id>-rules.pdf``."""
    return f"{spec.id}-rules.pdf"


def reference_file_name(spec) -> str:
    """The reference's file name inside a kit folder: ``<id>-reference.pdf``."""
    return f"{spec.id}-reference.pdf"


def render_pdf(spec, options, templates_dir: Path | None = None, reference: bool = False) -> bytes:
    """The rulebook PDF of a spec, as bytes; with ``reference``, the game's
    reference for programs (notation, positions, commands, the engine's
    declarations) instead."""
    register_fonts()
    options = resolve_options(spec, options)
    name, extra = template_name(spec), None
    if reference:
        name, extra = REFERENCE_TEMPLATE, {"engine": engine_facts(spec, options)}
    markdown_text, figures = render_with_figures(spec, options, templates_dir, name, extra)
    first = None
    for tight in TIGHTER:
        data, pages, used = _set(spec, options, name, markdown_text, figures, tight)
        first = first or data
        # A last page of a line or three reads as a leftover: set the whole
        # book again with less space between blocks, until it moves back.
        if pages == 1 or used >= STUB:
            return data
    return first


def _set(spec, options, name, markdown_text, figures, tight: float) -> tuple[bytes, int, float]:
    """The PDF of Markdown text at ``tight`` spacing, its page count and how
    deep the least filled of its parts' last pages is (points)."""
    buffer = io.BytesIO()
    title = str(spec.get("title") or spec.id)
    what = "reference for programs" if name == REFERENCE_TEMPLATE else "rules"
    doc = RulebookDoc(buffer, options.paper, title=title, author=str(spec.get("author") or ""),
                      subject=f"{what}: {spec.get('description') or title}",
                      colour_space=cmyk_only(cmyk_values(spec)) if getattr(options, "press", False) else None)
    styles = Styles(ink_saver=bool(options.ink_saver), tight=tight)
    renderer = Renderer(doc.text_width, styles, source=f"rulebook {name}", figures=figures.by_marker(),
                        height=doc.text_height, banner=_banner(spec, options, doc.figure_width, styles),
                        figure_width=doc.figure_width)
    story = renderer.flowables(markdown_text)
    if not story:
        raise PrintkitError(f"{name}: the template produced no text")
    doc.build_story(story, footer=title)
    # The least filled of the pages that end a part: the book's last, and any
    # a page break ends (the page before the turn summary).
    return buffer.getvalue(), doc.page, min([doc.used, *doc.part_ends])


def _banner(spec, options, width_pt: float, styles):
    """A function of the title text giving the kit's title banner
    (``parts.identity``) ``width_pt`` wide, centred over the text column, as
    the cover sheet and the box label show it; None in ink-saver mode, which
    keeps the plain title rather than print a band of black."""
    if options.ink_saver:
        return None
    from ..parts.core import Part
    from ..parts.identity import kit_colours, title_banner
    from ..writers.pdf import MM
    from .figures import PartDrawing

    from .. import games

    try:
        module = games.stage(spec.game, "parts")
    except PrintkitError:  # a game without a part generator: the spec's colours
        module = None
    width, height = width_pt / MM, 18.0
    colours = kit_colours(spec, options, module)

    def banner(title: str):
        part = Part("title", width, height, items=title_banner(title, colours, width, height))
        drawing = Centred(PartDrawing(part, width_pt, height * MM, styles.fonts, False))
        drawing.spaceAfter = 8
        return drawing

    return banner


def write(spec, options, path: Path, templates_dir: Path | None = None, reference: bool = False) -> Path:
    """Render the rulebook of ``spec`` with ``options`` (a kit.BuildOptions) to a PDF.

    ``path`` is the PDF's path; if it is an existing folder the file is
    ``<folder>/<id>-rules.pdf`` (``<id>-reference.pdf`` for the reference).
    ``templates_dir``, if given, is searched for templates before printkit's
    own. Returns the path written. Raises PrintkitError (naming the template
    file and line) for a missing template, a template syntax error, an
    undefined value or a forbidden operation in a template."""
    path = Path(path)
    if path.is_dir():
        path = path / (reference_file_name(spec) if reference else file_name(spec))
    data = render_pdf(spec, options, templates_dir, reference)
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(data)
    except OSError as exc:
        raise PrintkitError(f"{path}: cannot write rulebook: {exc.strerror}") from None
    return path
