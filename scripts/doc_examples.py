"""Run the examples the documentation shows, and compare what they print.

An example is a fenced block of type ``console`` in README.md or a page of
docs/: each line that starts with ``$ `` is a command, the lines after it
(up to the next command) what it prints, standard output and standard error
together. A line ``...`` stands for any number of lines. A command that
exits with another code than 0 must show it (``; echo "exit code $?"``).

The commands of a page run in order, in one fresh folder holding a copy of
the repository's specs/, as from a clone; ``printkit`` and ``python`` are
the interpreter running this script. Paths that depend on the machine are
written as a reader of a clone sees them: the bundled specs' folder as
``specs/``, the work folder as ``.``.

    python scripts/doc_examples.py           # check every example
    python scripts/doc_examples.py --update  # write what the commands print now

tests/test_docs.py runs the check; after a deliberate change of output,
--update and review the diff.
"""

from __future__ import annotations

import argparse
import os
import re
import shutil
import subprocess
import sys
import tempfile
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
ELLIPSIS = "..."
_FENCE = re.compile(r"^```console[ \t]*\n(.*?)^```[ \t]*$", re.M | re.S)


@dataclass
class Example:
    command: str
    expected: list[str]


@dataclass
class Block:
    start: int  # offset of the block's body in the page
    end: int
    examples: list[Example] = field(default_factory=list)


def pages() -> list[Path]:
    """README.md and every page of docs/, in a fixed order."""
    return [ROOT / "README.md", *sorted((ROOT / "docs").rglob("*.md"))]


def blocks(text: str) -> list[Block]:
    """The console blocks of a page's text."""
    found = []
    for match in _FENCE.finditer(text):
        block = Block(match.start(1), match.end(1))
        for line in match.group(1).splitlines():
            if line.startswith("$ "):
                block.examples.append(Example(line[2:].strip(), []))
            elif block.examples:
                block.examples[-1].expected.append(line.rstrip())
            elif line.strip():
                raise ValueError(f"a console block starts with output, not a command: {line!r}")
        found.append(block)
    return found


def _bin(folder: Path) -> Path:
    """A folder of two commands, printkit and python, both this interpreter."""
    folder.mkdir()
    for name, args in (("printkit", '-m printkit "$@"'), ("python", '"$@"'), ("python3", '"$@"')):
        path = folder / name
        path.write_text(f'#!/bin/sh\nexec "{sys.executable}" {args}\n', encoding="utf-8")
        path.chmod(0o755)
    return folder


def workspace(base: Path) -> tuple[Path, dict]:
    """A folder to run a page's examples in, and their environment."""
    from printkit import SPECS_DIR

    work = base / "work"
    work.mkdir()
    shutil.copytree(SPECS_DIR, work / "specs", ignore=shutil.ignore_patterns("__pycache__", "*.pyc"))
    env = {k: v for k, v in os.environ.items() if not k.startswith(("PYTHON", "PRINTKIT", "_PRINTKIT"))}
    env.update(PATH=str(_bin(base / "bin")) + os.pathsep + env.get("PATH", ""), PYTHONUNBUFFERED="1",
               PYTHONIOENCODING="utf-8", LC_ALL="C.UTF-8", COLUMNS="80")
    return work, env


def normalise(text: str, work: Path) -> list[str]:
    """Output lines as a reader of a clone sees them."""
    from printkit import SPECS_DIR

    for folder, shown in ((SPECS_DIR.resolve(), "specs"), (SPECS_DIR, "specs"), (work.resolve(), "."),
                          (work, ".")):
        text = text.replace(str(folder) + os.sep, shown + "/").replace(str(folder), shown)
    return [line.rstrip() for line in text.rstrip("\n").splitlines()] if text.strip() else []


def matches(expected: list[str], actual: list[str]) -> bool:
    """Whether the lines agree, ``...`` standing for any number of lines."""
    if not expected:
        return not actual
    if expected[0] == ELLIPSIS:
        return any(matches(expected[1:], actual[i:]) for i in range(len(actual) + 1))
    return bool(actual) and expected[0] == actual[0] and matches(expected[1:], actual[1:])


def shown(expected: list[str], actual: list[str]) -> list[str]:
    """The output to write into the page: all of it, or where the page elides
    a middle part with ``...``, as many lines before and after it as now."""
    if ELLIPSIS not in expected:
        return actual
    head = expected.index(ELLIPSIS)
    tail = len(expected) - 1 - expected.index(ELLIPSIS)
    if head + tail >= len(actual):
        return actual
    return actual[:head] + [ELLIPSIS] + (actual[len(actual) - tail:] if tail else [])


@dataclass
class Result:
    example: Example
    actual: list[str]
    code: int

    @property
    def ok(self) -> bool:
        return matches(self.example.expected, self.actual) and (self.code == 0 or "$?" in self.example.command)

    def report(self, page: str) -> str:
        lines = [f"{page}: $ {self.example.command}"]
        if self.code != 0 and "$?" not in self.example.command:
            lines.append(f"  exits with code {self.code}: show it (; echo \"exit code $?\") or fix the command")
        if not matches(self.example.expected, self.actual):
            lines += ["  the page shows:", *("    " + l for l in self.example.expected),
                      "  the command prints:", *("    " + l for l in self.actual)]
        return "\n".join(lines)


def run_page(path: Path, timeout: float = 600) -> list[tuple[Block, list[Result]]]:
    """Every example of a page, run in order in one fresh folder."""
    found = blocks(path.read_text(encoding="utf-8"))
    if not found:
        return []
    shell = shutil.which("bash") or "sh"
    out = []
    with tempfile.TemporaryDirectory(prefix="printkit-docs-") as base:
        work, env = workspace(Path(base))
        for block in found:
            results = []
            for example in block.examples:
                done = subprocess.run([shell, "-c", example.command], cwd=work, env=env, stdin=subprocess.DEVNULL,
                                      stdout=subprocess.PIPE, stderr=subprocess.STDOUT, timeout=timeout)
                text = done.stdout.decode("utf-8", errors="replace")
                results.append(Result(example, normalise(text, work), done.returncode))
            out.append((block, results))
    return out


def update(path: Path, ran: list[tuple[Block, list[Result]]]) -> bool:
    """Write what the commands printed into the page; whether it changed."""
    text = path.read_text(encoding="utf-8")
    for block, results in reversed(ran):  # from the end, so earlier offsets hold
        body = "".join(f"$ {r.example.command}\n" + "".join(f"{line}\n" for line in
                                                              shown(r.example.expected, r.actual))
                       for r in results)
        text = text[:block.start] + body + text[block.end:]
    changed = text != path.read_text(encoding="utf-8")
    if changed:
        path.write_text(text, encoding="utf-8")
    return changed


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--update", action="store_true", help="write what the commands print into the pages")
    parser.add_argument("pages", nargs="*", type=Path, help="pages to run (default: README.md and docs/)")
    args = parser.parse_args(argv)
    failed = 0
    for path in [p.resolve() for p in args.pages] or pages():
        ran = run_page(path)
        name = path.relative_to(ROOT).as_posix()
        if args.update:
            if update(path, ran):
                print(f"updated {name}")
            continue
        for _, results in ran:
            for result in results:
                if not result.ok:
                    failed += 1
                    print(result.report(name), file=sys.stderr)
    if not args.update:
        print(f"{failed} example(s) differ" if failed else "every example prints what the docs show")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
