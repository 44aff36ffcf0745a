"""How long `printkit build mckinney --colors 4` takes, as a user runs it.

Each run is a fresh process writing into a fresh temporary folder. Beside the
median build time it measures what every run pays before printkit does any
work: the interpreter's start-up (`python -c pass`) and importing the CLI and
its libraries. Each command runs once untimed first, as a user's second build
would (the very first build on a machine also compiles the rulebook templates
into Jinja's cache: some 50 ms more); then the commands take turns, so a
machine that slows down or speeds up meanwhile weighs on all of them alike.
It also prints, for every bundled game on Letter, how many sheets its kit
takes and how much of each sheet's printable area its parts cover (paper
economy; the cover holds the checklist and assembly, no parts).
Run: python benchmarks/build.py [--runs N] [--sheets-only]
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


def sheet_fill() -> None:
    from printkit import games
    from printkit import sheets as imposition
    from printkit import spec as specs
    from printkit.options import BuildOptions, resolve_options
    print("sheets per kit (Letter), and the share of each sheet's printable area its parts cover")
    for game in specs.bundled_games():
        for per_colour in (False, True):
            loaded = specs.load(game)
            options = resolve_options(loaded, BuildOptions(sheet_per_colour=per_colour))
            module = games.stage(loaded.game, "parts")
            laid = imposition.impose(loaded, module.parts(loaded, options), options, module)
            fills = []
            for sheet in laid[1:]:
                _, _, width, height = imposition.content_box(sheet.paper)
                fills.append(sum(p.width * p.height for p in sheet.placements) / (width * height))
            label = game + (" --sheet-per-color" if per_colour else "")
            print(f"  {label:34} {len(laid):3} sheets  " + " ".join(f"{f:4.0%}" for f in fills))
    print()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=7)
    parser.add_argument("--sheets-only", action="store_true", help="only the sheet counts and fill")
    args = parser.parse_args()
    sheet_fill()
    if args.sheets_only:
        return
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
