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
    marks = [c["mark"] for c in data["colors"]]
    if marks[0] == marks[1]:
        out.append(spec.problem(("colors", 1, "mark"), "the two sides need different marks"))
    return out
