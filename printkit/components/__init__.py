"""Components: the generic parts of a game described by its spec alone.

A spec of the game ``custom`` lists ``components:``, each a mapping with a
``type:`` (cards, tiles, tokens, dice, board, ...). This layer turns each
into parts; it never names a game.

A component type is a module here with

- ``TYPES``: the ``type:`` values it makes (``("cards",)``);
- ``parts(component: dict, ctx: Context) -> list[Part]``: its parts, in
  order of assembly; problems are raised with ``ctx.fail`` (a SpecError at
  the component's line, or at a table's row);

and its schema in ``printkit/schemas/components/<type>.yaml`` (one file per
``type:``; files starting with ``_`` hold definitions the others share).
The dispatcher finds the modules listed in ``MODULES`` that exist, so a
type is added by adding its module and its schema file.
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass, field, replace
from functools import cache
from pathlib import Path

from ..errors import Problem, SpecError

# The modules that make components, in no particular order; one missing is
# a type printkit does not make yet.
MODULES = ("cards", "tiles", "tokens", "dice", "boards", "standups", "tracks", "storage")


@cache
def registry() -> dict:
    """``type:`` -> the module that makes it."""
    found = {}
    for name in MODULES:
        try:
            module = importlib.import_module(f"{__name__}.{name}")
        except ModuleNotFoundError as exc:
            if exc.name == f"{__name__}.{name}":
                continue
            raise
        for kind in getattr(module, "TYPES", ()):
            found[kind] = module
    return found


@dataclass
class Context:
    """What a component's part generator may use besides its own mapping.

    ``spec`` is the loaded spec (``spec.problem(pointer, message)`` places a
    message at a line), ``folder`` the spec's folder (every file a spec names
    is inside it), ``options`` the build's (paper, colours, bleed, duplex),
    ``index`` the component's place in ``components:``."""

    spec: object
    options: object
    folder: Path
    index: int = 0
    # Loaded tables and images, shared by every component of one build.
    cache: dict = field(default_factory=dict)

    def pointer(self, *keys) -> tuple:
        """A path into the spec below this component."""
        return ("components", self.index, *keys)

    def problem(self, keys: tuple, message: str) -> Problem:
        """A problem at the line of ``keys`` below this component."""
        from ..spec import describe

        pointer = self.pointer(*keys)
        return self.spec.problem(pointer, f"{describe(pointer)}: {message}")

    def fail(self, keys: tuple, message: str):
        """Raise a SpecError at the line of ``keys`` below this component."""
        raise SpecError([self.problem(keys, message)])

    def at(self, index: int) -> "Context":
        return replace(self, index=index)

    @property
    def component(self) -> dict:
        return self.spec.data["components"][self.index]

    def name(self) -> str:
        """The component's name: its ``name:``, else its type and place."""
        component = self.component
        return str(component.get("name") or f"{component['type']} {self.index + 1}")

    def table(self, keys: tuple = ()):
        """The component's rows (``printkit.components.tables``)."""
        from . import tables

        return tables.rows(self, keys)

    def image(self, keys: tuple, relative: str):
        """An image file beside the spec, loaded and checked
        (``printkit.components.images``); a problem at the line of ``keys``."""
        return self.picture(relative, lambda message: self.problem(keys, message))

    def picture(self, relative: str, at):
        """An image file beside the spec; ``at(message)`` places a problem
        (a table's row names its pictures itself)."""
        from . import images

        return images.load(self, relative, at)


def spec_folder(spec) -> Path:
    return Path(spec.path).resolve().parent


def parts(spec, options) -> list:
    """Every part of every component of ``spec``, in the spec's order.
    All components' problems are raised together."""
    return [part for made in made_by_component(spec, options).values() for part in made]


def made_by_component(spec, options) -> dict:
    """Component name -> its parts, in the spec's order; every component's
    problems raised together."""
    ctx = Context(spec, options, spec_folder(spec))
    found = registry()
    out, problems = {}, []
    for index, component in enumerate(spec.data.get("components") or []):
        here = ctx.at(index)
        module = found.get(component.get("type"))
        if module is None:
            problems.append(here.problem(("type",), f"printkit cannot make {component.get('type')!r} yet"))
            continue
        try:
            out[here.name()] = module.parts(component, here)
        except SpecError as error:
            problems.extend(error.problems)
    if problems:
        raise SpecError(problems)
    return out
