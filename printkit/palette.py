"""Player colours a printed kit can tell apart.

Many kits are printed in black and white, or read by a player who does not
see red and green apart: two player colours that print the same grey are
then told apart by their marks alone. ``palette_problems`` warns of such a
pair in any spec whose ``colors`` list the players' colours.
"""

from __future__ import annotations

GREY_STEP = 5.0  # CIE L* (0 black .. 100 white): the least step a greyscale print shows plainly


def lightness(hex_color: str) -> float:
    """CIE L* of an sRGB colour written #RRGGBB: how light it prints in grey."""
    text = hex_color.lstrip("#")
    channels = [int(text[i:i + 2], 16) / 255 for i in (0, 2, 4)]
    linear = [c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4 for c in channels]
    y = 0.2126 * linear[0] + 0.7152 * linear[1] + 0.0722 * linear[2]
    return 116 * y ** (1 / 3) - 16 if y > (6 / 29) ** 3 else y * (29 / 3) ** 3


def tint(hex_color: str, share: float) -> str:
    """The colour mixed with white, as a print's lighter shade of it: share 0
    is white, 1 the colour itself (#RRGGBB, upper case)."""
    text = hex_color.lstrip("#")
    mixed = (round(255 - (255 - int(text[i:i + 2], 16)) * share) for i in (0, 2, 4))
    return "#{:02X}{:02X}{:02X}".format(*mixed)


def palette_problems(spec) -> list:
    """A warning for every pair of player colours that print nearly the same grey."""
    colours = spec.get("colors")
    if not isinstance(colours, list):
        return []
    out = []
    known = [(i, c) for i, c in enumerate(colours)
             if isinstance(c, dict) and isinstance(c.get("hex"), str) and len(c["hex"].lstrip("#")) == 6]
    for k, (i, a) in enumerate(known):
        for j, b in known[k + 1:]:
            la, lb = lightness(a["hex"]), lightness(b["hex"])
            if abs(la - lb) < GREY_STEP:
                out.append(spec.problem(("colors", j, "hex"), f"{b.get('name', j)} and {a.get('name', i)} print "
                                        f"nearly the same grey (L* {lb:.0f} and {la:.0f}): in black and white, "
                                        "or to a colour-blind player, only their marks tell them apart; "
                                        f"make one lighter or darker by {GREY_STEP:g} or more",
                                        severity="warning"))
    return out


def cmyk_values(spec) -> dict:
    """{upper-case hex: (c, m, y, k) from 0 to 1} of the spec's colours that
    give ``cmyk`` (percent), for a print shop's files."""
    values = {}
    for colour in spec.get("colors") or []:
        if isinstance(colour, dict) and colour.get("cmyk") and colour.get("hex"):
            values[colour["hex"].upper()] = tuple(v / 100 for v in colour["cmyk"])
    return values


def printed_colours(spec, options, game_module=None):
    """The colours a kit prints, as the spec gives them, for the sheets and
    the rulebook alike: the game's own choice where its parts module has
    ``kit_colors(spec, options)``, else the first ``options.colors`` of a
    list of player colours; a game's colour table (Tiles' black and white)
    as it is."""
    chosen = getattr(game_module, "kit_colors", None)
    if chosen is not None:
        return chosen(spec, options)
    colours = spec.get("colors") or []
    if isinstance(colours, list):
        return colours[:getattr(options, "colors", None) or len(colours)]
    return colours
