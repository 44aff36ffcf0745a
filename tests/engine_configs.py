"""The engine configurations every generic contract test runs on.

One entry per game and layout: ``(game, options)``, where ``game`` is a
bundled id or a spec path (relative to the repository root). Each game adds
its own entries, and in ``LATE`` what its second, late golden game must
show. Golden playthroughs and perft data live in
``tests/golden/<config id>.json``, ``tests/golden/late/<config id>.json`` and
``tests/perft/<config id>.json``; ``python scripts/regen_golden.py``
regenerates them.
"""

from __future__ import annotations

from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

CONFIGS = [
    ("mckinney", {"players": 2}),
    ("mckinney", {"players": 3}),
    ("mckinney", {"players": 4}),
    ("specs/examples/mckinney-variant.yaml", {"players": 4}),
]


def config_id(game: str, options: dict) -> str:
    """A file-name-safe id: the game's or spec's name, then its options."""
    name = Path(game).stem if game.endswith((".yaml", ".yml")) else game
    return "-".join([name] + [f"{k}{v}" for k, v in sorted(options.items())])


def load(game: str, options: dict):
    """The Game of a configuration."""
    from printkit import rules

    if game.endswith((".yaml", ".yml")):
        game = str(ROOT / game)
    return rules.load(game, **options)


# RPS Phoenix: each variant, and every player count of the standard game.
CONFIGS += [
    ("phoenix", {"players": 2}),
    ("phoenix", {"players": 3}),
    ("phoenix", {"players": 4}),
    ("phoenix", {"players": 4, "variant": "team"}),
    ("phoenix", {"players": 3, "variant": "give-away"}),
    ("phoenix", {"players": 2, "variant": "casino"}),
]

# Rock Paper Scissors Tiles: the bundled rules (tiles hidden every turn, as
# the 2010 procedure repeats; mirror images count), and both switches flipped
# (the house rule of open tiles after turn 1, no mirrors) on a smaller supply.
CONFIGS += [
    ("tiles", {}),
    ("specs/examples/tiles-variant.yaml", {}),
]

# Playground Battles: hidden armies.
CONFIGS += [("playground", {})]

# Greg Lam's Rock, Paper, Scissors: the standard game and the Two-Flag version.
CONFIGS += [
    ("lam", {}),
    ("lam", {"variant": "two-flag"}),
]


# --- Late golden games ---------------------------------------------------------
# The first golden game of a configuration is its shortest finished random
# game, so rules that only come late in a game never appear in it. A second,
# "late" golden game is declared here as data: the events it must show (each
# at least once; names from EVENTS of the configuration's game) and how it
# must end (a name from ENDS). scripts/regen_golden.py records the first seed,
# in order, whose random game qualifies; the contract test replays it and
# checks that it still shows each event at the same move and ends as declared.


def _eliminations(position) -> int:
    return sum(s["eliminations"] for s in position["score"].values())


def _diagonal_length(move: str) -> int:
    """Squares a Phoenix diagonal move (``S d 2,3>5,6``) crosses; 0 for any other move."""
    if " d " not in move:
        return 0
    source, target = move.split(" d ")[1].split(">")
    return abs(int(target.split(",")[0]) - int(source.split(",")[0]))


def _shields(before, after):
    return [(a["shields"], b["shields"]) for a, b in zip(before["players"], after["players"])]


# game -> event name -> (what it means, test on the position before a move,
# the move's notation and the position after it).
EVENTS = {
    "phoenix": {
        "escalation": ("the Escalation Phase begins",
                       lambda b, m, a: a["escalation"] and not b["escalation"]),
        "escalation-fight": ("an interaction in the Escalation Phase: both Birds go to the Ashes",
                             lambda b, m, a: b["escalation"] and _eliminations(a) - _eliminations(b) >= 2),
        "bishop-move": ("a diagonal move of more than one square (Escalation Phase)",
                        lambda b, m, a: _diagonal_length(m) > 1),
        "second-phoenix": ("a second Bird rises next to the Phoenix square",
                           lambda b, m, a: b["stage"] == "second-phoenix" and m != "stop"),
        "chain-step": ("a chain-reaction step after a capture",
                       lambda b, m, a: m.startswith("step")),
    },
    "mckinney": {
        "shield-lost": ("a Builder loses a Shield and stays in play",
                        lambda b, m, a: any(0 < y < x for x, y in _shields(b, a))),
        "eliminated-before-end": ("a player is eliminated and the game goes on",
                                  lambda b, m, a: a["phase"] != "over"
                                  and any(x > 0 and y == 0 for x, y in _shields(b, a))),
    },
    "tiles": {
        "tied-score": ("both players score, equally, and the game goes on",
                       lambda b, m, a: a["result"] is None
                       and a["score"]["black"] == a["score"]["white"] > 0),
        "last-tile": ("the last tile of the supply is played",
                      lambda b, m, a: a["supply"] == 0),
    },
}

# How a game ends: a test on the final state.
ENDS = {
    "win": ("ended by the rules with a winner",
            lambda s: s.is_terminal() and not s.unfinished and len(set(s.returns())) > 1),
    "draw": ("ended by the rules without a winner",
             lambda s: s.is_terminal() and not s.unfinished and len(set(s.returns())) == 1),
    "unfinished": ("stopped by the game's length cap",
                   lambda s: s.is_terminal() and s.unfinished),
}


def first_events(game_name: str, names, initial: dict, steps) -> dict:
    """Move number (from 1) at which each of ``names`` first happens in a game
    that starts at ``initial`` and plays ``steps`` ((move, position) pairs)."""
    tests = {name: EVENTS[game_name][name][1] for name in names}
    found = {}
    before = initial
    for number, (move, after) in enumerate(steps, 1):
        for name, test in tests.items():
            if name not in found and test(before, move, after):
                found[name] = number
        before = after
    return found


LATE = {}  # config id -> {"events": [...], "end": ...}

# McKinney: a capped game (400 turns), with 3 and 4 players after a player
# is eliminated and the others play on; the variant board, whose first golden
# game is only a prefix (no game there ends soon), a game won by elimination.
LATE.update({
    "mckinney-players2": {"events": ["shield-lost"], "end": "unfinished"},
    "mckinney-players3": {"events": ["shield-lost", "eliminated-before-end"], "end": "unfinished"},
    "mckinney-players4": {"events": ["shield-lost", "eliminated-before-end"], "end": "unfinished"},
    "mckinney-variant-players4": {"events": ["shield-lost", "eliminated-before-end"], "end": "win"},
})

# RPS Phoenix: the Escalation Phase and each of its rules. A draw (every
# side gone at once) comes only from its mutual eliminations; with 3 and 4
# players, and in the Casino (where a draw hands every chip back), the game
# must end in one.
_ESCALATION = ["escalation", "escalation-fight", "bishop-move", "second-phoenix", "chain-step"]
LATE.update({
    "phoenix-players2": {"events": _ESCALATION, "end": "win"},
    "phoenix-players3": {"events": _ESCALATION, "end": "draw"},
    "phoenix-players4": {"events": _ESCALATION, "end": "draw"},
    "phoenix-players4-variantteam": {"events": _ESCALATION, "end": "win"},
    # Give-Away games rarely last into the Escalation Phase since the entry phase is one
    # phase for all (a roll with nothing to enter still sends a Bird to the Ashes, which
    # helps its owner): none among the first 5,000 seeds shows a chain step and is won.
    "phoenix-players3-variantgive-away": {"events": _ESCALATION[:4], "end": "win"},
    # No Casino game among the first 5,000 seeds shows a chain step and ends drawn.
    "phoenix-players2-variantcasino": {"events": _ESCALATION[:4], "end": "draw"},
})

# Tiles: games that run to the last tile. The first golden games are early
# wins; here scores tie above zero and play goes on, then the last turn's
# shapes decide (bundled rules) or the supply runs out level (a draw).
LATE.update({
    "tiles": {"events": ["tied-score", "last-tile"], "end": "win"},
    "tiles-variant": {"events": ["tied-score", "last-tile"], "end": "draw"},
})


def _lam_target(before, move):
    """The pieces on the cell a Lam move (``Rc1xc4``) lands on, before it."""
    if move[:1] not in "RPS" or "x" not in move[2:]:
        return ""
    return before["board"].get(move.split("x")[1], "")


EVENTS["lam"] = {
    "rock-knock": ("a Rock knocks a Rock on down the row", lambda b, m, a: m[:1] == "R" and _lam_target(b, m)[-1:] == "R"),
    "spread": ("a Paper stack spreads", lambda b, m, a: ">" in m),
    "stack": ("Papers stack", lambda b, m, a: any(len(code) > 2 for code in a["board"].values())),
    "lock": ("two enemy Scissors lock", lambda b, m, a: len(a["locks"]) > len(b["locks"])),
}
LATE.update({
    "lam": {"events": ["rock-knock", "spread", "lock"], "end": "win"},
    "lam-varianttwo-flag": {"events": ["rock-knock", "spread", "lock", "stack"], "end": "win"},
})
