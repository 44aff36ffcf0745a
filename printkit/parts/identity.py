"""A kit's title identity: one banner for its cover sheet, its box label and
its rulebook's first page, so the three read as one product.

The banner is the game's title in bold white on a near-black band, over a
stripe of the colours the kit prints (the players' colours, or a game's
own two), in equal parts left to right.
"""

from __future__ import annotations

from ..palette import printed_colours
from ..writers.fonts import fit_size, wrap
from .core import CUT, PT, Fill, Line, Part, Text, rect, translate

BAND = "#1E1E1E"
STRIPE_SHARE = 0.16  # of the banner's height
LABEL_W, LABEL_H = 90.0, 50.0  # mm: the box label


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
    size = fit_size(title, width - 8, min(26.0, band * 0.62 / PT), bold=True)
    # Cap height about 0.73 em: the letters sit in the middle of the band.
    items.append(Text(width / 2, stripe + band / 2 - 0.36 * size * PT, title, size=size, bold=True,
                      color="#FFFFFF"))
    return items


def box_label(spec, options, group: str, game_module=None, width: float = LABEL_W, height: float = LABEL_H) -> Part:
    """A label for the kit's box: the banner, who made the game, how many
    play and what it is, framed by a cut line; printed on the sheets of ``group``."""
    title = str(spec.get("title") or spec.id)
    part = Part("Box label", width, height, kind="label", group=group, rotatable=True)
    part.add(Line(rect(0, 0, width, height), role=CUT, closed=True))
    margin = 4.0
    banner = title_banner(title, kit_colours(spec, options, game_module), width - 2 * margin, 16.0)
    part.extend(translate(banner, margin, height - margin - 16.0))
    lines = []
    if spec.get("credit"):
        lines.append((str(spec["credit"]), 7.0, False))
    players = spec.get("players") or {}
    low, high = players.get("min"), players.get("max")
    if low and high:
        lines.append((f"{low} players" if low == high else f"{low} to {high} players", 8.5, True))
    if spec.get("description"):
        lines.append((str(spec["description"]), 7.0, False))
    lines.append(("A print-and-play kit: cut, fold and play", 7.0, False))
    top = height - margin - 16.0 - 5.5
    # Long words are broken and every line is kept; when they are too many for
    # the label, all of them are set smaller until the last clears the bottom.
    scale = 1.0
    while True:
        rows = [(line, size * scale, bold) for text, size, bold in lines
                for line in wrap(text, width - 2 * margin, size * scale, bold)]
        drop = sum(size * PT * 1.35 for _, size, _ in rows[:-1])
        if top - drop >= margin or scale <= 0.5:
            break
        scale -= 0.05
    y = top
    for line, size, bold in rows:
        part.add(Text(width / 2, y, line, size=size, bold=bold))
        y -= size * PT * 1.35
    return part
