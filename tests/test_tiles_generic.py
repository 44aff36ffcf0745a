"""One bundled game re-expressed through the generic spec: Rock Paper
Scissors Tiles as specs/examples/tiles-generic.yaml, components only, no
Python. Its parts measure as the bundled kit's (specs/tiles.yaml) do: the
tiles' count and size, how many sheets they fill and how many to a sheet,
and the reference cards' count and size."""

from __future__ import annotations

from collections import Counter

import pytest

from printkit import SPECS_DIR, games, sheets, spec as specs
from printkit.options import BuildOptions, resolve_options


def kit(name: str):
    spec = specs.load(name)
    module = games.stage(spec.game, "parts")
    options = resolve_options(spec, BuildOptions())
    parts = module.parts(spec, options)
    return parts, sheets.impose(spec, parts, options, module)


@pytest.fixture(scope="module")
def both():
    return kit("tiles"), kit(str(SPECS_DIR / "examples" / "tiles-generic.yaml"))


def tiles(parts):
    """Every tile face: (width, height) in mm."""
    return [(round(w, 3), round(h, 3)) for p in parts for kind, side, (x, y, w, h) in p.faces if kind == "tile"]


def cards(parts):
    return [(round(p.width, 3), round(p.height, 3)) for p in parts if p.kind == "card"]


def tiles_per_sheet(laid):
    return [sum(1 for pl in s.placements for kind, _, _ in pl.part.faces if kind == "tile") for s in laid]


def test_the_generic_kit_has_the_bundled_kits_tiles_48_of_40_mm(both):
    (bundled, _), (generic, _) = both
    assert Counter(tiles(generic)) == Counter(tiles(bundled)) == Counter({(40.0, 40.0): 48})


def test_its_tiles_fill_as_many_sheets_as_the_bundled_ones_as_many_to_a_sheet(both):
    (_, bundled), (_, generic) = both
    counted = [n for n in tiles_per_sheet(bundled) if n]
    assert [n for n in tiles_per_sheet(generic) if n] == counted == [24, 24]
    assert len(generic) == len(bundled)


def test_its_reference_cards_measure_the_bundled_ones(both):
    (bundled, _), (generic, _) = both
    assert cards(generic) == cards(bundled)
    assert len(cards(bundled)) == 2
