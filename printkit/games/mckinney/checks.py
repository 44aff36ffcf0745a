"""McKinney spec checks (``check_spec``, run by spec.load) and layout analysis (``analyse``, run by validate).

check_spec finds what makes a spec unplayable or unprintable; it reports
every problem at once, each at the line it comes from. analyse looks at a
sound layout as a designer would: can each Builder reach its +/- spaces,
how far are they, and is the board fair to every seat.
"""

from __future__ import annotations

from collections import deque

from .geometry import size_problems
from .board import POSITIONS, UNIT_TYPES, equivalent_seats, layout, layout_symmetries, square_name

# Neighbouring quadrant positions: each pair shares one seam.
SEAMS = (("top-left", "top-right"), ("top-right", "bottom-right"),
         ("bottom-right", "bottom-left"), ("bottom-left", "top-left"))


def check_spec(spec) -> list:
    """Problems the schema cannot see: board, quadrants, +/- spaces, sliders,
    seating, components, and sizes the kit cannot print."""
    data = spec.data
    problems = []
    problems += _player_problems(spec, data)
    problems += _quadrant_problems(spec, data)
    problems += _space_problems(spec, data)
    problems += _slider_problems(spec, data)
    problems += _component_problems(spec, data)
    problems += _beats_problems(spec, data)
    problems += size_problems(spec)
    problems += piece_problems(spec)
    problems.sort(key=lambda p: (p.line or 0, p.column or 0))
    return problems


def piece_problems(spec) -> list:
    """Units and Builders that do not stand on a square, found by the shared
    check (``printkit.footprint``) on one of each, made as the kit makes
    them: reported with every other problem of the spec, not after it."""
    from ...footprint import check
    from .geometry import kit_geometry
    from .parts import builder_net, footprints, unit

    g = kit_geometry(spec)
    colour = spec["colors"][0]
    return check(spec, footprints(spec, [unit(UNIT_TYPES[0], colour, g, ""), builder_net(spec, colour, g, "")]))


def _player_problems(spec, data) -> list:
    out = []
    lo, hi = data["players"]["min"], data["players"]["max"]
    if lo < 2:
        out.append(spec.problem(("players", "min"), f"McKinney needs at least 2 players, not {lo}"))
    if hi > 4:
        out.append(spec.problem(("players", "max"), f"the board has 4 quadrants: at most 4 players, not {hi}"))
    if lo > hi:
        out.append(spec.problem(("players",), f"players: min {lo} is more than max {hi}"))
    if len(data["colors"]) < hi:
        out.append(spec.problem(("colors",), f"{hi} players need {hi} colours; the spec lists {len(data['colors'])}"))
    for key in ("name", "mark"):
        seen = {}
        for i, color in enumerate(data["colors"]):
            if color[key] in seen:
                out.append(spec.problem(("colors", i, key), f"colour {i} has the same {key} "
                                        f"'{color[key]}' as colour {seen[color[key]]}; each colour needs its own"))
            seen.setdefault(color[key], i)
    seating = data["board"]["seating"]
    quadrant_seats = {q["seat"] for q in data["board"]["quadrants"]}
    for count in range(max(lo, 2), min(hi, 4) + 1):
        if str(count) not in seating:
            out.append(spec.problem(("board", "seating"), f"no seating for {count} players "
                                    f"(players min {lo}, max {hi}): add \"{count}\": [seats in turn order]"))
    for key, seats in seating.items():
        if not lo <= int(key) <= hi:
            out.append(spec.problem(("board", "seating", key), f"seating for {key} players is never used "
                                    f"(players: {lo} to {hi})", severity="warning", key=True))
        for i, seat in enumerate(seats):
            if seat in seats[:i]:
                out.append(spec.problem(("board", "seating", key, i), f"seat {seat} is listed twice "
                                        f"for {key} players"))
            elif seat not in quadrant_seats:
                out.append(spec.problem(("board", "seating", key, i), f"seat {seat} has no quadrant "
                                        "(board.quadrants gives each seat its quadrant)"))
            elif seat >= len(data["colors"]):
                out.append(spec.problem(("board", "seating", key, i), f"seat {seat} has no colour "
                                        f"(colors lists {len(data['colors'])})"))
    return out


def _quadrant_problems(spec, data) -> list:
    out = []
    quadrants = data["board"]["quadrants"]
    by_position: dict = {}
    seats: dict = {}
    for i, q in enumerate(quadrants):
        if q["position"] in by_position:
            out.append(spec.problem(("board", "quadrants", i, "position"),
                                    f"two quadrants at {q['position']} (entries {by_position[q['position']]} "
                                    f"and {i}): the four quadrants take the four positions"))
        else:
            by_position[q["position"]] = i
        if q["seat"] in seats:
            out.append(spec.problem(("board", "quadrants", i, "seat"),
                                    f"seat {q['seat']} has two quadrants (entries {seats[q['seat']]} and {i}): "
                                    "each seat has one start square"))
        else:
            seats[q["seat"]] = i
    missing = [p for p in POSITIONS if p not in by_position]
    if missing:
        out.append(spec.problem(("board", "quadrants"), f"no quadrant at {', '.join(missing)}: "
                                "the board is four quadrants, one at each corner"))
    for a, b in SEAMS:
        if a in by_position and b in by_position:
            ia, ib = by_position[a], by_position[b]
            if quadrants[ia]["type"] == quadrants[ib]["type"]:
                tabs = "two glue tabs" if quadrants[ia]["type"] == "A" else "no glue tab"
                out.append(spec.problem(("board", "quadrants", ib, "type"),
                                        f"the seam between {a} and {b} has {tabs}: quadrant types must "
                                        "alternate A and B around the board so every seam has one tab"))
    return out


def _space_lists(data) -> list:
    """(pointer, list) of every +/- space list in the spec: the board's and any quadrant's own."""
    lists = [(("board", "plus_minus_spaces"), data["board"]["plus_minus_spaces"])]
    for i, q in enumerate(data["board"]["quadrants"]):
        if "plus_minus_spaces" in q:
            lists.append((("board", "quadrants", i, "plus_minus_spaces"), q["plus_minus_spaces"]))
    return lists


def _space_problems(spec, data) -> list:
    out = []
    size = data["board"]["quadrant_size"]
    for pointer, spaces in _space_lists(data):
        seen: dict = {}
        for i, item in enumerate(spaces):
            at = tuple(item["at"])
            where = pointer + (i,)
            if not all(0 <= v < size for v in at):
                out.append(spec.problem(where + ("at",), f"+/- space at {list(at)} is off its quadrant: "
                                        f"each coordinate counts 0..{size - 1} squares from the start square"))
            elif at == (0, 0):
                out.append(spec.problem(where + ("at",), "a +/- space cannot be on the start square [0, 0]"))
            elif at in seen:
                out.append(spec.problem(where + ("at",), f"two +/- spaces on {list(at)} "
                                        f"(entries {seen[at]} and {i})"))
            seen.setdefault(at, i)
            notches = len(data["sliders"][item["slider"]]["notches"])
            if not 1 <= item["dots"] <= notches - 1:
                out.append(spec.problem(where + ("dots",), f"{item['dots']} dots: a space on Slider "
                                        f"{item['slider']} ({notches} notches) carries 1 to {notches - 1} dots"))
    return out


def _slider_problems(spec, data) -> list:
    out = []
    for name in ("A", "B"):
        slider = data["sliders"][name]
        notches = slider["notches"]
        labels = slider["labels"]
        for i, (first, second) in enumerate(notches):
            if first < 0 or second < 0:
                out.append(spec.problem(("sliders", name, "notches", i), f"notch {i} {[first, second]}: "
                                        "values cannot be negative"))
            if i and not (first > notches[i - 1][0] and second < notches[i - 1][1]):
                out.append(spec.problem(("sliders", name, "notches", i),
                                        f"notch {i} {[first, second]} after {list(notches[i - 1])}: "
                                        f"{labels[0]} must rise while {labels[1]} falls, notch by notch"))
        if not 0 <= slider["start"] < len(notches):
            out.append(spec.problem(("sliders", name, "start"), f"start notch {slider['start']} is not on "
                                    f"the track (0..{len(notches) - 1})"))
    return out


def _component_problems(spec, data) -> list:
    out = []
    pieces = data["pieces"]
    if pieces["slider_markers"] != 2:
        out.append(spec.problem(("pieces", "slider_markers"), f"each colour needs 2 Slider Markers "
                                f"(one for A, one for B), not {pieces['slider_markers']}"))
    units = pieces["units"]
    most = max((b for _, b in data["sliders"]["A"]["notches"]), default=0)
    if sum(units.values()) < most:
        out.append(spec.problem(("pieces", "units"), f"{sum(units.values())} Units per colour, but "
                                f"Slider A lets a Builder build {most} in one turn"))
    if most > AROUND:
        notch = max(range(len(data["sliders"]["A"]["notches"])), key=lambda i: data["sliders"]["A"]["notches"][i][1])
        out.append(spec.problem(("sliders", "A", "notches", notch),
                                f"Slider A lets a Builder build {most} Units in one turn, but only {AROUND} "
                                "squares surround a Builder: that notch can never be used in full",
                                severity="warning"))
    for t in UNIT_TYPES:
        if units[t] == 0:
            # Unsound: the combat cycle needs all three types on every side.
            out.append(spec.problem(("pieces", "units", t), f"no {t.title()} Units: a player could never "
                                    f"field one of the three types the combat cycle is built on; "
                                    f"give each type at least 1"))
    return out


AROUND = 8  # squares sharing a side or a corner with a Builder's square, where it builds


def _beats_problems(spec, data) -> list:
    out = []
    beats = data["beats"]
    for t in UNIT_TYPES:
        if beats[t] == t:
            out.append(spec.problem(("beats", t), f"{t} beats {t}: a type never beats itself"))
    targets: dict = {}
    for t in UNIT_TYPES:
        targets.setdefault(beats[t], []).append(t)
    for target, who in targets.items():
        if len(who) > 1:
            out.append(spec.problem(("beats", who[1]), f"{' and '.join(who)} both beat {target}: each type "
                                    "beats exactly one other and is beaten by exactly one (a cycle)"))
    return out


# --- Analysis ------------------------------------------------------------------

def _distances(width: int, start, blocked) -> dict:
    """Steps from ``start`` to every square a Builder can reach through unblocked squares."""
    dist = {start: 0}
    queue = deque([start])
    while queue:
        x, y = queue.popleft()
        for dx, dy in ((0, 1), (1, 0), (0, -1), (-1, 0)):
            n = (x + dx, y + dy)
            if 0 <= n[0] < width and 0 <= n[1] < width and n not in blocked and n not in dist:
                dist[n] = dist[(x, y)] + 1
                queue.append(n)
    return dist


def analyse(spec, game=None) -> list:
    """Warnings and notes on a sound layout: reachability, distances, symmetry.

    Severity "error" when a +/- space cannot be reached, "warning" when seats
    see different layouts, "info" for the distance table."""
    data = spec.data
    board = layout(data)
    out = []
    starts = {q.start for q in board.quadrants}
    profiles = {}
    for index, quadrant in enumerate(board.quadrants):
        dist = _distances(board.width, quadrant.start, starts - {quadrant.start})
        pointer = ("board", "quadrants", index)
        own = [s for s in board.spaces if s.seat == quadrant.seat]
        for space in own:
            if space.square not in dist:
                out.append(spec.problem(space.pointer, f"seat {quadrant.seat}'s Builder cannot reach its "
                                        f"+/- space at {square_name(*space.square)}"))
        # Nearest space of each slider and dot count, anywhere on the board.
        profile = {}
        for space in board.spaces:
            key = (space.slider, space.dots)
            if space.square in dist:
                profile[key] = min(profile.get(key, 10 ** 6), dist[space.square])
        profiles[quadrant.seat] = profile
        text = ", ".join(f"{slider}{dots} in {steps}" for (slider, dots), steps in sorted(profile.items()))
        out.append(spec.problem(pointer, f"seat {quadrant.seat} ({quadrant.position}, start "
                                f"{square_name(*quadrant.start)}): nearest +/- spaces (slider, dots, "
                                f"steps): {text or 'none'}", severity="info"))
    symmetries = [s for s in layout_symmetries(board) if s != "identity"]
    groups = equivalent_seats(board)
    if len(groups) == 1:
        out.append(spec.problem(("board", "plus_minus_spaces"), "symmetric layout: every seat sees the same "
                                f"board ({', '.join(symmetries)})", severity="info"))
    else:
        seen = sorted(profiles.items())
        differ = [f"seat {seat}: " + ", ".join(f"{s}{d} in {n}" for (s, d), n in sorted(p.items()))
                  for seat, p in seen]
        out.append(spec.problem(("board", "quadrants"),
                                "asymmetric layout: no board symmetry maps every seat onto every other "
                                f"(seats grouped {sorted(sorted(g) for g in groups)}); "
                                + "; ".join(differ), severity="warning"))
    return out

