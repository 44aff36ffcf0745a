"""Two-sided cards: gutter-fold by default; with --duplex, each page of
fronts followed by a page of backs mirrored about the long edge (and moved
by --back-offset), then a calibration pair."""

from __future__ import annotations

import pytest
from click.testing import CliRunner

from printkit import kit
from printkit import spec as specs
from printkit.cli import main
from printkit.options import BuildOptions
from printkit.sheets import back_position, calibration_marks, impose
from printkit.games.playground import parts as pg


def _sheets(offset=(0.0, 0.0), paper="letter"):
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


def test_a_calibration_pair_ends_a_duplex_kit():
    sheets = _sheets((1.0, 2.0))
    front, back = sheets[-2], sheets[-1]
    assert "calibration" in front.title and "calibration" in back.title
    marks = calibration_marks(front.paper)
    vertical = [i for i in back.furniture if hasattr(i, "points") and i.points[0][0] == i.points[1][0]]
    xs = sorted(round(i.points[0][0], 6) for i in vertical)
    assert xs == sorted(round(front.paper.width - x + 1.0, 6) for x, _ in marks)


def test_gutter_fold_is_the_default_and_has_no_backs():
    spec = specs.load("playground")
    options = kit.resolve_options(spec, BuildOptions())
    sheets = impose(spec, pg.parts(spec, options), options, pg)
    assert not any("backs" in s.title for s in sheets)


def test_back_offset_is_checked(tmp_path):
    result = CliRunner().invoke(main, ["build", "playground", "--duplex", "--back-offset", "3", "--out", str(tmp_path)])
    assert result.exit_code == 2 and "--back-offset 3" in result.output
