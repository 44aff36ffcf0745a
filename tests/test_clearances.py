"""Marks, type and neighbours, measured on every sheet of every kit, in every mode:

- a player's mark keeps CUT_CLEAR (2.5 mm) inside every cut line of its
  piece, so a cut that misses by a millimetre never clips it;
- no type under 6 pt, and type reversed out of a colour (lighter than what
  it is printed on) 7 pt or more: finer strokes fill in on an inkjet;
- pieces of different players never share a cut line: a gap between them,
  filled by each one's own bleed, so a cut that misses by half a millimetre
  shows the piece's own colour, never the other player's."""

from __future__ import annotations

import pytest
from shapely.geometry import LineString, Point, Polygon
from shapely.ops import unary_union

from printkit import spec as specs
from printkit.parts.bleed import piece_area
from printkit.parts.core import CUT, CUT_CLEAR, MIN_TEXT_PT, REVERSED_PT, Circle, Fill, Line, Text, item_box
from printkit.parts.cutlines import layer, luma

GAMES = specs.bundled_games()
MODES = {"home": {}, "ink-saver": {"ink_saver": True}, "duplex": {"duplex": True}, "a4": {"paper": "a4"}}
MISS = 0.5  # mm a cut may miss by


@pytest.fixture(scope="module")
def laid_out(layout_of):
    """``laid_out(game, mode)`` -> (options, the kit's Sheets), laid out once a run (tests/conftest.py)."""

    def get(game: str, mode: str):
        return layout_of(game, **MODES[mode])

    return get


def _cut_lines(items):
    lines = []
    for item in items:
        if isinstance(item, Line) and item.role == CUT and len(item.points) > 1:
            points = list(item.points) + ([item.points[0]] if item.closed else [])
            lines.append(LineString(points))
    return unary_union(lines) if lines else None


@pytest.mark.parametrize("mode", ["home", "ink-saver"])
@pytest.mark.parametrize("game", GAMES)
def test_player_marks_keep_two_and_a_half_millimetres_inside_every_cut_line(laid_out, game, mode):
    _, laid = laid_out(game, mode)
    seen = set()
    checked = 0
    for part in (p.part for sheet in laid for p in sheet.placements):
        if part.name in seen:
            continue
        seen.add(part.name)
        cuts = _cut_lines(part.items)
        if cuts is None:
            continue
        area = piece_area(part.items)
        for item in part.items:
            if not (isinstance(item, Fill) and item.mark):
                continue
            shape = Polygon(item.points, [h for h in item.holes if len(h) > 2]).buffer(0)
            if area is None or not area.buffer(1e-6).contains(shape):
                continue  # printed on the waste, not on a piece
            gap = shape.distance(cuts)
            assert gap >= CUT_CLEAR - 1e-6, (
                f"{game} ({mode}): a mark on {part.name} is {gap:.2f} mm inside its cut line "
                f"(at least {CUT_CLEAR} mm)")
            checked += 1
    if game != "tiles":  # Tiles' pieces have no owners
        assert checked, f"{game}: no player mark measured"


def _grounds(items):
    """(shape, colour) of every painted area, in the order the writer paints them."""
    out = []
    for item in sorted(items, key=layer):
        if isinstance(item, Fill) and len(item.points) > 2:
            out.append((Polygon(item.points, [h for h in item.holes if len(h) > 2]).buffer(0), item.color, item))
        elif isinstance(item, Circle) and item.fill:
            out.append((Point(item.center).buffer(item.radius, 16), item.fill, item))
    return out


def _ground_under(grounds, text: Text, ink_saver: bool) -> str:
    """The colour under the middle of a text's words: the topmost painted area there."""
    left, bottom, right, top = item_box(text)
    middle = Point((left + right) / 2, (bottom + top) / 2) if not text.angle % 180 else Point(text.x, text.y)
    for shape, colour, item in reversed(grounds):
        if ink_saver and isinstance(item, Fill) and (item.large or item.role == "waste"):
            continue  # printed as a band along its outline, or hatching: paper under the words
        if shape.covers(middle):
            return colour
    return "#FFFFFF"


@pytest.mark.parametrize("mode", list(MODES))
@pytest.mark.parametrize("game", GAMES)
def test_no_type_under_six_points_and_reversed_type_seven_or_more(laid_out, game, mode):
    options, laid = laid_out(game, mode)
    texts = reversed_ = 0
    for sheet in laid:
        items = sheet.print_items()
        grounds = _grounds(items)
        for text in (i for i in items if isinstance(i, Text) and i.text.strip()):
            assert text.size >= MIN_TEXT_PT - 1e-9, (
                f"{game} ({mode}) sheet {sheet.number}: {text.text!r} at {text.size:g} pt (6 pt or more)")
            texts += 1
            ground = _ground_under(grounds, text, options.ink_saver)
            if luma(text.color) > luma(ground) + 1e-9:
                assert text.size >= REVERSED_PT - 1e-9, (
                    f"{game} ({mode}) sheet {sheet.number}: {text.text!r} reversed out of {ground} at "
                    f"{text.size:g} pt ({REVERSED_PT:g} pt or more)")
                reversed_ += 1
    assert texts > 20
    if mode == "home" and game in ("mckinney", "playground", "phoenix", "lam"):
        assert reversed_, f"{game}: no reversed type measured"


@pytest.mark.parametrize("mode", ["home", "a4"])
@pytest.mark.parametrize("game", GAMES)
def test_pieces_of_different_players_never_share_a_cut_line(laid_out, game, mode):
    """Each pair of pieces of different colours on a sheet stands apart by
    twice the miss, or more; each fills its side of the gap with its bleed."""
    options, laid = laid_out(game, mode)
    pairs = 0
    for sheet in laid:
        owned = [(p.part.meta.get("color"), piece_area(p.items())) for p in sheet.placements]
        owned = [(c, a) for c, a in owned if c and a is not None]
        for i, (colour, area) in enumerate(owned):
            for other, other_area in owned[i + 1:]:
                if other == colour:
                    continue
                gap = area.distance(other_area)
                assert gap >= 2 * MISS - 1e-6, (
                    f"{game} ({mode}) sheet {sheet.number}: {colour} and {other} pieces {gap:.2f} mm apart")
                pairs += 1
    assert pairs or game == "tiles", f"{game}: no pieces of two colours on one sheet"
