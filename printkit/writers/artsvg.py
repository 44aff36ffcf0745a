"""A part's printed art as one SVG element, for screens (the live table).

The cut files of ``svg.py`` carry only cut and fold lines; this draws what
the kit's PDF prints: fills, art lines, circles and text, in the part's own
millimetre frame (y up) turned into SVG's (y down). Cut lines are drawn as
the thin black outline the sheets print; glue tabs, waste and guides, which
no one sees on a finished piece, are left out.
"""

from __future__ import annotations

from html import escape

from ..parts.core import ART, CUT, FOLDS, PT, Circle, Fill, Line, Text

_DIGITS = 2


def _n(value: float) -> str:
    text = f"{value:.{_DIGITS}f}".rstrip("0").rstrip(".")
    return "0" if text in ("-0", "") else text


def _points(points, height: float) -> str:
    return " ".join(f"{_n(x)},{_n(height - y)}" for x, y in points)


def _path(points, height: float, closed: bool) -> str:
    parts = [f"{'M' if i == 0 else 'L'}{_n(x)},{_n(height - y)}" for i, (x, y) in enumerate(points)]
    return "".join(parts) + ("Z" if closed else "")


def element(item, height: float) -> str:
    """One item as an SVG element string, or '' for what a finished piece does not show."""
    if isinstance(item, Fill):
        if item.role != ART:
            return ""
        d = _path(item.points, height, True) + "".join(_path(h, height, True) for h in item.holes)
        stroke = (f' stroke="{escape(item.stroke)}" stroke-width="{_n(item.stroke_pt * PT)}"'
                  if item.stroke else "")
        return f'<path d="{d}" fill="{escape(item.color)}" fill-rule="evenodd"{stroke}/>'
    if isinstance(item, Line):
        if item.role == CUT:
            colour, width, dash = "#000000", 0.25, None
        elif item.role in FOLDS:
            colour, width, dash = "#777777", 0.2, (2.0, 1.0)
        elif item.role == ART:
            colour, width = item.color, (item.width_pt if item.width_pt is not None else 0.5) * PT
            dash = tuple(d * PT for d in item.dash) if item.dash else None
        else:
            return ""
        extra = f' stroke-dasharray="{" ".join(_n(d) for d in dash)}"' if dash else ""
        tag = "polygon" if item.closed else "polyline"
        return (f'<{tag} points="{_points(item.points, height)}" fill="none" stroke="{escape(colour)}" '
                f'stroke-width="{_n(width)}" stroke-linejoin="round"{extra}/>')
    if isinstance(item, Circle):
        if item.role != ART:
            return ""
        fill = escape(item.fill) if item.fill else "none"
        stroke = (f' stroke="{escape(item.stroke)}" stroke-width="{_n(item.stroke_pt * PT)}"'
                  if item.stroke else "")
        cx, cy = item.center
        return f'<circle cx="{_n(cx)}" cy="{_n(height - cy)}" r="{_n(item.radius)}" fill="{fill}"{stroke}/>'
    if isinstance(item, Text):
        anchor = {"start": "start", "end": "end"}.get(item.anchor, "middle")
        x, y = _n(item.x), _n(height - item.y)
        turn = f' transform="rotate({_n(-item.angle)} {x} {y})"' if item.angle else ""
        weight = ' font-weight="bold"' if item.bold else ""
        return (f'<text x="{x}" y="{y}" font-size="{_n(item.size * PT)}" text-anchor="{anchor}" '
                f'fill="{escape(item.color)}" font-family="DejaVu Sans, sans-serif"{weight}{turn}>'
                f"{escape(item.text)}</text>")
    return ""


def group(items, height: float, **attributes) -> str:
    """The items as one ``<g>``, y turned down within ``height`` mm."""
    attrs = "".join(f' {k.replace("_", "-")}="{escape(str(v))}"' for k, v in attributes.items())
    return f"<g{attrs}>" + "".join(element(i, height) for i in items) + "</g>"


def document(items, width: float, height: float) -> str:
    """A standalone SVG of the items, 1 unit = 1 mm."""
    return (f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {_n(width)} {_n(height)}" '
            f'width="{_n(width)}mm" height="{_n(height)}mm">{group(items, height)}</svg>')
