"""Rulebook figures: drawings from the kit's parts and the engine's positions,
checked on the rendered PDF (pixels, page objects, text)."""

from __future__ import annotations

import re

import pypdfium2 as pdfium
import pytest

from printkit import SPECS_DIR, rulebook
from printkit import spec as specs
from printkit.errors import PrintkitError
from printkit.kit import BuildOptions
from printkit.games.mckinney import parts as mckinney_parts
from printkit.games.tiles import parts as tiles_parts
from printkit.parts.core import FOLDS, MOUNTAIN, VALLEY, Line
from printkit.rulebook.figures import MAX_HEIGHT
from printkit.rulebook.pdf import BOTTOM, MARGIN
import rulebook_cases
from rulebook_cases import flat  # each PDF's text read once a run

MM = 72 / 25.4
FOLD_WORDS = {VALLEY: "dashed", MOUNTAIN: "dash-dot"}


def load(name):
    return specs.load(name, check=False)


def render(spec, body: str, tmp_path, **options) -> bytes:
    """The rulebook of ``spec`` from a template ``body`` of our own."""
    (tmp_path / f"{spec.game}.md.j2").write_text(body, encoding="utf-8")
    return rulebook.render_pdf(spec, BuildOptions(**options), templates_dir=tmp_path)


def path_boxes(data: bytes) -> list[tuple]:
    """Bounds of the vector paths on page 1 (points, y up)."""
    page = pdfium.PdfDocument(data)[0]
    return [tuple(round(v, 2) for v in obj.get_bounds())
            for obj in page.get_objects(max_depth=3) if obj.type == pdfium.raw.FPDF_PAGEOBJ_PATH]


def figure_box(with_figure: bytes, without: bytes) -> tuple:
    """Bounds of the paths the figure added to page 1."""
    before = set(path_boxes(without))
    added = [b for b in path_boxes(with_figure) if b not in before]
    assert added, "the figure drew no paths"
    return (min(b[0] for b in added), min(b[1] for b in added),
            max(b[2] for b in added), max(b[3] for b in added))


def page_image(data: bytes, page: int = 0):
    return pdfium.PdfDocument(data)[page].render(scale=1).to_pil().convert("RGB")


def count_near(image, box, hex_color: str, tolerance: int = 40) -> int:
    """Pixels within ``box`` (points, y up) close to a colour."""
    want = tuple(int(hex_color[i:i + 2], 16) for i in (1, 3, 5))
    height = image.height
    left, bottom, right, top = box
    crop = image.crop((int(left), int(height - top), int(right) + 1, int(height - bottom) + 1))
    pixels = crop.tobytes()
    return sum(1 for k in range(0, len(pixels), 3)
               if all(abs(pixels[k + c] - want[c]) <= tolerance for c in range(3)))


# --- the drawing itself --------------------------------------------------------

def test_a_figure_is_drawn_at_its_width_inside_the_text_frame(tmp_path):
    phoenix = load("phoenix")
    data = render(phoenix, "# T\n\n{{ figure('board', 'Look: the board', width=0.5) }}\n", tmp_path)
    empty = render(phoenix, "# T\n\n", tmp_path)
    left, bottom, right, top = figure_box(data, empty)  # the Board's cut line is its edge
    page_w, page_h = pdfium.PdfDocument(data)[0].get_size()
    text_w = page_w - 2 * MARGIN
    assert left >= MARGIN - 0.5 and right <= page_w - MARGIN + 0.5
    assert bottom >= BOTTOM - 0.5 and top <= page_h - MARGIN + 0.5
    assert abs((right - left) - 0.5 * text_w) < 1.0  # scaled to its share of the width
    assert abs((left + right) / 2 - page_w / 2) < 0.5  # centred
    # The gold Phoenix squares are there in print, and not without the figure.
    gold = phoenix["board"]["phoenix_hex"]
    squares = len(phoenix["board"]["phoenix_squares"])
    assert count_near(page_image(data), (left, bottom, right, top), gold, 12) > squares * 100
    assert count_near(page_image(empty), (left, bottom, right, top), gold, 12) == 0
    assert "Look: the board" in flat(data)


def test_the_shapes_figure_prints_black_and_white_tiles(tmp_path):
    tiles = load("tiles")
    data = render(tiles, "# T\n\n{{ figure('shapes') }}\n", tmp_path)
    box = figure_box(data, render(tiles, "# T\n\n", tmp_path))
    image = page_image(data)
    black = count_near(image, box, tiles["colors"]["black"], 30)
    white = count_near(image, box, tiles["colors"]["white"], 30)
    # Every tile is half black: in a box around whole tiles, both colours are plenty.
    assert black > 3000 and white > black
    for shape in tiles["shapes"].values():
        assert shape["name"] in flat(data)


def test_a_tall_figure_is_held_to_part_of_the_page(tmp_path):
    phoenix = load("phoenix")
    data = render(phoenix, "# T\n\n{{ figure('board') }}\n", tmp_path, paper="a4")
    empty = render(phoenix, "# T\n\n", tmp_path, paper="a4")
    left, bottom, right, top = figure_box(data, empty)
    page_w, page_h = pdfium.PdfDocument(data)[0].get_size()
    frame_h = page_h - MARGIN - BOTTOM
    assert top - bottom <= MAX_HEIGHT * frame_h + 1.0
    assert right - left < page_w - 2 * MARGIN  # so narrower than the text


def test_the_board_figure_prints_the_start_squares_this_kit_prints(tmp_path):
    spec = load("mckinney")
    body = "# T\n\n{{ figure('board') }}\n"
    seats = spec["board"]["seating"]["2"]
    data = render(spec, body, tmp_path, colors=2)
    box = figure_box(data, render(spec, "# T\n\n", tmp_path, colors=2))  # the same title banner
    image = page_image(data)
    for seat, color in enumerate(spec["colors"]):
        found = count_near(image, box, color["hex"], tolerance=12)
        if seat in seats:
            assert found > 30, color["name"]
        else:
            assert found == 0, color["name"]


def test_figures_in_bundled_rulebooks_are_byte_identical_across_renders():
    tiles = load("tiles")
    first = rulebook_cases.pdf("tiles", BuildOptions(), "a4")  # rendered once a run, maybe by another worker
    assert rulebook.render_pdf(tiles, BuildOptions(paper="a4")) == first
    markdown = rulebook.render(tiles, BuildOptions(paper="a4"))
    assert markdown.count("\ue000figure") == 3  # both tiles figures, the shapes again on the turn summary


@pytest.mark.parametrize("game", sorted(specs.bundled_games()))
def test_every_bundled_rulebook_draws_at_least_one_figure(game):
    """Playground's rulebook had no figure at all: now its board, joined, with
    each side's base in its colour."""
    spec = load(game)
    assert rulebook.render(spec, BuildOptions()).count("\ue000figure") >= 1, game
    if game == "playground":
        data = rulebook_cases.pdf(game, BuildOptions())
        text = flat(data)
        assert "The board, its sections joined" in text and "squares 5 and 6" in text
        image = page_image(data)
        under_banner = (0, 0, image.width, image.height * 0.8)
        for color in spec["colors"][:2]:
            assert count_near(image, under_banner, color["hex"], tolerance=12) > 400, color["name"]


# --- clean errors -----------------------------------------------------------------

def test_an_unknown_figure_names_the_template_line(tmp_path):
    with pytest.raises(PrintkitError) as caught:
        render(load("tiles"), "# T\n\ntext\n{{ figure('nope') }}\n", tmp_path)
    message = str(caught.value)
    assert "tiles.md.j2:4:" in message
    assert "unknown figure 'nope'" in message and "scoring, shapes" in message
    assert caught.value.exit_code == 2


@pytest.mark.parametrize("body, line, words", [
    ("# T\n\n```\n{{ figure('shapes') }}\n```\n", 4, "must stand on a line of its own"),
    ("# T\n\n{{ figure('shapes', width=1.5) }}\n", 3, "must be a fraction of the figure width"),
    ("# T\n\n{{ figure('shapes', 'a caption\\n\\nin two paragraphs') }}\n", 3, "must be one paragraph"),
])
def test_a_misused_figure_names_the_template_line(tmp_path, body, line, words):
    with pytest.raises(PrintkitError, match=rf"tiles\.md\.j2:{line}: .*{words}"):
        render(load("tiles"), body, tmp_path)


def test_a_game_without_figures_offers_none(tmp_path, monkeypatch):
    monkeypatch.delattr(tiles_parts, "figures")
    with pytest.raises(PrintkitError, match="tiles offers: none"):
        render(load("tiles"), "# T\n\n{{ figure('shapes') }}\n", tmp_path)


# --- figures from engine positions ---------------------------------------------------

def test_the_tiles_scoring_example_is_a_game_the_engine_played():
    from printkit.games.tiles.rules import BLACK, WHITE, Game

    spec = load("tiles")
    state = tiles_parts.scoring_position(spec)
    game = Game(spec)
    replayed = game.state_from_json(state.to_json())  # every tile legal, in order
    assert replayed.to_json() == state.to_json()
    assert state.result == BLACK and state.scores() == (1, 0)
    winner = game.book.keys.index(next(iter(spec["beats"])))
    found = {(c, i) for c, i, _ in game.book.occurrences(state.table)}
    assert found == {(BLACK, winner), (WHITE, game.book.beaten[winner])}
    text = flat(rulebook_cases.pdf("tiles", BuildOptions()))  # rendered once a run
    assert "tiles numbered in play order" in text and "Black 1, White 0" in text


def test_the_unit_move_is_a_move_the_engine_played():
    spec = load("mckinney")
    before, moves, after, line, game = mckinney_parts.unit_move_position(spec)
    names = [game.names[y * game.width + x] for x, y in line]
    pieces_before, pieces_after = before.to_json()["pieces"], after.to_json()["pieces"]
    assert [pieces_before.get(n) for n in names] == ["0S", "1P", "1P", None]
    assert [pieces_after.get(n) for n in names] == [None, None, None, "0S"]
    assert moves[:2] == [f"{names[0]}x{names[1]}", f"{names[1]}x{names[2]}"]
    assert after.to_json()["players"][1]["cache"]["paper"] == spec["pieces"]["units"]["paper"]
    text = flat(rulebook_cases.pdf("mckinney", BuildOptions()))  # rendered once a run
    # In players' words: the squares, never the moves' notation.
    assert (f"Scissors moves from {names[0]} along its row, taking two" in text
            and f"Papers on {names[1]} and {names[2]} in one move, and stops on {names[3]}" in text)
    assert ", ".join(moves) not in text


# --- words that must match the kit -----------------------------------------------------

def _fold_roles(items, horizontal=None) -> set:
    roles = set()
    for item in items:
        if isinstance(item, Line) and item.role in FOLDS:
            (x0, y0), (x1, y1) = item.points[0], item.points[-1]
            if horizontal is None or (abs(y1 - y0) < 1e-6) == horizontal:
                roles.add(item.role)
    return roles


def _making_the_kit(text: str) -> str:
    """The section on making the kit: the rulebook's last, after the game
    (a turn summary page may follow it)."""
    start = text.index("Making the kit")
    end = text.find("Turn summary", start)
    return text[start:] if end < 0 else text[start:end]


def test_mckinney_assembly_names_the_fold_lines_the_kit_prints():
    spec = load("mckinney")
    options = BuildOptions()
    parts = mckinney_parts.parts(spec, options)
    tabs = _fold_roles(i for p in parts if p.kind == "quadrant" for i in p.items)
    builder = next(p for p in parts if p.kind == "builder")
    hinges = _fold_roles(builder.items, horizontal=True)
    faces = _fold_roles(builder.items, horizontal=False)
    assert len(tabs) == len(hinges) == len(faces) == 1
    making = _making_the_kit(flat(rulebook_cases.pdf("mckinney", options)))  # rendered once a run
    assert f"each glue tab along its {FOLD_WORDS[tabs.pop()]} line" in making
    assert f"along the {FOLD_WORDS[faces.pop()]} lines" in making
    assert f"along its {FOLD_WORDS[hinges.pop()]} hinge" in making
    assert "waste" in making and "glue under far side" in making


def test_phoenix_assembly_names_the_fold_lines_the_kit_prints():
    spec = load("phoenix")
    options = BuildOptions()
    from printkit.games.phoenix import parts as phoenix_parts

    parts = phoenix_parts.parts(spec, options)
    roles = _fold_roles(i for p in parts if p.kind in ("bird", "die") for i in p.items)
    making = _making_the_kit(flat(rulebook_cases.pdf("phoenix", options)))  # rendered once a run
    for role, word in FOLD_WORDS.items():
        said = re.search(rf"(?<!-){word}(?!-)", making) is not None if role == VALLEY else word in making
        assert said == (role in roles), word
    assert "glue inside back" in making  # the Bird's tab, as printed on it


@pytest.mark.parametrize("game", ["playground", "lam"])
def test_board_games_assembly_names_the_fold_lines_the_kit_prints(game):
    """Board tabs (and Playground's cards, stands and die): every fold the kit
    prints is named in the rulebook's making of the kit, and no other."""
    spec = load(game)
    options = BuildOptions()
    module = {"playground": "printkit.games.playground.parts", "lam": "printkit.games.lam.parts"}[game]
    parts = __import__(module, fromlist=["parts"]).parts(spec, options)
    roles = _fold_roles(i for p in parts for i in p.items)
    assert roles
    making = _making_the_kit(flat(rulebook_cases.pdf(game, options)))  # rendered once a run
    for role, word in FOLD_WORDS.items():
        said = re.search(rf"(?<!-){word}(?!-)", making) is not None if role == VALLEY else word in making
        assert said == (role in roles), word
    assert "glue tab" in making


# --- the +/- spaces of each quadrant ---------------------------------------------------------

def test_the_lopsided_rulebook_lists_each_quadrants_spaces():
    spec = specs.load(str(SPECS_DIR / "examples" / "mckinney-lopsided.yaml"), check=False)
    text = flat(rulebook_cases.pdf("specs/examples/mckinney-lopsided.yaml", BuildOptions()))  # rendered once a run
    board = spec["board"]
    own = [q for q in board["quadrants"] if "plus_minus_spaces" in q]
    assert own
    for q in own:
        name = spec["colors"][q["seat"]]["name"]
        assert f"{q['position']} ({name}, its own)" in text
        for s in q["plus_minus_spaces"]:
            assert f"{s['slider']} {s['dots']} {s['at'][0]} across, {s['at'][1]} up or down" in text
    shared = [q["position"] for q in board["quadrants"] if "plus_minus_spaces" not in q]
    assert f"{', '.join(shared[:-1])} and {shared[-1]} (the board's layout)" in text
    assert "do not all have the same +/- spaces" in text

    bundled = flat(rulebook_cases.pdf("mckinney", BuildOptions()))
    assert "its own)" not in bundled and "Each quadrant has 6 +/- spaces" in bundled
