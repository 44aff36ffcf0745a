"""How well a McKinney position stands for one player, for the balance agents.

Read from the player's observation only. The goal is to be the last Builder
standing, so Shields weigh most; then Units, on the board or in the cache,
which defend and later take Shields; then how close the Units on the board
stand to the enemy Builders, since a Shield only falls to a Unit that
reaches it. Last, Slider B: the more steps a turn's Units may take between
them (Units moved times steps per Unit), the faster an attack arrives, so a
Builder that can end its move on a B space and raise that product takes it
(the notches trade one value for the other; at the far left only one Unit
moves).
"""

from __future__ import annotations

import math

from .turn import SLIDER

# The balance search's settings for McKinney. A turn is some five decisions
# and every rival moves before the searcher's next: what a move is worth
# shows only after the rest of the turn and the rivals' answers. So each of
# the 16 candidates the evaluation ranks highest is played on to the
# searcher's next turn, every action the mover's greedy choice, and judged
# there; 32 more such rounds go to the candidates that came out best.
# Measured against greedy players (seats in turn, seed 0, 24 games): MCTS
# won 21 with 2 players, 18 with 3, 12 of 23 decided with 4 (fair share a
# quarter), where random rollouts of two actions with 128 iterations won
# about a third of 90 four-player games.
SEARCH = {"iterations": 32, "depth": "round", "rollout": "greedy", "width": 16, "answered": 1, "tree_depth": 1}


def _square(name: str) -> tuple[int, int]:
    return ord(name[0]) - ord("a"), int(name[1:])


def evaluate(game, view: dict, player: int) -> float:
    """A score in (-1, 1): above 0 when ``player`` stands better than its best rival."""
    if view.get("winner") is not None:
        return 1.0 if view["winner"] == player else -1.0
    seats = len(view["players"])
    builders, units = {}, [[] for _ in range(seats)]
    # Squares by their index on the board, so that the distances to the
    # Builders are read from _nearness's table: the same numbers, worked out
    # by the same sum, as from the squares' files and ranks here.
    for square, (seat, kind) in _occupants_at(game, view).items():
        if kind == "builder":
            builders[seat] = square
        else:
            units[seat].append(square)
    marching = _marching_by_notch(game)
    mover = view["to_move"] if view["phase"] == "slider" else None
    strength = []
    for seat, side in enumerate(view["players"]):
        if side["shields"] <= 0:
            strength.append(-10.0)
            continue
        reach = 0.0
        if units[seat]:
            targets = tuple(at for other, at in builders.items() if other != seat)
            if targets:
                near = _nearness(game, targets)
                for square in units[seat]:
                    reach += near[square]
        slider = _slider_worth(game, view, seat) if seat == mover else marching[side["sliders"]["B"]]
        strength.append(side["shields"] + 0.1 * len(units[seat]) + 0.05 * sum(side["cache"].values())
                        + 0.1 * reach + slider)
    # Against the strongest rival and the field alike: taking a Unit or a
    # Shield from any rival is worth something, not only from the leader.
    rivals = [s for seat, s in enumerate(strength) if seat != player]
    rival = (max(rivals) + sum(rivals) / len(rivals)) / 2
    return math.tanh((strength[player] - rival) / 3)


def evaluate_position(game, state, player: int) -> float:
    """``evaluate`` of ``player``'s observation, read straight from the
    position (nothing in McKinney is hidden): the same number, its sums in
    the same order, without building the observation, for the search, which
    judges every position it meets."""
    if state.winner >= 0:
        return 1.0 if state.winner == player else -1.0
    # The engine keeps each player's Units in square order, as the
    # observation lists them, and the one in transit off the board, which
    # the observation shows last, where it stands (over a friend it adds no
    # square of its own).
    transit = -1
    if state.moving and state.path and not state.cells[state.path[-1]]:
        transit = state.path[-1]
    nears = _nears(game, state.builder)
    marching = _marching_by_notch(game)
    # Slider B's worth is its notch's, but for a Builder on a +/- space with
    # its Slider still to move (see _slider_value).
    on_space = state.player if state.phase == SLIDER else -1
    shields_of, units_of, cache_of, sliders = state.shields, state.units, state.cache, state.sliders
    strength = []
    for seat in range(game.num_players):
        shields = shields_of[seat]
        if shields <= 0:
            strength.append(-10.0)
            continue
        units = units_of[seat]
        if transit >= 0 and seat == state.player:
            units = [*units, transit]
        reach = 0.0
        if units:
            near = nears[seat]
            if near is not None:
                for square in units:
                    reach += near[square]
        slider = (marching[sliders[seat][1]] if seat != on_space
                  else _slider_value(game, sliders[seat][1], state.builder[seat]))
        strength.append(shields + 0.1 * len(units) + 0.05 * sum(cache_of[seat]) + 0.1 * reach + slider)
    rivals = [s for seat, s in enumerate(strength) if seat != player]
    rival = (max(rivals) + sum(rivals) / len(rivals)) / 2
    return math.tanh((strength[player] - rival) / 3)


_NEARNESS: dict = {}
_NEARS: dict = {}
_MARCHING: dict = {}


def _nears(game, builders: list) -> tuple:
    """Per seat, ``_nearness`` of the other Builders still standing (None
    when there are none): the same for every position with the Builders on
    these squares, so kept per board and placing of the Builders."""
    key = (game.names[-1], *builders)
    nears = _NEARS.get(key)
    if nears is None:
        if len(_NEARS) > 4096:
            _NEARS.clear()
        nears = []
        for seat in range(len(builders)):
            targets = tuple(at for other, at in enumerate(builders) if other != seat and at >= 0)
            nears.append(_nearness(game, targets) if targets else None)
        nears = _NEARS[key] = tuple(nears)
    return nears


def _marching_by_notch(game) -> tuple:
    """``_marching`` at each notch of Slider B, kept per set of notches."""
    key = game.notches[1]
    marching = _MARCHING.get(key)
    if marching is None:
        marching = _MARCHING[key] = tuple(_marching(game, notch) for notch in range(len(key)))
    return marching


def _nearness(game, targets: tuple) -> list:
    """Per square, 1 / (1 + steps to the nearest of ``targets``), as
    ``evaluate`` works it out; kept per board and set of targets (Builders
    seldom move, so a game meets few sets)."""
    key = (game.names[-1], targets)  # the last square's name tells the board's size
    near = _NEARNESS.get(key)
    if near is None:
        if len(_NEARNESS) > 4096:
            _NEARNESS.clear()
        where = [_square(name) for name in game.names]
        aims = [where[t] for t in targets]
        near = _NEARNESS[key] = [1 / (1 + min(abs(x - tx) + abs(y - ty) for tx, ty in aims)) for x, y in where]
    return near


def _marching(game, notch: int) -> float:
    """What Slider B at ``notch`` is worth: Unit steps a turn beyond the far left's."""
    units, steps = game.notches[1][notch]
    first_units, first_steps = game.notches[1][0]
    return 0.08 * (units * steps - first_units * first_steps)


def _slider_worth(game, view: dict, seat: int) -> float:
    """Slider B's worth for ``seat``, read from the observation."""
    at = None
    if view["phase"] == "slider" and view["to_move"] == seat:
        at = game.square_index(next(square for square, piece in view["pieces"].items() if piece == f"{seat}B"))
    return _slider_value(game, view["players"][seat]["sliders"]["B"], at)


def _slider_value(game, notch: int, at: int | None) -> float:
    """Slider B at ``notch``; a Builder standing on a +/- space (square
    ``at``) with its Slider still to move counts the better of the two ways
    it may go."""
    slider, dots = game.spaces[at] if at is not None else (None, 0)
    if slider != 1:
        return _marching(game, notch)
    top = len(game.notches[1]) - 1
    return max(_marching(game, min(top, max(0, notch + move))) for move in (dots, -dots))


# --- Where things happen, for the balance report's heatmaps ------------------

def board(game) -> dict:
    """The board as the kit prints it: squares, file letters and rank
    numbers, and the marked squares (start squares, +/- spaces)."""
    from .board import FILES, layout

    plan = layout(game.spec.data)
    width = plan.width
    marked = {q.start: "start" for q in plan.quadrants}
    for space in plan.spaces:
        marked[space.square] = f"{space.slider}{space.dots}"
    return {"columns": width, "rows": width, "column_labels": list(FILES[:width]),
            "row_labels": [str(r + 1) for r in range(width)], "marked": marked}


def pieces(game, view: dict) -> dict:
    """Occupied squares (x, y) from 0 -> (seat, kind), kind "builder" or "unit"."""
    return {(x, y - 1): who for (x, y), who in _occupants(view).items()}


_PIECE: dict = {}  # a piece as the position writes it ("0B") -> (seat, "builder" or "unit")


def _occupants_at(game, view: dict) -> dict:
    """``_occupants`` with each square by its index on the board, in the same order."""
    index = game.index_of
    out = {}
    for square, piece in view["pieces"].items():
        who = _PIECE.get(piece)
        if who is None:
            who = _PIECE[piece] = (int(piece[:-1]), "builder" if piece[-1] == "B" else "unit")
        out[index[square]] = who
    if view.get("moving") and view.get("path"):
        out[index[view["path"][-1]]] = (view["to_move"], "unit")
    return out


def _occupants(view: dict) -> dict:
    """Squares (file index, rank) -> (seat, "builder" or "unit"), the Unit
    in the middle of a move included, at the square it has reached."""
    out = {_square(square): (int(piece[:-1]), "builder" if piece[-1] == "B" else "unit")
           for square, piece in view["pieces"].items()}
    if view.get("moving") and view.get("path"):
        out[_square(view["path"][-1])] = (view["to_move"], "unit")
    return out
