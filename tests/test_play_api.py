"""The live table's HTTP/JSON API (printkit play, docs/play.md), driven as
the page drives it, through Starlette's TestClient: illegal moves, foreign
hosts and origins, hidden information, undo and redo, save and load, live
edits of the spec.

The games are those whose table stage has landed (``printkit.table``)."""

from __future__ import annotations

import contextlib
import json
import random
import re
import shutil
import subprocess
import sys

import pytest
from click.testing import CliRunner
from starlette.testclient import TestClient

from printkit import games
from printkit import table as tables
from printkit.cli import main
from printkit.play import session as sessions
from printkit.play.app import create_app
from printkit.rules import IllegalAction
from printkit.play.session import Session

PORT = 8765
BASE = f"http://127.0.0.1:{PORT}"
GAMES = [g for g in ("mckinney", "phoenix", "tiles", "playground", "lam") if tables.stage(g) is not None]
HIDDEN = [g for g in GAMES if not games.stage(g, "rules").Game.perfect_information]


_running: list[contextlib.ExitStack] = []  # the clients started for the test that runs


@pytest.fixture(autouse=True)
def _clients_stopped():
    """The clients a test started stop when it ends."""
    with contextlib.ExitStack() as stack:
        _running.append(stack)
        try:
            yield
        finally:
            _running.remove(stack)


def client_for(session: Session, watch: bool = False) -> TestClient:
    """A client of the table's app. Without the watch it is started here (its
    event loop runs until the test ends, rather than a new one for each
    request); with it, the test starts it (``with``) where the watch must run."""
    client = TestClient(create_app(session, PORT, watch=watch), base_url=BASE)
    if not watch and _running:
        _running[-1].enter_context(client)
    return client


@pytest.fixture(scope="module", params=GAMES)
def table(request):
    session = Session(request.param)
    with TestClient(create_app(session, PORT), base_url=BASE) as client:
        yield session, client


def _solo(session) -> list[str]:
    """One person against agents: the save is that person's (a game with
    hidden information keeps it from a table several people share)."""
    return ["person"] + ["random"] * (len(session.seats) - 1)


def _person_move(client, session):
    """The seat to move and a legal move of it, read from the API."""
    seat = session.state.current_player
    moves = client.get("/api/moves", params={"seat": seat}).json()["moves"]
    return seat, moves


def test_board_has_cells_art_and_zones(table):
    session, client = table
    board = client.get("/api/board").json()
    assert board["width"] > 50 and board["height"] > 50  # millimetres: a board, not a counter
    assert board["svg"].startswith("<svg") and f'viewBox="0 0 {board["width"]:g}' in board["svg"]
    names = [c["name"] for c in board["cells"]]
    assert len(names) == len(set(names)) > 0
    for cell in board["cells"]:
        xs = [p[0] for p in cell["outline"]]
        ys = [p[1] for p in cell["outline"]]
        # each centre inside its outline's box, inside the board
        assert min(xs) <= cell["center"][0] <= max(xs) and min(ys) <= cell["center"][1] <= max(ys)
        assert 0 <= min(xs) and max(xs) <= board["width"] + 1e-6


def test_moves_touch_known_cells_and_play_by_notation(table):
    session, client = table
    client.post("/api/new", json={"seats": ["person"] * len(session.seats)})
    seat, moves = _person_move(client, session)
    assert moves, "the set-up has a legal move"
    board = client.get("/api/board").json()
    places = {c["name"] for c in board["cells"]} | {z["name"] for z in board["zones"]}
    for move in moves:
        assert set(move["touches"]) <= places, move
    before = client.get("/api/position", params={"seat": seat}).json()
    played = client.post("/api/move", json={"seat": seat, "move": moves[0]["move"]})
    assert played.status_code == 200 and played.json()["played"] == moves[0]["move"]
    after = client.get("/api/position", params={"seat": seat}).json()
    assert after["version"] > before["version"]
    assert [h["move"] for h in after["history"] if h["player"] is not None][-1] == moves[0]["move"]


def test_illegal_move_is_refused_and_nothing_changes(table):
    session, client = table
    client.post("/api/new", json={"seats": _solo(session)})
    seat = session.state.current_player
    saved = client.get("/api/save").text
    view = client.get("/api/position", params={"seat": seat}).json()
    answer = client.post("/api/move", json={"seat": seat, "move": "no such move"})
    assert answer.status_code == 400
    with pytest.raises(IllegalAction) as engine:  # the engine's own words, whatever the game
        session.state.string_to_action("no such move")
    assert answer.json() == {"error": str(engine.value)} and "'no such move'" in str(engine.value)
    other = (seat + 1) % len(session.seats)
    legal = _person_move(client, session)[1][0]["move"]
    wrong_seat = client.post("/api/move", json={"seat": other, "move": legal})
    assert wrong_seat.status_code == 409 and "turn" in wrong_seat.json()["error"]
    assert client.post("/api/move", json={"seat": 99, "move": legal}).status_code == 400
    assert client.post("/api/move", content=b"{not json").status_code == 400
    assert client.get("/api/save").text == saved
    assert client.get("/api/position", params={"seat": seat}).json() == view


def test_undo_and_redo_give_back_exact_positions(table):
    session, client = table
    client.post("/api/new", json={"seats": _solo(session)})
    rng = random.Random(7)
    positions = [client.get("/api/save").json()]
    for _ in range(8):
        seat, moves = _person_move(client, session)
        if not moves:
            break
        assert client.post("/api/move", json={"seat": seat, "move": rng.choice(moves)["move"]}).status_code == 200
        positions.append(client.get("/api/save").json())
    for expected in reversed(positions[:-1]):
        assert client.post("/api/undo", json={}).status_code == 200
        assert client.get("/api/save").json() == expected
    nothing = client.post("/api/undo", json={})
    assert nothing.status_code == 409 and nothing.json()["error"] == "nothing to undo"
    for expected in positions[1:]:
        assert client.post("/api/redo", json={}).status_code == 200
        assert client.get("/api/save").json() == expected
    assert client.post("/api/redo", json={}).status_code == 409


def test_save_and_load_round_trip(table, tmp_path):
    session, client = table
    client.post("/api/new", json={"seats": _solo(session)})
    rng = random.Random(3)
    for _ in range(5):
        seat, moves = _person_move(client, session)
        client.post("/api/move", json={"seat": seat, "move": rng.choice(moves)["move"]})
    saved = client.get("/api/save")
    assert saved.headers["content-disposition"].startswith("attachment")
    seat = session.state.current_player
    moves_before = client.get("/api/moves", params={"seat": seat}).json()["moves"]
    # The saved file is what `printkit moves` reads: the same moves, in the same notation.
    path = tmp_path / "position.json"
    path.write_text(saved.text)
    listed = CliRunner().invoke(main, ["moves", session.loaded.spec.game, "--position", str(path)])
    assert listed.exit_code == 0, listed.output
    assert listed.stdout.split("\n")[:-1] == [m["move"] for m in moves_before]
    client.post("/api/new", json={})
    assert client.get("/api/save").text != saved.text
    assert client.post("/api/load", content=saved.text).status_code == 200
    assert client.get("/api/save").text == saved.text
    assert client.get("/api/moves", params={"seat": seat}).json()["moves"] == moves_before


def test_a_malformed_position_is_refused_at_its_line(table):
    session, client = table
    client.post("/api/new", json={"seats": _solo(session)})
    saved = client.get("/api/save").text
    answer = client.post("/api/load", content=b'{\n "game": \n}')
    assert answer.status_code == 400
    assert answer.json()["error"].startswith("position:3:1: malformed position JSON")
    assert client.get("/api/save").text == saved


def test_agents_answer_and_a_person_seat_has_none(table):
    session, client = table
    count = len(session.seats)
    client.post("/api/new", json={"seats": ["greedy"] + ["person"] * (count - 1)})
    if session.state.current_player != 0:
        refused = client.post("/api/agent", json={})
        assert refused.status_code == 409 and "person" in refused.json()["error"]
        seat, moves = _person_move(client, session)
        client.post("/api/move", json={"seat": seat, "move": moves[0]["move"]})
    while session.state.current_player != 0:  # the other seats, people here, play on
        seat, moves = _person_move(client, session)
        client.post("/api/move", json={"seat": seat, "move": moves[0]["move"]})
    legal = [m["move"] for m in client.get("/api/moves", params={"seat": 0}).json()["moves"]]
    answer = client.post("/api/agent", json={})
    assert answer.status_code == 200 and answer.json()["seat"] == 0
    record = next(r for r in reversed(session.done) if r.mover == 0)
    assert record.seen[0] in legal and answer.json()["played"] == record.seen[-1]
    assert session.thinking is None
    # A person's seat plays by an agent only when one is named.
    if session.state.current_player > 0:
        named = client.post("/api/agent", json={"agent": "random"})
        assert named.status_code == 200


def test_the_pace_before_an_agents_move_is_the_tables():
    """The page waits ``pace`` ms before each agent's move (250 unless set):
    set with the seats or alone, kept through a new game, refused out of
    range with nothing changed."""
    session = Session(GAMES[0])
    client = client_for(session)
    info = client.get("/api/game").json()
    assert info["pace"] == 250
    count = len(info["seats"])
    for bad in (-1, 60_001, "fast", True, [250]):
        refused = client.post("/api/seats", json={"pace": bad})
        assert refused.status_code == 400 and "pace is a number of milliseconds" in refused.json()["error"], bad
    refused = client.post("/api/seats", json={"seats": ["nobody"] * count, "pace": 1000})
    assert refused.status_code == 400 and "nobody" in refused.json()["error"]
    assert client.get("/api/game").json() == info  # nothing changed
    assert client.post("/api/seats", json={"pace": 1000}).status_code == 200
    after = client.get("/api/game").json()
    assert after["pace"] == 1000 and after["seats"] == info["seats"]
    client.post("/api/new", json={"seats": ["greedy"] * count})
    assert client.get("/api/game").json()["pace"] == 1000
    assert client.post("/api/seats", json={"seats": ["person"] * count, "pace": 0}).status_code == 200
    after = client.get("/api/game").json()
    assert after["pace"] == 0 and after["seats"] == ["person"] * count
    assert client.post("/api/seats", json={}).status_code == 400  # neither seats nor pace


def test_foreign_host_and_origin_are_refused(table):
    session, client = table
    assert client.get("/api/game").status_code == 200
    assert client.get("/api/game", headers={"Origin": BASE}).status_code == 200
    assert TestClient(create_app(session, PORT), base_url=f"http://localhost:{PORT}").get("/").status_code == 200
    for host in ("evil.example", f"evil.example:{PORT}", "127.0.0.1", f"127.0.0.1:{PORT + 1}", "localhost"):
        answer = client.get("/api/game", headers={"Host": host})
        assert answer.status_code == 403, host
        assert "refused" in answer.text and "playground" not in answer.text
    for origin in ("http://evil.example", f"http://127.0.0.1:{PORT + 1}", "null", f"https://127.0.0.1:{PORT}"):
        assert client.post("/api/undo", json={}, headers={"Origin": origin}).status_code == 403, origin
        assert client.get("/api/save", headers={"Origin": origin}).status_code == 403, origin
    from starlette.websockets import WebSocketDisconnect

    with pytest.raises(WebSocketDisconnect):
        with client.websocket_connect(f"ws://127.0.0.1:{PORT}/api/events", headers={"Origin": "http://evil.example"}) as socket:
            socket.receive_json()
    with client.websocket_connect(f"ws://127.0.0.1:{PORT}/api/events", headers={"Origin": BASE}) as socket:
        assert socket.receive_json()["version"] == session.version


@pytest.mark.parametrize("path", ["/assets/../app.py", "/assets/..%2fapp.py", "/assets/%2e%2e%2fsession.py",
                                  "/assets/..%2f..%2fspec.py", "/assets/__init__.py", "/assets/",
                                  "/assets/%2fetc%2fpasswd", "/../../etc/passwd", "/api/sheets/0.png",
                                  "/specs/playground.yaml"])
def test_nothing_outside_the_kit_is_served(table, path):
    session, client = table
    answer = client.get(path)
    assert answer.status_code == 404, path
    assert "import" not in answer.text and "root:" not in answer.text


def test_page_and_assets_are_served_from_the_package(table):
    session, client = table
    page = client.get("/")
    assert page.status_code == 200 and '<script src="/assets/table.js">' in page.text
    for name, kind in (("table.js", "javascript"), ("table.css", "css")):
        answer = client.get(f"/assets/{name}")
        assert answer.status_code == 200 and kind in answer.headers["content-type"]
    # Nothing is fetched from anywhere but this server.
    for name in ("index.html", "sheets.html", "table.js", "table.css"):
        text = client.get(f"/assets/{name}").text.replace("http://www.w3.org/2000/svg", "")  # a name, not a fetch
        assert "http:" not in text and "https:" not in text and "//cdn" not in text, name
        assert all(link.startswith("/") for link in re.findall(r'(?:src|href)="([^"]+)"', text)), name


@pytest.mark.parametrize("game", HIDDEN)
def test_no_response_to_a_seat_holds_what_it_may_not_see(game):
    """Each seat's position, moves and move list are the same whatever the
    hidden part is: the state is swapped for ``hidden_variant(seat)`` (the
    engine's own "differs only in what this player cannot see") and every
    response to that seat compared."""
    session = Session(game)
    client = client_for(session)
    rng = random.Random(11)
    checked = 0
    for step in range(60):
        if session.state.is_terminal():
            break
        for seat in range(len(session.seats)):
            truth = [client.get(p, params={"seat": seat}).json() for p in ("/api/position", "/api/moves")]
            other = session.state.hidden_variant(seat, random.Random(step))
            if other is None or other.to_json() == session.state.to_json():
                continue  # nothing hidden from this seat here
            real = session.state
            session.state = other
            try:
                swapped = [client.get(p, params={"seat": seat}).json() for p in ("/api/position", "/api/moves")]
            finally:
                session.state = real
            assert swapped == truth, (game, step, seat)
            checked += 1
            hidden = [p for p in truth[0]["pieces"] if p["hidden"]]
            assert all(p["art"].endswith("|back") for p in hidden)
        seat, moves = _person_move(client, session)
        client.post("/api/move", json={"seat": seat, "move": rng.choice(moves)["move"]})
    assert checked >= 8  # positions where something was hidden from the seat asked


def _copied_spec(tmp_path):
    """A bundled spec copied where a test may edit it, and a table for it."""
    game = GAMES[0]
    path = tmp_path / f"{game}.yaml"
    shutil.copy(games.FOLDER.parent.parent / "specs" / f"{game}.yaml", path)
    return path, Session(str(path))


def test_a_spec_with_a_problem_shows_it_and_comes_back(tmp_path):
    path, session = _copied_spec(tmp_path)
    client = client_for(session)
    good = path.read_text()
    spec_version = session.spec_version
    path.write_text(good.replace("game:", "game: [", 1))
    session.reload()
    info = client.get("/api/game").json()
    assert info["problem"].startswith(f"{path}:") and info["problem"].split(":")[1].isdecimal()
    assert client.get("/api/position", params={"seat": 0}).json()["problem"] == info["problem"]
    path.write_text(good)
    session.reload()
    assert client.get("/api/game").json()["problem"] is None
    assert session.spec_version > spec_version


def test_saving_the_spec_pushes_a_reload(tmp_path):
    """The watch on the spec file, through the app's own life: a save is
    pushed to the page over the websocket, as a new spec version."""
    path, session = _copied_spec(tmp_path)
    with client_for(session, watch=True) as client:
        with client.websocket_connect(f"ws://127.0.0.1:{PORT}/api/events") as socket:
            first = socket.receive_json()
            import time

            time.sleep(0.3)  # the watch starts with the app; a write before it would go unseen
            path.write_text(path.read_text() + "\n# saved again\n")
            pushed = socket.receive_json()
            assert pushed["spec_version"] == first["spec_version"] + 1 and pushed["problem"] is None


def test_a_game_without_rules_is_a_sandbox(monkeypatch):
    game = GAMES[0]
    real = games.optional_stage
    monkeypatch.setattr(sessions.games, "optional_stage",
                        lambda g, name: None if name == "rules" else real(g, name))
    monkeypatch.setattr(sessions.tables, "stage", lambda g: _SetupTable(real(g, "table")))
    session = Session(game)
    client = client_for(session)
    info = client.get("/api/game").json()
    assert info["sandbox"] is True
    view = client.get("/api/position", params={"seat": 0}).json()
    assert view["sandbox"] and view["pieces"]
    cell = client.get("/api/board").json()["cells"][5]["name"]
    assert client.post("/api/place", json={"piece": 0, "where": cell}).status_code == 200
    assert client.get("/api/position", params={"seat": 0}).json()["pieces"][0]["where"] == cell
    assert client.post("/api/place", json={"piece": 0, "at": [12.5, 30.0]}).status_code == 200
    assert client.get("/api/position", params={"seat": 0}).json()["pieces"][0]["meta"]["at"] == [12.5, 30.0]
    assert client.post("/api/place", json={"piece": 0, "where": "nowhere"}).status_code == 400
    rolls = [client.post("/api/roll").json()["roll"] for _ in range(30)]
    assert set(rolls) <= set(range(1, 7)) and len(set(rolls)) > 1
    assert client.post("/api/undo", json={}).status_code == 200
    assert client.post("/api/move", json={"seat": 0, "move": "x"}).status_code == 400
    assert client.get("/api/save").status_code == 400


class _SetupTable:
    """A game's table stage whose ``pieces`` takes no state, as a sandbox's does."""

    def __init__(self, stage):
        self.stage = stage
        self.board = stage.board
        self.touches = stage.touches

    def pieces(self, spec, state, player):
        rules = games.stage(spec.game, "rules")
        return self.stage.pieces(spec, rules.Game(spec).initial_state(), None)


def test_play_refuses_bad_input_in_one_line(tmp_path):
    """A bad spec, a missing file, a port taken: one line, exit code 2, no traceback, no server."""
    import socket

    bad = tmp_path / "bad.yaml"
    bad.write_text("game: playground\nboard: [\n")
    taken = socket.socket()
    taken.bind(("127.0.0.1", 0))
    taken.listen(1)
    port = taken.getsockname()[1]
    try:
        cases = {(str(bad),): f"{bad}:3:", (str(tmp_path / "none.yaml"),): "printkit: ",
                 ("playground", "--port", str(port)): f"printkit: --port {port}: the port is in use"}
        for args, start in cases.items():
            done = subprocess.run([sys.executable, "-m", "printkit", "play", *args, "--no-browser"],
                                  capture_output=True, text=True, timeout=60)
            assert done.returncode == 2, args
            assert done.stdout == "" and done.stderr.startswith(start), (args, done.stderr)
            assert len(done.stderr.strip().splitlines()) == 1 and "Traceback" not in done.stderr
    finally:
        taken.close()


@pytest.mark.parametrize("stop, code, said, pace", [("SIGINT", 130, "printkit: interrupted", None),
                                                    ("SIGTERM", 143, "printkit: terminated", 1000)])
def test_a_stop_ends_the_server_cleanly(stop, code, said, pace):
    """Ctrl-C (or a stop signal) with a page connected: the server closes
    the page's connection and exits as every printkit command stopped that way.
    The table it served kept the pace --pace gave it (250 ms unless given)."""
    import signal
    import urllib.request

    from websockets.sync.client import connect

    server = subprocess.Popen([sys.executable, "-m", "printkit", "play", GAMES[0], "--no-browser",
                               *(["--pace", str(pace)] if pace is not None else [])],
                              stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        address = server.stdout.readline().strip()
        assert re.fullmatch(r"http://127\.0\.0\.1:\d+/", address), address
        with urllib.request.urlopen(address + "api/game", timeout=30) as answer:
            info = json.loads(answer.read())
        assert info["pace"] == (250 if pace is None else pace)
        with connect(address.replace("http:", "ws:") + "api/events") as socket:
            assert json.loads(socket.recv(timeout=30))["version"] == info["version"]
            server.send_signal(getattr(signal, stop))
            assert server.wait(timeout=30) == code
    finally:
        if server.poll() is None:
            server.kill()
    assert server.stderr.read() == said + "\n" and server.stdout.read() == ""


@pytest.mark.parametrize("game", GAMES)
def test_each_seat_shows_its_players_colour(game):
    """The seat's swatch is the colour the spec gives that player, by name:
    with two of McKinney's four colours playing, the second is the one named."""
    from printkit import spec as specs

    colours = specs.load(game).get("colors")
    counts = sorted({2, Session(game).game.num_players})
    for players in counts:
        session = Session(game, players=players)
        info = client_for(session).get("/api/game").json()
        assert len(info["colours"]) == len(info["players"]) == players
        for name, shown in zip(info["players"], info["colours"]):
            key = name.split(" (")[0].casefold()
            if isinstance(colours, dict):
                expected = {str(k).casefold(): v for k, v in colours.items()}[key]
            else:
                expected = next(c["hex"] for c in colours if c["name"].casefold() == key)
            assert shown == expected, (game, players, name)


def test_every_asset_ships_in_the_wheel_and_is_served():
    """The page's files are package data of the wheel, and the server's list
    of what it serves is exactly them (nothing else can be asked for)."""
    import fnmatch
    import tomllib

    from printkit.play import app

    root = games.FOLDER.parent.parent
    config = tomllib.loads((root / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["setuptools"]
    patterns = config["package-data"]["printkit.play.assets"]
    assert "printkit.play.assets" in config["packages"]
    files = {p.name for p in (root / "printkit" / "play" / "assets").iterdir() if p.is_file()}
    assert files == set(app.ASSETS)
    assert all(any(fnmatch.fnmatch(name, pattern) for pattern in patterns) for name in files)


def _by_prefix(moves: list[dict]) -> dict[tuple, list[dict]]:
    """The moves whose places clicked in order begin with each sequence of places, in their order."""
    out: dict[tuple, list[dict]] = {}
    for m in moves:
        touches = tuple(m["touches"])
        for k in range(1, len(touches) + 1):
            out.setdefault(touches[:k], []).append(m)
    return out


def _clicks_play(moves: list[dict], move: dict, by_prefix: dict[tuple, list[dict]] | None = None) -> bool:
    """Whether clicking ``move``'s places in order plays it, as the page's
    ``clicked`` does: a click extends the places clicked so far (or starts
    again); when no longer move goes on from them, the one move they
    complete is played, or a menu offers every move they complete.
    ``by_prefix``: ``_by_prefix(moves)``, when several moves of one position are tried."""
    if by_prefix is None:
        by_prefix = _by_prefix(moves)
    prefix: list[str] = []
    for name in move["touches"]:
        tried = prefix + [name]
        found = by_prefix.get(tuple(tried), [])
        if not found:
            tried = [name]
            found = by_prefix.get((name,), [])
        complete = [m for m in found if len(m["touches"]) == len(tried)]
        further = [m for m in found if len(m["touches"]) > len(tried)]
        if not further:
            return move in complete  # played at once, or chosen from the menu
        if move in complete:
            return True  # offered in the menu while longer moves stay lit
        prefix = tried
    return False


@pytest.mark.parametrize("game", GAMES)
def test_every_legal_move_is_played_by_clicks(game):
    """"Every game's special moves are reachable by pointing and clicking"
    (issue 43): along seeded random games, each legal move of the seat to
    move is played by clicking the places it touches, a menu where moves
    share them."""
    session = Session(game)
    client = client_for(session)
    board = client.get("/api/board").json()
    places = {c["name"] for c in board["cells"]} | {z["name"] for z in board["zones"]}
    rng = random.Random(5)
    seen = 0
    for _ in range(2):
        client.post("/api/new", json={})
        for _ in range(120):
            if session.state.is_terminal():
                break
            seat, moves = _person_move(client, session)
            by_prefix = _by_prefix(moves)
            for move in moves:
                assert move["touches"] and set(move["touches"]) <= places, move
                assert _clicks_play(moves, move, by_prefix), move
            seen += len(moves)
            client.post("/api/move", json={"seat": seat, "move": rng.choice(moves)["move"]})
    assert seen > 100


def test_the_table_answers_while_an_agent_thinks(monkeypatch):
    """The agent thinks off the event loop: while it does, the position is
    served (saying who thinks), a move is refused and nothing changes; then
    its move is played."""
    import threading

    from printkit.balance import agents

    session = Session(GAMES[0])
    client = client_for(session)
    seat = session.state.current_player
    client.post("/api/seats", json={"seats": ["greedy" if s == seat else "person" for s in range(len(session.seats))]})
    thinking, release = threading.Event(), threading.Event()
    choose = agents.GreedyAgent.choose

    def slow(self, state, rng):
        thinking.set()
        assert release.wait(30)
        return choose(self, state, rng)

    monkeypatch.setattr(agents.GreedyAgent, "choose", slow)
    answer = {}
    asking = threading.Thread(target=lambda: answer.update(reply=client.post("/api/agent", json={})))
    asking.start()
    try:
        assert thinking.wait(30)
        saved = client.get("/api/save").text
        view = client.get("/api/position", params={"seat": seat}).json()
        assert view["thinking"] == seat
        assert client.get("/api/moves", params={"seat": seat}).json()["moves"] == []
        legal = session.state.action_to_string(session.state.legal_actions()[0])
        refused = client.post("/api/move", json={"seat": seat, "move": legal})
        assert refused.status_code == 409 and "thinking" in refused.json()["error"]
        assert client.post("/api/agent", json={}).status_code == 409
        assert client.get("/api/save").text == saved
    finally:
        release.set()
        asking.join(30)
    assert answer["reply"].status_code == 200 and answer["reply"].json()["seat"] == seat
    assert client.get("/api/position", params={"seat": seat}).json()["thinking"] is None


def test_an_edit_the_rules_take_keeps_the_game_going(tmp_path):
    path, session = _copied_spec(tmp_path)
    client = client_for(session)
    rng = random.Random(2)
    for _ in range(4):
        seat, moves = _person_move(client, session)
        client.post("/api/move", json={"seat": seat, "move": rng.choice(moves)["move"]})
    saved = client.get("/api/save").json()
    history = client.get("/api/position", params={"seat": 0}).json()["history"]
    text = path.read_text()
    path.write_text(re.sub(r"^title: .*$", 'title: "Edited"', text, count=1, flags=re.M))
    session.reload()
    assert client.get("/api/game").json()["title"] == "Edited"
    assert client.get("/api/save").json() == saved
    assert client.get("/api/position", params={"seat": 0}).json()["history"] == history
    # A problem leaves the last sound spec behind it; fixed, the game is still there.
    path.write_text(text.replace("game:", "game: [", 1))
    session.reload()
    assert client.get("/api/game").json()["problem"]
    path.write_text(text)
    session.reload()
    assert client.get("/api/save").json() == saved


@pytest.mark.parametrize("required, outcome", [("1", "1 error"), ("", "1 skipped")])
def test_a_missing_browser_fails_the_browser_tests_when_required(required, outcome, tmp_path):
    """With PRINTKIT_REQUIRE_BROWSER=1 (CI sets it) the browser tests fail
    without a browser; otherwise they are skipped."""
    import os

    env = dict(os.environ, PRINTKIT_CHROMIUM=str(tmp_path / "no-chromium"), PRINTKIT_REQUIRE_BROWSER=required)
    done = subprocess.run([sys.executable, "-m", "pytest", "tests/test_play_browser.py", "-k", "sheets_tab",
                           "-p", "no:xdist", "-p", "no:cacheprovider", "-q", "-o", "addopts="],
                          cwd=games.FOLDER.parent.parent, env=env, capture_output=True, text=True, timeout=120)
    assert done.returncode == (1 if required else 0), done.stdout[-2000:]
    assert outcome in done.stdout.splitlines()[-1]
    if required:
        assert "PRINTKIT_REQUIRE_BROWSER=1 and no browser at" in done.stdout


@pytest.mark.parametrize("game", [g for g in GAMES if g in ("mckinney", "phoenix")])
def test_a_new_game_of_another_player_count_has_its_players_board(game):
    session = Session(game)
    client = client_for(session)
    for count in client.get("/api/game").json()["player_counts"]:
        assert client.post("/api/new", json={"players": count}).status_code == 200
        info = client.get("/api/game").json()
        assert len(info["players"]) == len(info["seats"]) == count
        board = client.get("/api/board").json()
        owners = {z["owner"] for z in board["zones"]} - {None}
        assert owners == set(range(count))  # every player's places, and no one else's
        names = {z["label"].split("'s ")[0] for z in board["zones"] if z["owner"] is not None}
        assert names == {n.split(" (")[0] for n in info["players"]}
    refused = client.post("/api/new", json={"players": 9})
    assert refused.status_code == 400 and "9" in refused.json()["error"]
    assert len(client.get("/api/game").json()["players"]) == count


def test_without_no_browser_the_table_opens_in_the_browser(tmp_path):
    """The address is opened with the standard library's webbrowser (here a
    stand-in browser named by $BROWSER, which notes what it was asked to open)."""
    import os
    import signal
    import time

    opened = tmp_path / "opened.txt"
    opener = tmp_path / "opener.py"
    opener.write_text(f"import sys\nopen({str(opened)!r}, 'w').write(sys.argv[1])\n")
    env = dict(os.environ, BROWSER=f"{sys.executable} {opener} %s")
    server = subprocess.Popen([sys.executable, "-m", "printkit", "play", GAMES[0]], env=env,
                              stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        address = server.stdout.readline().strip()
        for _ in range(300):  # the stand-in browser runs beside the server
            if opened.exists() and opened.read_text():
                break
            time.sleep(0.05)
        assert opened.read_text() == address
    finally:
        server.send_signal(signal.SIGTERM)
        server.wait(timeout=30)


@pytest.mark.parametrize("game", HIDDEN)
def test_an_agents_answer_shows_only_what_every_seat_sees(game):
    """Asking an agent to move gets its move as the table shows it to all:
    Playground's set-up choice of a card's type, Tiles' face-hidden corner
    stay hidden in the answer as in every other seat's move list."""
    session = Session(game)
    client = client_for(session)
    seats = ["random"] * len(session.seats)
    client.post("/api/seats", json={"seats": seats})
    hidden = 0
    for _ in range(30):
        if session.state.is_terminal():
            break
        mover = session.state.current_player
        answer = client.post("/api/agent", json={}).json()
        record = next(r for r in reversed(session.done) if r.mover == mover)
        assert answer["played"] == record.seen[-1]
        others = [record.seen[p] for p in range(len(seats)) if p != mover]
        assert all(answer["played"] == seen for seen in others)
        hidden += answer["played"] != record.seen[mover]
    assert hidden > 0  # some answer had something to hide


def test_a_game_of_ones_own_reloads_when_a_file_beside_its_spec_is_saved(tmp_path):
    """A designer's game reads its table of cards from a CSV beside the spec:
    saving the CSV reloads the table as saving the spec does."""
    made = CliRunner().invoke(main, ["new", "mine", "--dir", str(tmp_path)])
    assert made.exit_code == 0, made.output
    folder = tmp_path / "mine"
    session = Session(str(folder / "mine.yaml"))
    assert session.game is None  # no rules: the sandbox
    with client_for(session, watch=True) as client:
        with client.websocket_connect(f"ws://127.0.0.1:{PORT}/api/events") as socket:
            first = socket.receive_json()
            import time

            time.sleep(0.3)  # the watch starts with the app; a write before it would go unseen
            table = folder / "cards.csv"
            table.write_text(table.read_text().replace("Scout,", "Spy,", 1))
            pushed = socket.receive_json()
            assert pushed["spec_version"] == first["spec_version"] + 1 and pushed["problem"] is None


@pytest.mark.parametrize("game", HIDDEN)
def test_a_save_keeps_what_is_hidden_from_the_people_at_the_table(game):
    """The saved position is the whole game, hidden parts too. Hot-seat, it
    is refused (409, saying why) until the game is over; one person against
    agents keeps it, and another seat asking for it is refused."""
    from printkit.playout import choose

    session = Session(game)
    client = client_for(session)
    n = len(session.seats)
    client.post("/api/new", json={"seats": ["person"] * n})
    for params in ({}, {"seat": 0}, {"seat": 1}):
        refused = client.get("/api/save", params=params)
        assert refused.status_code == 409 and "once the game is over" in refused.json()["error"], params
    assert client.get("/api/game").json()["save_refused"] == refused.json()["error"]
    # Seat 1 alone against agents: the save is that person's, not seat 0's.
    client.post("/api/seats", json={"seats": ["random", "person"] + ["random"] * (n - 2)})
    assert client.get("/api/game").json()["save_refused"] is None
    assert client.get("/api/save").json() == session.state.to_json()
    assert client.get("/api/save", params={"seat": 1}).json() == session.state.to_json()
    other = client.get("/api/save", params={"seat": 0})
    assert other.status_code == 403 and "may not see" in other.json()["error"]
    # Over, nothing is hidden any more: hot-seat gets it.
    client.post("/api/seats", json={"seats": ["person"] * n})
    rng = random.Random(5)
    with session.lock:
        while not session.state.is_terminal():
            session._apply(choose(session.state, rng))
    for params in ({}, {"seat": 0}):
        assert client.get("/api/save", params=params).json() == session.state.to_json()


def test_a_game_without_hidden_information_is_saved_by_anyone_at_the_table():
    session = Session(GAMES[0])
    assert session.game.perfect_information
    client = client_for(session)
    for params in ({}, {"seat": 1}):
        assert client.get("/api/save", params=params).json() == session.state.to_json()


@pytest.mark.skipif("tiles" not in GAMES, reason="Tiles has no table stage")
def test_a_laid_tile_is_drawn_as_printed_turned_as_it_lies():
    """Each tile the seat may see is the printed tile (its size, half black
    cut on the diagonal), turned so the black half lies in the corner the
    position gives; a face-hidden tile shows neither its face nor its turn."""
    import xml.etree.ElementTree as ET

    session = Session("tiles")
    client = client_for(session)
    size = session.loaded.spec["tiles"]["size_mm"]
    black = session.loaded.spec["colors"]["black"]
    corners = {}
    # Turn 1 Black then White, turn 2 Black then White, turn 3 White first, face-hidden.
    for move in ("0,0 ul", "1,0 lr", "2,0 ll", "1,1 ur", "0,1 lr"):
        seat = session.state.current_player
        assert client.post("/api/move", json={"seat": seat, "move": move}).status_code == 200
        place, corner = move.split()
        corners[place] = corner
    seen = 0
    for seat in (0, 1):
        pieces = [p for p in client.get("/api/position", params={"seat": seat}).json()["pieces"]
                  if p["where"] != "supply"]
        for piece in pieces:
            if piece["hidden"]:  # White's face-hidden tile of turn 3, to Black
                assert (seat, piece["where"]) == (0, "0,1")
                assert piece["art"].endswith("|back") and "face" not in piece["meta"]
                assert client.get("/api/art", params={"key": piece["art"]}).status_code == 404
                continue
            art = client.get("/api/art", params={"key": piece["art"]}).json()
            assert (art["width"], art["height"]) == (size, size)
            svg = ET.fromstring(art["svg"])
            fills = [e for e in svg.iter() if e.get("fill") == black and e.tag.endswith("path")]
            assert len(fills) == 1  # one black half
            points = [tuple(map(float, xy.split(","))) for xy in re.findall(r"[-\d.]+,[-\d.]+", fills[0].get("d"))]
            xs, ys = [p[0] for p in points], [p[1] for p in points]
            assert sorted(set(xs)) == pytest.approx([0, size]) and sorted(set(ys)) == pytest.approx([0, size])
            # The black triangle's centre lies in its corner (SVG's y runs down).
            cx, cy = sum(xs[:3]) / 3, sum(ys[:3]) / 3
            want = corners[piece["where"]]
            assert ("l" if cx < size / 2 else "r", "u" if cy < size / 2 else "l") == (want[1], want[0]), piece
            seen += 1
    assert seen == 9  # four tiles to Black, five to White


@pytest.mark.parametrize("game", [g for g in GAMES if g in ("phoenix", "playground")])
def test_a_rolled_die_shows_its_face_of_the_roll(game):
    """A die is drawn as its printed face of the number rolled: that many pips."""
    session = Session(game)
    client = client_for(session)
    rng = random.Random(1)
    shown = 0
    for _ in range(40):  # Playground's set-up takes twenty moves before its first roll
        for piece in client.get("/api/position", params={"seat": 0}).json()["pieces"]:
            if piece["kind"] == "die" and piece["label"].isdecimal():
                svg = client.get("/api/art", params={"key": piece["art"]}).json()["svg"]
                assert svg.count("<circle") == int(piece["label"]), piece
                shown += 1
        if session.state.is_terminal():
            break
        seat, moves = _person_move(client, session)
        client.post("/api/move", json={"seat": seat, "move": rng.choice(moves)["move"]})
    assert shown >= 4


@pytest.mark.skipif("playground" not in GAMES, reason="Playground has no table stage")
def test_a_hidden_card_shows_its_printed_back():
    """The other army's cards show the back printed beside their fronts, one
    picture for all of them (it tells nothing of their types)."""
    session = Session("playground")
    client = client_for(session)
    for _ in range(24):  # the set-up of both armies
        seat, moves = _person_move(client, session)
        if not moves:
            break
        client.post("/api/move", json={"seat": seat, "move": moves[0]["move"]})
    hidden = [p for p in client.get("/api/position", params={"seat": 0}).json()["pieces"] if p["hidden"]]
    assert len(hidden) >= 10 and len({p["art"] for p in hidden}) == 1
    back = client.get("/api/art", params={"key": hidden[0]["art"]}).json()
    card = next(p for p in session.loaded.parts if p.kind == "card" and p.meta.get("color") == "Red")
    rear = card.faces[1][2]  # (x, y, w, h) of the back beside the front
    assert (back["width"], back["height"]) == (rear[2], rear[3])
    assert back["svg"] != client.get("/api/art", params={"key": "card|0|Rock"}).json()["svg"]


def test_the_watch_on_a_game_of_ones_own_takes_the_files_its_spec_may_read(tmp_path):
    """Its tables, pictures and rules, in its folder and below; not a kit
    written under it (``output/``), a hidden file or anything outside."""
    from printkit.play.app import _reads_beside

    spec = tmp_path / "mine" / "mine.yaml"
    read = _reads_beside(spec)
    folder = spec.parent
    for name in ("mine.yaml", "cards.csv", "rules.md", "icon.svg", "art/front.PNG", "art/photo.jpeg"):
        assert read(str(folder / name)), name
    for name in ("output/mine/mine-kit.pdf", "output/mine/mine-sheet-01.svg", ".cards.csv.swp",
                 ".git/config.yaml", "notes.txt", "../other/cards.csv"):
        assert not read(str(folder / name)), name
    assert not read(str(tmp_path / "cards.csv"))
