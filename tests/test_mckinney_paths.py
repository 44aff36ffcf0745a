"""Every complete move the engine allows a Unit or a Builder, checked against
the rule text read literally, on random boards.

A Unit's move (seed and design/games.md): orthogonal steps, turning at will,
never revisiting a square, at most Slider B's steps. It takes each enemy
Unit of the type it beats and may keep going; it attacks an enemy Builder
and its move ends there; it passes over, never stops on, a friendly Unit of
another type; it never enters a square with a Unit of its own type (any
colour), an enemy Unit that beats it, or its own Builder.

A Builder's move: orthogonal steps through empty squares, never revisiting,
at most Slider A's steps; ending on a +/- space it moves that Slider.
"""

from __future__ import annotations

import random

import pytest

from printkit.games.mckinney.rules import BUILDER, BUILDER_MOVE, SLIDER, UNIT_MOVE
from test_mckinney_rules import game, state_of

BEATS = {"P": "R", "R": "S", "S": "P"}
STEPS = ((0, 1), (1, 0), (0, -1), (-1, 0))


def name(x: int, y: int) -> str:
    return f"{'abcdefghijklmnopqrstuvwxyz'[x]}{y + 1}"


def neighbours(square, width):
    x, y = square
    for dx, dy in STEPS:
        if 0 <= x + dx < width and 0 <= y + dy < width:
            yield (x + dx, y + dy)


def unit_moves(board: dict, width: int, player: int, start, steps: int) -> set:
    """Every complete move of the Unit on ``start``, as a tuple of square names, from the rule text."""
    kind = board[start][1]
    found = set()

    def extend(path):
        if len(path) - 1 == steps:
            return
        for n in neighbours(path[-1], width):
            if n in path:
                continue  # no square twice in one move
            longer = path + [n]
            piece = board.get(n)
            key = tuple(longer)
            if piece is None:
                found.add(key)
                extend(longer)
            elif piece[1] == "B":
                if int(piece[0]) != player:
                    found.add(key)  # a Shield falls; the move ends
            elif piece[1] == kind:
                continue  # never onto or past its own type, of any colour
            elif int(piece[0]) != player:
                if BEATS[kind] == piece[1]:
                    found.add(key)  # taken; it may keep going
                    extend(longer)
            else:
                extend(longer)  # a friend of another type: pass over, never stop

    extend([start])
    return {tuple(name(*sq) for sq in path) for path in found}


def builder_moves(board: dict, width: int, start, steps: int) -> set:
    """Every complete move of the Builder on ``start``: paths through empty squares."""
    found = set()

    def extend(path):
        if len(path) - 1 == steps:
            return
        for n in neighbours(path[-1], width):
            if n not in path and n not in board:
                found.add(tuple(path + [n]))
                extend(path + [n])

    extend([start])
    return {tuple(name(*sq) for sq in path) for path in found}


def engine_moves(state, first_actions, moving_phase) -> dict:
    """Complete moves the engine offers: square names of the path -> the position after it."""
    g = state.game
    found = {}

    def square_after(s, action):
        if action < g.unit_step_base:
            at = s.builder[s.player]
            return dict(g.neighbours[at])[action - 3]
        square, d = divmod(action - g.unit_step_base, 4)
        return dict(g.neighbours[square])[d]

    def walk(s, path):
        assert s.legal_actions(), f"a move along {path} can neither stop nor go on"
        for action in s.legal_actions():
            after = s.clone()
            if action == 0:  # stop here
                after.apply(action)
                found[tuple(path)] = after
                continue
            after.apply(action)
            longer = path + [g.names[square_after(s, action)]]
            if after.phase == moving_phase and after.player == s.player:
                walk(after, longer)
            else:
                found[tuple(longer)] = after

    for action in first_actions:
        after = state.clone()
        start = state.builder[state.player] if action < g.unit_step_base else (action - g.unit_step_base) // 4
        path = [g.names[start], g.names[square_after(state, action)]]
        after.apply(action)
        if after.phase == moving_phase:
            walk(after, path)
        else:
            found[tuple(path)] = after
    return found


def random_board(rng, players: int, width: int, density: float) -> dict:
    squares = [(x, y) for x in range(width) for y in range(width)]
    rng.shuffle(squares)
    board = {squares[p]: f"{p}B" for p in range(players)}
    counts: dict = {}
    for square in squares[players:]:
        if rng.random() < density:
            piece = f"{rng.randrange(players)}{rng.choice('PRS')}"
            if counts.get(piece, 0) < 8:
                counts[piece] = counts.get(piece, 0) + 1
                board[square] = piece
    return board


@pytest.mark.parametrize("seed", range(12))
def test_unit_moves_are_exactly_those_the_rules_allow(seed):
    rng = random.Random(seed)
    players = rng.choice((2, 3, 4))
    g = game(players)
    board = random_board(rng, players, g.width, rng.choice((0.3, 0.5, 0.7)))
    notch = seed % 5  # each Slider B notch: 1 Unit x 5 steps ... 5 Units x 1 step
    sliders = [{"A": 0, "B": notch} for _ in range(players)]
    s = state_of(g, {name(*sq): piece for sq, piece in board.items()}, sliders=sliders)
    steps = g.notches[1][notch][1]
    compared = 0
    for square, piece in sorted(board.items()):
        if piece[0] != "0" or piece[1] == "B":
            continue
        index = g.square_index(name(*square))
        first = [a for a in s.legal_actions() if a and (a - g.unit_step_base) // 4 == index]
        engine = engine_moves(s, first, UNIT_MOVE)
        assert set(engine) == unit_moves(board, g.width, 0, square, steps), name(*square)
        compared += len(engine)
    assert compared > 0


@pytest.mark.parametrize("seed", range(6))
def test_builder_moves_are_exactly_those_the_rules_allow(seed):
    rng = random.Random(100 + seed)
    players = rng.choice((2, 3, 4))
    g = game(players)
    board = random_board(rng, players, g.width, rng.choice((0.2, 0.4)))
    notch = seed % 5  # Slider A: 1 .. 5 steps
    sliders = [{"A": notch, "B": 0} for _ in range(players)]
    s = state_of(g, {name(*sq): piece for sq, piece in board.items()}, phase="builder", sliders=sliders)
    start = next(sq for sq, piece in board.items() if piece == "0B")
    steps = g.notches[0][notch][0]
    first = [a for a in s.legal_actions() if 3 <= a < 7]
    engine = engine_moves(s, first, BUILDER_MOVE)
    assert set(engine) == builder_moves(board, g.width, start, steps)
    for path, after in engine.items():
        end = g.square_index(path[-1])
        assert after.builder[0] == end
        # Ending on a +/- space, and only then, the player chooses that Slider's direction.
        assert (after.phase == SLIDER) == (end in g.spaces), path
        assert after.phase != BUILDER


def test_the_reference_sees_every_kind_of_step():
    # The reference itself: one board where a Rock takes, passes a friend, attacks and is blocked.
    board = {(1, 1): "0R", (1, 2): "1S", (1, 3): "0P", (1, 4): "1B", (2, 1): "1P", (0, 1): "1R",
             (1, 0): "0R", (3, 3): "0B"}
    moves = unit_moves(board, 14, 0, (1, 1), 3)
    assert ("b2", "b3") in moves  # took the Scissors
    assert ("b2", "b3", "b4") not in moves  # may not stop on its own Paper
    assert ("b2", "b3", "b4", "b5") in moves  # passed the Paper and attacked the Builder
    assert not any(m[1] in ("c2", "a2", "b1") for m in moves)  # Paper beats it; Rocks block
