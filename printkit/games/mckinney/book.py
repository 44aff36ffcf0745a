"""Paper, Rock, Scissors: The Strategy Game: the rulebook's worked examples,
played by the rules engine on the spec's own board, Sliders and +/- spaces,
and drawn before and after on a window of the board, the moving piece
ringed, its path drawn, each Builder's Shields shown beside it:

- ``plus-minus``: a Builder ending its move on a +/- space, and its Slider shifting;
- ``unit-move``: one Unit's path taking two enemies in one move;
- ``shield``: a Unit attacking an enemy Builder: a Shield falls, the Unit leaves the board;
- ``defeat``: the last Shield falls: its Builder and every Unit of its colour leave the board.

(``build``, building around the Builder, is the parts' own: ``parts.figures``.) Each is a Part
whose caption says in plain words what happens; a note in its place where
the spec's board cannot show it.
"""

from __future__ import annotations

from ...literal import as_written
from ...parts.core import ART, INK, PT, Circle, Fill, Line, Part, Text, rect
from ...parts.worked import NOT_PLAYED, panels, path_arrow, ring
from ...spec import data_of
from ...writers.fonts import text_width_mm
from .board import square_name
from .geometry import kit_geometry
from .parts import GRID_INK, TINT, _panel_pieces, fewest_players
from .rules import UNIT_TYPES

LABEL_PT = 16.0  # square names and panel names, before the drawing is scaled down (about 0.6)
LETTER_PT = 16.0  # a +/- space's Slider letter


def figures(spec, options) -> dict:
    """The worked examples by name (see the module doc)."""
    return {"plus-minus": plus_minus_figure(spec), "unit-move": unit_move_figure(spec),
            "shield": shield_figure(spec), "defeat": defeat_figure(spec)}


# --- drawing -----------------------------------------------------------------------

def window(spec, game, view: dict, cols, rows, *, path=(), mover=None, slider=None,
           shields: bool = False) -> Part:
    """A window of the board (``cols`` x ``rows`` squares, 0-based) with the
    pieces of an engine position (its JSON), its +/- spaces, the square names
    along two edges, with ``shields`` each Builder's Shields (filled:
    standing, open: fallen), the path of the piece that moves and a ring
    around it; ``slider``
    ("A" or "B"): the first player's track of that Slider under it, its
    marker on the position's notch."""
    g = kit_geometry(spec)
    s = g.square
    label = 11.0
    track = s * 1.1 if slider else 0.0
    part = Part("window", label + len(cols) * s + 2.0, track + label + len(rows) * s + 2.0)

    def at(x, y):
        return label + (x - cols[0]) * s, track + label + (y - rows[0]) * s

    def centre(square):
        x0, y0 = at(*square)
        return x0 + s / 2, y0 + s / 2

    for index, (which, dots) in game.spaces.items():
        x, y = index % game.width, index // game.width
        if x in cols and y in rows:
            x0, y0 = at(x, y)
            part.add(Fill(rect(x0, y0, s, s), TINT))
            part.add(Text(x0 + s / 2, y0 + s * 0.45, "AB"[which], size=LETTER_PT, bold=True))
            for k in range(dots):
                part.add(Circle((x0 + s / 2 + (k - (dots - 1) / 2) * s * 0.2, y0 + s * 0.24), s * 0.06,
                                fill=INK, stroke=None))
    left, bottom = at(cols[0], rows[0])
    width, height = len(cols) * s, len(rows) * s
    for i in range(1, len(cols)):
        part.add(Line(((left + i * s, bottom), (left + i * s, bottom + height)), role=ART, color=GRID_INK,
                      width_pt=0.7))
    for j in range(1, len(rows)):
        part.add(Line(((left, bottom + j * s), (left + width, bottom + j * s)), role=ART, color=GRID_INK,
                      width_pt=0.7))
    part.add(Line(rect(left, bottom, width, height), role=ART, closed=True, color=GRID_INK, width_pt=1.0))
    for x in cols:
        part.add(Text(at(x, 0)[0] + s / 2, bottom - 7.5, square_name(x, 0)[0], size=LABEL_PT))
    for y in rows:
        part.add(Text(left - 5.5, at(0, y)[1] + s / 2 - 2.0, str(y + 1), size=LABEL_PT))
    part.extend(_panel_pieces(spec, game, g, view["pieces"], cols, rows, at))
    every = data_of(spec)["pieces"]["builder"]["shields"]
    for name, code in view["pieces"].items():
        if code[1] != "B" or not shields:
            continue
        x, y = game.names.index(name) % game.width, game.names.index(name) // game.width
        if x in cols and y in rows:
            x0, y0 = at(x, y)
            standing = view["players"][int(code[0])]["shields"]
            pip = s * 0.12
            for k in range(every):  # down the Builder's upper left corner, clear of its triangle
                part.add(Fill(rect(x0 + s * 0.08, y0 + s * 0.8 - k * pip * 1.35, pip, pip),
                              INK if k < standing else "#FFFFFF", stroke=INK, stroke_pt=0.6))
    if len(path) >= 2:
        last = path[-1]
        empty = square_name(*last) not in view["pieces"] or last == path[0]
        part.extend(path_arrow([centre(p) for p in path], clear=s * 0.47, width_pt=2.6, head=s * 0.28,
                               end_clear=s * 0.12 if empty else s * 0.47))
    if slider:
        data = data_of(spec)["sliders"][slider]
        notch = view["players"][0]["sliders"][slider]
        words = f"Slider {slider}"
        x0, y0 = label, 1.0
        room = len(cols) * s - text_width_mm(words, LABEL_PT, bold=True) - 3.0
        cell = min(s * 0.8, room / len(data["notches"]))
        part.add(Text(x0, y0 + cell / 2 - LABEL_PT * PT * 0.35, words, size=LABEL_PT, anchor="start", bold=True))
        x0 += len(cols) * s - cell * len(data["notches"])
        colour = spec["colors"][game.seats[0]]["hex"]
        for k in range(len(data["notches"])):
            part.add(Line(rect(x0 + k * cell, y0, cell, cell), role=ART, closed=True, color=GRID_INK,
                          width_pt=0.7))
            if k == notch:
                m = cell * 0.3
                part.add(Fill(rect(x0 + k * cell + m, y0 + m, cell - 2 * m, cell - 2 * m), colour,
                              stroke=INK, stroke_pt=0.6))
    if mover is not None:
        part.extend(ring(centre(mover), s * 0.47))
    return part


def _pair(spec, game, name, before, after, cols, rows, before_kw, after_kw, labels=("before", "after")):
    """The two windows side by side; the positions drawn stay in the part's
    meta (``positions``), for the tests to read what the engine played."""
    part = panels(name, [(window(spec, game, before, cols, rows, **before_kw), labels[0]),
                         (window(spec, game, after, cols, rows, **after_kw), labels[1])],
                  gap=14.0, size=LABEL_PT)
    part.meta["positions"] = (before, after)
    return part


def _xy(game, name: str) -> tuple[int, int]:
    index = game.names.index(name)
    return index % game.width, index // game.width


def _play(state, moves) -> dict:
    for move in moves:
        state.apply(state.string_to_action(move))
    return state.to_json()


def _colour(spec, game, player: int) -> str:
    return as_written(spec["colors"][game.seats[player]]["name"])


# --- the examples ------------------------------------------------------------------

def plus_minus_figure(spec) -> Part | str:
    """The first player's Builder steps onto a Slider A +/- space next to it
    (the one of fewest dots nearest its start square), and its player moves
    Slider A's marker to the right by the space's dots."""
    from .rules import Game

    game = Game(spec, players=fewest_players(spec))
    start = game.initial_state().to_json()
    home = _xy(game, next(n for n, c in start["pieces"].items() if c == "0B"))
    occupied = {_xy(game, n) for n in start["pieces"]}
    spaces = sorted((dots, abs(x - home[0]) + abs(y - home[1]), (x, y))
                    for index, (slider, dots) in game.spaces.items() if slider == 0
                    for x, y in [(index % game.width, index // game.width)])
    for dots, _, (x, y) in spaces:
        steps_from = [(x + dx, y + dy) for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1))
                      if 0 <= x + dx < game.width and 0 <= y + dy < game.width]
        near = sorted(steps_from, key=lambda p: abs(p[0] - home[0]) + abs(p[1] - home[1]))
        near = [p for p in near if p not in occupied and (p[0] + p[1] * game.width) not in game.spaces]
        if near:
            break
    else:
        return NOT_PLAYED
    origin, target = near[0], (x, y)
    board = dict(start)
    board["pieces"] = {n: c for n, c in start["pieces"].items() if c != "0B"}
    board["pieces"][square_name(*origin)] = "0B"
    state = game.state_from_json(board)
    before = state.to_json()
    notches = game.notches[0]
    was = before["players"][0]["sliders"]["A"]
    try:
        _play(state, [f"B{square_name(*target)}"])
        if state.to_json()["phase"] == "builder-move":
            _play(state, ["stop"])
        if state.to_json()["phase"] != "slider":
            return NOT_PLAYED
        after = _play(state, ["A+"])
    except Exception:  # the spec's rules do not play it: leave it out
        return NOT_PLAYED
    now = after["players"][0]["sliders"]["A"]
    if now == was:
        return NOT_PLAYED
    xs, ys = (origin[0], target[0]), (origin[1], target[1])
    cols = range(max(0, min(xs) - 1), min(game.width, max(xs) + 2))
    rows = range(max(0, min(ys) - 1), min(game.width, max(ys) + 2))
    part = _pair(spec, game, "A +/- space", before, after, cols, rows,
                 {"path": [origin, target], "mover": origin, "slider": "A"}, {"mover": target, "slider": "A"})
    labels = data_of(spec)["sliders"]["A"]["labels"]
    name = _colour(spec, game, 0)
    part.meta["caption"] = (
        f"The {name} Builder steps from {square_name(*origin)} onto {square_name(*target)}, a +/- space of "
        f"Slider A with {dots} {'dot' if dots == 1 else 'dots'}, and ends its move there. Its player moves "
        f"Slider A's marker {now - was} {'notch' if now - was == 1 else 'notches'} to the right (or could "
        f"move it left): from the next turn, {as_written(labels[0])} {notches[now][0]} and "
        f"{as_written(labels[1])} {notches[now][1]}, instead of {notches[was][0]} and {notches[was][1]}.")
    return part


def unit_move_figure(spec) -> Part | str:
    """One Unit's path taking two enemies (``parts.unit_move_position``, the
    move the engine plays), the Unit ringed and its path drawn."""
    from .parts import unit_move_position

    played = unit_move_position(spec)
    if played is None:
        return "(No Slider B notch gives a Unit the three steps of this example, so it is not shown.)"
    before, moves, after, line, game = played
    home = game.board.start_of(game.seats[0])
    xs, ys = [x for x, _ in line] + [home[0]], [y for _, y in line] + [home[1]]
    cols = range(max(0, min(xs) - 1), min(game.width, max(xs) + 2))
    rows = range(min(ys), max(ys) + 1)
    part = _pair(spec, game, "A Unit's move", before.to_json(), after.to_json(), cols, rows,
                 {"path": line, "mover": line[0]}, {"mover": line[-1]})
    squares = [square_name(x, y) for x, y in line]
    part.meta["caption"] = (
        f"With {game.notches[1][before.read[1]][1]} steps per Unit the {_colour(spec, game, 0)} Scissors moves "
        f"from {squares[0]} along its row, taking two {_colour(spec, game, 1)} Papers on {squares[1]} and "
        f"{squares[2]} in one move, and stops on {squares[3]}; the Papers go back to their owner's cache.")
    return part


def _attack(spec, shields_left: int, escorts: bool):
    """A position where the first player's Unit stands two squares from the
    second player's Builder, in line, with Slider B giving it two steps; with
    ``escorts``, two of the second player's Units stand on the board as
    well. Returns (game, state, unit square, builder square, kind) or None."""
    from .rules import Game

    game = Game(spec, players=fewest_players(spec))
    board = game.initial_state().to_json()
    enemy = _xy(game, next(n for n, c in board["pieces"].items() if c == "1B"))
    own = _xy(game, next(n for n, c in board["pieces"].items() if c == "0B"))
    up = 1 if enemy[1] + 2 < game.width else -1
    path = [(enemy[0], enemy[1] + 2 * up), (enemy[0], enemy[1] + up), enemy]
    if own in path:
        return None
    fits = [i for i, (_, steps) in enumerate(game.notches[1]) if steps >= 2]
    if not fits:
        return None
    kind = next(t for t in ("rock", *UNIT_TYPES) if board["players"][0]["cache"][t] > 0)
    board["pieces"][square_name(*path[0])] = "0" + "PRS"[UNIT_TYPES.index(kind)]
    board["players"][0]["cache"][kind] -= 1
    board["players"][1]["shields"] = shields_left
    if escorts:
        for dx, kind_of in ((2, "paper"), (3, "scissors")):
            square = (enemy[0] + dx * (1 if enemy[0] + 3 < game.width else -1), enemy[1])
            if board["players"][1]["cache"][kind_of] > 0 and square_name(*square) not in board["pieces"]:
                board["pieces"][square_name(*square)] = "1" + "PRS"[UNIT_TYPES.index(kind_of)]
                board["players"][1]["cache"][kind_of] -= 1
    notch = min(fits, key=lambda i: (game.notches[1][i][1], i))
    board["players"][0]["sliders"]["B"] = notch
    board.update(phase="units", read={"A": board["read"]["A"], "B": notch})
    return game, game.state_from_json(board), path, kind


def _unit_attack(spec, shields_left: int, escorts: bool):
    made = _attack(spec, shields_left, escorts)
    if made is None:
        return None
    game, state, path, kind = made
    before = state.to_json()
    try:
        after = _play(state, [f"{square_name(*path[0])}-{square_name(*path[1])}",
                              f"{square_name(*path[1])}x{square_name(*path[2])}"])
    except Exception:
        return None
    return game, before, after, path, kind


def shield_figure(spec) -> Part | str:
    """The first player's Unit steps twice, onto the second player's Builder:
    a Shield falls and the Unit goes back to its owner's cache."""
    shields = data_of(spec)["pieces"]["builder"]["shields"]
    played = _unit_attack(spec, shields, escorts=False)
    if played is None or shields < 2:
        return NOT_PLAYED
    game, before, after, path, kind = played
    if after["players"][1]["shields"] != shields - 1 or square_name(*path[2]) not in after["pieces"]:
        return NOT_PLAYED
    cols = range(max(0, path[0][0] - 2), min(game.width, path[0][0] + 3))
    ys = [y for _, y in path]
    rows = range(min(ys), max(ys) + 1)
    part = _pair(spec, game, "A Shield falls", before, after, cols, rows,
                 {"path": path, "mover": path[0], "shields": True}, {"shields": True})
    a, b = _colour(spec, game, 0), _colour(spec, game, 1)
    part.meta["caption"] = (
        f"The {a} {kind.capitalize()} steps from {square_name(*path[0])} to {square_name(*path[1])} and onto "
        f"the {b} Builder on {square_name(*path[2])}: one of its {shields} Shields folds down (the small squares "
        f"beside it show its Shields). The {kind.capitalize()} is removed to {a}'s cache and its move ends. "
        "A fallen Shield never comes back.")
    return part


def defeat_figure(spec) -> Part | str:
    """The second player's Builder, with one Shield left and two Units on the
    board, is attacked: the player is out, their Builder and Units leave."""
    played = _unit_attack(spec, 1, escorts=True)
    if played is None:
        return NOT_PLAYED
    game, before, after, path, kind = played
    theirs = [n for n, c in before["pieces"].items() if c[0] == "1" and c[1] != "B"]
    if any(c[0] == "1" for c in after["pieces"].values()) or not theirs:
        return NOT_PLAYED
    squares = [path[0], *(_xy(game, n) for n in theirs)]
    xs, ys = [x for x, _ in squares] + [path[2][0]], [y for _, y in path]
    cols = range(max(0, min(xs) - 1), min(game.width, max(xs) + 2))
    rows = range(min(ys), max(ys) + 1)
    part = _pair(spec, game, "A Builder defeated", before, after, cols, rows,
                 {"path": path, "mover": path[0], "shields": True}, {"shields": True})
    a, b = _colour(spec, game, 0), _colour(spec, game, 1)
    won = (f" With {game.num_players} players, {a} has won." if after.get("winner") is not None else "")
    part.meta["caption"] = (
        f"The {b} Builder on {square_name(*path[2])} has one Shield left. The {a} {kind.capitalize()} steps "
        f"onto it: the last Shield falls and {b} is out. The {b} Builder and every {b} Unit leave the board "
        f"at once, wherever they stand.{won}")
    return part
