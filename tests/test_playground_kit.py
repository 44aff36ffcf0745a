"""The Playground Battles kit, measured: board sections that assemble into
the whole board (for this board and one twice as large), gutter-fold cards
whose halves meet on the fold, stands and a die."""

from __future__ import annotations

import pytest

from printkit import SPECS_DIR
from printkit import spec as specs
from printkit.errors import SpecError
from printkit.parts.core import REVERSED_PT
from printkit.games.playground import parts as pg
from printkit.options import BuildOptions
from printkit.parts.core import CUT, GLUE, MOUNTAIN, PT, VALLEY, Fill, Line
from printkit.parts.sections import sections
from printkit.sheets import PAPERS, page_for

SPEC = SPECS_DIR / "playground.yaml"


def _squares(part):
    ox, oy = part.meta["origin"]
    return {(round(i.points[0][0] + ox, 3), round(i.points[0][1] + oy, 3))
            for i in part.items if isinstance(i, Fill) and len(i.points) == 4 and i.stroke}


@pytest.mark.parametrize("columns, rows", [(10, 10), (20, 20)])
def test_sections_fit_both_papers_and_assemble_into_the_whole_board(columns, rows):
    size = 25.0

    def draw(column, row, x, y, s):
        return [Fill(((x, y), (x + s, y), (x + s, y + s), (x, y + s)), "#FFFFFF", stroke="#000000")]

    made = sections(columns, rows, size, draw, 10.0)
    for part in made:
        assert all(page_for(part, paper) is not None for paper in PAPERS.values())
    found = set().union(*(_squares(p) for p in made))
    assert found == {(c * size, r * size) for c in range(columns) for r in range(rows)}
    across, up = made[0].meta["grid"]
    assert len(made) == across * up
    # One glue tab per seam: (across - 1) * up vertical seams and across * (up - 1) horizontal ones.
    tabs = sum(1 for p in made for i in p.items if isinstance(i, Fill) and i.role == "glue")
    assert tabs == (across - 1) * up + across * (up - 1)


def test_the_bundled_board_is_ten_by_ten_squares_in_the_fewest_sections():
    spec = specs.load("playground")
    made = pg.board_sections(spec)
    assert len(made) == 2  # 250 mm square: two sections fit Letter and A4
    assert sum(len(_squares(p)) for p in made) == 10 * 8  # the playing squares (base rows drawn apart)


def test_board_tabs_crease_away_to_slip_under_the_next_section():
    """Each section's glue tab is joined to it by a mountain fold (dash-dot), as
    every tab that goes under a neighbouring part in the kits: creased away
    from the print, the tab slips under while the faces stay level."""
    made = pg.board_sections(specs.load("playground"))
    tabs = 0
    for part in made:
        folds = {i.points: i.role for i in part.items if isinstance(i, Line) and i.role in (MOUNTAIN, VALLEY)}
        for tab in (i for i in part.items if isinstance(i, Fill) and i.role == GLUE):
            a, b = tab.points[:2]
            assert folds.get((a, b)) == MOUNTAIN, part.name
            tabs += 1
    assert tabs == len(made) - 1


@pytest.mark.parametrize("paper", ["letter", "a4"])
def test_all_the_stands_share_their_cut_lines_eight_to_a_row_on_one_sheet(paper):
    """A colour's stands sit edge to edge, eight to a row, and all 48 fit one
    sheet of either paper (the 46 mm stands took four sheets of twelve)."""
    from printkit import games, sheets
    from printkit.options import resolve_options

    spec = specs.load("playground")
    options = resolve_options(spec, BuildOptions(paper=paper))
    module = games.stage(spec.game, "parts")
    laid = sheets.impose(spec, module.parts(spec, options), options, module)
    holding = [s for s in laid if any(p.part.kind == "stand" for p in s.placements)]
    assert len(holding) == 1
    stands = [p for p in holding[0].placements if p.part.kind == "stand"]
    assert len(stands) == 48
    rows: dict = {}
    for p in stands:
        rows.setdefault(round(p.y, 6), []).append(p)
    assert len(rows) == 6
    for row in rows.values():
        row.sort(key=lambda p: p.x)
        assert len(row) == 8
        assert len({p.part.meta["color"] for p in row}) == 1  # no cut line between two colours
        for left, right in zip(row, row[1:]):
            assert right.x == pytest.approx(left.x + left.width)  # one cut line between them


def test_the_stands_cut_files_cut_no_stretch_twice(tmp_path):
    """Stands set edge to edge: the top of a stand meets the free edge of the
    tab above it, and each shared stretch is cut once (on every sheet)."""
    import xml.etree.ElementTree as ET

    from test_kit_svg import SVG, overlap, path_segments

    from printkit import kit

    result = kit.build(specs.load("playground"), BuildOptions(paper="a4", formats=("svg",)), tmp_path)
    checked = 0
    for path in sorted(result.folder.glob("playground-sheet-*.svg")):
        root = ET.parse(path).getroot()
        cuts = []
        for element in root.find(f"{SVG}g[@id='cut']").iter(f"{SVG}path"):
            cuts.extend(path_segments(element.get("d"))[0])
        for i, s in enumerate(cuts):
            for t in cuts[i + 1:]:
                assert overlap(s, t) < 1e-3, (path.name, s, t)
        checked += 1
    assert checked == 6  # every sheet: the cover (its box label), the board's two, the cards' two, the stands' one


def test_a_gutter_fold_card_meets_itself_on_the_fold():
    sizes = pg.DEFAULT
    card = pg.card("rock", {"name": "Blue", "hex": "#0072B2", "mark": "ring"}, "Playground Battles")
    assert card.width == pytest.approx(2 * sizes.card_w)
    # Folded printed sides out, the crease points at the viewer of the print: a
    # mountain fold (dash-dot, print.md's Yoshizawa-Randlett convention).
    fold = next(i for i in card.items if isinstance(i, Line) and i.role == MOUNTAIN)
    assert fold.points == ((sizes.card_w, 0.0), (sizes.card_w, sizes.card_h))
    cut = next(i for i in card.items if isinstance(i, Line) and i.role == CUT)
    xs = sorted({x for x, _ in cut.points})
    assert xs == [0.0, 2 * sizes.card_w]  # folded, the back covers the front exactly


def test_cards_stands_and_die_per_colour():
    spec = specs.load("playground")
    made = pg.parts(spec, BuildOptions(colors=2))
    for colour in ("Blue", "Red"):
        cards = [p for p in made if p.kind == "card" and p.meta["color"] == colour]
        assert sorted(p.meta["type"] for p in cards).count("rock") == 8 and len(cards) == 24
        assert sum(1 for p in made if p.kind == "stand" and p.meta["color"] == colour) == 24
    assert sum(1 for p in made if p.kind == "die") == 1


def test_a_stand_folds_into_a_tent_whose_ridge_is_slit_to_hold_a_card():
    sizes = pg.DEFAULT
    stand = pg.stand({"name": "Blue", "hex": "#0072B2", "mark": "ring"})
    a, b, ridge = stand.meta["slit"]
    assert b - a == pytest.approx(sizes.card_w + 1.0)  # the card slides in, half a millimetre spare each end
    assert a == pytest.approx(3.0) and stand.width - b == pytest.approx(3.0)  # and the ridge holds at both ends
    slits = [i for i in stand.items if isinstance(i, Line) and i.role == CUT and len(i.points) == 2]
    assert [(p[0], p[1]) for p in slits[0].points] == [(a, ridge), (b, ridge)]
    folds = [i for i in stand.items if isinstance(i, Line) and i.role not in (CUT, "art", "glue", "guide")]
    ridge_folds = [f for f in folds if all(abs(y - ridge) < 1e-9 for _, y in f.points)]
    assert len(ridge_folds) == 2  # the fold runs on either side of the slit, never along it
    # Folded: base, front and back faces; the two faces meet at the ridge above the base.
    assert stand.height == pytest.approx(sizes.tab + sizes.base + 2 * sizes.face)


def test_the_die_net_folds_into_a_die():
    from printkit.parts.nets import CROSS, die_faces

    faces = die_faces(CROSS.cells)  # numbered by folding the net: opposite faces sum to 7
    assert sorted(faces.values()) == [1, 2, 3, 4, 5, 6]
    spec = specs.load("playground")
    assert sum(1 for p in pg.parts(spec, BuildOptions()) if p.kind == "die") == 1


@pytest.mark.parametrize("per_colour", [False, True])
def test_a_sheet_title_names_no_colour_the_sheet_does_not_hold(per_colour):
    # The two colours' cards and stands share their groups unless each colour
    # prints on sheets of its own: a title then names only that colour.
    from printkit import games, sheets
    from printkit.options import resolve_options

    spec = specs.load("playground")
    options = resolve_options(spec, BuildOptions(sheet_per_colour=per_colour))
    module = games.stage(spec.game, "parts")
    named = 0
    for sheet in sheets.impose(spec, module.parts(spec, options), options, module)[1:]:
        held = {p.part.meta["color"] for p in sheet.placements if "color" in p.part.meta}
        for colour in (c["name"] for c in spec["colors"][:2]):
            if colour in sheet.title:
                named += 1
                assert colour in held, sheet.title
    assert named == (4 if per_colour else 0)  # a sheet of cards and one of stands per colour, and no more


@pytest.mark.parametrize("title", ["Playground Battles",
                                   "Playground Battles II",
                                   "Battles of the Playground"])
def test_the_name_on_a_card_back_stays_on_what_the_stand_shows(title):
    """A name longer than two short words ran off the back onto the front and
    the next card. The name reads up the card, each line inside the back,
    2.5 mm from its cuts, between the stand's ridge and the mark at the top."""
    from printkit.parts.core import CUT_CLEAR, Text
    from printkit.writers.fonts import text_width_mm

    sizes = pg.DEFAULT
    color = {"name": "Blue", "hex": "#0072B2", "mark": "ring"}
    gutter = pg.card("rock", color, title)
    duplex = pg.duplex_card("rock", color, title)
    for items, left in ((gutter.items, sizes.card_w), (duplex.back, 0.0)):
        names = [i for i in items if isinstance(i, Text) and i.color == color["hex"]]  # on a light shade of it
        assert " ".join(" ".join(i.text for i in names).split()) == " ".join(title.split())
        for item in names:
            assert item.angle == 90  # up the card: the text's x is across it, its width along it
            along = text_width_mm(item.text, item.size, item.bold) / 2
            cap, foot = item.size * PT, 0.24 * item.size * PT
            assert left + CUT_CLEAR <= item.x - cap and item.x + foot <= left + sizes.card_w - CUT_CLEAR, item.text
            assert sizes.ridge < item.y - along and item.y + along <= sizes.card_h - CUT_CLEAR - 6, item.text
            assert item.size >= REVERSED_PT  # the least the spec's title is checked against at load


@pytest.mark.parametrize("title", ["Playground Battles: The Second Edition",
                                   "The Extraordinary and Slightly Overlong Title of a Board Game: Second Edition"])
def test_a_title_too_long_for_a_card_back_is_refused_at_its_line(tmp_path, title):
    """Reversed out of the card's colour, the name prints at 7 pt or more; a
    title that does not fit so is refused, not shrunk."""
    text = SPEC.read_text(encoding="utf-8").replace('title: "Playground Battles"', f'title: "{title}"')
    path = tmp_path / "long.yaml"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(SpecError) as caught:
        specs.load(path)
    line = text[:text.index("title:")].count("\n") + 1
    assert f"long.yaml:{line}:8: title is too long for a card's back" in str(caught.value)


@pytest.mark.parametrize("paper, sheets_needed, with_die", [("letter", 6, "Board section 2 and the die"),
                                                             ("a4", 6, "Board section 2 and the die")])
def test_the_die_rides_on_a_sheet_with_other_pieces_on_either_paper(paper, sheets_needed, with_die):
    # A4 left no room beside the last board section: the die went onto a
    # sheet of its own, then followed the last stands; turned, it now fits
    # beside the board section on A4 too.
    from printkit import games, sheets
    from printkit.options import resolve_options

    spec = specs.load("playground")
    options = resolve_options(spec, BuildOptions(paper=paper))
    module = games.stage(spec.game, "parts")
    laid = sheets.impose(spec, module.parts(spec, options), options, module)
    assert len(laid) == sheets_needed
    holding = [s for s in laid if any(p.part.kind == "die" for p in s.placements)]
    assert len(holding) == 1 and len(holding[0].placements) > 1
    assert holding[0].title.startswith(with_die)
    # Only the sheet that holds the die names it first; a sheet after it says it continues.
    naming = [s for s in laid if "the die" in s.title and not s.title.endswith("(continued)")]
    assert naming == holding


def _cut_pitches(path) -> tuple[list, list]:
    """The x of every vertical and the y of every horizontal cut in an SVG
    sheet (mm), each once, in order."""
    import xml.etree.ElementTree as ET

    from test_kit_svg import SVG, path_segments

    xs, ys = set(), set()
    root = ET.parse(path).getroot()
    for element in root.find(f"{SVG}g[@id='cut']").iter(f"{SVG}path"):
        for (x0, y0), (x1, y1) in path_segments(element.get("d"))[0]:
            if abs(x0 - x1) < 1e-6:
                xs.add(round(x0, 3))
            elif abs(y0 - y1) < 1e-6:
                ys.add(round(y0, 3))
    return sorted(xs), sorted(ys)


def test_the_cut_files_cut_stands_23_mm_wide_and_cards_16_by_40_mm(tmp_path):
    """Measured in the cutting machine's files, in mm: a stand's cuts stand
    23 mm apart across the sheet (a 25 mm square less 1 mm each side), a
    folded card's 32 mm (two 16 mm halves) and both run 40 mm down."""
    from printkit import kit

    result = kit.build(specs.load("playground"), BuildOptions(formats=("svg",)), tmp_path)
    files = sorted(result.folder.glob("playground-sheet-*.svg"))
    stands_x, _ = _cut_pitches(files[5])  # sheet 6: the stands
    assert len(stands_x) == 9 and {round(b - a, 3) for a, b in zip(stands_x, stands_x[1:])} == {23.0}
    cards_x, cards_y = _cut_pitches(files[3])  # sheet 4: the cards
    assert len(cards_x) == 7 and {round(b - a, 3) for a, b in zip(cards_x, cards_x[1:])} == {32.0}
    steps = {round(b - a, 3) for a, b in zip(cards_y, cards_y[1:])}
    assert 40.0 in steps and steps <= {40.0, 4.0}  # 40 mm cards; the two colours 4 mm apart


def test_the_rulebook_draws_pieces_on_their_squares_at_actual_size(tmp_path):
    """The figure of the finished pieces prints at 1:1: its 25 mm squares and
    23 x 10 mm stands measure so on the page, whatever the text width."""
    import pypdfium2 as pdfium

    from printkit import rulebook

    spec = specs.load("playground")
    (tmp_path / "playground.md.j2").write_text("# T\n\n{{ figure('piece', actual_size=True) }}\n", encoding="utf-8")
    data = rulebook.render_pdf(spec, BuildOptions(paper="a4"), templates_dir=tmp_path)
    page = pdfium.PdfDocument(data)[0]
    sizes = [(round((r - l) * 25.4 / 72, 2), round((t - b) * 25.4 / 72, 2))
             for l, b, r, t in (o.get_bounds() for o in page.get_objects(max_depth=3)
                                if o.type == pdfium.raw.FPDF_PAGEOBJ_PATH)]
    # A path's bounds take in its stroke: 0.5 pt round a square, 0.4 pt round a stand.
    square, stand = 25.0 + 2 * 0.5 * PT, (23.0 + 2 * 0.4 * PT, 10.0 + 2 * 0.4 * PT)
    squares = sum(1 for w, h in sizes if abs(w - square) < 0.02 and abs(h - square) < 0.02)
    stands = sum(1 for w, h in sizes if abs(w - stand[0]) < 0.02 and abs(h - stand[1]) < 0.02)
    assert squares == 3 and stands == 3, sizes


def test_a_figure_at_actual_size_wider_than_the_text_is_refused_at_its_line(tmp_path):
    from printkit import rulebook
    from printkit.errors import PrintkitError

    spec = specs.load("playground")
    (tmp_path / "playground.md.j2").write_text("# T\n\n{{ figure('board', actual_size=True) }}\n", encoding="utf-8")
    with pytest.raises(PrintkitError) as caught:
        rulebook.render_pdf(spec, BuildOptions(), templates_dir=tmp_path)
    assert "playground.md.j2:3: figure 'board' at actual size is 250 mm wide" in str(caught.value)
