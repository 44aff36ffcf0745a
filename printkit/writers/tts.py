"""The kit on a virtual table: a Tabletop Simulator saved object, and image packs.

``table(spec, options, parts, folder)`` reads the kit's parts by their role
(``Part.table``, see ``printkit.parts.core``), never by game, and returns a
``Table``: every image to draw, each distinct face once, and the objects of
the save. ``build --format tts`` writes from it, beside the kit:

- ``<id>-tts.json``: a saved object as Tabletop Simulator's knowledge base
  documents it (``SaveName``, ``ObjectStates``: each object's ``Name``,
  ``Transform``, ``Nickname``, ``Description``, ``GUID``, ``ColorDiffuse``,
  ``Locked`` and its custom block): the board as one ``Custom_Board``, cards
  as decks (``DeckCustom`` of ``Card``\\ s, ``CustomDeck`` sheets of up to 10 x
  7 faces, the last slot the hidden card's, ``CardID`` = deck x 100 + slot),
  tiles and counters as ``Custom_Tile`` (stacking where ``Part.stacks``),
  dice as ``Custom_Dice``, stand-ups as ``Figurine_Custom``;
- ``<id>-tts/``: the images it names, each distinct face once (``board.png``,
  ``deck-01.png``, ``counter-01.png``, ...), RGB, at most 4096 px a side.

``build --format images`` writes every distinct face in ``<id>-images/``,
with ``<id>-images.csv`` and ``<id>-images.json``: each component's name,
count, size in mm and its front and back files, for tables that take
uploaded images.

Where the game has a ``table`` stage (``printkit.table``), the board is its
assembled board and the pieces stand where the set-up puts them (the
engine's initial position): on their cells, or in rows beside the board for
their zone. Otherwise, and for everything the set-up does not place, the
pieces lie in rows beside the board, a row per owner and kind.

Everything is derived from the spec and options (GUIDs from each object's
kind, name and place), so the same build writes the same bytes.
"""

from __future__ import annotations

import csv
import hashlib
import io
import json
import math
from dataclasses import dataclass, field, fields, is_dataclass
from pathlib import Path

from reportlab.pdfgen.canvas import Canvas

from ..parts.core import ART, GLUE, WASTE, Fill, Line, Text, item_box, transform
from .fonts import register_fonts
from .pdf import MM, draw_items
from .raster import rgb_page

INCH = 25.4  # mm in a Tabletop Simulator unit (the knowledge base: "about an inch")
MAX_PX = 4096  # the largest image side Tabletop Simulator takes
PIECE_DPI = 300  # pieces and cards at print resolution where 4096 px allows
# Sizes of Tabletop Simulator's objects at scale 1, in units: a board or
# tile's height (its width follows the image's proportions), a card's height,
# a die's edge and a figurine's height. The board, tile and card sizes are
# those measured against printed components in published saves (a card at
# scale 1 is a poker card, 3.5 in tall; boards and tiles 1.318 units tall
# per unit of scale); the die's and the figurine's are estimates, to be
# measured in the game.
TILE_AT_1 = 1.318
CARD_AT_1 = 3.5
DIE_AT_1 = 1.0
FIGURINE_AT_1 = 2.0
CARD_THICKNESS = 0.3  # mm, a card's, for a stack's height above the table
TABLE_Y = 1.0  # units: just above the table's top, where objects settle
DECK_COLUMNS, DECK_ROWS = 10, 7  # the largest CustomDeck sheet
# The d6 image: a cross of faces, 4 across and 3 down; (column, row) of each
# value from the top-left, opposite faces adding up to 7 (the layout of the
# d6 template Tabletop Simulator ships in its Modding folder is not
# published; a die whose faces land elsewhere still rolls fairly).
D6_TEMPLATE = {1: (1, 0), 2: (0, 1), 3: (1, 1), 4: (3, 1), 5: (2, 1), 6: (1, 2)}
SHELF_GAP = 12.0  # mm between pieces lying beside the board
SHELF_WIDTH = 400.0  # mm a row of them runs before the next starts
ROLES = ("board", "card", "tile", "counter", "die", "standup")


# --- faces -----------------------------------------------------------------

@dataclass(frozen=True)
class Face:
    """What one side of a piece shows: art in its own frame, origin at the bottom-left."""

    items: tuple
    width: float
    height: float

    def key(self) -> str:
        """The same for two faces that draw the same (after rounding to 1 µm)."""
        return hashlib.sha256(repr((_rounded(self.items), round(self.width, 3),
                                    round(self.height, 3))).encode()).hexdigest()


def _rounded(value):
    if isinstance(value, (float, int)) and not isinstance(value, bool):
        return round(float(value), 3) + 0.0  # 40 and 40.0 are one, and so are -0.0 and 0.0
    if isinstance(value, (tuple, list)):
        return tuple(_rounded(v) for v in value)
    if is_dataclass(value):
        return (type(value).__name__,) + tuple(_rounded(getattr(value, f.name)) for f in fields(value))
    if value is None or isinstance(value, (str, int, bool, bytes)):
        return value
    if hasattr(value, "tobytes"):  # a picture's pixels
        return hashlib.sha256(value.tobytes()).hexdigest()
    # Anything else (a vector drawing) by its kind alone: never by where it sits in memory.
    return type(value).__name__


def _shown(item) -> bool:
    """Whether a virtual table shows the item: print art, no cut or fold lines, no glue or waste."""
    if isinstance(item, Line):
        return item.role == ART
    if isinstance(item, Fill):
        return item.role not in (GLUE, WASTE)
    return getattr(item, "role", ART) == ART


def _box(item):
    """The box an item covers: ``item_box``, with words turned upside down
    turned with their box about their anchor (a card's corner index)."""
    box = item_box(item)
    if box is not None and isinstance(item, Text) and item.angle % 360 == 180:
        left, bottom, right, top = box
        return (2 * item.x - right, 2 * item.y - top, 2 * item.x - left, 2 * item.y - bottom)
    return box


def _inside(box, x: float, y: float, w: float, h: float, eps: float = 1e-6) -> bool:
    """Whether an item's box reaches into the rectangle (not just its edge):
    a face keeps its own art, not its neighbours' on the same part."""
    if box is None:
        return True
    x0, y0, x1, y1 = box
    return x1 > x + eps and x0 < x + w - eps and y1 > y + eps and y0 < y + h - eps


def face_of(items, rect) -> Face:
    """The face at rect (x, y, w, h[, 180]) of items in a part's frame."""
    x, y, w, h = rect[:4]
    turned = len(rect) > 4 and rect[4] % 360 == 180
    art = []
    for item in items:
        if not _shown(item) or not _inside(_box(item), x, y, w, h):
            continue
        moved = transform(item, dx=-x, dy=-y)
        if turned:  # printed upside down on the part: turned over to read upright
            moved = transform(moved, rotate=180, dx=w, dy=h)
        art.append(moved)
    return Face(tuple(art), float(w), float(h))


def piece_faces(part) -> list[list[Face]]:
    """The pieces a part makes on the table, each as its faces (see core's module doc)."""
    if part.table_faces:
        return [[face_of(part.items, rect) for rect in part.table_faces]]
    if part.faces:
        out: list[list[Face]] = []
        for _, side, where in part.faces:
            if where is None:  # the part's back art, over the whole part
                face = face_of(part.back, (0.0, 0.0, part.width, part.height))
            else:
                face = face_of(part.items, where)
            if side == "back" and out:
                out[-1].append(face)
            else:
                out.append([face])
        return out
    return [[face_of(part.items, (0.0, 0.0, part.width, part.height))]]


def round_piece(part) -> bool:
    """Whether the part's cut outline is a circle (a round counter): a tile of Type 2."""
    for item in part.items:
        if isinstance(item, Line) and item.role == "cut" and item.closed and len(item.points) >= 24:
            cx, cy = part.width / 2, part.height / 2
            radii = [math.hypot(px - cx, py - cy) for px, py in item.points]
            if max(radii) - min(radii) < 0.02 * max(radii):
                return True
    return False


# --- images ----------------------------------------------------------------

@dataclass(frozen=True)
class Picture:
    """One image file: faces placed on a canvas of width x height mm (y down from the top)."""

    name: str
    width: float
    height: float
    placed: tuple  # (x, y from the top, Face)
    px_per_mm: float

    @property
    def size_px(self) -> tuple[int, int]:
        return (max(1, round(self.width * self.px_per_mm)), max(1, round(self.height * self.px_per_mm)))


def px_per_mm(width: float, height: float, dpi: float = PIECE_DPI) -> float:
    """The resolution of an image of width x height mm: dpi where 4096 px take it, else less."""
    return min(dpi / INCH, (MAX_PX - 1) / max(width, height, 1e-6))


def render(picture: Picture) -> bytes:
    """The picture as RGB PNG bytes, drawn by the kit's PDF code and rendered by PDFium."""
    document = io.BytesIO()
    canvas = Canvas(document, pagesize=(picture.width * MM, picture.height * MM), invariant=1)
    fonts = register_fonts()
    for x, y, face in picture.placed:
        canvas.saveState()
        canvas.translate(x * MM, (picture.height - y - face.height) * MM)
        outline = canvas.beginPath()
        outline.rect(0, 0, face.width * MM, face.height * MM)
        canvas.clipPath(outline, stroke=0, fill=0)  # a face never shows its neighbour's art
        draw_items(canvas, list(face.items), fonts, ink_saver=False)
        canvas.restoreState()
    canvas.showPage()
    canvas.save()
    # As PDFium rounds the page's size in pixels: within a pixel of size_px,
    # never past 4096 (px_per_mm keeps a pixel in hand).
    image = rgb_page(document.getvalue(), picture.px_per_mm * 25.4 / 72)
    out = io.BytesIO()
    image.save(out, format="PNG", dpi=(round(picture.px_per_mm * INCH),) * 2)
    return out.getvalue()


def single(name: str, face: Face, dpi: float = PIECE_DPI) -> Picture:
    return Picture(name, face.width, face.height, ((0.0, 0.0, face),), px_per_mm(face.width, face.height, dpi))


# --- the table ---------------------------------------------------------------

@dataclass
class Table:
    """What a build writes for a virtual table: the pictures (each written
    once) and the save's objects, URLs relative to where the pictures go."""

    spec_id: str
    title: str
    pictures: dict = field(default_factory=dict)  # name -> Picture
    objects: list = field(default_factory=list)
    components: list = field(default_factory=list)  # image pack rows: name, count, size, faces
    placed: list = field(default_factory=list)  # (Nickname, cell or zone, owner) of set-up pieces


class _Names:
    """File names for distinct faces: one per face, numbered per role in order of first use."""

    def __init__(self):
        self.by_key: dict[str, str] = {}
        self.counts: dict[str, int] = {}

    def name(self, role: str, key: str) -> tuple[str, bool]:
        """(file name, whether it is new)."""
        if key in self.by_key:
            return self.by_key[key], False
        self.counts[role] = self.counts.get(role, 0) + 1
        name = f"{role}-{self.counts[role]:02d}.png"
        self.by_key[key] = name
        return name, True


def _guid(seen: set, *what) -> str:
    """Six hex digits from what the object is and where: stable from build to build."""
    text = "|".join(str(w) for w in what)
    k = 0
    while True:
        guid = hashlib.sha256(f"{text}|{k}".encode()).hexdigest()[:6]
        if guid not in seen:
            seen.add(guid)
            return guid
        k += 1


def _object(name: str, nickname: str, description: str, x: float, z: float, y: float = TABLE_Y,
            scale: tuple = (1.0, 1.0, 1.0), rot: tuple = (0.0, 180.0, 0.0), locked: bool = False) -> dict:
    """An object's common fields, at (x, z) units on the table."""
    return {
        "Name": name,
        "Transform": {"posX": round(x, 4), "posY": round(y, 4), "posZ": round(z, 4),
                      "rotX": rot[0], "rotY": rot[1], "rotZ": rot[2],
                      "scaleX": round(scale[0], 5), "scaleY": round(scale[1], 5), "scaleZ": round(scale[2], 5)},
        "Nickname": nickname,
        "Description": description,
        "GMNotes": "",
        "ColorDiffuse": {"r": 1.0, "g": 1.0, "b": 1.0},
        "Locked": locked,
        "Grid": True,
        "Snap": True,
        "IgnoreFoW": False,
        "Autoraise": True,
        "Sticky": True,
        "Tooltip": True,
        "GridProjection": False,
        "HideWhenFaceDown": name in ("Card", "DeckCustom"),
        "Hands": name in ("Card", "DeckCustom"),
        "LuaScript": "",
        "LuaScriptState": "",
        "XmlUI": "",
        "GUID": "",
    }


@dataclass
class _Piece:
    """A part's piece on its way to the table."""

    part: object
    faces: list  # [Face, ...]
    owner: str  # colour name or ""
    name: str


def _owner(part) -> str:
    return str(part.meta.get("color") or "") if isinstance(part.meta, dict) else ""


def _piece_name(part, count: int) -> str:
    """The piece's own name: the part's, or for a part of several pieces, the name of one."""
    return part.piece or part.name if count > 1 else part.name


def _board_face(spec, options, parts, stage) -> tuple[Face | None, object]:
    """The assembled board (None for a kit that prints none: the table
    stage's board of a game without one is only where pieces may lie), and
    the table stage's board (None without a stage)."""
    boards = [p for p in parts if p.table == "board"]
    if stage is not None:
        board = stage.board(spec, options)
        items = tuple(i for i in board.items if _shown(i))
        return (Face(items, float(board.width), float(board.height)) if boards else None), board
    if not boards:
        return None, None
    items = []
    for part in boards:
        ox, oy = part.board_at or (0.0, 0.0)
        items += [transform(i, dx=ox, dy=oy) for i in part.items if _shown(i)]
    xs, ys = [], []
    for part in boards:
        ox, oy = part.board_at or (0.0, 0.0)
        xs += [ox, ox + part.width]
        ys += [oy, oy + part.height]
    x0, y0 = min(xs), min(ys)
    items = [transform(i, dx=-x0, dy=-y0) for i in items]
    return Face(tuple(items), max(xs) - x0, max(ys) - y0), None


def table(spec, options, parts, url: str, stage=None, state=None) -> Table:
    """The virtual table of a kit (see the module doc). url: what each image
    file name is appended to in the save (a folder's file:// URL or the
    --tts-url). stage and state: the game's table stage and the position
    it sets up, or None."""
    title = str(spec.get("title", spec.id))
    out = Table(spec.id, title)
    names = _Names()
    guids: set = set()
    colours = [c.get("name", "") for c in (spec.get("colors") or []) if isinstance(c, dict)]
    hexes = {c.get("name", ""): c.get("hex", "") for c in (spec.get("colors") or [])
             if isinstance(c, dict) and str(c.get("hex", "")).startswith("#") and len(str(c.get("hex"))) == 7}

    def picture(role: str, face: Face) -> str:
        name, new = names.name(role, face.key())
        if new:
            out.pictures[name] = single(name, face)
        return name

    def add(obj: dict, *what) -> dict:
        obj["GUID"] = _guid(guids, obj["Name"], obj["Nickname"], *what)
        out.objects.append(obj)
        return obj

    # The board, in the middle of the table.
    board_face, board = _board_face(spec, options, parts, stage)
    bw, bh = (board_face.width, board_face.height) if board_face else (0.0, 0.0)
    if board_face is None and board is not None:
        # No board printed: the stage's frame places pieces, its middle the table's, the rest lie beside it.
        bw, bh = float(board.width), float(board.height)
        shelf_left, shelf_top = bw / 2 + 30.0, bh / 2
    else:
        shelf_left, shelf_top = bw + 30.0, bh
    if board_face is not None:
        name = "board.png"
        out.pictures[name] = Picture(name, bw, bh, ((0.0, 0.0, board_face),), px_per_mm(bw, bh))
        s = bh / INCH / TILE_AT_1
        obj = _object("Custom_Board", "Board", title, 0.0, 0.0, y=TABLE_Y - 0.05, scale=(s, 1.0, s), locked=True)
        obj["CustomImage"] = {"ImageURL": url + name, "ImageSecondaryURL": "", "ImageScalar": 1.0,
                              "WidthScale": 0.0}
        add(obj, 0, 0)

    def table_xz(x_mm: float, y_mm: float) -> tuple[float, float]:
        """A point of the board's frame on the table: the board's middle at the origin."""
        return (x_mm - bw / 2) / INCH, (y_mm - bh / 2) / INCH

    pieces: list[_Piece] = []
    for part in parts:
        if part.table not in ROLES or part.table == "board":
            continue
        made = piece_faces(part)
        for faces in made:
            pieces.append(_Piece(part, faces, _owner(part), _piece_name(part, len(made))))

    # The shelf: rows beside the board (to its right), a row per owner and kind.
    shelf = {"x": shelf_left, "y": shelf_top, "row_h": 0.0, "key": None}

    def shelf_spot(width: float, height: float, key) -> tuple[float, float]:
        """Where the next piece lies beside the board: its middle, in the board's frame."""
        if key != shelf["key"] or shelf["x"] + width > shelf_left + SHELF_WIDTH:
            if shelf["key"] is not None:
                shelf["y"] -= shelf["row_h"] + SHELF_GAP
            shelf["x"], shelf["row_h"], shelf["key"] = shelf_left, 0.0, key
        x = shelf["x"] + width / 2
        y = shelf["y"] - height / 2
        shelf["x"] += width + SHELF_GAP
        shelf["row_h"] = max(shelf["row_h"], height)
        return x, y

    def place(piece: _Piece, x_mm: float, y_mm: float, level: int = 0, nickname: str = "",
              hidden: bool = False, where: str = "") -> None:
        part, role = piece.part, piece.part.table
        front = piece.faces[0]
        x, z = table_xz(x_mm, y_mm)
        nick = nickname or piece.name
        desc = piece.owner
        if role in ("tile", "counter"):
            s = front.height / INCH / TILE_AT_1
            thick = 0.2 if part.stock == "paper" else 0.1
            obj = _object("Custom_Tile", nick, desc, x, z, y=TABLE_Y + 0.3 * level, scale=(s, 1.0, s))
            back = picture(role, piece.faces[1]) if len(piece.faces) > 1 else ""
            if piece.owner in hexes:  # a tile's tint colours its sides: the owner's colour round its edge
                obj["ColorDiffuse"] = _rgb(hexes[piece.owner])
            obj["CustomImage"] = {"ImageURL": url + picture(role, front), "ImageSecondaryURL": url + back if back else "",
                                  "ImageScalar": 1.0, "WidthScale": 0.0,
                                  "CustomTile": {"Type": 2 if round_piece(part) else 0,
                                                 "Thickness": thick, "Stackable": bool(part.stacks),
                                                 "Stretch": abs(front.width - front.height) < 0.01}}
        elif role == "standup":
            s = front.height / INCH / FIGURINE_AT_1
            obj = _object("Figurine_Custom", nick, desc, x, z, y=TABLE_Y + 0.5, scale=(s, s, s))
            back = picture("standup", piece.faces[1]) if len(piece.faces) > 1 else picture("standup", front)
            obj["CustomImage"] = {"ImageURL": url + picture("standup", front), "ImageSecondaryURL": url + back,
                                  "ImageScalar": 1.0, "WidthScale": 0.0}
        elif role == "die":
            obj = _die(piece, x, z, nick)
        elif role == "card":
            obj = _lone_card(piece, x, z, hidden)
        else:
            return
        add(obj, role, round(x, 3), round(z, 3), level, where)

    def _die(piece: _Piece, x: float, z: float, nickname: str) -> dict:
        faces = (piece.faces + piece.faces[-1:] * 6)[:6]
        key = hashlib.sha256("".join(f.key() for f in faces).encode()).hexdigest()
        name, new = names.name("die", key)
        edge = max(f.width for f in faces)
        if new:
            placed = tuple((D6_TEMPLATE[v][0] * edge, D6_TEMPLATE[v][1] * edge, faces[v - 1]) for v in range(1, 7))
            out.pictures[name] = Picture(name, 4 * edge, 3 * edge, placed, px_per_mm(4 * edge, 3 * edge))
        s = edge / INCH / DIE_AT_1
        obj = _object("Custom_Dice", nickname, piece.owner, x, z, y=TABLE_Y + 0.5, scale=(s, s, s))
        obj["CustomImage"] = {"ImageURL": url + name, "ImageSecondaryURL": "", "ImageScalar": 1.0,
                              "WidthScale": 0.0, "CustomDice": {"Type": 1}}
        return obj

    # Cards: a deck per back (and size); a card the set-up places is dealt on its own.
    decks: dict = {}

    def deck_for(piece: _Piece):
        front = piece.faces[0]
        back = piece.faces[1] if len(piece.faces) > 1 else _plain_back(front, title)
        key = (back.key(), round(front.width, 3), round(front.height, 3))
        if key not in decks:
            decks[key] = {"back": back, "fronts": [], "slots": {}, "cards": [], "owner": piece.owner}
        return decks[key]

    def card_id(piece: _Piece) -> tuple[int, dict]:
        """The card's CardID and the CustomDeck entry it is drawn from."""
        deck = deck_for(piece)
        front = piece.faces[0]
        k = front.key()
        if k not in deck["slots"]:
            deck["slots"][k] = len(deck["fronts"])
            deck["fronts"].append(front)
        return deck["slots"][k], deck

    def _lone_card(piece: _Piece, x: float, z: float, hidden: bool) -> dict:
        slot, deck = card_id(piece)
        obj = _object("Card", piece.name, piece.owner, x, z, y=TABLE_Y + 0.3,
                      scale=_card_scale(piece.faces[0]), rot=(0.0, 180.0, 180.0 if hidden else 0.0))
        obj["SidewaysCard"] = piece.faces[0].width > piece.faces[0].height
        deck["cards"].append((obj, slot))
        return obj

    # Set-up pieces first, where the engine's initial position puts them.
    left = list(pieces)
    if stage is not None and board is not None and state is not None:
        # A player's colour as the engine seats them, which need not be the order of the spec's colours.
        seated = list(getattr(getattr(state, "game", None), "colors", None) or colours)
        colours = [next((c for c in colours if str(seat).startswith(c)), str(seat)) for seat in seated]
        cells = {c.name: c for c in board.cells}
        zones = {z.name: z for z in board.zones}
        for shown in stage.pieces(spec, state, None):
            colour = colours[shown.owner] if shown.owner is not None and shown.owner < len(colours) else ""
            match = _take(left, shown, colour)
            if match is None:
                continue
            count = max(1, int(shown.count))
            for level in range(count):
                piece = match if level == 0 else (_take(left, shown, colour) or match)
                if shown.where in cells:
                    cx, cy = cells[shown.where].center
                    place(piece, cx, cy, level, shown.name, shown.hidden, shown.where)
                elif piece.part.table == "card":  # a pile of cards in a zone: a deck there
                    slot, deck = card_id(piece)
                    label = zones[shown.where].label if shown.where in zones else shown.where
                    deck["cards"].append((None, slot, piece, shown.where, label, shown.hidden))
                else:
                    label = zones[shown.where].label if shown.where in zones else shown.where
                    front = piece.faces[0]
                    # A row per player's zones (a hand of each type), a row per shared zone.
                    owner = zones[shown.where].owner if shown.where in zones else None
                    x, y = shelf_spot(front.width, front.height,
                                      ("zone", shown.where if owner is None else owner, piece.part.table))
                    place(piece, x, y, 0, shown.name, shown.hidden, shown.where)
                    out.objects[-1]["Description"] = label
                out.placed.append((shown.name, shown.where, shown.owner))
    # Then the rest, beside the board: cards in their decks, everything else in rows.
    for piece in left:
        if piece.part.table == "card":
            slot, deck = card_id(piece)
            deck["cards"].append((None, slot, piece, "", "", False))
            continue
        front = piece.faces[0]
        if piece.part.table == "die":
            front = Face((), front.width, front.width)
        x, y = shelf_spot(front.width, front.height, (piece.owner, piece.part.table, piece.part.kind))
        place(piece, x, y)
    _deal(out, decks, url, names, guids, shelf_spot, table_xz)
    _components(out, parts, pieces, board_face)
    return out


def _rgb(hex_colour: str) -> dict:
    """A ColorDiffuse of "#RRGGBB": r, g and b from 0 to 1."""
    return {k: round(int(hex_colour[i:i + 2], 16) / 255, 4) for k, i in (("r", 1), ("g", 3), ("b", 5))}


def _take(pieces: list, shown, colour: str):
    """The first piece left that prints what the table stage shows: same
    kind and owner, named alike where names tell pieces apart."""
    same = [p for p in pieces if p.part.kind == shown.kind and (not colour or p.owner == colour)]
    named = [p for p in same if p.name.lower().startswith(shown.name.lower())] or same
    if not named:
        return None
    pieces.remove(named[0])
    return named[0]


def _plain_back(front: Face, title: str) -> Face:
    """A back for one-sided cards: the game's name on white."""
    size = max(6.0, min(14.0, front.width / max(1, len(title)) * 2.2))
    return Face((Text(front.width / 2, front.height / 2, title, size=size, bold=True),),
                front.width, front.height)


def _card_scale(front: Face) -> tuple:
    s = front.height / INCH / CARD_AT_1
    return (s, 1.0, s)


def _deal(out: Table, decks: dict, url: str, names: _Names, guids: set, shelf_spot, table_xz) -> None:
    """Each deck's sheets (up to 69 faces and the hidden card's slot) and its
    objects: a DeckCustom of its cards, or a lone Card; CardIDs deck x 100 + slot."""
    number = 0
    for key, deck in decks.items():
        fronts, back = deck["fronts"], deck["back"]
        per = DECK_COLUMNS * DECK_ROWS - 1
        sheets = {}
        for first in range(0, len(fronts), per):
            number += 1
            chunk = fronts[first:first + per]
            columns = min(DECK_COLUMNS, len(chunk) + 1)
            rows = math.ceil((len(chunk) + 1) / columns)
            w, h = back.width, back.height
            placed = [((k % columns) * w, (k // columns) * h, f) for k, f in enumerate(chunk)]
            # The last slot: the face Tabletop Simulator shows for a card hidden in a hand.
            placed.append(((columns - 1) * w, (rows - 1) * h, back))
            sheet = f"deck-{number:02d}.png"
            out.pictures[sheet] = Picture(sheet, columns * w, rows * h, tuple(placed),
                                          px_per_mm(columns * w, rows * h))
            back_name, new = names.name("back", back.key())
            if new:
                out.pictures[back_name] = single(back_name, back)
            sheets[first // per] = (number, {"FaceURL": url + sheet, "BackURL": url + back_name,
                                             "NumWidth": columns, "NumHeight": rows, "BackIsHidden": True,
                                             "UniqueBack": False, "Type": 0})
        def ident(slot: int, sheets=sheets, per=per) -> tuple[int, str, dict]:
            deck_no, entry = sheets[slot // per]
            return deck_no * 100 + slot % per, str(deck_no), entry

        piles: dict = {}  # zone (or "" beside the board) -> its cards, each pile one deck
        for obj, slot, *rest in deck["cards"]:
            if obj is not None:  # dealt on its own by the set-up
                cid, dk, entry = ident(slot)
                obj["CardID"] = cid
                obj["CustomDeck"] = {dk: entry}
            else:
                piles.setdefault(rest[1], []).append((slot, *rest))
        for where, lying in piles.items():
            _pile(out, deck, key, where, lying, fronts, ident, guids, shelf_spot, table_xz)


def _pile(out: Table, deck: dict, key, where: str, lying: list, fronts: list, ident, guids: set,
          shelf_spot, table_xz) -> None:
    """One pile of a deck's cards beside the board (a zone's, or the rest):
    a DeckCustom of them, or a lone Card."""
    if lying:
        front = fronts[lying[0][0]]
        x, y = shelf_spot(front.width, front.height, ("deck", key, where))
        x, z = table_xz(x, y)
        hidden = any(c[4] for c in lying)
        turned = (0.0, 180.0, 180.0 if hidden else 0.0)
        cards = []
        for k, (slot, piece, _, label, _) in enumerate(lying):
            cid, dk, entry = ident(slot)
            card = _object("Card", piece.name, label or piece.owner, x, z, y=TABLE_Y + 0.3,
                           scale=_card_scale(front), rot=turned)
            card["CardID"] = cid
            card["CustomDeck"] = {dk: entry}
            card["SidewaysCard"] = front.width > front.height  # a landscape card zooms in turned
            card["GUID"] = _guid(guids, "Card", piece.name, cid, k, where, key)
            cards.append(card)
        if len(cards) == 1:
            out.objects.append(cards[0])
            return
        owner = deck["owner"]
        title = lying[0][3] or (f"Cards ({owner})" if owner else "Cards")
        obj = _object("DeckCustom", title, owner, x, z, y=TABLE_Y + 0.3, scale=_card_scale(front), rot=turned)
        obj["SidewaysCard"] = front.width > front.height
        obj["DeckIDs"] = [c["CardID"] for c in cards]
        used = {}
        for c in cards:
            used.update(c["CustomDeck"])
        obj["CustomDeck"] = dict(sorted(used.items(), key=lambda kv: int(kv[0])))
        obj["ContainedObjects"] = cards
        obj["GUID"] = _guid(guids, "DeckCustom", title, round(x, 3), round(z, 3))
        out.objects.append(obj)


def _components(out: Table, parts, pieces: list, board_face) -> None:
    """The image pack's rows: each distinct piece (by its faces and name) with its count."""
    rows: dict = {}
    if board_face is not None:
        rows[("Board", board_face.key(), "")] = {"name": "Board", "count": 1, "faces": [board_face], "role": "board"}
    for piece in pieces:
        role = piece.part.table
        if role == "die":
            for v, face in enumerate(piece.faces, start=1):
                key = (f"{piece.name}: face {v}", face.key(), "")
                row = rows.setdefault(key, {"name": key[0], "count": 0, "faces": [face], "role": "die"})
                row["count"] += 1
            continue
        key = (piece.name,) + tuple(f.key() for f in piece.faces)
        row = rows.setdefault(key, {"name": piece.name, "count": 0, "faces": list(piece.faces), "role": role})
        row["count"] += 1
    out.components = list(rows.values())


# --- writing -------------------------------------------------------------------

def save(out: Table) -> bytes:
    """The saved object's JSON."""
    document = {
        "SaveName": out.title,
        "Date": "",
        "VersionNumber": "",
        "GameMode": out.title,
        "GameType": "",
        "GameComplexity": "",
        "Tags": [],
        "Gravity": 0.5,
        "PlayArea": 0.5,
        "Table": "",
        "Sky": "",
        "Note": "",
        "TabStates": {},
        "LuaScript": "",
        "LuaScriptState": "",
        "XmlUI": "",
        "ObjectStates": out.objects,
    }
    return (json.dumps(document, indent=2, ensure_ascii=False) + "\n").encode("utf-8")


def image_pack(out: Table, folder: str) -> tuple[dict, list[dict]]:
    """The --format images pack: {file name: Picture} and the manifest's
    rows, which name each file in ``folder`` (beside the manifest)."""
    names = _Names()
    pictures: dict = {}
    manifest = []
    for row in out.components:
        files = []
        for face in row["faces"][:2]:
            name, new = names.name(row["role"], face.key())
            if new:
                dpi = PIECE_DPI
                pictures[name] = single(name, face, dpi)
            files.append(name)
        front = row["faces"][0]
        manifest.append({"name": row["name"], "count": row["count"],
                         "width_mm": round(front.width, 2), "height_mm": round(front.height, 2),
                         "front": f"{folder}/{files[0]}", "back": f"{folder}/{files[1]}" if len(files) > 1 else ""})
    return pictures, manifest


def manifest_csv(rows: list[dict]) -> bytes:
    text = io.StringIO()
    writer = csv.DictWriter(text, fieldnames=["name", "count", "width_mm", "height_mm", "front", "back"],
                            lineterminator="\n")
    writer.writeheader()
    writer.writerows(rows)
    return text.getvalue().encode("utf-8")


def manifest_json(rows: list[dict]) -> bytes:
    return (json.dumps({"components": rows}, indent=2, ensure_ascii=False) + "\n").encode("utf-8")


def write_bytes(path: Path, data: bytes) -> None:
    Path(path).write_bytes(data)
