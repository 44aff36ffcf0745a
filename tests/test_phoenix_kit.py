"""The RPS Phoenix kit, measured in its parts and in the files it writes."""

import ctypes
import io
import math

import pypdfium2 as pdfium
import pypdfium2.raw as raw
import pytest
from pypdf import PdfReader

from printkit import kit, sheets, spec
from printkit.errors import SpecError
from printkit.parts import nets
from printkit.games.phoenix import geometry as phoenix_geometry
from printkit.games.phoenix import parts as phoenix_parts
from printkit.games.phoenix import book as phoenix_book
from printkit.parts.core import CUT, GLUE, MOUNTAIN, VALLEY, Circle, Fill, Line, Text, bounds
from printkit.writers.fonts import text_width_mm

MM = 25.4 / 72


@pytest.fixture(scope="module")
def phoenix_spec():
    return spec.load("phoenix")


@pytest.fixture(scope="module")
def all_parts(phoenix_spec):
    return phoenix_parts.parts(phoenix_spec, kit.BuildOptions(colors=4))


@pytest.fixture(scope="module")
def built(kit_of):
    """The Phoenix kit, built once a run for these options (tests/conftest.py)."""

    def get(paper="letter", ink_saver=False):
        return kit_of("phoenix", paper=paper, ink_saver=ink_saver)

    return get


def part_named(parts, name):
    return next(p for p in parts if p.name == name)


# --- folding the die net --------------------------------------------------------------

def _seg(a, b):
    key = lambda p: (round(p[0], 3), round(p[1], 3))  # noqa: E731
    return tuple(sorted((key(a), key(b))))


def _inside(point, polygon) -> bool:
    x, y = point
    inside = False
    for (x1, y1), (x2, y2) in zip(polygon, polygon[1:] + polygon[:1]):
        if (y1 > y) != (y2 > y) and x < x1 + (y - y1) * (x2 - x1) / (y2 - y1):
            inside = not inside
    return inside


def read_net(part, face):
    """The faces of a cube net as drawn: {cell: pips}, the folds between
    faces and the tab edges, all found in the part's geometry."""
    cut = next(i for i in part.items if isinstance(i, Line) and i.role == CUT)
    outline = list(cut.points)
    glue = [i for i in part.items if isinstance(i, Fill) and i.role == GLUE]
    tab_edges = {_seg(f.points[0], f.points[1]) for f in glue}
    folds = [i for i in part.items if isinstance(i, Line) and i.role in (MOUNTAIN, VALLEY)]
    assert all(f.role == MOUNTAIN for f in folds), "a die folds away from its print: mountain folds"
    squares = set()
    for fold in folds:
        (x1, y1), (x2, y2) = fold.points[0], fold.points[-1]
        assert math.isclose(math.hypot(x2 - x1, y2 - y1), face, abs_tol=0.01)
        if math.isclose(x1, x2):
            corners = [(min(x1, x2), min(y1, y2)), (min(x1, x2) - face, min(y1, y2))]
        else:
            corners = [(min(x1, x2), min(y1, y2)), (min(x1, x2), min(y1, y2) - face)]
        for x, y in corners:
            centre = (x + face / 2, y + face / 2)
            if _inside(centre, outline) and not any(_inside(centre, list(f.points)) for f in glue):
                squares.add((round(x, 3), round(y, 3)))
    x0 = min(x for x, _ in squares)
    y0 = min(y for _, y in squares)
    cells = {}
    for x, y in squares:
        cell = (round((x - x0) / face), round((y - y0) / face))
        pips = [c for c in part.items if isinstance(c, Circle)
                and x < c.center[0] < x + face and y < c.center[1] < y + face]
        cells[cell] = len(pips)

    def edge_of(seg):
        """(cell, side) of a face edge given as a segment."""
        (ax, ay), (bx, by) = seg
        for (c, r) in cells:
            left, bottom = x0 + c * face, y0 + r * face
            sides = {"S": _seg((left, bottom), (left + face, bottom)),
                     "N": _seg((left, bottom + face), (left + face, bottom + face)),
                     "W": _seg((left, bottom), (left, bottom + face)),
                     "E": _seg((left + face, bottom), (left + face, bottom + face))}
            for side, s in sides.items():
                if s == seg:
                    yield (c, r), side

    face_folds = [_seg(f.points[0], f.points[-1]) for f in folds
                  if _seg(f.points[0], f.points[-1]) not in tab_edges]
    tabs = [next(edge_of(t)) for t in tab_edges]
    return cells, face_folds, tabs, edge_of


ROLL = {  # rolling the cube one cell over: which position's face comes to each position
    "E": {"bottom": "east", "west": "bottom", "top": "west", "east": "top"},
    "W": {"bottom": "west", "east": "bottom", "top": "east", "west": "top"},
    "N": {"bottom": "north", "south": "bottom", "top": "south", "north": "top"},
    "S": {"bottom": "south", "north": "bottom", "top": "north", "south": "top"},
}
STEP = {"E": (1, 0), "W": (-1, 0), "N": (0, 1), "S": (0, -1)}
MIRROR = {"E": "W", "W": "E", "N": "N", "S": "S"}
NORMAL = {"bottom": (0, 0, -1), "top": (0, 0, 1), "east": (1, 0, 0), "west": (-1, 0, 0),
          "north": (0, 1, 0), "south": (0, -1, 0)}
OPPOSITE = {"bottom": "top", "top": "bottom", "east": "west", "west": "east", "north": "south", "south": "north"}
SIDE_POSITION = {"E": "east", "W": "west", "N": "north", "S": "south"}


def roll_up(cells, adjacent):
    """Fold a net by rolling a cube over it, printed side down (so that the
    print ends up outside): {cell: the cube face it covers}, and for each
    cell the cube's orientation while it lies there."""
    root = min(cells)
    orientation = {root: {p: p for p in NORMAL}}
    queue = [root]
    while queue:
        cell = queue.pop(0)
        for side, (dx, dy) in STEP.items():
            other = (cell[0] + dx, cell[1] + dy)
            if other in orientation or (cell, other) not in adjacent:
                continue
            # Face down, the sheet is seen mirrored: the cube rolls the other way in x.
            move = ROLL[MIRROR[side]]
            now = dict(orientation[cell])
            for to, frm in move.items():
                now[to] = orientation[cell][frm]
            orientation[other] = now
            queue.append(other)
    return {cell: o["bottom"] for cell, o in orientation.items()}, orientation


@pytest.mark.parametrize("axis", ["x", "y"])
def test_the_die_net_folds_into_a_right_handed_die(all_parts, phoenix_spec, axis):
    face = phoenix_spec["dice"]["face_mm"]
    part = next(p for p in all_parts if p.kind == "die" and p.meta["axis"] == axis)
    cells, face_folds, tabs, edge_of = read_net(part, face)
    assert sorted(cells.values()) == [1, 2, 3, 4, 5, 6]
    adjacent = set()
    for seg in face_folds:
        (a, _), (b, _) = list(edge_of(seg))
        adjacent |= {(a, b), (b, a)}
    assert len(face_folds) == 5
    covers, orientation = roll_up(cells, adjacent)
    assert sorted(covers.values()) == sorted(NORMAL), "two faces fold onto one side of the cube"
    value_at = {covers[c]: v for c, v in cells.items()}
    for position, value in value_at.items():
        assert value + value_at[OPPOSITE[position]] == 7
    # 1, 2, 3 counter-clockwise around their corner, seen from outside.
    n1, n2, n3 = (NORMAL[next(p for p, v in value_at.items() if v == k)] for k in (1, 2, 3))
    cross = (n1[1] * n2[2] - n1[2] * n2[1], n1[2] * n2[0] - n1[0] * n2[2], n1[0] * n2[1] - n1[1] * n2[0])
    assert sum(a * b for a, b in zip(cross, n3)) > 0, "a Western die is right-handed"
    # Every one of the 12 cube edges is a fold or carries exactly one glue tab.
    edges = [frozenset((covers[a], covers[b])) for a, b in adjacent if a < b]
    for cell, side in tabs:
        neighbour = orientation[cell][SIDE_POSITION[MIRROR[side]]]
        edges.append(frozenset((covers[cell], neighbour)))
    assert len(tabs) == 7 and len(set(edges)) == len(edges) == 12


def test_nets_refuse_a_layout_that_is_not_a_cube():
    with pytest.raises(ValueError):
        nets.fold(((0, 0), (1, 0), (2, 0), (3, 0), (4, 0), (5, 0)))
    bad = nets.CubeNet(cells=nets.CROSS.cells, tabs=nets.CROSS.tabs[:-1] + (((1, 2), "W"),))
    with pytest.raises(ValueError, match="seam"):
        nets.die_net(18, 7, net=bad)


def test_die_faces_follow_the_net_for_another_layout():
    # A staircase net: the numbering comes from folding it, not from a table.
    cells = ((0, 0), (1, 0), (1, 1), (2, 1), (2, 2), (3, 2))
    values = nets.die_faces(cells)
    frames = nets.fold(cells)
    for a in cells:
        for b in cells:
            if frames[a].normal == tuple(-v for v in frames[b].normal):
                assert values[a] + values[b] == 7


# --- measured sizes ------------------------------------------------------------------------

def pdf_paths(page):
    found = []
    for obj in page.get_objects():
        if obj.type != raw.FPDF_PAGEOBJ_PATH:
            continue
        left, bottom, right, top = obj.get_bounds()
        r, g, b, a = (ctypes.c_uint() for _ in range(4))
        raw.FPDFPageObj_GetFillColor(obj.raw, r, g, b, a)
        fill, stroke = ctypes.c_int(), ctypes.c_int()
        raw.FPDFPath_GetDrawMode(obj.raw, fill, stroke)
        found.append({"box": (left * MM, bottom * MM, right * MM, top * MM), "fill": bool(fill.value),
                      "color": "#%02X%02X%02X" % (r.value, g.value, b.value)})
    return found


def test_board_squares_measure_30_mm_in_the_pdf(built, phoenix_spec):
    result = built("letter")
    pdf = pdfium.PdfDocument(str(result.kit_pdf))
    page = pdf[1]
    gold = phoenix_spec["board"]["phoenix_hex"].upper()
    squares = [p["box"] for p in pdf_paths(page) if p["fill"] and p["color"] == gold
               and abs(p["box"][2] - p["box"][0] - 30) < 2]
    assert len(squares) == 6
    for left, bottom, right, top in squares:
        assert right - left == pytest.approx(30.0, abs=0.1)
        assert top - bottom == pytest.approx(30.0, abs=0.1)
    # The Phoenix squares run corner to corner along the diagonal, one square apart.
    squares.sort()
    for (l1, b1, _, _), (l2, b2, _, _) in zip(squares, squares[1:]):
        assert l2 - l1 == pytest.approx(30.0, abs=0.1) and b2 - b1 == pytest.approx(30.0, abs=0.1)


def test_die_faces_measure_their_size_in_the_pdf(built, phoenix_spec):
    result = built("a4")
    pdf = pdfium.PdfDocument(str(result.kit_pdf))
    face = phoenix_spec["dice"]["face_mm"]
    black = phoenix_spec["dice"]["x"]["hex"].upper()
    page = next(pdf[i] for i in range(len(pdf))
                if len([p for p in pdf_paths(pdf[i]) if p["fill"] and p["color"] == black]) >= 6)
    faces = [p["box"] for p in pdf_paths(page) if p["fill"] and p["color"] == black
             and abs(p["box"][2] - p["box"][0] - face) < 1.5 and abs(p["box"][3] - p["box"][1] - face) < 1.5]
    assert len(faces) == 6
    centres = sorted(((l + r) / 2, (b + t) / 2) for l, b, r, t in faces)
    by_row = {}
    for x, y in centres:
        by_row.setdefault(round(y, 1), []).append(x)
    (row,) = [xs for xs in by_row.values() if len(xs) == 4]  # the band of four faces
    for a, b in zip(row, row[1:]):
        assert b - a == pytest.approx(face, abs=0.1)
    for left, bottom, right, top in faces:  # each face's colour runs right up to its folds: no white rim
        assert right - left == pytest.approx(face, abs=0.05)
        assert top - bottom == pytest.approx(face, abs=0.05)


def test_birds_stand_on_a_square_and_show_their_type_on_both_faces(all_parts, phoenix_spec):
    net = phoenix_spec["birds"]["net"]
    square = phoenix_spec["board"]["square_mm"]
    birds = [p for p in all_parts if p.kind == "bird"]
    assert len(birds) == 4 * 3
    assert {(p.meta["color"], p.meta["bird"]) for p in birds} == {
        (c["name"], t) for c in phoenix_spec["colors"] for t in ("rock", "paper", "scissors")}
    assert max(net["width_mm"], net["base_mm"]) <= square
    # The faces lean together: the tent's top stands above its base.
    assert net["face_mm"] > net["base_mm"] / 2
    for part in birds:
        pad, _, width, _ = part.meta["net"]
        folds = sorted({round(i.points[0][1], 3) for i in part.items if isinstance(i, Line) and i.role == MOUNTAIN
                        and math.isclose(i.points[0][1], i.points[-1][1])})
        tab, front, back = folds  # tab|base, base|front, front|back (the top of the tent)
        assert front - tab == pytest.approx(net["base_mm"])
        assert back - front == pytest.approx(net["face_mm"])
        top = back + net["face_mm"]
        # The back face's art is the front face's turned over about the top fold,
        # so both read upright when the Bird stands.
        def centres(low, high):
            return sorted((round(c.center[0], 2), round(c.center[1], 2)) for c in part.items
                          if isinstance(c, Circle) and low < c.center[1] < high)
        front_art = centres(front, back)
        back_turned = sorted((round(2 * pad + width - x, 2), round(2 * back - y, 2)) for x, y in centres(back, top))
        assert front_art and front_art == back_turned


# --- fitting on paper -------------------------------------------------------------------------

def test_every_part_keeps_its_drawing_inside_its_frame(all_parts):
    for part in all_parts:
        x0, y0, x1, y1 = bounds([i for i in part.items if not isinstance(i, Text)])
        assert x0 >= -0.01 and y0 >= -0.01 and x1 <= part.width + 0.01 and y1 <= part.height + 0.01, part.name
        for text in part.items:
            if isinstance(text, Text) and text.angle == 0:
                w = text_width_mm(text.text, text.size, text.bold)
                left = {"start": text.x, "middle": text.x - w / 2, "end": text.x - w}[text.anchor]
                assert left >= -0.2 and left + w <= part.width + 0.2, (part.name, text.text)


@pytest.mark.parametrize("paper", ["letter", "a4"])
def test_all_parts_fit_inside_the_printable_area(phoenix_spec, all_parts, paper):
    laid = sheets.impose(phoenix_spec, all_parts, kit.BuildOptions(colors=4, paper=paper), phoenix_parts)
    margin = 6.35
    placed = 0
    for sheet in laid:
        w, h = sheet.paper.width, sheet.paper.height
        for placement in sheet.placements:
            placed += 1
            assert placement.x >= sheets.SAFE_MARGIN - 1e-6 and placement.y >= sheets.SAFE_MARGIN - 1e-6
            assert placement.x + placement.width <= w - sheets.SAFE_MARGIN + 1e-6
            assert placement.y + placement.height <= h - sheets.SAFE_MARGIN + 1e-6
        x0, y0, x1, y1 = bounds([i for i in sheet.print_items() if not isinstance(i, Text)])
        assert x0 >= margin and y0 >= margin and x1 <= w - margin and y1 <= h - margin
    assert placed == len(all_parts) + 1  # and the box label, on the cover
    assert [p.part.kind for p in laid[0].placements] == ["label"]
    assert len(laid) == 5  # the cover, the board, the Birds, the Ashes and dice, the score sheets
    assert [s.group for s in laid[1:]] == ["board", "birds", "ashes-dice", "score"]


def test_board_is_one_piece_on_one_sheet(phoenix_spec, all_parts):
    board = part_named(all_parts, "Board")
    assert (board.width, board.height) <= phoenix_geometry.PRINTABLE
    assert board.width <= phoenix_geometry.PRINTABLE[0] and board.height <= phoenix_geometry.PRINTABLE[1]
    texts = {t.text for t in board.items if isinstance(t, Text)}
    assert {"1", "2", "3", "4", "5", "6"} <= texts
    assert any("black die" in t for t in texts) and any("white die" in t for t in texts)


def test_a_square_too_big_for_the_paper_is_a_spec_problem(tmp_path):
    text = (spec.SPECS_DIR / "phoenix.yaml").read_text(encoding="utf-8").replace("square_mm: 30", "square_mm: 32")
    path = tmp_path / "big.yaml"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(SpecError, match="fits on A4 and Letter"):
        spec.load(str(path))


def test_fewer_colours_print_fewer_birds_and_score_columns(phoenix_spec):
    two = phoenix_parts.parts(phoenix_spec, kit.BuildOptions(colors=2))
    assert {p.meta["color"] for p in two if p.kind == "bird"} == {"Red", "Blue"}
    score = next(p for p in two if p.kind == "score")
    assert {t.text for t in score.items if isinstance(t, Text)} >= {"Red", "Blue"}
    assert "Green" not in {t.text for t in score.items if isinstance(t, Text)}


# --- the files ---------------------------------------------------------------------------------

def test_rebuild_is_byte_identical(phoenix_spec, built, tmp_path):
    first = built("a4")  # the A4 kit the other tests read, built earlier in this run
    second = kit.build(phoenix_spec, kit.BuildOptions(paper="a4"), tmp_path / "two")
    names = sorted(p.name for p in first.folder.iterdir())
    assert names == sorted(p.name for p in second.folder.iterdir())
    assert any(n.endswith(".svg") for n in names) and "phoenix-kit.pdf" in names
    for name in names:
        assert (first.folder / name).read_bytes() == (second.folder / name).read_bytes(), name


def test_kit_fonts_are_embedded(built):
    reader = PdfReader(io.BytesIO(built("letter").kit_pdf.read_bytes()))
    seen = set()
    for page in reader.pages:
        for ref in page["/Resources"]["/Font"].values():
            font = ref.get_object()
            seen.add(font["/BaseFont"])
            assert font["/Subtype"] == "/TrueType", font["/BaseFont"]
            assert "/FontFile2" in font["/FontDescriptor"].get_object(), font["/BaseFont"]
    assert seen


def test_ink_saver_keeps_dice_pips_marks_and_the_phoenix_emblem(built, phoenix_spec):
    colour = pdfium.PdfDocument(str(built("letter").kit_pdf))
    saver = pdfium.PdfDocument(str(built("letter", ink_saver=True).kit_pdf))
    gold = phoenix_spec["board"]["phoenix_hex"].upper()
    assert any(p["fill"] and p["color"] == gold for p in pdf_paths(colour[1]))
    assert not any(p["fill"] and p["color"] == gold for p in pdf_paths(saver[1]))
    emblem = phoenix_parts.EMBLEM_INK.upper()
    assert sum(p["fill"] and p["color"] == emblem for p in pdf_paths(saver[1])) >= 6 * 3
    # The black die keeps its black pips (21 of them) but loses its solid
    # faces: each face is a black frame inside its edges (a ring), which the
    # cut piece keeps, so it is told from the white die.
    black = phoenix_spec["dice"]["x"]["hex"].upper()
    face = phoenix_spec["dice"]["face_mm"]
    black_fills = [p["box"] for p in pdf_paths(saver[3]) if p["fill"] and p["color"] == black]
    assert sum(r - l < face / 3 for l, b, r, t in black_fills) >= 21
    frame = face * (1 - 2 * nets.FRAME_IN)
    large = [(r - l, t - b) for l, b, r, t in black_fills if r - l > face / 2 or t - b > face / 2]
    assert len(large) == 6 and all(abs(w - frame) < 0.1 and abs(h - frame) < 0.1 for w, h in large)
    die = phoenix_parts.die_part(phoenix_spec, "x", ink_saver=True)
    assert all(f.holes for f in die.items if isinstance(f, Fill) and f.color.upper() == black
               and f.points and max(x for x, _ in f.points) - min(x for x, _ in f.points) > face / 2)
    coloured = [p["box"] for p in pdf_paths(colour[3]) if p["fill"] and p["color"] == black]
    assert sum(abs(r - l - face) < 0.1 and abs(t - b - face) < 0.1 for l, b, r, t in coloured) == 6


def test_cut_files_close_every_outline_and_never_cut_or_score_twice(built):
    import xml.etree.ElementTree as ET

    from test_kit_svg import SVG, overlap, path_segments

    result = built("letter")
    files = sorted(p for p in result.files if p.suffix == ".svg")
    # Five sheets; the score sheets have nothing to cut, so no cut file (the cover has the box label).
    assert [p.name for p in files] == [f"phoenix-sheet-0{n}.svg" for n in (1, 2, 3, 4)]  # 1: the box label
    outlines = 0
    for path in files:
        segments = []
        for layer in ET.parse(path).getroot().iter(f"{SVG}g"):
            for element in layer.iter(f"{SVG}path"):
                found, closed = path_segments(element.get("d"))
                if layer.get("id") == "cut":
                    # The Birds stand edge to edge in rows: each Bird but the
                    # first of a row is cut open, its shared side already cut.
                    assert closed or path.name.endswith("-03.svg"), path.name
                    outlines += 1
                segments.extend(found)
        for i, s in enumerate(segments):  # cut and score together: no line is both
            for t in segments[i + 1:]:
                assert overlap(s, t) < 1e-3, (path.name, s, t)
    # box label, board, turn strip, marker, 12 Birds, Ashes mat, two dice
    assert outlines == 1 + 1 + 1 + 1 + 12 + 1 + 2


def test_the_rulebook_fight_is_the_engines(phoenix_spec):
    """"The winner follows the circle ... The losing Bird goes to the Ashes and
    the winning Bird takes its square": the engine plays the fight figure's
    move so, and its caption says what the engine did."""
    state, names = phoenix_parts._engine_position(
        phoenix_spec, 2, [((2, 2), 0, "rock"), ((4, 4), 1, "scissors"), ((5, 2), 1, "paper"),
                          ((1, 5), 0, "paper")])
    state.apply(state.string_to_action("R d 2,2>3,3"))
    after = state.to_json()
    grid = {tuple(b["at"]): (b["owner"], b["bird"]) for b in after["grid"]}
    assert grid[(4, 4)] == (names[0], "rock") and (3, 3) not in grid
    assert after["ashes"][names[1]]["scissors"] == 1
    caption = phoenix_book.fight_figure(phoenix_spec).meta["caption"]
    assert "Rock beats Scissors: the Scissors goes to the Ashes and the Rock takes (4, 4)" in caption


def test_each_bird_face_shows_its_owner_mark_large_on_the_colour(phoenix_spec):
    """Published kits put the player's mark large where players look: every
    face of a Bird carries its owner's mark twice, 4.5 mm or more across, in
    white on the colour field, 2.5 mm or more from the side cuts."""
    net = phoenix_spec["birds"]["net"]
    for color in phoenix_spec["colors"]:
        items = phoenix_parts.bird_art(color, "rock")(net["width_mm"], net["face_mm"])
        white = [i for i in items if isinstance(i, Fill) and i.color.upper() == "#FFFFFF"
                 and i is not items[1]]  # items[1] is the name band
        marks = []
        for fill in white:
            x0, y0, x1, y1 = bounds([fill])
            if y0 > net["face_mm"] / 2:  # above the middle: the corner marks
                marks.append((x0, y0, x1, y1))
        xs = sorted({round((x0 + x1) / 2) for x0, _, x1, _ in marks})
        assert len(xs) == 2, (color["name"], marks)
        span = max(max(x1 - x0, y1 - y0) for x0, y0, x1, y1 in marks)
        assert span >= 4.5, (color["name"], span)
        assert min(x0 for x0, *_ in marks) >= 2.5 - 1e-6
        assert max(x1 for _, _, x1, _ in marks) <= net["width_mm"] - 2.5 + 1e-6


def test_rulebook_chain_and_escalation_figures_are_the_engines_positions(phoenix_spec):
    """Seed: "This may create new diagonal interactions which are resolved
    immediately in the same turn." and, in the Escalation Phase, "When Birds
    interact diagonally, both are eliminated to the Ashes regardless of the
    normal RPS hierarchy"; the figures show what the engine plays."""
    state, names = phoenix_parts._engine_position(
        phoenix_spec, 4, [((2, 2), 0, "rock"), ((4, 4), 1, "scissors"), ((5, 5), 2, "scissors"),
                          ((1, 5), 0, "paper"), ((6, 1), 1, "paper"), ((1, 3), 3, "paper")])
    state.apply(state.string_to_action("R d 2,2>3,3"))
    grid = {tuple(b["at"]): (b["owner"], b["bird"]) for b in state.to_json()["grid"]}
    assert grid[(5, 5)] == (names[0], "rock") and (4, 4) not in grid and (3, 3) not in grid
    state, names = phoenix_parts._engine_position(
        phoenix_spec, 2, [((1, 1), 0, "rock"), ((5, 5), 1, "paper"), ((2, 6), 0, "scissors"), ((6, 2), 1, "rock")],
        escalation=True)
    state.apply(state.string_to_action("R d 1,1>4,4"))
    grid = {tuple(b["at"]) for b in state.to_json()["grid"]}
    assert grid == {(2, 6), (6, 2)}
    figures = phoenix_book.figures(phoenix_spec, kit.resolve_options(phoenix_spec, kit.BuildOptions()))
    # The figures' captions tell the moves just played on the engine.
    assert "beats it in the same turn and ends on (5,\u00a05)" in figures["chain"].meta["caption"]
    assert "both Birds go to the Ashes" in figures["escalation"].meta["caption"]
