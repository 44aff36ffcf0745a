"""The printed quadrants, assembled as the rulebook says: every seam has one
tab, each tab lies under its neighbour's play grid, the start squares meet in
the middle. Geometry is taken from the parts as drawn, placed on the board
with ``board_layout`` (the function the rulebook uses too)."""

import math

import pytest

from printkit import kit
from printkit.games.mckinney import parts as mckinney
from printkit.parts.core import CUT, GLUE, MOUNTAIN, VALLEY, Fill, Line, transform
from printkit.games.mckinney.board import SIGNS
from printkit.games.mckinney.board import layout as engine_layout
from printkit.games.mckinney.checks import SEAMS, check_spec

EPS = 1e-6


@pytest.fixture(scope="module")
def assembled(mckinney_spec):
    """position -> (quadrant placement, part, items moved onto the board)."""
    options = kit.resolve_options(mckinney_spec, kit.BuildOptions(colors=4))
    parts = [p for p in mckinney.parts(mckinney_spec, options) if p.kind == "quadrant"]
    layout = {q.position: q for q in mckinney.board_layout(mckinney_spec)}
    out = {}
    for part in parts:
        q = layout[part.meta["position"]]
        dx, dy = part.meta["board_offset"]
        assert (dx, dy) == q.board_offset
        out[q.position] = (q, part, [transform(i, dx=dx, dy=dy) for i in part.items])
    return out


def shift(rect, dx, dy):
    return (rect[0] + dx, rect[1] + dy, rect[2] + dx, rect[3] + dy)


def inside(point, rect, eps=EPS):
    x, y = point
    return rect[0] - eps <= x <= rect[2] + eps and rect[1] - eps <= y <= rect[3] + eps


def area(poly):
    return abs(sum(x0 * y1 - x1 * y0 for (x0, y0), (x1, y1) in zip(poly, poly[1:] + poly[:1]))) / 2


def clip(subject, clipper):
    """Sutherland-Hodgman: the part of polygon ``subject`` inside convex ``clipper`` (both CCW)."""
    output = list(subject)
    for (ax, ay), (bx, by) in zip(clipper, clipper[1:] + clipper[:1]):
        def side(p):
            return (bx - ax) * (p[1] - ay) - (by - ay) * (p[0] - ax)

        def cross(p, q):
            t = side(p) / (side(p) - side(q))
            return (p[0] + t * (q[0] - p[0]), p[1] + t * (q[1] - p[1]))

        points, output = output, []
        for i, p in enumerate(points):
            q = points[i - 1]
            if side(p) >= -EPS:
                if side(q) < -EPS:
                    output.append(cross(q, p))
                output.append(p)
            elif side(q) >= -EPS:
                output.append(cross(q, p))
        if not output:
            return []
    return output


def ccw(poly):
    poly = list(poly)
    signed = sum(x0 * y1 - x1 * y0 for (x0, y0), (x1, y1) in zip(poly, poly[1:] + poly[:1]))
    return poly if signed > 0 else poly[::-1]


def tabs_of(items):
    return [i.points for i in items if isinstance(i, Fill) and i.role == GLUE]


def seam_segment(a, b, size):
    """The seam shared by two positions, as two end points on the board."""
    (ax, ay), (bx, by) = SIGNS[a], SIGNS[b]
    if ay == by:  # side by side: the vertical seam x = 0
        return (0.0, 0.0), (0.0, ay * size)
    return (0.0, 0.0), (ax * size, 0.0)


def on_segment(p, a, b):
    return abs(math.dist(a, p) + math.dist(p, b) - math.dist(a, b)) < 1e-6


def test_every_seam_has_exactly_one_tab_lying_under_the_neighbours_grid(assembled):
    """One tab per seam, under the neighbour, and along the whole seam: the
    grid and the Slider tracks that meet at the rim (no unglued butt joint)."""
    geometry = next(iter(assembled.values()))[0].geometry
    seam = geometry.grid + geometry.track
    for a, b in SEAMS:
        p, q = seam_segment(a, b, seam)
        found = []
        for owner in (a, b):
            for tab in tabs_of(assembled[owner][2]):
                if on_segment(tab[0], p, q) and on_segment(tab[1], p, q):
                    found.append((owner, tab))
        assert len(found) == 1, (a, b, [f[0] for f in found])
        owner, tab = found[0]
        neighbour = b if owner == a else a
        q_n, part_n, _ = assembled[neighbour]
        under = q_n.piece_rect()
        assert all(inside(pt, under) for pt in tab), (owner, neighbour)
        # covered by the neighbour's piece: the whole tab area lies inside it
        covered = clip(ccw(tab), ccw(mckinney_rect(under)))
        assert area(covered) == pytest.approx(area(list(tab)), rel=1e-6)
        # and it is really the owner's tab, joined by a fold on its own edge, the seam's length
        owner_piece = assembled[owner][0].piece_rect()
        assert inside(tab[0], owner_piece) and inside(tab[1], owner_piece)
        assert math.dist(tab[0], tab[1]) == pytest.approx(seam, abs=1e-6)


def mckinney_rect(r):
    return [(r[0], r[1]), (r[2], r[1]), (r[2], r[3]), (r[0], r[3])]


def test_tabs_are_tapered_folded_and_do_not_overlap(assembled, mckinney_spec):
    depth = mckinney_spec["board"]["glue_tab_mm"]
    tabs = []
    for q, part, items in assembled.values():
        mine = tabs_of(items)
        assert len(mine) == (2 if q.type == "A" else 0), q.position
        folds = [i.points for i in items if isinstance(i, Line) and i.role in (VALLEY, MOUNTAIN)]
        for a, b, c, d in mine:
            assert ((a, b) in folds) or ((b, a) in folds)  # joined to the quadrant by a fold line
            edge = math.dist(a, b)
            assert math.dist(c, d) < edge
            # 45 degree ends of the spec's depth
            for base, tip in ((a, d), (b, c)):
                dx, dy = abs(tip[0] - base[0]), abs(tip[1] - base[1])
                assert min(dx, dy) == pytest.approx(depth) and max(dx, dy) == pytest.approx(depth)
            assert 6 <= depth <= 13
            tabs.append(ccw((a, b, c, d)))
    for i, s in enumerate(tabs):
        for t in tabs[i + 1:]:
            shared = clip(s, t)
            assert not shared or area(shared) < 1e-6


def test_quadrants_tile_the_board_and_start_squares_form_the_central_two_by_two(assembled, mckinney_spec):
    q0 = next(iter(assembled.values()))[0]
    s, grid = q0.geometry.square, q0.geometry.grid
    starts = []
    grids = []
    for q, part, items in assembled.values():
        dx, dy = part.meta["board_offset"]
        g = shift(part.meta["grid"], dx, dy)
        grids.append(g)
        assert g[2] - g[0] == pytest.approx(grid) and g[3] - g[1] == pytest.approx(grid)
        start = shift(part.meta["start_square"], dx, dy)
        starts.append(tuple(round(v, 6) for v in start))
        # the start square is drawn in its player's colour, at that place
        colour = part.meta["color"]
        hex_ = next(c["hex"] for c in mckinney_spec["colors"] if c["name"] == colour)
        fills = [i for i in items if isinstance(i, Fill) and i.color == hex_]
        assert any(tuple(round(v, 6) for v in (min(x for x, _ in f.points), min(y for _, y in f.points),
                                                 max(x for x, _ in f.points), max(y for _, y in f.points)))
                   == starts[-1] for f in fills)
    assert sorted(starts) == sorted([(-s, -s, 0, 0), (0, -s, s, 0), (-s, 0, 0, s), (0, 0, s, s)])
    # the four grids cover the 14 x 14 board without overlapping
    assert sum((g[2] - g[0]) * (g[3] - g[1]) for g in grids) == pytest.approx((2 * grid) ** 2)
    assert min(g[0] for g in grids) == pytest.approx(-grid) and max(g[2] for g in grids) == pytest.approx(grid)
    for i, g in enumerate(grids):
        for h in grids[i + 1:]:
            w = min(g[2], h[2]) - max(g[0], h[0])
            t = min(g[3], h[3]) - max(g[1], h[1])
            assert w <= EPS or t <= EPS


def test_quadrant_pieces_meet_only_at_the_seams(assembled):
    """Without their tabs the cut pieces (grid and slider tracks) do not overlap."""
    pieces = [ccw(mckinney_rect(q.piece_rect())) for q, _, _ in assembled.values()]
    for i, s in enumerate(pieces):
        for t in pieces[i + 1:]:
            shared = clip(s, t)
            assert not shared or area(shared) < 1e-6
    for q, _, items in assembled.values():
        (outline,) = [i for i in items if isinstance(i, Line) and i.role == CUT]
        assert outline.closed
        x0, y0, x1, y1 = q.piece_rect()
        expected = (x1 - x0) * (y1 - y0) + sum(area(list(t)) for t in tabs_of(items))
        assert area(list(outline.points)) == pytest.approx(expected)


def printed_spaces(spec, assembled_items):
    s = spec["board"]["square_mm"]
    n = spec["board"]["quadrant_size"]
    printed = []
    for q, part, items in assembled_items.values():
        for f in items:
            if isinstance(f, Fill) and f.color == mckinney.TINT:
                x0 = min(x for x, _ in f.points)
                y0 = min(y for _, y in f.points)
                printed.append((round(x0 / s) + n, round(y0 / s) + n))
    return sorted(printed)


def test_plus_minus_spaces_are_printed_where_the_engine_plays_them(assembled, mckinney_spec):
    expected = sorted(space.square for space in engine_layout(mckinney_spec.data).spaces)
    assert printed_spaces(mckinney_spec, assembled) == expected
    assert len(expected) == 4 * len(mckinney_spec["board"]["plus_minus_spaces"])


def test_a_quadrant_with_its_own_spaces_prints_them(mckinney_spec):
    from pathlib import Path

    from printkit import spec as specs

    lopsided = specs.load(str(Path(__file__).parent.parent / "specs/examples/mckinney-lopsided.yaml"))
    assert any("plus_minus_spaces" in q for q in lopsided["board"]["quadrants"])
    options = kit.resolve_options(lopsided, kit.BuildOptions(colors=4))
    layout = {q.position: q for q in mckinney.board_layout(lopsided)}
    placed = {}
    for part in mckinney.parts(lopsided, options):
        if part.kind == "quadrant":
            q = layout[part.meta["position"]]
            dx, dy = part.meta["board_offset"]
            placed[q.position] = (q, part, [transform(i, dx=dx, dy=dy) for i in part.items])
    expected = sorted(space.square for space in engine_layout(lopsided.data).spaces)
    assert printed_spaces(lopsided, placed) == expected


def test_a_layout_with_two_tabs_on_one_seam_is_reported(mckinney_spec):
    import copy

    from printkit.spec import Spec

    data = copy.deepcopy(mckinney_spec.data)
    data["board"]["quadrants"][1]["type"] = "A"  # top-right A, like its neighbours top-left and bottom-right
    broken = Spec(mckinney_spec.path, data, mckinney_spec.marks, mckinney_spec.key_marks)
    problems = check_spec(broken)
    assert problems and all("two glue tabs" in p.message for p in problems)
    assert all(p.line is not None for p in problems)
