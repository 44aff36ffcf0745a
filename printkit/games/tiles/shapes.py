"""Rock Paper Scissors Tiles: tile orientations, the shapes, and finding them on the table.

A tile is a square split on one diagonal into a black and a white half. Its
orientation names the corner whose triangle half is black:

    lower-left (ll)   lower-right (lr)   upper-left (ul)   upper-right (ur)

(bit 0 of the number: the black corner is on the right; bit 1: at the top).
A table is a dict {(x, y): orientation} in tiles, x to the right, y up.

A shape is a pattern of tiles with orientations, as the spec gives it for its
black halves. A White shape is the same pattern in the white halves: every
tile's colours swapped, which turns the black corner to the opposite one.

An *occurrence* of a shape is a set of tiles on the table, with their
orientations, that equals the shape under one of its counted images (the four
rotations and, with ``mirrors``, their mirror images), moved anywhere. Images
that coincide because the shape is symmetric are kept once, so a Rock diamond
on four tiles is one occurrence, not four: what counts is the set of tiles,
never the number of ways to map the shape onto it. Tiles may be shared by
any number of occurrences.

Rules, parts and rulebook all read the shapes from here, so the reference
card and the diagrams show exactly what the engine counts.
"""

from __future__ import annotations

from dataclasses import dataclass

ORIENTATIONS = ("lower-left", "lower-right", "upper-left", "upper-right")
CODES = ("ll", "lr", "ul", "ur")
BLACK, WHITE = 0, 1
COLOURS = ("black", "white")

# The four edge neighbours of a tile.
STEPS = ((1, 0), (-1, 0), (0, 1), (0, -1))

Cell = tuple  # (x, y, orientation)


def corner(orientation: int) -> tuple[int, int]:
    """The black corner as (+-1, +-1): x to the right, y up."""
    return (1 if orientation & 1 else -1, 1 if orientation & 2 else -1)


def from_corner(cx: int, cy: int) -> int:
    return (1 if cx > 0 else 0) | (2 if cy > 0 else 0)


def rotate(orientation: int) -> int:
    """The orientation after a quarter turn counter-clockwise."""
    cx, cy = corner(orientation)
    return from_corner(-cy, cx)


def mirror(orientation: int) -> int:
    """The orientation mirrored left to right."""
    return orientation ^ 1


def swap(orientation: int) -> int:
    """The same tile with its colours swapped: the black half turns to the opposite corner."""
    return orientation ^ 3


def normalise(cells) -> tuple:
    """Cells moved so the least x and y are 0, sorted: equal patterns compare equal."""
    mx = min(c[0] for c in cells)
    my = min(c[1] for c in cells)
    return tuple(sorted((x - mx, y - my, o) for x, y, o in cells))


def images(cells, mirrors: bool = True) -> tuple:
    """The distinct normalised images of a pattern: its rotations, then (with
    ``mirrors``) those of its mirror image; an image equal to an earlier one
    (a symmetric shape) is left out."""
    seen: list = []
    starts = [tuple(cells)]
    if mirrors:
        starts.append(tuple((-x, y, mirror(o)) for x, y, o in cells))
    for start in starts:
        current = start
        for _ in range(4):
            image = normalise(current)
            if image not in seen:
                seen.append(image)
            current = tuple((-y, x, rotate(o)) for x, y, o in current)
    return tuple(seen)


def swapped(cells) -> tuple:
    """The pattern with every tile's colours swapped (a Black shape's White twin)."""
    return tuple((x, y, swap(o)) for x, y, o in cells)


@dataclass(frozen=True)
class Shape:
    """One of the three shapes: its spec key, printed name and black pattern."""

    key: str
    name: str
    cells: tuple  # ((x, y, orientation), ...) as the spec lists them


class ShapeBook:
    """The shapes a game counts, their images in both colours, and the search.

    ``images[colour][i]`` are the counted images of shape ``i`` for that
    colour. ``through`` finds the occurrences that use one given tile, which is
    all a new tile can add; ``occurrences`` searches a whole table."""

    def __init__(self, shapes: list[Shape], beats: dict, mirrors: bool):
        self.shapes = tuple(shapes)
        self.keys = tuple(s.key for s in shapes)
        self.mirrors = mirrors
        # beaten[i]: the index of the shape that shape i beats
        self.beaten = tuple(self.keys.index(beats[k]) for k in self.keys)
        self.images = tuple(
            tuple(images(s.cells if colour == BLACK else swapped(s.cells), mirrors) for s in shapes)
            for colour in (BLACK, WHITE))
        # _anchors[o]: for a new tile of orientation o, every (colour, shape,
        # other cells relative to the new tile) of an image that has a tile of
        # orientation o. Each occurrence through the new tile appears once:
        # it fixes which image cell the new tile is, hence the translation.
        anchors: list[list] = [[] for _ in ORIENTATIONS]
        for colour in (BLACK, WHITE):
            for index, shape_images in enumerate(self.images[colour]):
                for image in shape_images:
                    for ax, ay, ao in image:
                        others = tuple((x - ax, y - ay, o) for x, y, o in image if (x, y) != (ax, ay))
                        anchors[ao].append((colour, index, others))
        self._anchors = tuple(tuple(a) for a in anchors)
        self._probes = tuple(_probes(a) for a in self._anchors)

    @classmethod
    def from_spec(cls, data: dict) -> "ShapeBook":
        shapes = [Shape(key, entry["name"],
                        tuple((int(t["at"][0]), int(t["at"][1]), ORIENTATIONS.index(t["black"]))
                              for t in entry["tiles"]))
                  for key, entry in data["shapes"].items()]
        return cls(shapes, data["beats"], bool(data["mirrors"]))

    def through(self, table: dict, x: int, y: int, orientation: int) -> list[tuple[int, int]]:
        """(colour, shape index) of every occurrence that uses the tile at (x, y).

        The tile must already be on ``table``. Looks only at the few cells
        within a shape's reach of (x, y), so the cost does not grow with the
        number of tiles on the table."""
        found = []
        get = table.get
        # One look at each first cell rules out every anchor expecting another orientation there.
        for dx, dy, by_orientation in self._probes[orientation]:
            candidates = by_orientation.get(get((x + dx, y + dy)))
            if candidates is None:
                continue
            for colour, index, rest in candidates:
                for rx, ry, o in rest:
                    if get((x + rx, y + ry)) != o:
                        break
                else:
                    found.append((colour, index))
        return found

    def occurrences(self, table: dict) -> set:
        """Every occurrence on the table, searched from scratch:
        {(colour, shape index, frozenset of (x, y, orientation))}."""
        found = set()
        for colour in (BLACK, WHITE):
            for index, shape_images in enumerate(self.images[colour]):
                for image in shape_images:
                    fx, fy, fo = image[0]
                    for (x, y), o in table.items():
                        if o != fo:
                            continue
                        tx, ty = x - fx, y - fy
                        placed = frozenset((tx + cx, ty + cy, co) for cx, cy, co in image)
                        if all(table.get((px, py)) == po for px, py, po in placed):
                            found.add((colour, index, placed))
        return found

    def count(self, table: dict) -> list[list[int]]:
        """Occurrences per colour and shape, searched from scratch."""
        counts = [[0] * len(self.shapes) for _ in COLOURS]
        for colour, index, _ in self.occurrences(table):
            counts[colour][index] += 1
        return counts

    def score(self, counts) -> tuple[int, int]:
        """Points of Black and White: one per pair (own shape, opponent's shape)
        in which the own shape beats the other."""
        black, white = counts[BLACK], counts[WHITE]
        black_points = white_points = 0
        for i, beaten in enumerate(self.beaten):
            black_points += black[i] * white[beaten]
            white_points += white[i] * black[beaten]
        return black_points, white_points


def _probes(anchors) -> tuple:
    """The anchors of one orientation grouped by their first other cell:
    ((dx, dy, {orientation there: ((colour, shape, the remaining cells), ...)}), ...)."""
    groups: dict = {}
    for colour, index, others in anchors:
        (dx, dy, o), rest = others[0], others[1:]
        groups.setdefault((dx, dy), {}).setdefault(o, []).append((colour, index, rest))
    return tuple((dx, dy, {o: tuple(found) for o, found in by_o.items()})
                 for (dx, dy), by_o in groups.items())


def connected(cells) -> bool:
    """Whether the cells form one piece through shared edges."""
    cells = {(c[0], c[1]) for c in cells}
    if not cells:
        return True
    start = next(iter(cells))
    seen = {start}
    todo = [start]
    while todo:
        x, y = todo.pop()
        for dx, dy in STEPS:
            n = (x + dx, y + dy)
            if n in cells and n not in seen:
                seen.add(n)
                todo.append(n)
    return len(seen) == len(cells)
