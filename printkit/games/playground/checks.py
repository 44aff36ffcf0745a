"""What a Playground Battles spec can get wrong that its schema cannot say."""

from __future__ import annotations

from ...errors import Problem


def check_spec(spec) -> list[Problem]:
    data = spec.data
    out: list[Problem] = []
    board, army, cards = data["board"], data["army"]["size"], data["cards"]["per_type"]
    if army > board["columns"]:
        out.append(spec.problem(("army", "size"), f"an army of {army} does not fit a back row of "
                                f"{board['columns']} squares"))
    if 3 * cards < army:
        out.append(spec.problem(("cards", "per_type"), f"{cards} cards of each type make at most {3 * cards} "
                                f"pieces, fewer than an army of {army}"))
    if army < 3:
        out.append(spec.problem(("army", "size"), "an army holds at least one Rock, one Paper and one Scissors"))
    for i, column in enumerate(board["base_columns"]):
        if column >= board["columns"]:
            out.append(spec.problem(("board", "base_columns", i), f"column {column} is off a board of "
                                    f"{board['columns']} columns"))
    out += piece_problems(spec)
    marks = [c["mark"] for c in data["colors"]]
    if marks[0] == marks[1]:
        out.append(spec.problem(("colors", 1, "mark"), "the two sides need different marks"))
    return out


def piece_problems(spec) -> list[Problem]:
    """A stand that cannot fold into a tent, a card too short to show its type
    above its stand. (Whether a piece fits its square is the shared check's,
    ``printkit.footprint``, on the parts as they print.)"""
    from .parts import TYPE_NEED, kit_sizes

    sizes = kit_sizes(spec)
    out = []
    if sizes.face < sizes.base / 2 + 2:
        out.append(spec.problem(("kit", "stand", "face_mm"), (
            f"a stand's faces of {sizes.face:g} mm cannot lean together over a {sizes.base:g} mm base: "
            f"they must be at least {sizes.base / 2 + 2:g} mm (half the base and 2 mm)")))
    elif sizes.shown < TYPE_NEED:
        at = ("kit", "card", "height_mm")
        out.append(spec.problem(at, (
            f"a {sizes.card_h:g} mm card shows {sizes.shown:.1f} mm above its stand's ridge "
            f"({sizes.ridge:.1f} mm high), too little for its type ({TYPE_NEED:g} mm): "
            f"{sizes.card_h + TYPE_NEED - sizes.shown:.1f} mm or taller shows it")))
    return out
