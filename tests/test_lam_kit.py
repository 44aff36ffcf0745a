"""The Lam kit, measured: hexes of 26 mm across the flats in the PDF, the two
segments assembled from their printed geometry into the whole board with
the tab under the seam, the sheets, the counters and the cut files."""

from __future__ import annotations

import math
import xml.etree.ElementTree as ET

import pytest
from pypdf import PdfReader

from printkit import spec as specs
from printkit.games.lam import parts as lam_parts
from printkit.games.lam.hexes import HexBoard
from printkit.options import BuildOptions
from printkit.parts.core import CUT, GLUE, MOUNTAIN, Fill, Line, Text, item_box
from printkit.spec import data_of
import pdf_text

SVG = "{http://www.w3.org/2000/svg}"


@pytest.fixture(scope="module")
def spec():
    return specs.load("lam")


@pytest.fixture(scope="module")
def segments(spec):
    return [lam_parts.segment_part(spec, 1), lam_parts.segment_part(spec, 2)]


def hexes(part):
    return [i for i in part.items if isinstance(i, Fill) and len(i.points) == 6]


def across_flats(points) -> float:
    """Distance between opposite sides of a regular hexagon from its corners."""
    return min(math.dist(((points[k][0] + points[k + 1][0]) / 2, (points[k][1] + points[k + 1][1]) / 2),
                         ((points[k + 3][0] + points[(k + 4) % 6][0]) / 2,
                          (points[k + 3][1] + points[(k + 4) % 6][1]) / 2)) for k in range(3))


def test_every_hex_is_26_mm_across_the_flats_and_each_segment_has_five_rows(segments):
    for part in segments:
        cells = hexes(part)
        assert len(cells) == 45
        for cell in cells:
            assert across_flats(cell.points) == pytest.approx(26.0, abs=1e-6)


def test_the_segments_assemble_into_the_whole_board_with_the_tab_under_the_seam(spec, segments):
    """In board coordinates (each part's origin put back), segment 2's cut edge runs
    exactly along the printed upper edges of segment 1's top row, the glue tab lies
    beyond them under segment 2, and the 90 hexes tile the board without overlap."""
    board = HexBoard(9, 10)
    placed = []
    for part in segments:
        ox, oy = part.meta["origin"]
        placed.append([(x + ox, y + oy) for x, y in
                       next(i for i in part.items if isinstance(i, Line) and i.role == CUT).points])
    seam = lam_parts.seam_points(board, 4, 26.0)
    lower_cut, upper_cut = placed
    for point in seam:  # every corner of the zigzag is on segment 2's outline
        assert any(math.dist(point, q) < 1e-6 for q in upper_cut)
    ox, oy = segments[0].meta["origin"]
    tab = next(i for i in segments[0].items if isinstance(i, Fill) and i.role == GLUE)
    tab_points = [(x + ox, y + oy) for x, y in tab.points]
    for point in seam:  # the tab starts at the seam and lies above it (under segment 2)
        assert any(math.dist(point, q) < 1e-6 for q in tab_points)
    assert min(y for _, y in tab_points) >= min(y for _, y in seam) - 1e-6
    centres = set()
    for part in segments:
        px, py = part.meta["origin"]
        for cell in hexes(part):
            cx = sum(x for x, _ in cell.points) / 6 + px
            cy = sum(y for _, y in cell.points) / 6 + py
            centres.add((round(cx, 3), round(cy, 3)))
    expected = {tuple(round(v, 3) for v in board.centre_mm(c, 26.0)) for c in range(board.cells)}
    assert centres == expected


@pytest.fixture(scope="module", params=["letter", "a4"])
def built(request, kit_of):
    return kit_of("lam", paper=request.param)  # built once a run (tests/conftest.py)


def test_the_segments_print_on_sheets_turned_on_their_side_where_needed(built):
    """A segment (about 255 mm wide) is wider than Letter's upright printable area even
    turned, so on Letter its sheet is landscape; on A4 it fits upright, turned."""
    pages = PdfReader(built.kit_pdf).pages
    boxes = [(float(p.mediabox.width), float(p.mediabox.height)) for p in pages]
    landscape = [w > h for w, h in boxes]
    assert landscape[1:3] == ([True, True] if "Letter" in pdf_text.texts(built.kit_pdf)[0] else [False, False])
    assert not landscape[0]  # the cover stays upright


def test_hexes_measure_26_mm_in_the_cut_file(built):
    """The cut file of segment 2 holds its outline; its zigzag edge has hex sides of
    26 / sqrt(3) mm (the side of a 26 mm hex)."""
    svg = built.folder / "lam-sheet-03.svg"
    root = ET.parse(svg).getroot()
    path = next(root.find(f"{SVG}g[@id='cut']").iter(f"{SVG}path")).get("d")
    numbers = [float(v) for v in path.replace("M", " ").replace("L", " ").replace("Z", " ").replace(",", " ").split()]
    points = list(zip(numbers[::2], numbers[1::2]))
    sides = [math.dist(a, b) for a, b in zip(points, points[1:])]
    side = 26.0 / math.sqrt(3)
    assert sum(1 for s in sides if abs(s - side) < 0.01) >= 17  # the zigzag: two sides per hex


def test_the_glue_tab_prints_grey_with_its_words_inside(spec, built):
    """Rendered: midway across the zigzag tab, at each of its inner corners, the
    paper is the tab's light grey (not hidden under the board's white ground),
    and the tab's words lie inside the band, clear of its cut and fold edges."""
    import pypdfium2 as pdfium

    from printkit import games, sheets
    from printkit.options import resolve_options
    from printkit.parts.core import GLUE_GREY, TAB_CLEAR, Text

    paper = "letter" if "Letter" in pdf_text.texts(built.kit_pdf)[0] else "a4"
    options = resolve_options(spec, BuildOptions(paper=paper))
    module = games.stage("lam", "parts")
    laid = sheets.impose(spec, module.parts(spec, options), options, module)
    sheet = next(s for s in laid if any(p.part.meta.get("segment") == 1 for p in s.placements))
    placement = next(p for p in sheet.placements if p.part.meta.get("segment") == 1)
    tab = next(i for i in placement.items() if isinstance(i, Fill) and i.role == GLUE)
    dpi = 150
    image = pdfium.PdfDocument(str(built.kit_pdf))[sheet.number - 1].render(scale=dpi / 72).to_pil().convert("RGB")
    grey = tuple(int(GLUE_GREY[k:k + 2], 16) for k in (1, 3, 5))
    # The fold's points, then the free edge's in reverse (its tapered ends cut in).
    part_fold = next(i for i in placement.part.items if isinstance(i, Line) and i.role == MOUNTAIN).points
    n = len(part_fold)
    part_band = next(i for i in placement.part.items if isinstance(i, Fill) and i.role == GLUE).points
    depth = data_of(spec)["board"]["glue_tab_mm"]
    checked = 0
    valleys = [k for k in range(1, n - 1) if part_fold[k][1] < min(part_fold[k - 1][1], part_fold[k + 1][1])]
    for k in valleys:  # the words stand over the points, not here
        above = next(j for j in range(n, len(part_band))
                     if math.dist(part_band[j], (part_fold[k][0], part_fold[k][1] + depth)) < 1e-6)
        (ax, ay), (bx, by) = tab.points[k], tab.points[above]
        x, y = (ax + bx) / 2, (ay + by) / 2
        px = image.getpixel((int(x / 25.4 * dpi), int((sheet.paper.height - y) / 25.4 * dpi)))
        assert max(abs(px[c] - grey[c]) for c in range(3)) < 12, (k, px)
        checked += 1
    assert checked >= 8
    # The words, in the part's own coordinates: level, over a point of the zigzag.
    part = placement.part
    band = next(i for i in part.items if isinstance(i, Fill) and i.role == GLUE).points
    fold, edge = band[:n], band[n:][::-1]
    words = [t for t in part.items if isinstance(t, Text) and t.y > min(y for _, y in fold)]
    assert words and " ".join(t.text for t in words[:2]) == "glue under segment 2"

    def height_at(line, x):
        for (x0, y0), (x1, y1) in zip(line, line[1:]):
            if min(x0, x1) <= x <= max(x0, x1) and x0 != x1:
                return y0 + (y1 - y0) * (x - x0) / (x1 - x0)
        raise AssertionError(x)

    for t in words:
        left, bottom, right, top = item_box(t)
        for x in (left, (left + right) / 2, right):
            assert bottom >= height_at(fold, x) + TAB_CLEAR - 1e-6, (t.text, x)
            assert top <= height_at(edge, x) - TAB_CLEAR + 1e-6, (t.text, x)


def test_the_glue_tab_is_joined_to_segment_1_by_a_mountain_fold(segments):
    """print.md: a glue tab is joined to its face by a fold line; a tab that
    goes under a neighbouring part creases away from the print (dash-dot), as
    McKinney's quadrants and the board sections do. No solid hex edge runs
    under the fold, where it would read as a cut."""
    part = segments[0]
    tab = next(i for i in part.items if isinstance(i, Fill) and i.role == GLUE)
    folds = [i for i in part.items if isinstance(i, Line) and i.role == MOUNTAIN]
    assert len(folds) == 1 and tuple(tab.points[:len(folds[0].points)]) == folds[0].points
    fold_edges = {frozenset((round(a[0], 6), round(a[1], 6)) for a in pair) for pair in zip(folds[0].points,
                                                                                          folds[0].points[1:])}
    for item in part.items:
        if isinstance(item, Fill) and item.stroke and len(item.points) == 6:
            ring = list(item.points) + [item.points[0]]
            edges = {frozenset((round(a[0], 6), round(a[1], 6)) for a in pair) for pair in zip(ring, ring[1:])}
            assert not edges & fold_edges, item.points
        if isinstance(item, Line) and item.role not in (MOUNTAIN, CUT):
            edges = {frozenset((round(a[0], 6), round(a[1], 6)) for a in pair)
                     for pair in zip(item.points, item.points[1:])}
            assert not edges & fold_edges, item.points
    assert not any(isinstance(i, Line) and i.role == MOUNTAIN for i in segments[1].items)


def test_the_glue_tab_has_45_degree_ends_and_lies_inside_the_cut(spec, segments):
    """print.md: a glue tab is a tapered trapezoid with 45 degree ends, shorter
    than its edge. The zigzag band's ends lean in at 45 degrees from the ends
    of the fold, the cut runs along its free edge and tapered ends, and the
    grey and the tab's words lie inside the cut."""
    from shapely.geometry import Polygon, box

    depth = data_of(spec)["board"]["glue_tab_mm"]
    part = segments[0]
    band = next(i for i in part.items if isinstance(i, Fill) and i.role == GLUE).points
    fold = next(i for i in part.items if isinstance(i, Line) and i.role == MOUNTAIN).points
    assert band[:len(fold)] == fold
    edge = band[len(fold):][::-1]  # the free edge, from the fold's first end to its last

    def angle(vertex, a, b):
        u = (a[0] - vertex[0], a[1] - vertex[1])
        v = (b[0] - vertex[0], b[1] - vertex[1])
        return math.degrees(math.acos((u[0] * v[0] + u[1] * v[1]) / (math.hypot(*u) * math.hypot(*v))))

    assert angle(fold[0], fold[1], edge[0]) == pytest.approx(45.0, abs=0.5)
    assert angle(fold[-1], fold[-2], edge[-1]) == pytest.approx(45.0, abs=0.5)
    # Each end is set in by about the depth (more where the zigzag climbs away
    # from the end, less where it falls), so the tab is shorter than its edge.
    insets = (edge[0][0] - fold[0][0], fold[-1][0] - edge[-1][0])
    assert all(0.6 * depth < inset < 1.8 * depth for inset in insets), insets
    shortened = (fold[-1][0] - fold[0][0]) - (edge[-1][0] - edge[0][0])
    assert 1.5 * depth <= shortened, shortened  # at most twice 1.8 depths, by the insets
    assert max(y for _, y in edge) == pytest.approx(max(y for _, y in fold) + depth)

    cut = next(i for i in part.items if isinstance(i, Line) and i.role == CUT).points
    # The cut goes round the tab along its tapered ends and free edge.
    start = cut.index(fold[-1])
    assert cut[start:start + len(edge) + 2] == (fold[-1], *edge[::-1], fold[0])
    outline = Polygon(cut)
    assert outline.is_valid
    assert outline.buffer(1e-6).contains(Polygon(band))
    glued = Polygon(band)
    words = [t for t in part.items if isinstance(t, Text) and t.y > min(y for _, y in fold)]
    assert len(words) == 6
    for t in words:
        assert glued.contains(box(*item_box(t))), t.text


def test_counters_per_colour_and_papers_all_alike(spec):
    made = lam_parts.parts(spec, BuildOptions(colors=2))
    counters = [p for p in made if p.kind == "counter"]
    for colour in ("Red", "Blue"):
        mine = [p for p in counters if p.meta["color"] == colour]
        kinds = sorted(p.meta["piece"] for p in mine)
        assert kinds.count("paper") == 9 and kinds.count("scissors") == 4
        assert kinds.count("rock") == 3 and kinds.count("flag") == 2
    papers = [p for p in counters if p.meta["piece"] == "paper"]
    assert {(p.width, p.height) for p in papers} == {(20, 20)}


def test_the_reference_card_draws_engine_moves(spec):
    figures = lam_parts.figures(spec, None)
    assert {"scissors", "locked", "stack", "spread", "rocks"} <= set(figures)
    # The Scissors' reach diagram rings exactly the engine's 24 targets from e5.
    ringed = [i for i in figures["scissors"].items if isinstance(i, Line) and i.color == lam_parts.MARK_GREEN]
    assert len(ringed) == 24


def test_the_checklist_counts_every_piece_in_plain_english(built):
    cover = pdf_text.texts(built.kit_pdf)[0]
    assert "Scissors (Red)" in cover and "Scissorses" not in cover
    assert "Papers (Red)" in cover and "Flags (Blue)" in cover
