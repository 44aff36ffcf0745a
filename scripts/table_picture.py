"""The picture of the live table in README.md and docs/play.md, made from a
real table: python scripts/table_picture.py (needs the test extra and
Chromium at /usr/bin/chromium).

A McKinney game a few moves in, played by the greedy agent from a fixed
seed, with a Builder clicked so that its moves light up.
"""

from __future__ import annotations

import threading
import time
from pathlib import Path

import uvicorn
from playwright.sync_api import sync_playwright

from printkit.play import bind
from printkit.play.app import create_app
from printkit.play.session import Session

OUT = Path(__file__).resolve().parent.parent / "docs" / "images" / "table-mckinney.png"
GAME, MOVES, SEED = "mckinney", 12, 3


def main() -> None:
    session = Session(GAME, players=2, seed=SEED)
    session.new_game(seats=["greedy", "greedy"])
    for _ in range(MOVES):
        state, agent, rng, seat, version = session.think(None)
        session.answer(seat, version, agent.choose(state, rng))
    session.set_seats(["person", "greedy"])
    sock = bind(None)
    port = sock.getsockname()[1]
    server = uvicorn.Server(uvicorn.Config(create_app(session, port), log_level="warning"))
    thread = threading.Thread(target=server.run, kwargs={"sockets": [sock]}, daemon=True)
    thread.start()
    time.sleep(0.5)
    try:
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path="/usr/bin/chromium", headless=True,
                                                 args=["--no-sandbox", "--disable-gpu"])
            page = browser.new_page(viewport={"width": 1280, "height": 860})
            page.goto(f"http://127.0.0.1:{port}/")
            page.wait_for_selector("#moves li")
            seat = session.state.current_player
            moves = session.moves(seat)["moves"]
            start = next(m["touches"][0] for m in moves if len(m["touches"]) > 1)
            box = page.locator(f'[data-cell="{start}"]').bounding_box()
            page.mouse.click(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
            page.wait_for_selector(".cell.lit")
            page.screenshot(path=str(OUT))
            browser.close()
    finally:
        server.should_exit = True
        thread.join(10)
    print(f"wrote {OUT}")


if __name__ == "__main__":
    main()
