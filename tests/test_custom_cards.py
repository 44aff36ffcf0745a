"""A game of one's own: the standard 52-card deck of specs/examples/cards52,
built from its CSV at poker size (63 x 88 mm) with --duplex and --format
png, measured in the PDF and the images; and cards from a spec of a few
lines, built twice to the same bytes."""

from __future__ import annotations

import re
from pathlib import Path

import pypdfium2 as pdfium
import pytest
from click.testing import CliRunner
from PIL import Image
from pypdf import PdfReader
from pypdf.generic import ContentStream

from conftest import built_once
import pdf_text
from printkit import SPECS_DIR, kit
from printkit import spec as specs
from printkit.cli import main
from printkit.components import cards
from printkit.options import BuildOptions

DECK = SPECS_DIR / "examples" / "cards52" / "cards52.yaml"
MM = 72 / 25.4
RANKS = "Ace|2|3|4|5|6|7|8|9|10|Jack|Queen|King"
SUITS = "Spades|Hearts|Diamonds|Clubs"


@pytest.fixture(scope="module")
def deck(tmp_path_factory):
    def build(out):
        return kit.build(specs.load(str(DECK)), BuildOptions(duplex=True, formats=("pdf", "png")), out)
    return built_once(tmp_path_factory, "cards52-duplex-png", build)


def _rectangles(reader, page) -> list:
    """Every closed four-sided path a page strokes with the kit's cut line's
    width (0.4 pt), as (x, y, w, h) in mm: the content stream read with its
    transformations, so what is drawn where is measured, not assumed."""
    ops = ContentStream(page.get_contents(), reader).operations
    ctm, stack, width = (1, 0, 0, 1, 0, 0), [], 1.0
    path, start, current, out = [], None, None, []

    def apply(x, y):
        a, b, c, d, e, f = ctm
        return (a * x + c * y + e) / MM, (b * x + d * y + f) / MM

    for operands, op in ops:
        if op == b"q":
            stack.append((ctm, width))
        elif op == b"Q":
            ctm, width = stack.pop()
        elif op == b"cm":
            a, b, c, d, e, f = (float(v) for v in operands)
            A, B, C, D, E, F = ctm
            ctm = (a * A + b * C, a * B + b * D, c * A + d * C, c * B + d * D, e * A + f * C + E, e * B + f * D + F)
        elif op == b"w":
            width = float(operands[0])
        elif op == b"m":
            start = current = apply(*map(float, operands))
        elif op == b"l":
            point = apply(*map(float, operands))
            path.append((current, point))
            current = point
        elif op == b"h" and start is not None:
            path.append((current, start))
            current = start
        elif op in (b"S", b"s"):
            if abs(width - 0.4) < 1e-6 and len(path) == 4 and path[-1][1] == path[0][0]:
                xs, ys = [a[0] for a, _ in path], [a[1] for a, _ in path]
                out.append((min(xs), min(ys), max(xs) - min(xs), max(ys) - min(ys)))
            path = []
        elif op in (b"n", b"f", b"f*", b"B", b"b", b"F"):
            path = []
    return out


def test_the_deck_is_52_distinct_cards_of_63_by_88_mm_in_the_pdf(deck):
    reader = PdfReader(str(deck.kit_pdf))
    titles, outlines = [], []
    for page, text in zip(reader.pages, pdf_text.texts(deck.kit_pdf)):  # the deck's text read once a run
        if ": fronts" not in text:
            continue
        titles += re.findall(rf"\b(?:{RANKS}) of (?:{SUITS})\b", text)
        outlines += _rectangles(reader, page)
    assert len(titles) == 52 and len(set(titles)) == 52
    # 52 cut outlines, each 63 x 88 mm as printed.
    assert len(outlines) == 52
    assert {(round(w, 2), round(h, 2)) for _, _, w, h in outlines} == {(63.0, 88.0)}


def test_a_png_per_face_front_and_back_at_300_dpi_with_3_mm_bleed(deck):
    pngs = sorted(p.name for p in deck.folder.glob("*.png"))
    assert pngs == sorted(f"cards52-card-{n:02d}-{side}.png" for n in range(1, 53)
                          for side in ("1-front", "2-back"))
    with Image.open(deck.folder / "cards52-card-01-1-front.png") as image:
        width, height = image.size
    # (63 + 2 x 3) x (88 + 2 x 3) mm at 300 dpi
    assert abs(width - 69 / 25.4 * 300) <= 1 and abs(height - 94 / 25.4 * 300) <= 1


def _rgb(path, index, dpi=100):
    document = pdfium.PdfDocument(str(path))
    image = document[index].render(scale=dpi / 72).to_pil().convert("RGB")
    document.close()
    return image


def test_duplex_backs_land_behind_their_fronts(deck):
    """A long-edge flip puts a card's back at the mirror of its front: its
    navy ground (#1F3A68) is printed there, and only paper where no card is."""
    options = kit.resolve_options(specs.load(str(DECK)), BuildOptions(duplex=True, formats=("pdf",)))
    prepared = kit.prepare(specs.load(str(DECK)), options, Path("unused"))
    sheets = prepared.sheets
    front = next(s for s in sheets if s.sides == "front")
    index = sheets.index(front)
    back_page = _rgb(deck.kit_pdf, index + 1)
    dpi = 100
    paper = front.paper
    for placement in front.placements:
        x = paper.width - placement.x - placement.width  # mirrored about the page's middle
        # 1.2 mm inside the card's edge, half way up: the back's ground, under no picture
        for px in (x + 1.2, x + placement.width - 1.2):
            py = placement.y + placement.height / 2
            pixel = back_page.getpixel((round(px / 25.4 * dpi), round((paper.height - py) / 25.4 * dpi)))
            assert all(abs(a - b) <= 12 for a, b in zip(pixel, (0x1F, 0x3A, 0x68))), (placement.part.name, pixel)


def test_gutter_fold_without_duplex_puts_the_back_beside_the_front_with_a_fold():
    spec = specs.load(str(DECK))
    made = cards.parts(spec["components"][0], _context(spec, BuildOptions()))
    assert len(made) == 52
    for part in made:
        assert (part.width, part.height) == (126.0, 88.0)
        assert part.faces == (("card", "front", (0.0, 0.0, 63.0, 88.0)), ("card", "back", (63.0, 0.0, 63.0, 88.0)))
        folds = [i for i in part.items if getattr(i, "role", "") == "mountain"]
        assert [f.points for f in folds] == [((63.0, 0.0), (63.0, 88.0))]


def _context(spec, options):
    from printkit.components import Context, spec_folder

    return Context(spec, options, spec_folder(spec), 0)


@pytest.mark.parametrize("size,expected", sorted(cards.SIZES.items()))
def test_named_sizes_are_the_standard_ones(size, expected, tmp_path):
    (tmp_path / "g.yaml").write_text(f"game: custom\ntitle: T\ncomponents:\n  - type: cards\n    size: {size}\n"
                                     "    rows: [{t: One}]\n    face: {title: t}\n", encoding="utf-8")
    spec = specs.load(str(tmp_path / "g.yaml"))
    (part,) = cards.parts(spec["components"][0], _context(spec, BuildOptions()))
    assert (part.width, part.height) == expected
    assert {"poker": (63, 88), "bridge": (57, 89), "mini": (44, 63), "tarot": (70, 120),
            "square": (70, 70)}[size] == expected


def _small_deck(folder: Path) -> Path:
    """Three cards with a PNG, a JPEG and an SVG picture, a CSV table and rules."""
    image = Image.new("RGB", (40, 30), "#336699")
    image.save(folder / "a.png")
    image.save(folder / "b.jpg", quality=90)
    (folder / "c.svg").write_text('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10">'
                                  '<circle cx="5" cy="5" r="4" fill="#C00"/></svg>', encoding="utf-8")
    (folder / "cards.csv").write_text("name,art,words,count\nAlpha,a.png,Draw two cards.,2\n"
                                      "Beta,b.jpg,Skip a turn.,1\nGamma,c.svg,Swap hands.,1\n", encoding="utf-8")
    (folder / "rules.md").write_text("# Small\n\nPlay a card.\n\n![A card](part:Deck)\n\n![Art](a.png)\n",
                                     encoding="utf-8")
    spec = folder / "small.yaml"
    spec.write_text("game: custom\ntitle: Small\nrules: rules.md\ncomponents:\n  - type: cards\n    name: Deck\n"
                    "    size: mini\n    table: cards.csv\n    face: {title: name, image: art, text: words}\n"
                    "    back: {color: '#224466', image: c.svg}\n", encoding="utf-8")
    return spec


def test_a_deck_with_pictures_builds_to_the_same_bytes_twice(tmp_path):
    spec_path = _small_deck(tmp_path)
    runs = []
    for out in ("one", "two"):
        result = CliRunner().invoke(main, ["build", str(spec_path), "-o", str(tmp_path / out), "--duplex",
                                           "--format", "pdf,svg,png", "-q"])
        assert result.exit_code == 0, result.output
        runs.append({p.name: p.read_bytes() for p in sorted((tmp_path / out / "small").iterdir())})
    assert runs[0] == runs[1]
    names = set(runs[0])
    assert {"small-kit.pdf", "small-rules.pdf", "small-card-04-2-back.png"} <= names  # 2 + 1 + 1 cards
    assert "small-reference.pdf" not in names  # no rules engine, no reference of one
    # The rulebook draws the deck's card and the picture: both are in its PDF.
    rules = PdfReader(str(tmp_path / "one" / "small" / "small-rules.pdf"))
    assert "A card" in "".join(page.extract_text() for page in rules.pages)
    assert any("/XObject" in str(page.get("/Resources", {})) for page in rules.pages)


def test_a_press_kit_prints_its_pictures_in_cmyk(tmp_path):
    """--press: "colours are CMYK"; the pictures' too (an SVG's colours, a PNG's and a JPEG's pixels)."""
    spec_path = _small_deck(tmp_path)
    result = CliRunner().invoke(main, ["build", str(spec_path), "-o", str(tmp_path / "out"), "--press", "-q",
                                       "--format", "pdf"])
    assert result.exit_code == 0, result.output
    reader = PdfReader(str(tmp_path / "out" / "small" / "small-kit.pdf"))
    spaces = []
    for page in reader.pages:
        data = page.get_contents().get_data()
        assert not re.search(rb"\b(rg|RG)\b", data)  # no RGB fill or stroke anywhere
        objects = page["/Resources"].get("/XObject") or {}
        spaces += [str(o.get_object().get("/ColorSpace")) for o in objects.values()]
    assert spaces and set(spaces) == {"/DeviceCMYK"}


def test_a_face_field_naming_a_column_the_table_lacks_is_refused_at_its_line(tmp_path):
    (tmp_path / "g.yaml").write_text("game: custom\ntitle: T\ncomponents:\n  - type: cards\n"
                                     "    rows: [{name: One}, {name: Two, text: Hi}]\n"
                                     "    face:\n      title: nmae\n", encoding="utf-8")
    result = CliRunner().invoke(main, ["validate", str(tmp_path / "g.yaml")])
    assert result.exit_code == 2
    assert "g.yaml:7:" in result.output and "no column 'nmae'; its columns are name, text" in result.output


def test_words_that_cannot_fit_a_card_are_refused_at_their_csv_row(tmp_path):
    (tmp_path / "cards.csv").write_text("name,text\nShort,Fine.\nLong," + "many words " * 120 + "\n",
                                        encoding="utf-8")
    (tmp_path / "g.yaml").write_text("game: custom\ntitle: T\ncomponents:\n  - type: cards\n    size: mini\n"
                                     "    table: cards.csv\n    face: {title: name, text: text}\n", encoding="utf-8")
    result = CliRunner().invoke(main, ["validate", str(tmp_path / "g.yaml")])
    assert result.exit_code == 2
    assert "cards.csv:3: row at line 3: column 'text':" in result.output
    assert "does not fit the card's text box" in result.output and "at least 6 pt" in result.output


def test_validate_measures_every_part_on_both_papers(tmp_path):
    """A card 200 x 260 mm fits neither paper's printable area (Letter 199.9 x
    247.4 mm, A4 194.0 x 265.0 mm): an error for each, at size_mm's line."""
    (tmp_path / "g.yaml").write_text("game: custom\ntitle: T\ncomponents:\n  - type: cards\n"
                                     "    size_mm: [200, 260]\n    rows: [{t: One}]\n    face: {title: t}\n",
                                     encoding="utf-8")
    result = CliRunner().invoke(main, ["validate", str(tmp_path / "g.yaml")])
    assert result.exit_code == 2
    lines = [line for line in result.output.splitlines() if "does not fit" in line]
    assert len(lines) == 2 and all("g.yaml:5:" in line for line in lines)
    assert "on Letter paper" in lines[0] and "on A4 paper" in lines[1]


def test_a_sheet_of_red_cards_says_to_print_in_colour_and_one_of_black_cards_in_black(deck):
    """The deck's red suits print in red (their ink column and their SVG
    pictures): their sheets ask for colour; the sheet of spades alone asks
    for black ink only."""
    fronts = [text for text in pdf_text.texts(deck.kit_pdf) if ": fronts" in text]
    spades_only = [t for t in fronts if "Spades" in t and not re.search(r"Hearts|Diamonds|Clubs", t)]
    hearts_only = [t for t in fronts if "Hearts" in t and not re.search(r"Spades|Diamonds|Clubs", t)]
    assert spades_only and hearts_only
    assert all("black ink only" in t for t in spades_only)
    assert all("in colour" in t and "black ink only" not in t for t in hearts_only)


@pytest.mark.parametrize("mode", [["--print-and-cut"], ["--ink-saver"], ["--paper", "a4"], ["--press", "--duplex"],
                                  ["--format", "svg"]])
def test_every_output_mode_builds_a_deck_with_pictures(tmp_path, mode):
    spec_path = _small_deck(tmp_path)
    result = CliRunner().invoke(main, ["build", str(spec_path), "-o", str(tmp_path / "out"), "-q", *mode])
    assert result.exit_code == 0, result.output
    folder = tmp_path / "out" / "small"
    if "svg" in mode:
        cuts = sorted(folder.glob("small-sheet-*.svg"))
        assert cuts and "<image" not in cuts[0].read_text(encoding="utf-8")  # cut files carry no art
    else:
        assert len(PdfReader(str(folder / "small-kit.pdf")).pages) >= 2


def test_words_in_an_svg_picture_print_in_embedded_fonts(tmp_path):
    """An SVG's <text>, whatever family it names (or none), is set in an
    embedded font: every font of the built PDF carries its font file."""
    (tmp_path / "w.svg").write_text(
        '<svg xmlns="http://www.w3.org/2000/svg" width="40" height="20">'
        '<text x="2" y="8" font-family="Arial, sans-serif" font-size="6">Zebra</text>'
        '<text x="2" y="16" font-weight="bold" font-style="italic" font-size="6">Quokka</text></svg>',
        encoding="utf-8")
    (tmp_path / "g.yaml").write_text("game: custom\ntitle: Words\ncomponents:\n  - type: cards\n    size: poker\n"
                                     "    rows: [{t: One, p: w.svg}]\n    face: {title: t, image: p}\n",
                                     encoding="utf-8")
    result = kit.build(specs.load(str(tmp_path / "g.yaml")), BuildOptions(formats=("pdf",)), tmp_path / "out")
    reader = PdfReader(str(result.kit_pdf))
    names = set()
    for page in reader.pages:
        for ref in ((page.get("/Resources") or {}).get("/Font") or {}).values():
            font = ref.get_object()
            descendants = font.get("/DescendantFonts")
            target = descendants[0].get_object() if descendants else font
            descriptor = (target.get("/FontDescriptor") or {})
            descriptor = descriptor.get_object() if descriptor else {}
            assert any(k in descriptor for k in ("/FontFile", "/FontFile2", "/FontFile3")), font["/BaseFont"]
            names.add(str(font["/BaseFont"]).split("+")[-1])
    assert {"DejaVuSans", "DejaVuSans-BoldOblique"} <= names
    text = "".join(page.extract_text() for page in reader.pages)
    assert "Zebra" in text and "Quokka" in text
