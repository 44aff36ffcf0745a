"""build --format tts and --format images: the Tabletop Simulator save of
every bundled game, field by field, its images, and the image pack.

Each game's kit is built once for the module (tts and images, nothing
else); stability is checked by laying the table out again in memory and
drawing some of its images again, which must give the same bytes."""

from __future__ import annotations

import csv
import io
import json
import re
from collections import Counter
from dataclasses import replace
from pathlib import Path
from urllib.parse import unquote, urlparse

import pytest
from PIL import Image

from printkit import games, kit
from printkit import spec as specs
from printkit import table as tables
from printkit.errors import PrintkitError
from printkit.options import BuildOptions, resolve_options
from printkit.parts.core import Fill, Line, Part, rect
from printkit.writers import tts

GAMES = ("mckinney", "phoenix", "tiles", "playground", "lam")
OPTIONS = BuildOptions(formats=("tts", "images"))
COMMON = {"Name": str, "Transform": dict, "Nickname": str, "Description": str, "GUID": str,
          "ColorDiffuse": dict, "Locked": bool, "LuaScript": str, "XmlUI": str}
TRANSFORM = ("posX", "posY", "posZ", "rotX", "rotY", "rotZ", "scaleX", "scaleY", "scaleZ")


@pytest.fixture(scope="module", params=GAMES)
def built(request, tmp_path_factory):
    game = request.param
    spec = specs.load(game)
    out = tmp_path_factory.mktemp(f"tts-{game}")
    result = kit.build(spec, OPTIONS, out)
    save = json.loads((result.folder / f"{game}-tts.json").read_text(encoding="utf-8"))
    options = resolve_options(spec, OPTIONS)
    parts = games.stage(game, "parts").parts(spec, options)
    return game, spec, options, parts, result, save


def objects(save):
    """Every object of the save, those inside decks included."""
    out = []
    for obj in save["ObjectStates"]:
        out.append(obj)
        out += obj.get("ContainedObjects", [])
    return out


def pieces_of(parts, role):
    return [faces for part in parts if part.table == role for faces in tts.piece_faces(part)]


def test_save_fields(built):
    _game, spec, _, _, _, save = built
    assert save["SaveName"] == spec["title"]
    assert isinstance(save["ObjectStates"], list) and save["ObjectStates"]
    for obj in objects(save):
        for key, kind in COMMON.items():
            assert isinstance(obj[key], kind), (obj["Name"], key)
        assert set(TRANSFORM) <= set(obj["Transform"])
        assert all(isinstance(obj["Transform"][k], float) for k in TRANSFORM)
        assert re.fullmatch(r"[0-9a-f]{6}", obj["GUID"])
        assert obj["Nickname"], obj["Name"]
        name = obj["Name"]
        if name in ("Custom_Board", "Custom_Tile", "Figurine_Custom", "Custom_Dice"):
            image = obj["CustomImage"]
            assert isinstance(image["ImageURL"], str) and image["ImageURL"]
            assert isinstance(image["ImageScalar"], float) and isinstance(image["WidthScale"], float)
        if name == "Custom_Tile":
            tile = obj["CustomImage"]["CustomTile"]
            assert tile["Type"] in (0, 2) and isinstance(tile["Stackable"], bool)
            assert isinstance(tile["Thickness"], float) and tile["Thickness"] > 0
            assert isinstance(tile["Stretch"], bool)
        if name == "Figurine_Custom":
            assert obj["CustomImage"]["ImageSecondaryURL"]
        if name == "Custom_Dice":
            assert obj["CustomImage"]["CustomDice"] == {"Type": 1}
        if name in ("Card", "DeckCustom"):
            assert isinstance(obj["SidewaysCard"], bool) and isinstance(obj["Hands"], bool)
        if name == "Card":
            assert isinstance(obj["CardID"], int)
            (key, entry), = obj["CustomDeck"].items()
            assert obj["CardID"] // 100 == int(key)
            # The last slot of a sheet is the hidden card's: no card is dealt from it.
            assert obj["CardID"] % 100 < entry["NumWidth"] * entry["NumHeight"] - 1
            assert entry["NumWidth"] <= 10 and entry["NumHeight"] <= 7
            for field in ("FaceURL", "BackURL"):
                assert isinstance(entry[field], str) and entry[field]
            assert isinstance(entry["BackIsHidden"], bool) and isinstance(entry["UniqueBack"], bool)
        if name == "DeckCustom":
            assert obj["DeckIDs"] == [card["CardID"] for card in obj["ContainedObjects"]]
            assert set(obj["CustomDeck"]) == {str(i // 100) for i in obj["DeckIDs"]}
    guids = [obj["GUID"] for obj in objects(save)]
    assert len(guids) == len(set(guids))


def test_every_url_is_an_rgb_image_at_most_4096_px(built):
    game, _, _, _, result, save = built
    urls = set()
    for obj in objects(save):
        image = obj.get("CustomImage", {})
        urls |= {image.get("ImageURL"), image.get("ImageSecondaryURL")}
        for entry in obj.get("CustomDeck", {}).values():
            urls |= {entry["FaceURL"], entry["BackURL"]}
    urls.discard("")
    urls.discard(None)
    assert urls
    for url in urls:
        parsed = urlparse(url)
        assert parsed.scheme == "file"
        path = Path(unquote(parsed.path))
        assert path.parent == (result.folder / f"{game}-tts").resolve() and path.is_file(), url
        with Image.open(path) as image:
            assert image.format == "PNG" and image.mode == "RGB"
            assert max(image.size) <= 4096


def test_counts_equal_the_kit(built):
    _game, _, _, parts, _, save = built
    everything = objects(save)
    by_name = {}
    for obj in everything:
        by_name.setdefault(obj["Name"], []).append(obj)
    assert len(by_name.get("Custom_Board", [])) == (1 if any(p.table == "board" for p in parts) else 0)
    assert len(by_name.get("Card", [])) == len(pieces_of(parts, "card"))
    assert len(by_name.get("Custom_Tile", [])) == len(pieces_of(parts, "tile")) + len(pieces_of(parts, "counter"))
    assert len(by_name.get("Custom_Dice", [])) == len(pieces_of(parts, "die"))
    assert len(by_name.get("Figurine_Custom", [])) == len(pieces_of(parts, "standup"))
    # Each card as often in the save as the kit prints it (none is dealt onto the board at the set-up).
    kit_cards = Counter(p.name for p in parts if p.table == "card" for _ in tts.piece_faces(p))
    assert Counter(c["Nickname"] for c in by_name.get("Card", [])) == kit_cards


def test_sizes_follow_the_printed_parts(built):
    """A tile's scale gives its printed height (1.318 units per unit of scale, 25.4 mm a unit)."""
    game, _, _, parts, _, save = built
    heights = {round(f[0].height / 25.4 / tts.TILE_AT_1, 5) for role in ("tile", "counter")
               for f in pieces_of(parts, role)}
    tiles = [o for o in objects(save) if o["Name"] == "Custom_Tile"]
    assert {o["Transform"]["scaleZ"] for o in tiles} == heights
    board = [o for o in objects(save) if o["Name"] == "Custom_Board"]
    if board:
        path = Path(unquote(urlparse(board[0]["CustomImage"]["ImageURL"]).path))
        with Image.open(path) as image:
            w, h = image.size
        # the board's image keeps its printed proportions, to the pixel
        face, _ = tts._board_face(built[1], built[2], parts, tables.stage(game))
        assert abs(w / h - face.width / face.height) < 2 / min(w, h)


def test_the_same_build_gives_the_same_bytes(built, layout_of):
    game, spec, options, _, result, _save = built
    laid = kit_table(spec, options, result.folder, layout_of)
    written = (result.folder / f"{game}-tts.json").read_bytes()
    assert tts.save(laid) == written
    # some images drawn again: the board, the first piece and the first deck sheet
    names = [n for n in laid.pictures if "board" in n][:1] + [n for n in laid.pictures if "deck" in n][:1]
    names += [n for n in laid.pictures if n not in names][:1]
    for name in names:
        assert tts.render(laid.pictures[name]) == (result.folder / f"{game}-tts" / name).read_bytes(), name


def kit_table(spec, options, folder, layout_of):
    """The table laid out again, from the parts in the order the kit's sheets
    hold them: the sheets every module shares (tests/conftest.py), laid out
    with these options but the formats, which no layout reads."""
    stage = tables.stage(spec.game)
    state = None
    if stage is not None:
        state = games.stage(spec.game, "rules").Game(spec, players=options.colors,
                                                     variant=options.variant).initial_state()
    laid_with, laid = layout_of(spec.game, **{k: v for k, v in vars(options).items() if k != "formats"})
    assert replace(laid_with, formats=options.formats) == options
    return tts.table(spec, options, [p.part for sheet in laid for p in sheet.placements],
                     folder.resolve().as_uri() + f"/{spec.id}-tts/", stage, state)


def test_set_up_pieces_stand_where_the_engine_puts_them(built):
    """The engine's initial position, as the game's table stage places it:
    each piece on a cell lies at that cell's centre, named as the stage
    (the rulebook's words) names it."""
    game, spec, options, _, _, save = built
    stage = tables.stage(game)
    if stage is None:
        pytest.skip(f"{game} has no table stage yet")
    board = stage.board(spec, options)
    state = games.stage(game, "rules").Game(spec, players=options.colors).initial_state()
    cells = {c.name: c.center for c in board.cells}
    expected = []
    for piece in stage.pieces(spec, state, None):
        if piece.where in cells:
            x, y = cells[piece.where]
            expected += [(piece.name, round((x - board.width / 2) / 25.4, 3),
                          round((y - board.height / 2) / 25.4, 3))] * max(1, piece.count)
    found = [(o["Nickname"], round(o["Transform"]["posX"], 3), round(o["Transform"]["posZ"], 3))
             for o in objects(save) if o["Name"] != "Custom_Board"]
    assert not Counter(expected) - Counter(found)
    if any(o["Name"] == "Custom_Board" for o in save["ObjectStates"]):
        # and nothing else on the printed board: the rest lies beside it
        on_board = [f for f in found if abs(f[1]) * 25.4 < board.width / 2 and abs(f[2]) * 25.4 < board.height / 2]
        assert sorted(on_board) == sorted(expected)
    if game in ("mckinney", "lam"):  # games whose set-up puts pieces on the board
        assert expected


def test_image_pack(built):
    game, _, _, parts, result, _ = built
    rows = list(csv.DictReader(io.StringIO((result.folder / f"{game}-images.csv").read_text(encoding="utf-8"))))
    listed = json.loads((result.folder / f"{game}-images.json").read_text(encoding="utf-8"))["components"]
    assert [r["name"] for r in rows] == [r["name"] for r in listed]
    for row, entry in zip(rows, listed):
        assert int(row["count"]) == entry["count"] >= 1
        assert float(row["width_mm"]) == entry["width_mm"] > 0
        for side in ("front", "back"):
            if row[side]:
                assert (result.folder / row[side]).is_file()
    # every piece counted once (a die once per face), the board once
    expected = sum(len(f) if p.table == "die" else 1 for p in parts if p.table and p.table != "board"
                   for f in tts.piece_faces(p))
    boards = 1 if any(p.table == "board" for p in parts) else 0
    assert sum(entry["count"] for entry in listed) == expected + boards
    # one file per distinct face: no two files hold the same picture
    files = sorted({r["front"] for r in rows} | {r["back"] for r in rows if r["back"]})
    digests = {(result.folder / f).read_bytes() for f in files}
    assert len(digests) == len(files)


@pytest.mark.parametrize("built", ["tiles"], indirect=True)
def test_tiles_48_tiles_are_4_images(built):
    game, _, _, _parts, _result, save = built
    assert game == "tiles"
    tiles = [o for o in save["ObjectStates"] if o["Name"] == "Custom_Tile" and o["Nickname"].startswith("Tile")]
    assert len(tiles) == 48
    assert len({o["CustomImage"]["ImageURL"] for o in tiles}) == 4


@pytest.mark.parametrize("built", ["phoenix"], indirect=True)
def test_phoenix_dice_are_two_distinct_dice(built):
    game, _, _, _, _, save = built
    assert game == "phoenix"
    dice = [o for o in save["ObjectStates"] if o["Name"] == "Custom_Dice"]
    assert sorted(o["Nickname"] for o in dice) == ["Black die", "White die"]  # as the rulebook names them
    assert len({o["CustomImage"]["ImageURL"] for o in dice}) == 2


@pytest.mark.parametrize("built", ["lam"], indirect=True)
def test_lam_paper_stacks(built):
    """'However, Papers also stack on top of one another (friendly or enemy)
    when they move onto the same space.' Rocks, Scissors and Flags do not."""
    game, _, _, _, _, save = built
    assert game == "lam"
    stacking = {o["Nickname"].split(" (")[0]: o["CustomImage"]["CustomTile"]["Stackable"]
                for o in save["ObjectStates"] if o["Name"] == "Custom_Tile"}
    assert stacking == {"Paper": True, "Rock": False, "Scissors": False, "Flag": False}
    # round counters are round tiles
    assert {o["CustomImage"]["CustomTile"]["Type"] for o in save["ObjectStates"]
            if o["Name"] == "Custom_Tile"} == {2}


def test_parts_without_a_table_role_are_left_out():
    """A designer's parts that say nothing of the table are left off it; one
    with a role but no faces shows the whole part, cut lines left out."""
    spec = specs.load("lam")
    options = resolve_options(spec, BuildOptions(formats=("tts",)))
    plain = Part("Score sheet", 50, 40, stock="paper")
    odd = Part("Odd thing", 30, 20, table="something new")
    token = Part("Token", 20, 20, table="counter")
    token.add(Fill(rect(0, 0, 20, 20), "#123456"), Line(rect(0, 0, 20, 20), closed=True))
    laid = tts.table(spec, options, [plain, odd, token], "file:///x/")
    assert [o["Nickname"] for o in laid.objects] == ["Token"]
    (picture,) = laid.pictures.values()
    ((_, _, face),) = picture.placed
    assert [type(i) for i in face.items] == [Fill]


def test_tts_url_names_the_uploaded_folder():
    spec = specs.load("lam")
    options = resolve_options(spec, BuildOptions(formats=("tts",), tts_url="https://example.org/lam"))
    assert options.tts_url == "https://example.org/lam/"
    with pytest.raises(PrintkitError, match="add tts to --format"):
        resolve_options(spec, BuildOptions(tts_url="https://example.org/lam"))
    with pytest.raises(PrintkitError, match="https://"):
        resolve_options(spec, BuildOptions(formats=("tts",), tts_url="ftp://example.org"))


def test_a_file_printkit_did_not_write_is_never_replaced(tmp_path):
    spec = specs.load("lam")
    folder = tmp_path / "lam"
    folder.mkdir()
    (folder / "lam-tts.json").write_text("my own notes", encoding="utf-8")
    with pytest.raises(PrintkitError, match="printkit did not write"):
        kit.prepare(spec, BuildOptions(formats=("tts",)), tmp_path)
    assert (folder / "lam-tts.json").read_text(encoding="utf-8") == "my own notes"


# --- the kit's own folders (printkit.kitfolder) -------------------------------------

def _staged(tmp_path, files: dict) -> Path:
    staged = tmp_path / "staged"
    for name, text in files.items():
        (staged / name).parent.mkdir(parents=True, exist_ok=True)
        (staged / name).write_text(text, encoding="utf-8")
    return staged


def test_a_kit_folder_of_its_own_is_replaced_and_taken_back(tmp_path):
    from printkit import kitfolder

    target = tmp_path / "out" / "lam"
    names = ["lam-tts.json", "lam-tts/board.png", "lam-tts/counter-01.png"]
    kitfolder.install(_staged(tmp_path / "1", dict.fromkeys(names, "one")), target, names)
    assert (target / "lam-tts" / "board.png").read_text(encoding="utf-8") == "one"
    manifest = json.loads((target / kitfolder.MANIFEST).read_text(encoding="utf-8"))["files"]
    assert sorted(manifest) == sorted(names)
    # the next build replaces printkit's own files there without --overwrite
    kitfolder.install(_staged(tmp_path / "2", dict.fromkeys(names, "two")), target, names)
    assert (target / "lam-tts" / "counter-01.png").read_text(encoding="utf-8") == "two"
    # a build that writes none of them removes them, and the folder they leave empty
    kitfolder.install(_staged(tmp_path / "3", {"lam-kit.pdf": "pdf"}), target, ["lam-kit.pdf"])
    assert sorted(p.name for p in target.iterdir()) == [kitfolder.MANIFEST, "lam-kit.pdf"]
    # a user's file in it keeps the folder, and the file
    kitfolder.install(_staged(tmp_path / "4", dict.fromkeys(names, "four")), target, names)
    (target / "lam-tts" / "notes.txt").write_text("mine", encoding="utf-8")
    kitfolder.install(_staged(tmp_path / "5", {"lam-kit.pdf": "pdf"}), target, ["lam-kit.pdf"])
    assert sorted(p.name for p in (target / "lam-tts").iterdir()) == ["notes.txt"]


def test_a_link_or_a_file_where_a_kit_folder_goes_is_refused(tmp_path):
    from printkit import kitfolder

    target = tmp_path / "out" / "lam"
    target.mkdir(parents=True)
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    (target / "lam-tts").symlink_to(elsewhere, target_is_directory=True)
    names = ["lam-tts.json", "lam-tts/board.png"]
    for overwrite in (False, True):
        with pytest.raises(PrintkitError, match=r"\(lam-tts\).*move them away"):
            kitfolder.install(_staged(tmp_path / str(overwrite), dict.fromkeys(names, "x")), target, names,
                              overwrite=overwrite)
    assert list(elsewhere.iterdir()) == [] and not (target / "lam-tts.json").exists()
    (target / "lam-tts").unlink()
    (target / "lam-tts").write_text("a file of mine", encoding="utf-8")
    with pytest.raises(PrintkitError, match=r"\(lam-tts\)"):
        kitfolder.check_target(target, names, overwrite=True)


def test_a_manifest_naming_files_outside_a_kit_folder_is_not_believed(tmp_path):
    from printkit import kitfolder

    for name in ("lam-tts/board.png", "lam-tts/notes"):
        assert kitfolder._kit_file_name(name, "lam")
    for name in ("lam-tts/../x", "lam-tts/a/b", "lam-tts/", "notes/lam-x", "lam-tts/..", "other/lam-x.png"):
        assert not kitfolder._kit_file_name(name, "lam"), name


def test_each_players_pieces_in_their_colour(built):
    """A player's tiles and counters carry their colour round their edge
    (a tile's tint colours its sides) and say whose they are."""
    _game, spec, _, parts, _, save = built
    hexes = {c["name"]: c["hex"] for c in spec.get("colors") or [] if isinstance(c, dict)}
    owned = [o for o in objects(save) if o["Name"] == "Custom_Tile" and o["ColorDiffuse"] != {"r": 1.0, "g": 1.0, "b": 1.0}]
    if not any(p.table in ("tile", "counter") and p.meta.get("color") for p in parts):
        assert not owned
        return
    assert owned
    for obj in owned:
        (name,) = [n for n in hexes if n in obj["Description"]]
        assert obj["ColorDiffuse"] == {k: round(int(hexes[name][i:i + 2], 16) / 255, 4)
                                       for k, i in (("r", 1), ("g", 3), ("b", 5))}


def test_a_face_keeps_only_its_own_art():
    """A gutter-fold card's front holds a corner index turned upside down
    next to the fold: it is the front's, so two cards with one back share
    it (a deck per back, not per card)."""
    from printkit.parts.core import Text

    def card(index: str) -> Part:
        part = Part(f"{index} of Spades", 126, 88, table="card",
                    faces=(("card", "front", (0.0, 0.0, 63.0, 88.0)), ("card", "back", (63.0, 0.0, 63.0, 88.0))))
        part.add(Text(60.5, 9.3, index, size=12, anchor="start", angle=180.0),  # reads leftwards from x
                 Fill(rect(63, 0, 63, 88), "#203060"))
        return part

    (ace,), (six,) = tts.piece_faces(card("A")), tts.piece_faces(card("6"))
    assert ace[0].key() != six[0].key() and ace[1].key() == six[1].key()
    assert [type(i) for i in ace[1].items] == [Fill]


def _numbered_cards(count: int) -> list[Part]:
    from printkit.parts.core import Text

    out = []
    for k in range(count):
        part = Part(f"Card {k + 1}", 40, 60, table="card")
        part.add(Text(20, 30, str(k + 1), size=12))
        part.back = [Fill(rect(0, 0, 40, 60), "#336699")]
        part.faces = (("card", "front", (0.0, 0.0, 40.0, 60.0)), ("card", "back", None))
        out.append(part)
    return out


def test_a_deck_of_75_faces_takes_two_sheets_each_with_its_hidden_slot():
    """Sheets of up to 10 x 7: 69 faces and, in the 70th place, the card a
    hidden card shows; the 6 faces left on a second sheet of 7 places."""
    spec = specs.load("lam")
    options = resolve_options(spec, BuildOptions(formats=("tts",)))
    laid = tts.table(spec, options, _numbered_cards(75), "file:///x/")
    (deck,) = [o for o in laid.objects if o["Name"] == "DeckCustom"]
    assert len(deck["ContainedObjects"]) == 75
    sheets = deck["CustomDeck"]
    assert [(e["NumWidth"], e["NumHeight"]) for e in sheets.values()] == [(10, 7), (7, 1)]
    first, second = (int(k) for k in sheets)
    assert deck["DeckIDs"] == [first * 100 + k for k in range(69)] + [second * 100 + k for k in range(6)]
    sheet = laid.pictures[sheets[str(first)]["FaceURL"].rsplit("/", 1)[1]]
    assert len(sheet.placed) == 70 and sheet.placed[-1][:2] == (9 * 40, 6 * 60)  # the back, last
    assert sheet.placed[-1][2].key() == tts.face_of(_numbered_cards(1)[0].back, (0, 0, 40, 60)).key()


def test_a_board_in_parts_is_assembled_where_each_part_goes():
    """Without a table stage, the board's parts join at their board_at."""
    left = Part("Board section 1", 100, 80, table="board", board_at=(-6.0, -6.0))
    left.add(Fill(rect(6, 6, 94, 74), "#AAAAAA"))
    right = Part("Board section 2", 110, 80, table="board", board_at=(94.0, -6.0))
    right.add(Fill(rect(0, 6, 104, 74), "#BBBBBB"))
    spec = specs.load("lam")
    face, stage_board = tts._board_face(spec, None, [left, right], None)
    assert stage_board is None
    assert (face.width, face.height) == (210.0, 80.0)
    assert [i.points[0] for i in face.items] == [(6.0, 6.0), (100.0, 6.0)]
