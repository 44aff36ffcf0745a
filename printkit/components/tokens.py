"""Tokens and counters: round, square or hex, one side or two, a face per
row of a table (as tiles are).

    components:
      - type: tokens
        name: Coins
        shape: round            # square, hex (point up)
        size_mm: 19             # across (a hex across its flats)
        rows:
          - {label: "1", colour: "#E8C547", count: 10}
        face: {background: colour, title: label}
        back_face: {background: colour, image: mark}   # two sides; or back: one back for all
"""

from __future__ import annotations

from . import pieces
from .cards import check_keys
from .tiles import flat

TYPES = ("tokens",)


def parts(component: dict, ctx) -> list:
    check_keys(component, ctx, "token")
    shape = component.get("shape", "round")
    w, h = pieces.box_of(shape, float(component["size_mm"]))
    return flat(component, ctx, "token", "Token", shape, w, h)
