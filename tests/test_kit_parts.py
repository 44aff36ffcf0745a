"""The McKinney pieces and the shared marks, as drawn."""

import copy
import math

import numpy as np
import pypdfium2 as pdfium
import pytest

from printkit import kit, sheets
from printkit.errors import PrintkitError
from printkit.games.mckinney import parts as mckinney
from printkit.parts import marks
from printkit.parts.core import CUT, GLUE, MOUNTAIN, VALLEY, Fill, Line, Part
from printkit.spec import Spec


def options(spec, **kw):
    return kit.resolve_options(spec, kit.BuildOptions(**kw))


def test_each_colour_gets_its_pieces_in_the_spec_counts(mckinney_spec):
    shared = mckinney.parts(mckinney_spec, options(mckinney_spec, colors=3))
    assert [p.group for p in shared][-1] == "pieces"  # by default the colours share sheets
    parts = mckinney.parts(mckinney_spec, options(mckinney_spec, colors=3, sheet_per_colour=True))
    assert sorted(p.name for p in parts) == sorted(p.name for p in shared)
    seats = mckinney_spec["board"]["seating"]["3"]
    colours = [mckinney_spec["colors"][s]["name"] for s in seats]
    pieces = mckinney_spec["pieces"]
    groups = []
    for part in parts:
        if not groups or groups[-1] != part.group:
            groups.append(part.group)
    assert groups == [f"board-{q['position']}" for q in mckinney_spec["board"]["quadrants"]] + \
        [f"pieces-{c}" for c in colours]
    for colour in colours:
        mine = [p for p in parts if p.group == f"pieces-{colour}"]
        kinds = [p.kind for p in mine]
        assert kinds.count("builder") == pieces["builder"]["count"]
        assert kinds.count("slider-marker") == pieces["slider_markers"]
        for kind, count in pieces["units"].items():
            assert sum(p.name == f"{kind.capitalize()} Unit ({colour})" for p in mine) == count


def test_units_fit_a_square_and_abut_with_shared_cut_lines(mckinney_spec):
    alone = options(mckinney_spec, sheet_per_colour=True)
    parts = mckinney.parts(mckinney_spec, alone)
    square = mckinney_spec["board"]["square_mm"]
    laid = sheets.impose(mckinney_spec, parts, alone, mckinney)
    units = [p for p in laid[5].placements if p.part.kind == "unit"]
    assert len(units) == sum(mckinney_spec["pieces"]["units"].values())
    for placement in units:
        assert placement.width <= square and placement.height <= square
        # every unit touches another edge to edge
        assert any(math.isclose(abs(placement.x - o.x), placement.width) and math.isclose(placement.y, o.y)
                   or math.isclose(abs(placement.y - o.y), placement.height) and math.isclose(placement.x, o.x)
                   for o in units if o is not placement)


def test_the_builder_net_carries_its_shields_on_cut_sides_and_fold_hinges(mckinney_spec):
    data = copy.deepcopy(mckinney_spec.data)
    for shields in (1, 2, 3, 4, 5):
        data["pieces"]["builder"]["shields"] = shields
        changed = Spec(mckinney_spec.path, data, mckinney_spec.marks, mckinney_spec.key_marks)
        parts = mckinney.parts(changed, options(changed, colors=2))
        builder = next(p for p in parts if p.kind == "builder")
        g = mckinney.kit_geometry(changed)
        top = g.builder_height
        hinges = [i for i in builder.items if isinstance(i, Line) and i.role == VALLEY]
        assert len(hinges) == shields and all(y == top for line in hinges for _, y in line.points)
        # Each Shield stands on one face: folded, a Shield across a fold would bend round the edge.
        x0 = g.builder_tab
        spans = sorted(tuple(sorted(x for x, _ in h.points)) for h in hinges)
        faces = [int((left - x0 + 1e-6) // g.builder_side) for left, _ in spans]
        for (left, right), face in zip(spans, faces):
            assert x0 + face * g.builder_side - 1e-6 <= left < right <= x0 + (face + 1) * g.builder_side + 1e-6
        sides = [i for i in builder.items if isinstance(i, Line) and i.role == CUT and not i.closed]
        # a cut between each two neighbouring Shields; the outer sides are the outline
        assert len(sides) == sum(abs(a[1] - b[0]) < 1e-6 for a, b in zip(spans, spans[1:]))
        assert all({y for _, y in s.points} == {top, top + g.shield} for s in sides)
        # Above a face without a Shield the net ends at the face's top.
        (outline,) = [i for i in builder.items if isinstance(i, Line) and i.role == CUT and i.closed]
        for face in set(range(3)) - set(faces):
            left, right = x0 + face * g.builder_side, x0 + (face + 1) * g.builder_side
            assert all(y <= top + 1e-6 for x, y in outline.points if left + 1e-6 < x < right - 1e-6)
            assert any(abs(y - top) < 1e-6 for x, y in outline.points if left - 1e-6 <= x <= right + 1e-6)
        # three faces folded into a triangle: two folds between faces plus the tab's
        folds = [i for i in builder.items if isinstance(i, Line) and i.role == MOUNTAIN]
        assert len(folds) == 3
        (tab,) = [i for i in builder.items if isinstance(i, Fill) and i.role == GLUE]
        assert "glue" in next(t.text for t in builder.items if hasattr(t, "text") and "glue" in t.text)
        assert min(x for x, _ in tab.points) == 0  # the tab hangs off the first face
        # the triangle stands inside one board square
        assert g.builder_side * 2 / math.sqrt(3) <= g.square


def test_marks_and_symbols_are_distinct_shapes():
    def coverage(items, size=10):
        image = np.zeros((100, 100))
        ys, xs = np.mgrid[0:100, 0:100]
        px, py = (xs + 0.5) / 10, (ys + 0.5) / 10
        for item in items:
            if isinstance(item, Fill):
                for poly, value in [(item.points, 1)] + [(h, -1) for h in item.holes]:
                    image += value * _inside(poly, px, py)
        return image > 0

    shapes = {k: coverage(marks.player_mark(k, 5, 5, 8)) for k in marks.MARKS}
    for a in shapes:
        assert shapes[a].sum() > 200, a  # visible
        for b in shapes:
            if a < b:
                assert (shapes[a] ^ shapes[b]).sum() > 300, (a, b)
    with pytest.raises(ValueError):
        marks.player_mark("star", 0, 0, 1)
    for kind in marks.UNIT_TYPES:
        items = marks.unit_symbol(kind, 5, 5, 8)
        xs = [x for i in items if isinstance(i, (Fill, Line)) for x, _ in i.points]
        assert min(xs) >= 5 - 4 - 1e-9 and max(xs) <= 5 + 4 + 1e-9, kind


def _inside(poly, px, py):
    """Even-odd point-in-polygon over arrays of points."""
    result = np.zeros(px.shape, dtype=bool)
    n = len(poly)
    for i in range(n):
        (x0, y0), (x1, y1) = poly[i], poly[(i + 1) % n]
        crosses = ((y0 > py) != (y1 > py)) & (px < (x1 - x0) * (py - y0) / ((y1 - y0) or 1e-12) + x0)
        result ^= crosses
    return result


def test_units_of_different_players_differ_in_greyscale(mckinney_kit, mckinney_spec):
    """Print in greyscale: the same Unit of two colours must still look different."""
    path = mckinney_kit(sheet_per_colour=True).kit_pdf
    alone = options(mckinney_spec, sheet_per_colour=True)
    laid = sheets.impose(mckinney_spec, mckinney.parts(mckinney_spec, alone), alone, mckinney)
    pdf = pdfium.PdfDocument(str(path))
    crops = []
    dpi = 150
    for index in range(5, 9):
        first = next(p for p in laid[index].placements if p.part.kind == "unit")
        page = pdf[index]
        w, h = page.get_size()
        k = 72 / 25.4
        crop = (first.x * k, first.y * k, w - (first.x + first.width) * k, h - (first.y + first.height) * k)
        image = np.array(page.render(scale=dpi / 72, crop=crop, grayscale=True).to_pil().convert("L"), float)
        crops.append(image)
    pdf.close()
    for i in range(len(crops)):
        for j in range(i + 1, len(crops)):
            a, b = crops[i], crops[j]
            shape = (min(a.shape[0], b.shape[0]), min(a.shape[1], b.shape[1]))
            diff = np.abs(a[:shape[0], :shape[1]] - b[:shape[0], :shape[1]])
            assert (diff > 80).mean() > 0.03, (i, j)  # the marks differ where the colours alone may not


def test_a_part_larger_than_the_paper_is_an_error_naming_it(mckinney_spec):
    huge = Part("Giant Map", 300, 100)
    with pytest.raises(PrintkitError, match=r"Giant Map \(300.0 x 100.0 mm\) does not fit on A4 paper"):
        sheets.impose(mckinney_spec, [huge], options(mckinney_spec, paper="a4"))
    turned = sheets.impose(mckinney_spec, [Part("Long strip", 240, 50)], options(mckinney_spec))
    assert turned[1].placements[0].rotated


def test_a_tapered_free_edge_on_a_straight_fold_is_the_tab_of_tab_corners():
    """The general taper (for a tab along a zigzag) agrees with the straight
    tab's: on a straight fold it cuts the free edge in by the depth at each
    end, at 45 degrees, whichever way the fold runs."""
    from printkit.parts.core import tab_corners, tapered_free_edge

    for a, b in (((0.0, 0.0), (40.0, 0.0)), ((40.0, 0.0), (0.0, 0.0)), ((0.0, 0.0), (30.0, 40.0))):
        length = math.dist(a, b)
        ux, uy = (b[0] - a[0]) / length, (b[1] - a[1]) / length
        nx, ny = uy, -ux  # right of a->b: where tab_corners puts the tab
        depth = 8.0
        fold = [a, ((a[0] + b[0]) / 2, (a[1] + b[1]) / 2), b]
        free = [(x + nx * depth, y + ny * depth) for x, y in fold]
        c, d = tab_corners(a, b, depth)
        edge = tapered_free_edge(fold, free)
        assert math.dist(edge[0], d) < 1e-9 and math.dist(edge[-1], c) < 1e-9, (a, b)
