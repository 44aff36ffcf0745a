"""Print shops (--press) and print-then-cut machines (--print-and-cut), for
every game: page boxes, crop marks, CMYK only, no transparency, embedded
fonts; registration marks where Silhouette Studio looks for them, and cut
files that cut where the printer printed (measured on the rendered page)."""

from __future__ import annotations

import math
from dataclasses import replace
import re
import xml.etree.ElementTree as ET

import numpy as np
import pypdfium2 as pdfium
import pytest
from click.testing import CliRunner
from pypdf import PdfReader
from shapely.geometry import Polygon

from printkit import cli, kit, sheets
from printkit import spec as specs
from printkit.options import BuildOptions
from printkit.parts.core import Circle, Fill
from printkit.writers import pdf as pdf_writer
import page_pixels


render = page_pixels.grey  # grey bytes: at 600 dpi, floats would take a quarter of a gigabyte

PT_PER_MM = 72 / 25.4
SVG = "{http://www.w3.org/2000/svg}"
GAMES = specs.bundled_games()


LAID: dict = {}  # id of a BuildResult of ``built`` -> the layouts its build made


def laid_by(result, game: str, **options):
    """The sheets the build of ``result`` laid out with these options: the
    layout its files were written from."""
    resolved = kit.resolve_options(specs.load(game), BuildOptions(**options))
    (imposed,) = [laid for used, laid in LAID[id(result)] if replace(used, formats=resolved.formats) == resolved]
    return imposed


@pytest.fixture(scope="module")
def built(tmp_path_factory):
    cache = {}

    def get(game, **options):
        key = (game, tuple(sorted(options.items())))
        if key not in cache:
            out = tmp_path_factory.mktemp(game)
            laid = []  # (options, sheets) of each layout the build makes, read by the tests
            real = sheets.impose

            def recording(spec, parts, chosen, module=None):
                imposed = real(spec, parts, chosen, module)
                laid.append((chosen, imposed))
                return imposed

            with pytest.MonkeyPatch.context() as patch:
                patch.setattr(sheets, "impose", recording)
                cache[key] = kit.build(specs.load(game), BuildOptions(**options), out)
            LAID[id(cache[key])] = laid
        return cache[key]

    return get


# --- print shops ------------------------------------------------------------------

@pytest.mark.parametrize("game", GAMES)
def test_press_pages_nest_media_bleed_and_trim_boxes(built, game):
    result = built(game, press=True)
    bleed = sheets.PRESS_BLEED
    paper = sheets.PAPERS["letter"]
    for page in PdfReader(result.kit_pdf).pages:
        media, bleed_box, trim = (tuple(float(v) / PT_PER_MM for v in box)
                                  for box in (page.mediabox, page.bleedbox, page.trimbox))
        # Nested, MediaBox >= BleedBox >= TrimBox.
        assert media[0] <= bleed_box[0] <= trim[0] and media[1] <= bleed_box[1] <= trim[1]
        assert trim[2] <= bleed_box[2] <= media[2] and trim[3] <= bleed_box[3] <= media[3]
        # The trim is the sheet of paper, the bleed 3 mm around it.
        assert sorted((trim[2] - trim[0], trim[3] - trim[1])) == pytest.approx(
            sorted((paper.width, paper.height)), abs=0.01)
        for k in range(2):
            assert trim[k] - bleed_box[k] == pytest.approx(bleed, abs=0.01)
            assert bleed_box[k + 2] - trim[k + 2] == pytest.approx(bleed, abs=0.01)


def test_crop_marks_sit_outside_the_bleed_and_continue_the_trim_edges(built):
    result = built("mckinney", press=True)
    page = PdfReader(result.kit_pdf).pages[5]
    trim = [float(v) / PT_PER_MM for v in page.trimbox]
    bleed = [float(v) / PT_PER_MM for v in page.bleedbox]
    dpi = 200
    image, _ = render(result.kit_pdf, 5, dpi)
    height = image.shape[0]

    def px(x, y):  # mm from the bottom-left -> (row, column)
        return int(round(height - y / 25.4 * dpi)), int(round(x / 25.4 * dpi))

    # Outside the bleed box, ink only on the lines that continue the trim's edges.
    rows, cols = np.nonzero(image < 160)
    xs, ys = cols * 25.4 / dpi, (height - rows) * 25.4 / dpi
    outside = (xs < bleed[0] - 0.3) | (xs > bleed[2] + 0.3) | (ys < bleed[1] - 0.3) | (ys > bleed[3] + 0.3)
    assert outside.sum() > 50, "no crop marks"
    on_edge = np.zeros_like(outside)
    for edge in (trim[0], trim[2]):
        on_edge |= np.abs(xs - edge) < 0.3
    for edge in (trim[1], trim[3]):
        on_edge |= np.abs(ys - edge) < 0.3
    assert np.all(on_edge[outside]), "ink outside the bleed that is not a crop mark"
    # ...and every crop mark is at least 1 mm clear of the bleed line (never touching art).
    gap = np.minimum.reduce([np.abs(xs - bleed[0]), np.abs(xs - bleed[2]), np.abs(ys - bleed[1]),
                             np.abs(ys - bleed[3])])
    assert gap[outside].min() >= pdf_writer.CROP_GAP - 0.2
    r, c = px(trim[0] - sheets.PRESS_BLEED - 3.5, trim[1])
    assert image[r - 1:r + 2, c].min() < 160  # the bottom-left mark along the bottom edge


OPERATOR = re.compile(rb"(?<![A-Za-z])(rg|RG|k|K|g|G|sc|SC|scn|SCN|cs|CS)(?![A-Za-z])")


def _page_operators(page) -> set:
    data = page.get_contents().get_data()
    data = re.sub(rb"\((?:\\.|[^\\)])*\)", b"()", data)  # drop strings: their words are not operators
    return {m.group(1) for m in OPERATOR.finditer(data)}


@pytest.mark.parametrize("game", GAMES)
def test_press_colours_are_cmyk_only_without_transparency_and_fonts_embedded(built, game):
    """The kit, the rulebook and the reference alike: a shop prints them all."""
    pdfs = [p for p in built(game, press=True).files if p.suffix == ".pdf"]
    assert len(pdfs) == 3
    for page in (page for path in pdfs for page in PdfReader(path).pages):
        ops = _page_operators(page)
        assert not ops & {b"rg", b"RG", b"g", b"G", b"sc", b"SC", b"scn", b"SCN", b"cs", b"CS"}, ops
        assert b"k" in ops or b"K" in ops
        resources = page["/Resources"]
        for state in (resources.get("/ExtGState") or {}).values():
            state = state.get_object()
            assert float(state.get("/CA", 1)) == 1 and float(state.get("/ca", 1)) == 1
            assert "/SMask" not in state or state["/SMask"] == "/None"
        for xobject in (resources.get("/XObject") or {}).values():
            assert "/SMask" not in xobject.get_object()
        for font in (resources.get("/Font") or {}).values():
            font = font.get_object()
            descendants = font.get("/DescendantFonts")
            target = descendants[0].get_object() if descendants else font
            descriptor = target["/FontDescriptor"].get_object()
            assert "/FontFile2" in descriptor or "/FontFile" in descriptor, font["/BaseFont"]


def test_rich_black_only_for_large_black_fields_and_cmyk_from_the_spec(built, tmp_path):
    # Tiles: the black halves are large fields (rich black); text is black ink alone.
    ops = PdfReader(built("tiles", press=True).kit_pdf).pages[1].get_contents().get_data()
    assert b".4 .3 .3 1 k" in ops
    assert b"0 0 0 1 k" in ops
    # A colour's cmyk in the spec is used as given.
    text = specs.load("mckinney").path.read_text().replace(
        '{name: Blue, hex: "#0072B2", mark: bar}', '{name: Blue, hex: "#0072B2", mark: bar, cmyk: [100, 45, 0, 10]}')
    assert "cmyk" in text
    path = tmp_path / "blue.yaml"
    path.write_text(text)
    result = kit.build(specs.load(str(path)), BuildOptions(press=True), tmp_path / "out")
    data = b"".join(p.get_contents().get_data() for p in PdfReader(result.kit_pdf).pages)
    assert b"1 .45 0 .1 k" in data


def test_near_black_fields_print_rich_as_black_does_and_so_does_their_bleed(built, layout_of, tmp_path):
    """Phoenix's black die is #1A1A1A: by the simple conversion 89.8% black
    ink alone, a grey beside pure black's rich fields. Its faces and the
    colour past its cut lines print rich (black over 40/30/30), measured on the
    rendered page; its pips on the white die, small marks, stay black ink alone."""
    spec = specs.load("phoenix")
    black, pips = spec["dice"]["x"]["hex"], spec["dice"]["y"]["pips_hex"]
    c, m, y, k = pdf_writer.to_cmyk(black)
    assert (c, m, y) == (0, 0, 0) and pdf_writer.NEAR_BLACK_K <= k < 1
    rich = pdf_writer.rich_cmyk(black)
    assert rich == (0.4, 0.3, 0.3, k)

    def rgb(cmyk):
        """How the renderer shows an ink: a swatch of it, rendered."""
        from reportlab.lib.colors import CMYKColor
        from reportlab.pdfgen.canvas import Canvas

        path = tmp_path / "swatch.pdf"
        canvas = Canvas(str(path), pagesize=(20, 20))
        canvas.setFillColor(CMYKColor(*cmyk))
        canvas.rect(0, 0, 20, 20, stroke=0, fill=1)
        canvas.save()
        swatch = pdfium.PdfDocument(str(path))
        value = np.array(swatch[0].render(scale=1).to_pil().convert("RGB"), dtype=float)[10, 10]
        swatch.close()
        return value

    assert np.abs(rgb(rich) - rgb((0, 0, 0, k))).max() > 20  # rich and black ink alone look apart

    options, laid = layout_of("phoenix", press=True)
    sheet = next(s for s in laid if any(p.part.kind == "die" for p in s.placements))
    slug = pdf_writer.Press(sheets.bleed_width(options)).slug
    result = built("phoenix", press=True)
    dpi = 150
    pdf = pdfium.PdfDocument(str(result.kit_pdf))
    page = pdf[sheet.number - 1]
    image = np.array(page.render(scale=dpi / 72).to_pil().convert("RGB"), dtype=float)
    height = page.get_size()[1] / PT_PER_MM
    pdf.close()

    def at(x, y):
        return image[int(round((height - y - slug) / 25.4 * dpi)), int(round((x + slug) / 25.4 * dpi))]

    x_die = next(p for p in sheet.placements if p.part.kind == "die" and p.part.meta["axis"] == "x")
    faces = [i for i in x_die.items() if isinstance(i, Fill) and i.color == black]
    assert len(faces) == 6
    for face in faces:
        x0, y0 = min(px for px, _ in face.points), min(py for _, py in face.points)
        assert np.abs(at(x0 + 1.0, y0 + 1.0) - rgb(rich)).max() < 6, "a face is not rich black"
    bleed = [f for f in sheet.bleed if f.color == black]
    assert bleed and all(f.rich for f in bleed)
    for f in bleed:
        inside = Polygon(f.points).buffer(-0.4)
        if not inside.is_empty:
            point = inside.representative_point()
            assert np.abs(at(point.x, point.y) - rgb(rich)).max() < 6, "the die's bleed is not rich black"
    y_die = next(p for p in sheet.placements if p.part.kind == "die" and p.part.meta["axis"] == "y")
    pip = next(i for i in y_die.items() if isinstance(i, Circle) and i.fill == pips)
    assert np.abs(at(*pip.center) - rgb(pdf_writer.to_cmyk(pips))).max() < 6, "a pip printed rich"


def test_cmyk_conversion_prints_greys_with_black_ink_alone():
    assert pdf_writer.to_cmyk("#000000") == (0.0, 0.0, 0.0, 1.0)
    assert pdf_writer.to_cmyk("#808080") == pytest.approx((0, 0, 0, 1 - 128 / 255), abs=1e-4)
    assert pdf_writer.to_cmyk("#FFFFFF") == (0.0, 0.0, 0.0, 0.0)
    c, m, y, k = pdf_writer.to_cmyk("#D55E00")  # vermilion: magenta and yellow, no cyan
    assert c == 0 and m > 0.5 and y == 1.0 and k == pytest.approx(1 - 0xD5 / 255, abs=1e-4)


# --- print-then-cut ----------------------------------------------------------------

def _mark_sheets(result):
    reader = PdfReader(result.kit_pdf)
    numbers = sorted(int(p.stem.rsplit("-", 1)[1]) for p in result.files if p.suffix == ".svg")
    return reader, numbers


def _marked_sheets(result, game) -> list[int]:
    """The numbers of the sheets the kit imposes on paper with the marks' margins."""
    imposed = laid_by(result, game, print_and_cut=True)
    return [s.number for s in imposed if s.paper.margin == sheets.PRINT_AND_CUT_MARGIN and s.placements
            and any(getattr(i, "role", "") == "cut" for i in s.part_items())]


def _dark_box(image, dpi, x0, y0, x1, y1, height_mm):
    """(left, top, right, bottom) in mm from the top-left of the dark pixels in a region
    given in mm from the page's top-left."""
    s = dpi / 25.4
    region = image[int(y0 * s):int(y1 * s), int(x0 * s):int(x1 * s)]
    rows, cols = np.nonzero(region < 128)
    assert len(rows), "no mark"
    return (x0 + cols.min() / s, y0 + rows.min() / s, x0 + (cols.max() + 1) / s, y0 + (rows.max() + 1) / s)


@pytest.mark.parametrize("game", GAMES)
def test_registration_marks_stand_where_silhouette_studio_looks(built, game):
    result = built(game, print_and_cut=True)
    reader = PdfReader(result.kit_pdf)
    dpi = 600
    marked = 0
    for number in _marked_sheets(result, game):
        page = reader.pages[number - 1]
        w, h = float(page.mediabox.width) / PT_PER_MM, float(page.mediabox.height) / PT_PER_MM
        inset, square, arm = sheets.REG_INSET, sheets.REG_SQUARE, sheets.REG_ARM
        # The marks lie along the top edge and in the bottom-left corner: only
        # those strips are rendered, on the whole page's grid of pixels.
        top = max(2 + inset + square + 3, inset + arm + 3, inset + square + sheets.REG_CLEAR) + 2
        image, _ = render(result.kit_pdf, number - 1, dpi, (0, h - top, w, h))
        s = dpi / 25.4
        below = math.floor((h - inset - arm - 5) * s) / s  # mm from the top to the corner strip, whole pixels
        corner_strip, _ = render(result.kit_pdf, number - 1, dpi, (0, 0, inset + arm + 5, h - below))
        corner = _dark_box(image, dpi, 2, 2, 2 + inset + square + 3, 2 + inset + square + 3, h)
        assert corner == pytest.approx((inset, inset, inset + square, inset + square), abs=0.1)
        right = _dark_box(image, dpi, w - inset - arm - 3, 2, w - 2, inset + arm + 3, h)
        assert right == pytest.approx((w - inset - arm, inset, w - inset, inset + arm), abs=0.1)
        x0, y0, x1, y1 = _dark_box(corner_strip, dpi, 2, h - inset - arm - 3 - below, inset + arm + 3, h - 2 - below, h)
        left = (x0, y0 + below, x1, y1 + below)
        assert left == pytest.approx((inset, h - inset - arm, inset + arm, h - inset), abs=0.1)
        # The marks' rows and columns carry no other ink (Studio would misread it).
        band = image[int(2 * s):int((inset + square + sheets.REG_CLEAR - 0.5) * s),
                     int((inset + square + 1) * s):int((w - inset - arm - 1) * s)]
        assert band.min() > 200, f"{game} sheet {number}: ink beside the marks"
        marked += 1
    assert marked, f"{game}: no sheet carries registration marks"


def _svg_segments(path, height):
    root = ET.parse(path).getroot()
    layer = next(g for g in root.findall(f"{SVG}g") if g.get("id") == "cut")
    for element in layer.iter(f"{SVG}path"):
        numbers = [tuple(map(float, p.split(","))) for p in re.findall(r"-?[\d.]+,-?[\d.]+", element.get("d"))]
        if element.get("d").strip().endswith("Z"):
            numbers.append(numbers[0])
        yield from zip(numbers, numbers[1:])


@pytest.mark.parametrize("game", GAMES)
def test_cut_files_cut_where_the_printer_printed(built, game):
    """Each SVG cut path laid over its rendered PDF sheet: where the printed
    cut line stands alone on light paper, its centre is within 0.1 mm of the path."""
    result = built(game, print_and_cut=True)
    reader, numbers = _mark_sheets(result)
    dpi = 600
    s = dpi / 25.4
    offsets = []
    for number in numbers:
        image, _ = render(result.kit_pdf, number - 1, dpi)
        svg_path = result.folder / f"{result.folder.name}-sheet-{number:02d}.svg"
        root = ET.parse(svg_path).getroot()
        assert root.get("viewBox").split()[2:] == [f"{float(reader.pages[number - 1].mediabox.width) / PT_PER_MM:g}",
                                                   f"{float(reader.pages[number - 1].mediabox.height) / PT_PER_MM:g}"]
        for (ax, ay), (bx, by) in _svg_segments(svg_path, image.shape[0] / s):
            length = float(np.hypot(bx - ax, by - ay))
            horizontal, vertical = abs(ay - by) < 1e-6, abs(ax - bx) < 1e-6
            if length < 4 or not (horizontal or vertical):
                continue
            for t in np.arange(2.0, length - 2.0, 3.0):
                x, y = ax + (bx - ax) * t / length, ay + (by - ay) * t / length
                r, c = y * s, x * s
                if horizontal:
                    profile = image[int(r) - 12:int(r) + 13, int(round(c))].astype(float)
                    origin = int(r) - 12
                    at = r
                else:
                    profile = image[int(round(r)), int(c) - 12:int(c) + 13].astype(float)
                    origin = int(c) - 12
                    at = c
                if len(profile) < 25 or profile[:4].min() < 230 or profile[-4:].min() < 230:
                    continue  # not a lone line on light paper (art, bleed or a neighbour beside it)
                ink = 255 - profile
                dark = np.nonzero(profile < 200)[0]
                if not len(dark) or dark.max() - dark.min() > 8:
                    continue
                centre = origin + (ink * np.arange(len(profile))).sum() / ink.sum() + 0.5
                offsets.append(abs(centre - at) / s)
    assert len(offsets) > 40, f"{game}: too few lone cut lines measured ({len(offsets)})"
    assert max(offsets) < 0.1, f"{game}: cut and print differ by up to {max(offsets):.3f} mm"


def test_kerf_moves_closed_outlines_out_by_half(built):
    plain = built("phoenix", print_and_cut=True)
    kerfed = built("phoenix", print_and_cut=True, kerf=0.2)

    def boxes(result):
        out = []
        # Not the Birds' sheet: Birds in a row share their sides, so their cuts keep their place.
        for path in sorted(p for p in result.files if p.suffix == ".svg" and not p.name.endswith("-03.svg")):
            root = ET.parse(path).getroot()
            layer = next(g for g in root.findall(f"{SVG}g") if g.get("id") == "cut")
            for element in layer.iter(f"{SVG}path"):
                if element.get("d").strip().endswith("Z"):
                    pts = [tuple(map(float, p.split(","))) for p in re.findall(r"-?[\d.]+,-?[\d.]+", element.get("d"))]
                    xs, ys = zip(*pts)
                    out.append((min(xs), min(ys), max(xs), max(ys)))
        return sorted(out)

    before, after = boxes(plain), boxes(kerfed)
    assert len(before) == len(after) > 5  # every closed outline (Birds in a row share sides: open)
    for (a, b, c, d), (e, f, g, h) in zip(before, after):
        assert (a - e, b - f, g - c, h - d) == pytest.approx((0.1, 0.1, 0.1, 0.1), abs=0.002)


@pytest.mark.parametrize("args, words", [
    (["--bleed", "9"], "--bleed 9: choose 0 to 5 mm"),
    (["--kerf", "-1"], "--kerf -1: choose 0 to 1 mm"),
    (["--kerf", "0.2", "--format", "pdf"], "--kerf 0.2: moves the SVG cut files' outlines; add svg to --format"),
    (["--back-offset", "0.5,-1"], "--back-offset 0.5,-1: moves the backs of a two-sided kit; add --duplex"),
])
def test_press_options_out_of_range_or_changing_nothing_exit_2_with_one_line(tmp_path, args, words):
    result = CliRunner().invoke(cli.main, ["build", "tiles", "-o", str(tmp_path), *args])
    assert result.exit_code == 2
    assert words in result.output
    assert "Traceback" not in result.output
    assert not any(tmp_path.iterdir())


# --- one image per card and tile --------------------------------------------------

def test_every_tile_and_card_as_a_300_dpi_image_with_bleed(built):
    from PIL import Image

    spec = specs.load("tiles")
    result = built("tiles", formats=("png",))
    tiles = sorted(p for p in result.files if p.name.startswith("tiles-tile-"))
    cards = sorted(p for p in result.files if p.name.startswith("tiles-reference-card-"))
    assert len(tiles) == spec["tiles"]["count"] and len(cards) == spec["reference_cards"]
    assert not any(p.suffix == ".pdf" for p in result.files)
    size = spec["tiles"]["size_mm"]
    bleed = sheets.PRESS_BLEED
    for path in tiles:
        image = Image.open(path)
        assert image.info["dpi"] == pytest.approx((300, 300), abs=0.01)
        side = (size + 2 * bleed) / 25.4 * 300
        assert abs(image.width - side) <= 1 and abs(image.height - side) <= 1
        grey = np.array(image.convert("L"), dtype=float)
        px = 300 / 25.4
        # Each tile is half black, half white, cut on a diagonal: the black
        # half runs along two sides, and its colour runs on past them.
        def at(a, b):  # fractions of the tile from its top-left corner
            return grey[int(round((bleed + a * size) * px)), int(round((bleed + b * size) * px))]

        past = 1.5 / size
        inside = [at(0.5, 0.05), at(0.5, 0.95), at(0.05, 0.5), at(0.95, 0.5)]
        outside = [at(0.5, -past), at(0.5, 1 + past), at(-past, 0.5), at(1 + past, 0.5)]
        assert sum(v < 60 for v in inside) == 2, path.name
        assert [v < 60 for v in outside] == [v < 60 for v in inside], path.name


def test_card_images_pair_each_front_with_its_back(built):
    result = built("playground", formats=("png",))
    names = sorted(p.name for p in result.files if p.suffix == ".png")
    assert names and len(names) % 2 == 0
    for front, back in zip(names[::2], names[1::2]):
        assert front.endswith("-1-front.png") and back.endswith("-2-back.png")
        assert front[:-len("-1-front.png")] == back[:-len("-2-back.png")]


def test_images_are_the_same_bytes_every_build(built, tmp_path):
    first = built("playground", formats=("png",))  # the images the test above reads
    second = kit.build(specs.load("playground"), BuildOptions(formats=("png",)), tmp_path / "b")
    assert [p.name for p in first.files] == [p.name for p in second.files]
    assert [p.read_bytes() for p in first.files] == [p.read_bytes() for p in second.files]


def test_only_sheets_with_pieces_to_cut_carry_registration_marks(layout_of):
    _, imposed = layout_of("phoenix", print_and_cut=True)
    for sheet in imposed:
        marks = {(f.points, f.color) for f in sheets.registration_marks(sheet.paper)}
        marked = marks <= {(getattr(i, "points", None), getattr(i, "color", None)) for i in sheet.furniture}
        cuts = any(getattr(i, "role", "") == "cut" for i in sheet.part_items())
        margins = sheet.paper.margin == sheets.PRINT_AND_CUT_MARGIN
        assert marked == (cuts and margins), sheet.title
    assert [p.part.kind for p in imposed[0].placements] == ["label"]  # the cover: the box label, no marks


@pytest.mark.parametrize("paper,press,count", [("letter", True, 6), ("a4", True, 6),
                                                ("letter", False, 6), ("a4", False, 6)])
def test_mckinney_four_colours_print_on_six_sheets_with_no_sheet_of_markers_alone(layout_of, paper, press, count):
    """A print shop's wider gaps (room for 3 mm of bleed on both sides) left
    Letter's pieces sheet 2.6 mm short of the Slider Markers' row, which then
    made a seventh sheet of its own: they ride under the last quadrant instead,
    with the same gaps, where that quadrant leaves room."""
    options, imposed = layout_of("mckinney", colors=4, paper=paper, press=press)
    assert len(imposed) == count
    markers = [p for s in imposed for p in s.placements if p.part.kind == "slider-marker"]
    assert len(markers) == 8
    for sheet in imposed[1:]:
        kinds = {p.part.kind for p in sheet.placements}
        assert kinds and kinds != {"slider-marker"}, sheet.title
        if "slider-marker" in kinds and "quadrant" in kinds:
            assert "Slider Markers" in sheet.title
            quadrant = next(p for p in sheet.placements if p.part.kind == "quadrant")
            gap = sheets.part_gap(options)
            for marker in (p for p in sheet.placements if p.part.kind == "slider-marker"):
                assert marker.y + marker.height <= quadrant.y - gap + 1e-6
