"""Copyfitting: does every text a spec sets fit where the kit prints it?

A spec's words are set where the kit prints them by wrapping (breaking long
words) and shrinking, never below ``LEGIBLE_PT``; what cannot fit even then
is refused at load, at the line of its value, with the most it may hold.
The title goes on every sheet's header and on the banners of the cover and
the box label; the credit on the cover and, with the description, on the
box label. A game lists its own texts (colour names, piece names) as
``text_boxes(spec)`` in its part generator: ``TextBox`` each.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from .writers.fonts import LEGIBLE_PT, fit_lines, fits_up_to, text_width_mm


@dataclass(frozen=True)
class TextBox:
    """Where a spec's text prints: ``width`` mm, up to ``most`` lines no
    taller than ``height`` mm, from ``size`` down to ``smallest`` points."""

    pointer: tuple
    text: str
    where: str  # "the box label", "a Bird's base"...
    width: float
    size: float
    bold: bool = False
    most: int = 1
    height: float | None = None
    smallest: float = LEGIBLE_PT
    around: tuple[str, str] = ("", "")  # the words printed before and after it
    sized_by: str = ""  # the spec key that sets the box's size, if one does

    def fits(self, text: str | None = None) -> bool:
        shown = self.around[0] + (self.text if text is None else text) + self.around[1]
        return fit_lines(shown, self.width, self.size, self.bold, self.smallest, self.most,
                         self.height) is not None


def _papers():
    from .sheets import PAPERS, PRINT_AND_CUT_CORNER, PRINT_AND_CUT_MARGIN

    for paper in PAPERS.values():
        yield paper
        yield replace(paper, margin=PRINT_AND_CUT_MARGIN, corner=PRINT_AND_CUT_CORNER)


def kit_boxes(spec) -> list[TextBox]:
    """The title's and credit's places on every kit, at their narrowest."""
    from .parts.identity import BANNER_H, BANNER_LINES, LABEL_W, MARGIN, banner_room
    from .sheets import CREDIT_LINES, CREDIT_PT, HEADER_ROOM, HEADER_TITLE_PT, TITLE_SHARE, content_box, header_width

    boxes = []
    title = spec.get("title")
    if title:
        header = min(header_width(p) for p in _papers()) * TITLE_SHARE
        boxes.append(TextBox(("title",), title, "every sheet's header", header, HEADER_TITLE_PT, most=2,
                             height=HEADER_ROOM))
        # The box label's banner is the narrowest (the cover's and the rulebook's are wider).
        room, size, tall = banner_room(LABEL_W - 2 * MARGIN, BANNER_H)
        boxes.append(TextBox(("title",), title, "the box label's banner", room, size, bold=True,
                             most=BANNER_LINES, height=tall))
    credit = spec.get("credit")
    if credit:
        cover = min(content_box(p)[2] for p in _papers())
        boxes.append(TextBox(("credit",), credit, "the cover sheet", cover, CREDIT_PT, most=CREDIT_LINES))
    return boxes


def sheet_header(pointer: tuple, text: str, around=("", "")) -> TextBox:
    """The left of a sheet's header, what the sheet holds, beside the longest
    title: ``text`` printed between the two words of ``around``."""
    from .sheets import HEADER_PT, HEADER_ROOM, TITLE_SHARE, header_width

    width = min(header_width(p) for p in _papers()) * (1 - TITLE_SHARE) - 4
    return TextBox(pointer, text, "a sheet's header", width, HEADER_PT, bold=True, most=2, height=HEADER_ROOM,
                   around=("Sheet 10 of 10: " + around[0], around[1]))


def checklist_row(pointer: tuple, text: str, around=("", "")) -> TextBox:
    """A row of the cover's checklist, ``text`` printed between the words of
    ``around``, beside the longest list of sheets it names."""
    from .sheets import CHECKLIST_NAME_PT, checklist_room, content_box

    # A piece of one colour prints on a sheet or two of a kit's first dozen.
    width = min(checklist_room(content_box(p)[2], "sheets 10, 11") for p in _papers())
    return TextBox(pointer, text, "the cover's checklist", width, CHECKLIST_NAME_PT, around=around)


def colour_name_boxes(spec, rows: tuple[str, ...], headers: tuple = (), joined: str = "") -> list[TextBox]:
    """The boxes of the longest colour name in the checklist, as each of
    ``rows`` ("Scissors ({})") prints it, and in the sheet headers: each of
    ``headers`` with one name, and all names joined by ``joined`` in a header."""
    colors = spec["colors"][:spec["players"]["max"]]
    longest = max(range(len(colors)), key=lambda i: text_width_mm(colors[i]["name"], 10, bold=True))
    name, at = colors[longest]["name"], ("colors", longest, "name")
    boxes = [checklist_row(at, name, tuple(row.split("{}"))) for row in rows]
    boxes += [sheet_header(at, name, tuple(header.split("{}"))) for header in headers]
    if joined:
        names = [c["name"] if i != longest else "{}" for i, c in enumerate(colors)]
        boxes.append(sheet_header(at, name, tuple(joined.format(" and ".join(names)).split("{}", 1))))
    return boxes


def _too_long(spec, box: TextBox):
    lines = f"{box.most} lines" if box.most > 1 else "one line"
    sized = f"; {box.sized_by} sets it" if box.sized_by else ""
    return spec.problem(box.pointer, f"{'/'.join(map(str, box.pointer))} is too long for {box.where} "
                        f"({lines} of {box.width:.0f} mm, {box.smallest:g} pt or more{sized}): "
                        f"{_fitting(box.text, box.fits)}")


def _fitting(text: str, fits) -> str:
    most = fits_up_to(text, fits)
    return (f"it fits {most} of its {len(text)} characters; shorten it "
            "(wide letters such as W take more room than narrow ones)")


def _label_problem(spec):
    from .parts.identity import label_fits

    if label_fits(spec):
        return None
    data = dict(spec.data)
    for key, other in (("credit", "description"), ("description", "credit")):
        text = str(spec.get(key) or "")
        fits = lambda t, key=key: label_fits({**data, key: t})  # noqa: E731
        if text and fits_up_to(text, fits):  # a few of its letters fit beside the other
            return spec.problem((key,), f"{key} is too long for the box label beside the {other} "
                                f"(its lines at 6 pt or more): {_fitting(text, fits)}")
    alone = {**data, "description": ""}
    if label_fits(alone):
        return spec.problem(("credit",), "credit and description are too long for the box label together "
                            "(its lines at 6 pt or more), though the credit fits alone; shorten one of them")
    fits = lambda t: label_fits({**alone, "credit": t})  # noqa: E731
    return spec.problem(("credit",), "credit is too long for the box label even without the description "
                        f"(its lines at 6 pt or more): {_fitting(str(spec.get('credit')), fits)}")


def text_problems(spec, game_module=None) -> list:
    """Every spec text that no legible size fits where it prints, at its line."""
    boxes = kit_boxes(spec) + list(getattr(game_module, "text_boxes", lambda _: [])(spec))
    problems = []
    seen = set()
    for box in boxes:
        if box.pointer not in seen and not box.fits():
            seen.add(box.pointer)
            problems.append(_too_long(spec, box))
    label = _label_problem(spec)
    if label is not None and label.line not in {p.line for p in problems}:
        problems.append(label)
    return problems
