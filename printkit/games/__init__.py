"""The games printkit knows: one folder each, found here and nowhere else.

A game is a package ``printkit/games/<id>/`` holding:

- ``schema.yaml``: the JSON schema of its specs (shared definitions in
  ``printkit/schemas/common.yaml``);
- ``checks.py``: ``check_spec(spec) -> list[Problem]`` (what the schema cannot
  say) and, optionally, ``analyse(spec, game) -> list[Problem]`` (validate's
  look at a sound layout) and ``player_counts(spec, variant) -> list[int]``;
- ``rules.py``: ``Game`` and ``State``, the engine contract of
  ``printkit.rules.base`` (a game without one, ``custom``, has no playouts:
  ``rules.load`` refuses it with ``rules.NoEngine``);
- ``parts.py``: ``parts(spec, options) -> list[Part]`` and, optionally,
  ``figures(spec, options)`` (rulebook drawings), ``sheet_title(group,
  parts)``, ``cover(spec, options, width, height)`` (cover art) and
  ``rulebook(spec, options, figures) -> str`` (the rulebook's Markdown, for
  a game whose spec brings its own rules rather than a template's);
- optionally ``evaluation.py``: ``evaluate(game, view, player) -> float`` in
  (-1, 1), how well a position stands for ``player`` read from its
  observation ``view`` (the balance agents' judgement; without it they see
  only wins and losses);
- optionally ``tensor.py``: ``shape(game) -> {name: shape}`` and
  ``fill(game, view, player, parts)``, the observation as numbers
  (OpenSpiel's observation tensor; see ``printkit.openspiel``);
- optionally ``book.py``: ``figures(spec, options)``, the rulebook's worked
  examples drawn from engine positions (they join, and may replace, the
  figures of ``parts.py``; see ``printkit.rulebook.figures``);
- optionally ``table.py``: ``board``, ``pieces`` and ``touches``, the game as
  it stands on a table (the live table, virtual-table saves; see
  ``printkit.table``);

plus its bundled spec ``specs/<id>.yaml`` and rulebook ``templates/<id>.md.j2``
at the top of the repository. The list of games is the list of these
folders: a spec's ``game:`` only ever selects from it, so a spec can never
make printkit import anything else.
"""

from __future__ import annotations

import importlib
import pkgutil
from functools import cache
from pathlib import Path
from types import ModuleType

from ..errors import PrintkitError

FOLDER = Path(__file__).resolve().parent
STAGES = ("checks", "parts")
# "rules": every bundled game has an engine; a game of one's own (custom) has none.
OPTIONAL_STAGES = ("rules", "evaluation", "tensor", "book", "table")


@cache
def known() -> tuple[str, ...]:
    """Ids of every game printkit has code for, sorted."""
    return tuple(sorted((m.name for m in pkgutil.iter_modules([str(FOLDER)]) if m.ispkg)))


def schema_path(game: str) -> Path:
    """The schema file of a known game."""
    return FOLDER / game / "schema.yaml"


def stage(game: str, name: str) -> ModuleType:
    """One stage of a known game: ``checks``, ``rules``, ``parts`` or ``evaluation``."""
    if name not in STAGES + OPTIONAL_STAGES:
        raise ValueError(f"no stage {name!r}; stages are {', '.join(STAGES + OPTIONAL_STAGES)}")
    if game not in known():
        raise PrintkitError(f"unknown game '{game}': printkit knows {', '.join(known())}")
    try:
        return importlib.import_module(f"{__name__}.{game}.{name}")
    except ModuleNotFoundError as exc:
        if exc.name == f"{__name__}.{game}.{name}":
            raise PrintkitError(f"{game}: printkit has no {name} for this game yet") from None
        raise


def optional_stage(game: str, name: str) -> ModuleType | None:
    """An optional stage of a known game, or None when the game has none."""
    try:
        return stage(game, name)
    except PrintkitError:
        if game not in known():
            raise
        return None
