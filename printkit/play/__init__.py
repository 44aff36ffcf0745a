"""``printkit play``: a local web table for a game and its kit.

``session`` holds the game in play, ``app`` the server and its API
(docs/play.md), ``assets/`` the page. The server is uvicorn, bound to
127.0.0.1 only.
"""

from __future__ import annotations

import errno
import socket

from ..errors import PrintkitError

DEFAULT_PORT = 8765


def bind(port: int | None) -> socket.socket:
    """A listening socket on 127.0.0.1: ``port``, or DEFAULT_PORT else any free one when not given."""
    tries = [port] if port is not None else [DEFAULT_PORT, 0]
    for number in tries:
        sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        try:
            sock.bind(("127.0.0.1", number))
        except OSError as exc:
            sock.close()
            if port is not None:
                why = "is in use" if exc.errno == errno.EADDRINUSE else f"cannot be used ({exc.strerror})"
                raise PrintkitError(f"--port {port}: the port {why}; choose another") from None
            continue
        sock.listen(64)
        return sock
    raise PrintkitError("no free port on 127.0.0.1 for the table")


def serve(source: str, players: int | None, variant: str | None, port: int | None, open_browser: bool,
          echo, pace: int | None = None) -> None:
    """Start the table for ``source`` and serve it until stopped (Ctrl-C);
    ``pace``: ms before each agent's move, the table's default unless given."""
    import uvicorn

    from .app import create_app
    from .session import Session

    session = Session(source, players=players, variant=variant)  # a bad spec stops here, as file:line
    if pace is not None:
        session.set_seats(None, pace=pace)
    sock = bind(port)
    number = sock.getsockname()[1]
    address = f"http://127.0.0.1:{number}/"
    app = create_app(session, number, watch=True)
    config = uvicorn.Config(app, log_level="warning", lifespan="on")
    server = uvicorn.Server(config)
    echo(address)
    if open_browser:
        import webbrowser

        webbrowser.open(address)
    try:
        server.run(sockets=[sock])
    finally:
        sock.close()
