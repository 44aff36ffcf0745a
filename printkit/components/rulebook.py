"""The rulebook of a game of one's own: its ``rules:`` Markdown file, set
by the same renderer as the bundled rulebooks, or, without one, a short
book listing the components.

The file lies beside the spec (``files``: never outside its folder), UTF-8,
at most ``MAX_BYTES``. A picture stands on a line of its own,
``![caption](target)``, and is drawn as a figure with its caption:

- ``![A card](part:Deck)``: the first part of the component named Deck,
  drawn as the kit prints it;
- ``![The board](board.png)``: a picture beside the spec (PNG, JPEG, SVG).

Anything else is Markdown as the bundled rulebooks take it (headings,
lists, tables, bold, code). The first ``#`` heading is the title; a file
without one gets the spec's title.
"""

from __future__ import annotations

import re

from ..errors import Problem, SpecError
from ..literal import as_written
from ..parts.core import Part, fitted_image
from ..sheets import plural
from ..spec import display_path
from .files import Refused, read, utf8_text

MAX_BYTES = 200_000
PICTURE = re.compile(r"^\s{0,3}!\[(?P<caption>[^\]]*)\]\(\s*<?(?P<target>[^)\s>]+)>?\s*\)\s*$")
FENCE = re.compile(r"^\s{0,3}(```|~~~)")
FIGURE_MM = 160.0  # about a text column: a figure this wide or wider fills it
PICTURE_DPI = 150  # a raster picture's size in the book, where it is smaller than the column


def _source(spec):
    """(shown file name, text) of the spec's rules file, or None without one."""
    name = spec.get("rules")
    if not name:
        return None
    from . import spec_folder

    try:
        path, data = read(spec_folder(spec), name, MAX_BYTES, "rulebook")
    except Refused as why:
        raise SpecError([spec.problem(("rules",), f"rules: {why}")]) from None
    shown = display_path(path)
    return shown, utf8_text(data, shown, "rules as UTF-8")


def pictures(spec) -> list[tuple[int, str, str]]:
    """(line, caption, target) of every picture the rules file shows."""
    source = _source(spec)
    if source is None:
        return []
    shown, text = source
    found, fenced = [], False
    for number, line in enumerate(text.splitlines(), 1):
        if FENCE.match(line):
            fenced = not fenced
            continue
        if fenced:
            continue
        match = PICTURE.match(line)
        if match:
            found.append((number, match["caption"].strip(), match["target"]))
        elif "![" in line:
            raise SpecError([Problem(shown, number, None, "a picture stands on a line of its own: "
                                     "![caption](file.png) or ![caption](part:NAME)")])
    return found


def figures(spec, options, component_parts) -> dict:
    """The drawings a custom rulebook may show: ``part:NAME`` for each
    component (its first part), ``FILE`` for each picture the rules show."""
    from . import Context, spec_folder

    offered = {}
    for name, made in component_parts.items():
        if made:
            first = made[0]
            offered[f"part:{name}"] = Part(first.name, first.width, first.height, list(first.items),
                                           kind="figure", meta={"caption": as_written(name)})
    source = _source(spec)
    if source is None:
        return offered
    shown = source[0]
    ctx = Context(spec, options, spec_folder(spec))
    for line, _, target in pictures(spec):
        if target.startswith("part:"):
            if target not in offered:
                names = ", ".join(sorted(k[5:] for k in offered)) or "none"
                raise SpecError([Problem(shown, line, None, f"no component named {target[5:]!r}; "
                                         f"the components are {names}")])
            continue
        picture = ctx.picture(target, lambda message, line=line: Problem(shown, line, None, message))
        if picture.kind == "raster":
            width = picture.width / PICTURE_DPI * 25.4
        else:
            width = picture.width * 25.4 / 72
        width = min(width, FIGURE_MM)
        height = width / picture.aspect
        offered[target] = Part(target, width, height, [fitted_image(picture, 0, 0, width, height)], kind="figure")
    return offered


def markdown(spec, options, figures_asked) -> str:
    """The rulebook's Markdown: the rules file's, its pictures as figures,
    or a short book listing the components."""
    source = _source(spec)
    if source is None:
        return _summary(spec, options, figures_asked)
    text = source[1]
    at = {line: (caption, target) for line, caption, target in pictures(spec)}
    out = []
    titled = False
    fenced = False
    for number, line in enumerate(text.splitlines(), 1):
        if FENCE.match(line):
            fenced = not fenced
        if not fenced and line.startswith("# "):
            titled = True
        if number in at:
            caption, target = at[number]
            offered = figures_asked.offered()
            part = offered[target]
            out.append(figures_asked(target, caption or None, width=_width(part)))
        else:
            out.append(line)
    body = "\n".join(out)
    if not titled:
        body = f"# {as_written(spec.get('title') or spec.id)}\n\n" + body
    return body


def _width(part) -> float:
    return max(0.05, min(1.0, part.width / FIGURE_MM))


def _summary(spec, options, figures_asked) -> str:
    """The book of a kit without rules: its title, description and components."""
    lines = [f"# {as_written(spec.get('title') or spec.id)}", ""]
    if spec.get("description"):
        lines += [as_written(spec["description"]), ""]
    if spec.get("credit"):
        lines += [as_written(spec["credit"]), ""]
    lines += ["## What is in the kit", ""]
    offered = figures_asked.offered()
    counts = component_counts(spec, options)
    for words, count, size in counts.values():
        lines.append(f"- {as_written(words)}: {count}{size}")
    lines.append("")
    for name in counts:
        key = f"part:{name}"
        if key in offered:
            lines.append(figures_asked(key, None, width=_width(offered[key])))
    lines += ["", ("This kit has no rules of its own yet: write them in a Markdown file beside the "
                   "spec and name it with `rules:` in the spec.")]
    return "\n".join(lines)


def component_counts(spec, options) -> dict:
    """Component name -> (what its pieces are called, how many, their size in words)."""
    from . import made_by_component

    out = {}
    for name, made in made_by_component(spec, options).items():
        # A round token's back printed apart is the back of a piece counted already.
        pieces = [part for part in made if not part.faces or any(side != "back" for _, side, _ in part.faces)]
        count = sum(part.pieces for part in pieces)
        words, size = name, ""
        if pieces:
            first = pieces[0]
            one = first.piece or first.name
            words = one if count == 1 else (first.plural or plural(one))
            w, h = first.meta.get("size", (first.width, first.height))
            size = f", {round(w, 1):g} x {round(h, 1):g} mm"
        out[name] = (words, count, size)
    return out
