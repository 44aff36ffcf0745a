"""Typesetting, measured on the printed page: lines of 60 to 75 characters
(a book's measure; the rulebooks once ran about 104), headings kept with
what follows them (tests/test_rulebook.py), and no page left with a hole of
more than 50 mm because a drawing moved on to the next page (Lam's first
page once ended 61 mm early, Playground's third was 70% empty)."""

from __future__ import annotations

import math
import statistics
from collections import defaultdict

import numpy as np
import pypdfium2 as pdfium
import pytest

from printkit.rulebook.markdown import BODY_SIZE
from printkit.rulebook.pdf import BOTTOM, MARGIN
import pdf_text
from rulebook_cases import GAMES, EXAMPLES, case_id, load, pdf, variants
from printkit.kit import BuildOptions

MM = 72 / 25.4
LONGEST_LINE = 75  # characters
TYPICAL_LINE = (60, 75)  # the median full line
LARGEST_HOLE = 50  # mm of blank page, full width, above the footer
DPI = 30

CASES = [(name, BuildOptions(variant=v)) for name in GAMES + EXAMPLES for v in variants(name)]
IDS = [case_id(c) for c in CASES]


def body_lines(data: bytes) -> list[str]:
    """Every line of body text (set at BODY_SIZE, outside any drawing), as printed."""
    lines = []
    for page in pdf_text.pages(data):
        rows = defaultdict(list)
        for text, cm, tm, _, size in page.runs:
            scale = math.sqrt(abs(cm[0] * cm[3] - cm[1] * cm[2]))
            printed = size * math.sqrt(abs(tm[0] * tm[3] - tm[1] * tm[2])) * scale
            if text.strip() and abs(printed - BODY_SIZE) < 0.01 and abs(scale - 1) < 1e-6:
                rows[round(tm[5] * cm[3] + cm[5], 1)].append(text)
        lines += [" ".join(" ".join(rows[y]).split()) for y in sorted(rows, reverse=True)]
    return lines


def _tallest(rows) -> int:
    best = run = 0
    for blank in rows:
        run = run + 1 if blank else 0
        best = max(best, run)
    return best


def blank_bands(data: bytes) -> list[tuple[float, float]]:
    """Per page, in mm: the tallest band of blank page across the whole width
    between the margins, from the top margin to the footer; and the same
    leaving out the blank foot of the page (after the last thing printed)."""
    out = []
    px = DPI / 72
    for page in pdfium.PdfDocument(data):
        image = np.asarray(page.render(scale=px, grayscale=True).to_pil().convert("L"))
        height, width = image.shape
        top, bottom = int(MARGIN * px), height - int(BOTTOM * px)
        left, right = int(MARGIN * px) - 2, width - int(MARGIN * px) + 2
        rows = list((image[top:bottom, left:right] > 245).all(axis=1))
        whole = _tallest(rows)
        while rows and rows[-1]:
            rows.pop()
        out.append((whole / px / MM, _tallest(rows) / px / MM))
    return out


@pytest.mark.parametrize("paper", ["letter", "a4"])
@pytest.mark.parametrize("case", CASES, ids=IDS)
def test_lines_hold_60_to_75_characters(case, paper):
    name, options = case
    lines = body_lines(pdf(name, options, paper))
    assert len(lines) > 50
    longest = max(lines, key=len)
    assert len(longest) <= LONGEST_LINE, longest
    full = [len(line) for line in lines if len(line) >= 40]  # a paragraph's last line is short
    low, high = TYPICAL_LINE
    assert low <= statistics.median(full) <= high, statistics.median(full)


@pytest.mark.parametrize("paper", ["letter", "a4"])
@pytest.mark.parametrize("case", CASES, ids=IDS)
def test_no_page_is_left_with_a_hole(case, paper):
    """The tallest blank band of every page is at most 50 mm; only a last
    page, or one that ends where a new page must begin (the turn summary
    starts a page of its own), may end in blank paper."""
    name, options = case
    data = pdf(name, options, paper)
    texts = pdf_text.texts(data)
    bands = blank_bands(data)
    for number, (whole, above_foot) in enumerate(bands, 1):
        ends_a_part = number == len(bands) or texts[number].lstrip().startswith("Turn summary")
        tallest = above_foot if ends_a_part else whole
        assert tallest <= LARGEST_HOLE, f"page {number}: a blank band of {tallest:.0f} mm"


def test_the_measure_catches_long_lines_and_holes():
    """The measures find what they look for: the rulebook set in a column as
    wide as the page (its old layout) has lines far past 75 characters, and a
    page with a drawing that moves on leaves a hole the band measure sees."""
    from unittest import mock

    from printkit import rulebook
    from printkit.rulebook import pdf as page_layout

    spec = load("lam")
    with mock.patch.object(page_layout, "MEASURE", 400 * MM):
        wide = rulebook.render_pdf(spec, BuildOptions())
    assert max(len(line) for line in body_lines(wide)) > 90
    with mock.patch.object(page_layout.RulebookDoc, "HOLE", 10 ** 6):  # drawings never wait
        holey = rulebook.render_pdf(spec, BuildOptions())
    assert max(tallest for tallest, _ in blank_bands(holey)[:-1]) > LARGEST_HOLE
