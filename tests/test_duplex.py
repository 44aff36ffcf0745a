"""Two-sided cards: gutter-fold by default; with --duplex, each page of
fronts followed by a page of backs mirrored about the long edge (and moved
by --back-offset), then a calibration pair."""

from __future__ import annotations

import functools

import numpy as np
import pypdfium2 as pdfium
import pytest
import shapely
from click.testing import CliRunner

from printkit import kit
from printkit import spec as specs
from printkit.cli import main
from printkit.options import BuildOptions
from printkit.sheets import back_position, calibration_marks, impose
from printkit.games.playground import parts as pg


@functools.lru_cache(maxsize=None)
def _sheets(offset=(0.0, 0.0), paper="letter"):
    """The duplex Playground kit's sheets, laid out once a run for each
    offset and paper (the tests only read them)."""
    spec = specs.load("playground")
    options = kit.resolve_options(spec, BuildOptions(duplex=True, back_offset=offset, paper=paper))
    return impose(spec, pg.parts(spec, options), options, pg)


@pytest.mark.parametrize("paper", ["letter", "a4"])
@pytest.mark.parametrize("offset", [(0.0, 0.0), (0.5, -1.0)])
def test_each_back_lands_where_a_long_edge_flip_puts_its_front(offset, paper):
    sheets = _sheets(offset, paper)
    fronts = [s for s in sheets if any(p.part.back for p in s.placements)]
    assert fronts
    for front in fronts:
        back = sheets[sheets.index(front) + 1]
        assert "backs" in back.title and not back.placements  # nothing to cut on the back
        first = front.placements[0]
        x, y = back_position(first, front.paper, offset)
        # Mirrored about the page's vertical middle: the part's right edge on the front
        # is its left edge on the back, measured from the other side of the sheet.
        assert x == pytest.approx(front.paper.width - first.x - first.width + offset[0])
        assert y == pytest.approx(first.y + offset[1])
        fills = [i for i in back.furniture if getattr(i, "color", None) == first.part.back[0].color
                 and hasattr(i, "points")]
        assert any(min(px for px, _ in f.points) == pytest.approx(x) and
                   min(py for _, py in f.points) == pytest.approx(y) for f in fills)


def test_front_and_back_pages_are_titled_each_as_what_it_is():
    sheets = _sheets()
    fronts = [s for s in sheets if any(p.part.back for p in s.placements)]
    for front in fronts:
        back = sheets[sheets.index(front) + 1]
        assert front.title.endswith(": fronts") and front.title.count("fronts") == 1, front.title
        assert back.title == front.title.removesuffix(": fronts") + \
            ": backs (print on the reverse, long-edge flip)", back.title
        assert "fronts" not in back.title


def test_a_calibration_pair_ends_a_duplex_kit_on_the_card_sheets_own_paper():
    """print.md: "A calibration page has the same orientation as the sheets it
    calibrates." """
    for paper in ("letter", "a4"):
        sheets = _sheets((1.0, 2.0), paper)
        front, back = sheets[-2], sheets[-1]
        assert "calibration" in front.title and "calibration" in back.title
        cards = [s for s in sheets[:-2] if s.sides == "front"]
        assert cards
        for sheet in cards:
            assert (front.paper.width, front.paper.height) == (sheet.paper.width, sheet.paper.height)
        marks = calibration_marks(front.paper)
        vertical = [i for i in back.furniture if hasattr(i, "points") and i.points[0][0] == i.points[1][0]]
        xs = sorted(round(i.points[0][0], 6) for i in vertical)
        assert xs == sorted(round(front.paper.width - x + 1.0, 6) for x, _ in marks)


def _number(text: str) -> float | None:
    try:
        return float(text.replace("\u2212", "-"))
    except ValueError:
        return None


def _read_scale(labels, at: float, along: int) -> float:
    """What a person reads on a numbered scale where a line crosses it at
    ``at`` (mm along x if ``along`` is 0, y if 1): the two numbers either side,
    interpolated by their positions."""
    marks = sorted((label[along], value) for label, value in labels)
    below = max((m for m in marks if m[0] <= at + 1e-9), default=None)
    above = min((m for m in marks if m[0] >= at - 1e-9), default=None)
    assert below and above, f"the line at {at:.2f} mm is off the scale"
    if above[0] - below[0] < 1e-9:
        return below[1]
    return below[1] + (above[1] - below[1]) * (at - below[0]) / (above[0] - below[0])


def _scale_labels(front, x: float, y: float):
    """The numbers of the X scale (under the cross at x, y) and of the Y
    scale (left of it): ((x, y) of each number's tick, value)."""
    from printkit.parts.core import Text
    from printkit.parts.core import item_box

    xs, ys = [], []
    for item in front.furniture:
        if not isinstance(item, Text) or _number(item.text) is None:
            continue
        left, bottom, right, top = item_box(item)
        middle = ((left + right) / 2, (bottom + top) / 2)
        if abs(middle[0] - x) <= 7 and -20 < middle[1] - y < -12:
            xs.append(((item.x, middle[1]), _number(item.text)))
        elif abs(middle[1] - y) <= 7 and -20 < right - x < -12:
            ys.append(((right, middle[1]), _number(item.text)))
    return xs, ys


@pytest.mark.parametrize("paper", ["letter", "a4"])
@pytest.mark.parametrize("drift, built_with", [((2.0, -1.0), (0.0, 0.0)), ((-3.0, 2.5), (0.0, 0.0)),
                                               ((1.5, 3.0), (-1.0, 0.5))])
def test_the_scales_read_back_a_printers_drift_as_the_offset_that_cancels_it(paper, drift, built_with):
    """A printer that moves everything on the back page by ``drift`` (mm, in
    the back page's own frame) is simulated: the back's crosses, moved so and
    turned over about the long edge (x -> paper width - x), are read on the
    front's numbered scales as a person would. The numbers read are the
    --back-offset that, built with, puts every card's back on its front
    under the same drift."""
    sheets = _sheets(built_with, paper)
    front, back = sheets[-2], sheets[-1]
    width = front.paper.width

    def printed_and_flipped(px, py):
        return width - (px + drift[0]), py + drift[1]

    crosses = [i for i in back.furniture if hasattr(i, "points")]
    uprights = [printed_and_flipped(*i.points[0])[0] for i in crosses if i.points[0][0] == i.points[1][0]]
    levels = [printed_and_flipped(*i.points[0])[1] for i in crosses if i.points[0][1] == i.points[1][1]]
    readings = []
    for x, y in calibration_marks(front.paper):
        upright = min(uprights, key=lambda u: abs(u - x))
        level = min(levels, key=lambda v: abs(v - y))
        x_labels, y_labels = _scale_labels(front, x, y)
        assert len(x_labels) >= 5 and len(y_labels) >= 5, "the scales are not numbered"
        readings.append((_read_scale(x_labels, upright, 0), _read_scale(y_labels, level, 1)))
    assert all(r == pytest.approx(readings[0], abs=1e-6) for r in readings)
    offset = readings[0]
    assert offset == pytest.approx((-drift[0], -drift[1]), abs=1e-6)

    # Built again with the offset read, under the same drift: each back on its front.
    again = _sheets(offset, paper)
    checked = 0
    for sheet in (s for s in again if s.sides == "front" and s.placements):
        backs = again[again.index(sheet) + 1]
        for p in (p for p in sheet.placements if p.part.back):
            bx, by = back_position(p, sheet.paper, offset)
            # the back's box printed with the drift, seen from the front: its right edge is x
            fx, fy = printed_and_flipped(bx + p.width, by)
            assert (fx, fy) == pytest.approx((p.x, p.y), abs=1e-6)
            art = [i for i in backs.furniture if getattr(i, "points", None) and i.points == tuple(
                (px + bx, py + by) for px, py in p.part.back[0].points)]
            assert art, "the back is not where back_position puts it"
            checked += 1
    assert checked >= 24
    # ...and the new calibration pair reads the new offset where the crosses meet.
    cal_front, cal_back = again[-2], again[-1]
    x, y = calibration_marks(cal_front.paper)[0]
    x_labels, y_labels = _scale_labels(cal_front, x, y)
    uprights = [printed_and_flipped(*i.points[0])[0] for i in cal_back.furniture
                if hasattr(i, "points") and i.points[0][0] == i.points[1][0]]
    assert min(abs(u - x) for u in uprights) == pytest.approx(0.0, abs=1e-6)
    assert _read_scale(x_labels, x, 0) == pytest.approx(offset[0]) and _read_scale(y_labels, y, 1) == \
        pytest.approx(offset[1])


def test_gutter_fold_is_the_default_and_has_no_backs():
    spec = specs.load("playground")
    options = kit.resolve_options(spec, BuildOptions())
    sheets = impose(spec, pg.parts(spec, options), options, pg)
    assert not any("backs" in s.title for s in sheets)


def test_back_offset_is_checked(tmp_path):
    result = CliRunner().invoke(main, ["build", "playground", "--duplex", "--back-offset", "3", "--out", str(tmp_path)])
    assert result.exit_code == 2 and "--back-offset 3" in result.output


# --- drift: the backs bleed -------------------------------------------------------

DRIFT = 3.0  # mm: print.md, "enough bleed or margin to hide a 3 mm shift (the backs bleed too)"


def _paper_showing(path, index: int, dpi: int):
    """Where page ``index`` leaves the paper bare: rendered on a white and on
    a magenta page, the pixels that change (white ink stays white)."""
    pdf = pdfium.PdfDocument(str(path))
    page = pdf[index]
    white = np.array(page.render(scale=dpi / 72, fill_color=(255, 255, 255, 255)).to_pil().convert("RGB"), dtype=float)
    magenta = np.array(page.render(scale=dpi / 72, fill_color=(255, 0, 255, 255)).to_pil().convert("RGB"), dtype=float)
    pdf.close()
    return (white[..., 1] - magenta[..., 1]) > 128


def _shifted(mask, dx: int, dy: int):
    """The mask with its content moved dx pixels right and dy down; paper comes in at the edges."""
    out = np.ones_like(mask)
    h, w = mask.shape
    out[max(dy, 0):h + min(dy, 0), max(dx, 0):w + min(dx, 0)] = \
        mask[max(-dy, 0):h + min(-dy, 0), max(-dx, 0):w + min(-dx, 0)]
    return out


@pytest.mark.parametrize("paper", ["letter", "a4"])
def test_backs_drifting_three_millimetres_any_way_show_no_paper_on_a_card(paper, tmp_path):
    """Each back page is rendered, moved 3 mm each way (and diagonally), as
    a printer's duplex drift moves it: inside every card's outline on the
    back (its front's outline, mirrored), no bare paper shows."""
    from printkit.parts.bleed import piece_area
    from printkit.parts.core import transform
    from printkit.writers import pdf as pdf_writer

    sheets = _sheets(paper=paper)
    path = tmp_path / "kit.pdf"
    pdf_writer.write(sheets, path, title="playground")
    dpi = 127  # 5 pixels a millimetre: 3 mm is 15 pixels exactly
    px = dpi / 25.4
    step = int(round(DRIFT * px))
    cards = 0
    for front in (s for s in sheets if s.sides == "front" and s.placements):
        back = sheets[sheets.index(front) + 1]
        mask = _paper_showing(path, back.number - 1, dpi)
        rows, cols = np.indices(mask.shape)
        xs, ys = (cols + 0.5) / px, back.paper.height - (rows + 0.5) / px
        inside = np.zeros_like(mask)
        for p in (p for p in front.placements if p.part.back):
            x, y = back_position(p, front.paper)
            outline = piece_area([transform(i, mirror_x=p.part.width / 2, dx=x, dy=y) for i in p.part.items
                                  if getattr(i, "role", "") == "cut"]).buffer(-0.5 / px)
            # Only the pixels round the card can fall inside it: those alone are asked.
            left, bottom, right, top = outline.bounds
            r0, r1 = max(0, int((back.paper.height - top) * px) - 2), int((back.paper.height - bottom) * px) + 3
            c0, c1 = max(0, int(left * px) - 2), int(right * px) + 3
            inside[r0:r1, c0:c1] |= shapely.contains_xy(outline, xs[r0:r1, c0:c1], ys[r0:r1, c0:c1])
            cards += 1
        assert not (mask & inside).any(), "paper shows on a card's back as printed"
        for dx in (-step, 0, step):
            for dy in (-step, 0, step):
                bare = _shifted(mask, dx, dy) & inside
                assert not bare.any(), (
                    f"{paper}: the backs on sheet {back.number}, drifted ({dx / px:+.0f}, {-dy / px:+.0f}) mm, "
                    f"leave {bare.sum() / px ** 2:.1f} mm2 of paper on the cards")
    assert cards >= 24


def test_the_backs_bleed_three_millimetres_in_each_mode_that_prints_them():
    """Measured on the geometry: every back's colour reaches 3 mm past each
    outer edge of its grid (ink-saver prints outlines only, and no bleed)."""
    from printkit.sheets import BACK_BLEED

    assert BACK_BLEED >= DRIFT
    spec = specs.load("playground")
    for flags, bleeds in (({}, True), ({"press": True}, True), ({"ink_saver": True}, False)):
        options = kit.resolve_options(spec, BuildOptions(duplex=True, **flags))
        laid = impose(spec, pg.parts(spec, options), options, pg)
        backs = [s for s in laid if s.sides == "back" and s.group != "calibration"]
        assert backs and all(bool(s.bleed) == bleeds for s in backs), flags
