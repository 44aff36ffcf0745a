"""PDF page boxes, as print shops read them: on every page of the kit and the
rulebook of every bundled game, MediaBox >= BleedBox >= TrimBox, each set on
the page itself; at home the trimmed page is the whole sheet of paper."""

import pytest
from pypdf import PdfReader

from printkit import spec

PAPER_PT = {"letter": (612.0, 792.0), "a4": (595.28, 841.89)}
EPS = 0.01  # points


def _box(page, name):
    """(x0, y0, x1, y1) of a box written in the page's own dictionary (pypdf's
    page.trimbox would fall back to the MediaBox when it is missing)."""
    assert name in page, f"no {name}"
    x0, y0, x1, y1 = (float(v) for v in page[name])
    return min(x0, x1), min(y0, y1), max(x0, x1), max(y0, y1)


def _inside(inner, outer) -> bool:
    return (inner[0] >= outer[0] - EPS and inner[1] >= outer[1] - EPS
            and inner[2] <= outer[2] + EPS and inner[3] <= outer[3] + EPS)


@pytest.fixture(scope="module")
def built(kit_of):
    """Each bundled game's PDFs on each paper, from its kit built once a run
    (tests/conftest.py; the SVGs beside them are not read here)."""

    def get(game, paper):
        return sorted(kit_of(game, paper=paper).folder.glob("*.pdf"))

    return get


@pytest.mark.parametrize("paper", sorted(PAPER_PT))
@pytest.mark.parametrize("game", spec.bundled_games())
def test_every_page_has_nested_trim_and_bleed_boxes(built, game, paper):
    paths = built(game, paper)
    assert [p.name for p in paths] == [f"{game}-kit.pdf", f"{game}-reference.pdf", f"{game}-rules.pdf"]
    width, height = PAPER_PT[paper]
    for path in paths:
        pages = PdfReader(path).pages
        assert len(pages) > 0
        for number, page in enumerate(pages, 1):
            where = f"{path.name} page {number}"
            media = _box(page, "/MediaBox")
            bleed = _box(page, "/BleedBox")
            trim = _box(page, "/TrimBox")
            assert _inside(bleed, media), (where, bleed, media)
            assert _inside(trim, bleed), (where, trim, bleed)
            # Home printing: the finished page is the sheet of paper, nothing bleeds.
            # A sheet may be turned on its side for a wide part (a hex board segment).
            upright, turned = (0.0, 0.0, width, height), (0.0, 0.0, height, width)
            paper_box = turned if media[2] > media[3] and height > width else upright
            for name, box in (("MediaBox", media), ("BleedBox", bleed), ("TrimBox", trim)):
                assert box == pytest.approx(paper_box, abs=EPS), (where, name, box)
            # PDF/X wants a TrimBox or an ArtBox, never both.
            assert "/ArtBox" not in page, where
            if "/CropBox" in page:
                assert _inside(bleed, _box(page, "/CropBox")), where


@pytest.mark.parametrize("game", spec.bundled_games())
def test_every_pdf_asks_viewers_to_print_at_actual_size(built, game):
    """A "fit to page" print would shrink every measured piece: each PDF sets
    PrintScaling None, so viewers default to 100%."""
    for path in built(game, "a4"):
        preferences = PdfReader(path).trailer["/Root"].get("/ViewerPreferences") or {}
        assert preferences.get("/PrintScaling") == "/None", path.name


def test_the_balance_report_asks_for_actual_size_too(tmp_path):
    from printkit.balance import run
    report = tmp_path / "report.pdf"
    run("tiles", agents=("random",), games=2, seed=0, jobs=1, report=str(report), echo=lambda *_: None)
    assert PdfReader(report).trailer["/Root"]["/ViewerPreferences"]["/PrintScaling"] == "/None"


@pytest.mark.parametrize("game", spec.bundled_games())
def test_the_metadata_are_the_games(built, game):
    """Title and Author are the game's own (a library shows them), the Subject
    says which file it is."""
    loaded = spec.load(game)
    subjects = []
    for path in built(game, "a4"):
        info = PdfReader(path).metadata
        assert info.title == loaded["title"], path.name
        assert (info.author or "") == (loaded.get("author") or ""), path.name
        subjects.append(info.subject.split(":")[0])
    assert subjects == ["print-and-play kit", "reference for programs", "rules"]
