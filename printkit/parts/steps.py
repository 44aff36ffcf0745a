"""Numbered steps for a cover sheet: how to make a kit, in a few lines.

``numbered_steps(title, steps, width, height)`` sets ``title`` in bold over
the steps, each numbered, its words wrapped to the width, in an area of
``width`` x ``height`` mm whose lower left is the origin. The words flow
round rectangles kept clear beside them (a drawing, the room a box label
needs): a line beside one is shortened to pass it, or moves below it
where too little width is left. The steps take the
largest size from ``size`` down to ``smallest`` at which all of them fit;
rectangles in ``spare`` are given up before the steps are cut short (a box
label finds room elsewhere), and steps that still do not fit are left out
whole, never half.
"""

from __future__ import annotations

from ..writers.fonts import text_width_mm
from .core import ASCENT, DESCENT, PT, Text

# Every kit's first step: card, and the scale check before anything is cut.
PRINT_STEP = "Print at 100% on card if you can (160-220 g/m2); check the scale square first."
TITLE_PT = 10.0
NUMBER_W = 6.0  # mm from a step's number to its words (at 8 points)
LEADING = 0.475  # mm of line spacing per point of type
STEP_GAP = 1.2  # mm between two steps
SIZE_STEP = 0.25  # points
RIGHT_SPARE = 2.0  # mm left free at the right end of a line
NARROWEST = 40.0  # mm: words never run in a narrower gap beside what is kept clear


def numbered_steps(title: str, steps: list[str], width: float, height: float, *, size: float = 8.0,
                   smallest: float = 6.0, keep_clear=(), spare=()) -> list:
    """The title and numbered steps as Text items (see the module doc).
    ``keep_clear`` and ``spare`` hold rectangles (x0, y0, x1, y1) in the
    area's own millimetres."""
    for clear in (tuple(keep_clear) + tuple(spare), tuple(keep_clear)):
        pt = size
        while pt >= smallest - 1e-9:
            items, placed = _layout(title, steps, width, height, pt, clear)
            if placed == len(steps):
                return items
            pt -= SIZE_STEP
    return _layout(title, steps, width, height, smallest, tuple(keep_clear))[0]


def steps_fit(title: str, steps: list[str], width: float, height: float, *, size: float = 6.0,
              keep_clear=()) -> bool:
    """Whether every step fits at ``size`` points, clear of ``keep_clear``."""
    return _layout(title, steps, width, height, size, tuple(keep_clear))[1] == len(steps)


def _span(y: float, pt: float, width: float, clear) -> tuple[float, float]:
    """The free stretch (left, right) of a line on baseline ``y``, past every
    rectangle beside it: one that starts at the left edge pushes its left
    end in, any other pulls its right end back, with a millimetre to spare."""
    low, high = y - DESCENT * pt * PT - 0.5, y + ASCENT * pt * PT + 0.5
    left, right = 0.0, width
    for x0, y0, x1, y1 in clear:
        if y0 < high and low < y1:
            if x0 <= 1e-9:
                left = max(left, x1 + 1.0)
            else:
                right = min(right, x0 - 1.0)
    return left, right


def _layout(title: str, steps: list[str], width: float, height: float, pt: float, clear) -> tuple[list, int]:
    """(items, how many steps fit whole) at ``pt`` points."""
    title_y = height - 4.0
    items: list = []
    if title:
        left, _ = _span(title_y, TITLE_PT, width, clear)
        items.append(Text(left, title_y, title, size=TITLE_PT, bold=True, anchor="start"))
    line_h = LEADING * pt
    indent = NUMBER_W * pt / 8.0
    y = height - 10.0 if title else height - ASCENT * pt * PT
    placed = 0
    for n, step in enumerate(steps, 1):
        lines: list[Text] = []
        words = step.split()
        k = 0
        while k < len(words):
            if y - DESCENT * pt * PT < 0:
                return items, placed
            left, right = _span(y, pt, width, clear)
            room = right - left - indent - RIGHT_SPARE
            if room < NARROWEST and right - left < width - 1e-9:  # a sliver beside a drawing: go below it
                y -= line_h
                continue
            line = words[k]
            k += 1
            while k < len(words) and text_width_mm(f"{line} {words[k]}", pt) <= room:
                line = f"{line} {words[k]}"
                k += 1
            if text_width_mm(line, pt) > room:  # a word wider than the room beside a drawing: next line
                if room >= width - indent - RIGHT_SPARE - 1e-9:
                    return items, placed
                k -= len(line.split())
                y -= line_h
                continue
            if not lines:
                lines.append(Text(left, y, f"{n}.", size=pt, bold=True, anchor="start"))
            lines.append(Text(left + indent, y, line, size=pt, anchor="start"))
            y -= line_h
        items += lines
        placed += 1
        y -= STEP_GAP
    return items, placed
