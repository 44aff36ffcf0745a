"""One title identity: the kit's cover sheet, its box label and its
rulebook's first page carry the same banner, the game's title over a stripe
of the very colours the kit prints (for every --colors)."""

from __future__ import annotations

import pytest

from printkit import games, rulebook, sheets
from printkit import spec as specs
from printkit.options import BuildOptions, resolve_options
from printkit.parts.core import Fill, Text
from printkit.parts.identity import BAND, box_label
from printkit.writers.fonts import text_width_mm
from test_rulebook_figures import count_near, page_image

CASES = [(game, n) for game in specs.bundled_games()
         for n in range(specs.load(game)["players"]["min"], specs.load(game)["players"]["max"] + 1)
         if isinstance(specs.load(game).get("colors"), list)]


def _printed_colours(spec, options, module) -> list[str]:
    """The colours on the pieces the kit prints (the sheets' own answer)."""
    parts = module.parts(spec, options)
    owners = []
    for part in parts:
        name = part.meta.get("color")
        if name and name not in owners:
            owners.append(name)
    hexes = {c["name"]: c["hex"] for c in spec["colors"]}
    return sorted(hexes[n] for n in owners)


def _stripe(items) -> list[str]:
    """The colours of a banner's stripe (not the thinner one under a sheet's title)."""
    fills = [i for i in items if isinstance(i, Fill) and i.stroke == BAND
             and max(y for _, y in i.points) - min(y for _, y in i.points) > 1.5]
    return sorted(f.color for f in fills)


def test_every_sheet_title_carries_the_same_colours():
    spec = specs.load("mckinney")
    options = resolve_options(spec, BuildOptions(colors=2))
    module = games.stage(spec.game, "parts")
    printed = _printed_colours(spec, options, module)
    for sheet in sheets.impose(spec, module.parts(spec, options), options, module):
        thin = sorted(i.color for i in sheet.furniture if isinstance(i, Fill) and i.stroke == BAND
                      and max(y for _, y in i.points) - min(y for _, y in i.points) < 1.0)
        assert thin == printed, sheet.title


@pytest.mark.parametrize("game, colors", CASES)
def test_cover_and_box_label_banners_show_the_printed_colours(game, colors):
    spec = specs.load(game)
    options = resolve_options(spec, BuildOptions(colors=colors))
    module = games.stage(spec.game, "parts")
    laid = sheets.impose(spec, module.parts(spec, options), options, module)
    printed = _printed_colours(spec, options, module)
    assert _stripe(laid[0].furniture) == printed
    labels = [p.part for s in laid for p in s.placements if p.part.kind == "label"]
    assert len(labels) == 1, "every bundled kit has room for its box label"
    assert _stripe(labels[0].items) == printed
    title = spec["title"]
    assert any(isinstance(i, Text) and i.text == title and i.color == "#FFFFFF" for i in labels[0].items)
    assert any(isinstance(i, Text) and i.text == title and i.color == "#FFFFFF" for i in laid[0].furniture)


@pytest.mark.parametrize("game, colors", [c for c in CASES if c[0] == "mckinney"])
def test_the_rulebook_opens_with_the_same_banner(game, colors):
    spec = specs.load(game)
    options = BuildOptions(colors=colors)
    image = page_image(rulebook.render_pdf(spec, options))
    module = games.stage(spec.game, "parts")
    printed = set(_printed_colours(spec, resolve_options(spec, options), module))
    top = (0, image.height - 130, image.width, image.height)  # points, y up: the first 46 mm
    for colour in spec["colors"]:
        found = count_near(image, top, colour["hex"], tolerance=10)
        assert (found > 40) == (colour["hex"] in printed), (colour["name"], found)
    assert count_near(image, top, BAND, tolerance=6) > 2000


def test_a_long_credit_and_description_stay_inside_the_box_label_whole():
    """A web address wider than the label is broken, not run over the cut line;
    a description of four lines is set smaller, not cut after its third."""
    spec = specs.load("mckinney")
    address = "https://boardgamegeek.com/boardgame/180071/paper-rock-scissors-strategy"
    credit = f"Created by Matt McKinney in 2015 and free for anyone to play; see {address}"
    description = ("Build Units from your cache, march them on the other Builders across a board of four "
                   "quadrants, and defeat all three of their Shields before they defeat yours; for 2 to 4 "
                   "players, ages 10 and up.")
    spec.data = {**spec.data, "credit": credit, "description": description}
    options = resolve_options(spec, BuildOptions(colors=4))
    label = box_label(spec, options, "pieces")
    texts = [i for i in label.items if isinstance(i, Text) and i.color != "#FFFFFF"]
    for item in texts:
        half = text_width_mm(item.text, item.size, item.bold) / 2
        assert item.x - half >= 0 and item.x + half <= label.width, item.text
        assert item.y >= 2.0, item.text
    printed = "".join("".join(i.text for i in texts).split())  # the words, in order, without spaces
    assert "".join(credit.split()) in printed and "".join(description.split()) in printed


@pytest.mark.parametrize("game", ["mckinney", "phoenix", "tiles", "playground", "lam"])
@pytest.mark.parametrize("paper", ["letter", "a4"])
def test_every_sheet_title_is_set_large_enough_to_read(game, paper):
    # A title naming four colours and their counts shrank to 6 pt to fit its line.
    spec = specs.load(game)
    module = games.stage(spec.game, "parts")
    for colors in sorted({spec["players"]["min"], spec["players"]["max"]}):
        options = resolve_options(spec, BuildOptions(colors=colors, paper=paper))
        for sheet in sheets.impose(spec, module.parts(spec, options), options, module):
            title = next(i for i in sheet.furniture if isinstance(i, Text) and i.text.startswith("Sheet "))
            assert title.size >= 8.0, title.text
