"""Bleed: colour fields that meet a cut line carry their colour past it, so a
cut that misses by a millimetre leaves no white edge; the bleed never paints
another piece, never reaches the edge a printer cannot print, and never
runs past a fold (only past cut lines)."""

from __future__ import annotations

import functools

import numpy as np
import pytest
from shapely.geometry import Point, Polygon
from shapely.ops import unary_union

from printkit import games, sheets
from printkit import spec as specs
from printkit.options import BuildOptions, resolve_options
from printkit.parts.bleed import BLEED, piece_area
from printkit.parts.core import ART, Fill
from test_kit_pdf import render


@functools.lru_cache(maxsize=None)
def imposed(game: str, **options):
    spec = specs.load(game)
    chosen = resolve_options(spec, BuildOptions(**options))
    module = games.stage(spec.game, "parts")
    return spec, sheets.impose(spec, module.parts(spec, chosen), chosen, module)


def _sheets_with_parts(game, **options):
    return [s for s in imposed(game, **options)[1] if s.placements]


# The sheets are laid out once (``imposed``) and a placement's items are moved
# once, so the same fills come back test after test: their shapes are made once.
_SHAPES: dict[int, tuple] = {}


def _shape(fill: Fill):
    known = _SHAPES.get(id(fill))
    if known is None or known[0] is not fill:
        known = _SHAPES[id(fill)] = (fill, Polygon(fill.points, [h for h in fill.holes if len(h) > 2]).buffer(0), [])
    return known[1]


def _grown(fill: Fill):
    """``_shape(fill)`` grown by a micrometre (a point on its edge is inside)."""
    _shape(fill)
    grown = _SHAPES[id(fill)][2]
    if not grown:
        grown.append(_shape(fill).buffer(1e-6))
    return grown[0]


@pytest.mark.parametrize("game", specs.bundled_games())
def test_bleed_stays_off_every_piece_and_inside_the_printable_area(game):
    edge = sheets.PRINTER_EDGE
    for sheet in _sheets_with_parts(game):
        pieces = unary_union([a for a in (piece_area(p.items()) for p in sheet.placements) if a is not None])
        for fill in sheet.bleed:
            assert fill.role == BLEED
            shape = _shape(fill)
            assert shape.intersection(pieces).area < 0.01, f"{game} sheet {sheet.number}: bleed on a piece"
            x0, y0, x1, y1 = shape.bounds
            assert x0 >= edge and y0 >= edge, (game, sheet.number)
            assert x1 <= sheet.paper.width - edge and y1 <= sheet.paper.height - edge, (game, sheet.number)


def _runs_along_cut(sheet, least: float = 6.0):
    """(colour, midpoint, outward unit normal) of stretches of cut line at
    least ``least`` mm long that a coloured field runs along, with room
    for the bleed outside (no other piece within 4 mm)."""
    areas = [piece_area(p.items()) for p in sheet.placements]
    for placement, area in zip(sheet.placements, areas):
        if area is None:
            continue
        others = unary_union([a for a in areas if a is not None and a is not area])
        for item in placement.items():
            if not (isinstance(item, Fill) and item.role == ART and item.color.upper() != "#FFFFFF"):
                continue
            field = _shape(item)
            ring = list(field.exterior.coords)
            for (ax, ay), (bx, by) in zip(ring, ring[1:]):
                length = float(np.hypot(bx - ax, by - ay))
                if length < least:
                    continue
                mid = Point((ax + bx) / 2, (ay + by) / 2)
                if area.boundary.distance(mid) > 1e-3:
                    continue  # not on the cut line
                nx, ny = (by - ay) / length, -(bx - ax) / length
                if area.contains(Point(mid.x + nx * 0.5, mid.y + ny * 0.5)):
                    nx, ny = -nx, -ny  # point outwards
                probe = Point(mid.x + nx * 4, mid.y + ny * 4)
                if others.distance(probe) < 4 or not _printable(sheet, probe):
                    continue
                yield item.color, (mid.x, mid.y), (nx, ny)


def _printable(sheet, point, edge: float = 8.0) -> bool:
    return edge <= point.x <= sheet.paper.width - edge and edge <= point.y <= sheet.paper.height - edge


def _covered_by_bleed(sheet, colour, point) -> bool:
    return any(f.color == colour and _grown(f).contains(Point(point)) for f in sheet.bleed)


@pytest.mark.parametrize("game", specs.bundled_games())
def test_colour_fields_on_a_cut_line_bleed_two_millimetres_past_it(game):
    checked = 0
    for sheet in _sheets_with_parts(game):
        for colour, (x, y), (nx, ny) in _runs_along_cut(sheet):
            # A field only bleeds where it shows at the cut line: skip one hidden there by later art.
            for depth in (0.3, 1.0, 1.9):
                assert _covered_by_bleed(sheet, colour, (x + nx * depth, y + ny * depth)) or \
                    not _shows_at(sheet, colour, (x - nx * 0.2, y - ny * 0.2)), \
                    f"{game} sheet {sheet.number}: no {colour} bleed {depth} mm past the cut at ({x:.1f}, {y:.1f})"
            checked += 1
    if game != "tiles":  # tiles meet the grid's edge only at the diamonds' points: nothing to bleed
        assert checked, f"{game}: no coloured field meets a cut line"


def _shows_at(sheet, colour, point) -> bool:
    """Whether the topmost filled art at ``point`` has ``colour``."""
    top = None
    for item in sheet.part_items():
        if isinstance(item, Fill) and item.role == ART and _shape(item).contains(Point(point)):
            top = item.color
    return top == colour


@pytest.mark.parametrize("options, width", [({}, 2.0), ({"press": True}, 3.0), ({"bleed": 1.0}, 1.0)])
def test_bleed_is_as_wide_as_asked(options, width):
    """Measured straight out from a Unit block's cut line: colour to the bleed width, not beyond."""
    checked = 0
    for sheet in _sheets_with_parts("mckinney", **options):
        for colour, (x, y), (nx, ny) in _runs_along_cut(sheet):
            if _covered_by_bleed(sheet, colour, (x + nx * 0.3, y + ny * 0.3)):
                assert _covered_by_bleed(sheet, colour, (x + nx * (width - 0.05), y + ny * (width - 0.05)))
                assert not any(_shape(f).contains(Point(x + nx * (width + 0.05), y + ny * (width + 0.05)))
                               for f in sheet.bleed)
                checked += 1
    assert checked > 10


def test_ink_saver_prints_no_bleed():
    assert not any(s.bleed for s in _sheets_with_parts("mckinney", ink_saver=True))


def test_the_black_die_shows_black_past_its_cut_edge_when_printed(tmp_path):
    """Rendered: just outside the black die's outer cut lines the sheet is
    black, not white, so a cut that misses by a millimetre shows black."""
    from printkit import kit

    spec = specs.load("phoenix")
    result = kit.build(spec, BuildOptions(formats=("pdf",)), tmp_path)
    black = spec["dice"]["x"]["hex"]
    _, sheet_list = imposed("phoenix")
    dpi = 150
    for sheet in sheet_list:
        runs = [r for r in _runs_along_cut(sheet) if r[0] == black]
        if not runs:
            continue
        image, _ = render(result.kit_pdf, sheet.number - 1, dpi)
        for _, (x, y), (nx, ny) in runs:
            px = int(round((x + nx * 1.0) / 25.4 * dpi))
            py = int(round((sheet.paper.height - (y + ny * 1.0)) / 25.4 * dpi))
            assert image[py, px] < 80, f"white past the die's cut at ({x:.1f}, {y:.1f})"
        return
    pytest.fail("no black die face meets a cut line")


@pytest.mark.parametrize("game", specs.bundled_games())
def test_bleed_shows_past_every_cut_line_on_the_printed_page(game, tmp_path):
    """Rendered: a millimetre past each cut line a coloured field runs along,
    the page shows the field's colour, whatever else the part paints there
    (McKinney's B quadrants once painted their grey waste over the start
    square's bleed, so a cut a millimetre out left a grey edge)."""
    import pypdfium2 as pdfium

    from printkit.writers import pdf as pdf_writer

    _, laid = imposed(game)
    path = tmp_path / "kit.pdf"
    pdf_writer.write(laid, path, title=game)
    document = pdfium.PdfDocument(str(path))
    dpi = 150
    checked = 0
    for sheet in _sheets_with_parts(game):
        runs = [r for r in _runs_along_cut(sheet) if _covered_by_bleed(sheet, r[0], _out(r, 1.0))]
        if not runs:
            continue
        page = document[sheet.number - 1]
        # BGR from pdfium, read as RGB (the same values as through PIL)
        image = np.array(page.render(scale=dpi / 72).to_numpy()[:, :, 2::-1], dtype=float)
        for run in runs:
            colour = run[0]
            if not _shows_at(sheet, colour, _out(run, -0.2)):
                continue  # hidden at the cut by later art: it bleeds nothing there
            x, y = _out(run, 1.0)
            pixel = image[int(round((sheet.paper.height - y) / 25.4 * dpi)), int(round(x / 25.4 * dpi))]
            want = np.array([int(colour.lstrip("#")[i:i + 2], 16) for i in (0, 2, 4)])
            assert np.abs(pixel - want).max() <= 8, \
                f"{game} sheet {sheet.number}: {pixel} a millimetre past the cut at {run[1]}, not {colour}"
            checked += 1
    document.close()
    if game != "tiles":
        assert checked, f"{game}: no bleed measured"


def _out(run, depth: float):
    """The point ``depth`` mm outward (negative: inward) from a run's middle."""
    _, (x, y), (nx, ny) = run
    return (x + nx * depth, y + ny * depth)


@pytest.mark.parametrize("game", specs.bundled_games())
@pytest.mark.parametrize("press", [False, True])
def test_paper_shows_between_the_top_rows_bleed_and_the_title_stripe(game, press):
    # The stripe under each sheet's title is the kit's colours, as a top
    # part's bleed often is: with less than half a millimetre of paper
    # between them the two read as one band.
    from printkit.parts.identity import BAND

    for sheet in _sheets_with_parts(game, press=press):
        stripe = [f for f in sheet.furniture if isinstance(f, Fill) and f.stroke == BAND]
        if not stripe or not sheet.bleed:
            continue
        stripe_bottom = min(_shape(f).bounds[1] for f in stripe)
        bleed_top = max(_shape(f).bounds[3] for f in sheet.bleed)
        assert stripe_bottom - bleed_top >= 0.5, (game, press, sheet.number, stripe_bottom - bleed_top)
