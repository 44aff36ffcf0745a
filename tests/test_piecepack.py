"""The piecepack (specs/examples/piecepack.yaml), a public-domain game system
no one here wrote, built by the generic components and measured against its
published anatomy: "24 tiles, 24 coins, 4 dice and 4 pawns in four suits and
six ranks; tile faces with the value at the centre and the suit at a corner,
tile backs quartered by small crosses, coins marked on both sides with a
direction mark and no wider than half a tile", at its customary sizes
(2-inch tiles, 3/4-inch coins, 1/2-inch dice)."""

from __future__ import annotations

import math
import re
from collections import Counter
from pathlib import Path

import pytest
from shapely.geometry import Polygon

from printkit import SPECS_DIR, components, spec as specs
from printkit.components import storage
from printkit.footprint import tent_base
from printkit.options import BuildOptions
from printkit.parts.core import CUT, FOLDS, Image, Line, Text

INCH = 25.4
SUITS = ("suns", "moons", "crowns", "arms")
RANKS = ("null", "ace", "2", "3", "4", "5")
SPEC = SPECS_DIR / "examples" / "piecepack.yaml"
FOLDER = SPEC.parent / "piecepack"


@pytest.fixture(scope="module")
def kit():
    spec = specs.load(str(SPEC))
    return spec, components.parts(spec, BuildOptions())


def of(parts, kind):
    return [p for p in parts if p.kind == kind]


def pictures(part, box=None):
    """The images on a part (inside ``box`` (x, y, w, h) if given): file name -> Image."""
    out = {}
    for item in part.items:
        if isinstance(item, Image):
            cx, cy = item.x + item.w / 2, item.y + item.h / 2
            if box is None or (box[0] <= cx <= box[0] + box[2] and box[1] <= cy <= box[1] + box[3]):
                out[Path(item.picture.name).name] = item
    return out


def cut_width(part):
    outline = max((i for i in part.items if isinstance(i, Line) and i.role == CUT and i.closed),
                  key=lambda line: Polygon(line.points).area).points
    xs, ys = [p[0] for p in outline], [p[1] for p in outline]
    return max(xs) - min(xs), max(ys) - min(ys)


def test_24_tiles_two_inches_square_one_of_each_suit_and_rank(kit):
    _, parts = kit
    tiles = of(parts, "tile")
    fronts = [r for p in tiles for kind, side, r in p.faces if side == "front"]
    assert len(fronts) == 24
    assert {(round(w, 3), round(h, 3)) for _, _, w, h in fronts} == {(50.8, 50.8)}
    assert 2 * INCH == pytest.approx(50.8)
    seen = Counter()
    for part in tiles:
        front = next(r for kind, side, r in part.faces if side == "front")
        names = pictures(part, front)
        suit = next(n for n in names if n.startswith("suit-"))
        value = next(n for n in names if n.startswith("value-"))
        seen[(suit, value)] += 1
    assert seen == Counter({(f"suit-{s}.svg", f"value-{r}.svg"): 1 for s in SUITS for r in RANKS})


def test_a_tile_face_has_its_value_at_the_centre_and_its_suit_at_a_corner(kit):
    _, parts = kit
    for part in of(parts, "tile"):
        x, y, w, h = next(r for kind, side, r in part.faces if side == "front")
        names = pictures(part, (x, y, w, h))
        value = next(i for n, i in names.items() if n.startswith("value-"))
        suit = next(i for n, i in names.items() if n.startswith("suit-"))
        # The value: centred across the tile, its box over the tile's centre, most of the tile tall.
        assert value.x + value.w / 2 == pytest.approx(x + w / 2, abs=0.01)
        assert value.y < y + h / 2 < value.y + value.h
        assert abs(value.y + value.h / 2 - (y + h / 2)) < 5.0
        assert value.h > 0.6 * h
        # The suit: small, in the top right corner, 2.5 mm or more inside the cut.
        assert suit.w < 0.2 * w
        assert x + w - 2.5 + 1e-6 >= suit.x + suit.w > x + w - 6.0
        assert y + h - 2.5 + 1e-6 >= suit.y + suit.h > y + h - 9.0


def test_every_tile_back_is_alike_and_quartered_by_small_crosses(kit):
    _, parts = kit
    backs = []
    for part in of(parts, "tile"):
        x, y, w, h = next(r for kind, side, r in part.faces if side == "back")
        names = pictures(part, (x, y, w, h))
        assert list(names) == ["tile-back.svg"]
        image = names["tile-back.svg"]
        # Centred on the back, so its marks fall on the lines that quarter it.
        assert (image.x + image.w / 2, image.y + image.h / 2) == pytest.approx((x + w / 2, y + h / 2))
        backs.append((round(image.w, 3), round(image.h, 3)))
    assert len(set(backs)) == 1
    # The marks: a cross at the middle and a half cross at the middle of each edge, every
    # stroke on the two lines that cut the tile into a 2 x 2 grid (50 of 100) or across one of them.
    svg = (FOLDER / "tile-back.svg").read_text()
    strokes = [tuple(map(float, m)) for m in re.findall(r"M ([\d.]+) ([\d.]+) L ([\d.]+) ([\d.]+)", svg)]
    assert len(strokes) == 10
    for x0, y0, x1, y1 in strokes:
        assert math.dist((x0, y0), (x1, y1)) <= 14  # small
        assert 50 in ((x0 + x1) / 2, (y0 + y1) / 2)  # along a quartering line, or across it at its middle
    centre = [s for s in strokes if {(s[0] + s[2]) / 2, (s[1] + s[3]) / 2} == {50.0}]
    assert len(centre) == 2  # the two arms of the cross at the middle


def test_24_coins_three_quarters_of_an_inch_no_wider_than_half_a_tile_value_and_suit_with_its_direction(kit):
    _, parts = kit
    coins = of(parts, "token")
    fronts = [p for p in coins if any(side == "front" for _, side, _ in p.faces)]
    backs = [p for p in coins if any(side == "back" for _, side, _ in p.faces)]
    assert len(fronts) == len(backs) == 24
    for part in coins:
        w, h = cut_width(part)
        assert w == pytest.approx(0.75 * INCH, abs=0.01) and h == pytest.approx(19.05, abs=0.01)
        assert w <= 50.8 / 2
    assert Counter(next(iter(pictures(p))) for p in fronts) == Counter({f"value-{r}.svg": 4 for r in RANKS})
    assert Counter(next(iter(pictures(p))) for p in backs) == Counter({f"coin-{s}.svg": 6 for s in SUITS})
    # The suit side carries the direction mark: a triangle at the top edge, over the suit.
    for suit in SUITS:
        svg = (FOLDER / f"coin-{suit}.svg").read_text()
        assert '<polygon points="50,2 60,16 40,16"' in svg
        assert "translate(20 24) scale(0.6)" in svg


def test_4_dice_half_an_inch_one_per_suit_with_faces_null_ace_and_2_to_5(kit):
    _, parts = kit
    dice = of(parts, "die")
    assert [p.meta["component"] for p in dice] == [f"{s.capitalize()} die" for s in SUITS]
    for die in dice:
        folds = Counter(round(math.dist(*i.points), 3) for i in die.items
                        if isinstance(i, Line) and i.role in FOLDS and len(i.points) == 2)
        assert folds.most_common(1)[0][0] == pytest.approx(12.7)
        assert sorted(pictures(die)) == sorted(f"value-{r}.svg" for r in RANKS)


def test_4_pawns_one_per_suit_that_stand_on_a_quarter_of_a_tile(kit):
    _, parts = kit
    pawns = of(parts, "standup")
    assert [p.name for p in pawns] == [f"Stand-up (Pawns, {s.capitalize()})" for s in SUITS]
    for pawn, suit in zip(pawns, SUITS):
        assert f"suit-{suit}.svg" in pictures(pawn)
        assert any(isinstance(i, Text) and i.text == suit.capitalize() for i in pawn.items)
        base = Polygon(tent_base(pawn))
        x0, y0, x1, y1 = base.bounds
        # 16 x 12 mm on a 25.4 mm quarter: a millimetre free on every side and more.
        assert (x1 - x0, y1 - y0) == pytest.approx((16.0, 12.0))
        assert max(x1 - x0, y1 - y0) + 2 * 1.0 <= 50.8 / 2


def test_the_box_holds_the_whole_set(kit):
    spec, parts = kit
    tray, lid = of(parts, "tray")
    length, width, depth = tray.meta["inside"]
    # The floor holds a tile with a millimetre round it.
    assert (length, width) == pytest.approx((52.8, 52.8))
    # Layers: 24 tiles (0.3 mm), 24 coins of two discs glued four to a layer, the dice in
    # one layer, the pawns (as tall as a tent's ridge, three across the floor) in one, and a millimetre of play.
    ridge = math.sqrt(22 ** 2 - 6 ** 2)
    assert depth == pytest.approx(24 * 0.3 + 12 * 0.3 + 12.7 + ridge + 1.0, abs=0.01)
    assert lid.meta["inside"][:2] == pytest.approx((54.8, 54.8))
    ctx = components.Context(spec, BuildOptions(), SPEC.parent).at(len(spec.data["components"]) - 1)
    assert storage.box_inside(storage.contents(ctx, spec.data["components"][-1])) == pytest.approx(
        (length, width, depth))
