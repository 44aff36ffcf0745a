"""Does a kit fit the paper? Every part on every paper, each misfit reported
at the spec key that sets its size.

``validate`` checks both papers and says which one fits; ``build`` checks the
paper it was given, before anything is drawn onto sheets, and names the
other paper when that one fits. Parts say which spec keys set their size
(``Part.sized_by``); a part generator that cannot lay out a size at all
raises ``PartTooLarge`` with those keys.
"""

from __future__ import annotations

import copy
import math
from dataclasses import replace

from . import games
from .errors import PartTooLarge, PrintkitError, Problem
from .options import BuildOptions, resolve_options
from .sheets import PAPERS, content_box, landscape, page_for
from .spec import Spec, validator_for


def _area(paper_key: str) -> str:
    _, _, w, h = content_box(PAPERS[paper_key])
    _, _, lw, lh = content_box(landscape(PAPERS[paper_key]))
    return f"{w:.1f} x {h:.1f} mm upright, {lw:.1f} x {lh:.1f} mm on its side"


def misfits(spec, options: BuildOptions, parts=None) -> dict[tuple, list[tuple[str, str]]]:
    """{spec keys that set the size: [(what does not fit, its size), ...]} on options.paper."""
    found: dict[tuple, list[tuple[str, str]]] = {}
    try:
        if parts is None:
            parts = games.stage(spec.game, "parts").parts(spec, options)
    except PartTooLarge as exc:
        found.setdefault(exc.sized_by, []).append((exc.what, ""))
        return found
    paper = PAPERS[options.paper]
    for part in parts:
        if page_for(part, paper) is None:
            label = (part.name, f"{part.width:.1f} x {part.height:.1f} mm")
            names = found.setdefault(tuple(part.sized_by), [])
            if label not in names:
                names.append(label)
    return found


def _value_at(data, pointer: tuple):
    for key in pointer:
        if not isinstance(data, (dict, list)):
            return None
        try:
            data = data[key]
        except (KeyError, IndexError, TypeError):
            return None
    return data


def _with_value(spec, pointer: tuple, value):
    """A copy of ``spec`` with ``value`` at ``pointer``."""
    data = copy.deepcopy(spec.data)
    node = data
    for key in pointer[:-1]:
        node = node[key]
    node[pointer[-1]] = value
    return Spec(spec.path, data, spec.marks, spec.key_marks)


# How far below the spec's size the search for one that fits goes: halving
# steps, so a size of 40 is tried at 39, 38, 36, 32, 24, 8.
_HALVINGS = 6


def _schema_minimum(game: str, pointer: tuple) -> float:
    """The least value the game's schema allows at ``pointer`` (0 when it says none)."""
    node = validator_for(game).schema
    for key in pointer:
        node = (node.get("properties") or {}).get(key) if isinstance(node, dict) else None
    return node.get("minimum", 0) if isinstance(node, dict) else 0


def largest_fit(spec, sized_by: tuple, options: BuildOptions) -> tuple[tuple, int] | None:
    """(key, size): the largest whole size at the first numeric key of
    ``sized_by`` (the others kept) with which the parts it sizes fit
    ``options.paper``; None when the spec does not set that key, or no size
    tried fits (the size is not what keeps them off the paper)."""
    pointer = next((tuple(k) for k in sized_by if isinstance(_value_at(spec.data, k), (int, float))
                    and not isinstance(_value_at(spec.data, k), bool)), None)
    if pointer is None:
        return None
    value = _value_at(spec.data, pointer)
    lowest = max(1, math.ceil(_schema_minimum(spec.game, pointer)))

    def fits(size: int) -> bool:
        try:
            return tuple(sized_by) not in misfits(_with_value(spec, pointer, size), options)
        except PrintkitError:  # a size the game cannot lay out at all
            return False

    # The sizes tried fall by 1, 2, 4, ... below the spec's, then halve the
    # step between the last that did not fit and the first that did.
    above, step = math.ceil(value), 1
    below = None
    for _ in range(_HALVINGS):
        size = max(lowest, math.ceil(value) - step)
        if size >= above:
            break
        if fits(size):
            below = size
            break
        above, step = size, step * 2
    if below is None:
        return None
    while above - below > 1:
        middle = (above + below) // 2
        if fits(middle):
            below = middle
        else:
            above = middle
    return pointer, below


def _sizes_that_fit(spec, sized_by: tuple, options: BuildOptions, papers) -> str:
    """"board/square_mm 23 fits Letter, 22 fits A4", or ""."""
    found = [(paper, largest_fit(spec, sized_by, replace(options, paper=paper))) for paper in papers]
    found = [(paper, fit) for paper, fit in found if fit is not None]
    if not found:
        return ""
    key = "/".join(map(str, found[0][1][0]))
    return f"{key} {', '.join(f'{size} fits {PAPERS[paper].name}' for paper, (_, size) in found)}"


def _problem(spec, sized_by: tuple, what: list[str], paper_key: str, severity: str, hint: str) -> Problem:
    named = ["/".join(map(str, k)) for k in sized_by]
    keys = (", ".join(named[:-1]) + " and " + named[-1]) if len(named) > 1 else (named[0] if named else "the spec's sizes")
    names = [name for name, _ in what]
    listed = ", ".join(names[:6]) + (f" and {len(names) - 6} more" if len(names) > 6 else "")
    sizes = sorted({size for _, size in what if size})
    if len(sizes) == 1:
        listed += f" ({'each ' if len(what) > 1 else ''}{sizes[0]})"
    elif sizes:
        listed = ", ".join(f"{name} ({size})" for name, size in what[:6])
    message = (f"{listed} {'does' if len(what) == 1 else 'do'} not fit on {PAPERS[paper_key].name} paper "
               f"(printable area {_area(paper_key)}); {keys} set{'s' if len(sized_by) == 1 else ''} "
               f"the size{hint}")
    return spec.problem(sized_by[0] if sized_by else (), message, severity)


def paper_problems(spec, options: BuildOptions) -> list[Problem]:
    """validate's view: errors for parts that fit no paper, a warning for
    those that fit only one (naming the option that helps)."""
    options = resolve_options(spec, options)
    by_paper = {key: misfits(spec, replace(options, paper=key)) for key in PAPERS}
    problems = []
    for key, found in by_paper.items():
        others = [k for k in PAPERS if k != key and not by_paper[k]]
        for sized_by, what in found.items():
            if others:
                hint = f"; it fits on {PAPERS[others[0]].name}: build with --paper {others[0]}"
                smaller = _sizes_that_fit(spec, sized_by, options, [key])
                hint += f", or make them smaller ({smaller})" if smaller else ""
                problems.append(_problem(spec, sized_by, what, key, "warning", hint))
            else:
                problems.append(_problem(spec, sized_by, what, key, "error",
                                         _smaller(spec, sized_by, options, by_paper)))
    return problems


def _smaller(spec, sized_by: tuple, options: BuildOptions, by_paper: dict) -> str:
    """The hint for parts that fit no paper: the sizes that would fit each."""
    papers = [key for key in PAPERS if tuple(sized_by) in by_paper.get(key, {})]
    sizes = _sizes_that_fit(spec, sized_by, options, papers)
    if sizes:
        return f"; make them smaller: {sizes}"
    return "; make them smaller (docs/spec-reference.md lists the printable limits)"


def build_problems(spec, options: BuildOptions, parts) -> list[Problem]:
    """build's view: every part that does not fit the chosen paper."""
    found = misfits(spec, options, parts)
    if not found:
        return []
    options = resolve_options(spec, options)
    others = {k: misfits(spec, replace(options, paper=k)) for k in PAPERS if k != options.paper}
    fitting = [k for k, found_there in others.items() if not found_there]
    problems = []
    for sized_by, what in found.items():
        if fitting:
            hint = f"; it fits on {PAPERS[fitting[0]].name}: use --paper {fitting[0]}"
            smaller = _sizes_that_fit(spec, sized_by, options, [options.paper])
            hint += f", or make them smaller ({smaller})" if smaller else ""
        else:
            hint = _smaller(spec, sized_by, options, {options.paper: found, **others})
        problems.append(_problem(spec, sized_by, what, options.paper, "error", hint))
    return problems
