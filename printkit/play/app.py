"""The live table's web server: the page, its assets and the HTTP/JSON API
(docs/play.md), on Starlette.

Safe by default: the server listens on 127.0.0.1 only, and every request
whose Host is not this server's own address, or that comes from a page of
another origin, is refused with 403, so a web page elsewhere cannot reach
it through a name that resolves here (DNS rebinding). Only the spec given
on the command line is read; only the page's own assets are served, from a
fixed list, never a path taken from the request.
"""

from __future__ import annotations

import asyncio
import contextlib
import io
import json
import tempfile
from importlib import resources
from pathlib import Path

from starlette.applications import Starlette
from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import HTMLResponse, JSONResponse, PlainTextResponse, Response
from starlette.routing import Route, WebSocketRoute
from starlette.websockets import WebSocket, WebSocketDisconnect

from ..errors import PrintkitError
from .session import Refused, Session

ASSETS = {"table.js": "text/javascript", "table.css": "text/css", "index.html": "text/html",
          "sheets.html": "text/html"}
SHEET_DPI = 60  # the sheets tab shows whole pages at a glance, not print detail


def asset(name: str) -> bytes:
    return resources.files("printkit.play").joinpath("assets", name).read_bytes()


class LocalOnly:
    """Refuse (403) requests for another host or from another origin: this
    server answers only pages it served itself, at 127.0.0.1:PORT or
    localhost:PORT."""

    def __init__(self, app, port: int):
        self.app = app
        self.hosts = {f"127.0.0.1:{port}", f"localhost:{port}"}
        self.origins = {f"http://{h}" for h in self.hosts}

    async def __call__(self, scope, receive, send):
        if scope["type"] in ("http", "websocket"):
            headers = {k.decode("latin-1").lower(): v.decode("latin-1") for k, v in scope["headers"]}
            host, origin = headers.get("host", ""), headers.get("origin")
            if host not in self.hosts or (origin is not None and origin not in self.origins):
                why = (f"refused: this table answers only at {' or '.join(sorted(self.hosts))}"
                       if host not in self.hosts else f"refused: requests from {origin} are not this table's")
                if scope["type"] == "http":
                    await PlainTextResponse(why, status_code=403)(scope, receive, send)
                else:  # closed before the handshake: the browser sees a 403
                    await send({"type": "websocket.close", "code": 1008, "reason": why[:120]})
                return
        await self.app(scope, receive, send)


def _refused(error: PrintkitError) -> JSONResponse:
    status = getattr(error, "status", 400)
    return JSONResponse({"error": str(error)}, status_code=status)


async def _body(request: Request) -> dict:
    try:
        value = json.loads(await request.body() or b"{}")
    except ValueError as exc:
        raise Refused(f"the request body is not JSON: {exc}") from None
    if not isinstance(value, dict):
        raise Refused("the request body is a JSON object")
    return value


def _seat_of(request: Request) -> int:
    text = request.query_params.get("seat")
    if text is None or not text.isdecimal():
        raise Refused("say which seat is looking: ?seat=N (0 for the first player)")
    return int(text)


class Sheets:
    """The kit's sheets as they would print, one PNG a page, made once per spec version."""

    def __init__(self, session: Session):
        self.session = session
        self.version = None
        self.pages: list[bytes] = []
        self.error: str | None = None

    def render(self) -> None:
        from .. import kit
        from ..options import BuildOptions
        from ..writers.raster import rgb_pages

        with self.session.lock:
            version, spec, problem = self._key(), self.session.loaded.spec, self.session.problem
        if problem:
            self.version, self.pages, self.error = version, [], problem
            return
        try:
            with tempfile.TemporaryDirectory(prefix="printkit-play-") as folder:
                prepared = kit.prepare(spec, BuildOptions(formats=("pdf",)), Path(folder))
                name, write = next((n, w) for n, w in prepared.plan if n.endswith("-kit.pdf"))
                path = Path(folder) / name
                write(path)
                pages = []
                for image in rgb_pages(path.read_bytes(), SHEET_DPI / 72):
                    out = io.BytesIO()
                    image.save(out, format="PNG")
                    pages.append(out.getvalue())
        except PrintkitError as error:
            self.version, self.pages, self.error = version, [], str(error)
            return
        self.version, self.pages, self.error = version, pages, None

    def _key(self):
        return f"{self.session.spec_version}{'p' if self.session.problem else ''}"

    def current(self) -> bool:
        return self.version == self._key()


# What a spec may read beside it: its tables, pictures and rules file.
READ_BESIDE = {".yaml", ".yml", ".csv", ".md", ".png", ".jpg", ".jpeg", ".svg"}


def _reads_beside(spec_path: Path):
    """A filter of the files a spec may read below its folder: not hidden
    ones, and nothing under a kit folder printkit writes (``output/``), so a
    build there does not reload the table it came from."""
    folder = spec_path.parent

    def read(name: str) -> bool:
        file = Path(name)
        try:
            inside = file.relative_to(folder).parts
        except ValueError:
            return False
        return (file.suffix.lower() in READ_BESIDE
                and not any(part.startswith(".") or part == "output" for part in inside))
    return read


def create_app(session: Session, port: int, watch: bool = False) -> Starlette:
    """The table's app for ``session``, answering at 127.0.0.1:``port``;
    ``watch``: reload the table whenever the spec file is saved."""
    sheets = Sheets(session)
    listeners: set[asyncio.Queue] = set()
    sheets_lock = asyncio.Lock()

    async def changed() -> None:
        for queue in list(listeners):
            queue.put_nowait(None)

    def page(name: str):
        async def serve(request: Request) -> Response:
            return HTMLResponse(asset(name))
        return serve

    async def static(request: Request) -> Response:
        name = request.path_params["name"]
        if name not in ASSETS:
            return PlainTextResponse("no such file", status_code=404)
        return Response(asset(name), media_type=ASSETS[name])

    def api(handler, changes: bool = False):
        async def endpoint(request: Request) -> Response:
            try:
                result = await handler(request)
            except Refused as error:
                return _refused(error)
            except PrintkitError as error:
                return _refused(error)
            if changes:
                await changed()
            return result if isinstance(result, Response) else JSONResponse(result)
        return endpoint

    async def game(request):
        return session.info()

    async def board(request):
        return session.board()

    async def position(request):
        return session.view(_seat_of(request))

    async def moves(request):
        return session.moves(_seat_of(request))

    async def move(request):
        body = await _body(request)
        played = session.play(body.get("seat"), body.get("move"))
        return {"played": played, "version": session.version}

    async def agent(request):
        body = await _body(request)
        state, chooser, rng, seat, version = session.think(body.get("agent"))
        await changed()  # the page shows the agent thinking
        try:
            # Off the event loop: the page stays usable while the agent thinks.
            action = await run_in_threadpool(chooser.choose, state, rng)
        except BaseException:
            session.answer(seat, version, None)
            raise
        played = session.answer(seat, version, action)
        if played is None:
            raise Refused("the position changed while the agent thought; its move was not played", 409)
        return {"played": played, "seat": seat, "version": session.version}

    async def undo(request):
        body = await _body(request)
        session.undo(bool(body.get("until_person")))
        return {"version": session.version}

    async def redo(request):
        body = await _body(request)
        session.redo(bool(body.get("until_person")))
        return {"version": session.version}

    async def save(request):
        # A seat may say who asks (the page does): a seat that may not see
        # everything is refused what the position hides from it.
        asked = request.query_params.get("seat")
        text = json.dumps(session.save(None if asked is None else _seat_of(request)), indent=1,
                          sort_keys=True) + "\n"
        name = f"{session.loaded.spec.id}-position.json"
        return Response(text, media_type="application/json",
                        headers={"Content-Disposition": f'attachment; filename="{name}"'})

    async def load(request):
        text = (await request.body()).decode("utf-8", errors="replace")
        session.load(text)
        return {"version": session.version}

    async def new(request):
        body = await _body(request)
        players = body.get("players")
        if players is not None and (isinstance(players, bool) or not isinstance(players, int)):
            raise Refused("players is a whole number")
        session.new_game(seats=body.get("seats"), variant=body.get("variant"), players=players)
        return {"version": session.version}

    async def seats(request):
        body = await _body(request)
        seats = body.get("seats") or []
        if "seats" not in body and body.get("pace") is not None:
            seats = None  # the pace alone: the seats stay
        session.set_seats(seats, pace=body.get("pace"))
        return {"version": session.version}

    async def art(request):
        found = session.art(request.query_params.get("key", ""))
        if found is None:
            return JSONResponse({"error": "no art for this piece"}, status_code=404)
        return found

    async def place(request):
        body = await _body(request)
        at = body.get("at")
        x, y = (at if isinstance(at, list) and len(at) == 2 else (None, None))
        session.place(body.get("piece"), body.get("where"), x, y)
        return {"version": session.version}

    async def roll(request):
        return {"roll": session.roll(), "version": session.version}

    async def sheet_list(request):
        async with sheets_lock:
            if not sheets.current():
                await run_in_threadpool(sheets.render)
        return {"version": sheets.version, "pages": len(sheets.pages), "problem": sheets.error}

    async def sheet(request):
        number = request.path_params["number"]
        if number < 1:  # no sheet 0: said before any build
            return PlainTextResponse("no such sheet", status_code=404)
        async with sheets_lock:
            if not sheets.current():
                await run_in_threadpool(sheets.render)
        if not 1 <= number <= len(sheets.pages):
            return PlainTextResponse("no such sheet", status_code=404)
        return Response(sheets.pages[number - 1], media_type="image/png")

    async def events(websocket: WebSocket):
        await websocket.accept()
        queue: asyncio.Queue = asyncio.Queue()
        listeners.add(queue)
        # The page never writes; a read is how its going away (or the
        # server's stopping) is heard while waiting for the next change.
        gone = asyncio.ensure_future(websocket.receive())
        try:
            while True:
                await websocket.send_json({"version": session.version, "spec_version": session.spec_version,
                                           "problem": session.problem})
                change = asyncio.ensure_future(queue.get())
                done, _ = await asyncio.wait({change, gone}, return_when=asyncio.FIRST_COMPLETED)
                if gone in done:
                    change.cancel()
                    break
        except (WebSocketDisconnect, RuntimeError):
            pass
        finally:
            gone.cancel()
            listeners.discard(queue)

    async def watcher(stop: asyncio.Event):
        """Reload the table each time the spec file is saved (editors often
        write a new file and rename it over the old: its folder is watched,
        filtered to the file)."""
        from watchfiles import awatch

        path = Path(session.loaded.spec.path).resolve()
        # A game without rules (a designer's own) reads its tables, pictures
        # and rules from its folder and the folders under it, so an edit of
        # any of them reloads; a spec of a game with rules reads nothing else,
        # and its folder may be a home folder's whole tree: only the spec.
        own = session.game is None
        read = _reads_beside(path) if own else (lambda name: Path(name).resolve() == path)
        async for _ in awatch(path.parent, stop_event=stop, debounce=150, step=50, recursive=own,
                              watch_filter=lambda change, name: read(name)):
            try:
                await run_in_threadpool(session.reload)
            except Exception as error:  # the watch outlives any one bad read
                session.problem = f"{path}: cannot reload the table: {error}"
                session.version += 1
            await changed()

    @contextlib.asynccontextmanager
    async def lifespan(app):
        stop = asyncio.Event()
        task = asyncio.create_task(watcher(stop)) if watch else None
        try:
            yield
        finally:
            stop.set()
            if task is not None:
                task.cancel()
                try:
                    await task
                except (asyncio.CancelledError, Exception):
                    pass

    routes = [
        Route("/", page("index.html")),
        Route("/sheets", page("sheets.html")),
        Route("/assets/{name}", static),
        Route("/api/game", api(game)),
        Route("/api/board", api(board)),
        Route("/api/position", api(position)),
        Route("/api/moves", api(moves)),
        Route("/api/move", api(move, True), methods=["POST"]),
        Route("/api/agent", api(agent, True), methods=["POST"]),
        Route("/api/undo", api(undo, True), methods=["POST"]),
        Route("/api/redo", api(redo, True), methods=["POST"]),
        Route("/api/save", api(save)),
        Route("/api/load", api(load, True), methods=["POST"]),
        Route("/api/new", api(new, True), methods=["POST"]),
        Route("/api/seats", api(seats, True), methods=["POST"]),
        Route("/api/art", api(art)),
        Route("/api/place", api(place, True), methods=["POST"]),
        Route("/api/roll", api(roll, True), methods=["POST"]),
        Route("/api/sheets", api(sheet_list)),
        Route("/api/sheets/{number:int}.png", sheet),
        WebSocketRoute("/api/events", events),
    ]
    app = Starlette(routes=routes, lifespan=lifespan)
    app.state.session = session
    return LocalOnly(app, port)
