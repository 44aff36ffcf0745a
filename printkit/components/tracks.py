"""Tracks and sliders: a strip of numbered spaces and the markers that slide along it.

    components:
      - type: track
        name: Score
        spaces: 30              # numbered from start; or labels: [Dawn, Noon, Dusk]
        start: 0
        every: 5                # every fifth space shaded, its number bold
        cell_mm: 18
        markers: [{fill: "#D55E00", label: A}, {fill: "#0072B2", label: B}]
      - type: slider
        name: Slider A
        rows: [Paper, Rock]     # what the two values of each notch count
        notches: [[1, 3], [2, 2], [3, 1]]
        start: 1                # the notch a marker starts on (0 is the first)
        cell_mm: 16
        markers: [{fill: "#009E73"}]

A strip longer than the paper is cut into sections joined by glue tabs
(``printkit.parts.sections``). A slider is a track whose every space (a
notch) shows a pair of values, the two rows named at its start, its start
notch framed, as McKinney's sliders are. Each marker is a square
``marker_mm`` across (by default a space less the clearance a piece keeps
on its cell); one that does not fit a space is refused
(``printkit.footprint``).
"""

from __future__ import annotations

from ..errors import SpecError
from ..footprint import CLEARANCE
from ..parts.core import ASCENT, CUT, CUT_CLEAR, DESCENT, INK, MIN_TEXT_PT, PT, Fill, Line, Part, Text, rect
from ..parts.sections import sections
from ..writers.fonts import fit_size, text_width_mm

TYPES = ("track", "slider")

SPACE = "#FFFFFF"
MARKED = "#E6E6E6"
GRID_INK = "#555555"
START_PT = 1.6
NUMBER_PT = 11.0
DEFAULT_CELL = 18.0
DEFAULT_TAB = 8.0


def spaces(component: dict) -> list:
    """What each space shows: a number or a label (track), or a pair (slider)."""
    if component["type"] == "slider":
        return [tuple(str(v) for v in pair) for pair in component["notches"]]
    if component.get("labels"):
        return [str(v) for v in component["labels"]]
    start = int(component.get("start", 0))
    return [str(start + k) for k in range(int(component.get("spaces", 20)))]


def cell_size(component: dict) -> float:
    return float(component.get("cell_mm", DEFAULT_CELL))


def marker_size(component: dict) -> float:
    """A marker's side: as given, else a space with the clearance free on every side and a little play."""
    return float(component.get("marker_mm", cell_size(component) - 2 * CLEARANCE - 1.0))


def _head(component: dict, ctx, size: float):
    """The first cell's art: the track's name (and a slider's two rows), read along the strip."""
    name = ctx.name()

    def draw(x: float, y: float) -> list:
        room = size - 2 * CUT_CLEAR
        items = [Fill(rect(x, y, size, size), MARKED, stroke=GRID_INK, stroke_pt=0.5)]
        lines = [name] + (list(component.get("rows") or []) if component["type"] == "slider" else [])
        pt = min(fit_size(line, room, 9.0, bold=k == 0, smallest=MIN_TEXT_PT) for k, line in enumerate(lines))
        for k, line in enumerate(lines):
            if text_width_mm(line, pt, k == 0) > room + 1e-6:
                ctx.fail(("name",) if k == 0 else ("rows", k - 1),
                         f"{line!r} does not fit the track's first {size:g} mm space at {MIN_TEXT_PT:g} pt: "
                         "shorten it or make the spaces larger (cell_mm)")
        pitch = pt * PT * 1.25
        first = y + size / 2 + (len(lines) - 1) * pitch / 2 - (ASCENT - DESCENT) * pt * PT / 2
        for k, line in enumerate(lines):
            items.append(Text(x + size / 2, first - k * pitch, line, size=pt, bold=k == 0))
        return items

    return draw


def strip(component: dict, ctx) -> list[Part]:
    size = cell_size(component)
    shown = spaces(component)
    every = int(component.get("every", 5 if component["type"] == "track" and not component.get("labels") else 0))
    start = int(component.get("start", 0))
    head = _head(component, ctx, size)

    def draw(column, row, x, y, s):
        if column == 0:
            return head(x, y)
        k = column - 1
        value = shown[k]
        if component["type"] == "slider":
            items = [Fill(rect(x, y, s, s), SPACE, stroke=GRID_INK, stroke_pt=0.5),
                     Line(((x + 1.0, y + s / 2), (x + s - 1.0, y + s / 2)), role="art", color="#BBBBBB",
                          width_pt=0.4)]
            for half, text in zip((1, 0), value):
                pt = fit_size(text, s - 2 * CUT_CLEAR, min(NUMBER_PT, s / 2 / PT * 0.55), bold=half == 1,
                              smallest=MIN_TEXT_PT)
                if text_width_mm(text, pt, half == 1) > s - 2 * CUT_CLEAR + 1e-6:
                    ctx.fail(("notches", k), f"{text!r} does not fit a {s:g} mm notch at {MIN_TEXT_PT:g} pt: "
                                             "shorten it or make the notches larger (cell_mm)")
                items.append(Text(x + s / 2, y + half * s / 2 + s / 4 - (ASCENT - DESCENT) * pt * PT / 2, text,
                                  size=pt, bold=half == 1))
            if k == start:
                items.append(Line(rect(x + 1.0, y + 1.0, s - 2.0, s - 2.0), role="art", closed=True,
                                  width_pt=START_PT * 1.5))
            return items
        number = value.lstrip("-").isdigit()
        marked = bool(every) and number and int(value) % every == 0
        items = [Fill(rect(x, y, s, s), MARKED if marked else SPACE, stroke=GRID_INK, stroke_pt=0.5)]
        pt = fit_size(value, s - 2 * CUT_CLEAR, min(NUMBER_PT, s / PT * 0.4), bold=marked, smallest=MIN_TEXT_PT)
        if text_width_mm(value, pt, marked) > s - 2 * CUT_CLEAR + 1e-6:
            ctx.fail(("labels", k) if component.get("labels") else ("cell_mm",),
                     f"{value!r} does not fit a {s:g} mm space at {MIN_TEXT_PT:g} pt: shorten it or make the spaces "
                     "larger (cell_mm)")
        items.append(Text(x + s / 2, y + s / 2 - (ASCENT - DESCENT) * pt * PT / 2, value, size=pt, bold=marked))
        return items

    group = f"track-{ctx.name()}".lower().replace(" ", "-")
    out = sections(len(shown) + 1, 1, size, draw, float(component.get("glue_tab_mm", DEFAULT_TAB)),
                   name=ctx.name(), group=group, sized_by=(ctx.pointer("cell_mm"),))
    for part in out:
        part.kind = "track"
        part.meta["component"] = ctx.name()
        part.table = "tile"
    return out


def marker(component: dict, ctx, spec: dict, k: int) -> Part:
    m = marker_size(component)
    colour = spec.get("fill", "#FFFFFF")
    label = str(spec.get("label", ""))
    name = f"{ctx.name()} marker" + (f" {label}" if label else "")
    part = Part(name, m, m, kind="marker", group=f"track-{ctx.name()}".lower().replace(" ", "-"),
                abut=f"markers-{ctx.name()}", sized_by=(ctx.pointer("marker_mm"), ctx.pointer("cell_mm")),
                meta={"component": ctx.name(), "fill": colour}, faces=(("marker", "", (0.0, 0.0, m, m)),))
    part.add(Fill(rect(0, 0, m, m), colour, large=True))
    if label:
        # On a white disc, so it reads on any colour.
        room = m - 2 * CUT_CLEAR
        part.add(Fill(_disc(m / 2, m / 2, room / 2), "#FFFFFF"))
        pt = fit_size(label, room * 0.7, min(10.0, room / PT * 0.5), bold=True, smallest=MIN_TEXT_PT)
        part.add(Text(m / 2, m / 2 - (ASCENT - DESCENT) * pt * PT / 2, label, size=pt, bold=True, color=INK))
    part.add(Line(rect(0, 0, m, m), role=CUT, closed=True))
    part.table = "counter"
    return part


def _disc(cx: float, cy: float, r: float):
    from ..parts.core import regular_polygon

    return regular_polygon(cx, cy, r, 40)


def problems(component: dict, ctx, markers: list) -> list:
    from ..footprint import Cell, Piece, check

    out = []
    if component["type"] == "slider":
        if not 0 <= int(component.get("start", 0)) < len(component["notches"]):
            out.append(ctx.problem(("start",), f"start {component.get('start')} is not a notch: the notches are "
                                               f"0 to {len(component['notches']) - 1}"))
    if markers:
        size = cell_size(component)
        cell = Cell("space", "spaces", rect(0, 0, size, size), size, ctx.pointer("cell_mm"))
        piece = Piece(f"{ctx.name()} markers", rect(0, 0, markers[0].width, markers[0].height), cell,
                      sized_by=(ctx.pointer("marker_mm"),))
        out += check(ctx.spec, [piece])
    return out


def parts(component: dict, ctx) -> list[Part]:
    markers = []
    for k, spec in enumerate(component.get("markers") or []):
        markers += [marker(component, ctx, spec, k) for _ in range(int(spec.get("count", 1)))]
    found = problems(component, ctx, markers)
    if found:
        raise SpecError(found)
    return strip(component, ctx) + markers
