"""How long `printkit build mckinney --colors 4` takes, as a user runs it.

Each run is a fresh process writing into a fresh temporary folder. Beside the
median build time it measures what every run pays before printkit does any
work: the interpreter's start-up (`python -c pass`) and importing the CLI and
its libraries. Each command runs once untimed first, as a user's second build
would (the very first build on a machine also compiles the rulebook templates
into Jinja's cache: some 50 ms more); then the commands take turns, so a
machine that slows down or speeds up meanwhile weighs on all of them alike.

First it prints, for every bundled game on Letter (default options, and
--sheet-per-color and --duplex where the game takes them), how many sheets
its kit takes and, sheet by sheet, the fill (how much of the sheet's
printable area its parts cover: paper economy; the cover holds the checklist
and assembly, no parts) and the ink load: C+M+Y+K as a percentage of the
sheet's whole area, so 100% is a sheet under one full ink's worth. The ink is
measured on the kit PDF itself, each page rendered at INK_DPI and each pixel
turned into CMYK by the rule --press uses for a colour the spec gives no CMYK
for (``printkit.writers.pdf.ink_load``, by ``to_cmyk``: greys and black in
black ink alone).
Then it times a game of one's own: a deck of 200 poker cards from a CSV
file, each with a PNG picture (20 different ones, 300 x 200 pixels) and an
SVG icon, built --duplex (the kit PDF and the rulebook).
Run: python benchmarks/build.py [--runs N] [--sheets-only] [--deck-only]
"""

from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

# Every module a McKinney build loads, so that "work" is the build's own.
IMPORTS = ("import printkit.cli, printkit.kit, printkit.sheets, printkit.writers.pdf, printkit.writers.svg, "
           "printkit.rulebook, printkit.games.mckinney.parts, printkit.games.mckinney.rules, "
           "reportlab.pdfgen.canvas, reportlab.platypus, svgwrite, yaml, jsonschema, jinja2.sandbox, markdown_it")


def run_once(args: list[str]) -> float:
    with tempfile.TemporaryDirectory(prefix="printkit-bench-") as tmp:
        command = [a.replace("{out}", str(Path(tmp) / "output")) for a in args]
        start = time.perf_counter()
        subprocess.run(command, check=True, stdout=subprocess.DEVNULL)
        return time.perf_counter() - start


INK_DPI = 60  # enough for an area's ink: a pixel is 0.42 mm, the finest fields are a few mm


def ink_loads(pdf_path: Path) -> list[float]:
    """Each page's ink load: C+M+Y+K summed over the page, % of its area (``pdf.ink_load``)."""
    import pypdfium2 as pdfium

    from printkit.writers.pdf import ink_load

    pdf = pdfium.PdfDocument(str(pdf_path))
    try:
        return [ink_load(page.render(scale=INK_DPI / 72).to_pil().convert("RGB")) for page in pdf]
    finally:
        pdf.close()


def kit_modes():
    """(label, options) of every kit measured: each bundled game's default,
    then --sheet-per-color and --duplex where the game takes them."""
    from printkit.options import BuildOptions
    from printkit import spec as specs
    for game in specs.bundled_games():
        for flag, options in (("", BuildOptions()), (" --sheet-per-color", BuildOptions(sheet_per_colour=True)),
                              (" --duplex", BuildOptions(duplex=True))):
            yield game, game + flag, options


def sheet_table() -> None:
    from printkit import kit
    from printkit import sheets as imposition
    from printkit import spec as specs
    from printkit.errors import NotForThisGame
    from printkit.writers import pdf

    print("Sheets per kit (Letter). fill: share of a sheet's printable area its parts cover;")
    print(f"ink: C+M+Y+K of the printed page, % of the sheet's area (rendered at {INK_DPI} dpi).")
    print("The cover holds the checklist; a duplex kit's back pages and calibration pair (cal) hold no parts.")
    with tempfile.TemporaryDirectory(prefix="printkit-bench-") as tmp:
        for game, label, options in kit_modes():
            loaded = specs.load(game)
            try:
                prepared = kit.prepare(loaded, options, Path(tmp))
            except NotForThisGame:
                continue  # an option the game refuses: nothing to measure
            laid = prepared.sheets
            path = Path(tmp) / f"{game}.pdf"
            pdf.write(laid, path, title=game, ink_saver=prepared.options.ink_saver)
            inks = ink_loads(path)
            fills = []
            for sheet in laid:
                if sheet.group == "cover":
                    fills.append("cover")
                elif sheet.sides == "back":
                    fills.append("cal" if sheet.group == "calibration" else "back")
                elif sheet.group == "calibration":
                    fills.append("cal")
                else:
                    _, _, width, height = imposition.content_box(sheet.paper)
                    fills.append(f"{sum(p.width * p.height for p in sheet.placements) / (width * height):.0%}")
            print(f"\n{label}: {len(laid)} sheets")
            print("  sheet " + "".join(f"{n:>6}" for n in range(1, len(laid) + 1)))
            print("  fill  " + "".join(f"{f:>6}" for f in fills))
            print("  ink   " + "".join(f"{i:5.0f}%" for i in inks))
    print()


DECK_CARDS = 200


def deck_200(folder: Path) -> Path:
    """A custom game's spec of DECK_CARDS poker cards with pictures, written
    into ``folder``; its path."""
    from PIL import Image, ImageDraw

    folder.mkdir(parents=True, exist_ok=True)
    for k in range(20):
        image = Image.new("RGB", (300, 200), (40 + 10 * k, 90, 200 - 8 * k))
        ImageDraw.Draw(image).ellipse((60, 20, 240, 180), fill=(230, 200 - 5 * k, 60))
        image.save(folder / f"art{k:02d}.png")
    (folder / "icon.svg").write_text('<svg xmlns="http://www.w3.org/2000/svg" width="24" height="24">'
                                     '<path d="M12 2 L22 22 L2 22 Z" fill="#2E4057"/></svg>', encoding="utf-8")
    bands = ("#4D9DE0", "#3BB273", "#E1BC29", "#E15554", "#7768AE")
    rows = ["name,value,band,icon,art,text,count"]
    rows += [f"Card {n},{n % 10},{bands[n % 5]},icon.svg,art{n % 20:02d}.png,Play this card to move {n % 5 + 1} "
             "spaces and draw a card.,1" for n in range(1, DECK_CARDS + 1)]
    (folder / "cards.csv").write_text("\n".join(rows) + "\n", encoding="utf-8")
    spec = folder / "deck.yaml"
    spec.write_text("game: custom\ntitle: Benchmark Deck\ncomponents:\n  - type: cards\n    name: Deck\n"
                    "    size: poker\n    table: cards.csv\n"
                    "    face: {band: band, title: name, icon: icon, corners: value, image: art, text: text}\n"
                    "    back: {color: '#2E4057', image: icon.svg}\n", encoding="utf-8")
    return spec


def deck_time(runs: int) -> None:
    """The 200-card deck's build, timed as the commands below are."""
    python = sys.executable
    with tempfile.TemporaryDirectory(prefix="printkit-deck-") as tmp:
        spec = deck_200(Path(tmp) / "deck")
        command = [python, "-m", "printkit.cli", "build", str(spec), "--duplex", "--format", "pdf", "--out", "{out}"]
        run_once(command)
        times = [run_once(command) for _ in range(runs)]
    print(f"a custom deck of {DECK_CARDS} poker cards with pictures, --duplex: median "
          f"{statistics.median(times):.2f} s (min {min(times):.2f}, max {max(times):.2f}) of {runs} runs\n")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=7)
    parser.add_argument("--sheets-only", action="store_true", help="only the sheets: count, fill and ink")
    parser.add_argument("--deck-only", action="store_true", help="only the 200-card custom deck's build time")
    args = parser.parse_args()
    if args.deck_only:
        deck_time(args.runs)
        return
    sheet_table()
    if args.sheets_only:
        return
    deck_time(args.runs)
    python = sys.executable
    commands = [
        ("python -c pass", [python, "-c", "pass"]),
        ("import printkit.cli, reportlab, ...", [python, "-c", IMPORTS]),
        ("printkit build mckinney --colors 4",
         [python, "-m", "printkit.cli", "build", "mckinney", "--colors", "4", "--out", "{out}"]),
        ("  the same, --format svg (no PDFs, no rulebook)",
         [python, "-m", "printkit.cli", "build", "mckinney", "--colors", "4", "--format", "svg",
          "--out", "{out}"]),
    ]
    for _, command in commands:  # warm-up: file cache, template cache
        run_once(command)
    times: dict[str, list[float]] = {label: [] for label, _ in commands}
    for _ in range(args.runs):
        for label, command in commands:
            times[label].append(run_once(command))
    rows = list(times.items())
    print(f"{args.runs} runs each, wall-clock seconds")
    print(f"{'':48} {'median':>8} {'min':>8} {'max':>8}")
    for label, runs in rows:
        print(f"{label:48} {statistics.median(runs):8.3f} {min(runs):8.3f} {max(runs):8.3f}")
    start, imports, build = (statistics.median(t) for _, t in rows[:3])
    print(f"\nbuild minus imports: {build - imports:.3f} s of work on top of {imports:.3f} s "
          f"of start-up and imports ({start:.3f} s of it the interpreter)")


if __name__ == "__main__":
    main()
