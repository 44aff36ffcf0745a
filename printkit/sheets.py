"""Sheets: parts placed on real paper, in order of assembly.

``impose(spec, parts, options, game_module)`` lays a game's parts out on
Letter or A4 sheets and returns the Sheets of the kit:

- sheet 1 is the cover: the scale check (a 25.4 mm square and a ruler with
  "print at 100% / actual size"), the checklist of every component with its
  count and sheet, and the game's own cover art if its parts module has a
  ``cover(spec, options, width, height) -> list[Item]`` function;
- then the parts, in the order the generator returned them. A part whose
  ``group`` differs from the previous part's starts a new sheet, unless
  the group filling the room left under the groups before it saves a sheet
  (``_lay_out``: Lam's counters under its board segments); parts sharing
  an ``abut`` key and size sit edge to edge in a grid, each kind of piece
  on rows of its own unless that costs a sheet; a part that would open a
  new row is turned to finish the row beside it where that makes the
  group's layout shorter (a tall net beside a grid of tiles); a group
  that runs over several upright sheets prints on sheets turned on their
  side where that takes fewer (gutter-fold cards, two rows of two pairs);
- every sheet has a title (game, "sheet n of N", what is on it; the words
  come from the parts module's optional ``sheet_title(group, parts)``) and a
  short legend of the line roles it uses (the cover: those of the whole kit).

Nothing is inked within ``SAFE_MARGIN`` of a paper edge: home printers cannot
print the outer 6.35 mm (1/4 in), and a little more hides paper skew.

Besides: colour fields carry their colour past the cut lines (``bleed``,
``printkit.parts.bleed``); the cover opens with the kit's title banner and
holds its box label where the sheet leaves room (``printkit.parts.identity``);
with ``print_and_cut`` every sheet of pieces carries a cutting machine's
registration marks (``registration_marks``) inside wider margins (``paper_for``).
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field, replace

from .errors import PrintkitError
from .palette import lightness
from .parts.bleed import bleed_fills, piece_area, sheet_bleed
from .parts.cutlines import cut_guides
from .parts.identity import BAND, LABEL_H, LABEL_W, box_label, kit_colours, title_banner
from .parts.core import (ASCENT, CUT, DESCENT, GLUE, GLUE_GREY, INK, MIN_TEXT_PT, MOUNTAIN, PT, VALLEY, WASTE,
                         WASTE_GREY, Circle, Fill, Image, Line, Part, Text, item_box, polygon_area, rect, transform,
                         translate)
from .shapes import box, unary_union
from .writers.fonts import LEADING, LEGIBLE_PT, fit_lines, fit_size, text_width_mm, wrap


@dataclass(frozen=True)
class Paper:
    key: str
    name: str
    width: float  # mm
    height: float  # mm
    # mm kept free of parts, titles and legend at each edge: SAFE_MARGIN, or
    # more where a cutting machine's registration marks stand (paper_for).
    margin: float = 8.0
    # mm from the paper's edges of the squares at the top-right and bottom-left
    # corners kept free of all ink (a cutting machine's corner marks); 0 at home.
    corner: float = 0.0
    # mm more between the parts and the title and legend bands, for a bleed
    # wider than the bands leave room for (HOME_BLEED).
    head: float = 0.0


# Sheet sizes are data: a new paper size is one line here.
PAPERS = {
    "letter": Paper("letter", "Letter", 215.9, 279.4),
    "a4": Paper("a4", "A4", 210.0, 297.0),
}

SAFE_MARGIN = 8.0  # mm kept free of ink on every edge (home printers: >= 6.35)
TITLE_BAND = 9.0  # mm below the top margin for the sheet title
TITLE_SHARE = 0.38  # of a sheet header's width, for the kit's title at its right
HEADER_PT, HEADER_TITLE_PT = 10.0, 7.5  # a header's words at the left, the kit's title at the right
TITLE_LEAST_PT = 8.0  # a sheet shared by groups sets its title this large or larger (``_lay_out``)
CHECKLIST_NAME_PT = 7.5
CREDIT_PT = 8.0
CREDIT_LINES = 4  # on the cover: the schema's 200 letters, even the widest, wrap into four
HEADER_ROOM = TITLE_BAND - 3.5  # mm of it over the rule and its colour stripe, with a little air
LEGEND_BAND = 7.0  # mm above the bottom margin for the legend
GAP = 4.0  # mm between parts that do not share cut lines
HOME_BLEED = 2.0  # mm of colour past a cut line at home: half the gap, so neighbours' bleeds meet
PRINTER_EDGE = 6.35  # mm at each paper edge a home printer cannot print (1/4 in)
SCALE_MM = 25.4  # the scale check square: 1 inch


@dataclass
class Placement:
    """A part on a sheet: its box's bottom-left corner at (x, y), maybe turned 90 degrees."""

    part: Part
    x: float
    y: float
    rotated: bool = False

    @property
    def width(self) -> float:
        return self.part.height if self.rotated else self.part.width

    @property
    def height(self) -> float:
        return self.part.width if self.rotated else self.part.height

    def items(self) -> list:
        """The part's items in sheet coordinates."""
        # Asked for by the legend, the PDF and the SVG writers: moved once,
        # again only if the placement or the part changed since.
        key = (self.x, self.y, self.rotated, self.part.width, self.part.height, len(self.part.items))
        cached = self.__dict__.get("_moved")
        if cached is None or cached[0] != key:
            if self.rotated:  # turn counter-clockwise about the origin, then shift back into the box
                moved = [_upright(transform(i, dx=self.x + self.part.height, dy=self.y, rotate=90))
                         for i in self.part.items]
            else:
                moved = translate(self.part.items, self.x, self.y)
            cached = self.__dict__["_moved"] = (key, moved)
        return list(cached[1])


def _upright(item):
    """A Text the quarter turn left upside down (reading leftwards), turned
    half a turn about the middle of its words: it covers the same place and
    reads the right way up; any other item as it is."""
    if not isinstance(item, Text) or not 90 < item.angle % 360 <= 270:
        return item
    a = math.radians(item.angle)
    along = {"start": 0.5, "middle": 0.0, "end": -0.5}[item.anchor] * text_width_mm(item.text, item.size, item.bold)
    rise = (ASCENT - DESCENT) / 2 * item.size * PT
    cx = item.x + along * math.cos(a) - rise * math.sin(a)
    cy = item.y + along * math.sin(a) + rise * math.cos(a)
    return replace(item, x=2 * cx - item.x, y=2 * cy - item.y, angle=(item.angle + 180) % 360)


@dataclass
class Sheet:
    """One page of the kit."""

    number: int
    total: int
    paper: Paper
    title: str  # what is on it
    group: str = ""
    placements: list = field(default_factory=list)
    furniture: list = field(default_factory=list)  # print-only: titles, legend, scale check
    # Colour carried past the parts' cut lines (printkit.parts.bleed), drawn under them.
    bleed: list = field(default_factory=list)
    # How it is printed: "one" side, or the "front" or "back" of a two-sided sheet (--duplex).
    sides: str = "one"
    # Light or double lines over the cut lines where black would not show (printkit.parts.cutlines).
    guides: list = field(default_factory=list)
    # The groups of the parts on it, in order (``group`` is the first): more
    # than one where a group fills the room another leaves (``_lay_out``).
    groups: list = field(default_factory=list)

    def part_items(self) -> list:
        return [item for p in self.placements for item in p.items()]

    def print_items(self) -> list:
        return self.furniture + self.bleed + self.part_items() + self.guides


def content_box(paper: Paper) -> tuple[float, float, float, float]:
    """(x, y, width, height) in mm of the area parts may use."""
    m = paper.margin
    bottom = max(m + LEGEND_BAND + paper.head, paper.corner)
    top = paper.height - max(m + TITLE_BAND + paper.head, paper.corner)
    return (m, bottom, paper.width - 2 * m, top - bottom)


# --- print-then-cut: the registration marks of a cutting machine --------------
# Silhouette Studio's marks (type 1, its defaults): a filled 5 mm square at the
# top left, L-shaped corners at the top right and bottom left, arms 20 mm long
# and 0.5 mm thick, their outer edges 10 mm in from the paper's edges. Printed
# where Studio would print them, so Studio (marks switched on, same settings)
# finds them on a sheet printed from this PDF, and cuts the SVG, laid out on
# the same page, where the printer printed.
REG_INSET = 10.0
REG_SQUARE = 5.0
REG_ARM = 20.0
REG_THICK = 0.5
REG_CLEAR = 5.0  # mm between the marks' rows and columns and any other ink
PRINT_AND_CUT_MARGIN = REG_INSET + REG_SQUARE + REG_CLEAR
PRINT_AND_CUT_CORNER = REG_INSET + REG_ARM + REG_CLEAR


def paper_for(options) -> Paper:
    """The paper a build prints on, with the margins its mode needs."""
    paper = PAPERS[options.paper]
    head = max(0.0, bleed_width(options) - HOME_BLEED)
    if head:
        paper = replace(paper, head=head)
    if getattr(options, "print_and_cut", False):
        return replace(paper, margin=PRINT_AND_CUT_MARGIN, corner=PRINT_AND_CUT_CORNER)
    return paper


def registration_marks(paper: Paper) -> list:
    """The print-then-cut marks of one sheet (see REG_INSET), as black fills."""
    w, h, i, t, arm = paper.width, paper.height, REG_INSET, REG_THICK, REG_ARM
    black = "#000000"
    return [
        Fill(rect(i, h - i - REG_SQUARE, REG_SQUARE, REG_SQUARE), black),  # top left
        Fill(rect(w - i - arm, h - i - t, arm, t), black),  # top right, along the top
        Fill(rect(w - i - t, h - i - arm, t, arm), black),  # top right, down the side
        Fill(rect(i, i, arm, t), black),  # bottom left, along the bottom
        Fill(rect(i, i, t, arm), black),  # bottom left, up the side
    ]


# --- imposition -----------------------------------------------------------

@dataclass
class _Block:
    """Parts set as one grid: a single part, or abutting parts sharing cut lines."""

    parts: list
    columns: int
    cell_w: float
    cell_h: float
    rotated: bool = False

    @property
    def width(self) -> float:
        return min(self.columns, len(self.parts)) * self.cell_w


def turn_to_fit(part: Part, box) -> bool | None:
    """False if the part fits the box as it is, True if turned by 90 degrees, None if neither."""
    _, _, w, h = box
    eps = 1e-6
    if part.width <= w + eps and part.height <= h + eps:
        return False
    if part.rotatable and part.height <= w + eps and part.width <= h + eps:
        return True
    return None


def landscape(paper: Paper) -> Paper:
    """The same sheet turned on its side."""
    return replace(paper, width=paper.height, height=paper.width)


def page_for(part: Part, paper: Paper) -> Paper | None:
    """The paper as it stands if the part fits it (turned or not), else the
    paper on its side if it fits that way (a wide board), else None."""
    if turn_to_fit(part, content_box(paper)) is not None:
        return paper
    wide = landscape(paper)
    return wide if turn_to_fit(part, content_box(wide)) is not None else None


def _check_fits(part: Part, paper: Paper, box) -> bool:
    """Whether the part must be turned to fit; raise when it fits neither way
    (printkit.fit reports every such part, with its spec line, before this)."""
    turned = turn_to_fit(part, box)
    if turned is not None:
        return turned
    _, _, w, h = box
    raise PrintkitError(
        f"{part.name} ({part.width:.1f} x {part.height:.1f} mm) does not fit on {paper.name} paper: "
        f"the printable area inside the {paper.margin:g} mm margins, title and legend is "
        f"{w:.1f} x {h:.1f} mm; choose smaller sizes in the spec"
        + (" or the larger paper" if paper.key == "letter" and part.height > h else ""))


def _blocks(parts: list, paper: Paper, box, by_name: bool = True) -> list[_Block]:
    """The parts as grids: abutting parts of one size together. ``by_name``:
    no more columns than the longest run of one name (the rows rule)."""
    blocks: list[_Block] = []
    width = box[2]
    i = 0
    while i < len(parts):
        part = parts[i]
        rotated = _check_fits(part, paper, box)
        j = i + 1
        if part.abut:
            while (j < len(parts) and parts[j].abut == part.abut
                   and (parts[j].width, parts[j].height) == (part.width, part.height)):
                j += 1
        run = parts[i:j]
        cw, ch = (part.height, part.width) if rotated else (part.width, part.height)
        # As many columns as fit, but no more than the longest run of one name,
        # so each kind of piece starts its own row where it can; pieces that
        # all differ (one of each) fill rows of equal length.
        longest, count = 1, 1
        for a, b in zip(run, run[1:]):
            count = count + 1 if a.name == b.name else 1
            longest = max(longest, count)
        fit = max(1, int((width + 1e-6) // cw))
        if longest == 1 and len(run) > 1:
            columns = math.ceil(len(run) / math.ceil(len(run) / fit))
        else:
            columns = max(1, min(len(run), longest if by_name else len(run), fit))
        blocks.append(_Block(run, columns, cw, ch, rotated))
        i = j
    return blocks


def _turned_onto_shelf(block: _Block, room: float, shelf_h: float) -> _Block | None:
    """A single part too wide for the ``room`` mm left on its shelf, turned
    by 90 degrees if it then fits there without making the shelf taller
    (a tall net beside a grid of tiles), else None: the part opens the next
    shelf as it stood."""
    eps = 1e-6
    if len(block.parts) != 1 or not block.parts[0].rotatable:
        return None
    if block.cell_h > room + eps or block.cell_w > shelf_h + eps:
        return None
    return _Block(block.parts, 1, block.cell_h, block.cell_w, not block.rotated)


def _pack(blocks: list[_Block], box, gap: float = GAP, turn: bool = False,
          areas=()) -> list[list[Placement]]:
    """Shelf packing, top to bottom and left to right; abutting grids split by rows,
    ``gap`` mm between blocks. With ``turn``, a single part that would open a
    new shelf is turned to finish the current one where it fits there
    (``_turned_onto_shelf``).

    ``areas``: boxes to fill first, in order (the room other parts leave on
    sheets already laid out), then pages of ``box``; the result has a page
    for each area, empty where nothing went, then the new pages."""
    frames = list(areas)
    pages: list[list[Placement]] = [[]]
    eps = 1e-6

    def frame(k: int):
        return frames[k] if k < len(frames) else box

    x0, y0, w, h = frame(0)
    top = y0 + h  # top of the current shelf
    cursor = x0
    shelf_h = 0.0

    def next_page():
        nonlocal x0, y0, w, h, top, cursor, shelf_h
        pages.append([])
        x0, y0, w, h = frame(len(pages) - 1)
        top, cursor, shelf_h = y0 + h, x0, 0.0

    for block in blocks:
        index = 0  # next part of the block to place
        while index < len(block.parts):
            remaining_rows = math.ceil((len(block.parts) - index) / block.columns)
            if turn and cursor > x0 and cursor + block.width > x0 + w + eps:
                block = _turned_onto_shelf(block, x0 + w - cursor, shelf_h) or block
            if cursor > x0 and cursor + block.width > x0 + w + eps:  # next shelf
                top -= shelf_h + gap
                cursor, shelf_h = x0, 0.0
            room = top - y0
            rows = min(remaining_rows, int((room + eps) // block.cell_h))
            if rows < 1 or block.width > w + eps:  # next page (an area too narrow is passed by)
                next_page()
                continue
            count = min(rows * block.columns, len(block.parts) - index)
            for k in range(count):
                r, c = divmod(k, block.columns)
                part = block.parts[index + k]
                pages[-1].append(Placement(part, cursor + c * block.cell_w,
                                           top - (r + 1) * block.cell_h, block.rotated))
            index += count
            cursor += block.width + gap
            shelf_h = max(shelf_h, rows * block.cell_h)
            if index < len(block.parts):  # the rest of the grid goes on the next page
                next_page()
    # Centre each page's layout across its frame (the sheet); it stays at the top.
    for k, page in enumerate(pages):
        if page:
            fx, _, fw, _ = frame(k)
            left = min(p.x for p in page)
            right = max(p.x + p.width for p in page)
            shift = (fx + (fw - (right - left)) / 2) - left
            for p in page:
                p.x += shift
    while len(pages) < len(frames):
        pages.append([])
    return pages[:len(frames)] + [page for page in pages[len(frames):] if page]


def impose(spec, parts: list[Part], options, game_module=None) -> list[Sheet]:
    """The kit's sheets: the cover, then the parts in order of assembly."""
    paper = paper_for(options)
    box = content_box(paper)
    groups: list[tuple[str, list[Part]]] = []
    for part in parts:
        if not groups or groups[-1][0] != part.group:
            groups.append((part.group, []))
        groups[-1][1].append(part)

    titler = getattr(game_module, "sheet_title", None)
    bleed = bleed_width(options)
    gap = part_gap(options)
    plans = [_plan(group, members, paper, options, gap) for group, members in groups]

    def legible(page: _Page, number: int, total: int) -> bool:
        left = f"Sheet {number} of {total}: {_page_title(page, plans, titler, set())}"
        return header_words(spec, page.paper, left)[0][0] >= TITLE_LEAST_PT - 1e-9

    sheets: list[Sheet] = []
    seen: set = set()
    for page in _lay_out(plans, legible):
        sheets.append(Sheet(0, 0, page.paper, _page_title(page, plans, titler, seen), plans[page.groups[0]].name,
                            page.placements, groups=[plans[k].name for k in page.groups]))

    for sheet in sheets:
        sheet.bleed = sheet_bleed(sheet.placements, bleed, bleed_room(sheet.paper))
    if getattr(options, "duplex", False):
        sheets = _with_backs(sheets, options)
    cover = Sheet(1, 0, paper, "contents, scale check and assembly", "cover")
    sheets.insert(0, cover)
    total = len(sheets)
    for n, sheet in enumerate(sheets, 1):
        sheet.number, sheet.total = n, total
    cover.furniture.extend(_cover(spec, options, sheets, box, game_module))
    _place_box_label(spec, options, [cover] + sheets[-1:], gap, game_module)
    # The cover's legend keys every role of the kit, each other sheet its own.
    own_roles = [roles_used(sheet.part_items()) for sheet in sheets]
    kit_roles = set().union(*own_roles)
    stripe = kit_colours(spec, options, game_module)
    for sheet, own in zip(sheets, own_roles):
        roles = kit_roles if sheet is cover else own
        sheet.furniture[:0] = (_title(spec, sheet, stripe) + _legend(sheet.paper, roles, print_advice(sheet)))
        cuts = own & {CUT, VALLEY, MOUNTAIN}
        if sheet.paper.margin == PRINT_AND_CUT_MARGIN and sheet.sides != "back" and cuts:
            sheet.furniture += registration_marks(sheet.paper)
        # Last, when everything the sheet prints is in place: what each cut line crosses.
        sheet.guides = cut_guides(sheet.print_items(), getattr(options, "ink_saver", False))
    return sheets


def _page_title(page: "_Page", plans: list, titler, seen: set) -> str:
    """What a sheet's title says is on it: the parts module's words for each
    group on it (``sheet_title(group, members)``), "(continued)" on a group's
    later sheets; a sheet shared by groups names what of each it holds.
    ``seen``: the groups of the sheets before, to which this one's are added."""
    words = []
    for k in page.groups:
        name, members = plans[k].name, plans[k].members
        if len(page.groups) > 1:
            members = [p.part for p, owner in zip(page.placements, page.owners) if owner == k]
            words.append(titler(name, members) if titler else _summary(members))
        else:
            said = titler(name, members) if titler else _summary(members)
            words.append(f"{said} (continued)" if k in seen else said)
        seen.add(k)
    return "; ".join(words)


def _group_pages(members: list[Part], paper: Paper, options, gap: float) -> tuple[Paper, list]:
    """The paper a group's sheets print on, and its pages of placements (the group alone)."""
    plan = _plan("", members, paper, options, gap)
    return plan.paper, plan.pages


@dataclass
class _Plan:
    """How one group lays out: its paper, its parts as grids, and its pages alone."""

    name: str
    members: list
    paper: Paper
    gap: float
    blocks: list
    pages: list
    shares: bool  # whether its parts may use the room other groups leave (``_lay_out``)

    def arrange(self, areas=()) -> tuple[list, list]:
        """(the placements in each of ``areas``, the pages after them)."""
        return _arrange(self.blocks, content_box(self.paper), self.gap, areas)

    def stock(self) -> set:
        return {m.stock for m in self.members}


def _plan(name: str, members: list[Part], paper: Paper, options, gap: float) -> _Plan:
    duplex = getattr(options, "duplex", False) and any(m.back for m in members)
    if duplex:
        # Two-sided parts: room round them for their backs' bleed (BACK_BLEED).
        paper = two_sided(paper)
        gap = max(gap, 2 * BACK_BLEED)
    # A part too large for the margins of a cutting machine's marks (a
    # board) prints on a sheet of the usual margins, to cut by hand.
    group_paper = paper if all(page_for(m, paper) for m in members) else \
        replace(PAPERS[options.paper], head=paper.head)
    # A group with a part too wide for the upright sheet prints on its side.
    wide = any(page_for(m, group_paper) is not group_paper for m in members)
    sheet_paper = landscape(group_paper) if wide else group_paper
    # Each kind of piece starts its own row where that costs no sheet; where
    # it does (cards of three kinds a row each, a little too tall for the
    # sheet), the grids take every column that fits.
    blocks, pages = _group_layout(members, sheet_paper, gap)
    if not wide and not duplex and len(pages) > 1:
        # A group that runs over several upright sheets prints on its side
        # where that takes fewer (gutter-fold poker cards: two rows of two
        # pairs across a turned Letter or A4 sheet, against two or three
        # upright). Two-sided parts stay upright: a turned sheet's back
        # would need a short-edge flip.
        turned = landscape(group_paper)
        if all(turn_to_fit(m, content_box(turned)) is not None for m in members):
            other = _group_layout(members, turned, gap)
            if len(other[1]) < len(pages):
                sheet_paper, (blocks, pages) = turned, other
    # Colours printed each on card of its own, and two-sided parts (their
    # backs on the next page), keep sheets of their own.
    shares = not duplex and not getattr(options, "sheet_per_colour", False)
    return _Plan(name, members, sheet_paper, gap, blocks, pages, shares)


def _group_layout(members: list[Part], paper: Paper, gap: float) -> tuple[list, list]:
    """(blocks, pages) of a group alone on sheets of ``paper``: each kind of
    piece on rows of its own unless every column that fits saves a sheet."""
    box = content_box(paper)
    blocks = _blocks(members, paper, box)
    _, pages = _arrange(blocks, box, gap)
    wider = _blocks(members, paper, box, by_name=False)
    if [b.columns for b in wider] != [b.columns for b in blocks]:
        _, fewer = _arrange(wider, box, gap)
        if len(fewer) < len(pages):
            return wider, fewer
    return blocks, pages


def _arrange(blocks: list[_Block], box, gap: float, areas=()) -> tuple[list, list]:
    """The blocks packed into ``areas`` and then pages of ``box``: (each area's
    placements, the new pages). Parts are turned to finish shelves only
    where that makes the layout shorter: fewer sheets, or as many and less of
    the last one used."""
    plain = _pack(blocks, box, gap, areas=areas)
    turned = _pack(blocks, box, gap, turn=True, areas=areas)
    n = len(areas)
    if _length(turned[n:], box) < _length(plain[n:], box):
        plain = turned
    return plain[:n], plain[n:]


@dataclass
class _Page:
    """A sheet being laid out: its paper, its placements and, for each, the
    index of the group (``_Plan``) it comes from; ``groups``, those in order."""

    paper: Paper
    placements: list
    groups: list
    owners: list

    @classmethod
    def of(cls, paper: Paper, placements: list, k: int) -> "_Page":
        return cls(paper, list(placements), [k], [k] * len(placements))

    def stock(self) -> set:
        return {p.part.stock for p in self.placements}


def _room(page: _Page, gap: float):
    """The box left free on a page under its lowest part, across the sheet, or None."""
    x0, y0, w, _ = content_box(page.paper)
    height = min(p.y for p in page.placements) - gap - y0
    return (x0, y0, w, height) if height > 1e-6 else None


def _flow(plans: list[_Plan], sharing: set) -> list[_Page]:
    """The kit's pages, the groups in order: each group on pages of its own,
    except that a group in ``sharing`` first fills the room left under the
    parts of the pages before it (paper of the same size and margins, parts
    of the same stock), in the pages' order, then goes on to pages of its own."""
    pages: list[_Page] = []
    for k, plan in enumerate(plans):
        if k in sharing:
            hosts = [page for page in pages if page.paper in (plan.paper, landscape(plan.paper))
                     and page.stock() == plan.stock()]
            rooms = [(page, room) for page in hosts if (room := _room(page, plan.gap))]
            if rooms:
                placed, new = plan.arrange([room for _, room in rooms])
                if any(placed):
                    for (page, _), got in zip(rooms, placed):
                        if got:
                            page.placements += got
                            page.owners += [k] * len(got)
                            page.groups.append(k)
                    pages += [_Page.of(plan.paper, p, k) for p in new]
                    continue
        pages += [_Page.of(plan.paper, p, k) for p in plan.pages]
    return pages


def _lay_out(plans: list[_Plan], legible=lambda page, number, total: True) -> list[_Page]:
    """The kit's pages: each group on sheets of its own, as the parts module
    grouped them; but where groups sharing the room others leave (a row of
    counters under a board section, a card under them) saves sheets, they
    share it, each group that saves nothing by it kept on its own.

    A sheet says what it holds in its header, ``legible(page, number, total)``
    (set at TITLE_LEAST_PT or more): a group that would make a shared sheet's
    header longer than that keeps sheets of its own."""
    alone = _flow(plans, set())
    sharing = {k for k, plan in enumerate(plans) if plan.shares}

    def readable(pages: list[_Page]) -> _Page | None:
        """The first shared page whose header would be too long, or None."""
        return next((page for n, page in enumerate(pages, 2)
                     if len(page.groups) > 1 and not legible(page, n, len(pages) + 1)), None)

    shared = _flow(plans, sharing)
    while sharing and (crowded := readable(shared)) is not None:
        # The last group that came to share it keeps sheets of its own; the
        # others may still share (four dice under the coins, a fifth apart).
        sharing -= {next(k for k in reversed(crowded.groups) if k in sharing)}
        shared = _flow(plans, sharing)
    if len(shared) >= len(alone):
        return alone
    for k in sorted(sharing):
        trial = _flow(plans, sharing - {k})
        if len(trial) <= len(shared) and readable(trial) is None:
            sharing, shared = sharing - {k}, trial
    return shared


def _length(pages: list, box) -> tuple[int, float]:
    """How long a group's layout runs: its sheets, and the millimetres used of the last one."""
    if not pages:
        return 0, 0.0
    _, y0, _, h = box
    return len(pages), round(y0 + h - min(p.y for p in pages[-1]), 6)


def bleed_room(paper: Paper) -> tuple[float, float, float, float]:
    """(x0, y0, x1, y1) mm that bleed may reach: inside what a printer prints,
    clear of the title's stripe and the legend's words."""
    edge = PRINTER_EDGE + 0.25
    m = paper.margin
    return (edge, max(edge, m + 4.0), paper.width - edge, min(paper.height - edge, paper.height - m - TITLE_BAND + 2.0))


def part_gap(options) -> float:
    """Millimetres between two parts on a sheet: room for both neighbours' bleed."""
    return max(GAP, 2 * bleed_width(options))


def share_a_sheet(parts: list[Part], options) -> bool:
    """Whether ``parts``, as one group, print on a single sheet: for a part
    generator deciding where a small piece rides (beside a board section if
    it fits there, else with other pieces)."""
    return layout_length(parts, options)[0] == 1


def layout_length(parts: list[Part], options) -> tuple[int, float]:
    """How long ``parts``, as one group, run on paper: their sheets and the
    millimetres used of the last one; for a part generator choosing between
    orders of its parts (the shorter layout, as tuples compare)."""
    paper, pages = _group_pages(parts, paper_for(options), options, part_gap(options))
    return _length(pages, content_box(paper))


def _place_box_label(spec, options, candidates: list[Sheet], gap: float, game_module=None) -> None:
    """Put the kit's box label in the free space of the first candidate sheet
    that has room for it (a lower corner, clear of everything on the sheet
    by ``gap``); a kit with no such room goes without rather than use a sheet more."""
    label = box_label(spec, options, "", game_module)
    for sheet in candidates:
        x0, y0, w, h = content_box(sheet.paper)
        taken = [item_box(i) for i in sheet.furniture + sheet.part_items() + sheet.bleed]
        taken = [b for b in taken if b is not None]
        for x in (x0 + w - label.width, x0):
            spot = (x - gap, y0 - gap, x + label.width + gap, y0 + label.height + gap)
            if not any(_overlap(spot, b) for b in taken):
                sheet.placements.append(Placement(label, x, y0))
                return


def label_room(options) -> tuple[float, float]:
    """The width and height a cover's art leaves clear in the lower right
    corner of its area for the box label (``_place_box_label``), the gap
    round the label included."""
    gap = part_gap(options)
    return LABEL_W + gap, LABEL_H + gap


def _overlap(a, b) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


def bleed_width(options) -> float:
    """How far colour runs past cut lines: none in ink-saver mode, the
    build's ``bleed`` if it sets one, else 3 mm for a print shop (--press)
    and HOME_BLEED at home."""
    if getattr(options, "ink_saver", False):
        return 0.0
    chosen = getattr(options, "bleed", None)
    if chosen is not None:
        return float(chosen)
    return PRESS_BLEED if getattr(options, "press", False) else HOME_BLEED


PRESS_BLEED = 3.0  # mm: what print shops ask for


def print_advice(sheet: Sheet) -> list[str]:
    """What to print a sheet on, longest wording first: card or plain paper
    (card when any part on it asks for card), in colour or black ink only
    (from the colours it prints), one side or both (``Sheet.sides``)."""
    parts = [p.part for p in sheet.placements]
    stock = "card" if any(p.stock == "card" for p in parts) else "plain paper"
    if stock == "card" and dark_share(sheet) >= HEAVY_INK:
        stock = "heavy card (200 g/m2+: much black ink)"
    coloured = any(_coloured(c) for item in sheet.print_items() for c in _colours(item))
    ink = "in colour" if coloured else "black ink only"
    if sheet.sides == "back":  # the same sheet of card as the page before, turned over
        return [f"print at 100% on the reverse of the sheet before, {ink}",
                f"100% · reverse of the sheet before · {'colour' if coloured else 'black'}", "print at 100%"]
    sides, short = ("both sides (long-edge flip)", "2-sided") if sheet.sides == "front" else ("one side", "1-sided")
    return [f"print at 100% on {stock}, {ink}, {sides}",
            f"100% · {stock} · {'colour' if coloured else 'black'} · {short}",
            "print at 100%"]


HEAVY_INK = 0.2  # share of a sheet's printable area in dark fills that wants heavy card
DARK = 30.0  # CIE L* below which a fill is near black (much ink)


def dark_share(sheet: Sheet) -> float:
    """How much of the sheet's printable area its parts cover in dark solid fills."""
    _, _, width, height = content_box(sheet.paper)
    dark = sum(polygon_area(item.points) for item in sheet.part_items()
               if isinstance(item, Fill) and len(item.color.lstrip("#")) == 6 and lightness(item.color) < DARK)
    return dark / (width * height)


def _colours(item) -> tuple:
    if isinstance(item, Image):
        return item.picture.colours
    if isinstance(item, (Fill, Line, Text)):
        return (item.color,) if not isinstance(item, Fill) else (item.color, item.stroke or INK)
    if isinstance(item, Circle):
        return (item.fill or INK, item.stroke or INK)
    return ()


def _coloured(hex_color: str) -> bool:
    """A colour that a black-only printer cannot print as it is (not a grey)."""
    text = hex_color.lstrip("#")
    if len(text) != 6:
        return False
    r, g, b = (int(text[i:i + 2], 16) for i in (0, 2, 4))
    return max(r, g, b) - min(r, g, b) > 12


def _summary(parts: list[Part]) -> str:
    """'Builder, 2 Slider Markers, 8 Paper Units': what is on a sheet, by name."""
    counts = checklist(parts)
    return ", ".join(name if n == 1 else f"{n} {name}" for name, _, n in counts)


def plural(name: str) -> str:
    """The name of several pieces: an "s" on the head word, the part before
    any "(" or ",": "Paper Unit (Blue)" -> "Paper Units (Blue)"."""
    cut = min((i for i in (name.find(" ("), name.find(",")) if i > 0), default=len(name))
    head, rest = name[:cut], name[cut:]
    if head.endswith(("s", "x", "ch", "sh")):
        head += "es"
    elif head.endswith("y") and head[-2:-1] not in ("a", "e", "o", "u"):
        head = head[:-1] + "ies"
    else:
        head += "s"
    return head + rest


def checklist_key(part: Part) -> str:
    """The checklist row a part counts towards: its piece name, else its name."""
    return part.piece or part.name


def checklist(parts: list[Part]) -> list[tuple[str, str, int]]:
    """(name, kind, count) of the pieces, identical names counted together, in
    order of first appearance. The name is plural when the count is."""
    seen: dict[str, list] = {}
    for part in parts:
        key = checklist_key(part)
        if key in seen:
            seen[key][2] += part.pieces
        else:
            seen[key] = [key, part.kind, part.pieces, part.plural]
    return [(name if n == 1 else (many or plural(name)), kind, n) for name, kind, n, many in seen.values()]


# --- two-sided printing -------------------------------------------------------

# mm the backs' colour runs past the card outlines: print.md, "backs mirrored
# for a long-edge flip, with enough bleed or margin to hide a 3 mm shift (the
# backs bleed too)".
BACK_BLEED = 3.0


def two_sided(paper: Paper) -> Paper:
    """The paper of a sheet of two-sided parts: margins and head room that
    leave BACK_BLEED of printable paper round the parts, for their backs' bleed."""
    return replace(paper, margin=max(paper.margin, PRINTER_EDGE + 0.25 + BACK_BLEED),
                   head=max(paper.head, BACK_BLEED - HOME_BLEED))


def back_position(placement: Placement, paper: Paper, offset=(0.0, 0.0)) -> tuple[float, float]:
    """Where a part's back lands on the next page for a long-edge flip: mirrored
    left to right about the page's middle, then moved by the printer's drift."""
    return paper.width - placement.x - placement.width + offset[0], placement.y + offset[1]


def _with_backs(sheets: list[Sheet], options) -> list[Sheet]:
    """After each sheet holding two-sided parts, a page of their backs; then a
    calibration pair to measure the printer's drift."""
    out: list[Sheet] = []
    for sheet in sheets:
        out.append(sheet)
        sided = [p for p in sheet.placements if p.part.back]
        if not sided:
            continue
        sheet.sides = "front"
        back = Sheet(0, 0, sheet.paper, f"{sheet.title}: backs (print on the reverse, long-edge flip)",
                     sheet.group, sides="back")
        sheet.title = f"{sheet.title}: fronts"
        backs = []
        for p in sided:
            x, y = back_position(p, sheet.paper, options.back_offset)
            art = translate(p.part.back, x, y)
            back.furniture.extend(art)
            backs.append((art, _back_area(p, (x, y))))
        if not getattr(options, "ink_saver", False):  # ink-saver backs print no fields to bleed
            back.bleed = _back_bleed(back.paper, backs, max(BACK_BLEED, bleed_width(options)))
        out.append(back)
    fronts = [s for s in sheets if s.sides == "front"]
    if fronts:  # calibrated on the card sheets' own paper, turned as they are
        out += _calibration(fronts[0].paper, options.back_offset)
    return out


def _back_area(placement: Placement, at: tuple[float, float]):
    """The outline of a part's back where it prints: its cut outline on the
    front, mirrored left to right, its box's corner at ``at``."""
    part = placement.part
    cuts = [transform(i, mirror_x=part.width / 2, dx=at[0], dy=at[1]) for i in part.items
            if isinstance(i, Line) and i.role == CUT]
    area = piece_area(cuts)
    return area if area is not None else box(at[0], at[1], at[0] + part.width, at[1] + part.height)


def _back_bleed(paper: Paper, backs, width: float) -> list:
    """The colour of each back, (art, outline) of ``backs``, carried ``width``
    mm past its outline, off every other back and inside what a printer
    prints (as ``sheet_bleed`` does for the fronts)."""
    keep_out = unary_union([area for _, area in backs])
    printable = box(*bleed_room(paper))
    return [fill for art, area in backs for fill in bleed_fills(art, area, keep_out, width, printable)]


def calibration_marks(paper: Paper) -> list[tuple[float, float]]:
    """Where the calibration crosses stand: near the corners of the printable area."""
    x, y, w, h = content_box(paper)
    return [(x + 30, y + 30), (x + w - 30, y + 30), (x + 30, y + h - 70), (x + w - 30, y + h - 70)]


def _cross(x: float, y: float, size: float = 8.0, width: float = 0.3) -> list:
    return [Line(((x - size, y), (x + size, y)), role="art", width_pt=width),
            Line(((x, y - size), (x, y + size)), role="art", width_pt=width)]


SCALE_AT = 12.0  # mm from a front cross to its scales (under it for X, left of it for Y)
SCALE_SPAN = 6  # mm either way the scales read
BACK_ARM = SCALE_AT + SCALE_SPAN + 3.0  # a back cross's arms reach over the front's scales
SCALE_PT = 6.0


def calibration_scale(t: int, axis: str, offset) -> float:
    """The number printed at the tick ``t`` mm right of (X) or above (Y) a
    front cross: the --back-offset that puts a back cross seen there on it.

    A long-edge flip mirrors the back left to right. A printer that moves
    the back page's print by (ex, ey) in its own frame, on a kit built with
    --back-offset (ox, oy), shows the back's cross, from the front, at
    (-ox - ex, oy + ey) from the front's; the offset that cancels the drift
    is -e: (ox + t) read on the X scale, (oy - t) on the Y scale."""
    return round(offset[0] + t if axis == "x" else offset[1] - t, 4)


def _signed(value: float) -> str:
    """A scale's number, negatives with a true minus sign."""
    return f"{value:g}".replace("-", "\u2212")


def _calibration(paper: Paper, offset) -> list[Sheet]:
    """A front with crosses and numbered scales, and a back with long crosses
    where a perfect long-edge flip puts them on the front's: the numbers
    under the back's lines are the --back-offset to build with. ``paper`` is
    the card sheets' own: the flip, and so the drift, depends on it."""
    front = Sheet(0, 0, paper, "duplex calibration: front", "calibration", sides="front")
    back = Sheet(0, 0, paper, "duplex calibration: back (print on the reverse)", "calibration", sides="back")
    ox, oy = offset
    lines = ["Print this page and the next on one sheet, both sides, flipping on the long edge, as the cards.",
             "Hold it against a window, this side towards you: each long cross of the back shows through.",
             "Read the X scale under a cross where the back's upright line crosses it, the Y scale beside it",
             "where the back's level line crosses it; then build again with --back-offset X,Y.",
             f"(This kit was built with --back-offset {ox:g},{oy:g}: a perfect print reads that.)"]
    for k, text in enumerate(lines):
        front.furniture.append(Text(paper.margin + 4, paper.height - 40 - 5 * k, text, size=8, anchor="start"))
    for x, y in calibration_marks(paper):
        front.furniture += _cross(x, y)
        sx, sy = x - SCALE_AT, y - SCALE_AT  # the Y scale's line, the X scale's line
        front.furniture.append(Line(((x - SCALE_SPAN, sy), (x + SCALE_SPAN, sy)), role="art", width_pt=0.3))
        front.furniture.append(Line(((sx, y - SCALE_SPAN), (sx, y + SCALE_SPAN)), role="art", width_pt=0.3))
        for t in range(-SCALE_SPAN, SCALE_SPAN + 1):
            long = t % 2 == 0
            tick = 2.5 if long else 1.4
            front.furniture.append(Line(((x + t, sy), (x + t, sy - tick)), role="art", width_pt=0.3))
            front.furniture.append(Line(((sx, y + t), (sx - tick, y + t)), role="art", width_pt=0.3))
            if long:  # every other millimetre numbered; under the X scale in two rows, so they stand apart
                row = 0 if t % 4 == 0 else 1
                front.furniture.append(Text(x + t, sy - tick - 1.0 - ASCENT * SCALE_PT * PT * (1 + 1.15 * row),
                                            _signed(calibration_scale(t, "x", offset)), size=SCALE_PT))
                front.furniture.append(Text(sx - tick - 0.8, y + t - (ASCENT - DESCENT) / 2 * SCALE_PT * PT,
                                            _signed(calibration_scale(t, "y", offset)), size=SCALE_PT,
                                            anchor="end"))
        front.furniture.append(Text(x + SCALE_SPAN + 1.5, sy - 1.0, "X", size=8, bold=True, anchor="start"))
        front.furniture.append(Text(sx, y + SCALE_SPAN + 1.5, "Y", size=8, bold=True))
        bx = paper.width - x + ox
        back.furniture += _cross(bx, y + oy, size=BACK_ARM)
    return [front, back]


# --- furniture: title, legend, cover ---------------------------------------

def _title(spec, sheet: Sheet, stripe=()) -> list:
    """The sheet's title line over a rule: the kit's colours in a thin
    stripe, as under the title banner on the cover (grey without colours)."""
    paper = sheet.paper
    m = paper.margin
    end = paper.width - max(m, paper.corner)  # clear of a corner mark at the top right
    left = f"Sheet {sheet.number} of {sheet.total}: {sheet.title}"
    (left_size, lefts), (right_size, rights) = header_words(spec, paper, left)
    rule_y = paper.height - m - TITLE_BAND + 2.5
    items = [Text(m, y, line, size=left_size, anchor="start", bold=True)
             for y, line in _header_baselines(paper, left_size, lefts)]
    items += [Text(end, y, line, size=right_size, anchor="end")
              for y, line in _header_baselines(paper, right_size, rights)]
    if not stripe:
        return items + [Line(((m, rule_y), (end, rule_y)), role="art", color="#777777", width_pt=0.4)]
    step = (end - m) / len(stripe)
    # Outlined as in the banner, so a white colour (Tiles' white halves) still
    # shows. 0.55 mm tall, its top 0.4 mm under the header's words: 0.55 mm
    # of paper stays between it and a top part's bleed, which stops half a
    # millimetre under the rule (sheet_bleed), so the two never look joined.
    return items + [Fill(rect(m + k * step, rule_y + 0.05, step, 0.55), colour, stroke=BAND, stroke_pt=0.2)
                    for k, colour in enumerate(stripe)]


def header_words(spec, paper: Paper, left: str) -> tuple[tuple[float, list], tuple[float, list]]:
    """(size, lines) of a sheet header's words: ``left`` ("Sheet n of N: ...")
    and the kit's title at the right, in ``TITLE_SHARE`` of the width."""
    width = header_width(paper)
    right_size, rights = header_lines(spec.get("title", spec.id), width * TITLE_SHARE, HEADER_TITLE_PT)
    right_w = max(text_width_mm(line, right_size) for line in rights)
    return header_lines(left, width - right_w - 4, HEADER_PT, bold=True), (right_size, rights)


def header_width(paper: Paper) -> float:
    """The width of a sheet's header: the kit's title takes ``TITLE_SHARE`` of it at the right."""
    return paper.width - max(paper.margin, paper.corner) - paper.margin


def header_lines(text: str, width: float, size: float, bold: bool = False) -> tuple[float, list[str]]:
    """A sheet header's text: one line shrunk to fit, else two lines between
    the top of the printable area and the rule under them (``HEADER_ROOM``)."""
    return fit_lines(text, width, size, bold, most=2, height_mm=HEADER_ROOM) \
        or (LEGIBLE_PT, wrap(text, width, LEGIBLE_PT, bold))


def _header_baselines(paper: Paper, size: float, lines: list[str]) -> list[tuple[float, str]]:
    """One line keeps the header's baseline; two hang from the printable area's top."""
    if len(lines) == 1:
        return [(paper.height - paper.margin - 4.0, lines[0])]
    first = paper.height - paper.margin - ASCENT * size * PT
    return [(first - k * size * PT * LEADING, line) for k, line in enumerate(lines)]


LEGEND_ROLES = (CUT, VALLEY, MOUNTAIN, GLUE, WASTE)


def roles_used(items) -> set:
    """The line roles a set of items shows: cut and fold lines, glue tabs, waste."""
    used = set()
    for item in items:
        if isinstance(item, Line) and item.role in (CUT, VALLEY, MOUNTAIN):
            used.add(item.role)
        elif isinstance(item, Fill) and item.role in (GLUE, WASTE):
            used.add(item.role)
    return used


def legend_items(x: float, y: float, size: float = 6.5, roles=LEGEND_ROLES) -> tuple[list, float]:
    """A one-line key to the line ``roles`` at (x, y) (baseline); returns items and width."""
    items: list = []
    sample = 7.0
    mid = y + 0.8
    for role, words in ((CUT, "cut"), (VALLEY, "valley fold"), (MOUNTAIN, "mountain fold")):
        if role not in roles:
            continue
        items.append(Line(((x, mid), (x + sample, mid)), role=role))
        items.append(Text(x + sample + 1.2, y, words, size=size, anchor="start"))
        x += sample + 1.2 + text_width_mm(words, size) + 4.0
    if GLUE in roles:
        tab = ((x, y - 0.8), (x + 7, y - 0.8), (x + 5.2, y + 2.6), (x + 1.8, y + 2.6))
        items.append(Fill(tab, GLUE_GREY, role=GLUE, stroke=INK, stroke_pt=0.3))
        items.append(Text(x + 8.2, y, "glue tab", size=size, anchor="start"))
        x += 8.2 + text_width_mm("glue tab", size) + 4.0
    if WASTE in roles:
        items.append(Fill(rect(x, y - 0.8, 6, 3.4), WASTE_GREY, role=WASTE))
        words = "waste: cut away"
        items.append(Text(x + 7.2, y, words, size=size, anchor="start"))
        x += 7.2 + text_width_mm(words, size) + 4.0
    return items, x - 4.0 if items else x


def _legend(paper: Paper, roles, advice=("print at 100% / actual size",)) -> list:
    """The key to the line roles ``roles`` (only those a sheet shows, so a
    sheet never asks for a fold it has not got) and, at the right, what to
    print the sheet on: the longest wording of ``advice`` that fits."""
    y = paper.margin + 1.2
    items, end = legend_items(max(paper.margin, paper.corner), y, roles=roles)  # clear of a corner mark
    size = 6.5
    for words in advice:
        if end + 4 + text_width_mm(words, size, bold=True) <= paper.width - paper.margin:
            items.append(Text(paper.width - paper.margin, y, words, size=size, anchor="end", bold=True))
            break
    return items


def scale_check(x: float, y: float) -> list:
    """The scale check with its bottom-left corner at (x, y): a 25.4 mm square
    and a 100 mm ruler. A printer's "fit to page" shrinks both visibly."""
    items: list = [Fill(rect(x, y + 8, SCALE_MM, SCALE_MM), "#BFBFBF", role="art")]
    cx = x + SCALE_MM / 2
    items += [
        Text(cx, y + 8 + SCALE_MM / 2 + 1.0, "1 in", size=9, bold=True),
        Text(cx, y + 8 + SCALE_MM / 2 - 3.2, "25.4 mm", size=7),
    ]
    # The ruler: 0..50 mm ticks, every 10 mm numbered.
    rx, ry = x + SCALE_MM + 6, y + 8
    length = 50
    items.append(Line(((rx, ry), (rx + length, ry)), role="art", width_pt=0.5))
    for mm in range(length + 1):
        tall = 4.0 if mm % 10 == 0 else (2.6 if mm % 5 == 0 else 1.6)
        items.append(Line(((rx + mm, ry), (rx + mm, ry + tall)), role="art", width_pt=0.35))
        if mm % 10 == 0:
            items.append(Text(rx + mm, ry + 5.2, str(mm), size=MIN_TEXT_PT))
    items.append(Text(rx + length + 1.5, ry + 0.3, "mm", size=MIN_TEXT_PT, anchor="start"))
    items += [
        Text(rx, y + 8 + SCALE_MM - 3.0, "Scale check:", size=9, bold=True, anchor="start"),
        Text(rx, y + 8 + SCALE_MM - 7.5, "print at 100% / actual size", size=8, anchor="start"),
        Text(rx, y + 8 + SCALE_MM - 11.5, "(not \"fit to page\"); the square", size=6.5, anchor="start"),
        Text(rx, y + 8 + SCALE_MM - 14.5, "must measure 1 in / 25.4 mm.", size=6.5, anchor="start"),
    ]
    return items


def checklist_room(width: float, ref: str) -> float:
    """The width of a checklist row's name on a cover ``width`` mm wide, beside ``ref``, its sheets."""
    return width / 2 - 3 - 12 - text_width_mm(ref, 6.5) - 2


def _cover(spec, options, sheets: list[Sheet], box, game_module) -> list:
    x0, y0, w, h = box
    top = y0 + h
    items: list = []
    title = spec.get("title", spec.id)
    banner = 15.0
    items += translate(title_banner(title, kit_colours(spec, options, game_module), w, banner), x0, top - banner)
    y = top - banner - 5
    if spec.get("credit"):
        # A long credit wraps, as it does on the box label, rather than shrink past reading.
        size, lines = fit_lines(spec["credit"], w, CREDIT_PT, most=CREDIT_LINES) \
            or (LEGIBLE_PT, wrap(spec["credit"], w, LEGIBLE_PT))
        for line in lines:
            items.append(Text(x0, y, line, size=size, anchor="start"))
            y -= 4.5
    # Only a game that prints pieces per player colour names their number
    # (Tiles has black and white halves, not player colours).
    colours = options.colors if isinstance(spec.get("colors"), list) else None
    facts = (f"Print-and-play kit: {len(sheets)} sheets, {sheets[0].paper.name} paper"
             + (f", {colours} player colours" if colours else "")
             + (", ink-saver" if options.ink_saver else ""))
    items.append(Text(x0, y, facts, size=8, anchor="start"))
    y -= 4

    # Scale check, top left under the title block.
    scale_y = y - 8 - SCALE_MM - 2
    items += scale_check(x0, scale_y)
    y = scale_y - 4

    # Checklist of every component: count, name, sheet(s).
    where: dict[str, list[int]] = {}
    parts: list[Part] = []
    for sheet in sheets:
        for p in sheet.placements:
            parts.append(p.part)
            numbers = where.setdefault(checklist_key(p.part), [])
            if sheet.number not in numbers:
                numbers.append(sheet.number)
    rows = checklist(parts)
    keys = list(where)  # checklist() keeps the same order of first appearance
    items.append(Text(x0, y, "Checklist", size=10, bold=True, anchor="start"))
    y -= 5
    line_h = 4.1
    col_w = w / 2 - 3
    per_col = math.ceil(len(rows) / 2) if len(rows) > 14 else len(rows)  # long lists: two columns
    for i, (name, _, count) in enumerate(rows):
        col, row = divmod(i, per_col)
        cx = x0 + col * (col_w + 6)
        cy = y - row * line_h
        items.append(Line(rect(cx, cy - 0.4, 2.8, 2.8), role="art", closed=True, width_pt=0.5))
        items.append(Text(cx + 9.5, cy, str(count), size=7.5, bold=True, anchor="end"))
        numbers = where[keys[i]]
        if len(numbers) == 1:
            ref = f"sheet {numbers[0]}"
        elif len(numbers) < 4 or numbers[-1] - numbers[0] != len(numbers) - 1:
            ref = "sheets " + ", ".join(map(str, numbers))
        else:
            ref = f"sheets {numbers[0]}-{numbers[-1]}"
        size = fit_size(name, checklist_room(w, ref), CHECKLIST_NAME_PT, smallest=LEGIBLE_PT)
        items.append(Text(cx + 11, cy, name, size=size, anchor="start"))
        items.append(Text(cx + col_w, cy, ref, size=6.5, anchor="end", color="#444444"))
    y -= per_col * line_h + 3

    # The game's own cover art (assembly diagram, notes) fills what is left.
    cover = getattr(game_module, "cover", None)
    if cover is not None and y - y0 > 20:
        art = cover(spec, options, w, y - y0)
        items += translate(art, x0, y0)
    return items
