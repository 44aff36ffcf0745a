"""The live table in a real browser: the distribution's Chromium, headless,
driven by Playwright, against a real server (uvicorn on 127.0.0.1) for each
game whose table stage has landed. For each: click a piece, see its
targets light up, move, watch an agent answer, undo, save and load a
position, edit the spec and see the table reload (and a problem shown).

One server per game, one browser for the module. Without Chromium the tests
are skipped, unless PRINTKIT_REQUIRE_BROWSER=1 (CI sets it): then they fail.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import threading
import urllib.request
from pathlib import Path

import pytest

from printkit import table as tables
from printkit.play import bind
from printkit.play.app import create_app
from printkit.play.session import Session

ROOT = Path(__file__).resolve().parent.parent
# The distribution's Chromium; PRINTKIT_CHROMIUM names another (the tests of
# the missing-browser rule point it at nothing).
CHROMIUM = os.environ.get("PRINTKIT_CHROMIUM", "/usr/bin/chromium")
ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update"]
GAMES = [g for g in ("mckinney", "phoenix", "tiles", "playground", "lam") if tables.stage(g) is not None]
WAIT = 20_000  # ms: how long a step may take on a loaded machine before it counts as not happening


def _missing() -> str | None:
    try:
        import playwright.sync_api  # noqa: F401
    except ImportError:
        return "playwright is not installed (pip install -e '.[test]')"
    if not os.access(CHROMIUM, os.X_OK):
        return f"no browser at {CHROMIUM} (apt-get install -y chromium)"
    return None


@pytest.fixture(scope="module")
def browser():
    missing = _missing()
    if missing:
        if os.environ.get("PRINTKIT_REQUIRE_BROWSER") == "1":
            pytest.fail(f"PRINTKIT_REQUIRE_BROWSER=1 and {missing}")
        pytest.skip(missing)
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        chromium = playwright.chromium.launch(executable_path=CHROMIUM, headless=True, args=ARGS)
        yield chromium
        chromium.close()


class Server:
    """A table served by uvicorn on a thread, as `printkit play` serves it."""

    def __init__(self, spec_path: Path):
        import uvicorn

        self.session = Session(str(spec_path))
        self.sock = bind(None)
        self.port = self.sock.getsockname()[1]
        self.url = f"http://127.0.0.1:{self.port}"
        app = create_app(self.session, self.port, watch=True)
        self.server = uvicorn.Server(uvicorn.Config(app, log_level="warning", lifespan="on"))
        self.thread = threading.Thread(target=self.server.run, kwargs={"sockets": [self.sock]}, daemon=True)
        self.thread.start()

    def get(self, path: str):
        with urllib.request.urlopen(self.url + path) as answer:
            return json.loads(answer.read())

    def stop(self) -> None:
        self.server.should_exit = True
        self.thread.join(10)
        self.sock.close()


@pytest.fixture(scope="module", params=GAMES)
def served(request, tmp_path_factory):
    folder = tmp_path_factory.mktemp(f"table-{request.param}")
    path = folder / f"{request.param}.yaml"
    shutil.copy(ROOT / "specs" / f"{request.param}.yaml", path)
    server = Server(path)
    # No pause before an agent's move (the table's pace, docs/play.md): the
    # page still asks for each move, without a person to show it to.
    _post(server, "/api/seats", {"pace": 0})
    yield server, path
    server.stop()


@pytest.fixture(scope="module")
def page(browser, served):
    server, _ = served
    context = browser.new_context(viewport={"width": 1280, "height": 900}, accept_downloads=True)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.goto(server.url + "/")
    page.wait_for_selector("#moves li", timeout=WAIT)
    yield page
    context.close()
    assert not errors, errors


def _place(page, name: str):
    return page.locator(f'[data-cell="{name}"], [data-zone="{name}"]').first


def _click_place(page, name: str) -> None:
    """A real mouse click at the middle of a cell or zone, whatever piece stands on it."""
    box = _place(page, name).bounding_box()
    page.mouse.click(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)


def _history(server) -> list[str]:
    return [h["move"] for h in server.get("/api/position?seat=0")["history"] if h["player"] is not None]


def _until(page, condition) -> None:
    """Wait for the server to say ``condition()``, letting the page run meanwhile."""
    for _ in range(WAIT // 20):
        if condition():
            return
        page.wait_for_timeout(20)
    assert condition()


def _settled(page, server) -> None:
    """Wait until the page shows the server's latest version."""
    page.wait_for_function("v => document.body.dataset.version === String(v)", arg=server.session.version,
                           timeout=WAIT)


def _reveal(page, server) -> None:
    """Between two people's turns the board is covered (hot-seat): the next player asks for it."""
    _settled(page, server)
    if page.locator("#curtain").is_visible():
        assert page.locator("g.piece").count() == 0 and page.locator("#moves li").count() == 0
        page.click("#reveal")
        page.wait_for_selector("#moves li", timeout=WAIT)
        _settled(page, server)


def _whole(server) -> dict:
    """The whole position, hidden parts too, read from the server's own state."""
    with server.session.lock:
        return server.session.state.to_json()


def _post(server, path: str, body: dict) -> dict:
    request = urllib.request.Request(server.url + path, data=json.dumps(body).encode(), method="POST",
                                     headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(request) as answer:
        return json.loads(answer.read())


def _goes_on(server, moves: list[dict]) -> dict:
    """A move that does not end the game (so a test can go on playing), else the first."""
    for move in moves:
        after = server.session.state.clone()
        after.apply(after.string_to_action(move["move"]))
        if not after.is_terminal():
            return move
    return moves[0]


def _play_by_clicks(page, server) -> str:
    """Click a piece, check its targets light up, click one: the move played."""
    seat = server.session.state.current_player
    _reveal(page, server)
    moves = server.get(f"/api/moves?seat={seat}")["moves"]
    clickable = [m for m in moves if len(m["touches"]) >= 2]
    assert clickable, moves

    def goes_on(move) -> bool:  # a move that does not end the game, so the test can go on playing
        after = server.session.state.clone()
        after.apply(after.string_to_action(move["move"]))
        return not after.is_terminal()

    choices = [m for m in clickable if goes_on(m)] or clickable
    move = choices[len(choices) // 2]
    first, second = move["touches"][0], move["touches"][1]
    targets = {m["touches"][1] for m in clickable if m["touches"][0] == first}
    before = len(_history(server))
    _click_place(page, first)
    page.wait_for_function("name => document.querySelector(`[data-cell='${name}'].from, [data-zone='${name}'].from`)",
                           arg=first, timeout=WAIT)
    lit = set(page.eval_on_selector_all(".lit", "nodes => nodes.map(n => n.dataset.cell || n.dataset.zone)"))
    assert lit == targets, (first, lit, targets)
    for name in move["touches"][1:]:
        if page.locator("#menu").is_visible():
            break
        _click_place(page, name)
    if page.locator("#menu").is_visible():
        page.locator("#menu button", has_text=move["move"]).first.click()
    _until(page, lambda: len(_history(server)) > before)
    played = _history(server)[before]
    assert played in [m["move"] for m in moves if m["touches"][:2] == [first, second]]
    return played


def test_a_game_on_the_table(page, served, tmp_path):
    server, spec_path = served
    session = server.session
    count = len(session.seats)

    # The board and its pieces, drawn from the kit's own art.
    cells = page.locator("#cells polygon").count()
    assert cells == len(server.get("/api/board")["cells"])
    assert page.locator("#art *").count() > 10
    pieces = server.get(f"/api/position?seat={session.state.current_player}")["pieces"]
    on_board = sum(1 for p in pieces if any(c.name == p["where"] for c in session.loaded.board.cells))
    assert page.locator("g.piece").count() == on_board

    # Click a piece, its targets light up, click one: played.
    before_move = _whole(server)
    mover = session.state.current_player
    played = _play_by_clicks(page, server)
    assert _history(server)[-1] == played

    # An agent answers: the next seat is played by greedy; the page asks it to move.
    # The rest of this seat's turn (a set-up of several pieces) through the API, as a script would.
    while session.state.current_player == mover and not session.state.is_terminal():
        _post(server, "/api/move", {"seat": mover, "move": _goes_on(server, server.get(
            f"/api/moves?seat={mover}")["moves"])["move"]})
    answering = session.state.current_player
    page.select_option(f'select[data-seat="{answering}"]', "greedy")
    # It plays on for as long as its turn lasts (a set-up of several pieces).
    _until(page, lambda: session.state.current_player != answering or session.state.is_terminal())
    assert any(h["player"] == answering for h in server.get(f"/api/position?seat={mover}")["history"])
    _settled(page, server)
    assert page.locator("#thinking").is_hidden()
    assert session.state.current_player != answering or session.state.is_terminal()

    # Undo: back to the last person's turn before the agent and our moves.
    while server.get(f"/api/position?seat={mover}")["can_undo"]:
        shown = session.version
        page.click("#undo")
        # The page shows a later version once the server has undone and the page redrawn.
        page.wait_for_function("v => Number(document.body.dataset.version) > v", arg=shown, timeout=WAIT)
        if _whole(server) == before_move:
            break
    assert _whole(server) == before_move
    page.select_option(f'select[data-seat="{answering}"]', "person")
    page.wait_for_function(f"document.querySelector('select[data-seat=\"{answering}\"]').value === 'person'")

    # Save and load a position: the file the page downloads is the position.
    played = _play_by_clicks(page, server)
    saved = tmp_path / "position.json"
    refused = server.get("/api/game")["save_refused"]
    if refused:  # people share a game with hidden information: the page says why, and saves nothing
        assert session.seats.count("person") > 1
        page.click("#save")
        page.wait_for_function("text => document.querySelector('#error').textContent === text", arg=refused,
                               timeout=WAIT)
        saved.write_text(json.dumps(_whole(server)))
    else:
        with page.expect_download() as download:
            page.click("#save")
        download.value.save_as(saved)
        assert json.loads(saved.read_text()) == _whole(server)
    page.click("#new")
    page.wait_for_function("document.querySelectorAll('#history li').length === 0 || "
                           "[...document.querySelectorAll('#history li')].every(li => li.className === 'roll')",
                           timeout=WAIT)
    assert _whole(server) != json.loads(saved.read_text())
    page.set_input_files("#load", str(saved))
    _until(page, lambda: _whole(server) == json.loads(saved.read_text()))
    _reveal(page, server)
    assert page.locator("#moves li").count() > 0

    # Edit the spec: the table reloads with the change; a problem shows instead of the table.
    text = spec_path.read_text(encoding="utf-8")
    title = session.loaded.spec.get("title")
    edited = re.sub(r"^title: .*$", f"title: {json.dumps(title + ' (edited)')}", text, count=1, flags=re.M)
    assert edited != text
    spec_path.write_text(edited, encoding="utf-8")
    page.wait_for_function("document.querySelector('#title').textContent.endsWith('(edited)')", timeout=WAIT)
    spec_path.write_text(text.replace("game:", "game: [", 1), encoding="utf-8")
    page.wait_for_selector("#problem:not([hidden])", timeout=WAIT)
    shown = page.text_content("#problem-text")
    assert shown.startswith(f"{spec_path}:") and shown.split(":")[1].isdecimal()
    spec_path.write_text(text, encoding="utf-8")
    page.wait_for_selector("#problem", state="hidden", timeout=WAIT)
    page.wait_for_function(f"document.querySelector('#title').textContent === {json.dumps(title)}", timeout=WAIT)
    assert page.locator("#cells polygon").count() == cells
    assert count == len(session.seats)


def test_every_piece_fits_its_cell_at_the_most_players(page, served):
    """At the game's largest player count, some moves in, every piece drawn
    on the board (its stack and its label's badge too) lies inside the cell
    it stands on, a badge does not hide the piece it labels, and each
    player's places are grouped under their name."""
    server, _ = served
    session = server.session
    most = max(server.get("/api/game")["player_counts"])
    _post(server, "/api/new", {"players": most, "seats": ["person"] * most})
    for _ in range(12):
        seat = session.state.current_player
        if session.state.is_terminal() or seat < 0:
            break
        _post(server, "/api/move", {"seat": seat, "move": _goes_on(server, server.get(
            f"/api/moves?seat={seat}")["moves"])["move"]})
    _reveal(page, server)
    page.wait_for_function(f"document.querySelectorAll('#seats select').length === {most}", timeout=WAIT)
    seat = page.evaluate("() => Number(document.querySelector('#seats .to-move select')?.dataset.seat ?? 0)")
    on_board = [p for p in server.get(f"/api/position?seat={seat}")["pieces"]
                if any(c.name == p["where"] for c in session.loaded.board.cells)]
    page.wait_for_function(f"document.querySelectorAll('g.piece').length === {len(on_board)}", timeout=WAIT)
    # In the board's millimetres: a piece's picture is an <svg> showing its
    # viewport only, its badge a circle; each box within its cell's.
    outside = page.evaluate("""() => [...document.querySelectorAll('g.piece')].flatMap(g => {
        const c = document.querySelector(`[data-cell="${CSS.escape(g.dataset.where)}"]`).getBBox();
        const a = (n, k) => Number(n.getAttribute(k));
        const boxes = [...g.children].flatMap(n =>
            n.tagName === "svg" ? [[a(n, "x"), a(n, "y"), a(n, "x") + a(n, "width"), a(n, "y") + a(n, "height")]]
            : n.tagName === "circle" ? [[a(n, "cx") - a(n, "r"), a(n, "cy") - a(n, "r"), a(n, "cx") + a(n, "r"),
                                        a(n, "cy") + a(n, "r")]] : []);
        const e = 1e-3, cell = [c.x, c.y, c.x + c.width, c.y + c.height];
        const out = boxes.filter(b => b[0] < cell[0] - e || b[1] < cell[1] - e || b[2] > cell[2] + e || b[3] > cell[3] + e);
        // A badge leaves most of its piece to be seen: at most 0.3 of its smaller side across its radius.
        const picture = g.querySelector(":scope > svg"), badge = g.querySelector(":scope > circle");
        const covers = badge && a(badge, "r") > 0.3 * Math.min(a(picture, "width"), a(picture, "height")) + e;
        return out.length || covers ? [[g.dataset.where, g.dataset.name, out, cell, covers]] : [];
    })""")
    assert len(on_board) > 0 and outside == [], outside
    # Each player's places together under their name, the shared ones after.
    groups = page.eval_on_selector_all(".zone-group", """gs => gs.map(g => [g.querySelector('h2')?.textContent ?? null,
        [...g.querySelectorAll('.zone')].map(z => z.dataset.zone)])""")
    zones, players = server.get("/api/board")["zones"], server.get("/api/game")["players"]
    owners = sorted({z["owner"] for z in zones}, key=lambda o: 99 if o is None else o)
    assert groups == [[None if o is None else players[o], [z["name"] for z in zones if z["owner"] == o]]
                      for o in owners]


class _SetupTable:
    """A game's table stage whose ``pieces`` takes no state, as a sandbox's does."""

    def __init__(self, stage):
        self.board, self.touches, self.stage = stage.board, stage.touches, stage

    def pieces(self, spec, state, player):
        from printkit import games

        return self.stage.pieces(spec, games.stage(spec.game, "rules").Game(spec).initial_state(), None)


@pytest.fixture()
def sandbox(browser, tmp_path_factory):
    """A game served as if it had no rules engine, as a designer's own game is
    (for this test only: the stages are patched while it runs)."""
    from printkit import games
    from printkit.play import session as sessions

    game = "lam" if "lam" in GAMES else GAMES[0]
    real = games.optional_stage
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(sessions.games, "optional_stage", lambda g, name: None if name == "rules" else real(g, name))
        patch.setattr(sessions.tables, "stage", lambda g: _SetupTable(real(g, "table")))
        folder = tmp_path_factory.mktemp("sandbox")
        path = folder / f"{game}.yaml"
        shutil.copy(ROOT / "specs" / f"{game}.yaml", path)
        server = Server(path)
        context = browser.new_context(viewport={"width": 1280, "height": 900})
        page = context.new_page()
        page.goto(server.url + "/")
        page.wait_for_selector("g.piece, .zone-piece", timeout=WAIT)
        yield server, page
        context.close()
        server.stop()


def test_a_game_without_rules_is_a_sandbox(sandbox):
    server, page = sandbox
    assert page.text_content("#status").startswith("Sandbox")
    assert page.locator("#moves li").count() == 0 and page.is_visible("#roll")
    pieces = server.get("/api/position?seat=0")["pieces"]
    cells = server.get("/api/board")["cells"]
    taken = {p["where"] for p in pieces}
    free = next(c["name"] for c in cells if c["name"] not in taken)
    # Click a piece, then an empty cell: it goes there, nothing enforced.
    piece = page.locator("g.piece, .zone-piece").first
    index = int(piece.get_attribute("data-piece"))
    piece.click()
    _click_place(page, free)
    _until(page, lambda: server.get("/api/position?seat=0")["pieces"][index]["where"] == free)
    # Drag it on the board to another free cell.
    other = next(c["name"] for c in cells if c["name"] not in taken and c["name"] != free)
    page.wait_for_selector(f'g.piece[data-piece="{index}"][data-where="{free}"]', timeout=WAIT)
    start = page.locator(f'g.piece[data-piece="{index}"]').bounding_box()
    end = _place(page, other).bounding_box()
    page.mouse.move(start["x"] + start["width"] / 2, start["y"] + start["height"] / 2)
    page.mouse.down()
    page.mouse.move(end["x"] + end["width"] / 2, end["y"] + end["height"] / 2, steps=8)
    page.mouse.up()
    _until(page, lambda: server.get("/api/position?seat=0")["pieces"][index]["where"] == other)
    # The die rolls, visibly.
    page.click("#roll")
    page.wait_for_function("document.querySelector('#dice').textContent.startsWith('Dice: ')", timeout=WAIT)
    roll = int(page.text_content("#dice").split(": ")[1])
    assert roll == server.session.rolls[-1] and 1 <= roll <= 6


def test_the_sheets_tab_shows_the_kit(sandbox):
    """The second tab: every sheet of the kit as it prints (one game: each build takes a second or two)."""
    server, page = sandbox
    sheets = page.context.new_page()
    sheets.goto(server.url + "/sheets")
    sheets.wait_for_selector("#sheets img", timeout=WAIT * 3)
    count = server.get("/api/sheets")["pages"]
    assert sheets.locator("#sheets img").count() == count > 0
    sheets.wait_for_function("[...document.images].every(i => i.complete && i.naturalWidth > 300)", timeout=WAIT)
    # Saving the spec renders them again.
    first = sheets.get_attribute("#sheets img", "src")
    path = Path(server.session.loaded.spec.path)
    path.write_text(path.read_text(encoding="utf-8") + "\n# saved again\n", encoding="utf-8")
    sheets.wait_for_function("src => document.querySelector('#sheets img') && "
                             "document.querySelector('#sheets img').getAttribute('src') !== src",
                             arg=first, timeout=WAIT * 3)
    sheets.close()


@pytest.mark.skipif(tables.stage("custom") is None, reason="the custom game has no table stage yet")
def test_a_designers_own_game_opens_as_a_sandbox(browser, tmp_path):
    """A spec of ``game: custom`` (no rules engine): a piece from its box is
    put anywhere on the table by a click on it and one where it goes."""
    folder = tmp_path / "piecepack"
    shutil.copytree(ROOT / "specs" / "examples", folder)
    server = Server(folder / "piecepack.yaml")
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    try:
        page = context.new_page()
        page.goto(server.url + "/")
        page.wait_for_selector(".zone-piece", timeout=WAIT)
        assert page.text_content("#status").startswith("Sandbox") and page.is_hidden("label.file")
        piece = page.locator(".zone-piece").first
        index = int(piece.get_attribute("data-piece"))
        piece.click()
        width, height = server.session.loaded.board.width, server.session.loaded.board.height
        # Where the board's point a quarter in from the left and the top is on screen.
        screen = page.evaluate("""([x, y]) => { const svg = document.getElementById("board");
            const p = svg.createSVGPoint(); p.x = x; p.y = y;
            const q = p.matrixTransform(svg.getScreenCTM()); return [q.x, q.y]; }""", [width / 4, height / 4])
        page.mouse.click(*screen)
        _until(page, lambda: "at" in server.get("/api/position?seat=0")["pieces"][index]["meta"])
        x, y = server.get("/api/position?seat=0")["pieces"][index]["meta"]["at"]
        # In the board's millimetres, y up: within a pixel's worth of the point clicked.
        assert abs(x - width / 4) < 1 and abs(y - height * 3 / 4) < 1, (x, y)
        page.wait_for_selector(f'g.piece[data-piece="{index}"]', timeout=WAIT)
    finally:
        context.close()
        server.stop()
