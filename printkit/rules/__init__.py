"""The reference rules engine: one contract for every game.

    from printkit import rules
    game = rules.load("phoenix")          # bundled id or spec path
    state = game.initial_state()

See ``base.py`` for the Game and State every game module implements, and
each game's reference (<id>-reference.pdf in its kit) for its move notation
and position format.
"""

from __future__ import annotations

from .. import games
from .. import spec as _spec
from ..errors import Problem, SpecError
from .base import CHANCE, TERMINAL, Game, IllegalAction, State

__all__ = ["CHANCE", "TERMINAL", "Game", "State", "IllegalAction", "load", "game_options", "NoEngine"]


class NoEngine(SpecError):
    """A game that has no rules engine (a game of one's own): nothing to play.
    Said at the spec's file, as a problem with the spec is."""

    def __init__(self, loaded):
        self.spec = loaded
        super().__init__([Problem(_spec.display_path(loaded.path), None, None,
                                  "this game has no rules engine to play it by (simulate, balance, moves, "
                                  "apply); printkit builds and validates its kit, and printkit play opens it "
                                  "as a table where pieces move freely")])


def game_options(players: int | None = None, variant: str | None = None) -> dict:
    """The options ``load`` takes, from the command line's --players and --variant."""
    options = {}
    if players is not None:
        options["players"] = players
    if variant is not None:
        options["variant"] = variant
    return options


def load(name: str, **options) -> Game:
    """The game of a bundled id or a spec file, ready to play.

    Options are game-specific (for example ``players=3`` or
    ``variant="team"``); each game module documents its own."""
    loaded = _spec.load(name)
    module = games.optional_stage(loaded.game, "rules")
    if module is None:
        raise NoEngine(loaded)
    if "variant" in options:
        options["variant"] = _spec.variant_named(loaded, options["variant"])
    return module.Game(loaded, **options)
