"""Paper: how many sheets each kit takes, and groups sharing sheets.

A parts module groups its parts (a board section, the counters, a reference
card); each group used to start a sheet of its own, so a group of a few
counters left most of a sheet empty. Now a group may fill the room the
groups before it leave under their parts, but only where that saves a sheet
(each group that saves nothing by it keeps its own), on paper of the same
size and margins and for parts of the same stock; never with
--sheet-per-color (each colour's pieces on card of its own) nor for
two-sided parts (their backs fill the next page). And each kind of piece
starts its own row of a grid unless that costs a sheet.

The rules measured: every part placed once, inside the printable area,
clear of every part it does not share a cut line with by the gap their
bleed needs; a kit never takes more sheets than its groups alone would.
"""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from printkit import games, sheets
from printkit import spec as specs
from printkit.options import BuildOptions, resolve_options
from printkit.parts.core import CUT, Line, Part, Text, rect

from conftest import budget


def impose(layout_of, game: str, **flags):
    """(spec, options, parts, sheets) of a bundled kit: its sheets those
    every module shares (tests/conftest.py), its parts made here."""
    spec = specs.load(game)
    options, laid = layout_of(game, **flags)
    return spec, options, games.stage(spec.game, "parts").parts(spec, options), laid


def groups_alone(parts: list[Part], options) -> int:
    """The sheets the kit's groups take each on sheets of its own (the cover not counted)."""
    runs: list[list[Part]] = []
    for part in parts:
        if not runs or runs[-1][0].group != part.group:
            runs.append([])
        runs[-1].append(part)
    return sum(sheets.layout_length(run, options)[0] for run in runs)


# (game, options, sheets, sheets before groups shared): Letter, the cover counted.
COUNTS = [
    ("lam", {}, 4, 5),  # counters under both board segments, the last three over the reference card
    ("lam", {"press": True}, 4, 5),
    ("lam", {"sheet_per_colour": True}, 6, 6),  # each colour's counters on card of its own
    ("mckinney", {}, 6, 6),  # quadrants fill their sheets; the pieces one sheet
    ("phoenix", {}, 5, 5),  # the Birds (42%) and the Ashes and dice (57%) do not fit one sheet
    ("tiles", {}, 4, 4),  # the tiles fill two sheets; the reference cards only the cover has room for
    ("playground", {}, 6, 6),
    ("playground", {"press": True}, 6, 7),  # Blue's stands under the last cards
    ("playground", {"duplex": True}, 8, 10),  # the card fronts on one sheet: rows of twelve, not eight
]


@pytest.mark.parametrize("game, flags, count, before", COUNTS)
def test_each_kit_takes_the_sheets_it_needs(layout_of, game, flags, count, before):
    _, options, parts, laid = impose(layout_of, game, **flags)
    assert len(laid) == count, [s.title for s in laid]
    shared = [s for s in laid if len(s.groups) > 1]
    backs = sum(1 for s in laid if s.sides == "back" or s.group == "calibration")  # and the calibration pair
    alone = 1 + groups_alone(parts, options) + backs
    assert (len(laid) < alone) if shared else (len(laid) <= alone), (len(laid), alone)
    if before != count:
        assert shared or options.duplex, "a sheet saved without sharing: only the rows rule does that (duplex)"


def test_lam_counters_ride_under_the_board_segments_and_over_the_reference_card(layout_of):
    """Lam's 36 counters (20 mm, 4 mm apart) took a sheet of their own, 29%
    full: now a row of eleven under board segment 1, two rows under segment
    2, and the last three over the reference card, every one 4 mm (the gap
    two bleeds need) clear of the board's and the card's outlines."""
    _, options, _, laid = impose(layout_of, "lam")
    gap = sheets.part_gap(options)
    assert [s.groups for s in laid[1:]] == [["board-1", "counters"], ["board-2", "counters"],
                                            ["counters", "reference"]]
    assert [s.title for s in laid[1:]] == ["Board segment 1 (rows 1-5); counters (Red)",
                                           "Board segment 2 (rows 6-10); counters (Red and Blue)",
                                           "counters (Blue); Reference card"]
    counted = [sum(p.part.kind == "counter" for p in s.placements) for s in laid[1:]]
    assert counted == [11, 22, 3]
    for sheet in laid[1:]:
        (big,) = [p for p in sheet.placements if p.part.kind != "counter" and p.part.kind != "label"]
        for counter in (p for p in sheet.placements if p.part.kind == "counter"):
            clear = max(big.x - (counter.x + counter.width), counter.x - (big.x + big.width),
                        big.y - (counter.y + counter.height), counter.y - (big.y + big.height))
            assert clear >= gap - 1e-6, (sheet.number, counter.part.name)
    # The checklist says where each counter is.
    words = " ".join(t.text for t in laid[0].furniture if isinstance(t, Text))
    assert "sheets 2, 3" in words and "sheets 3, 4" in words


def test_duplex_cards_take_every_column_where_a_row_per_kind_costs_a_sheet(layout_of):
    """Playground's 48 cards of 16 mm: a row per kind (eight of each a row)
    ran 3.8 mm past a two-sided sheet and sent eight cards, and their backs,
    to a sheet pair of their own; twelve to a row, they fit one."""
    _, _, _, laid = impose(layout_of, "playground", duplex=True)
    (front,) = [s for s in laid if s.sides == "front" and s.group != "calibration"]
    cards = [p for p in front.placements if p.part.kind == "card"]
    assert len(cards) == 48 and len({round(p.y, 6) for p in cards}) == 4
    x0, y0, w, h = sheets.content_box(front.paper)
    assert all(x0 - 1e-6 <= p.x and p.x + p.width <= x0 + w + 1e-6 and p.y >= y0 - 1e-6 for p in cards)


def test_a_group_that_would_crowd_a_shared_sheets_title_keeps_its_own():
    """A sheet's header says what is on it at 8 pt or more: a group whose
    words would make a shared sheet's header smaller keeps sheets of its own."""
    spec = specs.load("lam")
    options = resolve_options(spec, BuildOptions())

    class Words:
        def __init__(self, long: bool):
            self.long = long

        def sheet_title(self, group, members):
            if group == "small" and self.long:
                return ("a small group with a long description of everything it holds, what to print it on, "
                        "how to cut it out and why")
            return group

    # "small" fits only under "big" (180 + 4 + 30 mm of the 247.4 mm), not over "next" (220 mm).
    parts = [_part("big", 150, 180, "big"), _part("small", 40, 30, "small"), _part("next", 150, 220, "next")]
    short = sheets.impose(spec, parts, options, Words(False))
    assert [s.groups for s in short[1:]] == [["big", "small"], ["next"]]
    assert short[1].title == "big; small"
    long = sheets.impose(spec, parts, options, Words(True))
    assert [s.groups for s in long[1:]] == [["big"], ["small"], ["next"]]
    header = next(t for t in short[1].furniture if isinstance(t, Text) and t.text.startswith("Sheet "))
    assert header.text == "Sheet 2 of 3: big; small" and header.size >= 8.0


def _part(name: str, width: float, height: float, group: str, abut: str = "", stock: str = "card") -> Part:
    return Part(name, width, height, items=[Line(rect(0, 0, width, height), role=CUT, closed=True)],
                group=group, abut=abut, stock=stock, rotatable=False)


@st.composite
def kits(draw):
    """Groups of parts of a few sizes, some grids sharing cut lines, some on paper stock."""
    parts = []
    for g in range(draw(st.integers(2, 5))):
        stock = draw(st.sampled_from(["card", "card", "paper"]))
        for k in range(draw(st.integers(1, 3))):
            width = draw(st.sampled_from([12.0, 20.0, 45.0, 90.0, 150.0, 190.0]))
            height = draw(st.sampled_from([12.0, 20.0, 45.0, 90.0, 160.0, 220.0]))
            count = draw(st.integers(1, 14 if width * height < 1000 else 2))
            abut = draw(st.sampled_from(["", f"grid-{g}-{k}"]))
            parts += [_part(f"Part {g}.{k}", width, height, f"group-{g}", abut, stock) for _ in range(count)]
    return parts


@settings(max_examples=budget(12), deadline=None, derandomize=True)
@given(parts=kits())
def test_any_kit_shares_sheets_only_to_save_them_and_keeps_its_parts_apart(parts):
    spec = specs.load("lam")
    options = resolve_options(spec, BuildOptions())
    laid = sheets.impose(spec, parts, options, None)
    gap = sheets.part_gap(options)
    placed = [p for s in laid[1:] for p in s.placements if p.part.kind != "label"]
    assert sorted(map(id, (p.part for p in placed))) == sorted(map(id, parts))  # each part once
    shared = [s for s in laid if len(s.groups) > 1]
    alone = 1 + groups_alone(parts, options)
    assert (len(laid) < alone) if shared else (len(laid) == alone)
    where = {id(p.part): s.number for s in laid for p in s.placements}
    for sheet in laid[1:]:
        x0, y0, w, h = sheets.content_box(sheet.paper)
        mine = [p for p in sheet.placements if p.part.kind != "label"]
        assert len({p.part.stock for p in mine}) == 1, sheet.title  # card and paper never share a sheet
        assert sheet.groups == list(dict.fromkeys(p.part.group for p in mine)) and sheet.group == sheet.groups[0]
        for p in mine:
            assert x0 - 1e-6 <= p.x and p.x + p.width <= x0 + w + 1e-6, p.part.name
            assert y0 - 1e-6 <= p.y and p.y + p.height <= y0 + h + 1e-6, p.part.name
        for i, a in enumerate(mine):
            for b in mine[i + 1:]:
                clear = max(b.x - (a.x + a.width), a.x - (b.x + b.width), b.y - (a.y + a.height),
                            a.y - (b.y + b.height))
                grid = a.part.abut and a.part.abut == b.part.abut
                assert clear >= (-1e-6 if grid else gap - 1e-6), (sheet.number, a.part.name, b.part.name)
    # A group's parts keep their order: each on the sheet of the one before it or a later one.
    for a, b in zip(parts, parts[1:]):
        if a.group == b.group:
            assert where[id(a)] <= where[id(b)], (a.name, b.name)
