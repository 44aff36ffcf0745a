"""A game of one's own on a table (printkit/games/custom/table.py): with no
rules engine, its board is the spec's first board (or an empty play area)
and its pieces are the kit's, each pile in its component's zone. Measured:
the pieces add up to what the kit prints, every piece stands on a cell or
zone of the board, a board's cells where the printed board has its squares,
and the virtual table save of a kit holds them all."""

from __future__ import annotations

import json
from collections import Counter

import pytest
from click.testing import CliRunner

from printkit import SPECS_DIR, games, starter, table
from printkit import spec as specs
from printkit.cli import main
from printkit.options import BuildOptions
from printkit.parts.sections import FRAME

ON_A_TABLE = ("card", "tile", "counter", "die", "standup")  # the parts a table shows (not a board, a box)


@pytest.fixture(scope="module")
def duel(tmp_path_factory):
    folder = tmp_path_factory.mktemp("custom-table")
    starter.create("duel", folder)
    return folder / "duel" / "duel.yaml"


def _specs(duel):
    return {"piecepack": SPECS_DIR / "examples" / "piecepack.yaml", "starter": duel}


@pytest.mark.parametrize("which", ["piecepack", "starter"])
def test_the_pieces_are_the_kits_each_in_a_zone_of_the_board(which, duel):
    spec = specs.load(str(_specs(duel)[which]))
    stage = table.stage(spec.game)
    board = stage.board(spec, BuildOptions())
    shown = stage.pieces(spec, None, None)
    parts = games.stage("custom", "parts").parts(spec, BuildOptions())
    printed = Counter()
    for part in parts:
        if part.table in ON_A_TABLE:
            printed[part.kind] += part.pieces
    assert sum(p.count for p in shown) == sum(printed.values())
    assert Counter({kind: sum(p.count for p in shown if p.kind == kind) for kind in printed}) == printed
    places = {c.name for c in board.cells} | {z.name for z in board.zones}
    assert len(places) == len(board.cells) + len(board.zones)  # no two alike
    assert all(p.where in places for p in shown)
    # A zone per component that prints pieces, labelled with its name.
    named = [c.get("name") for c in spec.data["components"] if c["type"] not in ("board", "storage")]
    assert [z.label for z in board.zones] == named
    assert stage.touches(spec, None, 0) == ()


def test_the_piecepack_piles_and_dice_as_the_anatomy_counts_them():
    """"24 tiles, 24 coins, 4 dice and 4 pawns in four suits"."""
    spec = specs.load(str(SPECS_DIR / "examples" / "piecepack.yaml"))
    shown = table.stage("custom").pieces(spec, None, None)
    assert [(p.kind, p.count) for p in shown if p.kind in ("tile", "token")] == [("tile", 24), ("token", 24)]
    dice = [p for p in shown if p.kind == "die"]
    assert len(dice) == 4 and all(p.count == 1 and p.label for p in dice)
    assert len({p.where for p in dice}) == 4
    assert sum(1 for p in shown if p.kind == "standup") == 4


def test_the_starter_deck_is_one_pile_face_down_and_the_die_shows_one_pip(duel):
    spec = specs.load(str(duel))
    shown = {p.where: p for p in table.stage("custom").pieces(spec, None, None)}
    assert (shown["deck"].count, shown["deck"].hidden, shown["deck"].label) == (12, True, "12")
    assert (shown["die"].kind, shown["die"].label) == ("die", "1")
    board = table.stage("custom").board(spec, BuildOptions())
    assert board.cells == () and board.width == board.height >= 200.0  # a play area: no board in the spec


def test_a_board_component_is_the_board_its_cells_on_its_squares(tmp_path):
    (tmp_path / "g.yaml").write_text(
        "game: custom\ntitle: Grid\ncomponents:\n  - type: board\n    name: Board\n    grid: square\n"
        "    columns: 5\n    rows: 4\n    cell_mm: 30\n  - type: tokens\n    name: Stones\n    shape: round\n"
        "    size_mm: 20\n    rows: [{v: '1', count: 6}]\n    face: {title: v}\n", encoding="utf-8")
    spec = specs.load(str(tmp_path / "g.yaml"))
    board = table.stage("custom").board(spec, BuildOptions())
    assert (board.width, board.height) == (5 * 30 + 2 * FRAME, 4 * 30 + 2 * FRAME)
    cells = {c.name: c.center for c in board.cells}
    assert len(cells) == 20
    assert cells["a1"] == pytest.approx((FRAME + 15, FRAME + 15))
    assert cells["e4"] == pytest.approx((FRAME + 135, FRAME + 105))
    assert [z.name for z in board.zones] == ["stones"]
    (stones,) = table.stage("custom").pieces(spec, None, None)
    assert (stones.where, stones.count, stones.kind) == ("stones", 6, "token")


def test_a_virtual_table_save_holds_every_piece(duel, tmp_path):
    result = CliRunner().invoke(main, ["build", str(duel), "-o", str(tmp_path), "--format", "tts", "-q"])
    assert result.exit_code == 0, result.output
    save = json.loads((tmp_path / "duel" / "duel-tts.json").read_text(encoding="utf-8"))
    names = Counter(o["Name"] for o in save["ObjectStates"])
    assert names == {"Custom_Tile": 12, "Custom_Dice": 1, "DeckCustom": 1}
    (deck,) = [o for o in save["ObjectStates"] if o["Name"] == "DeckCustom"]
    assert len(deck["ContainedObjects"]) == 12
    urls = [url for obj in save["ObjectStates"] for key in ("ImageURL", "FaceURL", "BackURL")
            for url in [obj.get("CustomImage", {}).get(key)] + [d.get(key) for d in obj.get("CustomDeck", {}).values()]
            if url]
    assert len(urls) >= 14  # a face per token and die, a deck's faces and back
    assert all((tmp_path / "duel" / "duel-tts" / url.rsplit("/", 1)[-1]).is_file() for url in urls)


def test_printkit_play_opens_a_game_of_ones_own_as_a_sandbox(duel):
    """docs/play.md: "A game without a rules engine (a spec of `game: custom`) opens as a sandbox"."""
    from printkit.play.session import Session

    session = Session(str(duel))
    view = session.view(0)
    assert view["sandbox"] is True
    assert [(p["where"], p["count"]) for p in view["pieces"]] == [("deck", 12), ("stars", 12), ("die", 1)]
    session.place(1, "deck")  # a pile moved onto another zone
    assert session.view(0)["pieces"][1]["where"] == "deck"
    assert session.moves(0)["moves"] == []


def test_a_die_on_the_table_is_drawn_as_its_face_up_not_its_net(duel):
    """The die lies with its first face up: a table draws that face, the
    die's size square, not the cube net it is printed as."""
    from printkit.play.session import Session

    session = Session(str(duel))
    die = next(p for p in session.view(0)["pieces"] if p["kind"] == "die")
    assert die["meta"]["face"] == {"index": 0, "turn": 0}
    art = session.art(session._art_key(die))
    size = float(specs.load(str(duel))["components"][2]["size_mm"])
    assert (art["width"], art["height"]) == (size, size)
