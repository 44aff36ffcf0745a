"""The engine configurations every generic contract test runs on.

One entry per game and layout: ``(game, options)``, where ``game`` is a
bundled id or a spec path (relative to the repository root). Each game adds
its own entries. Golden playthroughs and perft data live in
``tests/golden/<config id>.json`` and ``tests/perft/<config id>.json``;
``python scripts/regen_golden.py`` regenerates them.
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

# Rock Paper Scissors Tiles: the bundled rules (only the first turn hidden,
# mirror images count), and both switches flipped on a smaller supply.
CONFIGS += [
    ("tiles", {}),
    ("specs/examples/tiles-variant.yaml", {}),
]
