"""The cover sheet's own art: numbered steps for making the kit, for every
paper and option, in the free area and on the page, clear of the other
words, the drawings and the box label; the shared step list they are set with."""

from __future__ import annotations

import itertools
import re

import pytest
from pypdf import PdfReader

from printkit import games, kit, sheets
from printkit import spec as specs
from printkit.parts.core import Fill, Line, Text, item_box
from printkit.parts.steps import numbered_steps
from test_kit_sheets import overlaps, text_box

OPTIONS = [{}, {"ink_saver": True}, {"sheet_per_colour": True}, {"duplex": True}, {"print_and_cut": True},
           {"press": True}, {"bleed": 5.0}, {"duplex": True, "print_and_cut": True}]
STEPS = {"lam": 6, "playground": 7, "phoenix": 5}
CASES = [(game, paper, extra) for game in STEPS for paper in ("letter", "a4") for extra in OPTIONS]


def _box(points):
    xs, ys = [p[0] for p in points], [p[1] for p in points]
    return [(min(xs), min(ys)), (max(xs), min(ys)), (max(xs), max(ys)), (min(xs), max(ys))]


_COVERS: dict = {}  # (game, paper, options) -> the cover sheet and its art, for both tests below


def _laid_with_art(game, paper, extra):
    """The kit's cover sheet and what the game's ``cover`` drew: (width, height, items)."""
    key = (game, paper, tuple(sorted(extra.items())))
    if key in _COVERS:
        return _COVERS[key]
    loaded = specs.load(game)
    options = kit.resolve_options(loaded, kit.BuildOptions(paper=paper, **extra))
    module = games.stage(game, "parts")
    drawn = []
    own = module.cover

    def cover(spec, options, width, height):
        items = own(spec, options, width, height)
        drawn.append((width, height, items))
        return items

    # Only the cover is read: the other sheets' bleed and cut-line guides,
    # the slow part of laying out a kit, are left undrawn. Neither reaches
    # the cover (its box label is placed clear of the cover's own items, and
    # the cover, first of the sheets, still gets its guides).
    guides = []

    def cover_guides(items, ink_saver=False):
        guides.append(None)
        return real_guides(items, ink_saver) if len(guides) == 1 else []

    real_guides = sheets.cut_guides
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(module, "cover", cover)
        patch.setattr(sheets, "sheet_bleed", lambda placements, width, room: [])
        patch.setattr(sheets, "_back_bleed", lambda paper, backs, width: [])
        patch.setattr(sheets, "cut_guides", cover_guides)
        laid = sheets.impose(loaded, module.parts(loaded, options), options, module)
    (art,) = drawn
    _COVERS[key] = laid[0], art
    return _COVERS[key]


@pytest.mark.parametrize("game,paper,extra", [("lam", "letter", {}), ("phoenix", "a4", {"press": True}),
                                              ("playground", "letter", {"duplex": True})])
def test_the_cover_laid_out_without_the_other_sheets_bleed_is_the_kits_cover(layout_of, game, paper, extra):
    """What ``_laid_with_art`` leaves undrawn never reaches the cover: its
    cover is the whole layout's (the kit's sheets laid out once a run), item for item."""
    cover, _ = _laid_with_art(game, paper, extra)
    whole = layout_of(game, paper=paper, **extra)[1][0]
    assert repr(cover) == repr(whole)


@pytest.mark.parametrize("game,paper,extra", CASES)
def test_every_step_fits_the_free_area_clear_of_drawings_and_the_box_label(game, paper, extra):
    cover, (width, height, items) = _laid_with_art(game, paper, extra)
    texts = [t for t in items if isinstance(t, Text)]
    numbers = [t.text for t in texts if t.bold and re.fullmatch(r"\d+\.", t.text)]
    assert numbers == [f"{n}." for n in range(1, STEPS[game] + 1)]
    assert min(t.size for t in texts) >= 6.0
    steps = [t for t in texts if t.anchor == "start"]
    drawings = [_box(item.points) for item in items if isinstance(item, (Fill, Line))]
    for t in steps:
        x0, y0, x1, y1 = item_box(t)
        assert -1e-6 <= x0 and x1 <= width + 1e-6 and -1e-6 <= y0 and y1 <= height + 1e-6, t.text
        assert not any(overlaps(text_box(t), d) for d in drawings), t.text
    # The box label stays on the cover, clear of the steps.
    (label,) = [p for p in cover.placements if p.part.kind == "label"]
    bx, by, _, _ = sheets.content_box(cover.paper)
    spot = _box([(label.x - bx, label.y - by), (label.x - bx + label.width, label.y - by + label.height)])
    assert not any(overlaps(text_box(t), spot) for t in steps)


@pytest.mark.parametrize("game,paper,extra", [c for c in CASES if c[0] != "phoenix"])
def test_cover_words_stay_on_the_page_and_off_each_other(game, paper, extra):
    cover, _ = _laid_with_art(game, paper, extra)
    margin = cover.paper.margin
    texts = [t for t in cover.print_items() if isinstance(t, Text) and t.text.strip()]
    for t in texts:
        x0, y0, x1, y1 = item_box(t)
        assert x0 >= margin - 1e-6 and x1 <= cover.paper.width - margin + 1e-6, t.text
        assert y0 >= margin - 1e-6 and y1 <= cover.paper.height - margin + 1e-6, t.text
    boxes = [text_box(t) for t in texts]
    for i, j in itertools.combinations(range(len(texts)), 2):
        assert not overlaps(boxes[i], boxes[j]), (texts[i].text, texts[j].text)


@pytest.fixture(scope="module")
def built(kit_of):
    """A game's kit with these options, built once a run (tests/conftest.py)."""

    def get(game, paper, **extra):
        return kit_of(game, paper=paper, **extra)

    return get


def _cover_text(result) -> str:
    return re.sub(r"\s+", " ", PdfReader(result.kit_pdf).pages[0].extract_text())


@pytest.mark.parametrize("paper", ["letter", "a4"])
def test_the_lam_cover_says_how_to_make_the_kit(built, paper):
    text = _cover_text(built("lam", paper))
    for words in ("Making the kit", "check the scale square", "cut out both segments",
                  "Segment 1 (rows 1-5) keeps the grey zigzag tab",
                  "crease the tab away from you along its dash-dot zigzag, glue it and lay segment 2 on it",
                  "cut out each round counter", "3 Rocks, 9 Papers, 4 Scissors and 2 Flags",
                  "rows 1-2 and 9-10", "Destroy an enemy Flag to win", "reference card",
                  "segment 2 goes on segment 1's grey tab"):
        assert words in text, words


def test_the_lam_cover_follows_the_variant_and_the_sheets(built):
    text = _cover_text(built("lam", "letter", variant="two-flag", sheet_per_colour=True))
    assert "Destroy both enemy Flags to win" in text
    assert "counters print on sheets of their own" in text


@pytest.mark.parametrize("paper", ["letter", "a4"])
def test_the_playground_cover_says_how_to_make_the_kit(built, paper):
    text = _cover_text(built("playground", paper))
    for words in ("Making the kit", "check the scale square", "cut out the 2 sections",
                  "as numbered in the plan", "fold each along the dash-dot line in its middle",
                  "glue the halves together, then cut", "cut the slit", "glue the grey tab inside the back",
                  "its type towards you and its back towards your opponent", "sees only their own types",
                  "Die (beside board section 2)",  # turned on A4, where the board leaves a narrower band
                  "army of 10 cards", "The board's sections",
                  "Blue base", "Red base"):
        assert words in text, words


def test_the_playground_cover_tells_two_sided_cards_apart(built):
    text = _cover_text(built("playground", "letter", duplex=True))
    assert "both sides, flipping on the long edge" in text
    assert "fold each along" not in text


# --- the shared step list -------------------------------------------------------

STEPS_TEXT = ["Cut along every solid line, then fold along the dashed ones.",
              "Glue each grey tab under its neighbour, edge to edge, and let it dry flat under a book.",
              "Keep the pieces in an envelope."]


def _numbers(items):
    return [t.text for t in items if isinstance(t, Text) and t.bold and re.fullmatch(r"\d+\.", t.text)]


def test_steps_are_numbered_under_their_title_and_shrink_to_fit():
    roomy = numbered_steps("Making the kit", STEPS_TEXT, 120.0, 80.0)
    assert roomy[0].text == "Making the kit" and roomy[0].bold
    assert _numbers(roomy) == ["1.", "2.", "3."]
    assert {t.size for t in roomy[1:]} == {8.0}
    tight = numbered_steps("Making the kit", STEPS_TEXT, 60.0, 30.0)
    assert _numbers(tight) == ["1.", "2.", "3."]
    assert max(t.size for t in tight[1:]) < 8.0
    for t in tight:
        x0, y0, x1, y1 = item_box(t)
        assert x0 >= 0 and x1 <= 60.0 and y0 >= 0 and y1 <= 30.0, t.text


def test_steps_flow_round_what_they_keep_clear_and_give_up_only_the_spare_room():
    clear = (70.0, 40.0, 120.0, 80.0)  # a drawing at the top right
    spare = (50.0, 0.0, 120.0, 20.0)  # a box label's corner
    items = numbered_steps("Making the kit", STEPS_TEXT, 120.0, 80.0, keep_clear=[clear], spare=[spare])
    for t in items:
        x0, y0, x1, y1 = item_box(t)
        for r in (clear, spare):
            assert not (x0 < r[2] and r[0] < x1 and y0 < r[3] and r[1] < y1), t.text
    # Too little room for the steps and the spare corner: the corner goes, never a step.
    squeezed = numbered_steps("Making the kit", STEPS_TEXT * 2, 80.0, 40.0, spare=[(10.0, 0.0, 80.0, 40.0)])
    assert _numbers(squeezed) == [f"{n}." for n in range(1, 7)]


def test_steps_that_cannot_fit_are_left_out_whole():
    items = numbered_steps("Making the kit", STEPS_TEXT, 60.0, 18.0)
    numbers = _numbers(items)
    assert numbers and len(numbers) < 3
    # Every step shown ends with its last word.
    words = " ".join(t.text for t in items[1:] if not re.fullmatch(r"\d+\.", t.text))
    for n in range(len(numbers)):
        assert STEPS_TEXT[n].split()[-1] in words
    assert STEPS_TEXT[len(numbers)].split()[-1] not in words
