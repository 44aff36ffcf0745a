"""A game in play on the live table: its spec, its position, its record and its seats.

Everything here reads a game through the shared contracts only: the rules
engine (``printkit.rules.base``), the game's table stage (``printkit.table``)
and the agents of ``printkit.balance``. It never names a game.

The record is the list of actions played from a start position (the set-up
or a loaded position), each kept with how every seat saw it at the time
(``State.action_seen_by``), so the move list a seat reads never shows what
that seat could not see. Undo and redo replay the record from the start, so
a position after them is exactly the one played before.

Dice are chance nodes: the session rolls them itself, as soon as a move
leaves the game at one, with its own seeded generator, and the roll joins
the record for everyone to see.
"""

from __future__ import annotations

import copy
import dataclasses
import json
import random
import threading
from dataclasses import dataclass

from .. import games, positions
from .. import spec as specs
from .. import table as tables
from ..errors import PrintkitError
from ..options import BuildOptions
from ..playout import draw_chance
from ..rules import game_options
from ..rules.base import IllegalAction
from ..writers import artsvg

SEATS = ("person", "random", "greedy", "mcts")
DIE_FACES = 6  # a sandbox's die: a designer's own game rolls one six-sided die
PACE = 250  # ms the page waits before an agent's move, so a person sees each move before the next
MOST_PACE = 60_000


class Refused(PrintkitError):
    """A request the table cannot do as asked; ``status`` is its HTTP status."""

    def __init__(self, message: str, status: int = 400):
        super().__init__(message)
        self.status = status


@dataclass(frozen=True)
class Record:
    action: int
    mover: int | None  # the player who chose it; None for a roll of the dice
    seen: tuple  # its notation as each player saw it, then as an onlooker sees it


@dataclass
class Loaded:
    """What one read of the spec gives: everything a change of the file replaces."""

    spec: object
    module: object  # the game's rules module; None for a game without a rules engine
    table: object  # the game's table stage
    board: object  # printkit.table.Board
    parts: list  # the kit's parts, to draw the pieces as the kit prints them


class Session:
    """One game in play. Every method takes the session's lock: the server
    answers requests on several threads (an agent thinks on one of them)."""

    def __init__(self, source: str, players: int | None = None, variant: str | None = None, seed: int = 0):
        self.source = source
        self.players = players
        self.variant = variant
        self.seed = seed
        self.lock = threading.RLock()
        self.version = 0  # goes up with every change a page must fetch again
        self.spec_version = 0  # goes up with every read of the spec: the board may have changed
        self.problem: str | None = None  # the spec's problem, "file:line: message", shown instead of the table
        self.thinking: int | None = None  # the seat whose agent is thinking
        self.pace = PACE  # kept through new games and reloads: it is the table's, not the game's
        self.rng = random.Random(f"printkit-play:{seed}")
        self.loaded = self._load()  # the first read: a problem here is the command's error
        self.seats = ["person"] * self._player_count()
        self._new_game()

    # --- reading the spec ------------------------------------------------------
    def _load(self) -> Loaded:
        spec = specs.load(self.source)
        table = tables.stage(spec.game)
        if table is None:
            raise PrintkitError(f"{specs.display_path(spec.path)}: {spec.game} has no table yet; "
                                "printkit play cannot show it")
        module = games.optional_stage(spec.game, "rules")
        variant = specs.variant_named(spec, self.variant) if module is not None else self.variant
        # The board and pieces of the players at the table: a board's colours
        # are the players' (``options.colors``, as a build prints them).
        count = self._game(module, spec).num_players if module is not None else None
        options = BuildOptions(variant=variant, colors=count)
        board = table.board(spec, options)
        parts = games.stage(spec.game, "parts").parts(spec, options)
        return Loaded(spec, module, table, board, parts)

    def _make_game(self):
        module = self.loaded.module
        return self._game(module, self.loaded.spec) if module is not None else None

    def _game(self, module, spec):
        """The game of this table's players and variant, by ``module``'s rules."""
        return module.Game(spec, **game_options(self.players, specs.variant_named(spec, self.variant)))

    def _player_count(self) -> int:
        if self.loaded.module is None:
            return self.players or 1
        return self._make_game().num_players

    def reload(self) -> None:
        """Read the spec again (its file was saved): the table shows the new
        board and the game goes on from where it stood if the new rules take
        its record, else starts again. A problem is kept to show instead,
        the last sound spec staying behind it."""
        with self.lock:
            before = self.loaded
            try:
                self.loaded = self._load()
                game = self._make_game()
            except PrintkitError as error:
                self.loaded = before
                self.problem = str(error)
                self.version += 1
                return
            self.problem = None
            self.spec_version += 1
            try:
                if game is None or self.start is None:
                    raise IllegalAction("a sandbox has no record to replay")
                start = game.state_from_json(self.start.to_json())
                state = start.clone()
                for record in self.done:
                    state.apply(record.action)
                self.game, self.start, self.state, self.undone = game, start, state, []
            except (IllegalAction, PrintkitError, ValueError, KeyError, TypeError):
                # The new rules do not take the old record: a sandbox keeps its
                # pieces where they were moved, a game starts again.
                if not (game is None and self.game is None):
                    self._new_game()
            if self.game is not None and len(self.seats) != self.game.num_players:
                self.seats = ["person"] * self.game.num_players
            self.version += 1

    # --- a new game, a loaded position -------------------------------------
    def _new_game(self) -> None:
        self.game = self._make_game()
        self.done: list[Record] = []
        self.undone: list[Record] = []
        if self.game is None:  # a sandbox: pieces as the set-up puts them, moved freely
            self.start = self.state = None
            pieces = self.loaded.table.pieces(self.loaded.spec, None, None)
            self.sandbox = [dataclasses.asdict(p) for p in pieces]
            self.sandbox_done: list = []
            self.sandbox_undone: list = []
            self.rolls: list[int] = []
            return
        self.sandbox = None
        self.start = self.game.initial_state()
        self.state = self.start.clone()
        self._roll()

    def new_game(self, seats=None, variant=None, players=None) -> None:
        with self.lock:
            old = (self.variant, self.players)
            if variant is not None:
                self.variant = variant or None
            if players is not None:
                self.players = players
            try:
                if (self.variant, self.players) != old:  # the board is the players' (their colours)
                    self.loaded = self._load()
                    self.spec_version += 1
                count = self._player_count()
            except PrintkitError as error:
                self.variant, self.players = old
                raise Refused(str(error)) from None
            seats = list(seats) if seats is not None else list(self.seats)
            if len(seats) != count:
                seats = (seats + ["person"] * count)[:count]
            self._check_seats(seats)
            self.seats = seats
            self._new_game()
            self.version += 1

    def load(self, text: str) -> None:
        """A position file's text (as ``moves`` and ``apply`` read it) becomes the start."""
        with self.lock:
            if self.game is None:
                raise Refused("this game has no rules engine: a sandbox has no positions to load")
            try:
                value = json.loads(text)
                positions._check_tokens("position", text)
            except json.JSONDecodeError as exc:
                raise Refused(f"position:{exc.lineno}:{exc.colno}: malformed position JSON: {exc.msg}") from None
            except ValueError as exc:
                raise Refused(f"malformed position JSON: {exc}") from None
            except PrintkitError as exc:
                raise Refused(str(exc)) from None
            try:
                state = self.game.state_from_json(value)
            except IllegalAction as exc:
                where = positions.place("position", text, value, str(exc), getattr(exc, "at", None))
                raise Refused(f"{where}: bad position: {exc}") from None
            if state.game.num_players != len(self.seats):
                self.seats = (self.seats + ["person"] * state.game.num_players)[:state.game.num_players]
                self.players = state.game.num_players
                self.loaded = self._load()  # the board of this many players
                self.spec_version += 1
            self.game = state.game
            self.start, self.state = state, state.clone()
            self.done, self.undone = [], []
            self._roll()
            self.version += 1

    def save(self, seat: int | None = None) -> dict:
        """The position as ``apply`` prints it: everything, hidden parts too
        (a saved position is the whole game, to go on with later). Refused
        where it would show someone what the rules hide from them
        (``save_refusal``); ``seat``: the seat asking, if a seat asks."""
        with self.lock:
            if self.game is None:
                raise Refused("this game has no rules engine: a sandbox has no position to save")
            refusal = self.save_refusal(seat)
            if refusal is not None:
                raise refusal
            return self.state.to_json()

    def save_refusal(self, seat: int | None = None) -> Refused | None:
        """Why the whole position may not be given now, or None. A game with
        hidden information keeps it from whoever sits at the table: while
        two or more people share it (hot-seat) no one gets the save until the
        game is over; one person against agents keeps it (the agents read
        nothing), but another seat asking for it is refused."""
        with self.lock:
            if self.game is None or self.game.perfect_information or self.state.is_terminal():
                return None
            people = [p for p, kind in enumerate(self.seats) if kind == "person"]
            if len(people) > 1:
                return Refused(f"{' and '.join(self._name(p) for p in people)} share this table, and the "
                               "position holds what each may not see: it can be saved once the game is over "
                               "(or with one person against agents)", 409)
            if seat is not None:
                seat = self._seat(seat)
                if seat not in people:
                    owner = f"{self._name(people[0])}'s" if people else "no seat's"
                    return Refused(f"the position holds what {self._name(seat)} may not see: "
                                   f"it is {owner} to save", 403)
            return None

    def set_seats(self, seats, pace=None) -> None:
        """Who plays each seat (``seats`` None: as now) and, when given, the
        page's ``pace`` (ms before an agent's move); all checked before any changes."""
        with self.lock:
            seats = list(self.seats if seats is None else seats)
            if len(seats) != len(self.seats):
                raise Refused(f"{len(seats)} seats given; this game has {len(self.seats)} players")
            self._check_seats(seats)
            if pace is not None and (isinstance(pace, bool) or not isinstance(pace, (int, float))
                                     or not 0 <= pace <= MOST_PACE):
                raise Refused(f"pace is a number of milliseconds from 0 to {MOST_PACE}, not {pace!r}")
            self.seats = seats
            if pace is not None:
                self.pace = pace
            self.version += 1

    @staticmethod
    def _check_seats(seats) -> None:
        for seat in seats:
            if seat not in SEATS:
                raise Refused(f"no seat kind {seat!r}; seats are {', '.join(SEATS)}")

    # --- playing ----------------------------------------------------------------
    def _apply(self, action: int) -> None:
        state = self.state
        mover = None if state.is_chance_node() else state.current_player
        seen = tuple(state.action_seen_by(p, action) for p in range(self.game.num_players))
        seen += (state.action_seen_by(None, action),)
        state.apply(action)
        self.done.append(Record(action, mover, seen))

    def _roll(self) -> None:
        """Roll the dice wherever the game waits on them."""
        while self.state.is_chance_node():
            self._apply(draw_chance(self.state, self.rng))

    def _require_rules(self) -> None:
        if self.game is None:
            raise Refused("this game has no rules engine: it is a sandbox, where pieces move freely")

    def _seat(self, seat) -> int:
        count = len(self.seats)
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < count:
            raise Refused(f"seat {seat!r}: seats are 0 to {count - 1}")
        return seat

    def play(self, seat: int, text: str) -> str:
        """Play a move in notation for ``seat``; refused, with nothing changed, unless legal now."""
        with self.lock:
            self._require_rules()
            seat = self._seat(seat)
            if self.state.is_terminal():
                raise Refused("the game is over: no move is legal", 409)
            if self.state.current_player != seat:
                raise Refused(f"it is not {self._name(seat)}'s turn but {self._name(self.state.current_player)}'s",
                              409)
            if self.thinking is not None:
                raise Refused(f"{self._name(self.thinking)}'s agent is thinking", 409)
            if not isinstance(text, str):
                raise Refused("a move is given in the game's notation, as a string")
            try:
                action = self.state.string_to_action(text)
            except IllegalAction as exc:
                raise Refused(str(exc)) from None
            notation = self.state.action_to_string(action)
            self._apply(action)
            self.undone = []
            self._roll()
            self.version += 1
            return notation

    def think(self, agent_name: str | None = None):
        """Start an agent's move: (position to think on, agent, seat, version)."""
        from ..balance import agents

        with self.lock:
            self._require_rules()
            if self.state.is_terminal():
                raise Refused("the game is over: no move is legal", 409)
            if self.thinking is not None:
                raise Refused(f"{self._name(self.thinking)}'s agent is thinking already", 409)
            seat = self.state.current_player
            name = agent_name or self.seats[seat]
            if name not in agents.AGENTS:
                raise Refused(f"{self._name(seat)} is played by a person; ask for an agent by name "
                              f"({', '.join(agents.AGENTS)})", 409)
            agent = agents.make(name, agents.Judge(self.game))
            rng = random.Random(f"printkit-play:{self.seed}:{len(self.done)}")
            self.thinking = seat
            self.version += 1
            return self.state.clone(), agent, rng, seat, self.version

    def answer(self, seat: int, version: int, action: int | None) -> str | None:
        """An agent's choice made on the position of ``version``: played if nothing changed meanwhile."""
        with self.lock:
            self.thinking = None
            if action is None or version != self.version:
                self.version += 1
                return None
            self._apply(action)
            # As the table shows it to everyone: whoever asked, the agent's
            # hidden choices stay hidden (a face-hidden tile, a card's type).
            text = self.done[-1].seen[-1]
            self.undone = []
            self._roll()
            self.version += 1
            return text

    def undo(self, until_person: bool = False) -> None:
        with self.lock:
            if self.game is None:
                return self._sandbox_undo()
            if self.thinking is not None:
                raise Refused("an agent is thinking", 409)
            if not any(r.mover is not None for r in self.done):
                raise Refused("nothing to undo", 409)
            while True:
                while self.done and self.done[-1].mover is None:
                    self.undone.append(self.done.pop())
                if self.done:
                    self.undone.append(self.done.pop())
                self._replay()
                if not until_person or self._person_to_move() or not any(r.mover is not None for r in self.done):
                    break
            self.version += 1

    def redo(self, until_person: bool = False) -> None:
        with self.lock:
            if self.game is None:
                return self._sandbox_redo()
            if self.thinking is not None:
                raise Refused("an agent is thinking", 409)
            if not self.undone:
                raise Refused("nothing to redo", 409)
            while self.undone:
                self.done.append(self.undone.pop())
                while self.undone and self.undone[-1].mover is None:
                    self.done.append(self.undone.pop())
                if not until_person or self._person_to_move():
                    break
                self._replay()
            self._replay()
            self.version += 1

    def _replay(self) -> None:
        state = self.start.clone()
        for record in self.done:
            state.apply(record.action)
        self.state = state

    def _person_to_move(self) -> bool:
        player = self.state.current_player
        return 0 <= player < len(self.seats) and self.seats[player] == "person"

    # --- what a seat sees -------------------------------------------------------
    def _name(self, player: int) -> str:
        names = self.names()
        return names[player] if 0 <= player < len(names) else "nobody"

    def names(self) -> list[str]:
        if self.game is None:
            return [f"player {p + 1}" for p in range(len(self.seats))]
        return self.game.player_names()

    def result(self) -> str | None:
        """The result as the rules give it, in words; None while the game goes on."""
        state = self.state
        if state is None or not state.is_terminal():
            return None
        if state.unfinished:
            return "unfinished: the game reached its length limit (no winner)"
        returns = state.returns()
        best = max(returns)
        if len(set(returns)) == 1:
            return "a draw"
        winners = [self._name(p) for p, r in enumerate(returns) if r == best]
        return " and ".join(winners) + (" win" if len(winners) > 1 else " wins")

    def info(self) -> dict:
        with self.lock:
            spec = self.loaded.spec
            variants = [v for v in (spec.get("variants") or {}) if v != "default"]
            count = len(self.seats)
            refused = self.save_refusal() if self.game is not None else None
            return {"game": spec.game, "id": spec.id, "title": spec.get("title", spec.id),
                    "spec": specs.display_path(spec.path), "sandbox": self.game is None,
                    "players": self.names(), "seats": list(self.seats), "seat_kinds": list(SEATS),
                    "variant": getattr(self.game, "variant", None) if self.game else None,
                    "variants": variants, "colours": self.colours(),
                    "hidden_information": bool(self.game and not self.game.perfect_information),
                    "save_refused": refused and str(refused),
                    "player_counts": _player_counts(spec, count), "version": self.version,
                    "spec_version": self.spec_version, "pace": self.pace,
                    "problem": self.problem}

    def colours(self) -> list[str]:
        """Each player's colour as the spec gives it (hex), for the page's seat labels:
        a list of colours in seat order, or a mapping whose keys name the players."""
        colours = self.loaded.spec.get("colors") or {}
        names = [n.split(" (")[0].casefold() for n in self.names()]
        if isinstance(colours, dict):
            by_name = {str(k).casefold(): v for k, v in colours.items()}
            found = [by_name.get(n) for n in names]
        else:  # by name where they have names (two of four colours may play), else in order
            by_name = {str(c.get("name")).casefold(): c for c in colours if isinstance(c, dict)}
            found = [by_name.get(n, colours[i] if i < len(colours) else None) for i, n in enumerate(names)]
        out = []
        for c in found:
            if isinstance(c, dict):
                c = c.get("hex")
            out.append(c if isinstance(c, str) and c.startswith("#") else "#888888")
        return out + ["#888888"] * (len(names) - len(out))

    def board(self) -> dict:
        with self.lock:
            board = self.loaded.board
            return {"width": board.width, "height": board.height,
                    "svg": artsvg.document(board.items, board.width, board.height),
                    "cells": [{"name": c.name, "center": list(c.center), "outline": [list(p) for p in c.outline]}
                              for c in board.cells],
                    "zones": [{"name": z.name, "label": z.label, "owner": z.owner} for z in board.zones],
                    "version": self.version}

    def view(self, seat: int) -> dict:
        """The position as ``seat`` sees it: its pieces and observation, the
        move list in its eyes; nothing of what is hidden from it."""
        with self.lock:
            seat = self._seat(seat)
            base = {"version": self.version, "seat": seat, "seats": list(self.seats), "problem": self.problem,
                    "thinking": self.thinking}
            if self.game is None:
                return base | {"sandbox": True, "pieces": [_piece_json(p, self._art_key(p)) for p in self.sandbox],
                               "rolls": self.rolls[-1:], "history": [f"rolled {r}" for r in self.rolls],
                               "to_move": None, "over": False, "result": None, "observation": None,
                               "can_undo": bool(self.sandbox_done), "can_redo": bool(self.sandbox_undone)}
            state = self.state
            pieces = self.loaded.table.pieces(self.loaded.spec, state, seat)
            rolls = []
            for record in reversed(self.done):
                if record.mover is not None:
                    break
                rolls.insert(0, record.seen[seat])
            history = [{"move": r.seen[seat], "by": None if r.mover is None else self._name(r.mover),
                        "player": r.mover} for r in self.done]
            to_move = state.current_player if state.current_player >= 0 else None
            return base | {"sandbox": False,
                           "pieces": [_piece_json(dataclasses.asdict(p), self._art_key(dataclasses.asdict(p)))
                                      for p in pieces],
                           "observation": state.observation(seat), "to_move": to_move,
                           "over": state.is_terminal(), "result": self.result(),
                           "returns": state.returns() if state.is_terminal() else None,
                           "rolls": rolls, "history": history,
                           "can_undo": any(r.mover is not None for r in self.done), "can_redo": bool(self.undone)}

    def moves(self, seat: int) -> dict:
        """The legal moves of ``seat`` (none unless it is its turn), with the cells each touches."""
        with self.lock:
            seat = self._seat(seat)
            if self.game is None:
                return {"version": self.version, "moves": [], "to_move": None}
            state = self.state
            if state.current_player != seat or self.thinking is not None:
                return {"version": self.version, "moves": [],
                        "to_move": state.current_player if state.current_player >= 0 else None}
            touches = self.loaded.table.touches
            return {"version": self.version, "to_move": seat,
                    "moves": [{"move": state.action_to_string(a), "touches": list(touches(self.loaded.spec, state, a))}
                              for a in state.legal_actions()]}

    # --- the pieces as the kit prints them -------------------------------------
    def _art_key(self, piece: dict) -> str:
        side = "back" if piece["hidden"] else piece["name"]
        key = f"{piece['kind']}|{'' if piece['owner'] is None else piece['owner']}|{side}"
        face = (piece.get("meta") or {}).get("face")
        if face and not piece["hidden"]:  # a hidden piece's face may be what is hidden
            key += f"|{int(face['index'])}|{int(face.get('turn', 0)) % 360}"
        return key

    def art(self, key: str) -> dict | None:
        """The printed art of the part behind an art key: {svg, width, height}, or None.
        What shows of a part is what a virtual table shows of it (its front,
        ``printkit.writers.tts.piece_faces``), or the face the piece names."""
        from ..writers.tts import piece_faces

        with self.lock:
            kind, _, rest = key.partition("|")
            owner, _, rest = rest.partition("|")
            side, _, face = rest.partition("|")
            candidates = [p for p in self.loaded.parts if p.kind == kind]
            if not candidates:
                return None
            if owner:
                names = self.names()
                colour = names[int(owner)].split(" (")[0] if owner.isdecimal() and int(owner) < len(names) else ""
                own = [p for p in candidates if p.meta.get("color") == colour or f"({colour})" in p.name]
                candidates = own or candidates
            if side == "back":  # the same for every piece of the kind and owner: it tells nothing
                backs = [p for p in candidates if p.back]
                if backs:
                    part = backs[0]
                    return {"svg": artsvg.document(part.back, part.width, part.height),
                            "width": part.width, "height": part.height}
                # A back printed beside the front on the part (a folded card): that face.
                faces = piece_faces(candidates[0])[0]
                if not any(where is not None for _, back, where in candidates[0].faces if back == "back") \
                        or len(faces) < 2:
                    return None
                return _drawn(list(faces[1].items), faces[1].width, faces[1].height, framed=True)
            named = [p for p in candidates if p.name.casefold().startswith(side.casefold())]
            if face:
                return _face_art(named or candidates, face)
            part = (named or candidates)[0]
            if part.pieces > 1:  # a sheet of many (a sheet of tiles): no one piece's picture
                return None
            front = piece_faces(part)[0][0]
            if part.table == "die":  # no face named: not rolled, so no number shows, the whole die does
                return _drawn(list(part.items), part.width, part.height)
            if abs(front.width - part.width) > 1e-6 or abs(front.height - part.height) > 1e-6:
                # One face of a net or a sheet (a stand-up's front, a die's face), framed as cut out.
                return _drawn(list(front.items), front.width, front.height, framed=True)
            return _drawn(list(part.items), part.width, part.height)  # the part as cut, its outline too

    # --- a sandbox: a game without a rules engine -------------------------------
    def place(self, index: int, where: str | None = None, x: float | None = None, y: float | None = None) -> None:
        with self.lock:
            if self.game is not None:
                raise Refused("pieces move by the rules here: play a move in notation", 409)
            if isinstance(index, bool) or not isinstance(index, int) or not 0 <= index < len(self.sandbox):
                raise Refused(f"no piece {index!r}: pieces are 0 to {len(self.sandbox) - 1}")
            known = {c.name for c in self.loaded.board.cells} | {z.name for z in self.loaded.board.zones}
            if where is not None and where not in known:
                raise Refused(f"no cell or zone {where!r} on this board")
            self.sandbox_done.append(copy.deepcopy(self.sandbox))
            self.sandbox_undone = []
            piece = self.sandbox[index]
            piece["where"] = where or ""
            piece.setdefault("meta", {})
            piece["meta"] = dict(piece["meta"])
            if where is None:
                piece["meta"]["at"] = [float(x or 0), float(y or 0)]
            else:
                piece["meta"].pop("at", None)
            self.version += 1

    def roll(self) -> int:
        with self.lock:
            if self.game is not None:
                raise Refused("the rules roll the dice here, when a move calls for them", 409)
            value = self.rng.randint(1, DIE_FACES)
            self.sandbox_done.append(copy.deepcopy(self.sandbox))
            self.rolls.append(value)
            self.version += 1
            return value

    def _sandbox_undo(self) -> None:
        if not self.sandbox_done:
            raise Refused("nothing to undo", 409)
        self.sandbox_undone.append(copy.deepcopy(self.sandbox))
        self.sandbox = self.sandbox_done.pop()
        self.version += 1

    def _sandbox_redo(self) -> None:
        if not self.sandbox_undone:
            raise Refused("nothing to redo", 409)
        self.sandbox_done.append(copy.deepcopy(self.sandbox))
        self.sandbox = self.sandbox_undone.pop()
        self.version += 1


def _face_art(parts, face: str) -> dict | None:
    """The art of one face ("index|turn", ``printkit.table``) of the parts:
    cut out as a virtual table cuts it, on its paper inside its cut line,
    turned counter-clockwise by ``turn`` degrees."""
    from ..parts.core import transform
    from ..writers.tts import piece_faces

    index, _, turn = face.partition("|")
    if not (index.isdecimal() and turn.isdecimal() and int(turn) % 90 == 0):
        return None
    faces = [f for part in parts for piece in piece_faces(part) for f in piece]
    if int(index) >= len(faces):
        return None
    cut = faces[int(index)]
    w, h = cut.width, cut.height
    items = _framed(list(cut.items), w, h)
    turns = int(turn) // 90 % 4
    # Turned about the origin, then moved back into the frame of the turned face.
    shift = {0: (0.0, 0.0), 1: (h, 0.0), 2: (w, h), 3: (0.0, w)}[turns]
    items = [transform(i, rotate=90 * turns, dx=shift[0], dy=shift[1]) for i in items]
    if turns % 2:
        w, h = h, w
    return _drawn(items, w, h)


def _framed(items: list, w: float, h: float) -> list:
    """A face cut out of its part, on its paper inside its cut line (a virtual table leaves both out)."""
    from ..parts.core import CUT, Fill, Line, rect

    return [Fill(rect(0.0, 0.0, w, h), "#FFFFFF"), *items, Line(rect(0.0, 0.0, w, h), role=CUT, closed=True)]


def _drawn(items: list, w: float, h: float, framed: bool = False) -> dict:
    if framed:
        items = _framed(items, w, h)
    return {"svg": artsvg.document(items, w, h), "width": w, "height": h}


def _piece_json(piece: dict, art: str) -> dict:
    out = {k: piece[k] for k in ("name", "where", "owner", "kind", "count", "label", "hidden")}
    out["meta"] = piece.get("meta") or {}
    out["art"] = art
    return out


def _player_counts(spec, default: int) -> list[int]:
    players = spec.get("players") or {}
    low, high = players.get("min", default), players.get("max", default)
    return list(range(low, high + 1)) if isinstance(low, int) and isinstance(high, int) else [default]
