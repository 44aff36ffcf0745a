"""Every piece keeps what tells it apart, on the piece itself, in every mode.

print.md: "pieces of different players differ by a pattern or mark as well
as a hue, so a greyscale printout and colour-blind players still tell them
apart. An ink-saver mode prints outlines and marks without large fills."

For each game and mode, every two pieces that the game tells apart (their
checklist names differ) and that are cut to the same shape are drawn alone,
rendered in grey, and compared inside their cut outline, a millimetre in
from it (a cut that misses by that much keeps it): they must differ by a
mark's worth of clearly different grey. What prints on the waste around a
piece, and a hue that greys the same, do not count."""

from __future__ import annotations

import functools
import itertools

import numpy as np
import pypdfium2 as pdfium
import pytest
import shapely
from reportlab.pdfgen.canvas import Canvas

from printkit import games, sheets
from printkit import spec as specs
from printkit.options import BuildOptions, resolve_options
from printkit.parts.bleed import piece_area
from printkit.writers.fonts import register_fonts
from printkit.writers.pdf import MM, draw_items

MODES = {"home": {}, "ink-saver": {"ink_saver": True}, "duplex": {"duplex": True},
         "duplex ink-saver": {"duplex": True, "ink_saver": True}}
DPI = 100
INSET = 1.0  # mm inside the cut outline
GREY = 64  # of 255: a clearly different grey
LEAST_MM2 = 3.0  # of such difference: a small mark's worth


def cases():
    for game in specs.bundled_games():
        for mode in MODES:
            yield game, mode


@functools.lru_cache(maxsize=None)
def distinct_pieces(game: str, mode: str):
    """{(kind, width, height): {checklist name: part}}: one part of each name, by shape."""
    spec = specs.load(game)
    options = resolve_options(spec, BuildOptions(**MODES[mode]))
    module = games.stage(spec.game, "parts")
    shapes: dict = {}
    for part in module.parts(spec, options):
        key = (part.kind, round(part.width, 3), round(part.height, 3))
        shapes.setdefault(key, {}).setdefault(sheets.checklist_key(part), part)
    return options.ink_saver, {k: v for k, v in shapes.items() if len(v) > 1}


def interior(part, ink_saver: bool, path):
    """The part drawn alone, in grey, and the mask of its pixels INSET mm inside its cut outline."""
    canvas = Canvas(str(path), pagesize=(part.width * MM, part.height * MM), invariant=1)
    draw_items(canvas, part.items, register_fonts(), ink_saver)
    canvas.showPage()
    canvas.save()
    pdf = pdfium.PdfDocument(str(path))
    image = np.array(pdf[0].render(scale=DPI / 72, grayscale=True).to_pil().convert("L"), dtype=float)
    pdf.close()
    area = piece_area(part.items).buffer(-INSET)
    rows, cols = np.indices(image.shape)
    s = DPI / 25.4
    xs, ys = (cols + 0.5) / s, part.height - (rows + 0.5) / s
    return image, shapely.contains_xy(area, xs, ys)


@pytest.mark.parametrize("game, mode", list(cases()))
def test_pieces_the_game_tells_apart_differ_on_the_piece(game, mode, tmp_path):
    ink_saver, shapes = distinct_pieces(game, mode)
    pixel_mm2 = (25.4 / DPI) ** 2
    compared = 0
    for (kind, _, _), named in shapes.items():
        drawn = {name: interior(part, ink_saver, tmp_path / f"{kind}-{k}.pdf")
                 for k, (name, part) in enumerate(named.items())}
        for (a, (image_a, mask_a)), (b, (image_b, mask_b)) in itertools.combinations(drawn.items(), 2):
            if image_a.shape != image_b.shape:
                continue  # a different size is told apart by size
            both = mask_a & mask_b
            differ = (np.abs(image_a - image_b) > GREY) & both
            assert differ.sum() * pixel_mm2 >= LEAST_MM2, (
                f"{game} ({mode}): {a} and {b} differ by {differ.sum() * pixel_mm2:.1f} mm2 inside their cut "
                f"outline (at least {LEAST_MM2} mm2 of clearly different grey tells them apart)")
            compared += 1
    assert compared or game == "tiles", f"{game} ({mode}): no pieces compared"
