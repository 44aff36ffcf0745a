"""Every text a spec sets prints inside its box at a legible size, or the spec
is refused at the line of that text: titles, credits, descriptions and
colour names as strangers write them (the schema's longest, wide letters,
no spaces, letters beyond ASCII), checked on the laid-out sheets and in the
kit PDF."""

from __future__ import annotations

import json
import math
import re
from dataclasses import replace

import pypdfium2 as pdfium
from click.testing import CliRunner
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from pytest import MonkeyPatch
from conftest import budget

from printkit import games, kit, sheets
from printkit import spec as specs
from printkit.cli import main
from printkit.errors import SpecError
from printkit.parts.core import MIN_TEXT_PT, PT, Fill, Text, item_box
from printkit.parts.identity import BAND

# Wide letters (and a space now and then), or narrower ones with no space:
# all of them letters the fonts draw.
ALPHABETS = ("WMŴЖШЮÆŒΩWM ", "xéиßñøWgq")
# Five texts a test in ci (each a whole kit), 320 in the long hunt.
SETTINGS = settings(max_examples=budget(5, hunt=320), deadline=None,
                    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
SHEET_PT = 6.0  # the smallest a spec's words print on a sheet or a box label (5 on a piece)
SLACK = 0.05  # mm: rounding in the measures


def words(most: int, least: int = 1):
    """Texts up to ``most`` characters, as many of them long as short."""
    def of_length(n):
        return st.sampled_from(ALPHABETS).flatmap(lambda letters: st.text(letters, min_size=n, max_size=n))
    return st.integers(least, most).flatmap(of_length).filter(lambda t: t.strip())


def with_values(game: str, values: dict) -> str:
    """The bundled spec of ``game`` with top-level keys set (JSON strings are YAML)."""
    text = (specs.SPECS_DIR / f"{game}.yaml").read_text(encoding="utf-8")
    for key, value in values.items():
        text, n = re.subn(rf"^{key}: .*$", lambda _: f"{key}: {json.dumps(value, ensure_ascii=False)}", text,
                          flags=re.M)
        assert n == 1, key
    return text


def with_colour_names(game: str, names: list[str]) -> tuple[str, list[int]]:
    """The bundled spec of ``game`` with its first colours renamed, and their lines."""
    lines = (specs.SPECS_DIR / f"{game}.yaml").read_text(encoding="utf-8").splitlines()
    start = lines.index("colors:")
    at = [i for i in range(start, len(lines)) if re.match(r"\s*- \{name: ", lines[i])][:len(names)]
    quoted = [json.dumps(name, ensure_ascii=False) for name in names]
    old = [re.search(r"name: ([^,]*),", lines[i]).group(1) for i in at]
    for i, name in zip(at, quoted):
        lines[i] = re.sub(r"name: [^,]*,", lambda _: f"name: {name},", lines[i])
    # Seating and teams name the colours too, in flow lists: [Red, Blue].
    for k, line in enumerate(lines):
        if "[" in line and not line.lstrip().startswith("#"):
            for was, name in zip(old, quoted):
                line = re.sub(rf"(?<=[\[ ]){re.escape(was)}(?=[,\]])", lambda _: name, line)
            lines[k] = line
    return "\n".join(lines) + "\n", [i + 1 for i in at]


def line_of(text: str, key: str) -> int:
    return next(i for i, line in enumerate(text.splitlines(), 1) if line.startswith(f"{key}:"))


def inside(box, frame) -> bool:
    return (box[0] >= frame[0] - SLACK and box[1] >= frame[1] - SLACK
            and box[2] <= frame[2] + SLACK and box[3] <= frame[3] + SLACK)


def _contains(frame, x, y) -> bool:
    return frame[0] <= x <= frame[2] and frame[1] <= y <= frame[3]


def _box(item: Text):
    """The box of words as printed, turned words too (``item_box`` squares those)."""
    if not item.angle % 180:
        return item_box(item)
    left, bottom, right, top = item_box(replace(item, angle=0.0))
    turn = math.radians(item.angle)
    corners = [(x - item.x, y - item.y) for x in (left, right) for y in (bottom, top)]
    xs = [item.x + x * math.cos(turn) - y * math.sin(turn) for x, y in corners]
    ys = [item.y + x * math.sin(turn) + y * math.cos(turn) for x, y in corners]
    return (min(xs), min(ys), max(xs), max(ys))


def check_sheets(laid, texts: list[str]) -> None:
    """Each line of ``texts`` on the sheets: 6 pt or more (5 on a piece),
    inside its banner, its header, its box label and the printable area."""
    for sheet in laid:
        paper = sheet.paper
        x0, y0, w, h = sheets.content_box(paper)
        area = (paper.margin, paper.margin, paper.width - paper.margin, paper.height - paper.margin)
        # The header: from the printable area's top down to the colour stripe over its rule.
        header = (x0, paper.height - paper.margin - (sheets.TITLE_BAND - 3.1), x0 + w, paper.height - paper.margin)
        items = [(item, None) for item in sheet.furniture]
        items += [(item, p) for p in sheet.placements for item in p.items()]
        bands = [item_box(i) for i, _ in items if isinstance(i, Fill) and i.color == BAND]
        for item, placement in items:
            # A line of the text, or a line that holds all of it ("Builder (Blue)").
            if not (isinstance(item, Text) and item.text.strip()
                    and any(item.text in t or t in item.text for t in texts)):
                continue
            box = _box(item)
            least = SHEET_PT if placement is None or placement.part.kind == "label" else MIN_TEXT_PT
            assert item.size >= least - 1e-9, (item.text, item.size, sheet.number)
            assert inside(box, area), (item.text, box, "off the printable area", sheet.number)
            y_mid = item.y + 0.36 * item.size * PT
            band = next((b for b in bands if _contains(b, item.x, y_mid)), None)
            if band is not None:
                assert inside(box, band), (item.text, box, "out of its banner", band)
            elif placement is None and item.y > header[1]:
                assert inside(box, header), (item.text, box, "out of the sheet's header")
            if placement is not None:
                frame = (placement.x, placement.y, placement.x + placement.width, placement.y + placement.height)
                assert inside(box, frame), (item.text, box, "out of", placement.part.name)


def check_pdf(pdf_path) -> None:
    """No letter of the kit PDF is printed off its page's printable area (6.35 mm)."""
    pdf = pdfium.PdfDocument(str(pdf_path))
    edge = 6.35 / PT
    for number in range(len(pdf)):
        page = pdf[number]
        width, height = page.get_size()
        page_text = page.get_textpage()
        for i in range(page_text.count_chars()):
            if page_text.get_text_range(i, 1).isspace():
                continue
            left, bottom, right, top = page_text.get_charbox(i)
            assert left >= edge - 1 and right <= width - edge + 1 and bottom >= edge - 1 \
                and top <= height - edge + 1, (number + 1, page_text.get_text_range(i, 1), (left, right))


def build_or_refused(tmp_path, game: str, values: dict, text: str | None = None, lines=()) -> None:
    """Build the spec with ``values`` (or ``text``, its values at ``lines``);
    refused, every message names the line of one of them."""
    text = text or with_values(game, values)
    tmp_path.mkdir(parents=True, exist_ok=True)
    path = tmp_path / "custom.yaml"
    path.write_text(text, encoding="utf-8")
    laid_by_build = []  # (options, sheets) of each layout the build makes, read again below
    with MonkeyPatch.context() as patch:
        patch.setattr(sheets, "impose", _recording(sheets.impose, laid_by_build))
        result = CliRunner().invoke(main, ["build", str(path), "--out", str(tmp_path / "out"), "--format", "pdf",
                                           "--overwrite", "-q"])
    assert "Traceback" not in result.output
    if result.exit_code == 2:
        lines = set(lines) or {line_of(text, key) for key in values}
        messages = [m for m in result.output.splitlines() if m.strip()]
        assert messages
        for message in messages:
            match = re.match(r".*custom\.yaml:(\d+):(\d+): .*(fits|too long)", message)
            assert match and int(match.group(1)) in lines, message
        try:
            specs.load(str(path))
        except SpecError:
            return
        raise AssertionError("refused by build, but loads")
    assert result.exit_code == 0, result.output
    loaded = specs.load(str(path))
    check_pdf(next((tmp_path / "out").glob("*/*-kit.pdf")))
    for paper in ("letter", "a4"):
        options = kit.resolve_options(loaded, kit.BuildOptions(paper=paper))
        # The build's own layout where it was laid out with these options (the
        # formats written play no part in a layout); the other paper's, laid out here.
        same = [laid for used, laid in laid_by_build if replace(used, formats=options.formats) == options]
        if same:
            laid = same[0]
        else:
            module = games.stage(loaded.game, "parts")
            laid = sheets.impose(loaded, module.parts(loaded, options), options, module)
        check_sheets(laid, [str(v) for v in values.values()])


def _recording(impose, laid: list):
    """``impose`` that also keeps (options, sheets) of each layout in ``laid``."""
    def recorded(spec, parts, options, module=None):
        sheets_laid = impose(spec, parts, options, module)
        laid.append((options, sheets_laid))
        return sheets_laid
    return recorded


@SETTINGS
@given(title=words(80), credit=words(200))
def test_a_title_and_a_credit_fit_where_they_print_or_are_refused(tmp_path_factory, title, credit):
    build_or_refused(tmp_path_factory.mktemp("kit"), "mckinney", {"title": title, "credit": credit})


@SETTINGS
@given(title=words(80), description=words(200))
def test_a_title_on_card_backs_and_a_description_fit_or_are_refused(tmp_path_factory, title, description):
    build_or_refused(tmp_path_factory.mktemp("kit"), "playground", {"title": title, "description": description})


@SETTINGS
@given(game=st.sampled_from(["mckinney", "phoenix", "lam", "playground"]),
       names=st.lists(words(24), min_size=4, max_size=4, unique=True))
def test_colour_names_fit_on_every_piece_or_are_refused(tmp_path_factory, game, names):
    names = names[:2] if game in ("lam", "playground") else names
    text, lines = with_colour_names(game, names)
    build_or_refused(tmp_path_factory.mktemp("kit"), game, {f"colour {k}": n for k, n in enumerate(names)},
                     text, lines)


@SETTINGS
@given(names=st.lists(words(24), min_size=3, max_size=3, unique=True), title=words(80))
def test_shape_names_and_the_title_fit_the_tiles_reference_card_or_are_refused(tmp_path_factory, names, title):
    text = with_values("tiles", {"title": title})
    lines = [line_of(text, "title")]
    for shape, name in zip(("Rock", "Paper", "Scissors"), names):
        lines.append(text.splitlines().index(f"    name: {shape}") + 1)
        text = text.replace(f"    name: {shape}\n", f"    name: {json.dumps(name, ensure_ascii=False)}\n")
    build_or_refused(tmp_path_factory.mktemp("kit"), "tiles", {"title": title, **dict(enumerate(names))},
                     text, lines)


@SETTINGS
@given(names=st.lists(words(24), min_size=2, max_size=2, unique=True))
def test_die_names_fit_their_nets_or_are_refused(tmp_path_factory, names):
    text = (specs.SPECS_DIR / "phoenix.yaml").read_text(encoding="utf-8")
    lines = []
    for was, name in zip(("x: {name: Black,", "y: {name: White,"), names):
        lines.append(text.splitlines().index(next(l for l in text.splitlines() if was in l)) + 1)
        text = text.replace(was, f"{was[:10]}{json.dumps(name, ensure_ascii=False)},")
    build_or_refused(tmp_path_factory.mktemp("kit"), "phoenix", dict(enumerate(names)), text, lines)


def test_the_known_failures_are_refused_or_fit(tmp_path):
    build_or_refused(tmp_path / "a", "mckinney", {"title": "W" * 80})
    build_or_refused(tmp_path / "b", "mckinney", {"title": "M" * 80})
    build_or_refused(tmp_path / "c", "tiles", {"credit": "x" * 200})
