"""Do the pieces fit the board? Every piece on the cell it stands on, every
set-up in its row, every stack of one size, measured from the kit's own parts.

A part that fits the paper can still be useless: a stand wider than the
square it stands on pushes its neighbours off theirs, and a set-up the rules
ask for may not fit the row it goes on. A game declares what stands where,
through an optional hook in its part generator module::

    # printkit/games/<game>/parts.py
    def footprints(spec, parts) -> list[Piece | SetUp]: ...

``parts`` is the kit's own list of parts (``parts(spec, options)``), so every
footprint is measured from the geometry that prints: the helpers below read
a cut outline (``cut_outline``), the base of a folding tent (``tent_base``)
or a card's face (``face_box``). A ``Piece`` is the plan view of a finished
piece (what it covers seen from above: a stand's base, a folded net's base,
a tile, a counter, a stack) with the ``Cell`` it stands on (a square, a hex,
a place on a mat); a ``SetUp`` is a row or start area the rules fill with
pieces. Pieces that share a ``stack`` name are meant to stack (counters
in a pile) or to lie edge to edge (tiles), so they must be one size.

The check (``problems``) finds, for every kind of piece:

- whether its footprint fits inside its cell with ``Cell.clearance`` free on
  every side (``CLEARANCE``, 1 mm, unless the pieces are meant to lie edge
  to edge), set at any of its allowed turns;
- whether every set-up has a cell for each of its pieces;
- whether the pieces of a stack measure the same.

Each misfit is reported at the spec key that sets the cell's size (else the
piece's), with the size that would fit: the smallest cell the piece fits,
and the largest piece the cell holds. ``printkit validate`` reports them as
errors; ``printkit build`` refuses them, as it refuses what validate refuses.
No game is named here.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from shapely import affinity
from shapely.geometry import Polygon, box

from .errors import PartTooLarge, Problem
from .parts.core import CUT, FOLDS, Line, Part

# mm free on every side of a piece on its cell: a player's fingers pick one
# piece up without knocking its neighbours, and two pieces on neighbouring
# cells stand 2 mm apart however each was set down.
CLEARANCE = 1.0
EPS = 1e-6  # mm: what measuring in floating point may miss by


@dataclass(frozen=True)
class Cell:
    """What a piece stands on: a square, a hex, a place on a mat.

    ``outline`` is the cell in mm (anywhere: only its shape counts); ``size``
    the value at ``key`` (the spec key that sets it), in mm. When the
    outline grows in proportion to that value (a square's side, a hex across
    its flats) ``scales`` is true and a misfit names the size that would fit;
    otherwise ``hint`` says what would make the cell larger."""

    noun: str  # one of them, in a message: "square"
    plural: str  # "squares"
    outline: tuple
    size: float
    key: tuple = ()
    clearance: float = CLEARANCE
    scales: bool = True
    hint: str = ""


@dataclass(frozen=True)
class Piece:
    """A finished piece, seen from above, on the cell it stands on.

    ``name`` is a plural noun for messages ("stands", "counters");
    ``footprint`` the outline the piece covers, in mm, measured from its
    part; ``turns`` the angles (degrees) it may be set at on its cell;
    ``sized_by`` the spec keys that set its size, all of it (``apart``
    false: a counter's diameter) or its width and depth apart (a stand's
    card and base). Pieces with the same non-empty ``stack`` are meant to
    stack or to lie edge to edge, so they must measure the same; it names
    them in a message: "counters (they stack)"."""

    name: str
    footprint: tuple
    cell: Cell
    sized_by: tuple = ()
    turns: tuple = (0, 90)
    stack: str = ""
    apart: bool = False


@dataclass(frozen=True)
class SetUp:
    """A row or start area the rules fill: ``count`` of ``piece`` (the widest
    set there) on an area of ``cells`` cells; ``key`` is the spec key that
    sets how many pieces go there."""

    name: str  # "the back row"
    piece: Piece
    count: int
    cells: int
    key: tuple = ()


# --- measuring the parts ---------------------------------------------------------

def cut_outline(part: Part) -> tuple:
    """The part's outer cut: the closed cut line that encloses the most area."""
    closed = [i for i in part.items if isinstance(i, Line) and i.role == CUT and i.closed]
    if not closed:
        raise ValueError(f"{part.name} has no closed cut line")
    return max(closed, key=lambda line: Polygon(line.points).area).points


def tent_base(part: Part) -> tuple:
    """The base of a folding tent or box net (``parts.nets.standup_net``): the
    rectangle between its two lowest folds across the net, which is what
    stands on the table once it is folded. Returns its outline."""
    folds: dict[float, list[float]] = {}
    for item in part.items:
        if isinstance(item, Line) and item.role in FOLDS and len(item.points) == 2:
            (x0, y0), (x1, y1) = item.points
            if abs(y0 - y1) < EPS:
                folds.setdefault(round(y0, 6), []).extend((x0, x1))
    levels = sorted(folds)
    if len(levels) < 2:
        raise ValueError(f"{part.name} has no base between two folds")
    low, high = levels[:2]
    xs = folds[low] + folds[high]
    return tuple(box(min(xs), low, max(xs), high).exterior.coords)[:-1]


def face_box(part: Part, kind: str = "", side: str = "front") -> tuple:
    """The outline of a card's or tile's face (``Part.faces``), the first of
    ``kind`` (any if empty) on ``side``."""
    for face_kind, face_side, rect in part.faces:
        if (not kind or face_kind == kind) and face_side in (side, "") and rect is not None:
            x, y, w, h = rect
            return tuple(box(x, y, x + w, y + h).exterior.coords)[:-1]
    raise ValueError(f"{part.name} has no {kind or 'card'} face")


def size_of(outline) -> tuple[float, float]:
    """Width and depth (x and y extent) of an outline, in mm."""
    x0, y0, x1, y1 = Polygon(outline).bounds
    return x1 - x0, y1 - y0


# --- the check -----------------------------------------------------------------

def _centred(shape: Polygon) -> Polygon:
    x0, y0, x1, y1 = shape.bounds
    return affinity.translate(shape, -(x0 + x1) / 2, -(y0 + y1) / 2)


def fits(piece: Piece, cell: Cell | None = None, scale_cell: float = 1.0, scale_piece=1.0) -> bool:
    """Whether ``piece`` stands on its cell (or ``cell``), the clearance free on
    every side, at one of its turns; the cell may be scaled about its
    centre, the piece too (a factor, or (x, y) factors along its own axes).
    The piece is set centred on the cell (the middle of its extent on the
    middle of the cell's): right for the cells printkit draws, which are
    symmetric both ways."""
    cell = cell or piece.cell
    room = _centred(Polygon(cell.outline))
    if scale_cell != 1.0:
        room = affinity.scale(room, scale_cell, scale_cell, origin=(0, 0))
    if cell.clearance:
        room = room.buffer(-cell.clearance, join_style="mitre")
    if room.is_empty:
        return False
    room = room.buffer(EPS, join_style="mitre")
    shape = _centred(Polygon(piece.footprint))
    sx, sy = scale_piece if isinstance(scale_piece, tuple) else (scale_piece, scale_piece)
    if (sx, sy) != (1.0, 1.0):
        shape = affinity.scale(shape, sx, sy, origin=(0, 0))
    return any(room.contains(_centred(affinity.rotate(shape, turn, origin=(0, 0)))) for turn in piece.turns)


def _bisect(ok, low: float, high: float, steps: int = 40) -> tuple[float, float]:
    """Narrow (low, high), ok(low) false and ok(high) true, to where ok turns."""
    for _ in range(steps):
        middle = (low + high) / 2
        if ok(middle):
            high = middle
        else:
            low = middle
    return low, high


def cell_that_fits(piece: Piece) -> float:
    """The smallest value of the cell's key at which the piece fits (mm),
    rounded up to half a millimetre."""
    cell = piece.cell
    grow = 2.0
    while not fits(piece, scale_cell=grow) and grow < 1e4:
        grow *= 2
    _, factor = _bisect(lambda k: fits(piece, scale_cell=k), 1.0, grow)
    return math.ceil(cell.size * factor * 2 - 1e-6) / 2


TINY = 1e-3  # the least share of its size a piece is shrunk to, looking for one that fits


def piece_that_fits(piece: Piece) -> str:
    """The largest piece the cell holds, in words (mm, rounded down to a
    tenth): in its own proportions; or, for a piece whose width and depth are
    set apart, as deep as it is and at most so wide, or as wide and at most
    so deep. Empty when no piece fits the cell at all."""
    w, d = size_of(piece.footprint)

    def largest(scale) -> float | None:
        if not fits(piece, scale_piece=scale(TINY)):
            return None
        factor, _ = _bisect(lambda k: not fits(piece, scale_piece=scale(k)), TINY, 1.0)
        return factor

    def mm(value: float) -> str:
        return f"{math.floor(value * 10 + 1e-6) / 10:g}"

    words = []
    if piece.apart:
        across = largest(lambda k: (k, 1.0))
        if across is not None:
            words.append(f"at most {mm(w * across)} mm wide")
        deep = largest(lambda k: (1.0, k))
        if deep is not None:
            words.append(f"at most {mm(d * deep)} mm deep")
    if words:
        return " or ".join(words)
    both = largest(lambda k: (k, k))
    return f"at most {mm(w * both)} x {mm(d * both)} mm" if both is not None else ""


def dotted(key: tuple) -> str:
    """A spec key as people write it: board.square_mm, setup.rows[1]."""
    out = ""
    for step in key:
        out += f"[{step}]" if isinstance(step, int) else (f".{step}" if out else str(step))
    return out


def _listed(keys) -> str:
    names = [dotted(k) for k in keys]
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


def _row_need(piece: Piece, setups: list[SetUp]) -> str:
    """Words on what the misfit does to a set-up: the length it needs of its row."""
    words = []
    w, d = size_of(piece.footprint)
    # Along the row: the piece as it fits best, its narrower way across if it may turn.
    across = min(w, d) if any(t % 180 for t in piece.turns) else w
    for setup in setups:
        if setup.piece.name != piece.name or setup.piece.cell != piece.cell or setup.cells < 2:
            continue
        pitch = size_of(piece.cell.outline)[0]
        need = setup.count * (across + 2 * piece.cell.clearance)
        words.append(f"{setup.count} {piece.name} on {setup.name} need {need:.0f} mm of its "
                     f"{setup.cells * pitch:.0f} mm")
    return "; " + "; ".join(words) if words else ""


def _misfit(spec, piece: Piece, setups: list[SetUp]) -> Problem:
    cell = piece.cell
    w, d = size_of(piece.footprint)
    free = (f"{cell.clearance:g} mm free on every side to pick one up" if cell.clearance
            else "edge to edge, none over")
    measured = f"{w:.1f} x {d:.1f} mm seen from above"
    if cell.key and cell.scales:
        at = cell.key
        better = f"{cell_that_fits(piece):g} mm {cell.plural} would fit them"
    else:
        at = cell.key or (piece.sized_by[0] if piece.sized_by else ())
        better = cell.hint or f"larger {cell.plural} would fit them"
    largest = piece_that_fits(piece)
    if largest:
        keys = f" ({_listed(piece.sized_by)} set{'s' if len(piece.sized_by) == 1 else ''} their size)" \
            if piece.sized_by else ""
        better += f", or {piece.name} {largest}{keys}"
    message = (f"{dotted(at) + ': ' if at else ''}{cell.size:g} mm {cell.plural} are too small for "
               f"{piece.name} ({measured}; {free}): {better}{_row_need(piece, setups)}")
    return spec.problem(at, message)


def check(spec, declared) -> list[Problem]:
    """The misfits among ``declared`` (a game's ``footprints``), each kind of
    piece on each kind of cell reported once."""
    pieces = [d for d in declared if isinstance(d, Piece)]
    setups = [d for d in declared if isinstance(d, SetUp)]
    out: list[Problem] = []
    seen = set()
    for piece in pieces + [s.piece for s in setups]:
        shape = tuple(round(v, 3) for v in size_of(piece.footprint))
        if (piece.name, piece.cell, shape, piece.turns) in seen:
            continue
        seen.add((piece.name, piece.cell, shape, piece.turns))
        if not fits(piece):
            out.append(_misfit(spec, piece, setups))
    for setup in setups:
        if setup.count > setup.cells:
            cell = setup.piece.cell
            out.append(spec.problem(setup.key, (
                f"{dotted(setup.key) + ': ' if setup.key else ''}{setup.name} has {setup.cells} "
                f"{cell.plural if setup.cells != 1 else cell.noun}, one piece on each: {setup.count} "
                f"{setup.piece.name} do not fit it")))
    stacks: dict[str, dict] = {}
    for piece in pieces:
        if piece.stack:
            shape = Polygon(piece.footprint)
            sizes = stacks.setdefault(piece.stack, {})
            if not any(abs(size_of(piece.footprint)[0] - size_of(other.footprint)[0]) < 0.05
                       and abs(size_of(piece.footprint)[1] - size_of(other.footprint)[1]) < 0.05
                       and abs(shape.area - Polygon(other.footprint).area) < 0.05
                       for other in sizes.values()):
                sizes[piece.name] = piece
    for stack, kinds in stacks.items():
        if len(kinds) > 1:
            first, *others = kinds.values()
            other = others[0]
            at = other.sized_by[0] if other.sized_by else first.sized_by[0] if first.sized_by else ()
            a, b = size_of(first.footprint), size_of(other.footprint)
            out.append(spec.problem(at, (
                f"{dotted(at) + ': ' if at else ''}{stack} must all be one size, "
                f"but {first.name} measure {a[0]:.1f} x {a[1]:.1f} mm and {other.name} "
                f"{b[0]:.1f} x {b[1]:.1f} mm")))
    return out


def declared(spec, parts, module) -> list:
    """What the game's parts module declares (``footprints``), or nothing."""
    hook = getattr(module, "footprints", None)
    return list(hook(spec, parts)) if hook is not None and parts is not None else []


def problems(spec, parts, module) -> list[Problem]:
    """build's view: the misfits of the kit's own parts (``None``: parts that
    could not be laid out at all, which printkit.fit reports)."""
    return check(spec, declared(spec, parts, module))


def kit_problems(spec, options) -> list[Problem]:
    """validate's view: the misfits of the kit built with ``options``."""
    from . import games
    from .options import resolve_options

    options = resolve_options(spec, options)
    module = games.stage(spec.game, "parts")
    try:
        parts = module.parts(spec, options)
    except PartTooLarge:
        return []  # printkit.fit reports it, at its keys
    return problems(spec, parts, module)
