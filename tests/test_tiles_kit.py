"""The Rock Paper Scissors Tiles kit, measured in the files it writes."""

import copy
import ctypes
import re
import xml.etree.ElementTree as ET

import pypdfium2 as pdfium
import pypdfium2.raw as raw
import pytest
from pypdf import PdfReader

from printkit import kit, sheets, spec
from printkit.games.tiles import parts as tile_parts
from printkit.parts.core import ART, CUT, Fill, Line
from printkit.games.tiles.shapes import BLACK, WHITE, ShapeBook

MM = 25.4 / 72
TILE = 40.0


@pytest.fixture(scope="module")
def tiles_spec():
    return spec.load("tiles")


def build(tiles_spec, out, **options):
    return kit.build(tiles_spec, kit.BuildOptions(**options), out)


@pytest.fixture(scope="module", params=["letter", "a4"])
def built(request, tiles_spec, tmp_path_factory):
    out = tmp_path_factory.mktemp(f"kit-{request.param}")
    return request.param, build(tiles_spec, out, paper=request.param)


def pdf_paths(page):
    """Every path on a PDF page: points in mm, fill/stroke flags, fill colour, stroke width (pt)."""
    found = []
    for obj in page.get_objects():
        if obj.type != raw.FPDF_PAGEOBJ_PATH:
            continue
        handle = obj.raw
        matrix = obj.get_matrix()
        points = []
        for i in range(raw.FPDFPath_CountSegments(handle)):
            segment = raw.FPDFPath_GetPathSegment(handle, i)
            x, y = ctypes.c_float(), ctypes.c_float()
            raw.FPDFPathSegment_GetPoint(segment, x, y)
            px, py = matrix.on_point(x.value, y.value)
            points.append((px * MM, py * MM))
        fill, stroke = ctypes.c_int(), ctypes.c_int()
        raw.FPDFPath_GetDrawMode(handle, fill, stroke)
        r, g, b, a = (ctypes.c_uint() for _ in range(4))
        raw.FPDFPageObj_GetFillColor(handle, r, g, b, a)
        width = ctypes.c_float()
        raw.FPDFPageObj_GetStrokeWidth(handle, width)
        found.append({"points": points, "fill": bool(fill.value), "stroke": bool(stroke.value),
                      "color": (r.value, g.value, b.value), "width": width.value})
    return found


def area(points):
    pts = points[:-1] if points[0] == points[-1] else points
    return abs(sum(x1 * y2 - x2 * y1 for (x1, y1), (x2, y2) in zip(pts, pts[1:] + pts[:1]))) / 2


def black_triangles(paths, size=TILE):
    return [p for p in paths if p["fill"] and p["color"] == (0, 0, 0)
            and abs(area(p["points"]) - size * size / 2) < 1.0]


def tile_sheet_pages(pdf):
    """Pages whose title says they hold tiles."""
    pages = []
    for i in range(len(pdf)):
        text = pdf[i].get_textpage().get_text_range()
        if re.search(r"tiles \d+-\d+", text):
            pages.append(pdf[i])
    return pages


# --- measured in the PDF --------------------------------------------------

def test_tiles_are_40_mm_and_there_are_48(built):
    paper, result = built
    pdf = pdfium.PdfDocument(str(result.kit_pdf))
    pages = tile_sheet_pages(pdf)
    assert len(pages) == 2  # 24 tiles a sheet on both papers
    triangles = 0
    for page in pages:
        paths = pdf_paths(page)
        cuts = [seg for p in paths if p["stroke"] and not p["fill"] and abs(p["width"] - 0.4) < 0.01
                for seg in zip(p["points"], p["points"][1:])]
        verticals = [s for s in cuts if abs(s[0][0] - s[1][0]) < 1e-3 and abs(s[0][1] - s[1][1]) > 100]
        xs = sorted({round(v[0][0], 2) for v in verticals})
        low = min(y for v in verticals for _, y in v)
        high = max(y for v in verticals for _, y in v)
        # Horizontal cut lines within the grid (the sheet's title rule is not one).
        ys = sorted({round(s[0][1], 2) for s in cuts
                     if abs(s[0][1] - s[1][1]) < 1e-3 and abs(s[0][0] - s[1][0]) > 100
                     and low - 1e-3 <= s[0][1] <= high + 1e-3})
        assert len(xs) == 5 and len(ys) == 7, (xs, ys)
        for gaps in (xs, ys):
            for a, b in zip(gaps, gaps[1:]):
                assert abs((b - a) - TILE) < 0.1
        found = black_triangles(paths)
        # Each black half is a right triangle whose legs are two sides of its tile.
        for t in found:
            pts = t["points"][:3]
            sides = sorted(((x1 - x2) ** 2 + (y1 - y2) ** 2) ** 0.5
                           for (x1, y1), (x2, y2) in zip(pts, pts[1:] + pts[:1]))
            assert abs(sides[0] - TILE) < 0.1 and abs(sides[1] - TILE) < 0.1
            assert any(abs(x - v) < 0.05 for x, _ in pts for v in xs)
        triangles += len(found)
    assert triangles == 48


def test_every_page_is_its_paper_size(built):
    paper, result = built
    want = sheets.PAPERS[paper]
    for page in PdfReader(str(result.kit_pdf)).pages:
        box = page.mediabox
        assert abs(float(box.width) * MM - want.width) < 0.05
        assert abs(float(box.height) * MM - want.height) < 0.05


def test_fonts_are_embedded(built):
    _, result = built
    for path in (result.kit_pdf, result.folder / "tiles-rules.pdf"):
        fonts = 0
        for page in PdfReader(str(path)).pages:
            for font in (page.get("/Resources", {}).get("/Font") or {}).values():
                font = font.get_object()
                descendants = font.get("/DescendantFonts")
                target = descendants[0].get_object() if descendants else font
                name = target.get("/BaseFont")
                assert "/FontDescriptor" in target, f"{path.name}: {name} is not embedded"
                descriptor = target["/FontDescriptor"].get_object()
                assert any(k in descriptor for k in ("/FontFile", "/FontFile2", "/FontFile3")), name
                fonts += 1
        assert fonts > 0


def test_rebuild_is_byte_identical(tiles_spec, tmp_path):
    first = build(tiles_spec, tmp_path / "one")
    second = build(tiles_spec, tmp_path / "two")
    names = sorted(p.name for p in first.files)
    assert names == sorted(p.name for p in second.files)
    assert any(n.endswith(".svg") for n in names) and "tiles-rules.pdf" in names
    for name in names:
        assert (first.folder / name).read_bytes() == (second.folder / name).read_bytes(), name


# --- measured in the SVG cut files ---------------------------------------

def test_svg_cut_lines_are_40_mm_apart_and_written_once(built):
    _, result = built
    svgs = sorted(p for p in result.files if p.suffix == ".svg")
    tile_cells = 0
    for path in svgs:
        root = ET.parse(path).getroot()
        segments = []
        for element in root.iter("{http://www.w3.org/2000/svg}path"):
            d = element.get("d")
            numbers = [tuple(map(float, m)) for m in re.findall(r"[ML]([-\d.]+),([-\d.]+)", d)]
            if d.rstrip().endswith("Z"):
                numbers.append(numbers[0])
            segments += list(zip(numbers, numbers[1:]))
        keys = [tuple(sorted(s)) for s in segments]
        assert len(keys) == len(set(keys))  # a cutter cuts each line once
        long_v = sorted({a[0] for a, b in segments if a[0] == b[0] and abs(a[1] - b[1]) >= 200})
        long_h = sorted({a[1] for a, b in segments if a[1] == b[1] and abs(a[0] - b[0]) >= 150})
        if len(long_v) == 5 and len(long_h) == 7:
            for values in (long_v, long_h):
                assert all(abs((b - a) - TILE) < 0.01 for a, b in zip(values, values[1:]))
            tile_cells += 4 * 6
    assert tile_cells == 48


# --- the parts model ------------------------------------------------------

@pytest.mark.parametrize("paper", ["letter", "a4"])
@pytest.mark.parametrize("ink_saver", [False, True])
def test_parts_inside_the_printable_area(tiles_spec, paper, ink_saver):
    options = kit.BuildOptions(paper=paper, ink_saver=ink_saver)
    parts = tile_parts.parts(tiles_spec, options)
    laid = sheets.impose(tiles_spec, parts, options, tile_parts)
    sheet_paper = sheets.PAPERS[paper]
    placed = 0
    for sheet in laid:
        for item in sheet.part_items():
            for x, y in _points(item):
                assert 6.35 <= x <= sheet_paper.width - 6.35
                assert 6.35 <= y <= sheet_paper.height - 6.35
        placed += len(sheet.placements)
    assert placed == len(parts) + 1  # and the box label, on the cover


def _points(item):
    if isinstance(item, (Line, Fill)):
        return item.points
    return [(item.x, item.y)] if hasattr(item, "x") else [item.center]


@pytest.mark.parametrize("paper", ["letter", "a4"])
def test_crop_marks_stay_in_the_margin_clear_of_the_art(tiles_spec, paper):
    options = kit.BuildOptions(paper=paper)
    for grid in tile_parts.tile_grids(tiles_spec, options):
        cuts = [i for i in grid.items if isinstance(i, Line) and i.role == CUT]
        xs = [p[0] for c in cuts for p in c.points]
        ys = [p[1] for c in cuts for p in c.points]
        left, right, bottom, top = min(xs), max(xs), min(ys), max(ys)
        art = [i for i in grid.items if isinstance(i, Fill)]
        assert art and all(left - 1e-6 <= x <= right + 1e-6 and bottom - 1e-6 <= y <= top + 1e-6
                           for f in art for x, y in f.points)
        marks = [i for i in grid.items if isinstance(i, Line) and i.role == ART
                 and any(not (left <= x <= right and bottom <= y <= top) for x, y in i.points)]
        columns = round((right - left) / TILE)
        rows = round((top - bottom) / TILE)
        assert len(marks) == 2 * (columns + 1) + 2 * (rows + 1)
        for mark in marks:
            (x1, y1), (x2, y2) = mark.points
            # Entirely outside the grid, at least the gap away, continuing a cut line.
            outside = min(x1, x2) >= right + 1.0 or max(x1, x2) <= left - 1.0 \
                or min(y1, y2) >= top + 1.0 or max(y1, y2) <= bottom - 1.0
            assert outside, mark
            # Long enough to set a trimmer's blade against (2.5 mm was not).
            assert abs(x1 - x2) >= 4.5 or abs(y1 - y2) >= 4.5
            if x1 == x2:
                assert any(abs((x1 - left) - k * TILE) < 1e-6 for k in range(columns + 1))
            else:
                assert any(abs((y1 - bottom) - k * TILE) < 1e-6 for k in range(rows + 1))
            assert 0 <= min(x1, x2) and max(x1, x2) <= grid.width
            # Above and below, into the free band under the title or over the legend.
            beyond = tile_parts.MARK_BEYOND
            assert -beyond <= min(y1, y2) and max(y1, y2) <= grid.height + beyond


def test_every_cut_line_has_one_colour_on_both_sides(tiles_spec):
    """A cut that drifts must not leave a sliver of the other colour on a tile's edge."""
    grid = tile_parts.tile_grids(tiles_spec, kit.BuildOptions())[0]
    columns, rows = 4, 6
    for row in range(rows):
        for column in range(columns):
            here = tile_parts.grid_orientation(column, row)
            if column + 1 < columns:
                right = tile_parts.grid_orientation(column + 1, row)
                assert bool(here & 1) == (not right & 1)  # black right edge meets black left edge
            if row + 1 < rows:
                below = tile_parts.grid_orientation(column, row + 1)
                assert (not here & 2) == bool(below & 2)  # black bottom meets black top
    assert len([i for i in grid.items if isinstance(i, Fill)]) == 24


def test_ink_saver_prints_no_large_fills(tiles_spec):
    grids = tile_parts.tile_grids(tiles_spec, kit.BuildOptions(ink_saver=True))
    assert sum(g.meta["tiles"] for g in grids) == 48
    for grid in grids:
        assert not [i for i in grid.items if isinstance(i, Fill)]
        hatching = [i for i in grid.items if isinstance(i, Line) and i.role == ART and i.width_pt == tile_parts.HATCH_PT]
        assert len(hatching) >= 24 * 10


def test_tile_size_and_count_come_from_the_spec(tiles_spec):
    data = copy.deepcopy(tiles_spec.data)
    data["tiles"] = {"count": 32, "size_mm": 50}
    grids = tile_parts.tile_grids(data, kit.BuildOptions(paper="a4"))
    assert [g.meta["tiles"] for g in grids] == [15, 15, 2]  # 3 x 5 a sheet on A4
    fills = [f for g in grids for f in g.items if isinstance(f, Fill)]
    assert len(fills) == 32 and all(abs(area(list(f.points)) - 1250) < 1e-6 for f in fills)
    for grid in grids:  # every side of every tile lies on a cut line, also on the partial sheet
        cuts = [seg for i in grid.items if isinstance(i, Line) and i.role == CUT
                for seg in zip(i.points, i.points[1:] + (i.points[:1] if i.closed else ()))]
        for f in (i for i in grid.items if isinstance(i, Fill)):
            x0 = min(p[0] for p in f.points)
            y0 = min(p[1] for p in f.points)
            square = [(x0, y0), (x0 + 50, y0), (x0 + 50, y0 + 50), (x0, y0 + 50)]
            for a, b in zip(square, square[1:] + square[:1]):
                assert any(_covers(c, a, b) for c in cuts), (grid.name, a, b)


def _covers(line, a, b):
    (p, q) = line
    if p[0] == q[0] == a[0] == b[0]:
        lo, hi = sorted((p[1], q[1]))
        return lo - 1e-6 <= min(a[1], b[1]) and max(a[1], b[1]) <= hi + 1e-6
    if p[1] == q[1] == a[1] == b[1]:
        lo, hi = sorted((p[0], q[0]))
        return lo - 1e-6 <= min(a[0], b[0]) and max(a[0], b[0]) <= hi + 1e-6
    return False


# --- the reference card ---------------------------------------------------

@pytest.mark.parametrize("mirrors, per_colour", [(True, 1 + 4 + 4), (False, 1 + 2 + 4)])
def test_reference_card_draws_every_counted_image_from_the_rules(tiles_spec, mirrors, per_colour):
    data = copy.deepcopy(tiles_spec.data)
    data["mirrors"] = mirrors
    card = tile_parts.reference_card(data, kit.BuildOptions())
    book = ShapeBook.from_spec(data)
    assert sum(len(i) for i in book.images[BLACK]) == per_colour
    triangles = [f for f in card.items if isinstance(f, Fill)]
    assert len(triangles) == 2 * per_colour * 4  # every image has four tiles
    # Read each drawn tile's black corner back and compare with the images.
    drawn = sorted(_corner_of(f.points) for f in triangles)
    expected = sorted(o for colour in (BLACK, WHITE) for shape in book.images[colour]
                      for image in shape for _, _, o in image)
    assert drawn == expected
    assert card.width <= 194 and card.height <= 247


def _corner_of(points):
    """The orientation of a black half: which corner of its square it fills."""
    xs = [p[0] for p in points]
    ys = [p[1] for p in points]
    # The right-angle corner is the point shared by a horizontal and a vertical leg.
    for x, y in points:
        if sum(1 for p in points if p[0] == x) == 2 and sum(1 for p in points if p[1] == y) == 2:
            right = x == max(xs)
            up = y == max(ys)
            return (1 if right else 0) | (2 if up else 0)
    raise AssertionError(points)


def test_two_reference_cards_fit_one_sheet(tiles_spec):
    for paper in ("letter", "a4"):
        options = kit.BuildOptions(paper=paper)
        laid = sheets.impose(tiles_spec, tile_parts.parts(tiles_spec, options), options, tile_parts)
        cards = [s for s in laid if s.group == "reference"]
        assert len(cards) == 1 and len(cards[0].placements) == 2
        assert len(laid) == 4  # cover, two tile sheets, the cards


def test_each_grid_outline_is_one_closed_cut(tiles_spec):
    data = copy.deepcopy(tiles_spec.data)
    data["tiles"] = {"count": 26, "size_mm": 40}  # 24 + a short sheet of 2
    for grid in tile_parts.tile_grids(data, kit.BuildOptions(paper="a4")):
        closed = [i for i in grid.items if isinstance(i, Line) and i.role == CUT and i.closed]
        assert len(closed) == 1
        (outline,) = closed
        assert abs(area(list(outline.points)) - grid.meta["tiles"] * TILE * TILE) < 1e-6
