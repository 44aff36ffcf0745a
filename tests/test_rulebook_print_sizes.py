"""The rulebook and reference as printed: a figure's title is a caption at
the caption's size, never words inside a drawing the rulebook scales down
(Lam's diagram titles once printed at 5.6 pt beside 10 pt body text), every
word drawn inside a figure prints at 6 pt or more (McKinney's board once
printed its square names at 2 pt, its seam's labels at 4.7 pt on A4), and
no page is a leftover of a few lines (McKinney's reference once ended on a
page of three)."""

from __future__ import annotations

import math

import pypdfium2 as pdfium
import pytest

from printkit import TEMPLATES_DIR
from printkit import spec as specs
from printkit.kit import BuildOptions
from printkit.literal import restore
from printkit.rulebook.pdf import BOTTOM, MARGIN
from printkit.rulebook.templating import render_with_figures
import pdf_text
import rulebook_cases

GAMES = sorted(p.name[: -len(".md.j2")] for p in TEMPLATES_DIR.glob("*.md.j2")
               if "-" not in p.name and p.name != "reference.md.j2")
LEAST_TITLE = 8.0  # points: a caption reads at arm's length
LEAST_CARD = 6.0  # points: the card prints at full size, read up close
LEAST_WORD = 6.0  # points: any word drawn inside a figure, as printed
LAM_TITLES = ["The set-up", "A Scissors' reach", "A locked Scissors' moves", "A stack of three: as a clump"]
LAM_CARD_TITLES = LAM_TITLES[1:] + ["...or spread north-east", "A Rock knocks two Rocks",
                                    "...the last takes the Scissors"]


LEAST_LINES = 4  # a page of fewer lines of text is a leftover, unless a drawing fills it


def rendered(game: str, paper: str, reference: bool) -> bytes:
    return rulebook_cases.pdf(game, BuildOptions(), paper, reference)  # rendered once a run


def printed_runs(data: bytes, baselines: bool = False) -> list[list[tuple[float, str]]]:
    """Per page, each piece of text with its size as printed: the font size
    times the scale of the text and drawing matrices (a drawing's scale
    shrinks its words); with ``baselines``, its baseline's height instead."""
    pages = []
    for page in pdf_text.pages(data):
        runs = []
        for text, cm, tm, _, size in page.runs:
            if text.strip():
                a, b = tm[0] * cm[0] + tm[1] * cm[2], tm[0] * cm[1] + tm[1] * cm[3]
                c, d = tm[2] * cm[0] + tm[3] * cm[2], tm[2] * cm[1] + tm[3] * cm[3]
                y = tm[4] * cm[1] + tm[5] * cm[3] + cm[5]
                runs.append((round(y) if baselines else round(size * math.sqrt(abs(a * d - b * c)), 2),
                             " ".join(text.split())))
        pages.append(runs)
    return pages


def drawn_words(data: bytes) -> list[tuple[int, float, str]]:
    """Every piece of text drawn inside a figure, as (page, printed size, text).
    The rulebook sets its own text unscaled; a figure's drawing is scaled
    (``rulebook.figures.PartDrawing``), so a word under a scaled drawing
    matrix is a word of a figure."""
    words = []
    for number, page in enumerate(pdf_text.pages(data), 1):
        for text, cm, tm, _, size in page.runs:
            scale = math.sqrt(abs(cm[0] * cm[3] - cm[1] * cm[2]))
            if text.strip() and abs(scale - 1) > 1e-6:
                a, b = tm[0] * cm[0] + tm[1] * cm[2], tm[0] * cm[1] + tm[1] * cm[3]
                c, d = tm[2] * cm[0] + tm[3] * cm[2], tm[2] * cm[1] + tm[3] * cm[3]
                words.append((number, round(size * math.sqrt(abs(a * d - b * c)), 2), " ".join(text.split())))
    return words


def sizes_of(data: bytes, words: str) -> set:
    return {size for page in printed_runs(data) for size, text in page if words in text}


@pytest.mark.parametrize("paper", ["letter", "a4"])
@pytest.mark.parametrize("game", GAMES)
def test_every_figure_has_a_title_printed_at_one_caption_size(game, paper):
    spec = specs.load(game, check=False)
    options = BuildOptions(paper=paper)
    _, figures = render_with_figures(spec, options)
    # as printed: the spec text in a part's own caption is held protected until it is set
    titles = [" ".join(restore(f.caption).split()) for f in figures.asked]
    assert all(titles), f"{game}: untitled figures {[f.name for f in figures.asked if not f.caption.strip()]}"
    runs = [r for page in printed_runs(rendered(game, paper, False)) for r in page]
    sizes = set()
    for title in titles:
        # the caption's first line, as set: a run the title starts with
        found = [size for size, text in runs if len(text) >= min(len(title), 12) and title.startswith(text)]
        assert found, f"{game}: caption {title[:40]!r} not found in print"
        sizes.update(found)
    assert len(sizes) <= 1 and min(sizes, default=LEAST_TITLE) >= LEAST_TITLE, sizes


@pytest.mark.parametrize("paper", ["letter", "a4"])
def test_lam_diagram_titles_read_in_the_rulebook_and_on_the_card(paper, kit_of):
    rules = rendered("lam", paper, False)
    for title in LAM_TITLES:
        sizes = sizes_of(rules, title)
        assert sizes and min(sizes) >= LEAST_TITLE, (title, sizes)
    card = kit_of("lam", paper=paper).kit_pdf.read_bytes()  # the kit the Lam kit tests read too
    for title in LAM_CARD_TITLES:
        sizes = sizes_of(card, title)
        assert sizes and min(sizes) >= LEAST_CARD, (title, sizes)


@pytest.mark.parametrize("paper", ["letter", "a4"])
@pytest.mark.parametrize("reference", [False, True], ids=["rules", "reference"])
@pytest.mark.parametrize("game", GAMES)
def test_every_word_in_every_figure_prints_large_enough_to_read(game, paper, reference):
    data = rendered(game, paper, reference)
    small = sorted({w for w in drawn_words(data) if w[1] < LEAST_WORD}, key=lambda w: w[1])
    assert not small, f"{game} {paper}: {len(small)} words in figures print under {LEAST_WORD} pt: {small[:12]}"
    # nor does any other text: a figure drawn at full size is not told apart by its scale
    sizes = [(size, text) for page in printed_runs(data) for size, text in page]
    assert min(sizes)[0] >= LEAST_WORD, min(sizes)


def test_figure_words_are_found_in_print():
    """The check above sees the words of the figures (McKinney's board names its squares)."""
    words = drawn_words(rendered("mckinney", "letter", False))
    assert {"a", "n", "1", "14"} <= {text for _, _, text in words}


def drawn_height(page) -> float:
    """How tall the drawings on a page stand together, above the footer (points)."""
    boxes = [obj.get_bounds() for obj in page.get_objects(max_depth=3)
             if obj.type in (pdfium.raw.FPDF_PAGEOBJ_PATH, pdfium.raw.FPDF_PAGEOBJ_IMAGE)]
    boxes = [b for b in boxes if b[1] >= BOTTOM - 1]
    return max((b[3] for b in boxes), default=0) - min((b[1] for b in boxes), default=0)


@pytest.mark.parametrize("paper", ["letter", "a4"])
@pytest.mark.parametrize("reference", [False, True], ids=["rules", "reference"])
@pytest.mark.parametrize("game", GAMES)
def test_no_page_holds_only_a_few_lines(game, paper, reference):
    data = rendered(game, paper, reference)
    document = pdfium.PdfDocument(data)
    frame = document[0].get_size()[1] - MARGIN - BOTTOM
    for number, runs in enumerate(printed_runs(data, baselines=True)):
        lines = {y for y, _ in runs if y > BOTTOM - 1}  # the footer sits below the text frame
        if len(lines) < LEAST_LINES:
            assert drawn_height(document[number]) > frame / 3, \
                f"{game} {paper} page {number + 1} holds {len(lines)} lines: {[t for _, t in runs]}"


def test_a_figure_shrinks_into_the_room_left_only_while_its_words_stay_legible():
    from printkit.parts.core import Part, Text
    from printkit.rulebook.figures import LEAST_WORD_PT, PartDrawing
    from printkit.writers.pdf import MM

    def drawing(word_pt):
        part = Part("figure", 100, 50, items=[Text(50, 25, "word", size=word_pt)])
        return PartDrawing(part, 100 * MM, 10 ** 6, fonts=None, ink_saver=False)

    roomy = drawing(12.0)  # may shrink to 70 %: its word stays at 8.4 pt
    assert roomy.wrap(1000, roomy.height * 0.75)[1] == pytest.approx(roomy.height * 0.75)
    tight = drawing(7.0)  # shrunk to 75 %, its word would print at 5.25 pt: it moves on whole
    assert tight.wrap(1000, tight.height * 0.75)[1] == pytest.approx(tight.height)
    assert tight.wrap(1000, tight.height * 0.9)[1] * 7.0 / tight.height >= LEAST_WORD_PT
