"""Sheets of every kit, checked as the person who prints, cuts and folds them:
the checklist's words and counts, the legend, text size and placement."""

import pytest

from printkit import kit, sheets, spec
from printkit.parts.core import Text

GAMES = ("mckinney", "phoenix", "tiles")


@pytest.fixture(scope="module")
def laid_out():
    """``laid_out(game, paper="letter", ink_saver=False)`` -> the kit's Sheets (no files written)."""
    cache = {}

    def get(game, paper="letter", ink_saver=False):
        key = (game, paper, ink_saver)
        if key not in cache:
            loaded = spec.load(game)
            options = kit.resolve_options(loaded, kit.BuildOptions(paper=paper, ink_saver=ink_saver))
            module = spec.game_module(game, "parts")
            cache[key] = sheets.impose(loaded, module.parts(loaded, options), options, module)
        return cache[key]

    return get


def cover_rows(laid):
    """The checklist as (count, name) pairs, read from the cover's text."""
    texts = [t for t in laid[0].furniture if isinstance(t, Text)]
    counts = [t for t in texts if t.bold and t.anchor == "end" and t.text.isdigit()]
    rows = []
    for count in counts:
        name = next(t for t in texts if t.anchor == "start" and abs(t.y - count.y) < 1e-6
                    and 0 < t.x - count.x < 3)
        rows.append((int(count.text), name.text))
    return rows


@pytest.mark.parametrize("name,want", [
    ("Paper Unit (Blue)", "Paper Units (Blue)"), ("Slider Marker (Green)", "Slider Markers (Green)"),
    ("Reference card", "Reference cards"), ("Box", "Boxes"), ("Die, black", "Dies, black"),
    ("Army", "Armies"), ("Tray", "Trays")])
def test_plural_names_the_head_word(name, want):
    assert sheets.plural(name) == want


def test_checklist_counts_pieces_in_plural_words(laid_out):
    tiles = cover_rows(laid_out("tiles"))
    loaded = spec.load("tiles")
    size = loaded["tiles"]["size_mm"]
    # The tiles themselves are counted, not the sheets they are printed on.
    assert (loaded["tiles"]["count"], f"Tiles ({size:g} mm squares)") in tiles
    assert (loaded["reference_cards"], "Reference cards") in tiles
    mckinney = dict((name, count) for count, name in cover_rows(laid_out("mckinney")))
    assert mckinney["Slider Markers (Blue)"] == 2 and mckinney["Rock Units (Blue)"] == 8
    assert mckinney["Builder (Blue)"] == 1
    phoenix = dict((name, count) for count, name in cover_rows(laid_out("phoenix")))
    assert phoenix["Score tables (one game each)"] == 4
    for game in GAMES:
        for count, name in cover_rows(laid_out(game)):
            head = name.split(" (")[0].split(",")[0]
            assert (count == 1) != head.endswith("s") or head.endswith(("Scissors", "Ashes")), (game, count, name)


def test_the_cover_names_player_colours_only_for_games_that_print_them(laid_out):
    def facts(game):
        return next(t.text for t in laid_out(game)[0].furniture
                    if isinstance(t, Text) and t.text.startswith("Print-and-play kit"))
    assert "player colours" not in facts("tiles")
    assert "4 player colours" in facts("mckinney")


LEGEND_WORDS = {"cut": "cut", "valley": "valley fold", "mountain": "mountain fold", "glue": "glue tab",
                "waste": "waste: cut away"}


@pytest.mark.parametrize("game", GAMES)
def test_each_legend_keys_exactly_the_roles_its_sheet_uses(laid_out, game):
    laid = laid_out(game)
    kit_roles = set()
    for sheet in laid:
        kit_roles |= sheets.roles_used(sheet.part_items())
    for sheet in laid:
        roles = kit_roles if sheet.number == 1 else sheets.roles_used(sheet.part_items())
        bottom = [t.text for t in sheet.furniture if isinstance(t, Text) and t.y < sheets.SAFE_MARGIN + 3]
        assert sorted(w for w in bottom if w in LEGEND_WORDS.values()) == sorted(LEGEND_WORDS[r] for r in roles), \
            (game, sheet.number)
        assert "print at 100% / actual size" in bottom
    if game == "tiles":  # tiles are only cut: no fold, tab or waste to explain
        assert kit_roles == {"cut"}
