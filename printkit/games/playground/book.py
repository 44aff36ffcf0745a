"""Playground Battles: the rulebook's worked examples, played by the rules
engine on the spec's own board and drawn on a window of it, the piece that
moves ringed and its path drawn square by square:

- ``move``: a move of exactly the roll, turning, never on a square twice;
- ``battle``: landing exactly on an enemy piece; the loser leaves the board;
- ``stalemate``: two pieces of one type stalemate, and a piece that beats
  that type rescues the square;
- ``base``: entering the opponent's base with the exact roll, the fewest
  steps into it.

The pieces are drawn with their types showing, as an onlooker would see
them; at the table each player sees only the types that battles have shown.
Each is a Part whose caption says in plain words what happens; a note in
its place where the spec's board cannot show it.
"""

from __future__ import annotations

from ...literal import as_written
from ...parts.core import INK, PT, Fill, Part, Text, rect
from ...parts.marks import player_mark, unit_symbol
from ...parts.worked import NOT_PLAYED, panels, path_arrow, ring
from ...spec import data_of

LIGHT = "#F4F4F4"
LABEL_PT = 20.0  # square names and panel names, before the drawing is scaled down (to about a third)
LETTERS = "abcdefghijklmnopqrstuvwxyz"


def figures(spec, options) -> dict:
    """The worked examples by name (see the module doc)."""
    return {"move": move_figure(spec), "battle": battle_figure(spec), "stalemate": stalemate_figure(spec),
            "base": base_figure(spec)}


# --- squares and paths ---------------------------------------------------------------

def name(x: int, y: int) -> str:
    """a1 is the first player's left back corner; y 0 is row 1."""
    return f"{LETTERS[x]}{y + 1}"


def xy(square: str) -> tuple[int, int]:
    return LETTERS.index(square[0]), int(square[1:]) - 1


def walk(view: dict, start: str, end, steps: int, columns: int, rows: int) -> list | None:
    """A path of exactly ``steps`` orthogonal steps from ``start`` to the
    square ``end``, through empty squares, never twice on one; of those,
    the one with the fewest turns."""
    taken = {p["at"] for p in view["pieces"] if p["at"]}
    goal = None if end == "base" else xy(end)
    found = []

    def turns(path):
        return sum(1 for a, b, c in zip(path, path[1:], path[2:])
                   if (b[0] - a[0], b[1] - a[1]) != (c[0] - b[0], c[1] - b[1]))

    def extend(path):
        if len(path) == steps + 1:
            if path[-1] == goal:
                found.append(list(path))
            return
        x, y = path[-1]
        for dx, dy in ((0, 1), (1, 0), (-1, 0), (0, -1)):
            nxt = (x + dx, y + dy)
            if not (0 <= nxt[0] < columns and 0 <= nxt[1] < rows) or nxt in path:
                continue
            if name(*nxt) in taken and not (nxt == goal and len(path) == steps):
                continue
            extend(path + [nxt])

    if goal is not None:
        extend([xy(start)])
    return min(found, key=turns) if found else None


# --- drawing -------------------------------------------------------------------------

def window(spec, view: dict, cols, rows, *, path=(), mover=None, bases: bool = False, entered=None) -> Part:
    """A window of the board (``cols`` x ``rows``, 0-based) with the pieces of
    an engine position (its JSON), each a card in its owner's colour showing
    its type; two pieces on one square (a stalemate) side by side, turned
    to each other. With ``bases``, the row of bases beyond each back row;
    ``entered``: (seat, type, column) of a piece drawn in the base it entered."""
    data = data_of(spec)
    board = data["board"]
    s = float(board["square_mm"])
    colours = {c["name"]: c for c in data["colors"]}
    order = [c["name"] for c in data["colors"]]
    label = 14.0
    lo = min(rows) - (1 if bases and min(rows) == 0 else 0)
    hi = max(rows) + (1 if bases and max(rows) == board["rows"] - 1 else 0)
    shown = range(lo, hi + 1)
    part = Part("window", label + len(cols) * s + 1.0, label + len(shown) * s + 1.0)

    def at(x, y):
        return label + (x - cols[0]) * s, label + (y - lo) * s

    def centre(square):
        if square == "base":
            return None
        x0, y0 = at(*square)
        return x0 + s / 2, y0 + s / 2

    for y in shown:
        for x in cols:
            x0, y0 = at(x, y)
            if 0 <= y < board["rows"]:
                part.add(Fill(rect(x0, y0, s, s), "#FFFFFF" if (x + y) % 2 else LIGHT, stroke=INK, stroke_pt=0.5))
            elif x in board["base_columns"]:
                owner = data["colors"][0 if y < 0 else 1]
                part.add(Fill(rect(x0, y0, s, s), owner["hex"], stroke=INK, stroke_pt=0.5))
                part.extend(player_mark(owner["mark"], x0 + s / 2, y0 + s / 2, s * 0.3, "#FFFFFF"))
    for x in cols:
        part.add(Text(at(x, 0)[0] + s / 2, 1.0, LETTERS[x], size=LABEL_PT))
    for y in rows:
        part.add(Text(label / 2, at(0, y)[1] + s / 2 - LABEL_PT * PT * 0.35, str(y + 1), size=LABEL_PT))
    by_square: dict = {}
    for piece in view["pieces"]:
        if piece["at"]:  # a piece off the board has none
            by_square.setdefault(piece["at"], []).append(piece)
    for square, pieces in by_square.items():
        x, y = xy(square)
        if x not in cols or y not in shown:
            continue
        x0, y0 = at(x, y)
        if len(pieces) == 1:
            part.extend(_card(colours[pieces[0]["owner"]], pieces[0]["type"], x0 + s * 0.2, y0 + s * 0.15,
                              s * 0.6, s * 0.7))
        else:  # a stalemate: the two cards turned to each other
            for k, piece in enumerate(sorted(pieces, key=lambda p: order.index(p["owner"]))):
                part.extend(_card(colours[piece["owner"]], piece["type"], x0 + s * (0.06 + 0.47 * k),
                                  y0 + s * 0.2, s * 0.41, s * 0.6))
    if entered is not None:
        seat, kind, column = entered
        x0, y0 = at(column, board["rows"] if seat == 0 else -1)
        part.extend(_card(data["colors"][seat], kind, x0 + s * 0.2, y0 + s * 0.15, s * 0.6, s * 0.7))
        part.extend(ring((x0 + s / 2, y0 + s / 2), s * 0.44))
    points = [centre(p) if p != "base" else None for p in path]
    if points and points[-1] is None:  # into the base: one square beyond the back row
        last = path[-2]
        beyond = (last[0], last[1] + (1 if last[1] == board["rows"] - 1 else -1))
        x0, y0 = at(*beyond)
        points[-1] = (x0 + s / 2, y0 + s / 2)
    if len(points) >= 2:
        part.extend(path_arrow(points, clear=s * 0.42, width_pt=4.0, head=s * 0.3, end_clear=s * 0.18))
    if mover is not None:
        part.extend(ring(centre(mover), s * 0.44))
    return part


def _card(colour: dict, kind: str, x0: float, y0: float, w: float, h: float) -> list:
    return [Fill(rect(x0, y0, w, h), colour["hex"], stroke=INK, stroke_pt=0.6),
            Fill(rect(x0 + w * 0.12, y0 + h * 0.18, w * 0.76, w * 0.76), "#FFFFFF"),
            *unit_symbol(kind, x0 + w / 2, y0 + h * 0.18 + w * 0.38, w * 0.6)]


def _pair(spec, name_, shown, labels) -> Part:
    part = panels(name_, [(window(spec, view, *kw.pop("window"), **kw), label)
                          for (view, kw), label in zip(shown, labels)], gap=10.0, size=LABEL_PT)
    part.meta["positions"] = tuple(view for view, _ in shown)
    return part


def _position(spec, pieces: list, roll: int, to_move: int = 0):
    """An engine state: ``pieces`` (owner seat, type, square) on the board, the
    game past its set-up, ``to_move`` to move with ``roll`` on the die."""
    from .rules import Game

    game = Game(spec)
    names = game.player_names()
    obj = game.initial_state().to_json()
    obj.update(phase="move", to_move=names[to_move], turn=4, roll=roll, pending=None, result=None)
    obj["pieces"] = [{"owner": names[o], "type": t, "at": at, "revealed": False} for o, t, at in pieces]
    return game, game.state_from_json(obj)


def _play(state, moves) -> dict:
    for move in moves:
        state.apply(state.string_to_action(move))
    return state.to_json()


def _colour(spec, seat: int) -> str:
    return as_written(data_of(spec)["colors"][seat]["name"])


def _fits(spec, columns: int = 6, rows: int = 6) -> bool:
    board = data_of(spec)["board"]
    return board["columns"] >= columns and board["rows"] >= rows


# --- the examples ------------------------------------------------------------------

def move_figure(spec) -> Part | str:
    """The first player rolls 4: its Paper on c3 goes c4, d4, d5, e5... a path
    of exactly four squares that turns around an enemy piece in its way."""
    if not _fits(spec):
        return NOT_PLAYED
    try:
        game, state = _position(spec, [(0, "paper", "c3"), (0, "rock", "a1"), (1, "scissors", "c5"),
                                       (1, "rock", "f6")], roll=4)
        board = data_of(spec)["board"]
        before = state.to_json()
        path = walk(before, "c3", "d6", 4, board["columns"], board["rows"])
        if path is None:
            return NOT_PLAYED
        after = _play(state, ["c3-d6"])
    except Exception:  # the spec's rules do not play it: leave it out
        return NOT_PLAYED
    cols, rows = range(0, 6), range(1, 6)
    part = _pair(spec, "A move", [(before, {"window": (cols, rows), "path": path, "mover": path[0]}),
                                  (after, {"window": (cols, rows), "mover": path[-1]})], ("before", "after"))
    middle = [name(*p) for p in path[1:-1]]
    steps = middle[0] if len(middle) == 1 else f"{', '.join(middle[:-1])} and {middle[-1]}"
    part.meta["caption"] = (
        f"{_colour(spec, 0)} rolls 4. Its Paper on c3 must move exactly 4 squares, across sides only: here by "
        f"{steps} to {name(*path[-1])}, turning as it goes. It could not go straight up, through the "
        f"{_colour(spec, 1)} piece on c5, nor step back onto a square it has left, to use up the roll.")
    return part


def battle_figure(spec) -> Part | str:
    """The first player's Rock lands exactly on the second player's Scissors:
    both are shown, the Scissors leaves the board and the Rock takes the square."""
    if not _fits(spec):
        return NOT_PLAYED
    try:
        game, state = _position(spec, [(0, "rock", "c2"), (0, "paper", "a1"), (1, "scissors", "d4"),
                                       (1, "paper", "f6")], roll=3)
        board = data_of(spec)["board"]
        before = state.to_json()
        path = walk(before, "c2", "d4", 3, board["columns"], board["rows"])
        after = _play(state, ["c2xd4"])
    except Exception:
        return NOT_PLAYED
    if path is None or not any(p["at"] == "d4" and p["owner"] == after["players"][0] for p in after["pieces"]):
        return NOT_PLAYED
    cols, rows = range(0, 6), range(0, 5)
    part = _pair(spec, "A battle", [(before, {"window": (cols, rows), "path": path, "mover": path[0]}),
                                    (after, {"window": (cols, rows), "mover": path[-1]})], ("before", "after"))
    part.meta["caption"] = (
        f"A battle: {_colour(spec, 0)} rolls 3 and its Rock on c2 lands exactly on the {_colour(spec, 1)} "
        f"piece on d4. Both cards are shown: a Scissors. Rock beats Scissors: the Scissors leaves the board "
        f"and the Rock takes d4.")
    return part


def stalemate_figure(spec) -> Part | str:
    """A Rock lands on an enemy Rock: a stalemate. Later a Paper of the first
    player lands there: the enemy Rock leaves, the Paper stays, and the Rock
    goes back to an open square of its back row."""
    if not _fits(spec):
        return NOT_PLAYED
    board = data_of(spec)["board"]
    try:
        game, state = _position(spec, [(0, "rock", "d3"), (0, "paper", "b4"), (1, "rock", "d5"),
                                       (1, "scissors", "f6")], roll=2)
        before = state.to_json()
        attack = walk(before, "d3", "d5", 2, board["columns"], board["rows"])
        stalled = _play(state, ["d3xd5"])
        _play(state, ["roll 1", "f6-f7" if board["rows"] > 7 else "f6-g6", "roll 3"])
        middle = state.to_json()
        rescue = walk(middle, "b4", "d5", 3, board["columns"], board["rows"])
        _play(state, ["b4xd5"])
        taken = {p["at"] for p in state.to_json()["pieces"]}
        back = min((f"{LETTERS[x]}1" for x in range(board["columns"]) if f"{LETTERS[x]}1" not in taken),
                   key=lambda square: abs(xy(square)[0] - 3))  # the open square nearest the stalemate's column
        after = _play(state, [f"keep mover {back}"])  # the Paper stays; the Rock goes back
    except Exception:
        return NOT_PLAYED
    if attack is None or rescue is None or sum(p["at"] == "d5" for p in stalled["pieces"]) != 2:
        return NOT_PLAYED
    cols, rows = range(1, 6), range(0, 6)
    part = _pair(spec, "A stalemate and a rescue",
                 [(before, {"window": (cols, rows), "path": attack, "mover": attack[0]}),
                  (middle, {"window": (cols, rows), "path": rescue, "mover": rescue[0]}),
                  (after, {"window": (cols, rows), "mover": xy("d5")})],
                 ("a Rock attacks a Rock", "a Paper rescues", "after"))
    a, b = _colour(spec, 0), _colour(spec, 1)
    part.meta["caption"] = (
        f"A stalemate and a rescue. Left: {a}'s Rock lands on {b}'s Rock on d5: the same type, a stalemate. "
        f"Both stay on d5, turned to each other, and cannot move. Middle: later {a} rolls 3 and its Paper "
        f"reaches d5; Paper beats Rock, so {b}'s Rock leaves the board. Right: {a} keeps the Paper on d5 and "
        f"puts the Rock on an open square of its back row, {back}. Had the Paper been a Scissors, it would "
        "have been lost.")
    return part


def base_figure(spec) -> Part | str:
    """The first player's piece two squares in front of the opponent's back
    row enters the base with the roll of the fewest steps into it."""
    board = data_of(spec)["board"]
    if not board["base_columns"] or board["rows"] < 4:
        return NOT_PLAYED
    column = board["base_columns"][0]
    top = board["rows"] - 1
    start = name(column, top - 2)
    try:
        game, state = _position(spec, [(0, "paper", start), (0, "rock", "a1"), (1, "rock", name(column + 2, top)),
                                       (1, "scissors", name(0, top))], roll=3)
        before = state.to_json()
        larger = _position(spec, [(0, "paper", start), (0, "rock", "a1"), (1, "rock", name(column + 2, top)),
                                  (1, "scissors", name(0, top))], roll=5)[1]
        five = [larger.action_to_string(a) for a in larger.legal_actions()]
        after = _play(state, [f"{start}-base"])
    except Exception:
        return NOT_PLAYED
    if f"{start}-base" in five or after["result"] is None:
        return NOT_PLAYED
    path = [xy(start), (column, top - 1), (column, top), "base"]
    lo = max(0, column - 2)
    cols = range(lo, min(board["columns"], column + 4))
    rows = range(top - 3, top + 1)
    part = _pair(spec, "Into the base", [(before, {"window": (cols, rows), "path": path, "mover": xy(start),
                                                   "bases": True}),
                                         (after, {"window": (cols, rows), "bases": True,
                                                  "entered": (0, "paper", column)})], ("before", "after"))
    a, b = _colour(spec, 0), _colour(spec, 1)
    part.meta["caption"] = (
        f"Into the base: {a}'s Paper on {start} is 3 steps from {b}'s base (the coloured squares beyond "
        f"{b}'s back row): {name(column, top - 1)}, {name(column, top)}, then in. {a} rolls 3: the Paper enters "
        f"and {a} wins. With a 4 or a 5 it could not enter: the roll must be exactly the fewest steps into "
        "the base, and a larger roll may not be used up by wandering first.")
    return part
