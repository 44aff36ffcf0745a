"""Greg Lam's Rock, Paper, Scissors: the rulebook's worked examples, played by
the rules engine on the spec's own board and drawn before and after on a
patch of hexes, the piece that moves ringed and its path drawn (a dashed
arrow for a piece it knocks on):

- ``rocks``: a Rock knocking Rocks down the row, the last one taking a Scissors;
- ``stack-moves``: a stack of three Papers moving as a clump over a Rock, or
  spreading and dropping a sheet on it;
- ``lock``: a Scissors moving next to an enemy Scissors: the two lock.

Each is a Part whose caption says in plain words what happens; a note in
its place where the spec's board or pieces cannot show it.
"""

from __future__ import annotations

import math

from ...literal import as_written
from ...parts.core import ART, INK, Fill, Line, Part, Text, regular_polygon, translate
from ...parts.worked import panels, path_arrow, ring
from ...spec import data_of
from .hexes import HexBoard
from .parts import EDGE_GREY, HEX_FILL, _position, diagram_cells, piece_symbol

HEX = 10.0  # mm across the flats, before the drawing is scaled
LABEL_PT = 8.0  # the panels' names: the drawings print near full size
COUNT_PT = 9.0
NOT_SHOWN = "(This example needs pieces or a board this kit does not give, so it is left out.)"


def figures(spec, options) -> dict:
    """The worked examples by name (see the module doc)."""
    return {"rocks": rocks_figure(spec), "stack-moves": stack_figure(spec), "lock": lock_figure(spec)}


def patch(state, cells, *, path=(), knocks=(), mover=None, lock=None) -> Part:
    """A patch of the board: ``cells`` (names) with the pieces ``state`` holds,
    the top of a stack showing and its height beside it; ``path``: the cells
    the moving piece passes (an arrow); ``knocks``: paths of pieces knocked
    on (dashed arrows); ``mover``: the cell whose piece is ringed;
    ``lock``: two cells whose Scissors are locked, joined by a bar."""
    from .rules import LETTERS, kind, owner

    g = state.game
    board, colors = g.board, g.data["colors"]
    ids = [board.parse(c) for c in cells]
    centres = {c: board.centre_mm(i, HEX) for c, i in zip(cells, ids)}
    xs = [x for x, _ in centres.values()]
    ys = [y for _, y in centres.values()]
    radius = HEX / math.sqrt(3)
    x0, y0 = min(xs) - HEX / 2 - 1, min(ys) - radius - 1
    items: list = []
    for cell, i in zip(cells, ids):
        cx, cy = centres[cell]
        items.append(Fill(tuple(HexBoard.corners(cx, cy, HEX)), HEX_FILL, stroke=EDGE_GREY, stroke_pt=0.4))
    if lock is not None:
        (ax, ay), (bx, by) = centres[lock[0]], centres[lock[1]]
        items.append(Line(((ax, ay), (bx, by)), role=ART, color=INK, width_pt=5.0))
    for cell, i in zip(cells, ids):
        cx, cy = centres[cell]
        stack = state.cells[i]
        if stack:
            top = stack[-1]
            items.append(Fill(regular_polygon(cx, cy, HEX * 0.4, 36), colors[owner(top)]["hex"]))
            items += piece_symbol(LETTERS[kind(top)], cx, cy, HEX * 0.42, "#FFFFFF")
            if len(stack) > 1:
                items.append(Text(cx + HEX * 0.36, cy + HEX * 0.22, str(len(stack)), size=COUNT_PT, bold=True))
    if len(path) >= 2:
        items += path_arrow([centres[c] for c in path], clear=HEX * 0.44, width_pt=1.8, head=HEX * 0.28,
                            end_clear=HEX * (0.44 if state.cells[board.parse(path[-1])] else 0.15))
    for knocked in knocks:
        items += path_arrow([centres[c] for c in knocked], clear=HEX * 0.44, width_pt=1.6, head=HEX * 0.26,
                            dash=(3, 1.6), end_clear=HEX * 0.44)
    if mover is not None:
        items += ring(centres[mover], HEX * 0.42)
    part = Part("patch", max(xs) - min(xs) + HEX + 2, max(ys) - min(ys) + 2 * radius + 2)
    part.extend(translate(items, -x0, -y0))
    return part


def _colour(spec, seat: int) -> str:
    return as_written(data_of(spec)["colors"][seat]["name"])


def _row(board: HexBoard, start: str, direction: str, count: int) -> list[str]:
    cells, at = [], board.parse(start)
    for _ in range(count):
        if at is None:
            break
        cells.append(board.name(at))
        at = board.step(at, direction)
    return cells


def _around(board: HexBoard, cells: list[str]) -> list[str]:
    """The cells and every neighbour of them, in board order."""
    found = set()
    for name in cells:
        at = board.parse(name)
        found.add(at)
        for direction in ("e", "ne", "nw", "w", "sw", "se"):
            nxt = board.step(at, direction)
            if nxt is not None:
                found.add(nxt)
    return [board.name(c) for c in sorted(found)]


def rocks_figure(spec) -> Part | str:
    """A Rock on the centre row moves onto a Rock of the opponent's: it takes
    its place, the hit Rock goes on into the next Rock, and that one on to a
    Scissors at the end of the row, which it takes."""
    data = data_of(spec)
    has = data["pieces"]
    board = HexBoard(data["board"]["columns"], data["board"]["rows"])
    if board.columns < 4 or has["rock"] < 2 or not has["scissors"]:
        return NOT_SHOWN
    mover, first, second, target = diagram_cells(spec)["rocks"]
    try:
        state = _position(spec, {mover: "0R", first: "1R", second: "0R", target: "1S"})
        before = state.clone()
        state.apply(state.string_to_action(f"R{mover}x{first}"))
    except Exception:  # the spec's rules do not play it: leave it out
        return NOT_SHOWN
    after = state.to_json()["board"]
    if after.get(first) != "0R" or after.get(target) != "0R":
        return NOT_SHOWN
    row = [board.name(board.index(c, board.parse(mover) // board.columns)) for c in range(board.columns)]
    part = panels("A Rock knocks Rocks on", [
        (patch(before, row, path=[mover, first], knocks=[[first, second], [second, target]], mover=mover),
         "before"),
        (patch(state, row, mover=first), "after")], gap=4.0, size=LABEL_PT, vertical=True)
    a, b = _colour(spec, 0), _colour(spec, 1)
    part.meta["caption"] = (
        f"A Rock knocks Rocks on: {a}'s Rock moves from {mover} onto {b}'s Rock on {first} and takes its place. "
        f"{b}'s Rock goes on in the same direction into {a}'s Rock on {second}, which goes on in turn until it "
        f"hits {b}'s Scissors on {target}: Rock takes Scissors, so it stops there.")
    part.meta["positions"] = (before.to_json(), state.to_json())
    return part


def stack_figure(spec) -> Part | str:
    """A stack of three Papers, an enemy Rock in front of it: as a clump it
    jumps the Rock and lands three hexes on; spreading, it drops a sheet on
    each hex, the first on the Rock, which it takes."""
    data = data_of(spec)
    has = data["pieces"]
    board = HexBoard(data["board"]["columns"], data["board"]["rows"])
    home = diagram_cells(spec)["stack"]
    line = _row(board, home, "ne", 4)
    if has["paper"] < 3 or not has["rock"] or len(line) < 4:
        return NOT_SHOWN
    try:
        state = _position(spec, {home: "0P0P0P", line[1]: "1R"})
        clump, spread = state.clone(), state.clone()
        clump.apply(clump.string_to_action(f"P{home}-{line[3]}"))
        spread.apply(spread.string_to_action(f"P{home}>ne"))
    except Exception:
        return NOT_SHOWN
    landed, dropped = clump.to_json()["board"], spread.to_json()["board"]
    if landed.get(line[3]) != "0P0P0P" or [dropped.get(c) for c in line[1:]] != ["0P", "0P", "0P"]:
        return NOT_SHOWN
    cells = _around(board, line)
    part = panels("A stack moves", [
        (patch(state, cells, mover=home), "a stack of three"),
        (patch(clump, cells, path=line, mover=line[3]), "as a clump"),
        (patch(spread, cells, path=line), "or spreading")], gap=6.0, size=LABEL_PT)
    a, b = _colour(spec, 0), _colour(spec, 1)
    part.meta["caption"] = (
        f"A stack of three of {a}'s Papers on {home}, {b}'s Rock in front of it on {line[1]}. Middle: as a clump "
        f"the stack moves up to three hexes, here all three, jumping over the Rock, and lands on {line[3]}. "
        f"Right: spreading, it must move all three hexes, dropping its bottom sheet on each hex it enters: "
        f"the first sheet lands on the Rock and takes it, the others on {line[2]} and {line[3]}.")
    part.meta["positions"] = (state.to_json(), clump.to_json(), spread.to_json())
    return part


def lock_figure(spec) -> Part | str:
    """A Scissors moves two hexes, next to an enemy Scissors: they lock at
    once, and its move ends there."""
    data = data_of(spec)
    board = HexBoard(data["board"]["columns"], data["board"]["rows"])
    cells = diagram_cells(spec)
    centre, east = cells["centre"], cells["east"]
    start = board.step(board.parse(centre), "w", 2)
    if data["pieces"]["scissors"] < 1 or start is None:
        return NOT_SHOWN
    start = board.name(start)
    try:
        state = _position(spec, {start: "0S", east: "1S"})
        before = state.clone()
        state.apply(state.string_to_action(f"S{start}-{centre}"))
    except Exception:
        return NOT_SHOWN
    if [centre, east] not in state.to_json()["locks"]:
        return NOT_SHOWN
    path = _row(board, start, "e", 3)
    shown = _around(board, [start, centre, east])
    part = panels("Scissors lock", [(patch(before, shown, path=path, mover=start), "before"),
                                    (patch(state, shown, mover=centre, lock=(centre, east)), "locked")],
                  gap=6.0, size=LABEL_PT)
    a, b = _colour(spec, 0), _colour(spec, 1)
    part.meta["caption"] = (
        f"Scissors lock: {a}'s Scissors moves from {start} to {centre}, next to {b}'s Scissors on {east}. The "
        f"two lock at once (the bar) and the move ends there. From now on either may move only through and "
        f"onto hexes next to the other.")
    part.meta["positions"] = (before.to_json(), state.to_json())
    return part
