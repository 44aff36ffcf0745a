"""A game of one's own on a table (``printkit.table``): its board, and its
components laid out to be moved freely. There is no rules engine, so no
position: ``pieces`` takes ``state`` None and shows what the box holds, and
no move touches anything.

- Board: the spec's first ``board`` component assembled
  (``printkit.components.boards.spec_board``), its cells by their names
  (``a1`` .. , ``track-<n>``); a spec without one has an empty play area,
  framed, large enough to spread every piece out on.
- Zones: one per component that makes pieces (its deck, its pile of
  tokens, its dice), named by the component (``deck``, ``suns-die``) and
  labelled with its name as the spec writes it.
- Pieces: a deck as one pile (face down where its cards have a back); tiles
  and tokens one pile per kind; each die on its own, its label the face
  that shows at set-up (its first); each stand-up on its own. The counts add
  up to every piece the kit prints.
"""

from __future__ import annotations

import math
import re

from ... import components
from ...components.boards import spec_board
from ...options import BuildOptions
from ...parts.core import INK, Line, rect
from ...table import Board, Piece, Zone, die_face

PIECE_ROLES = ("card", "tile", "counter", "die", "standup")  # what of a kit lies on a table
AREA_MARGIN = 20.0  # mm round the pieces in a play area with no board
AREA_SPREAD = 2.0  # a play area's size over the pieces' own: room to lay them out apart
AREA_LEAST = 200.0  # mm: the smallest play area's side


def _options(options) -> BuildOptions:
    return options if options is not None else BuildOptions()


def _components(spec, options) -> list[tuple[int, dict, list]]:
    """(index, component, its parts that lie on a table) of each component making pieces, in the spec's order."""
    made = components.made_by_component(spec, _options(options))
    context = components.Context(spec, options, components.spec_folder(spec))
    out = []
    for index, component in enumerate(spec.data.get("components") or []):
        if component.get("type") == "board":
            continue
        parts = [p for p in made.get(context.at(index).name(), []) if p.table in PIECE_ROLES]
        if parts:
            out.append((index, component, parts))
    return out


def _zone_names(spec, found) -> dict[int, Zone]:
    """A zone per component: its name in lower case, words joined by hyphens
    (a number added where two would read alike)."""
    context = components.Context(spec, None, components.spec_folder(spec))
    zones: dict[int, Zone] = {}
    taken: set = set()
    for index, _, _ in found:
        label = context.at(index).name()
        base = re.sub(r"[^a-z0-9]+", "-", label.lower()).strip("-") or f"component-{index + 1}"
        name, n = base, 2
        while name in taken:
            name, n = f"{base}-{n}", n + 1
        taken.add(name)
        zones[index] = Zone(name, label)
    return zones


def board(spec, options=None) -> Board:
    found = _components(spec, options)
    zones = tuple(_zone_names(spec, found).values())
    laid = spec_board(spec, _options(options))
    if laid is not None:
        return Board(laid.width, laid.height, laid.items, laid.cells, zones)
    # No board: a framed area with room for every piece laid out apart.
    sizes = [(_size(p), p.pieces) for _, _, parts in found
             for p in (parts[:1] if parts[0].table == "card" else parts)]  # a deck is one pile
    area = sum(w * h * n for (w, h), n in sizes)
    largest = max((max(w, h) for (w, h), _ in sizes), default=0.0)
    side = max(AREA_LEAST, math.sqrt(area * AREA_SPREAD), largest) + 2 * AREA_MARGIN
    side = float(math.ceil(side / 10.0) * 10)  # whole centimetres: a table's grid
    frame = Line(rect(0.0, 0.0, side, side), role="art", closed=True, color=INK, width_pt=0.5)
    return Board(side, side, (frame,), (), zones)


def pieces(spec, state=None, player: int | None = None) -> list[Piece]:
    """Every piece the kit prints, in its component's zone (see the module
    doc); ``state`` and ``player`` are None: without rules, nothing is hidden
    from anyone but a deck's faces."""
    found = _components(spec, None)
    zones = _zone_names(spec, found)
    out: list[Piece] = []
    for index, component, parts in found:
        where = zones[index].name
        role = parts[0].table
        if role == "card":
            count = sum(p.pieces for p in parts)
            backed = any(face[1] == "back" for face in parts[0].faces)
            out.append(Piece(parts[0].piece or parts[0].name, where, None, "card", count=count, label=str(count),
                             hidden=backed, meta={"component": zones[index].label}))
        elif role == "die":
            top = _die_face((component.get("faces") or [{"pips": 1}])[0])
            for part in parts:
                # Its first face up, drawn as that face (``printkit.table``: meta["face"]).
                out.append(Piece(part.piece or part.name, where, None, "die", count=part.pieces, label=top,
                                 meta={"component": zones[index].label, **die_face(1)}))
        else:
            # One pile per kind of piece, in the order the kit prints them.
            piles: dict[str, list] = {}
            for part in parts:
                piles.setdefault(part.piece or part.name, []).append(part)
            for name, pile in piles.items():
                count = sum(p.pieces for p in pile)
                out.append(Piece(name, where, None, pile[0].kind, count=count,
                                 label=str(count) if count > 1 else "", meta={"component": zones[index].label}))
    return out


def _size(part) -> tuple[float, float]:
    """A piece's size as it lies on a table: a card's or a tile's own (not its
    gutter-fold pair's), else the part's."""
    w, h = part.meta.get("size") or (part.width, part.height)
    return float(w), float(h)


def touches(spec, state, action: int) -> tuple[str, ...]:
    """No rules, no moves: pieces move freely on a sandbox table."""
    return ()


def _die_face(entry: dict) -> str:
    """What a die's face shows, in words: its pips or number, its words, its picture's name."""
    for key in ("pips", "number", "text"):
        if key in entry:
            return str(entry[key])
    if "icon" in entry:  # its file's name in words: "value-null.svg" -> "value null"
        return re.sub(r"[-_]+", " ", str(entry["icon"]).rsplit("/", 1)[-1].rsplit(".", 1)[0]).strip()
    return ""
