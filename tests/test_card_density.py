"""Cards per sheet: a 52-card poker deck (63 x 88 mm, specs/examples/cards52)
gutter-fold prints its pairs (front beside back, 126 x 88 mm) two rows of
two across a sheet turned on its side, four cards a sheet on Letter and A4
(upright, Letter holds two pairs and A4 three); duplex keeps upright sheets
of six fronts (a turned sheet's back would need a short-edge flip). Each
pair's fold is the line between its halves, and the back's art is wholly
on the back's half, measured in mm on the sheet."""

from __future__ import annotations

import pytest

from printkit import SPECS_DIR, games, sheets, starter
from printkit import spec as specs
from printkit.options import BuildOptions, resolve_options
from printkit.parts.core import MOUNTAIN, Fill, Line, item_box

DECK = SPECS_DIR / "examples" / "cards52" / "cards52.yaml"
BACK = "#1F3A68"  # the deck's back: its colour (cards52.yaml)


def impose(path=DECK, **flags):
    spec = specs.load(str(path))
    options = resolve_options(spec, BuildOptions(**flags))
    module = games.stage(spec.game, "parts")
    return sheets.impose(spec, module.parts(spec, options), options, module)


@pytest.mark.parametrize("paper", ["letter", "a4"])
def test_gutter_fold_poker_cards_stand_four_to_a_turned_sheet_folded_at_63_mm(paper):
    laid = [s for s in impose(paper=paper) if s.group != "cover"]
    assert [len(s.placements) for s in laid] == [4] * 13
    for sheet in laid:
        assert (sheet.paper.width, sheet.paper.height) == (sheets.PAPERS[paper].height, sheets.PAPERS[paper].width)
        x0, y0, w, h = sheets.content_box(sheet.paper)
        for p in sheet.placements:
            assert not p.rotated and (p.width, p.height) == (126.0, 88.0)
            assert x0 - 1e-6 <= p.x and p.x + p.width <= x0 + w + 1e-6
            assert y0 - 1e-6 <= p.y and p.y + p.height <= y0 + h + 1e-6
            items = p.items()
            folds = [i.points for i in items if isinstance(i, Line) and i.role == MOUNTAIN]
            assert folds == [((p.x + 63.0, p.y), (p.x + 63.0, p.y + 88.0))]
            back = [item_box(i) for i in items if isinstance(i, Fill) and i.color == BACK]
            assert back, "the back's ground is on the sheet"
            for bx0, by0, bx1, by1 in back:
                assert p.x + 63.0 - 1e-6 <= bx0 and bx1 <= p.x + 126.0 + 1e-6
                assert p.y - 1e-6 <= by0 and by1 <= p.y + 88.0 + 1e-6


@pytest.mark.parametrize("paper", ["letter", "a4"])
def test_duplex_poker_cards_stand_six_to_an_upright_sheet(paper):
    laid = impose(paper=paper, duplex=True)
    fronts = [s for s in laid if s.sides == "front" and s.group != "calibration"]
    assert [len(s.placements) for s in fronts] == [6] * 8 + [4]
    assert all(s.paper.width < s.paper.height for s in fronts)
    assert sum(1 for s in laid if s.sides == "back" and s.group != "calibration") == len(fronts)


@pytest.mark.parametrize("paper", ["letter", "a4"])
def test_the_starter_game_takes_five_sheets_its_die_beside_the_tokens(paper, tmp_path):
    """``printkit new``: 12 cards, 12 two-sided tokens and a die. The cards
    take three turned sheets; the die rides on the tokens' sheet, not on a
    sheet of its own (seven sheets before)."""
    starter.create("duel", tmp_path)
    laid = impose(tmp_path / "duel" / "duel.yaml", paper=paper)
    assert [(s.groups, len(s.placements)) for s in laid[1:]] == [(["Deck"], 4)] * 3 + [(["Stars", "Die"], 25)]
    assert "; Die" in laid[-1].title
