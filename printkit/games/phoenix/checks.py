"""RPS Phoenix spec checks (``check_spec``, run when a spec loads) and the
player counts each variant is played with (``player_counts``, for validate)."""

from __future__ import annotations

from ...spec import data_of
from .geometry import PRINTABLE, board_size
from .rules import TYPES

def player_counts(spec, variant: str | None = None) -> list[int]:
    """The player counts a variant can be played with (Team: four only)."""
    data = data_of(spec)
    variant = variant or data["variants"]["default"]
    if variant == "team":
        return [4]
    return list(range(data["players"]["min"], data["players"]["max"] + 1))


def check_spec(spec) -> list:
    """Problems the schema cannot see: board against dice, Phoenix squares,
    colours and seating, Birds, variants and the length cap."""
    data = spec.data
    problems = []

    def error(pointer, message, severity="error"):
        problems.append(spec.problem(pointer, message, severity))

    board, dice = data["board"], data["dice"]
    for axis, die_key, length in (("columns", "x", board["columns"]), ("rows", "y", board["rows"])):
        faces = dice[die_key]["faces"]
        if faces != length:
            error(("board", axis), f"board {axis} ({length}) must match the faces of the "
                                   f"{dice[die_key]['name']} die ({faces}): each face names one coordinate")
        if faces != 6:
            error(("dice", die_key, "faces"), "the kit prints cube dice: a die has 6 faces")
        if dice[die_key]["hex"].lower() == dice[die_key]["pips_hex"].lower():
            error(("dice", die_key, "pips_hex"), f"the pips of the {dice[die_key]['name']} die "
                                                 "would not show on a die of the same colour")
    # The rules tell X from Y by the dice themselves ("Black dice = X-axis").
    if dice["x"]["name"].lower() == dice["y"]["name"].lower():
        error(("dice", "y", "name"), f"both dice are named {dice['y']['name']!r}: the rulebook tells "
                                     "the X die from the Y die by name")
    if dice["x"]["hex"].lower() == dice["y"]["hex"].lower():
        error(("dice", "y", "hex"), "both dice are the same colour: players must tell the X die "
                                    "from the Y die at a glance")
    doubles = {(i, i) for i in range(1, min(board["columns"], board["rows"]) + 1)}
    listed = [tuple(p) for p in board["phoenix_squares"]]
    for i, square in enumerate(listed):
        if square[0] == square[1] and square not in doubles:
            error(("board", "phoenix_squares", i), f"{list(square)} is off the board, whose doubles "
                                                   f"run from [1, 1] to [{len(doubles)}, {len(doubles)}]")
        elif square not in doubles:
            error(("board", "phoenix_squares", i), f"{list(square)} is not a double: a Phoenix square "
                                                   "is named by a roll of doubles, x equal to y")
        elif listed.index(square) != i:
            error(("board", "phoenix_squares", i), f"{list(square)} is listed twice")
    missing = sorted(doubles - set(listed))
    if missing:
        error(("board", "phoenix_squares"), "every double is a Phoenix square; missing: "
              + ", ".join(str(list(s)) for s in missing))
    # The board with its coordinate labels must fit on one sheet of A4 and of Letter.
    width, height = board_size(data)
    if width > PRINTABLE[0] or height > PRINTABLE[1]:
        error(("board", "square_mm"), f"the board would be {width:.0f} x {height:.0f} mm with its "
                                      f"coordinates; at most {PRINTABLE[0]:g} x {PRINTABLE[1]:g} mm "
                                      "fits on A4 and Letter")

    colors = data["colors"]
    names = [c["name"] for c in colors]
    for key in ("hex", "mark"):  # names: spec.colour_name_problems, in any case, before these checks
        seen = {}
        for i, c in enumerate(colors):
            value = c[key].lower() if key == "hex" else c[key]
            if value in seen:
                error(("colors", i, key), f"colours {seen[value] + 1} and {i + 1} share the {key} "
                                          f"{c[key]!r}: each colour needs its own")
            seen.setdefault(value, i)
    low, high = data["players"]["min"], data["players"]["max"]
    if low > high:
        error(("players",), f"players min ({low}) is more than max ({high})")
    if high > len(colors):
        error(("players", "max"), f"{high} players need {high} colours; the spec has {len(colors)}")
    if not low <= data["default_players"] <= high:
        error(("default_players",), f"default_players must be between {low} and {high}")
    for n in range(low, high + 1):
        seats = data["seating"].get(str(n))
        if seats is None:
            error(("seating",), f"seating has no entry for {n} players")
            continue
        if sorted(seats) != sorted(names[:n]):
            error(("seating", str(n)), f"a kit for {n} players prints the first {n} colours "
                                       f"({', '.join(names[:n])}); seat those", "warning")
        if len(seats) != n:
            error(("seating", str(n)), f"{n} players need {n} seats, not {len(seats)}")
        for i, name in enumerate(seats):
            if name not in names:
                error(("seating", str(n), i), f"unknown colour {name!r} (colours: {', '.join(names)})")
            elif seats.index(name) != i:
                error(("seating", str(n), i), f"{name} sits twice")

    counts = data["birds"]["counts"]
    if counts != {"rock": 1, "paper": 1, "scissors": 1}:
        error(("birds", "counts"), "the rules give each player one Rock, one Paper and one "
                                   "Scissors; the scoring and the kit assume it", "warning")
    if sum(counts.values()) == 0:
        error(("birds", "counts"), "each player needs at least one Bird")
    else:
        for kind in ("rock", "paper", "scissors"):
            if counts.get(kind) == 0:  # a type missing breaks the combat cycle for every player
                error(("birds", "counts", kind), f"no {kind.title()} Bird: a player could never field one of "
                                                 "the three types the combat cycle is built on")
    net = data["birds"]["net"]
    if net["face_mm"] <= net["base_mm"] / 2:
        error(("birds", "net", "face_mm"), "the faces of a Bird must be longer than half its base to meet at the top")
    elif sum(counts.values()):
        problems.extend(piece_problems(spec))
    if dice["face_mm"] < 14:
        error(("dice", "face_mm"), "dice smaller than 14 mm are hard to fold and roll badly", "warning")

    beats = data["beats"]
    if sorted(beats.values()) != sorted(TYPES) or any(k == v for k, v in beats.items()):
        error(("beats",), "each type must beat exactly one other type, and be beaten by one")

    variants = data["variants"]
    default = variants["default"]
    if default not in variants:
        error(("variants", "default"), f"the default variant {default!r} is not described in 'variants'")
    elif default == "team" and data["default_players"] != 4:
        error(("default_players",), f"the default variant is Team, which four play: default_players "
                                    f"({data['default_players']}) is never used", "warning")
    team = variants.get("team")
    if team is not None:
        teams = team["teams"]
        members = [name for t in teams for name in t]
        placed = set()
        for i, t in enumerate(teams):
            for j, name in enumerate(t):
                if name not in names:
                    error(("variants", "team", "teams", i, j), f"unknown colour {name!r}")
                elif name in placed:
                    error(("variants", "team", "teams", i, j), f"{name} is in a team already")
                placed.add(name)
        seats = data["seating"].get("4")
        if high < 4 or seats is None:
            error(("variants", "team"), "a Team game needs four players: players max must be 4 "
                                        "and seating must have an entry for 4")
        elif sorted(members) != sorted(seats):
            error(("variants", "team", "teams"), f"the teams must be the four seated colours "
                                                 f"({', '.join(seats)})")
        elif any(len(t) != 2 for t in teams):
            error(("variants", "team", "teams"), "a Team game is two teams of two")
        elif any(seats[i] in t and seats[(i + 1) % 4] in t for t in teams for i in range(4)):
            error(("seating", "4"), "partners sitting side by side take turns back to back; "
                                    "seat them opposite each other", "warning")

    rounds = data["escalation_after_turns_per_player"]
    if data["max_turns"] <= rounds * high:
        error(("max_turns",), f"the cap ({data['max_turns']} turns) comes before the Escalation "
                              f"Phase ({rounds} turns per player, {rounds * high} with {high} players)",
              "warning")
    return problems


def piece_problems(spec) -> list:
    """Birds that do not stand on a square, found by the shared check
    (``printkit.footprint``) at load, with every other problem of the spec.
    A folded Bird stands on its base, the net's width by its base's depth;
    validate and build check again on the parts as they print, the Ashes too."""
    from ...footprint import Cell, Piece, check
    from ...parts.core import rect

    net, square = spec["birds"]["net"], float(spec["board"]["square_mm"])
    cell = Cell("square", "squares", rect(0, 0, square, square), square, ("board", "square_mm"))
    bird = Piece("Birds", rect(0, 0, net["width_mm"], net["base_mm"]), cell,
                 sized_by=(("birds", "net", "width_mm"), ("birds", "net", "base_mm")), apart=True)
    return check(spec, [bird])
