"""The Playground Battles kit.

- The board: the playing squares plus a row behind each back row holding
  that side's base (behind the base columns), the Rock-Paper-Scissors
  quick reference printed in that row; too large for one sheet, so it is
  cut into sections by ``printkit.parts.sections`` (the fewest that fit
  both papers, one glue tab a seam), with their plan on the cover.
- Cards, per colour ``cards.per_type`` of each type, printed gutter-fold:
  the front (the type) and the back (the game's name) side by side, a
  fold line between them, so folding and gluing cannot misalign them.
- A folding stand per card in the card's colour, with its mark, and a die.

Geometry in millimetres, origin at each part's lower left, y up.
"""

from __future__ import annotations

from ...parts.core import CUT, INK, VALLEY, Fill, Line, Part, Text, rect, translate
from ...parts.marks import player_mark, unit_symbol
from ...parts.nets import die_net, standup_net
from ...parts.sections import assembly, sections
from ...options import pieces_group
from ...spec import data_of

TYPES = ("rock", "paper", "scissors")
CARD_W, CARD_H = 38.0, 52.0
STAND = {"width": 46.0, "face": 24.0, "base": 14.0, "tab": 7.0}
SLIT = CARD_W + 1.5  # the slit along the stand's ridge the card slides into
BASE_FILL = "#E8E0F0"
LIGHT = "#F4F4F4"


def kit_colors(spec, options) -> list[dict]:
    return list(data_of(spec)["colors"][:2])


def _board_cells(spec):
    data = data_of(spec)
    b = data["board"]
    columns, rows = b["columns"], b["rows"] + 2  # a base row behind each back row
    colors = data["colors"]

    def draw(column, row, x, y, size):
        items = []
        if row in (0, rows - 1):
            owner = 0 if row == 0 else 1
            if column in b["base_columns"]:
                items.append(Fill(rect(x, y, size, size), colors[owner]["hex"], large=True))
                items.append(Text(x + size / 2, y + size / 2 - 1.5, "BASE", size=7, bold=True, color="#FFFFFF"))
                items += player_mark(colors[owner]["mark"], x + size / 2, y + size * 0.75, size * 0.2, "#FFFFFF")
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


def board_sections(spec) -> list[Part]:
    data = data_of(spec)
    columns, rows, square, draw = _board_cells(spec)
    return sections(columns, rows, square, draw, data["board"]["glue_tab_mm"], name="Board",
                    sized_by=(("board", "square_mm"), ("board", "columns"), ("board", "rows")))


def card_front(kind: str, color: dict) -> list:
    w, h = CARD_W, CARD_H
    return [Fill(rect(0, 0, w, h), "#FFFFFF"),
            Line(rect(2, 2, w - 4, h - 4), role="art", closed=True, color=color["hex"], width_pt=2),
            *unit_symbol(kind, w / 2, h / 2 + 3, w * 0.55),
            Text(w / 2, 6, kind.capitalize(), size=9, bold=True)]


def card_back(color: dict, title: str) -> list:
    w, h = CARD_W, CARD_H
    words = title.split()
    return [Fill(rect(0, 0, w, h), color["hex"], large=True),
            Text(w / 2, h / 2 + 2, words[0], size=8, bold=True, color="#FFFFFF"),
            Text(w / 2, h / 2 - 6, " ".join(words[1:]), size=8, bold=True, color="#FFFFFF"),
            *player_mark(color["mark"], w / 2, h - 9, 6, "#FFFFFF")]


def duplex_card(kind: str, color: dict, title: str, group: str = "") -> Part:
    """A card for two-sided printing: its front here, its back on the next page."""
    part = Part(f"{kind.capitalize()} card ({color['name']})", CARD_W, CARD_H, kind="card",
                group=group or f"cards-{color['name']}", abut=f"cards-{color['name']}", rotatable=False,
                meta={"color": color["name"], "type": kind})
    part.extend(card_front(kind, color))
    part.add(Line(rect(0, 0, CARD_W, CARD_H), role=CUT, closed=True))
    part.back = card_back(color, title)
    part.faces = (("card", "front", (0.0, 0.0, CARD_W, CARD_H)), ("card", "back", None))
    return part


def card(kind: str, color: dict, title: str, group: str = "") -> Part:
    """A gutter-fold card: the front (left) and the back (right), a valley fold between."""
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
    part.add(Text(w + w / 2, h / 2 + 2, title.split()[0], size=8, bold=True, color="#FFFFFF", angle=0))
    part.add(Text(w + w / 2, h / 2 - 6, " ".join(title.split()[1:]), size=8, bold=True, color="#FFFFFF"))
    part.extend(player_mark(color["mark"], w + w / 2, h - 9, 6, "#FFFFFF"))
    part.add(Line(((w, 0), (w, h)), role=VALLEY))
    part.add(Line(rect(0, 0, 2 * w, h), role=CUT, closed=True))
    return part


def stand(color: dict, group: str = "") -> Part:
    def front(width, face):
        return [Fill(rect(0, 0, width, face), color["hex"], large=True),
                *player_mark(color["mark"], width / 2, face / 2, 7, "#FFFFFF")]

    def back(width, face):
        return [Fill(rect(0, 0, width, face), color["hex"], large=True),
                Text(width / 2, face / 2 - 1.5, "slot the card here", size=6, color="#FFFFFF")]

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
    part = Part(f"Stand ({color['name']})", width, height, kind="stand", group=group or f"stands-{color['name']}",
                meta={"color": color["name"], "slit": (a, b, ridge)})
    part.extend(kept)
    return part


def parts(spec, options) -> list[Part]:
    data = data_of(spec)
    out = board_sections(spec)
    title = data.get("title", "Playground Battles")
    for color in kit_colors(spec, options):
        make = duplex_card if getattr(options, "duplex", False) else card
        group = pieces_group("cards", color["name"], options)
        for kind in TYPES:
            out += [make(kind, color, title, group) for _ in range(data["cards"]["per_type"])]
    for color in kit_colors(spec, options):
        group = pieces_group("stands", color["name"], options)
        out += [stand(color, group) for _ in range(3 * data["cards"]["per_type"])]
    items, width, height = die_net(16.0, 6.0)
    # The die rides on the last board section's sheet, in the room the board leaves.
    last = len(board_sections(spec))
    die = Part("Die", width, height, kind="die", group=out[last - 1].group)
    die.extend(items)
    out.insert(last, die)
    return out


def sheet_title(group: str, members: list[Part]) -> str:
    if group.startswith("board-"):
        return members[0].name + (" and the die" if any(p.kind == "die" for p in members) else "")
    colours = " and ".join(dict.fromkeys(p.meta["color"] for p in members if "color" in p.meta))
    if group.split("-")[0] == "cards":
        if members[0].back:  # --duplex: the backs follow on the next page
            return f"cards ({colours}): fronts"
        return f"cards ({colours}): fold each along its middle, glue, cut"
    if group.split("-")[0] == "stands":
        return f"stands ({colours})"
    return ", ".join(sorted({p.name for p in members}))


def cover(spec, options, width: float, height: float) -> list:
    """The board's assembly plan: where each section goes."""
    plan = assembly(board_sections(spec), scale=0.22)
    top = min(height - 4, 70)
    return [Text(0, top, "The board: join the sections as numbered, each tab under its neighbour", size=8,
                 bold=True, anchor="start")] + translate(plan, 0, top - 66)


def figures(spec, options) -> dict:
    return {}
