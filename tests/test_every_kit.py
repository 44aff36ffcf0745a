"""Every bundled kit on both papers, measured the same way: no ink within a
quarter inch of any edge (rendered pixels), cut files with only the cut and
score layers in pure red and blue, every font embedded."""

from __future__ import annotations

import xml.etree.ElementTree as ET

import numpy as np
import pytest
from pypdf import PdfReader

from printkit import spec as specs
from printkit.options import BuildOptions
import pdf_text
from test_kit_pdf import render

SVG = "{http://www.w3.org/2000/svg}"


@pytest.fixture(scope="module")
def built(kit_of):
    """Each game's kit on each paper, built once a run (tests/conftest.py)."""

    def get(game, paper):
        return kit_of(game, paper=paper)

    return get


@pytest.mark.parametrize("paper", ["letter", "a4"])
@pytest.mark.parametrize("game", specs.bundled_games())
def test_no_ink_within_a_quarter_inch_of_any_edge(built, game, paper):
    path = built(game, paper).kit_pdf
    dpi = 60
    band = int(np.ceil(6.35 / 25.4 * dpi))
    for index in range(len(PdfReader(path).pages)):
        image, _ = render(path, index, dpi)
        edges = [image[:band], image[-band:], image[:, :band], image[:, -band:]]
        assert min(e.min() for e in edges) >= 250, f"{game}: ink near the edge of sheet {index + 1}"
        assert image.min() < 100, f"{game}: sheet {index + 1} is blank"


@pytest.mark.parametrize("game", specs.bundled_games())
def test_cut_files_hold_only_cut_and_score_layers(built, game):
    result = built(game, "letter")
    svgs = [p for p in result.files if p.suffix == ".svg"]
    assert svgs
    for path in svgs:
        root = ET.parse(path).getroot()
        layers = {g.get("id"): g for g in root.findall(f"{SVG}g")}
        assert set(layers) == {"cut", "score"}, path.name
        assert layers["cut"].get("stroke") == "#FF0000" and layers["score"].get("stroke") == "#0000FF"
        assert any(True for _ in layers["cut"].iter(f"{SVG}path")), f"{path.name} cuts nothing"


@pytest.mark.parametrize("game", specs.bundled_games())
def test_every_font_is_embedded(built, game):
    for path in (built(game, "a4").kit_pdf, built(game, "a4").folder / f"{game}-rules.pdf"):
        for page in PdfReader(path).pages:
            fonts = (page.get("/Resources") or {}).get("/Font") or {}
            for ref in fonts.values():
                font = ref.get_object()
                descendants = font.get("/DescendantFonts")
                target = descendants[0].get_object() if descendants else font
                descriptor = target.get("/FontDescriptor")
                assert descriptor is not None and any(k in descriptor.get_object() for k in
                                                      ("/FontFile2", "/FontFile", "/FontFile3")), path.name


@pytest.mark.parametrize("paper", ["letter", "a4"])
@pytest.mark.parametrize("game", specs.bundled_games())
def test_every_sheet_says_what_to_print_it_on(built, game, paper):
    """The foot of every sheet names the stock, the ink and the sides."""
    import re
    result = built(game, paper)
    pattern = re.compile(r"print at 100% on ((card|heavy card \(200 g/m2\+: much black ink\)|plain paper), "
                         r"(in colour|black ink only), (one side|both sides \(long-edge flip\))"
                         r"|the reverse of the sheet before, (in colour|black ink only))")
    for number, printed in enumerate(pdf_text.texts(result.kit_pdf), 1):  # each kit's text read once a run
        text = " ".join(printed.split())
        assert pattern.search(text), f"{game} {paper} sheet {number} does not say what to print it on"


def test_print_advice_follows_the_parts():
    """Card for pieces, plain paper for a score sheet; colour only when a
    sheet prints a colour that is not a grey."""
    from printkit import sheets
    from printkit.parts.core import Fill, Part
    from printkit.sheets import Placement, Sheet, print_advice
    paper = sheets.PAPERS["a4"]
    grey = Part("grey tile", 10, 10, items=[Fill(((0, 0), (10, 0), (10, 10)), "#777777")])
    red = Part("red tile", 10, 10, items=[Fill(((0, 0), (10, 0), (10, 10)), "#D55E00")])
    score = Part("score sheet", 10, 10, stock="paper")
    assert print_advice(Sheet(2, 3, paper, "t", placements=[Placement(grey, 0, 0)]))[0] == \
        "print at 100% on card, black ink only, one side"
    assert print_advice(Sheet(2, 3, paper, "t", placements=[Placement(red, 0, 0)]))[0] == \
        "print at 100% on card, in colour, one side"
    assert print_advice(Sheet(2, 3, paper, "t", placements=[Placement(score, 0, 0)]))[0] == \
        "print at 100% on plain paper, black ink only, one side"
    # A sheet a fifth or more in solid black (Tiles: 39%) asks for heavy card.
    _, _, width, height = sheets.content_box(paper)
    black = Part("black field", width, height / 4,
                 items=[Fill(((0, 0), (width, 0), (width, height / 4), (0, height / 4)), "#111111")])
    assert print_advice(Sheet(2, 3, paper, "t", placements=[Placement(black, 0, 0)]))[0].startswith(
        "print at 100% on heavy card (200 g/m2+")
    # --duplex: a front asks for both sides, its back page for the reverse of the same sheet.
    assert print_advice(Sheet(2, 3, paper, "t", placements=[Placement(red, 0, 0)], sides="front"))[0] == \
        "print at 100% on card, in colour, both sides (long-edge flip)"
    assert print_advice(Sheet(3, 3, paper, "t: backs", sides="back"))[0] == \
        "print at 100% on the reverse of the sheet before, black ink only"


@pytest.mark.parametrize("game", specs.bundled_games())
def test_line_codes_never_mean_two_things(game):
    """Dashed and dash-dot lines are fold lines on a kit sheet: no art line
    (a place to put a piece, a frame) is drawn dashed."""
    from printkit import games
    from printkit.options import resolve_options
    from printkit.parts.core import ART, Line
    loaded = specs.load(game)
    parts = games.stage(loaded.game, "parts").parts(loaded, resolve_options(loaded, BuildOptions()))
    for part in parts:
        for item in part.items:
            if isinstance(item, Line) and item.role == ART:
                assert not item.dash, f"{game}: {part.name} has a dashed art line"


# --- text kept clear of cut lines ------------------------------------------------

READ_CLEARANCE_MM = 2.5


def _text_box(text) -> list:
    """The corners of a Text's box (cap height above the baseline, a
    descender's depth below), turned with it, in the part's frame."""
    import math
    from printkit.writers.fonts import text_width_mm
    width = text_width_mm(text.text, text.size, bold=text.bold)
    cap = text.size * 25.4 / 72 * 0.72
    x0 = {"start": 0.0, "middle": -width / 2, "end": -width}[text.anchor]
    a = math.radians(text.angle)
    return [(text.x + x * math.cos(a) - y * math.sin(a), text.y + x * math.sin(a) + y * math.cos(a))
            for x, y in ((x0, -0.2 * cap), (x0 + width, -0.2 * cap), (x0 + width, cap), (x0, cap))]


def _point_to_segment(p, a, b) -> float:
    import math
    (px, py), (ax, ay), (bx, by) = p, a, b
    dx, dy = bx - ax, by - ay
    length = dx * dx + dy * dy
    t = 0.0 if length == 0 else max(0.0, min(1.0, ((px - ax) * dx + (py - ay) * dy) / length))
    return math.hypot(px - ax - t * dx, py - ay - t * dy)


def _box_to_segment(box, a, b) -> float:
    edges = list(zip(box, box[1:] + box[:1]))
    return min([_point_to_segment(p, a, b) for p in box]
               + [_point_to_segment(q, p0, p1) for p0, p1 in edges for q in (a, b)])


def _inside(point, polygon) -> bool:
    x, y = point
    inside = False
    for (x1, y1), (x2, y2) in zip(polygon, polygon[1:] + polygon[:1]):
        if (y1 > y) != (y2 > y) and x < (x2 - x1) * (y - y1) / (y2 - y1) + x1:
            inside = not inside
    return inside


@pytest.mark.parametrize("game", specs.bundled_games())
def test_nothing_to_read_sits_within_2_5_mm_of_a_cut_line(game):
    """A cut that misses by a millimetre never cuts into words: every text of
    every part keeps 2.5 mm from the part's cut lines (a glue tab's own
    label, glued out of sight, excepted)."""
    from printkit import games
    from printkit.options import resolve_options
    from printkit.parts.core import CUT, GLUE, Fill, Line, Text
    loaded = specs.load(game)
    parts = games.stage(loaded.game, "parts").parts(loaded, resolve_options(loaded, BuildOptions()))
    close = []
    for part in parts:
        cuts = []
        for item in part.items:
            if isinstance(item, Line) and item.role == CUT:
                points = list(item.points) + ([item.points[0]] if item.closed else [])
                cuts += list(zip(points, points[1:]))
        tabs = [item.points for item in part.items if isinstance(item, Fill) and item.role == GLUE]
        for item in part.items:
            if not isinstance(item, Text) or not item.text.strip() or not cuts:
                continue
            if any(_inside((item.x, item.y), tab) for tab in tabs):
                continue
            box = _text_box(item)
            distance = min(_box_to_segment(box, a, b) for a, b in cuts)
            if distance < READ_CLEARANCE_MM:
                close.append(f"{part.name}: {item.text!r} {distance:.2f} mm")
    assert not close, close[:10]


def test_mckinney_slider_marker_spots_keep_2_5_mm_from_the_quadrant_cut():
    """The boxes a Slider Marker stands in are read in play: a cut that misses
    by a millimetre must not clip them (they sat 0.35 mm from the cut)."""
    from printkit import games
    from printkit.games.mckinney.geometry import kit_geometry
    from printkit.options import resolve_options
    from printkit.parts.core import ART, CUT, Line
    loaded = specs.load("mckinney")
    parts = games.stage(loaded.game, "parts").parts(loaded, resolve_options(loaded, BuildOptions()))
    spot = kit_geometry(loaded).marker + 0.8
    checked = 0
    for part in (p for p in parts if p.kind == "quadrant"):
        cuts = []
        for item in part.items:
            if isinstance(item, Line) and item.role == CUT:
                points = list(item.points) + ([item.points[0]] if item.closed else [])
                cuts += list(zip(points, points[1:]))
        for item in part.items:
            if not (isinstance(item, Line) and item.role == ART and item.closed and len(item.points) == 4):
                continue
            xs, ys = [p[0] for p in item.points], [p[1] for p in item.points]
            if abs(max(xs) - min(xs) - spot) > 0.01 or abs(max(ys) - min(ys) - spot) > 0.01:
                continue
            distance = min(_box_to_segment(list(item.points), a, b) for a, b in cuts)
            assert distance >= READ_CLEARANCE_MM - 1e-6, f"{part.name}: a marker spot {distance:.2f} mm from the cut"
            checked += 1
    assert checked >= 4 * 10  # every notch of both tracks of every quadrant


@pytest.mark.parametrize("game", ["mckinney", "phoenix"])
def test_ink_saver_bands_never_run_beside_a_fold(game, kit_of, layout_of):
    """A solid coloured band beside a dashed fold reads as a cut line: in
    ink-saver mode the band of a large fill runs along its cut edges only.
    Rendered: just beside the middle of every fold that borders a large
    coloured fill, the paper is not that colour."""
    from printkit.parts.core import MOUNTAIN, VALLEY, Fill, Line
    # The ink-saver kits and sheets built once a run (tests/conftest.py): Phoenix's
    # kit is the one tests/test_phoenix_kit.py reads; McKinney's is wanted here
    # only, so without its SVGs.
    result = kit_of(game, ink_saver=True, **({} if game == "phoenix" else {"formats": ("pdf",)}))
    _, laid = layout_of(game, ink_saver=True)
    dpi = 200
    checked = 0
    import pypdfium2 as pdfium
    pdf = pdfium.PdfDocument(str(result.kit_pdf))
    for sheet in laid:
        items = sheet.part_items()
        fills = [i for i in items if isinstance(i, Fill) and i.large and i.color.upper() != "#FFFFFF"]
        folds = [i for i in items if isinstance(i, Line) and i.role in (VALLEY, MOUNTAIN) and len(i.points) == 2]
        if not fills or not folds:
            continue
        image = pdf[sheet.number - 1].render(scale=dpi / 72).to_pil().convert("RGB")
        for fold in folds:
            (ax, ay), (bx, by) = fold.points
            length = ((bx - ax) ** 2 + (by - ay) ** 2) ** 0.5
            if length < 5:
                continue
            nx, ny = -(by - ay) / length, (bx - ax) / length
            for t in (0.31, 0.5, 0.69):
                mx, my = ax + (bx - ax) * t, ay + (by - ay) * t
                for fill in fills:
                    xs = [p[0] for p in fill.points]
                    ys = [p[1] for p in fill.points]
                    if not (min(xs) - 0.1 <= mx <= max(xs) + 0.1 and min(ys) - 0.1 <= my <= max(ys) + 0.1):
                        continue
                    want = tuple(int(fill.color[i:i + 2], 16) for i in (1, 3, 5))
                    for side in (1, -1):
                        x, y = mx + side * nx * 0.5, my + side * ny * 0.5
                        px = image.getpixel((int(x / 25.4 * dpi), int((sheet.paper.height - y) / 25.4 * dpi)))
                        assert max(abs(px[c] - want[c]) for c in range(3)) > 40, \
                            f"{game} sheet {sheet.number}: a {fill.color} band beside the fold at ({mx:.1f}, {my:.1f})"
                        checked += 1
    assert checked > 10
