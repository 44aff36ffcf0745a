"""A board of a designer's own: a square or hex grid, its cells, regions and a score track.

    components:
      - type: board
        name: Board
        grid: square            # or hex (point up, every other row half a hex right)
        columns: 8
        rows: 8
        cell_mm: 30             # a square's side, a hex across its flats
        cells:                  # by name: column letter, row number from 1 at the bottom
          d4: {fill: "#F2D16B", label: "d4", text: "Well", icon: well.svg}
        map:                    # or whole rows as strings, the top row first
          - "R......B"
        legend:                 # what each character of the map stands for ("." is a plain cell)
          R: {fill: "#E8B4B4"}
        regions:                # a set of cells drawn with a fill and a border, named
          - {name: "Red base", cells: [a1, b1], fill: "#F4CCCC", border: "#CC0000"}
        track: {start: 0, every: 5}   # a numbered score track in a ring round the grid (square grids)

The board is cut into the fewest sections that fit the paper and joined by
glue tabs, as the bundled boards are (``printkit.parts.sections``).
``board_layout`` gives the board assembled, with its cells, for tables that
show a game (``printkit.table``).
"""

from __future__ import annotations

from ..parts.core import (ASCENT, CUT_CLEAR, DESCENT, INK, MIN_TEXT_PT, PT, Fill, Line, Part, Text, translate)
from ..parts.sections import FRAME, cell_sections, sections
from ..writers.fonts import fit_lines, fit_size, text_width_mm
from ..errors import SpecError
from .grid import SQUARE, Grid, cell_name, parse_name

TYPES = ("board",)

GRID_INK = "#555555"
TRACK_FILL = "#F2F2F2"
TRACK_MARK_FILL = "#D9D9D9"
BORDER_PT = 2.0
BORDER_INSET = 0.9  # mm inside a cell's edge: a region's border never runs over a seam
DEFAULT_TAB = 8.0
LABEL_PT = 6.5
TEXT_PT = 9.0


def grid_of(component: dict) -> Grid:
    return Grid(component.get("grid", SQUARE), int(component["columns"]), int(component["rows"]),
                float(component["cell_mm"]))


def _track(component: dict) -> dict | None:
    track = component.get("track")
    if track is None:
        return None
    return {"start": 0, "every": 5, **track}


def layout_grid(component: dict) -> tuple[Grid, int]:
    """The grid drawn (a square grid grows by a ring of track spaces) and how
    far the playing cells sit inside it (1 with a track, else 0)."""
    grid = grid_of(component)
    if _track(component) and grid.shape == SQUARE:
        return Grid(SQUARE, grid.columns + 2, grid.rows + 2, grid.size), 1
    return grid, 0


def track_spaces(columns: int, rows: int) -> list[tuple[int, int]]:
    """The ring of a (columns x rows) grid, clockwise from the top-left corner."""
    top, right = rows - 1, columns - 1
    ring = [(c, top) for c in range(columns)]
    ring += [(right, r) for r in range(top - 1, -1, -1)]
    ring += [(c, 0) for c in range(right - 1, -1, -1)]
    ring += [(0, r) for r in range(1, top)]
    return ring


def cell_specs(component: dict) -> dict:
    """{(column, row): {fill, label, text, icon}} from ``map``/``legend`` then ``cells``
    (a cell named in ``cells`` overrides what the map gives it)."""
    grid = grid_of(component)
    out: dict = {}
    legend = component.get("legend") or {}
    rows = component.get("map") or []
    for k, line in enumerate(rows):
        row = grid.rows - 1 - k
        for column, char in enumerate(line):
            if char in legend:
                out[(column, row)] = {**legend[char], "_from": ("legend", char)}
    for name, what in (component.get("cells") or {}).items():
        at = parse_name(name)
        if at is not None:
            out[at] = {**out.get(at, {}), **(what or {}), "_from": ("cells", name)}
    return out


def problems(component: dict, ctx) -> list:
    """What the schema cannot say: cell names on the grid, map rows the grid's
    width, map characters in the legend, a track only round a square grid."""
    grid = grid_of(component)
    out = []

    def named(name, at):
        cell = parse_name(str(name))
        if cell is None or not grid.inside(*cell):
            last = cell_name(grid.columns - 1, grid.rows - 1)
            out.append(ctx.problem(at, f"{name!r} is not a cell of this {grid.columns} x {grid.rows} board "
                                        f"(a1 to {last}: column letter, row number from 1 at the bottom)"))

    for name in component.get("cells") or {}:
        named(name, ("cells", name))
    rows = component.get("map") or []
    legend = component.get("legend") or {}
    if rows and len(rows) != grid.rows:
        out.append(ctx.problem(("map",), f"map has {len(rows)} rows; the board has {grid.rows}"))
    for k, line in enumerate(rows):
        if len(line) != grid.columns:
            out.append(ctx.problem(("map", k), f"map row {k + 1} has {len(line)} cells; "
                                                           f"the board has {grid.columns} columns"))
        unknown = sorted({c for c in line if c not in legend and c not in ". "})
        if unknown:
            out.append(ctx.problem(("map", k), f"map row {k + 1}: {', '.join(map(repr, unknown))} "
                                                           f"not in legend (a '.' is a plain cell)"))
    for r, region in enumerate(component.get("regions") or []):
        for c, name in enumerate(region.get("cells") or []):
            named(name, ("regions", r, "cells", c))
    if _track(component) and grid.shape != SQUARE:
        out.append(ctx.problem(("track",), "a score track runs round a square grid; "
                                                      "a hex board has none"))
    return out


# --- drawing -----------------------------------------------------------------------

def _icon(ctx, keys: tuple, ref: str, cx: float, cy: float, size: float) -> list:
    """An icon centred on (cx, cy), as large as fits ``size`` mm each way, its shape kept."""
    from ..parts import core

    fitted = getattr(core, "fitted_image", None)
    if not ref or fitted is None:
        return []
    return [fitted(ctx.image(keys, ref), cx - size / 2, cy - size / 2, size, size)]


def _cell_art(component: dict, ctx, grid: Grid, inset: int):
    """``draw(column, row)`` in the drawn grid's frame: every cell's art, the
    track's spaces included; and the names of the cells."""
    base = grid_of(component)
    specs = cell_specs(component)
    regions = component.get("regions") or []
    region_of: dict = {}
    region_label: dict = {}
    for r, region in enumerate(regions):
        cells = [parse_name(n) for n in region.get("cells") or []]
        for cell in cells:
            region_of[cell] = r
        if cells:
            # The name goes in the region's top-left cell, where a player reads it first.
            region_label[min(cells, key=lambda c: (-c[1], c[0]))] = r
    track = _track(component)
    ring = track_spaces(grid.columns, grid.rows) if track and inset else []
    ring_at = {cell: k for k, cell in enumerate(ring)}
    line_ink = component.get("lines", GRID_INK)
    s = grid.size

    def draw(column: int, row: int) -> list:
        outline = grid.outline(column, row)
        cx, cy = grid.centre(column, row)
        top = max(y for _, y in outline)
        if (column, row) in ring_at:
            k = ring_at[(column, row)]
            number = track["start"] + k
            marked = track["every"] and number % track["every"] == 0
            items = [Fill(outline, TRACK_MARK_FILL if marked else TRACK_FILL, stroke=line_ink, stroke_pt=0.5)]
            text = str(number)
            items.append(Text(cx, cy - 0.35 * ASCENT * TEXT_PT * PT * 1.6, text, bold=marked,
                              size=fit_size(text, s - 2 * CUT_CLEAR, min(TEXT_PT * 1.6, s / PT * 0.4), marked,
                                            smallest=MIN_TEXT_PT)))
            return items
        cell = (column - inset, row - inset)
        what = specs.get(cell, {})
        r = region_of.get(cell)
        fill = what.get("fill") or (regions[r].get("fill") if r is not None else None) or "#FFFFFF"
        items = [Fill(outline, fill, stroke=line_ink, stroke_pt=0.5, large=fill.upper() != "#FFFFFF")]
        if r is not None and regions[r].get("border"):
            inner = grid.outline(column, row, BORDER_INSET)
            others = grid.neighbours(*cell)
            for e, other in enumerate(others):
                if region_of.get(other) != r:
                    a, b = inner[e], inner[(e + 1) % len(inner)]
                    items.append(Line((a, b), role="art", color=regions[r]["border"], width_pt=BORDER_PT))
        room = s * (0.86 if grid.shape == SQUARE else 0.7) - 2 * BORDER_INSET
        # An icon and words share the cell: the icon above the middle, the words below it.
        both = bool(what.get("icon") and what.get("text"))
        if what.get("icon"):
            side = s * (0.32 if both else 0.5)
            items += _icon(ctx, what["_from"] + ("icon",), what["icon"], cx, cy + (side * 0.55 if both else 0.0),
                           side)
        if what.get("label"):
            text = str(what["label"])
            size = fit_size(text, room, LABEL_PT, smallest=MIN_TEXT_PT)
            if text_width_mm(text, size) > room + 1e-6:
                ctx.fail(what["_from"] + ("label",), f"{text!r} does not fit across a {s:g} mm cell "
                                                     f"({room:.1f} mm at {MIN_TEXT_PT:g} pt): shorten it")
            y = top - (CUT_CLEAR if grid.shape == SQUARE else s * 0.22) - ASCENT * size * PT
            items.append(Text(cx, y, text, size=size))
        if what.get("text"):
            text = str(what["text"])
            fit = fit_lines(text, room, TEXT_PT, most=2 if both else 3, smallest=MIN_TEXT_PT,
                            height_mm=s * (0.3 if both else 0.5))
            if fit is None:
                lines = "two lines under its icon" if both else "three lines"
                ctx.fail(what["_from"] + ("text",), f"{text!r} does not fit a {s:g} mm cell in {lines} "
                                                    f"of {MIN_TEXT_PT:g} pt: shorten it")
            size, lines = fit
            pitch = size * PT * 1.2
            middle = cy - s * 0.2 if both else cy
            first = middle + (len(lines) - 1) * pitch / 2 - (ASCENT - DESCENT) * size * PT / 2
            items += [Text(cx, first - k * pitch, line, size=size) for k, line in enumerate(lines)]
        if (column - inset, row - inset) in region_label:
            region = regions[region_label[cell]]
            name = str(region.get("name", ""))
            if name:
                size = fit_size(name, room, 7.0, bold=True, smallest=MIN_TEXT_PT)
                if text_width_mm(name, size, bold=True) > room + 1e-6:
                    ctx.fail(("regions", region_label[cell], "name"), f"{name!r} does not fit across a "
                                                                      f"{s:g} mm cell at {MIN_TEXT_PT:g} pt: "
                                                                      "shorten it")
                low = min(y for _, y in outline)
                y = low + (CUT_CLEAR if grid.shape == SQUARE else s * 0.2) + DESCENT * size * PT + 0.6
                items.append(Text(cx, y, name, size=size, bold=True, color=region.get("border", INK)))
        return items

    names = {}
    for column, row in grid.keys():
        if (column, row) in ring_at:
            names[(column, row)] = f"track-{track['start'] + ring_at[(column, row)]}"
        elif base.inside(column - inset, row - inset):
            names[(column, row)] = cell_name(column - inset, row - inset)
    return draw, names


def parts(component: dict, ctx) -> list[Part]:
    """The board in sections that fit the paper, joined by glue tabs."""
    found = problems(component, ctx)
    if found:
        raise SpecError(found)
    grid, inset = layout_grid(component)
    draw, _ = _cell_art(component, ctx, grid, inset)
    name = str(component.get("name", "Board"))
    tab = float(component.get("glue_tab_mm", DEFAULT_TAB))
    sized_by = (ctx.pointer("cell_mm"), ctx.pointer("columns"), ctx.pointer("rows"))
    group = f"board-{component.get('name', 'board')}".lower().replace(" ", "-")
    if grid.shape == SQUARE:
        out = sections(grid.columns, grid.rows, grid.size, lambda c, r, x, y, s: draw(c, r), tab, name=name,
                       group=group, sized_by=sized_by)
        for part in out:  # in the frame of board_layout: origin at the frame's lower-left corner
            ox, oy = part.meta["origin"]
            part.table, part.board_at = "board", (ox + FRAME, oy + FRAME)
    else:
        cells = {key: (grid.centre(*key), grid.outline(*key)) for key in grid.keys()}
        out = cell_sections(cells, lambda key: draw(*key), tab, name=name, group=group, sized_by=sized_by)
    for part in out:
        part.meta["component"] = component.get("name", "board")
        part.meta["cell_mm"] = grid.size
        part.meta["cell_shape"] = grid.shape
    return out


def board_layout(component: dict, ctx):
    """The board assembled (``printkit.table.Board``): the cells' art in the
    board's frame (origin at its lower-left corner, the frame included), and
    each cell by its name, the track's spaces as ``track-<number>``."""
    from ..table import Board, Cell

    grid, inset = layout_grid(component)
    draw, names = _cell_art(component, ctx, grid, inset)
    items: list = []
    for key in grid.keys():
        items += draw(*key)
    width, height = grid.extent()
    items = translate(items, FRAME, FRAME)
    cells = []
    for key in grid.keys():
        if key in names:
            cx, cy = grid.centre(*key)
            outline = tuple((x + FRAME, y + FRAME) for x, y in grid.outline(*key))
            cells.append(Cell(names[key], (cx + FRAME, cy + FRAME), outline))
    return Board(width + 2 * FRAME, height + 2 * FRAME, tuple(items), tuple(cells))


def footprint_cell(component: dict, ctx):
    """What a piece stands on on this board (``printkit.footprint.Cell``)."""
    from ..footprint import Cell

    grid = grid_of(component)
    key = ctx.pointer("cell_mm")
    noun = "square" if grid.shape == SQUARE else "hex"
    name = component.get("name", "board")
    return Cell(f"{noun} of {name}", f"{noun}es of {name}" if noun == "hex" else f"squares of {name}",
                grid.outline(0, 0), grid.size, key)


def spec_board(spec, options):
    """The first board a custom spec lists, assembled (``board_layout``), or
    None: what a table stage of a game of one's own shows as its board."""
    from . import Context, spec_folder

    for index, component in enumerate(spec.data.get("components") or []):
        if component.get("type") == "board":
            return board_layout(component, Context(spec, options, spec_folder(spec)).at(index))
    return None
