"""Rock Paper Scissors Tiles checked against a second reading written from the
design notes alone, without tiles_shapes' orientation arithmetic.

Here a tile is its black triangle: the cell and the grid point of its black
corner. The shapes are drawn by hand as games.md gives them, turned and
mirrored as sets of points in the plane, and looked for on the table by
brute force. Whole games are then replayed move by move against the
engine: shapes, scores, whose turn, the end and what each player sees.
"""

import copy
import random

import pytest

from printkit import rules, spec
from printkit.games.tiles import rules as tiles

# The black corner of a tile at (x, y), by its name: the grid point it fills.
CORNER_POINT = {"ll": (0, 0), "lr": (1, 0), "ul": (0, 1), "ur": (1, 1)}
NAME_OF_POINT = {v: k for k, v in CORNER_POINT.items()}

# games.md, "tiles": (x, y, black corner), the black halves of each shape.
HAND_DRAWN = {
    "rock": [(0, 1, "lr"), (1, 1, "ll"), (0, 0, "ur"), (1, 0, "ul")],
    "paper": [(0, 0, "lr"), (1, 0, "ul"), (1, 1, "lr"), (2, 1, "ul")],
    "scissors": [(0, 1, "lr"), (1, 1, "ul"), (0, 0, "ur"), (1, 0, "ll")],
}


def triangles(cells):
    """{(cell, black corner point)} of tiles given as (x, y, name)."""
    out = set()
    for x, y, name in cells:
        dx, dy = CORNER_POINT[name]
        out.add(((x, y), (x + dx, y + dy)))
    return frozenset(out)


def white_triangles(cells):
    """The white halves: the corner opposite the black one."""
    out = set()
    for x, y, name in cells:
        dx, dy = CORNER_POINT[name]
        out.add(((x, y), (x + 1 - dx, y + 1 - dy)))
    return frozenset(out)


def black_at(cells, px, py) -> bool:
    """Whether the point (px, py), off every diagonal, is black."""
    for x, y, name in cells:
        u, v = px - x, py - y
        if 0 < u < 1 and 0 < v < 1:
            cx, cy = CORNER_POINT[name]
            # Closer to the black corner than the diagonal that does not touch it.
            du = u if cx == 0 else 1 - u
            dv = v if cy == 0 else 1 - v
            return du + dv < 1
    return False


def sample_points(width, height):
    # Offsets that never fall on a tile diagonal or on the outlines tested below.
    return [((i + 0.3) / 10, (j + 0.6) / 10) for i in range(10 * width) for j in range(10 * height)]


# --- the hand-drawn shapes are the shapes games.md describes -----------------

def test_rock_is_a_diamond_whose_black_halves_point_to_the_centre():
    cells = HAND_DRAWN["rock"]
    assert {point for _, point in triangles(cells)} == {(1, 1)}
    for px, py in sample_points(2, 2):
        assert black_at(cells, px, py) == (abs(px - 1) + abs(py - 1) < 1), (px, py)


def test_paper_is_a_slanted_band():
    cells = HAND_DRAWN["paper"]
    # The parallelogram (0,0) (1,0) (3,2) (2,2): between the lines y = x and y = x - 1.
    for px, py in sample_points(3, 2):
        assert black_at(cells, px, py) == (px - 1 < py < px), (px, py)


def test_scissors_is_a_chevron_pointing_at_the_middle_of_its_left_edge():
    cells = HAND_DRAWN["scissors"]
    for px, py in sample_points(2, 2):
        upper = py >= 1 and py - 1 < px < py  # the arm from (0, 1) up to (2, 2)
        lower = py < 1 and 1 - py < px < 2 - py  # the arm from (0, 1) down to (2, 0)
        assert black_at(cells, px, py) == (upper or lower), (px, py)
    # The point of the "<": along the left edge, black only at its middle.
    assert not any(black_at(cells, 0.05, py) for py in (0.3, 1.7))
    assert black_at(cells, 0.05, 1.0 + 0.01) and black_at(cells, 0.05, 1.0 - 0.01)


def test_the_bundled_specs_hold_the_hand_drawn_shapes():
    for name in ("tiles", str(spec.SPECS_DIR / "examples" / "tiles-variant.yaml")):
        data = spec.load(name).data
        for key, cells in HAND_DRAWN.items():
            given = [(t["at"][0], t["at"][1], tiles.CODES[tiles.ORIENTATIONS.index(t["black"])])
                     for t in data["shapes"][key]["tiles"]]
            assert sorted(given) == sorted(cells), key


# --- turned and mirrored, as point sets -------------------------------------

def _moved(tris, turn):
    """Triangles under a map of the plane (a function of a point), cells found from their centres."""
    out = []
    for (x, y), point in tris:
        cx, cy = turn((2 * x + 1, 2 * y + 1))  # doubled coordinates keep centres whole
        out.append((((cx - 1) // 2, (cy - 1) // 2), turn((2 * point[0], 2 * point[1]))))
    # Points came out doubled too; halve them back.
    return [(cell, (px // 2, py // 2)) for cell, (px, py) in out]


def _normal(tris):
    mx = min(c[0] for c, _ in tris)
    my = min(c[1] for c, _ in tris)
    return frozenset(((c[0] - mx, c[1] - my), (p[0] - mx, p[1] - my)) for c, p in tris)


def placements(tris, mirrors):
    """Every distinct way the triangles may lie, moved so their least cell is 0, 0."""
    maps = [lambda p: p, lambda p: (-p[1], p[0]), lambda p: (-p[0], -p[1]), lambda p: (p[1], -p[0])]
    if mirrors:
        maps += [lambda p, m=m: m((-p[0], p[1])) for m in maps]
    return {_normal(_moved(tris, m)) for m in maps}


def test_distinct_placements_of_the_hand_drawn_shapes():
    counts = {k: (len(placements(triangles(c), True)), len(placements(triangles(c), False)))
              for k, c in HAND_DRAWN.items()}
    # The diamond is the same every way; the band has a half-turn symmetry and
    # a different mirror image; the chevron's mirror image is its half turn.
    assert counts == {"rock": (1, 1), "paper": (4, 2), "scissors": (4, 4)}


@pytest.mark.parametrize("mirrors", [True, False])
def test_engine_images_are_the_hand_drawn_placements(mirrors):
    data = copy.deepcopy(spec.load("tiles").data)
    data["mirrors"] = mirrors
    book = tiles.Game(data).book
    for index, key in enumerate(book.keys):
        for colour, halves in ((0, triangles), (1, white_triangles)):
            engine = {_normal(halves([(x, y, tiles.CODES[o]) for x, y, o in image]))
                      for image in book.images[colour][index]}
            assert len(engine) == len(book.images[colour][index])
            assert engine == placements(triangles(HAND_DRAWN[key]), mirrors), (key, colour)


# --- a second reading of the whole game -------------------------------------

class Oracle:
    """The rules of games.md, played the slow way."""

    def __init__(self, data):
        self.mirrors = data["mirrors"]
        self.count = data["tiles"]["count"]
        self.every_turn = data["hidden_orientation"] == "every-turn"
        self.beats = data["beats"]
        self.keys = list(data["shapes"])
        self.shapes = {k: placements(triangles(HAND_DRAWN[k]), self.mirrors) for k in self.keys}
        self.tiles = []  # (x, y, name) in play order

    def turn(self):
        return len(self.tiles) // 2 + 1

    def first(self):
        t = self.turn()
        return "black" if t == 1 or t % 2 == 0 else "white"

    def to_move(self):
        first = self.first()
        return first if len(self.tiles) % 2 == 0 else ("white" if first == "black" else "black")

    def face_up(self):
        """Tiles lying face up: all but a first tile of a turn still standing hidden."""
        if len(self.tiles) % 2 == 1 and (self.turn() == 1 or self.every_turn):
            return self.tiles[:-1]
        return self.tiles

    def legal_cells(self):
        n = len(self.tiles)
        if n == 0:
            return [(0, 0)]
        if n == 1:
            return [(1, 0)]
        lying = {(x, y) for x, y, _ in self.face_up()}
        taken = {(x, y) for x, y, _ in self.tiles}
        near = {(x + dx, y + dy) for x, y in lying for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1))}
        return sorted(near - taken)


def occurrences(oracle, tiles_):
    """Occurrences as sets of tiles, so a shape found from two anchors counts once."""
    found = set()
    for colour, halves in (("black", triangles), ("white", white_triangles)):
        mine = halves(tiles_)
        cells = {c for c, _ in mine}
        for key in oracle.keys:
            for shape in oracle.shapes[key]:
                (fx, fy), _ = min(shape)
                for cx, cy in cells:  # try every tile as the shape's first one
                    ax, ay = cx - fx, cy - fy
                    placed = frozenset(((ax + c[0], ay + c[1]), (ax + p[0], ay + p[1])) for c, p in shape)
                    if placed <= mine:
                        found.add((colour, key, placed))
    return found


def oracle_shapes(oracle, tiles_):
    counts = {"black": dict.fromkeys(oracle.keys, 0), "white": dict.fromkeys(oracle.keys, 0)}
    for colour, key, _ in occurrences(oracle, tiles_):
        counts[colour][key] += 1
    return counts


def oracle_score(oracle, counts):
    other = {"black": "white", "white": "black"}
    return {c: sum(counts[c][k] * counts[other[c]][oracle.beats[k]] for k in oracle.keys)
            for c in ("black", "white")}


def pick(book, oracle, cells, rng):
    """A move, often one that completes a shape (found with the engine's
    search; the second reading then checks what it did), so games are won."""
    table = {(x, y): tiles.CODES.index(c) for x, y, c in oracle.tiles}
    moves = [(x, y, o) for x, y in cells for o in range(4)]
    rng.shuffle(moves)
    if rng.random() < 0.6:
        for x, y, o in moves:
            if book.through({**table, (x, y): o}, x, y, o):
                return x, y, tiles.CODES[o]
    x, y, o = moves[0]
    return x, y, tiles.CODES[o]


CONFIGS = ["tiles", str(spec.SPECS_DIR / "examples" / "tiles-variant.yaml")]


@pytest.mark.parametrize("name", CONFIGS, ids=["tiles", "tiles-variant"])
@pytest.mark.parametrize("mirrors", [True, False])
def test_random_games_agree_with_the_second_reading(name, mirrors):
    data = copy.deepcopy(spec.load(name).data)
    data["mirrors"] = mirrors
    game = tiles.Game(data)
    rng = random.Random(f"{name}{mirrors}")
    ended = set()
    for _ in range(12):
        oracle = Oracle(data)
        state = game.initial_state()
        result = None
        while result is None:
            obj = state.to_json()
            lying = oracle.face_up()
            counts = oracle_shapes(oracle, lying)
            assert obj["turn"] == oracle.turn()
            assert obj["to_move"] == oracle.to_move()
            assert obj["shapes"] == counts
            assert obj["supply"] == oracle.count - len(oracle.tiles)
            moves = [state.action_to_string(a) for a in state.legal_actions()]
            cells = oracle.legal_cells()
            assert moves == [f"{x},{y} {c}" for x, y in cells for c in tiles.CODES]
            x, y, corner = pick(game.book, oracle, cells, rng)
            state.apply(state.string_to_action(f"{x},{y} {corner}"))
            oracle.tiles.append((x, y, corner))
            if len(oracle.tiles) % 2 == 0:  # a turn is over: score it
                score = oracle_score(oracle, oracle_shapes(oracle, oracle.tiles))
                if score["black"] != score["white"]:
                    result = "black" if score["black"] > score["white"] else "white"
                elif len(oracle.tiles) == oracle.count:
                    result = "draw"
                assert state.to_json()["score"] == score
            assert state.to_json()["result"] == result
            assert state.is_terminal() == (result is not None)
        ended.add(result)
        assert state.legal_actions() == []
        assert state.returns() == {"black": [1.0, -1.0], "white": [-1.0, 1.0], "draw": [0.0, 0.0]}[result]
    assert {"black", "white"} <= ended, "the games should show both players winning"


@pytest.mark.parametrize("name", CONFIGS, ids=["tiles", "tiles-variant"])
def test_observations_hide_exactly_the_standing_tile(name):
    data = spec.load(name).data
    game = rules.load(name)
    every_turn = data["hidden_orientation"] == "every-turn"
    rng = random.Random(4)
    state = game.initial_state()
    while not state.is_terminal():
        obj = state.to_json()
        n = len(obj["tiles"])
        standing = n % 2 == 1 and (obj["turn"] == 1 or every_turn)
        mover = obj["to_move"]  # the second player of the turn while a tile stands
        for player, colour in enumerate(("black", "white")):
            view = state.observation(player)
            if standing and colour == mover:
                expected = copy.deepcopy(obj)
                expected["tiles"][-1][2] = None
                assert view == expected
            else:
                assert view == obj
        state.apply(rng.choice(state.legal_actions()))
