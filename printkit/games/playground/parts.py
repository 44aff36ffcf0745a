"""The Playground Battles kit.

- The board: the playing squares plus a row behind each back row holding
  that side's base (behind the base columns), the Rock-Paper-Scissors
  quick reference printed in that row; too large for one sheet, so it is
  cut into sections by ``printkit.parts.sections`` (the fewest that fit
  both papers, one glue tab a seam), with their plan on the cover beside
  the steps for making the kit.
- Cards, per colour ``cards.per_type`` of each type, printed gutter-fold:
  the front (the type) and the back (the game's name) side by side, a
  fold line between them, so folding and gluing cannot misalign them.
- A folding stand per card in the card's colour, with its mark, and a die.

Geometry in millimetres, origin at each part's lower left, y up.
"""

from __future__ import annotations

import itertools
from dataclasses import replace

from ...literal import as_written
from ...parts.core import CUT, GLUE, INK, MIN_TEXT_PT, MOUNTAIN, PT, Fill, Line, Part, Text, bounds, rect, translate
from ...parts.marks import WHITE, on_field, player_mark, unit_symbol
from ...parts.nets import die_net, standup_net
from ...parts.sections import assembly, sections
from ...parts.steps import PRINT_STEP, numbered_steps, steps_fit
from ...options import pieces_group
from ...sheets import label_room, share_a_sheet
from ...spec import data_of
from ...writers.fonts import text_width_mm, wrap

TYPES = ("rock", "paper", "scissors")
CARD_W, CARD_H = 38.0, 52.0
STAND = {"width": 46.0, "face": 24.0, "base": 14.0, "tab": 7.0}
SLIT = CARD_W + 1.5  # the slit along the stand's ridge the card slides into
BASE_FILL = "#E8E0F0"
LIGHT = "#F4F4F4"


def kit_colors(spec, options) -> list[dict]:
    return list(data_of(spec)["colors"][:2])


def _board_cells(spec, options=None):
    data = data_of(spec)
    on = on_field(options)
    b = data["board"]
    columns, rows = b["columns"], b["rows"] + 2  # a base row behind each back row
    colors = data["colors"]

    def draw(column, row, x, y, size):
        items = []
        if row in (0, rows - 1):
            owner = 0 if row == 0 else 1
            if column in b["base_columns"]:
                items.append(Fill(rect(x, y, size, size), colors[owner]["hex"], large=True))
                items.append(Text(x + size / 2, y + size / 2 - 1.5, "BASE", size=7, bold=True, color=on))
                items += player_mark(colors[owner]["mark"], x + size / 2, y + size * 0.75, size * 0.2, on)
            elif column == 0:
                lines = ["Scissors beat Paper", "Paper beats Rock", "Rock beats Scissors"]
                for k, line in enumerate(lines):
                    items.append(Text(x + 1.5, y + size - 6 - k * 6, line, size=6.5, anchor="start"))
            return items
        shade = "#FFFFFF" if (column + row) % 2 else LIGHT
        items.append(Fill(rect(x, y, size, size), shade, stroke=INK, stroke_pt=0.5))
        if row in (1, rows - 2):
            tint = colors[0 if row == 1 else 1]["hex"]
            items.append(Line(rect(x + 1, y + 1, size - 2, size - 2), role="art", closed=True, color=tint,
                              width_pt=1.2))
        return items

    return columns, rows, b["square_mm"], draw


def figures(spec, options) -> dict[str, Part]:
    """Drawings for the rulebook (``printkit.rulebook.figures``): ``board``, the
    whole board as its sections print it, joined, its bases behind the back
    rows; words too small at the rulebook's scale left to the caption."""
    columns, rows, square, draw = _board_cells(spec, options)
    board = Part("Board", columns * square, rows * square, kind="board")
    for row in range(rows):
        for column in range(columns):
            board.extend(i for i in draw(column, row, column * square, row * square, square)
                         if not isinstance(i, Text))
    data = data_of(spec)
    colors = data["colors"]
    behind = [str(c + 1) for c in data["board"]["base_columns"]]
    squares = (f"square {behind[0]}" if len(behind) == 1 else
               f"squares {', '.join(behind[:-1])} and {behind[-1]}")
    first, second = as_written(colors[0]["name"]), as_written(colors[1]["name"])
    board.meta["caption"] = (f"The board, its sections joined: {first} sets up on the back row framed "
                             f"in its colour at the bottom, in front of its base; {second} at the top. "
                             f"A base lies behind {squares} of its back row.")
    return {"board": board}


def board_sections(spec, options=None) -> list[Part]:
    data = data_of(spec)
    columns, rows, square, draw = _board_cells(spec, options)
    return sections(columns, rows, square, draw, data["board"]["glue_tab_mm"], name="Board",
                    sized_by=(("board", "square_mm"), ("board", "columns"), ("board", "rows")))


def card_front(kind: str, color: dict) -> list:
    w, h = CARD_W, CARD_H
    return [Fill(rect(0, 0, w, h), "#FFFFFF"),
            Line(rect(2, 2, w - 4, h - 4), role="art", closed=True, color=color["hex"], width_pt=2),
            *unit_symbol(kind, w / 2, h / 2 + 3, w * 0.55),
            Text(w / 2, 6, kind.capitalize(), size=9, bold=True)]


def card_back(color: dict, title: str, on: str = WHITE) -> list:
    w, h = CARD_W, CARD_H
    return [Fill(rect(0, 0, w, h), color["hex"], large=True),
            *_name_on_back(title, w / 2, on),
            *player_mark(color["mark"], w / 2, h - 9, 6, on)]


def _name_on_back(title: str, cx: float, on: str = WHITE) -> list:
    """The game's name on a card's back in ``on`` (``on_field``), centred on
    x = cx: its first word over the rest; a longer name wraps, set smaller
    until its lines fit between the mark and the card's foot."""
    words = title.split()
    width, span = CARD_W - 6, 24.0  # mm: the line's width; the most from first baseline to last
    size = 8.0
    while True:
        lines = wrap(words[0], width, size, bold=True) + \
            (wrap(" ".join(words[1:]), width, size, bold=True) if len(words) > 1 else [])
        pitch = size if len(lines) <= 2 else size * PT * 1.45  # two lines stand well apart
        if (len(lines) - 1) * pitch <= span or size <= MIN_TEXT_PT:
            break
        size -= 0.5
    top = CARD_H / 2 - 2 + (len(lines) - 1) * pitch / 2
    return [Text(cx, top - k * pitch, line, size=size, bold=True, color=on)
            for k, line in enumerate(lines)]


def duplex_card(kind: str, color: dict, title: str, group: str = "", on: str = WHITE) -> Part:
    """A card for two-sided printing: its front here, its back on the next page."""
    part = Part(f"{kind.capitalize()} card ({color['name']})", CARD_W, CARD_H, kind="card",
                group=group or f"cards-{color['name']}", abut=f"cards-{color['name']}", rotatable=False,
                meta={"color": color["name"], "type": kind})
    part.extend(card_front(kind, color))
    part.add(Line(rect(0, 0, CARD_W, CARD_H), role=CUT, closed=True))
    part.back = card_back(color, title, on)
    part.faces = (("card", "front", (0.0, 0.0, CARD_W, CARD_H)), ("card", "back", None))
    return part


def card(kind: str, color: dict, title: str, group: str = "", on: str = WHITE) -> Part:
    """A gutter-fold card: the front (left) and the back (right), a mountain fold
    between: folded printed sides out, the fold points at whoever looks at the print."""
    w, h = CARD_W, CARD_H
    part = Part(f"{kind.capitalize()} card ({color['name']})", 2 * w, h, kind="card",
                group=group or f"cards-{color['name']}", abut=f"cards-{color['name']}",
                meta={"color": color["name"], "type": kind},
                piece=f"{kind.capitalize()} card ({color['name']})",
                faces=(("card", "front", (0.0, 0.0, w, h)), ("card", "back", (w, 0.0, w, h))))
    part.add(Fill(rect(0, 0, w, h), "#FFFFFF"))
    part.add(Line(rect(2, 2, w - 4, h - 4), role="art", closed=True, color=color["hex"], width_pt=2))
    part.extend(unit_symbol(kind, w / 2, h / 2 + 3, w * 0.55))
    part.add(Text(w / 2, 6, kind.capitalize(), size=9, bold=True))
    part.add(Fill(rect(w, 0, w, h), color["hex"], large=True))
    part.extend(_name_on_back(title, w + w / 2, on))
    part.extend(player_mark(color["mark"], w + w / 2, h - 9, 6, on))
    part.add(Line(((w, 0), (w, h)), role=MOUNTAIN))
    part.add(Line(rect(0, 0, 2 * w, h), role=CUT, closed=True))
    return part


def stand(color: dict, group: str = "", on: str = WHITE) -> Part:
    def front(width, face):
        return [Fill(rect(0, 0, width, face), color["hex"], large=True),
                *player_mark(color["mark"], width / 2, face / 2, 7, on)]

    def back(width, face):
        return [Fill(rect(0, 0, width, face), color["hex"], large=True),
                Text(width / 2, face / 2 - 1.5, "slot the card here", size=6, color=on)]

    items, width, height = standup_net(STAND["width"], STAND["face"], STAND["base"], STAND["tab"], front, back)
    # The ridge (the fold between the two faces) is slit for the card: it stands
    # in the slit, upright, its back to the opponent. The fold keeps its ends.
    ridge = STAND["tab"] + STAND["base"] + STAND["face"]
    a, b = (width - SLIT) / 2, (width + SLIT) / 2
    kept = []
    for item in items:
        if isinstance(item, Line) and item.role != CUT and len(item.points) == 2 and \
                all(abs(y - ridge) < 1e-9 for _, y in item.points):
            kept += [Line(((0.0, ridge), (a, ridge)), role=item.role),
                     Line(((b, ridge), (width, ridge)), role=item.role)]
        else:
            kept.append(item)
    kept.append(Line(((a, ridge), (b, ridge)), role=CUT))
    # Set edge to edge, a stand's top edge meets the free edge of the tab of the
    # stand above it: the top edge gets the tab's corners too, so the cut file
    # holds the stretch they share once.
    tab = next(i for i in kept if isinstance(i, Fill) and i.role == GLUE)
    corners = sorted(x for x, _ in tab.points[2:])
    for k, item in enumerate(kept):
        if isinstance(item, Line) and item.role == CUT and item.closed:
            points = list(item.points)
            at = next(j for j in range(len(points)) if abs(points[j][1] - height) < 1e-9
                      and abs(points[(j + 1) % len(points)][1] - height) < 1e-9)
            top = points[at][1]
            points[at + 1:at + 1] = [(corners[1], top), (corners[0], top)]
            kept[k] = replace(item, points=tuple(points))
    # A colour's stands sit side by side, sharing their cut lines: four to a
    # row on A4 too, where with gaps between them only three fit.
    part = Part(f"Stand ({color['name']})", width, height, kind="stand", group=group or f"stands-{color['name']}",
                abut=f"stands-{color['name']}", meta={"color": color["name"], "slit": (a, b, ridge)})
    part.extend(kept)
    return part


def text_boxes(spec) -> list:
    """Where the colour names print (``copyfit``): the checklist and a colour's own sheets' header."""
    from ...copyfit import colour_name_boxes

    return colour_name_boxes(spec, ("Scissors cards ({})",), ("cards ({}): fold each along its middle, glue, cut",))


def parts(spec, options) -> list[Part]:
    data = data_of(spec)
    out = board_sections(spec, options)
    title = data.get("title", "Playground Battles")
    on = on_field(options)
    for color in kit_colors(spec, options):
        make = duplex_card if getattr(options, "duplex", False) else card
        group = pieces_group("cards", color["name"], options)
        for kind in TYPES:
            out += [make(kind, color, title, group, on) for _ in range(data["cards"]["per_type"])]
    stands = len(out)
    for color in kit_colors(spec, options):
        group = pieces_group("stands", color["name"], options)
        out += [stand(color, group, on) for _ in range(3 * data["cards"]["per_type"])]
    last = len(board_sections(spec, options))
    if die_beside_board(spec, options):
        out.insert(last, the_die(out[last - 1].group))
    else:  # first on the stands' first sheet, which its title then names truly
        out.insert(stands, the_die(out[stands].group))
    return out


def the_die(group: str) -> Part:
    items, width, height = die_net(16.0, 6.0)
    die = Part("Die", width, height, kind="die", group=group)
    die.extend(items)
    return die


def die_beside_board(spec, options) -> bool:
    """Whether the die rides on the last board section's sheet, in the room
    the board leaves (turned on A4), rather than with the stands (paper that
    leaves none)."""
    last = board_sections(spec, options)[-1]
    return share_a_sheet([last, the_die(last.group)], options)


def sheet_title(group: str, members: list[Part]) -> str:
    if group.startswith("board-"):
        return members[0].name + (" and the die" if any(p.kind == "die" for p in members) else "")
    # A group of one colour (--sheet-per-colour) names it; the colours of a
    # shared group fill sheets of their own one after another, so naming
    # them all would misname every sheet (the checklist says which is which).
    colours = list(dict.fromkeys(p.meta["color"] for p in members if "color" in p.meta))
    whose = f" ({colours[0]})" if len(colours) == 1 else ""
    if group.split("-")[0] == "cards":
        if members[0].back:  # --duplex: the backs follow on the next page ("fronts" and "backs")
            return f"cards{whose}"
        return f"cards{whose}: fold each along its middle, glue, cut"
    if group.split("-")[0] == "stands":
        return f"stands{whose}" + (" and the die" if any(p.kind == "die" for p in members) else "")
    return ", ".join(sorted({p.name for p in members}))


PLAN_SCALES = tuple(k / 100 for k in range(28, 9, -1))  # the board plan on the cover, largest first
PLAN_CAPTION_H = 5.0  # mm over the plan for its caption
PLAN_CAPTION = "The board's sections"


def cover(spec, options, width: float, height: float) -> list:
    """Making the kit, step by step, beside the board's plan (where each
    section goes), for the cover sheet's free area."""
    data = data_of(spec)
    board = board_sections(spec, options)
    count = len(board)
    colours = kit_colors(spec, options)
    per_type = data["cards"]["per_type"]
    duplex = getattr(options, "duplex", False)
    if duplex:
        paper = (f"{PRINT_STEP} Each page of card fronts is followed by its backs: print the two on one "
                 "sheet, both sides, flipping on the long edge (the calibration pages at the end show how "
                 "well they meet).")
        cards = (f"Cards ({per_type} of each type per colour): cut along their outlines; each shows its type "
                 "on the front and its colour, with the game's name, on the back.")
    else:
        paper = PRINT_STEP
        cards = (f"Cards ({per_type} of each type per colour): fold each along the dash-dot line in its middle, "
                 "printed sides out, glue the halves together, then cut along the outline: the type on one "
                 "face, its colour with the game's name on the other.")
    die_at = f"beside board section {count}" if die_beside_board(spec, options) else "before the stands"
    steps = [
        paper,
        f"Board: cut out the {count} sections along their solid outlines, grey tabs included. Crease each "
        "tab away from you along its dash-dot line, glue it and lay the next section on it, edge to edge, "
        "as numbered in the plan (each section prints its number in a corner).",
        cards,
        "Stands (one per card, in its colour, side by side sharing their cut lines): cut each out and cut "
        "the slit in the middle of the fold "
        "between its two coloured faces. Fold the dash-dot lines away from you and glue the grey tab "
        "inside the back to make a tent.",
        "Slide each card down into the slit of a stand of its colour, its type towards you and its back "
        "towards your opponent: each player sees only their own types until a battle.",
        f"Die ({die_at}): cut it out, fold every line away from you and glue the tabs inside to close "
        "the cube.",
        f"Each player picks an army of {data['army']['size']} cards, at least one of each type, and sets "
        "it up on the back row in front of their base.",
    ]
    room_w, room_h = label_room(options)
    spare = [(width - room_w, 0.0, width, room_h)]
    # The plan in the lower left corner, beside the box label, as large as
    # the steps above it leave room for (the label gives way before the plan).
    caption_w = text_width_mm(PLAN_CAPTION, 8, bold=True)
    # Whose base is at which end of the board: a long colour name widens the corner the steps keep clear.
    bases = [f"{colour['name']} base" for colour in colours[:2]]
    bases_w = max(text_width_mm(words, 6) for words in bases)
    _, low, _, high = bounds(assembly(board, scale=1.0))
    # First choice: the steps all above the plan and the label; else beside them.
    tries = [(True, 8.0, True)] + [(label, size, False) for label in (True, False) for size in (8.0, 7.0, 6.0)]
    for (label, size, above), scale in itertools.product(tries, PLAN_SCALES):
        plan = assembly(board, scale=scale)
        x0, y0, x1, y1 = bounds(plan)
        corner = (0.0, 0.0, max(x1 - x0, caption_w, bases_w) + 3.0, y1 - y0 + PLAN_CAPTION_H + 3.0)
        if label and corner[2] > width - room_w:
            continue
        row = [(0.0, 0.0, width, max(corner[3], room_h))] if above else []
        if steps_fit("Making the kit", steps, width, height, size=size,
                     keep_clear=[corner] + (spare if label else []) + row):
            break
    else:
        return numbered_steps("Making the kit", steps, width, height, spare=spare)
    middle = (x1 - x0) / 2
    items = [Text(max(middle, caption_w / 2), y1 - y0 + 2.0, PLAN_CAPTION, size=8, bold=True)]
    items += translate(plan, -x0, -y0)
    for words, y in zip(bases, (1.2, y1 - y0 - 3.2)):
        items.append(Text(max(middle, bases_w / 2), y, words, size=6))
    items += numbered_steps("Making the kit", steps, width, height, keep_clear=[corner],
                            spare=spare if label else [])
    return items

