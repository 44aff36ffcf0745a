"""Rock Paper Scissors Tiles spec checks (``check_spec``, run when a spec loads)."""

from __future__ import annotations

from .shapes import BLACK, WHITE, ShapeBook, connected

def check_spec(spec) -> list:
    """Problems the schema cannot see: tile count, shapes, the beats relation."""
    data = spec.data
    problems = []
    count = data["tiles"]["count"]
    if count % 2:
        problems.append(spec.problem(("tiles", "count"),
                                     f"tiles/count: {count} is odd; each turn uses two tiles, "
                                     "so the supply must be even to run out at the end of a turn"))
    shapes_ok = True
    for key, entry in data["shapes"].items():
        seen = {}
        whole = True
        for i, tile in enumerate(entry["tiles"]):
            at = tile["at"]
            broken = [k for k, v in enumerate(at) if isinstance(v, float) and not v.is_integer()]
            if broken:
                problems.append(spec.problem(("shapes", key, "tiles", i, "at", broken[0]),
                                             f"shapes/{key}: {at} is not a whole tile; "
                                             "shapes are made of whole tiles"))
                whole = False
                continue
            cell = (int(at[0]), int(at[1]))
            if cell in seen:
                problems.append(spec.problem(("shapes", key, "tiles", i, "at"),
                                             f"shapes/{key}: two tiles at {cell[0]},{cell[1]} "
                                             f"(entries {seen[cell] + 1} and {i + 1})"))
                whole = False
            seen[cell] = i
        if whole and not connected(seen):
            problems.append(spec.problem(("shapes", key, "tiles"),
                                         f"shapes/{key}: its tiles do not all touch edge to edge; "
                                         "a shape must be one connected piece"))
        shapes_ok = shapes_ok and whole
        if len(entry["tiles"]) > count:
            problems.append(spec.problem(("shapes", key, "tiles"),
                                         f"shapes/{key} takes {len(entry['tiles'])} tiles but the supply "
                                         f"holds {count}: it can never be formed", severity="warning"))
    named: dict[str, str] = {}
    for key, entry in data["shapes"].items():
        other = named.setdefault(entry["name"].casefold(), key)
        if other != key:
            problems.append(spec.problem(("shapes", key, "name"),
                                         f"shapes/{key} has the name {entry['name']!r} of shapes/{other}; "
                                         "the reference cards and the rulebook tell shapes apart by name"))
    colors = data["colors"]
    if colors["black"].lower() == colors["white"].lower():
        problems.append(spec.problem(("colors", "white"),
                                     f"both halves of a tile are {colors['white']}: players could not "
                                     "tell Black's shapes from White's"))
    problems += _beats_problems(spec)
    if shapes_ok and not any(p.severity == "error" for p in problems):
        problems += _likeness_problems(spec)
    return problems


_CYCLE = "beats must be a cycle: each shape beats one other and is beaten by the third"


def _beats_problems(spec) -> list:
    data = spec.data
    keys = list(data["shapes"])
    beats = data["beats"]
    problems = []
    for key in beats:
        if key not in keys:
            problems.append(spec.problem(("beats", key), f"beats: '{key}' is not a shape "
                                         f"(shapes are {', '.join(keys)})", key=True))
    for key, target in beats.items():
        if target not in keys:
            problems.append(spec.problem(("beats", key), f"beats/{key}: '{target}' is not a shape "
                                         f"(shapes are {', '.join(keys)})"))
    missing = [k for k in keys if k not in beats]
    if missing:
        problems.append(spec.problem(("beats",), f"beats: says nothing about {', '.join(missing)}; "
                                     "every shape beats exactly one other"))
    if problems:
        return problems
    for key in keys:
        if beats[key] == key:
            problems.append(spec.problem(("beats", key), f"beats/{key}: a shape cannot beat itself; "
                                         f"{_CYCLE}"))
    for target in keys:
        by = [k for k in keys if beats[k] == target and k != target]
        if len(by) > 1:
            problems.append(spec.problem(("beats", by[-1]), f"beats: {' and '.join(by)} both beat "
                                         f"{target}, so {', '.join(k for k in keys if k not in beats.values())} "
                                         f"is beaten by none; {_CYCLE}"))
    if problems:
        return problems
    # A 3-cycle: following "beats" from any shape visits all three and returns.
    # (With three shapes the checks above already catch every other case;
    # this stays as the rule itself.)
    seen = [keys[0]]
    while beats[seen[-1]] not in seen:
        seen.append(beats[seen[-1]])
    if len(seen) != len(keys) or beats[seen[-1]] != seen[0]:
        problems.append(spec.problem(("beats",), "beats: must be a cycle through all three shapes "
                                     "(each beats one and is beaten by another), as rock beats "
                                     "scissors, scissors beats paper, paper beats rock"))
    return problems


def _likeness_problems(spec) -> list:
    """Two shapes that are one shape, or a pattern that counts for both colours."""
    data = spec.data
    book = ShapeBook.from_spec(data)
    problems = []
    sets = [(BLACK, s, set(book.images[BLACK][i])) for i, s in enumerate(book.shapes)]
    sets += [(WHITE, s, set(book.images[WHITE][i])) for i, s in enumerate(book.shapes)]
    for a in range(len(sets)):
        for b in range(a + 1, len(sets)):
            ca, sa, ia = sets[a]
            cb, sb, ib = sets[b]
            if not ia & ib:
                continue
            if ca == cb == WHITE:
                continue  # the Black pair already says it
            if ca == cb:
                problems.append(spec.problem(("shapes", sb.key), f"shapes/{sb.key} is the same shape "
                                             f"as {sa.key} (turned or mirrored)"))
            elif ca == BLACK and cb == WHITE:
                problems.append(spec.problem(
                    ("shapes", sb.key), f"shapes/{sb.key}: the same tiles form a Black {sa.name} "
                    f"and a White {sb.name}, so they score for both players", severity="warning"))
    return problems

