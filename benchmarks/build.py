"""How long `printkit build mckinney --colors 4` takes, as a user runs it.

Each run is a fresh process writing into a fresh temporary folder. Beside the
median build time it measures what every run pays before printkit does any
work: the interpreter's start-up (`python -c pass`) and importing the CLI and
its libraries. Run: python benchmarks/build.py [--runs N]
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
           "printkit.rulebook, printkit.parts.mckinney, printkit.rules.mckinney, "
           "reportlab.pdfgen.canvas, reportlab.platypus, svgwrite, yaml, jsonschema, jinja2.sandbox, markdown_it")


def timed(args: list[str], runs: int, fresh_dir: bool = False) -> list[float]:
    times = []
    for _ in range(runs):
        with tempfile.TemporaryDirectory(prefix="printkit-bench-") as tmp:
            command = [a.replace("{out}", str(Path(tmp) / "output")) for a in args] if fresh_dir else args
            start = time.perf_counter()
            subprocess.run(command, check=True, stdout=subprocess.DEVNULL)
            times.append(time.perf_counter() - start)
    return times


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=7)
    args = parser.parse_args()
    python = sys.executable
    rows = [
        ("python -c pass", timed([python, "-c", "pass"], args.runs)),
        ("import printkit.cli, reportlab, ...", timed([python, "-c", IMPORTS], args.runs)),
        ("printkit build mckinney --colors 4",
         timed([python, "-m", "printkit.cli", "build", "mckinney", "--colors", "4", "--out", "{out}"],
               args.runs, fresh_dir=True)),
        ("  the same, --format svg (no PDFs, no rulebook)",
         timed([python, "-m", "printkit.cli", "build", "mckinney", "--colors", "4", "--format", "svg",
                "--out", "{out}"], args.runs, fresh_dir=True)),
    ]
    print(f"{args.runs} runs each, wall-clock seconds")
    print(f"{'':48} {'median':>8} {'min':>8} {'max':>8}")
    for label, times in rows:
        print(f"{label:48} {statistics.median(times):8.3f} {min(times):8.3f} {max(times):8.3f}")
    start, imports, build = (statistics.median(t) for _, t in rows[:3])
    print(f"\nbuild minus imports: {build - imports:.3f} s of work on top of {imports:.3f} s "
          f"of start-up and imports ({start:.3f} s of it the interpreter)")


if __name__ == "__main__":
    main()
