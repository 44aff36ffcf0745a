"""Helpers for the RPS Phoenix rules tests: exact positions from a compact description."""

from __future__ import annotations

import random

from printkit import rules

TYPES = {"R": "rock", "P": "paper", "S": "scissors"}
ESCALATION_2P = 27 * 2  # turns completed before the Escalation Phase, two players


def game(players=2, variant=None):
    return rules.load("phoenix", players=players, variant=variant)


def position(g, grid, *, to_move="Red", stage="choose", turn=0, hand=None, rolled=None,
             score=None, chips=None, pot=0, active=None, direction=None):
    """A position from a compact description: ``grid`` maps "x,y" to
    "Colour Letter"; ``hand`` maps a colour to the letters still to enter;
    every other Bird is in the Ashes. ``score`` maps a colour to
    (eliminations, resurrections)."""
    hand = hand or {}
    cells = []
    on_grid = {c: [] for c in g.colors}
    for at, who in grid.items():
        colour, letter = who.split()
        cells.append({"at": [int(v) for v in at.split(",")], "owner": colour, "bird": TYPES[letter]})
        on_grid[colour].append(letter)
    cells.sort(key=lambda e: e["at"])
    hands, ashes, scores = {}, {}, {}
    for colour in g.colors:
        held = hand.get(colour, "")
        hands[colour] = {t: held.count(l) for l, t in TYPES.items()}
        ashes[colour] = {t: 1 - held.count(l) - on_grid[colour].count(l) for l, t in TYPES.items()}
        e, r = (score or {}).get(colour, (0, 0))
        scores[colour] = {"eliminations": e, "resurrections": r, "win": 0,
                          "points": e * g.points[0] + r * g.points[1]}
    square = (lambda text: [int(v) for v in text.split(",")] if text else None)
    obj = {"game": "phoenix", "variant": g.variant, "players": g.colors, "stage": stage,
           "to_move": to_move, "turn": turn, "escalation": turn >= g.escalation_turn,
           "rolled": square(rolled), "active": square(active),
           "direction": list(direction) if direction else None,
           "grid": cells, "hand": hands, "ashes": ashes, "score": scores, "result": None}
    if g.variant == "casino":
        obj["chips"] = chips or {c: g.starting_chips for c in g.colors}
        obj["pot"] = pot
    return g.state_from_json(obj)


def play(state, *moves):
    for move in moves:
        state.apply(state.string_to_action(move))
    return state


def moves(state):
    """The legal moves (or dice outcomes) in notation."""
    actions = [a for a, _ in state.chance_outcomes()] if state.is_chance_node() else state.legal_actions()
    return [state.action_to_string(a) for a in actions]


def grid_of(state):
    """The grid as {"x,y": "Colour Letter"}."""
    letters = {t: l for l, t in TYPES.items()}
    return {f"{e['at'][0]},{e['at'][1]}": f"{e['owner']} {letters[e['bird']]}" for e in state.to_json()["grid"]}


def ashes_of(state, colour):
    return {t: n for t, n in state.to_json()["ashes"][colour].items() if n}


def points(state, colour):
    return state.to_json()["score"][colour]["points"]


def score_of(state, colour):
    s = state.to_json()["score"][colour]
    return s["eliminations"], s["resurrections"], s["win"]


def random_game(g, seed, state=None):
    """Every state of a seeded random game (the same object, updated in place)."""
    rng = random.Random(seed)
    state = state or g.initial_state()
    yield state
    while not state.is_terminal():
        if state.is_chance_node():
            actions, weights = zip(*state.chance_outcomes())
            action = rng.choices(actions, weights)[0]
        else:
            action = rng.choice(state.legal_actions())
        state.apply(action)
        yield state
