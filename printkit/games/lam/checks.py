"""What a Lam spec can get wrong that its schema cannot say."""

from __future__ import annotations

from ...errors import Problem

KINDS = {"R": "rock", "P": "paper", "S": "scissors", "F": "flag"}


def check_spec(spec) -> list[Problem]:
    data = spec.data
    out: list[Problem] = []
    board, pieces, rows = data["board"], data["pieces"], data["setup"]["rows"]

    def error(pointer, message, severity="error"):
        out.append(spec.problem(pointer, message, severity))

    if board["rows"] != 2 * board["segment_rows"]:
        error(("board", "segment_rows"), f"two segments of {board['segment_rows']} rows cover "
              f"{2 * board['segment_rows']} rows, not the board's {board['rows']}: segment_rows must be "
              "half of rows")
    if len(rows) > board["segment_rows"]:
        error(("setup", "rows"), f"the set-up uses {len(rows)} rows but a player's segment has "
              f"{board['segment_rows']}")
    counted = {k: 0 for k in KINDS.values()}
    for i, row in enumerate(rows):
        if len(row) != board["columns"]:
            error(("setup", "rows", i), f"row {i + 1} of the set-up has {len(row)} hexes; the board has "
                  f"{board['columns']} columns")
        for letter in row:
            if letter in KINDS:
                counted[KINDS[letter]] += 1
    for name, count in counted.items():
        if count != pieces[name]:
            error(("pieces", name), f"the set-up places {count} {name}(s) per player, not {pieces[name]}")
    for name in ("rock", "paper", "scissors"):
        if pieces[name] == 0:
            error(("pieces", name), f"no {name.title()}s: a player could never field one of the three "
                  "types the combat cycle is built on")
    if pieces["flag"] == 0:
        error(("pieces", "flag"), "each player needs a Flag to defend: the game is won by destroying one")
    variants = data["variants"]
    if variants["default"] not in variants or variants["default"] == "default":
        error(("variants", "default"), f"the default variant {variants['default']!r} is not one of "
              f"{', '.join(v for v in variants if v != 'default')}")
    for name, variant in variants.items():
        if name != "default" and variant["flags_to_win"] > pieces["flag"]:
            error(("variants", name, "flags_to_win"), f"{variant['flags_to_win']} Flags to destroy, but each "
                  f"player has only {pieces['flag']}")
    marks = [c["mark"] for c in data["colors"]]
    if marks[0] == marks[1]:
        error(("colors", 1, "mark"), "the two sides need different marks, for greyscale prints")
    return out
