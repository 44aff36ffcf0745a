"""Cut lines stay visible on every background they cross, in every game and
mode: measured on the printed page. print.md: "A cut line must be seen where
it is cut: over a dark field or dark bleed it is drawn light (or haloed),
never black on near-black."

Each sheet is rendered at 300 dpi; along every cut path of every part,
every millimetre, the page is read across the line: what lies on the line
(within its width) must differ from what lies on each side of it by a
clear margin of grey."""

from __future__ import annotations

import functools
import math

import numpy as np
import pypdfium2 as pdfium
import pytest
from shapely.geometry import LineString
from shapely.ops import unary_union

from printkit import sheets
from printkit import spec as specs
from printkit.parts.core import CUT, GUIDE, MOUNTAIN, PT, VALLEY, Line
from printkit.parts.cutlines import _Background, _surfaces, is_dark
from printkit.writers import pdf as pdf_writer
from printkit.writers.pdf import Press

GAMES = specs.bundled_games()
MODES = {"home": {}, "ink-saver": {"ink_saver": True}, "press": {"press": True}, "duplex": {"duplex": True}}
DPI = 300
MARGIN = 64.0  # of 255 grey levels: a clear difference
LINE = 0.15  # mm either side of the path that the printed line covers (0.21 mm wide at most)
SIDE = (0.32, 0.44)  # mm from the path where each side's background is read
BUSY = 40.0  # grey levels: a side that varies more than this there (words, a mark) is not read


@functools.lru_cache(maxsize=None)
def printed(game: str, mode: str, tmp_root: str, layout_of):
    """(sheets, pdf path, slug in mm) of a kit built with the mode's options
    (its sheets laid out once a run: tests/conftest.py)."""
    options, laid = layout_of(game, **MODES[mode])
    press = Press(sheets.bleed_width(options)) if options.press else None
    path = f"{tmp_root}/{game}-{mode}.pdf"
    pdf_writer.write(laid, path, title=game, ink_saver=options.ink_saver, press=press)
    return laid, path, press.slug if press else 0.0


@pytest.fixture(scope="module")
def root(tmp_path_factory):
    return str(tmp_path_factory.mktemp("cuts"))


def render(path: str, index: int):
    """The page's greys (0-255, bytes: read straight from the renderer's
    bitmap, as an array of floats a sheet cost a tenth of a second more)."""
    pdf = pdfium.PdfDocument(path)
    page = pdf[index]
    image = page.render(scale=DPI / 72, grayscale=True).to_numpy().copy()
    height_mm = page.get_size()[1] / 72 * 25.4
    pdf.close()
    return image, height_mm


def sampler(image, height_mm: float, slug: float):
    """The grey at points (mm on the sheet, y up; arrays of any shape), read
    between pixel centres."""
    s = DPI / 25.4

    def at(x, y):
        c = (np.asarray(x) + slug) * s - 0.5
        r = (height_mm - np.asarray(y) - slug) * s - 0.5
        c0, r0 = np.floor(c).astype(int), np.floor(r).astype(int)
        assert c0.min() >= 0 and r0.min() >= 0 and c0.max() + 1 < image.shape[1] and r0.max() + 1 < image.shape[0]
        fc, fr = c - c0, r - r0
        return (image[r0, c0] * (1 - fc) * (1 - fr) + image[r0, c0 + 1] * fc * (1 - fr)
                + image[r0 + 1, c0] * (1 - fc) * fr + image[r0 + 1, c0 + 1] * fc * fr)
    return at


def cut_segments(sheet):
    """The straight stretches of the sheet's cut lines, split where two cross
    (a corner of four tiles), so readings keep clear of every junction."""
    lines = []
    for item in sheet.part_items():
        if isinstance(item, Line) and item.role == CUT:
            points = list(item.points) + ([item.points[0]] if item.closed else [])
            lines += [LineString(pair) for pair in zip(points, points[1:]) if math.dist(*pair) > 1e-9]
    if not lines:
        return []
    noded = unary_union(lines)
    pieces = list(getattr(noded, "geoms", [noded]))
    return [pair for piece in pieces for pair in zip(piece.coords, piece.coords[1:])]


def readings(at, p, q, step: float = 1.0, end: float = 1.0):
    """(the line's greys, one side's greys, the other side's) every ``step`` mm along p -> q,
    ``end`` mm clear of its ends (a corner's other edge, a crossing cut, art meeting there):
    one row per reading, all read at once."""
    length = math.dist(p, q)
    if length < 2 * end + 1e-9:
        return None
    ux, uy = (q[0] - p[0]) / length, (q[1] - p[1]) / length
    nx, ny = -uy, ux
    across = np.arange(-LINE, LINE + 1e-9, 0.02)
    sides = np.arange(SIDE[0], SIDE[1] + 1e-9, 0.04)
    t = np.arange(end, length - end + 1e-9, step)[:, None]
    x, y = p[0] + ux * t, p[1] + uy * t
    line = at(x + nx * across, y + ny * across)
    # Each side a little patch, so a side whose colour changes here reads as busy.
    o = np.repeat(sides, 3)
    d = np.tile([-0.3, 0.0, 0.3], len(sides))
    left = at(x + nx * o + ux * d, y + ny * o + uy * d)
    right = at(x - nx * o + ux * d, y - ny * o + uy * d)
    return x[:, 0], y[:, 0], line, left, right


@pytest.mark.parametrize("mode", list(MODES))
@pytest.mark.parametrize("game", GAMES)
def test_every_cut_line_differs_from_both_sides_where_it_is_printed(root, layout_of, game, mode):
    laid, path, slug = printed(game, mode, root, layout_of)
    read = 0
    dark_read = 0
    for sheet in laid:
        segments = cut_segments(sheet)
        if not segments:
            continue
        image, height = render(path, sheet.number - 1)
        at = sampler(image, height, slug)
        for p, q in segments:
            taken = readings(at, p, q)
            if taken is None:
                continue
            xs, ys, lines, lefts, rights = taken
            # Words or a mark beside the cut: no even background to read there.
            even = (np.ptp(lefts, axis=1) <= BUSY) & (np.ptp(rights, axis=1) <= BUSY)
            a, b = np.median(lefts, axis=1), np.median(rights, axis=1)
            shows = ((np.abs(lines - a[:, None]).max(axis=1) >= MARGIN)
                     & (np.abs(lines - b[:, None]).max(axis=1) >= MARGIN))
            hidden = np.flatnonzero(even & ~shows)
            if hidden.size:
                i = hidden[0]
                raise AssertionError(
                    f"{game} ({mode}) sheet {sheet.number}: the cut at ({xs[i]:.1f}, {ys[i]:.1f}) mm does not "
                    f"show: line {lines[i].min():.0f}-{lines[i].max():.0f}, sides {a[i]:.0f} and {b[i]:.0f}")
            read += int(even.sum())
            dark_read += int((even & (np.minimum(a, b) < 100)).sum())
    assert read > 200, f"{game} ({mode}): only {read} readings"
    if game in ("phoenix", "tiles") and mode != "ink-saver":
        assert dark_read > 50, f"{game} ({mode}): no cut crosses a dark field ({dark_read} readings)"


def test_the_black_die_has_a_light_cut_line_where_its_bleed_is_as_dark_as_its_faces(root, layout_of):
    """The defect as reported: Phoenix's black die, a 0.14 mm black cut over
    #1A1A1A bleed. Every edge of its net between dark face and dark bleed now
    carries a light line 0.2 mm wide or more."""
    laid, _, _ = printed("phoenix", "home", root, layout_of)
    sheet = next(s for s in laid if any(p.part.kind == "die" for p in s.placements))
    assert is_dark(specs.load("phoenix")["dice"]["x"]["hex"])
    die = next(p for p in sheet.placements if p.part.kind == "die" and p.part.meta["axis"] == "x")
    x0, y0, x1, y1 = die.x, die.y, die.x + die.width, die.y + die.height
    light = [g for g in sheet.guides if g.role == GUIDE and not is_dark(g.color)
             and all(x0 - 0.1 <= x <= x1 + 0.1 and y0 - 0.1 <= y <= y1 + 0.1 for x, y in g.points)]
    assert light, "no light cut line on the black die"
    assert sum(math.dist(*g.points) for g in light) > 6 * 18.0  # its outer edges, at least six faces' worth
    assert min(g.width_pt for g in light) * PT >= 0.2


@pytest.mark.parametrize("mode", ["home", "press"])
@pytest.mark.parametrize("game", GAMES)
def test_knock_out_hairlines_are_at_least_a_fifth_of_a_millimetre(root, layout_of, game, mode):
    """A light line printed on a dark field (a light cut line, a symbol's
    crack, a fold's guide) fills in on an inkjet when it is finer than 0.2 mm."""
    laid, _, _ = printed(game, mode, root, layout_of)
    checked = 0
    for sheet in laid:
        items = sheet.print_items()
        ground = _Background(_surfaces(items, ink_saver=False))
        for item in items:
            if not (isinstance(item, Line) and item.role not in (CUT, VALLEY, MOUNTAIN)) or is_dark(item.color):
                continue
            middles = [_mid(a, b) for a, b in zip(item.points, item.points[1:])]
            on_dark = ground.at_each([x for x, _ in middles], [y for _, y in middles]).tolist()
            if any(on_dark):
                assert item.width_pt * PT >= 0.2 - 1e-9, (game, sheet.number, item.color, item.width_pt)
                checked += 1
    if game in ("phoenix", "tiles"):
        assert checked, f"{game}: no light line on a dark field measured"


def _mid(a, b):
    return ((a[0] + b[0]) / 2, (a[1] + b[1]) / 2)
