"""Does a kit fit the paper? Every part on every paper, each misfit reported
at the spec key that sets its size.

``validate`` checks both papers and says which one fits; ``build`` checks the
paper it was given, before anything is drawn onto sheets, and names the
other paper when that one fits. Parts say which spec keys set their size
(``Part.sized_by``); a part generator that cannot lay out a size at all
raises ``PartTooLarge`` with those keys.
"""

from __future__ import annotations

from dataclasses import replace

from . import games
from .errors import PartTooLarge, Problem
from .options import BuildOptions, resolve_options
from .sheets import PAPERS, content_box, landscape, page_for


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
                problems.append(_problem(spec, sized_by, what, key, "warning", hint))
            else:
                hint = "; make them smaller (the README lists the printable limits)"
                problems.append(_problem(spec, sized_by, what, key, "error", hint))
    return problems


def build_problems(spec, options: BuildOptions, parts) -> list[Problem]:
    """build's view: every part that does not fit the chosen paper."""
    found = misfits(spec, options, parts)
    if not found:
        return []
    fitting = [k for k in PAPERS if k != options.paper and not misfits(spec, replace(options, paper=k))]
    hint = (f"; it fits on {PAPERS[fitting[0]].name}: use --paper {fitting[0]}" if fitting
            else "; make them smaller (the README lists the printable limits)")
    return [_problem(spec, sized_by, what, options.paper, "error", hint) for sized_by, what in found.items()]
