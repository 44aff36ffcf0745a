"""Pieces fit the board, in every game: each piece, measured from the kit's
own parts, stands on its cell with room to pick it up; each set-up fits its
row; pieces that stack are one size. A spec whose squares shrink or whose
pieces grow past that is a validate error at the key that sets the size,
naming the size that would fit, and build refuses it.

print.md: "Pieces fit the board: a standing piece's base, a counter or a
tile is no wider than the cell it stands on, and a game's set-up fits its row."
"""

from __future__ import annotations

import functools
import math
import re

import pytest
from click.testing import CliRunner
from hypothesis import given, settings
from hypothesis import strategies as st
from shapely import affinity
from shapely.geometry import Polygon

from printkit import SPECS_DIR, footprint, games, kit, validate
from printkit import spec as specs
from printkit.cli import main
from printkit.errors import SpecError
from printkit.footprint import CLEARANCE, Cell, Piece, SetUp, size_of
from printkit.options import BuildOptions, resolve_options
from printkit.parts.core import rect

# The pieces each kit stands on its board, by the name the game declares them under.
PIECES = {"mckinney": {"Units", "Builders"}, "phoenix": {"Birds"}, "lam": {"counters"}, "tiles": {"tiles"},
          "playground": {"stands with their cards"}}


@functools.lru_cache(maxsize=None)  # read, never changed, by several tests of each game
def declared(game: str, **options):
    spec = specs.load(game)
    resolved = resolve_options(spec, BuildOptions(**options))
    module = games.stage(game, "parts")
    parts = module.parts(spec, resolved)
    return spec, parts, module.footprints(spec, parts)


def _free(piece: Piece) -> float:
    """The least room (mm) between the piece, set centred on its cell at its
    best turn, and the cell's edge; negative when it overhangs. Measured as
    a distance between outlines, not by the check's own inset."""
    cell = Polygon(piece.cell.outline)
    cx, cy = cell.centroid.x, cell.centroid.y
    best = -math.inf
    for turn in piece.turns:
        shape = affinity.rotate(Polygon(piece.footprint), turn, origin="centroid")
        x0, y0, x1, y1 = shape.bounds
        shape = affinity.translate(shape, cx - (x0 + x1) / 2, cy - (y0 + y1) / 2)
        gap = cell.exterior.distance(shape) if cell.contains(shape) else -shape.difference(cell).area
        best = max(best, gap)
    return best


def test_every_bundled_kit_passes_the_fit_check():
    for game in PIECES:
        assert footprint.kit_problems(specs.load(game), BuildOptions()) == [], game


@pytest.mark.parametrize("game", sorted(PIECES))
def test_every_piece_stands_on_its_cell_with_room_to_pick_it_up(game):
    spec, parts, found = declared(game)
    pieces = [d for d in found if isinstance(d, Piece)]
    assert {p.name for p in pieces} >= PIECES[game]
    for piece in pieces:
        free = _free(piece)
        room = piece.cell.clearance
        assert free >= room - 1e-6, (game, piece.name, free)
        if room == 0:  # tiles lie edge to edge: exactly their place, no gap, no overhang
            assert size_of(piece.footprint) == pytest.approx(size_of(piece.cell.outline), abs=1e-6)


@pytest.mark.parametrize("game", sorted(PIECES))
def test_every_set_up_has_a_cell_for_each_piece_and_the_length_of_its_row(game):
    _, _, found = declared(game)
    setups = [d for d in found if isinstance(d, SetUp)]
    assert setups or game == "tiles"  # the tiles start on a clear table
    for setup in setups:
        assert setup.count <= setup.cells, setup.name
        w, d = size_of(setup.piece.footprint)
        across = min(w, d) if any(t % 180 for t in setup.piece.turns) else w
        pitch = size_of(setup.piece.cell.outline)[0]
        assert setup.count * (across + 2 * setup.piece.cell.clearance) <= setup.cells * pitch + 1e-6, setup.name


def test_playground_a_stand_and_its_card_fill_a_square_less_a_millimetre_each_side():
    """Step 4 of the seed's set-up: "set them along the back row of the board
    directly in front of your base" (10 pieces, 10 squares). The stands were
    46 mm wide on 25 mm squares; measured from the parts they are 23 mm now."""
    spec, parts, found = declared("playground")
    stand = next(p for p in found if isinstance(p, Piece))
    assert size_of(stand.footprint) == pytest.approx((23.0, 10.0))
    assert _free(stand) == pytest.approx(1.0)
    row = next(d for d in found if isinstance(d, SetUp))
    assert (row.count, row.cells) == (10, 10)
    assert row.count * (23.0 + 2 * CLEARANCE) == pytest.approx(10 * spec["board"]["square_mm"])


def test_lams_papers_stack_and_every_counter_stands_inside_its_hex():
    """Lam's seed: "Papers also stack on top of one another (friendly or
    enemy) when they move onto the same space": every Paper, of either
    colour, measures the same."""
    _, parts, found = declared("lam")
    papers = [p for p in found if isinstance(p, Piece) and p.stack]
    assert len(papers) == 2 * 9  # every Paper of both colours, each measured
    assert len({tuple(round(v, 6) for v in size_of(p.footprint)) for p in papers}) == 1
    counter = papers[0]
    # A 20 mm counter in a 26 mm hex: 3 mm to its flats, more to its corners.
    assert _free(counter) == pytest.approx((26 - 20) / 2, abs=0.01)


def test_mckinneys_builder_is_the_triangle_its_net_folds_into():
    """McKinney's seed: "fold the edges and glue the tab beneath the other side
    to make a triangular Builder piece"; "These central squares are the
    starting points of the correlated Builders"."""
    spec, parts, found = declared("mckinney")
    builder = next(p for p in found if isinstance(p, Piece) and p.name == "Builders")
    side = spec["kit"]["builder"]["side_mm"]
    assert size_of(builder.footprint) == pytest.approx((side, side * math.sqrt(3) / 2))
    start = next(d for d in found if isinstance(d, SetUp))
    assert (start.count, start.cells) == (1, 1)


# --- the check itself, on pieces made up for it -------------------------------------

SQUARE = Cell("square", "squares", rect(0, 0, 25, 25), 25.0, ("board", "square_mm"))


class _Spec:
    """Just enough of a Spec for the check to say where: the pointer as the message's place."""

    def problem(self, pointer, message, severity="error"):
        return (tuple(pointer), message)


def test_a_misfit_names_the_size_that_fits_and_that_size_fits():
    stand = Piece("stands", rect(0, 0, 46, 14), SQUARE, sized_by=(("kit", "card", "width_mm"),), turns=(0,),
                  apart=True)
    ((at, message),) = footprint.check(_Spec(), [stand, SetUp("the back row", stand, 10, 10, ("army", "size"))])
    assert at == ("board", "square_mm")
    assert message.startswith("board.square_mm: 25 mm squares are too small for stands (46.0 x 14.0 mm")
    assert "48 mm squares would fit them, or stands at most 23 mm wide (kit.card.width_mm sets their size)" \
        in message
    assert "10 stands on the back row need 480 mm of its 250 mm" in message
    bigger = Cell("square", "squares", rect(0, 0, 48, 48), 48.0, ("board", "square_mm"))
    assert footprint.fits(Piece("stands", rect(0, 0, 46, 14), bigger, turns=(0,)))
    assert not footprint.fits(Piece("stands", rect(0, 0, 46.1, 14), bigger, turns=(0,)))
    assert footprint.fits(Piece("stands", rect(0, 0, 23, 14), SQUARE, turns=(0,)))


def test_a_set_up_with_more_pieces_than_cells_is_reported_at_its_count():
    unit = Piece("Units", rect(0, 0, 18, 18), SQUARE)
    ((at, message),) = footprint.check(_Spec(), [SetUp("the back row", unit, 11, 10, ("army", "size"))])
    assert at == ("army", "size") and "the back row has 10 squares, one piece on each: 11 Units" in message


def test_pieces_that_stack_must_be_one_size():
    small = Piece("Papers (Red)", rect(0, 0, 20, 20), SQUARE, sized_by=(("kit", "counter_mm"),), stack="Papers")
    large = Piece("Papers (Blue)", rect(0, 0, 21, 21), SQUARE, sized_by=(("kit", "paper_mm"),), stack="Papers")
    ((at, message),) = footprint.check(_Spec(), [small, large])
    assert at == ("kit", "paper_mm")
    assert "Papers must all be one size, but Papers (Red) measure 20.0 x 20.0 mm and Papers (Blue) 21.0 x 21.0" \
        in message
    assert footprint.check(_Spec(), [small, small]) == []


def test_tiles_lie_edge_to_edge_on_their_own_grid():
    """Tiles' seed: "Forty-eight identical square tiles"; "a tile must be
    positioned so that it will touch any edge of at least one tile": each
    tile, measured between its sheet's cut lines, is its grid's step exactly."""
    spec, parts, found = declared("tiles")
    size = spec["tiles"]["size_mm"]
    assert len(found) == sum(1 for p in parts if p.kind == "tiles") >= 1
    for piece in found:
        assert size_of(piece.footprint) == pytest.approx((size, size), abs=1e-6)
    wider = Piece("tiles", rect(0, 0, size + 0.1, size), found[0].cell)
    assert not footprint.fits(wider)


def test_a_turn_lets_a_long_piece_fit_and_a_piece_that_may_not_turn_does_not():
    long = rect(0, 0, 10, 24)  # 25 mm squares hold 23 mm with 1 mm each side, either way round
    assert not footprint.fits(Piece("x", long, SQUARE, turns=(0,)))
    assert not footprint.fits(Piece("x", long, SQUARE, turns=(0, 90)))
    fits_turned = Cell("place", "places", rect(0, 0, 30, 12), 30.0)
    assert footprint.fits(Piece("x", rect(0, 0, 10, 20), fits_turned, turns=(0, 90)))
    assert not footprint.fits(Piece("x", rect(0, 0, 10, 20), fits_turned, turns=(0,)))


# --- specs that shrink the cells or grow the pieces -----------------------------------

def _set(text: str, key: str, value: float) -> str:
    """The spec text with ``key: <number>`` (the first, as the bundled specs
    write it inside its mapping) set to value."""
    changed, n = re.subn(rf"(\b{key}: )[0-9.]+", lambda m: m.group(1) + f"{value:g}", text, count=1)
    assert n == 1, key
    return changed


# game, the cell's key and the line it is on, values that are too small; the piece's key, values too large.
CASES = {
    "mckinney": (("board", "square_mm"), "square_mm", (10.0, 19.5), ("kit", "unit_mm"), "unit_mm", (20.5, 40.0)),
    "phoenix": (("board", "square_mm"), "square_mm", (15.0, 23.5), ("birds", "net", "width_mm"), "width_mm",
                (28.5, 40.0)),
    "lam": (("board", "hex_mm"), "hex_mm", (15.0, 21.5), ("kit", "counter_mm"), "counter_mm", (24.5, 30.0)),
    "playground": (("board", "square_mm"), "square_mm", (15.0, 24.5), ("kit", "card", "width_mm"), "width_mm",
                   (16.5, 40.0)),
}


def _refusals(tmp_path, text: str, game: str):
    """(validate's output lines, the problems build refuses with) for the spec text."""
    path = tmp_path / f"{game}-changed.yaml"
    path.write_text(text, encoding="utf-8")
    lines: list[str] = []
    code = validate.run(str(path), playouts=0, echo=lines.append)
    try:
        spec = specs.load(path)
    except SpecError as error:  # the game's own checks found it at load (McKinney's pieces)
        refused = error.problems
    else:
        with pytest.raises(SpecError) as caught:
            kit.prepare(spec, BuildOptions(), tmp_path / "out")
        refused = caught.value.problems
    assert code == 2
    return path, lines, refused


def _half(low: float, high: float):
    return st.integers(int(low * 2), int(high * 2)).map(lambda k: k / 2)


@pytest.mark.parametrize("game", sorted(CASES))
@settings(max_examples=4, deadline=None, derandomize=True)
@given(data=st.data())
def test_cells_too_small_for_the_pieces_are_an_error_at_the_cells_key(tmp_path_factory, game, data):
    cell_key, name, (low, high), piece_key, _, _ = CASES[game]
    value = data.draw(_half(low, high), label=name)
    tmp_path = tmp_path_factory.mktemp(game)
    text = _set((SPECS_DIR / f"{game}.yaml").read_text(encoding="utf-8"), name, value)
    path, lines, refused = _refusals(tmp_path, text, game)
    spec_line = text[:re.search(rf"\b{name}: ", text).start()].count("\n") + 1
    misfits = [line for line in lines if f"{path.name}:{spec_line}:" in line and "are too small for" in line]
    assert misfits, lines
    wanted = re.search(r"([0-9.]+) mm \w+( \(across the flats\))? would fit them", misfits[0])
    assert wanted, misfits[0]
    assert any(p.line == spec_line and "are too small for" in p.message for p in refused)
    # The size it names fits: with it, no piece misfits on this cell (whatever
    # else a spec of such squares breaks, such as McKinney's Slider tracks).
    fixed = specs.load(_written(tmp_path, _set(text, name, float(wanted.group(1))), game), check=False)
    again = footprint.kit_problems(fixed, BuildOptions())
    assert not [p for p in again if p.line == spec_line and "are too small for" in p.message], again


@pytest.mark.parametrize("game", sorted(CASES))
@settings(max_examples=4, deadline=None, derandomize=True)
@given(data=st.data())
def test_pieces_too_large_for_their_cells_are_an_error_naming_their_key(tmp_path_factory, game, data):
    cell_key, cell_name, _, piece_key, name, (low, high) = CASES[game]
    value = data.draw(_half(low, high), label=name)
    tmp_path = tmp_path_factory.mktemp(game)
    source = (SPECS_DIR / f"{game}.yaml").read_text(encoding="utf-8")
    text = _set(source, name, value)
    path, lines, refused = _refusals(tmp_path, text, game)
    cell_line = text[:re.search(rf"\b{cell_name}: ", text).start()].count("\n") + 1
    dotted = ".".join(piece_key)
    misfits = [line for line in lines if f"{path.name}:{cell_line}:" in line and f"({dotted}" in line]
    assert misfits, lines
    assert any(p.line == cell_line and dotted in p.message for p in refused)


def _written(tmp_path, text, game):
    path = tmp_path / f"{game}-fixed.yaml"
    path.write_text(text, encoding="utf-8")
    return path


@pytest.mark.parametrize("game", sorted(CASES))
def test_build_refuses_a_misfit_with_file_line_and_column_and_exit_2(tmp_path, game):
    _, name, (low, _), _, _, _ = CASES[game]
    text = _set((SPECS_DIR / f"{game}.yaml").read_text(encoding="utf-8"), name, low)
    path = tmp_path / "small.yaml"
    path.write_text(text, encoding="utf-8")
    result = CliRunner().invoke(main, ["build", str(path), "--out", str(tmp_path / "out")])
    assert result.exit_code == 2
    assert "Traceback" not in result.output
    line = text[:re.search(rf"\b{name}: ", text).start()].count("\n") + 1
    assert re.search(rf"small\.yaml:{line}:\d+: board\.\w+: [0-9.]+ mm \w+.* are too small for ", result.output), \
        result.output
    assert not (tmp_path / "out").exists() or not any((tmp_path / "out").iterdir())
