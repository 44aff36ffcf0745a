"""Sheets of every kit, checked as the person who prints, cuts and folds them:
the checklist's words and counts, the legend, text size and placement."""

import math

import pytest

from printkit import kit, sheets, spec
from printkit.parts.core import (ASCENT, CUT, DESCENT, GLUE, MIN_TEXT_PT, MOUNTAIN, PT, VALLEY, Fill, Line,
                                 Text)
from printkit.writers.fonts import text_width_mm

GAMES = ("mckinney", "phoenix", "tiles")


@pytest.fixture(scope="module")
def laid_out(layout_of):
    """``laid_out(game, paper="letter", ink_saver=False)`` -> the kit's Sheets (no files
    written), laid out once a run (tests/conftest.py)."""

    def get(game, paper="letter", ink_saver=False):
        return layout_of(game, paper=paper, ink_saver=ink_saver)[1]

    return get


def cover_rows(laid):
    """The checklist as (count, name) pairs, read from the cover's text."""
    texts = [t for t in laid[0].furniture if isinstance(t, Text)]
    counts = [t for t in texts if t.bold and t.anchor == "end" and t.text.isdigit()]
    rows = []
    for count in counts:
        name = next(t for t in texts if t.anchor == "start" and abs(t.y - count.y) < 1e-6
                    and 0 < t.x - count.x < 3)
        rows.append((int(count.text), name.text))
    return rows


@pytest.mark.parametrize("name,want", [
    ("Paper Unit (Blue)", "Paper Units (Blue)"), ("Slider Marker (Green)", "Slider Markers (Green)"),
    ("Reference card", "Reference cards"), ("Box", "Boxes"), ("Die, black", "Dies, black"),
    ("Army", "Armies"), ("Tray", "Trays")])
def test_plural_names_the_head_word(name, want):
    assert sheets.plural(name) == want


def test_checklist_counts_pieces_in_plural_words(laid_out):
    tiles = cover_rows(laid_out("tiles"))
    loaded = spec.load("tiles")
    size = loaded["tiles"]["size_mm"]
    # The tiles themselves are counted, not the sheets they are printed on.
    assert (loaded["tiles"]["count"], f"Tiles ({size:g} mm squares)") in tiles
    assert (loaded["reference_cards"], "Reference cards") in tiles
    mckinney = dict((name, count) for count, name in cover_rows(laid_out("mckinney")))
    assert mckinney["Slider Markers (Blue)"] == 2 and mckinney["Rock Units (Blue)"] == 8
    assert mckinney["Builder (Blue)"] == 1
    phoenix = dict((name, count) for count, name in cover_rows(laid_out("phoenix")))
    assert phoenix["Score tables (one game each)"] == 4
    for game in GAMES:
        for count, name in cover_rows(laid_out(game)):
            head = name.split(" (")[0].split(",")[0]
            assert (count == 1) != head.endswith("s") or head.endswith(("Scissors", "Ashes")), (game, count, name)


def test_the_cover_names_player_colours_only_for_games_that_print_them(laid_out):
    def facts(game):
        return next(t.text for t in laid_out(game)[0].furniture
                    if isinstance(t, Text) and t.text.startswith("Print-and-play kit"))
    assert "player colours" not in facts("tiles")
    assert "4 player colours" in facts("mckinney")


LEGEND_WORDS = {"cut": "cut", "valley": "valley fold", "mountain": "mountain fold", "glue": "glue tab",
                "waste": "waste: cut away"}


@pytest.mark.parametrize("game", GAMES)
def test_each_legend_keys_exactly_the_roles_its_sheet_uses(laid_out, game):
    laid = laid_out(game)
    kit_roles = set()
    for sheet in laid:
        kit_roles |= sheets.roles_used(sheet.part_items())
    for sheet in laid:
        roles = kit_roles if sheet.number == 1 else sheets.roles_used(sheet.part_items())
        bottom = [t.text for t in sheet.furniture if isinstance(t, Text) and t.y < sheets.SAFE_MARGIN + 3]
        assert sorted(w for w in bottom if w in LEGEND_WORDS.values()) == sorted(LEGEND_WORDS[r] for r in roles), \
            (game, sheet.number)
        assert any(w.startswith("print at 100% on ") for w in bottom), bottom
    if game == "tiles":  # tiles are only cut: no fold, tab or waste to explain
        assert kit_roles == {"cut"}


# --- text: legible, and never on a line or on other text ---------------------

def text_box(t):
    """The corners of a Text's box (its width, from descender to ascender), in mm."""
    w = text_width_mm(t.text, t.size, t.bold)
    asc, desc = ASCENT * t.size * PT, DESCENT * t.size * PT
    x0 = {"start": 0.0, "middle": -w / 2, "end": -w}[t.anchor]
    a = math.radians(t.angle)
    c, s = math.cos(a), math.sin(a)
    return [(t.x + x * c - y * s, t.y + x * s + y * c)
            for x, y in ((x0, -desc), (x0 + w, -desc), (x0 + w, asc), (x0, asc))]


def _axes(poly):
    edges = zip(poly, poly[1:] + poly[:1]) if len(poly) > 2 else [tuple(poly)]
    return [(y1 - y2, x2 - x1) for (x1, y1), (x2, y2) in edges]


def overlaps(p, q, eps=1e-3):
    """Whether two convex polygons (or a polygon and a segment) overlap: no separating axis."""
    for ax, ay in _axes(p) + _axes(q):
        norm = math.hypot(ax, ay)
        if norm < 1e-12:
            continue
        pp = [(x * ax + y * ay) / norm for x, y in p]
        qq = [(x * ax + y * ay) / norm for x, y in q]
        if max(pp) <= min(qq) + eps or max(qq) <= min(pp) + eps:
            return False
    return True


def near_pairs(ps, qs, gap=1e-6):
    """The (i, j) pairs of ``ps[i]`` and ``qs[j]`` whose bounding boxes come
    within ``gap`` mm of each other: every other pair lies apart, so
    ``overlaps`` is False for it and need not be asked (a sweep along x
    instead of every pair)."""
    def bound(shape):
        xs, ys = [x for x, _ in shape], [y for _, y in shape]
        return min(xs), max(xs), min(ys), max(ys)

    events = sorted([(*bound(p), 0, i) for i, p in enumerate(ps)] + [(*bound(q), 1, j) for j, q in enumerate(qs)])
    live = ([], [])  # the ps and qs whose x span may still reach what comes next
    for x0, x1, y0, y1, side, n in events:
        other = live[1 - side]
        other[:] = [o for o in other if o[0] >= x0 - gap]
        for ox1, oy0, oy1, m in other:
            if oy0 <= y1 + gap and y0 <= oy1 + gap:
                yield (n, m) if side == 0 else (m, n)
        live[side].append((x1, y0, y1, n))


def inside_convex(point, poly, clear=0.0):
    """Whether ``point`` lies inside the convex polygon ``poly``, ``clear`` mm from every side."""
    x, y = point
    sign = None
    for (x1, y1), (x2, y2) in zip(poly, poly[1:] + poly[:1]):
        cross = ((x2 - x1) * (y - y1) - (y2 - y1) * (x - x1)) / math.hypot(x2 - x1, y2 - y1)
        if sign is None:
            sign = 1 if cross > 0 else -1
        if cross * sign < clear:
            return False
    return True


KITS = [(g, paper, ink) for g in GAMES + ("lam", "playground") for paper in ("letter", "a4")
        for ink in (False, True)]


@pytest.mark.parametrize("game,paper,ink_saver", KITS)
def test_text_is_legible_and_clear_of_lines_and_other_text(laid_out, game, paper, ink_saver):
    for sheet in laid_out(game, paper, ink_saver):
        items = sheet.print_items()
        texts = [t for t in items if isinstance(t, Text) and t.text.strip()]
        small = [(t.text, t.size) for t in texts if t.size < MIN_TEXT_PT - 1e-9]
        assert not small, (sheet.number, small)
        boxes = [text_box(t) for t in texts]
        for i, j in near_pairs(boxes, boxes):
            if i < j:
                assert not overlaps(boxes[i], boxes[j]), (sheet.number, texts[i].text, texts[j].text)
        segs = []
        for line in items:
            if not (isinstance(line, Line) and line.role in (CUT, VALLEY, MOUNTAIN)):
                continue
            points = list(line.points) + ([line.points[0]] if line.closed else [])
            segs += [(line.role, list(seg)) for seg in zip(points, points[1:])]
        for i, k in near_pairs(boxes, [seg for _, seg in segs]):
            assert not overlaps(boxes[i], segs[k][1]), (sheet.number, texts[i].text, segs[k][0], segs[k][1])


@pytest.mark.parametrize("game", ["mckinney", "phoenix"])
def test_every_glue_tab_holds_its_label_inside_its_taper(laid_out, game):
    tabs = 0
    for sheet in laid_out(game):
        items = sheet.part_items()
        texts = [t for t in items if isinstance(t, Text)]
        for fill in (i for i in items if isinstance(i, Fill) and i.role == GLUE):
            tabs += 1
            poly = list(fill.points)
            (ax, ay), (bx, by), (cx, cy), (dx, dy) = poly
            edge, outer = math.hypot(bx - ax, by - ay), math.hypot(dx - cx, dy - cy)
            depth = abs((bx - ax) * (cy - ay) - (by - ay) * (cx - ax)) / edge
            assert 6.0 - 1e-6 <= depth <= 13.0 + 1e-6, (sheet.number, depth)
            assert outer == pytest.approx(edge - 2 * depth, abs=1e-6)  # 45 degree ends
            labels = [t for t in texts if inside_convex((t.x, t.y), poly)]
            assert labels and any("glue" in t.text for t in labels), (sheet.number, poly)
            for label in labels:
                assert all(inside_convex(p, poly, clear=0.3) for p in text_box(label)), (sheet.number, label.text)
    assert tabs >= 4


@pytest.mark.parametrize("per_colour", [False, True])
def test_mckinney_cover_says_how_the_pieces_sheets_print(layout_of, per_colour):
    """The cover's assembly steps describe the sheets as built: colours
    sharing the pieces sheets by default, a sheet per colour when asked."""
    _, laid = layout_of("mckinney", sheet_per_colour=per_colour)
    words = " ".join(t.text for t in laid[0].furniture if isinstance(t, Text))
    pieces_sheets = [s for s in laid if s.group.startswith("pieces")]
    if per_colour:
        assert "sheets of their own" in words and len({s.group for s in pieces_sheets}) == 4
    else:
        assert "share the pieces sheets" in words and {s.group for s in pieces_sheets} == {"pieces"}


def test_a_part_is_turned_to_finish_a_row_only_where_the_layout_gets_shorter():
    """The packer turns a part to sit beside a grid rather than open a row of
    its own where that shortens the layout, and leaves it standing where it
    does not (the part after it would need the row anyway)."""
    from printkit.parts.core import Part

    options = kit.resolve_options(spec.load("mckinney"), kit.BuildOptions())
    # Three kinds of eight tiles: a grid eight wide, each kind on a row.
    grid = [Part(f"Tile {kind}", 18, 18, abut="tiles", group="g") for kind in "ABC" for _ in range(8)]

    def laid(parts):
        paper, pages = sheets._group_pages(parts, sheets.paper_for(options), options, sheets.part_gap(options))
        return pages

    tall = Part("Net", 54, 39, group="g")
    (page,) = laid(grid + [tall])
    (net,) = [p for p in page if p.part is tall]
    assert net.rotated and (net.width, net.height) == (39, 54)
    assert sheets.layout_length(grid + [tall], options) < (1, 54 + 4 + 39)
    # Two nets of one size: turning the first leaves the second a row of its
    # own just as tall, so neither is turned.
    wide = Part("Wide", 150, 60, group="g")
    first, second = Part("Net", 54, 39, group="g"), Part("Net", 54, 39, group="g")
    (page,) = laid([wide, first, second])
    assert not any(p.rotated for p in page)
    # A part that may not be turned stays as it is.
    fixed = Part("Net", 54, 39, group="g", rotatable=False)
    (page,) = laid(grid + [fixed])
    assert not any(p.rotated for p in page)


def test_words_a_quarter_turn_leaves_upside_down_read_the_right_way_up():
    """A part is turned a quarter turn to the left: words reading up its
    left edge (a glue tab's) would read upside down; they are set the right
    way up over the same middle."""
    from printkit.parts.core import Part, transform

    label = Text(3.0, 19.5, "glue under far side", size=6, angle=90)
    upright = Text(30.0, 30.0, "Builder", size=6)
    net = Part("Net", 54, 39, items=[label, upright])
    turned, kept = sheets.Placement(net, 100.0, 50.0, rotated=True).items()
    assert turned.angle == 0 and kept.angle == 90  # words reading across the part now read up it
    rise = (ASCENT - DESCENT) / 2 * label.size * PT
    flipped = transform(label, dx=100.0 + 39, dy=50.0, rotate=90)  # as the turn alone leaves them
    assert flipped.angle == 180
    assert (turned.x, turned.y + rise) == pytest.approx((flipped.x, flipped.y - rise))


def _overlap_area(a, b):
    """The area two placements' boxes share (0 for neighbours sharing a cut line)."""
    w = min(a.x + a.width, b.x + b.width) - max(a.x, b.x)
    h = min(a.y + a.height, b.y + b.height) - max(a.y, b.y)
    return max(0.0, w) * max(0.0, h)


@pytest.mark.parametrize("paper", ["letter", "a4"])
def test_mckinney_four_colours_pieces_share_one_sheet_row_by_colour(laid_out, paper):
    """Four colours' pieces fit one sheet (they took two: the last about 80%
    empty, beside a 55 mm band left free right of each Unit grid): a row per
    colour, its 24 Units in one grid with its Builder turned beside them,
    then the Slider Markers; nothing overlaps, nothing leaves the printable area."""
    from printkit.parts.core import item_box

    laid = laid_out("mckinney", paper)
    assert len(laid) == 6  # cover, 4 quadrants, one sheet of pieces (was 7)
    (sheet,) = [s for s in laid if s.group == "pieces"]
    assert sheet.title == "Pieces of Vermilion, Blue, Yellow and Green"
    loaded = spec.load("mckinney")
    per_colour = 1 + loaded["pieces"]["slider_markers"] + sum(loaded["pieces"]["units"].values())
    assert len(sheet.placements) == 4 * per_colour + sum(p.part.kind == "label" for p in sheet.placements)
    x0, y0, w, h = sheets.content_box(sheet.paper)
    placed = sheet.placements
    for p in placed:
        assert x0 - 1e-6 <= p.x and p.x + p.width <= x0 + w + 1e-6, p.part.name
        assert y0 - 1e-6 <= p.y and p.y + p.height <= y0 + h + 1e-6, p.part.name
        for box in filter(None, map(item_box, p.items())):  # the ink too, words included
            assert sheets.PRINTER_EDGE < box[0] and box[2] < sheet.paper.width - sheets.PRINTER_EDGE, p.part.name
            assert sheets.PRINTER_EDGE < box[1] and box[3] < sheet.paper.height - sheets.PRINTER_EDGE, p.part.name
    for i, a in enumerate(placed):
        for b in placed[i + 1:]:
            assert _overlap_area(a, b) < 1e-6, (a.part.name, b.part.name)
    # turned, no words read upside down (the Builder's glue tab)
    assert not [t.text for p in placed for t in p.items() if isinstance(t, Text) and 90 < t.angle % 360 <= 270]
    for colour in ("Vermilion", "Blue", "Yellow", "Green"):
        mine = [p for p in placed if p.part.meta.get("color") == colour]
        units = [p for p in mine if p.part.kind == "unit"]
        (builder,) = [p for p in mine if p.part.kind == "builder"]
        top = max(u.y + u.height for u in units)
        bottom = min(u.y for u in units)
        assert builder.rotated and builder.y + builder.height == pytest.approx(top)
        assert builder.y >= bottom - 1e-6 and builder.x >= max(u.x + u.width for u in units)
        # the Units share cut lines, each of the three kinds on a row of its own
        rows = {round(u.y, 6) for u in units}
        assert len(rows) == 3 and all(len({u.part.name for u in units if round(u.y, 6) == y}) == 1 for y in rows)
    # below every colour's row, the Slider Markers
    lowest = min(p.y for p in placed if p.part.kind == "unit")
    assert all(p.y + p.height < lowest for p in placed if p.part.kind == "slider-marker")



@pytest.mark.parametrize("paper,colors,want", [("letter", 4, 7), ("a4", 3, 6), ("a4", 4, 7)])
def test_mckinney_builders_stay_in_a_row_where_none_fits_beside_the_units(layout_of, paper, colors, want):
    """With a cutting machine's marks the printable area is 176 mm (Letter)
    or 170 mm (A4) wide: 8 Units (144 mm) and a turned Builder (39 mm) do not
    fit side by side, so the Builders stand side by side above the Units as
    before, on no more sheets."""
    _, laid = layout_of("mckinney", paper=paper, colors=colors, print_and_cut=True)
    assert len(laid) == want
    builders = [p for s in laid for p in s.placements if p.part.kind == "builder"]
    assert len(builders) == colors and not any(p.rotated for p in builders)
    assert len({round(p.y, 6) for p in builders}) < colors  # sharing rows, not one row each
