"""Storage: a tuck box sized to a deck, a box or tray sized to the kit's own components.

    components:
      - type: storage
        name: Deck box
        kind: tuck              # a tuck box for the deck below
        deck: Cards             # a component whose parts are the cards
        card_mm: 0.3            # one card's thickness (the default)
      - type: storage
        name: Box
        kind: box               # a tray and a lid over it; or tray: the tray alone
        holds: [Tiles, Coins, Dice, Pawns]   # default: every component but boards, tracks and storage

The sizes come from the parts the named components make, measured, never
typed in: a deck's cards are its parts' card faces (their size and how
many); a box's floor holds the largest piece lying flat, and its depth is
every kind of piece stacked in layers across that floor, each layer as
thick as a card (``card_mm``) for flat pieces, as tall as a folded die or
stand-up for those; PLAY mm more each way. Each is a net with glue tabs,
cut and fold lines (mountain folds: the printed side ends up outside).
"""

from __future__ import annotations

import math
from collections import Counter

from shapely.geometry import Point, Polygon, box
from shapely.geometry.polygon import orient
from shapely.ops import unary_union

from ..footprint import tent_base
from ..parts.core import (CUT, CUT_CLEAR, FOLDS, MIN_TEXT_PT, MOUNTAIN, Fill, Line, Part, Text, glue_tab_art,
                          rect, tab_corners, translate)
from ..writers.fonts import fit_size

TYPES = ("storage",)

CARD_MM = 0.3  # one card's thickness when the spec gives none
PLAY = 1.0  # mm of room each way round what a box holds, so it slides in and out
TAB = 8.0  # mm: glue tabs
TUCK_MM = 15.0  # the tuck flap that closes a tuck box's lid, at most
NOTCH_R = 8.0  # mm: the thumb notch in a tuck box's front
LID_PLAY = 1.0  # mm the lid's inside is larger than the tray's outside, each way
LOOSE = ("board", "track", "slider", "storage")  # what a box leaves out unless named


# --- what the components make -------------------------------------------------------

def _component(ctx, name: str, keys: tuple):
    for index, component in enumerate(ctx.spec.data.get("components") or []):
        if component.get("name") == name:
            return index, component
    ctx.fail(keys, f"no component is named {name!r} in this spec")


def _parts_of(ctx, index: int, component: dict) -> list[Part]:
    from . import registry

    module = registry().get(component.get("type"))
    return module.parts(component, ctx.at(index)) if module is not None else []


def deck_of(ctx, name: str, keys: tuple) -> tuple[float, float, int]:
    """(width, height, count) of the cards a component makes: its card faces."""
    index, component = _component(ctx, name, keys)
    faces = [rect_ for part in _parts_of(ctx, index, component)
             for kind, side, rect_ in part.faces if side in ("front", "") and rect_ is not None]
    if not faces:
        ctx.fail(keys, f"{name!r} makes no cards to box")
    width = max(min(w, h) for _, _, w, h in faces)
    height = max(max(w, h) for _, _, w, h in faces)
    return width, height, len(faces)


def _fold_length(part: Part) -> float:
    """A die net's face: the length most of its folds have."""
    lengths = Counter(round(math.dist(*i.points), 3) for i in part.items
                      if isinstance(i, Line) and i.role in FOLDS and len(i.points) == 2)
    return lengths.most_common(1)[0][0]


def pieces_of(part: Part, card_mm: float) -> list[tuple[float, float, float]]:
    """What a part becomes once cut and made, as boxes (long side, short side,
    thickness) in mm: each card, tile or token face of it lying flat, a die
    its cube, a stand-up its base and ridge, anything else the part itself flat."""
    if part.kind == "die" or part.meta.get("die"):
        side = _fold_length(part)
        return [(side, side, side)]
    if part.kind == "standup":
        s = part.meta["sizes"]
        base = tent_base(part)
        xs, ys = [p[0] for p in base], [p[1] for p in base]
        w, d = max(xs) - min(xs), max(ys) - min(ys)
        ridge = math.sqrt(max(s["face_mm"] ** 2 - (s["base_mm"] / 2) ** 2, 0.0))
        return [(max(w, d), min(w, d), ridge)]
    faces = [r for _, side, r in part.faces if side in ("front", "") and r is not None]
    if faces:
        return [(max(w, h), min(w, h), card_mm) for _, _, w, h in faces]
    backs = [r for _, side, r in part.faces if r is not None]
    if backs:  # a back printed apart (a round token's) is glued to its front: a card's thickness more
        return [(max(w, h), min(w, h), card_mm) for _, _, w, h in backs]
    return [(max(part.width, part.height), min(part.width, part.height), card_mm)]


def contents(ctx, component: dict) -> list[tuple[float, float, float]]:
    """Every piece the box holds (``pieces_of``) of the components it names."""
    card_mm = float(component.get("card_mm", CARD_MM))
    named = component.get("holds")
    chosen = []
    if named:
        for k, name in enumerate(named):
            chosen.append(_component(ctx, name, ("holds", k)))
    else:
        chosen = [(i, c) for i, c in enumerate(ctx.spec.data.get("components") or []) if c.get("type") not in LOOSE]
    out = []
    for index, other in chosen:
        for part in _parts_of(ctx, index, other):
            out += pieces_of(part, card_mm)
    if not out:
        ctx.fail(("holds",) if named else ("kind",), "there is nothing for the box to hold")
    return out


def box_inside(pieces: list[tuple[float, float, float]]) -> tuple[float, float, float]:
    """(length, width, depth) inside a box for ``pieces``: the floor the
    largest piece lying flat, PLAY more each way; each kind of piece in
    stacks side by side over the floor, layer on layer."""
    length = max(p[0] for p in pieces) + 2 * PLAY
    width = max(p[1] for p in pieces) + 2 * PLAY
    depth = 0.0
    for (a, b, thick), count in sorted(Counter((round(a, 3), round(b, 3), round(t, 3))
                                               for a, b, t in pieces).items()):
        per_layer = max(int(length // a) * int(width // b), int(length // b) * int(width // a), 1)
        depth += math.ceil(count / per_layer) * thick
    return length, width, depth + PLAY


# --- nets --------------------------------------------------------------------------

def _outline(shapes) -> tuple:
    ring = orient(unary_union(shapes), 1.0)
    return tuple(ring.exterior.coords)[:-1]


def _flap(x0: float, y0: float, w: float, h: float, up: bool, inset: float) -> Polygon:
    """A dust flap on the edge (x0, y0)-(x0 + w, y0), ``h`` deep, its corners cut in by ``inset``."""
    s = 1 if up else -1
    return Polygon([(x0, y0), (x0 + w, y0), (x0 + w - inset, y0 + s * h), (x0 + inset, y0 + s * h)])


def _words(text: str, x: float, y: float, width: float, size: float, bold: bool = True) -> Text:
    return Text(x, y, text, size=fit_size(text, width - 2 * CUT_CLEAR, size, bold, smallest=MIN_TEXT_PT), bold=bold)


def tuck_box(component: dict, ctx) -> Part:
    """A tuck box for a deck: back, side, front, side and a glue tab in a
    row; the lid and its tuck flap over the back, dust flaps on the sides,
    the bottom under the back with a tab glued inside the front; a thumb
    notch in the front's top edge to draw the cards out."""
    cw, ch, count = deck_of(ctx, component["deck"], ("deck",))
    card_mm = float(component.get("card_mm", CARD_MM))
    w, h = cw + 2 * PLAY, ch + 2 * PLAY
    d = count * card_mm + 2 * PLAY
    tuck = max(min(TUCK_MM, h / 4), min(8.0, h / 4))
    dust = min(d * 0.9, h / 3)
    bottom_tab = min(TAB, d * 0.9)
    y0 = bottom_tab + d  # the panels' foot
    y1 = y0 + h
    xs = [0.0, w, w + d, 2 * w + d, 2 * w + 2 * d]  # back, side, front, side: their left edges and the end
    shapes = [box(0, y0, xs[4], y1),
              box(0, y1, w, y1 + d),  # the lid
              box(0, bottom_tab, w, y0)]  # the bottom
    tuck_poly = _flap(0, y1 + d, w, tuck, True, min(tuck * 0.6, w / 4))
    shapes.append(tuck_poly)
    for x in (xs[1], xs[3]):  # dust flaps over and under the sides
        shapes.append(_flap(x, y1, d, dust, True, min(dust * 0.5, d / 3)))
        shapes.append(_flap(x, y0, d, dust, False, min(dust * 0.5, d / 3)))
    items: list = []
    # The tube's glue tab on the last side, glued inside the back.
    tab_a, tab_b = (xs[4], y0), (xs[4], y1)
    items += glue_tab_art(tab_a, tab_b, min(TAB, d * 0.9), "glue inside the back", fold=MOUNTAIN)
    c, dd = tab_corners(tab_a, tab_b, min(TAB, d * 0.9))
    shapes.append(Polygon([tab_a, tab_b, c, dd]))
    # The bottom's tab, glued inside the front.
    ba, bb = (0, bottom_tab), (w, bottom_tab)
    items += glue_tab_art(ba, bb, bottom_tab, "glue inside the front", fold=MOUNTAIN)
    c, dd = tab_corners(ba, bb, bottom_tab)
    shapes.append(Polygon([ba, bb, c, dd]))
    notch = Point(xs[2] + w / 2, y1).buffer(NOTCH_R, 64)
    outline = unary_union(shapes).difference(notch)
    ring = orient(outline, 1.0)
    colour = component.get("fill")
    if colour:  # the back and the front, the front's colour bitten by the notch as its cut is
        front = orient(box(xs[2], y0, xs[2] + w, y1).difference(notch), 1.0)
        items.append(Fill(rect(xs[0], y0, w, h), colour, large=True))
        items.append(Fill(tuple(front.exterior.coords)[:-1], colour, large=True))
    folds = [((x, y0), (x, y1)) for x in xs[1:4]] + [((0, y1), (w, y1)), ((0, y1 + d), (w, y1 + d)),
                                                      ((0, y0), (w, y0))]
    folds += [((x, y1), (x + d, y1)) for x in (xs[1], xs[3])] + [((x, y0), (x + d, y0)) for x in (xs[1], xs[3])]
    items += [Line(f, role=MOUNTAIN) for f in folds]
    label = str(component.get("label") or component["deck"])
    title = str(ctx.spec.data.get("title", ""))
    items.append(_words(label, xs[2] + w / 2, y0 + h * 0.45, w, 14))
    items.append(_words(f"{count} cards", xs[2] + w / 2, y0 + h * 0.45 - 7, w, 8, bold=False))
    items.append(_words(title, xs[0] + w / 2, y0 + h / 2, w, 12))
    items.append(_words(label, xs[0] + w / 2, y1 + d / 2 - 1.5, w, 9))  # on the lid, read from the top
    items.append(Line(tuple(ring.exterior.coords)[:-1], role=CUT, closed=True))
    x0, ymin, x1, ymax = ring.bounds
    part = Part(ctx.name(), x1 - x0, ymax - ymin, kind="tuck-box", group=f"storage-{ctx.name()}".lower(),
                sized_by=(ctx.pointer("deck"), ctx.pointer("card_mm")),
                meta={"inside": (w, h, d), "deck": (cw, ch, count), "component": ctx.name()})
    part.extend(translate(items, -x0, -ymin))
    return part


def tray_net(length: float, width: float, depth: float, name: str, group: str, words: str = "",
             colour: str | None = None) -> Part:
    """An open tray: the floor ``length`` x ``width`` inside, four walls
    ``depth`` high round it, the long walls' ends tabbed to glue inside the short ones."""
    L, W, H = length, width, depth
    tab = min(TAB, H * 0.9, W / 2)
    shapes = [box(H, H, H + L, H + W),  # the floor
              box(0, H, H, H + W), box(H + L, H, 2 * H + L, H + W),  # the short walls
              box(H, 0, H + L, H), box(H, H + W, H + L, 2 * H + W)]  # the long walls
    items: list = []
    if colour:
        items.append(Fill(rect(H, H, L, W), colour, large=True))
    # Tabs on the long walls' ends, into the corners, glued inside the short walls.
    for a, b in (((H, H), (H, 0)), ((H + L, 0), (H + L, H)),
                 ((H + L, H + W), (H + L, 2 * H + W)), ((H, 2 * H + W), (H, H + W))):
        items += glue_tab_art(a, b, tab, "glue", fold=MOUNTAIN)
        c, d = tab_corners(a, b, tab)
        shapes.append(Polygon([a, b, c, d]))
    folds = [((H, H), (H + L, H)), ((H + L, H), (H + L, H + W)), ((H + L, H + W), (H, H + W)), ((H, H + W), (H, H))]
    items += [Line(f, role=MOUNTAIN) for f in folds]
    if words:
        items.append(_words(words, H + L / 2, H + W / 2 - 2, L, 16))
    outline = _outline(shapes)
    items.append(Line(outline, role=CUT, closed=True))
    xs, ys = [p[0] for p in outline], [p[1] for p in outline]
    part = Part(name, max(xs) - min(xs), max(ys) - min(ys), kind="tray", group=group,
                meta={"inside": (L, W, H)})
    part.extend(translate(items, -min(xs), -min(ys)))
    return part


def box_parts(component: dict, ctx) -> list[Part]:
    """A tray sized to what it holds and, for a box, a lid over it."""
    length, width, depth = box_inside(contents(ctx, component))
    group = f"storage-{ctx.name()}".lower().replace(" ", "-")
    title = str(component.get("label") or ctx.spec.data.get("title", ""))
    colour = component.get("fill")
    tray = tray_net(length, width, depth, f"{ctx.name()} tray", group)
    tray.sized_by = (ctx.pointer("holds"),)
    out = [tray]
    if component.get("kind", "box") == "box":
        # The lid slides over the tray: its inside the tray's outside and LID_PLAY more.
        lid = tray_net(length + 2 * LID_PLAY, width + 2 * LID_PLAY, depth, f"{ctx.name()} lid", group, title,
                       colour)
        lid.sized_by = (ctx.pointer("holds"),)
        out.append(lid)
    for part in out:
        part.meta["component"] = ctx.name()
        part.piece = part.name
        part.plural = f"{ctx.name()} (tray and lid)" if len(out) > 1 else f"{ctx.name()} trays"
    return out


def parts(component: dict, ctx) -> list[Part]:
    kind = component.get("kind", "box")
    if kind == "tuck":
        if not component.get("deck"):
            ctx.fail(("kind",), "a tuck box needs deck: the name of the cards it holds")
        return [tuck_box(component, ctx)]
    if component.get("deck"):
        ctx.fail(("deck",), f"deck: is for a tuck box; a {kind} holds the components named in holds:")
    return box_parts(component, ctx)

