"""Checks of a custom spec beyond its schema: its components' tables,
images and texts, each problem at its line (or its table's row)."""

from __future__ import annotations

from ...errors import SpecError


def check_spec(spec) -> list:
    """Every problem the components raise when made on the default options."""
    from ... import components
    from ...options import BuildOptions

    from ...components import Context

    problems = []
    names = {}
    for index, component in enumerate(spec.data.get("components") or []):
        # An unnamed component is called by its type and place ("cards 2"): a name given may clash with that too.
        name = Context(spec, None, spec.path.parent, index).name()
        if name in names:
            problems.append(spec.problem(("components", index, "name"),
                                         f"components/entry {index + 1}/name: {name!r} names entry "
                                         f"{names[name] + 1} too; each component needs its own name"))
        names.setdefault(name, index)
    if problems:
        return problems
    try:
        components.parts(spec, BuildOptions())
    except SpecError as error:
        return list(error.problems)
    return []
