"""The parts of a custom game: its components, made by ``printkit.components``,
and its rulebook: the spec's own Markdown (``rules:``) or a list of the kit."""

from __future__ import annotations

from ... import components
from ...components import rulebook as own_rulebook


def parts(spec, options) -> list:
    return components.parts(spec, options)


def figures(spec, options) -> dict:
    """``part:NAME`` for each component, and each picture the rules file shows."""
    return own_rulebook.figures(spec, options, components.made_by_component(spec, options))


def rulebook(spec, options, figures) -> str:
    return own_rulebook.markdown(spec, options, figures)


def sheet_title(group: str, members: list) -> str:
    """What a sheet holds of a component: a single piece (a die, a box) by the
    component's own name, so that several share a sheet under a header that
    still reads; more pieces as the checklist counts them."""
    from ...sheets import _summary

    if len(members) == 1 and members[0].meta.get("component"):
        return str(members[0].meta["component"])
    return _summary(members)
