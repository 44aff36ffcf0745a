"""A kit's title identity: one banner for its cover sheet, its box label and
its rulebook's first page, so the three read as one product.

The banner is the game's title in bold white on a near-black band, over a
stripe of the colours the kit prints (the players' colours, or a game's
own two), in equal parts left to right.
"""

from __future__ import annotations

from ..palette import printed_colours
from ..writers.fonts import LEADING, LEGIBLE_PT, fit_lines, wrap
from .core import CUT, PT, Fill, Line, Part, Text, rect, translate

BAND = "#1E1E1E"
STRIPE_SHARE = 0.16  # of the banner's height
LABEL_W, LABEL_H = 90.0, 50.0  # mm: the box label
BANNER_LINES = 3
MARGIN, BANNER_H = 4.0, 16.0  # mm: the box label's margin and its banner's height


def kit_colours(spec, options, game_module=None) -> list[str]:
    """The hex codes of the colours the kit prints (``palette.printed_colours``)."""
    colours = printed_colours(spec, options, game_module)
    if isinstance(colours, dict):
        return [v for v in colours.values() if isinstance(v, str) and v.startswith("#")]
    return [c["hex"] for c in colours if isinstance(c, dict) and "hex" in c]


def title_banner(title: str, colours: list[str], width: float, height: float = 15.0) -> list:
    """The banner ``width`` x ``height`` mm, its bottom-left corner at (0, 0)."""
    stripe = height * STRIPE_SHARE
    items: list = [Fill(rect(0, stripe, width, height - stripe), BAND)]
    shown = colours or [BAND]
    step = width / len(shown)
    for k, colour in enumerate(shown):
        items.append(Fill(rect(k * step, 0, step, stripe), colour, stroke=BAND, stroke_pt=0.3))
    band = height - stripe
    size, lines = banner_lines(title, width, height)
    # Cap height about 0.73 em: the lines sit in the middle of the band.
    pitch = size * PT * LEADING
    first = stripe + band / 2 + (len(lines) - 1) * pitch / 2 - 0.36 * size * PT
    items += [Text(width / 2, first - k * pitch, line, size=size, bold=True, color="#FFFFFF")
              for k, line in enumerate(lines)]
    return items


def banner_lines(title: str, width: float, height: float) -> tuple[float, list[str]]:
    """The size and lines of ``title`` in a banner: one line shrunk to fit,
    else up to ``BANNER_LINES`` (``copyfit`` refuses a title that needs more)."""
    room, size, tall = banner_room(width, height)
    return fit_lines(title, room, size, bold=True, most=BANNER_LINES, height_mm=tall) \
        or (LEGIBLE_PT, wrap(title, room, LEGIBLE_PT, bold=True))


def banner_room(width: float, height: float) -> tuple[float, float, float]:
    """(width, largest size, height) the title has in a ``width`` x ``height`` mm banner."""
    band = height * (1 - STRIPE_SHARE)
    return width - 8, min(26.0, band * 0.62 / PT), band - 2


def box_label(spec, options, group: str, game_module=None, width: float = LABEL_W, height: float = LABEL_H) -> Part:
    """A label for the kit's box: the banner, who made the game, how many
    play and what it is, framed by a cut line; printed on the sheets of ``group``."""
    title = str(spec.get("title") or spec.id)
    part = Part("Box label", width, height, kind="label", group=group, rotatable=True)
    part.add(Line(rect(0, 0, width, height), role=CUT, closed=True))
    margin = MARGIN
    banner = title_banner(title, kit_colours(spec, options, game_module), width - 2 * margin, BANNER_H)
    part.extend(translate(banner, margin, height - margin - BANNER_H))
    top = height - margin - BANNER_H - 5.5
    rows, _ = label_rows(spec, width - 2 * margin, top - margin)
    y = top
    for line, size, bold in rows:
        part.add(Text(width / 2, y, line, size=size, bold=bold))
        y -= size * PT * 1.35
    return part


def label_fits(spec) -> bool:
    """Whether the lines under the banner of a ``LABEL_W`` x ``LABEL_H`` box label fit it."""
    return label_rows(spec, LABEL_W - 2 * MARGIN, LABEL_H - 2 * MARGIN - BANNER_H - 5.5)[1]


def label_rows(spec, width: float, drop: float) -> tuple[list[tuple[str, float, bool]], bool]:
    """The lines under a box label's banner, each (words, size, bold), and
    whether they fit: within ``width`` and ``drop`` from the first baseline
    to the last at a legible size. Long words are broken and every line is
    kept; when they are too many, all of them are set smaller, down to 6 pt,
    and then the kit's own tag line gives its room to the spec's words."""
    lines = []
    if spec.get("credit"):
        lines.append((str(spec["credit"]), 7.0, False))
    players = spec.get("players") or {}
    low, high = players.get("min"), players.get("max")
    if low and high:
        lines.append((f"{low} players" if low == high else f"{low} to {high} players", 8.5, True))
    if spec.get("description"):
        lines.append((str(spec["description"]), 7.0, False))
    rows, fits = _shrunk(lines + [("A print-and-play kit: cut, fold and play", 7.0, False)], width, drop)
    return (rows, fits) if fits else _shrunk(lines, width, drop)


def _shrunk(lines, width: float, drop: float) -> tuple[list[tuple[str, float, bool]], bool]:
    scale, least = 1.0, LEGIBLE_PT / min(size for _, size, _ in lines)
    while True:
        rows = [(line, size * scale, bold) for text, size, bold in lines
                for line in wrap(text, width, size * scale, bold)]
        fits = sum(size * PT * 1.35 for _, size, _ in rows[:-1]) <= drop
        if fits or scale - 0.05 < least - 1e-9:
            return rows, fits
        scale -= 0.05
