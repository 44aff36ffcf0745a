"""McKinney positions as JSON: writing one, and reading one back with every check.

The format (documented for players in templates/mckinney-notation.md.j2)::

    {
      "game": "mckinney",
      "turn": 0,                 # turns completed so far
      "to_move": 0,              # player to move, null once the game is over
      "phase": "builder",        # builder, builder-move, slider, build, units, unit-move, over
      "pieces": {"g8": "0B", "f9": "0P"},  # square -> player digit + B/P/R/S
      "players": [{"seat": 0, "shields": 3,
                   "cache": {"paper": 8, "rock": 8, "scissors": 8},
                   "sliders": {"A": 0, "B": 0}}, ...],
      "read": {"A": 0, "B": 0},  # the mover's Slider notches as read at the start of the turn
      "path": [],                # squares of the move in progress, where it started first
      "moving": null,            # type of the Unit in transit along the path
      "built": 0, "moved": 0,    # Units built and moved so far this turn
      "frozen": [],              # squares of Units that may not move again this turn
      "winner": null, "unfinished": false
    }
"""

from __future__ import annotations

from itertools import compress

from ...rules.base import TERMINAL, IllegalAction
from .board import UNIT_TYPES
from .turn import BUILD, BUILDER, BUILDER_MOVE, LETTERS, OVER, PHASES, SLIDER, UNIT_MOVE

KEYS = ("game", "turn", "to_move", "phase", "pieces", "players", "read", "path", "moving",
        "built", "moved", "frozen", "winner", "unfinished")


# A cell's piece as the position writes it: the owner's digit and the letter of its kind.
_PIECES = ("",) + tuple(f"{owner}{LETTERS[kind]}" for owner in range(64) for kind in range(4))


def to_json(state) -> dict:
    g = state.game
    over = state.phase == OVER
    # Square by square in order: the names of the occupied squares, each
    # with its piece (names has no entry for the wall after the squares).
    cells = state.cells
    pieces = dict(zip(compress(g.names, cells), map(_PIECES.__getitem__, filter(None, cells[:g.squares]))))
    return {
        "game": "mckinney",
        "turn": state.turn,
        "to_move": None if over else state.player,
        "phase": PHASES[state.phase],
        "pieces": pieces,
        "players": [
            {"seat": g.seats[p], "shields": state.shields[p],
             "cache": dict(zip(UNIT_TYPES, state.cache[p])),
             "sliders": {"A": state.sliders[p][0], "B": state.sliders[p][1]}}
            for p in range(g.num_players)
        ],
        "read": None if over else {"A": state.read[0], "B": state.read[1]},
        "path": [g.names[s] for s in state.path],
        "moving": UNIT_TYPES[state.moving - 1] if state.moving else None,
        "built": state.built,
        "moved": state.moved,
        "frozen": [g.names[s] for s in sorted(state.frozen)],
        "winner": state.winner if state.winner >= 0 else None,
        "unfinished": state.unfinished,
    }


def _int(value, where: str, lo: int, hi: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise IllegalAction(f"{where}: expected a whole number, got {value!r}")
    if not lo <= value <= hi:
        raise IllegalAction(f"{where}: {value} is out of range ({lo}..{hi})")
    return value


def _dict(value, where: str, keys) -> dict:
    if not isinstance(value, dict):
        raise IllegalAction(f"{where}: expected an object, got {type(value).__name__}")
    missing = [k for k in keys if k not in value]
    extra = sorted(str(k) for k in value if k not in keys)
    if missing:
        raise IllegalAction(f"{where}: missing {', '.join(missing)}")
    if extra:
        raise IllegalAction(f"{where}: unknown key {', '.join(extra)} (expected {', '.join(keys)})")
    return value


def _square(g, name, where: str) -> int:
    """Board index of a square name written exactly as to_json writes it (``b2``, not ``B2``)."""
    square = g.index_of.get(name) if isinstance(name, str) else None
    if square is None:
        raise IllegalAction(f"{where}: {name!r} is not a square (a1..{g.names[-1]}, lower case)")
    return square


def state_from_json(game, obj):
    """A State from ``to_json``'s output. IllegalAction says what is wrong with a malformed one."""
    g = game
    n = g.num_players
    _dict(obj, "position", KEYS)
    if obj["game"] != "mckinney":
        raise IllegalAction(f"position.game: expected 'mckinney', got {obj['game']!r}")
    players = obj["players"]
    if not isinstance(players, list):
        raise IllegalAction("position.players: expected a list with one entry per player")
    if len(players) != n:
        counts = sorted(int(k) for k in g.data["board"]["seating"])
        if len(players) not in counts:
            raise IllegalAction(f"position.players: the position lists {len(players)} "
                                f"{'player' if len(players) == 1 else 'players'} but this spec plays "
                                f"{', '.join(map(str, counts))} players")
        # The position says how many play, as a Phoenix position does.
        g = type(game)(game.spec, players=len(players))
        n = g.num_players
    state = g.blank_state()
    state.shields, state.cache, state.sliders = [], [], []
    for p, entry in enumerate(players):
        where = f"position.players[{p}]"
        _dict(entry, where, ("seat", "shields", "cache", "sliders"))
        if isinstance(entry["seat"], bool) or entry["seat"] != g.seats[p]:
            raise IllegalAction(f"{where}.seat: player {p} sits at seat {g.seats[p]} in a "
                                f"{n}-player game, not {entry['seat']!r}")
        state.shields.append(_int(entry["shields"], f"{where}.shields", 0, g.shields))
        cache = _dict(entry["cache"], f"{where}.cache", UNIT_TYPES)
        state.cache.append([_int(cache[t], f"{where}.cache.{t}", 0, total)
                            for t, total in zip(UNIT_TYPES, g.unit_counts)])
        sliders = _dict(entry["sliders"], f"{where}.sliders", ("A", "B"))
        state.sliders.append([_int(sliders[s], f"{where}.sliders.{s}", 0, len(g.notches[i]) - 1)
                              for i, s in enumerate("AB")])

    # The board.
    pieces = obj["pieces"]
    if not isinstance(pieces, dict):
        raise IllegalAction("position.pieces: expected an object mapping squares to pieces")
    state.cells = g.empty_board()
    state.builder = [-1] * n
    state.units = [[] for _ in range(n)]
    for name in sorted(pieces, key=str):
        code = pieces[name]
        square = _square(g, name, "position.pieces")
        # Each square is one JSON key, so it holds one piece; a Unit passing over a
        # friend is not in pieces but in path and moving.
        if (not isinstance(code, str) or len(code) != 2 or code[0] not in "0123456789"[:n]
                or code[1] not in LETTERS):
            raise IllegalAction(f"position.pieces.{name}: {code!r} is not a piece: a player digit "
                                f"0..{n - 1} and B (Builder), P, R or S, e.g. '0P'")
        owner, kind = int(code[0]), LETTERS.index(code[1])
        state.cells[square] = 1 + owner * 4 + kind
        if kind == 0:
            if state.builder[owner] >= 0:
                raise IllegalAction(f"position.pieces: player {owner} has two Builders "
                                    f"({g.names[state.builder[owner]]} and {name})")
            state.builder[owner] = square
        else:
            state.units[owner].append(square)
    state._index_board()

    # Turn and result.
    phase_name = obj["phase"]
    if phase_name not in PHASES:
        raise IllegalAction(f"position.phase: {phase_name!r} is not one of {', '.join(PHASES)}")
    state.phase = phase = PHASES.index(phase_name)
    state.turn = _int(obj["turn"], "position.turn", 0, g.max_turns)
    if not isinstance(obj["unfinished"], bool):
        raise IllegalAction(f"position.unfinished: expected true or false, got {obj['unfinished']!r}")
    state.unfinished = obj["unfinished"]
    winner = obj["winner"]
    state.winner = -1 if winner is None else _int(winner, "position.winner", 0, n - 1)
    moving = obj["moving"]
    if moving is not None and moving not in UNIT_TYPES:
        raise IllegalAction(f"position.moving: expected null or one of {', '.join(UNIT_TYPES)}, got {moving!r}")
    state.moving = 0 if moving is None else UNIT_TYPES.index(moving) + 1

    alive = [p for p in range(n) if state.shields[p] > 0]
    for p in range(n):
        if state.shields[p] > 0 and state.builder[p] < 0:
            raise IllegalAction(f"position: player {p} has {state.shields[p]} Shields but no Builder on the board",
                                at=("players", p, "shields"))
        if state.shields[p] == 0 and (state.builder[p] >= 0 or state.units[p]):
            raise IllegalAction(f"position: player {p} has no Shields left, so nothing of theirs "
                                "may stay on the board", at=("players", p, "shields"))

    if phase == OVER:
        if obj["to_move"] is not None:
            raise IllegalAction("position.to_move: must be null once the game is over")
        if state.unfinished == (state.winner >= 0):
            raise IllegalAction("position: a game that is over has either a winner or is unfinished",
                                at=("winner",))
        if state.winner >= 0 and alive != [state.winner]:
            raise IllegalAction(f"position.winner: player {state.winner} cannot have won while "
                                f"players {', '.join(map(str, alive))} still have Shields")
        if state.unfinished and state.turn < g.max_turns:
            raise IllegalAction(f"position: a game is unfinished only after {g.max_turns} turns", at=("unfinished",))
        if (obj["read"] is not None or obj["path"] != [] or obj["frozen"] != []
                or not _is_zero(obj["built"]) or not _is_zero(obj["moved"]) or moving is not None):
            raise IllegalAction("position: a game that is over has no turn in progress "
                                "(read null, path and frozen empty, built and moved 0, moving null)", at=("phase",))
        state.player = TERMINAL
        state._set_read((0, 0))
        state.path, state.frozen, state.built, state.moved = [], set(), 0, 0
        _check_conservation(state)
        return state

    if state.winner >= 0 or state.unfinished:
        raise IllegalAction("position: a game still in play has no winner and is not unfinished "
                            f"(phase {phase_name!r})", at=("winner",) if state.winner >= 0 else ("unfinished",))
    if len(alive) < 2:
        raise IllegalAction("position: a game in play needs at least two players with Shields", at=("players",))
    if state.turn >= g.max_turns:
        raise IllegalAction(f"position.turn: the game stops after {g.max_turns} turns")
    p = state.player = _int(obj["to_move"], "position.to_move", 0, n - 1)
    if state.shields[p] == 0:
        raise IllegalAction(f"position.to_move: player {p} has been eliminated")
    read = _dict(obj["read"], "position.read", ("A", "B"))
    state._set_read(tuple(_int(read[s], f"position.read.{s}", 0, len(g.notches[i]) - 1)
                          for i, s in enumerate("AB")))
    a_steps, a_builds = g.notches[0][state.read[0]]
    b_units, b_steps = g.notches[1][state.read[1]]

    path = obj["path"]
    if not isinstance(path, list):
        raise IllegalAction("position.path: expected a list of squares")
    state.path = []
    for i, name in enumerate(path):
        square = _square(g, name, f"position.path[{i}]")
        if square in state.path:
            raise IllegalAction(f"position.path: {name} is visited twice; a move never revisits a square")
        if state.path and square not in g.adjacent[state.path[-1]]:
            raise IllegalAction(f"position.path: {name} is not next to {g.names[state.path[-1]]}")
        state.path.append(square)
    state.built = _int(obj["built"], "position.built", 0, a_builds)
    state.moved = _int(obj["moved"], "position.moved", 0, max(b_units - 1, 0))
    frozen = obj["frozen"]
    if not isinstance(frozen, list):
        raise IllegalAction("position.frozen: expected a list of squares")
    state.frozen = set()
    for i, name in enumerate(frozen):
        square = _square(g, name, f"position.frozen[{i}]")
        if square not in state.units[p]:
            raise IllegalAction(f"position.frozen: {name!r} does not hold a Unit of player {p}")
        state.frozen.add(square)
    if len(state.frozen) > state.built + state.moved:
        raise IllegalAction("position.frozen: more Units are frozen than were built and moved this turn")

    moves_in_progress = phase in (BUILDER_MOVE, UNIT_MOVE)
    if moves_in_progress != bool(state.path):
        raise IllegalAction(f"position.path: a path is given exactly while a piece is moving "
                            f"(phase builder-move or unit-move), not in phase {phase_name!r}")
    if (phase == UNIT_MOVE) != (state.moving != 0):
        raise IllegalAction("position.moving: the type of the moving Unit is given exactly in phase unit-move")
    if phase == BUILDER and (state.built or state.moved or state.frozen):
        raise IllegalAction("position: in phase builder nothing has been built or moved yet this turn",
                            at=("phase",))
    if phase in (BUILDER_MOVE, SLIDER) and (state.built or state.moved):
        raise IllegalAction(f"position: in phase {phase_name} nothing has been built or moved yet this turn",
                            at=("phase",))
    if phase == BUILD and not state.built:
        raise IllegalAction("position: phase build means at least one Unit was built this turn", at=("phase",))
    if phase == BUILD and state.moved:
        raise IllegalAction("position: in phase build no Unit has moved yet this turn (Units move after building)",
                            at=("phase",))
    if phase == BUILDER_MOVE:
        if state.path[-1] != state.builder[p]:
            raise IllegalAction("position.path: a Builder's path ends where the Builder stands")
        if not 2 <= len(state.path) <= a_steps:
            raise IllegalAction(f"position.path: a Builder moving with {a_steps} steps has taken "
                                f"1 to {a_steps - 1} steps before it must stop")
        if any(state.cells[s] for s in state.path[:-1]):
            raise IllegalAction("position.path: a Builder moves through empty squares only")
    if phase in (BUILDER, BUILDER_MOVE, SLIDER, BUILD) and list(state.read) != state.sliders[p]:
        raise IllegalAction(f"position.read: until the Builder's part of the turn is over, the notches "
                            f"read are player {p}'s Sliders {state.sliders[p]}")
    if phase == SLIDER and state.builder[p] not in g.spaces:
        raise IllegalAction("position: phase slider needs the Builder on a +/- space", at=("phase",))
    if phase == UNIT_MOVE:
        if not 2 <= len(state.path) <= b_steps:
            raise IllegalAction(f"position.path: a Unit moving with {b_steps} steps has taken "
                                f"1 to {b_steps - 1} steps before it must stop")
        end = state.cells[state.path[-1]]
        owner, kind = divmod(end - 1, 4)
        if end and (owner != p or kind in (0, state.moving)):
            raise IllegalAction("position.path: a moving Unit only stands on an empty square or "
                                "passes a friendly Unit of another type")
        if state.cells[state.path[0]]:
            raise IllegalAction("position.path: the square a moving Unit left must be empty")
        for square in state.path[1:-1]:
            c = state.cells[square]
            owner, kind = divmod(c - 1, 4)
            if c and (owner != p or kind in (0, state.moving)):
                raise IllegalAction(f"position.path: {g.names[square]} holds {_piece(c)}, but the squares "
                                    f"a moving {moving} has crossed are empty (what it took went back "
                                    "to the cache) or hold friendly Units of another type")
        if state.cells[state.path[-1]] and not state.legal_actions():
            raise IllegalAction(f"position.path: the {moving} passing over the friendly Unit on "
                                f"{g.names[state.path[-1]]} has no way off it with the steps it has left")
    _check_conservation(state)
    return state


def _is_zero(value) -> bool:
    return value == 0 and isinstance(value, int) and not isinstance(value, bool)


def _piece(c: int) -> str:
    owner, kind = divmod(c - 1, 4)
    return f"player {owner}'s " + ("Builder" if kind == 0 else UNIT_TYPES[kind - 1].title())


def _check_conservation(state) -> None:
    g = state.game
    for p in range(g.num_players):
        counts = [0, 0, 0]
        for square in state.units[p]:
            counts[((state.cells[square] - 1) & 3) - 1] += 1
        if state.moving and state.player == p:
            counts[state.moving - 1] += 1
        for t, name in enumerate(UNIT_TYPES):
            if counts[t] + state.cache[p][t] != g.unit_counts[t]:
                raise IllegalAction(
                    f"position: player {p} has {counts[t]} {name} on the board and {state.cache[p][t]} "
                    f"in the cache, but owns {g.unit_counts[t]}", at=("players", p, "cache", name))
