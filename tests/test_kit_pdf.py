"""The McKinney kit PDF, measured: paper sizes, margins, scale, fonts, reproducibility."""

import re

import numpy as np
import pytest
from pypdf import PdfReader

from printkit import kit, sheets
from printkit.games.mckinney import parts as mckinney
from printkit.parts.core import Fill
import page_pixels
import pdf_text

PT_PER_MM = 72 / 25.4
PAPER_PT = {"letter": (612.0, 792.0), "a4": (595.28, 841.89)}


def render(path, index, dpi, crop_mm=None):
    """Page ``index`` as a greyscale array of floats; ``crop_mm`` = (x0, y0, x1, y1) in mm from the bottom-left.

    Returns the array and the mm position of its top-left pixel corner."""
    image, corner = page_pixels.grey(path, index, dpi, crop_mm)
    return np.asarray(image, dtype=float), corner


def line_centres(profile, threshold=150):
    """Sub-pixel centres (in pixels) of the dark runs along a 1-D darkness profile."""
    dark = profile < threshold
    centres = []
    i = 0
    while i < len(profile):
        if dark[i]:
            j = i
            while j < len(profile) and dark[j]:
                j += 1
            lo, hi = max(0, i - 2), min(len(profile), j + 2)
            weights = 255 - profile[lo:hi]
            centres.append(lo + (weights * np.arange(hi - lo)).sum() / weights.sum() + 0.5)
            i = j
        else:
            i += 1
    return centres


@pytest.mark.parametrize("paper", ["letter", "a4"])
def test_every_page_is_the_real_paper_size(mckinney_kit, paper):
    reader = PdfReader(mckinney_kit(paper=paper).kit_pdf)
    want_w, want_h = PAPER_PT[paper]
    assert len(reader.pages) == 6  # cover, 4 quadrants, the 4 colours' pieces on one shared sheet
    for page in reader.pages:
        box = page.mediabox
        assert float(box.left) == 0 and float(box.bottom) == 0
        assert float(box.width) == pytest.approx(want_w, abs=0.01)
        assert float(box.height) == pytest.approx(want_h, abs=0.01)


@pytest.mark.parametrize("paper,ink_saver", [("letter", False), ("a4", False), ("a4", True)])
def test_nothing_is_inked_within_a_quarter_inch_of_any_edge(mckinney_kit, paper, ink_saver):
    path = mckinney_kit(paper=paper, ink_saver=ink_saver).kit_pdf
    dpi = 100
    band = int(np.ceil(6.35 / 25.4 * dpi))
    for index in range(len(PdfReader(path).pages)):
        image, _ = render(path, index, dpi)
        edges = [image[:band], image[-band:], image[:, :band], image[:, -band:]]
        assert min(e.min() for e in edges) >= 250, f"ink near the edge of sheet {index + 1}"
        assert image.min() < 100  # the sheet is not blank


def test_every_sheet_is_titled_in_order_and_sheet_one_has_the_checklist(mckinney_kit, mckinney_spec):
    texts = pdf_text.texts(mckinney_kit().kit_pdf)  # read once a run, as test_every_kit.py reads it
    for n, text in enumerate(texts, 1):
        assert f"Sheet {n} of 6" in text
        assert "cut" in text
    # The cover keys every role of the kit; a type B quadrant has no fold or tab to key.
    assert all(words in texts[0] for words in ("valley fold", "mountain fold", "glue tab", "waste"))
    assert "mountain fold" in texts[1] and "glue tab" in texts[1]
    assert "fold" not in texts[2] and "glue tab" not in texts[2] and "waste" in texts[2]
    assert "print at 100% / actual size" in texts[0]  # the cover's scale check
    assert "Quadrant A, top-left" in texts[1] and "Quadrant B, top-right" in texts[2]
    # the colours' pieces share the sheets after the board, named in seat order
    names = ", ".join(c["name"] for c in mckinney_spec["colors"][:-1]) + " and " + mckinney_spec["colors"][-1]["name"]
    assert all(f"Pieces of {names}" in text for text in texts[5:])
    units = mckinney_spec["pieces"]["units"]
    cover = re.sub(r"\s+", " ", texts[0])
    for color in (c["name"] for c in mckinney_spec["colors"]):
        assert f"1 Builder ({color})" in cover
        assert f"{mckinney_spec['pieces']['slider_markers']} Slider Markers ({color})" in cover
        for kind, count in units.items():
            assert f"{count} {kind.capitalize()} Units ({color})" in cover


def test_two_colours_print_two_pieces_sheets_and_two_start_squares(mckinney_kit, mckinney_spec):
    result = mckinney_kit(colors=2)
    texts = pdf_text.texts(result.kit_pdf)
    assert result.sheets == len(texts) == 6  # both colours' pieces share one sheet
    seats = mckinney_spec["board"]["seating"]["2"]
    names = [mckinney_spec["colors"][s]["name"] for s in seats]
    titles = [t.split("\n")[0] for t in texts]
    assert [t for t in titles if "Pieces of" in t] == [t for t in titles if all(n in t for n in names)
                                                         and "Pieces of" in t] != []
    assert sum("start square unused" in t for t in texts) == 2


def test_a_sheet_per_colour_on_request(mckinney_kit, mckinney_spec):
    """--sheet-per-colour: each colour's pieces alone on their sheet, for
    printing each on card of its colour (three more sheets than shared)."""
    shared = mckinney_kit()
    alone = mckinney_kit(sheet_per_colour=True)
    assert alone.sheets == shared.sheets + 3 == 9
    texts = pdf_text.texts(alone.kit_pdf)
    for color in (c["name"] for c in mckinney_spec["colors"]):
        (mine,) = [t for t in texts if t.startswith("Sheet") and f"{color} pieces" in t.split("\n")[0]]
        others = {c["name"] for c in mckinney_spec["colors"]} - {color}
        assert not any(f"({other})" in mine for other in others)


def test_every_font_is_embedded_truetype(mckinney_kit):
    for path in (mckinney_kit().kit_pdf, mckinney_kit(paper="a4", ink_saver=True).kit_pdf):
        reader = PdfReader(path)
        seen = 0
        for page in reader.pages:
            for ref in page["/Resources"]["/Font"].values():
                font = ref.get_object()
                if font["/Subtype"] == "/Type0":
                    font = font["/DescendantFonts"][0].get_object()
                assert "/FontFile2" in font["/FontDescriptor"], font.get("/BaseFont")
                seen += 1
        assert seen >= len(reader.pages)


def _layout(spec, paper):
    options = kit.resolve_options(spec, kit.BuildOptions(paper=paper))
    return sheets.impose(spec, mckinney.parts(spec, options), options, mckinney)


@pytest.mark.parametrize("paper", ["letter", "a4"])
def test_a_board_square_measures_its_spec_size_on_paper(mckinney_kit, mckinney_spec, paper):
    """Render the first quadrant at 600 dpi and measure the grid lines' spacing."""
    size = mckinney_spec["board"]["square_mm"]
    laid = _layout(mckinney_spec, paper)
    placement = laid[1].placements[0]
    quadrant = mckinney.board_layout(mckinney_spec)[0]
    ox, oy = quadrant.board_offset
    dpi = 600
    # a row and a column without +/- spaces, so only grid lines cross the strip
    plain = 3
    spaces = {tuple(s["at"]) for s in mckinney_spec["board"]["plus_minus_spaces"]}
    assert all(j != plain for _, j in spaces) and all(i != plain for i, _ in spaces)
    x0, y0, x1, y1 = quadrant.square_rect(plain, plain)
    mid_x, mid_y = placement.x + (x0 + x1) / 2 - ox, placement.y + (y0 + y1) / 2 - oy
    page_w, page_h = sheets.PAPERS[paper].width, sheets.PAPERS[paper].height
    path = mckinney_kit(paper=paper).kit_pdf
    for horizontal in (True, False):
        box = (0, mid_y - 0.4, page_w, mid_y + 0.4) if horizontal else (mid_x - 0.4, 0, mid_x + 0.4, page_h)
        image, _ = render(path, 1, dpi, box)
        profile = image[image.shape[0] // 2] if horizontal else image[:, image.shape[1] // 2]
        centres = [c * 25.4 / dpi for c in line_centres(profile)]
        gaps = np.diff(centres)
        run = best = 0
        for gap in gaps:
            run = run + 1 if abs(gap - size) <= 0.1 else 0
            best = max(best, run)
        # the grid's outer edge and its six inner lines: six squares in a row, each 22 mm
        assert best >= quadrant.geometry.size - 1, (horizontal, [round(g, 3) for g in gaps])


def test_the_scale_check_square_measures_one_inch(mckinney_kit, mckinney_spec):
    """Find the square where the cover says it is, then measure its grey on paper."""
    cover = _layout(mckinney_spec, "letter")[0]
    (square,) = [i for i in cover.furniture if isinstance(i, Fill) and i.color == "#BFBFBF"]
    xs = [x for x, _ in square.points]
    ys = [y for _, y in square.points]
    dpi = 600
    fine, _ = render(mckinney_kit().kit_pdf, 0, dpi, (min(xs) - 3, min(ys) - 3, max(xs) + 3, max(ys) + 3))
    # Coverage of each pixel by the grey square (text inside counts as covered).
    coverage = np.clip((255 - fine) / (255 - 0xBF), 0, 1)
    quarter_row = coverage[int(coverage.shape[0] * 0.8)]
    quarter_col = coverage[:, int(coverage.shape[1] * 0.2)]
    assert quarter_row.sum() * 25.4 / dpi == pytest.approx(25.4, abs=0.1)
    assert quarter_col.sum() * 25.4 / dpi == pytest.approx(25.4, abs=0.1)
    assert coverage[0].max() == 0 and coverage[-1].max() == 0  # nothing else in the crop's edges


def test_ink_saver_leaves_out_large_fills(mckinney_kit):
    colour = mckinney_kit(paper="a4").kit_pdf
    saver = mckinney_kit(paper="a4", ink_saver=True).kit_pdf
    # a quadrant (grey waste and tints) and a pieces sheet (mostly colour)
    for index, most in ((1, 0.75), (5, 0.6)):
        ink_colour = (255 - render(colour, index, 50)[0]).sum()
        ink_saver = (255 - render(saver, index, 50)[0]).sum()
        assert ink_saver < most * ink_colour, (index, ink_saver / ink_colour)


def test_two_builds_are_byte_identical(mckinney_spec, tmp_path):
    options = kit.BuildOptions(colors=3, paper="a4")
    first = kit.build(mckinney_spec, options, tmp_path / "one")
    second = kit.build(mckinney_spec, options, tmp_path / "two")
    names = sorted(p.name for p in first.folder.iterdir())
    assert names == sorted(p.name for p in second.folder.iterdir())
    assert f"{mckinney_spec.id}-rules.pdf" in names and f"{mckinney_spec.id}-kit.pdf" in names
    for name in names:
        assert (first.folder / name).read_bytes() == (second.folder / name).read_bytes(), name
