"""Every players' rulebook the bundled specs give: each game, each of its
variants and the example specs, in the kit options whose text differs
(ink saver, one sheet per colour). The rulebook tests read these."""

from __future__ import annotations

import hashlib
import re
from dataclasses import replace
from functools import cache
from pathlib import Path


from made_once import made_once
from printkit import SPECS_DIR, TEMPLATES_DIR, rulebook
from printkit import spec as specs
from printkit.kit import BuildOptions

GAMES = sorted(p.name[: -len(".md.j2")] for p in TEMPLATES_DIR.glob("*.md.j2")
               if "-" not in p.name and p.name != "reference.md.j2")
# Layouts of the bundled games, whose rulebooks these cases read; a game of
# one's own (game: custom) sets its own Markdown rules, tested on their own.
EXAMPLES = sorted(str(p.relative_to(SPECS_DIR.parent)) for p in (SPECS_DIR / "examples").glob("*.yaml")
                  if "broken" not in p.name and "\ngame: custom" not in p.read_text())


@cache
def load(name: str):
    path = str(SPECS_DIR.parent / name) if name.endswith(".yaml") else name
    return specs.load(path, check=False)


def variants(name: str) -> list:
    """None (the spec's default) and every variant the spec names."""
    declared = load(name).get("variants") or {}
    return [None] + [v for v in declared if v != "default" and v != declared.get("default")]


def cases() -> list[tuple[str, BuildOptions]]:
    """(spec name, options) for every rulebook text there is."""
    out = []
    for name in GAMES + EXAMPLES:
        for variant in variants(name):
            out.append((name, BuildOptions(variant=variant)))
        out.append((name, BuildOptions(ink_saver=True)))
        out.append((name, BuildOptions(ink_saver=True, sheet_per_colour=True)))
        out.append((name, BuildOptions(sheet_per_colour=True)))
    return out


def case_id(case) -> str:
    name, options = case
    parts = [name.rsplit("/", 1)[-1].removesuffix(".yaml")]
    if options.variant:
        parts.append(options.variant)
    if options.ink_saver:
        parts.append("ink-saver")
    if options.sheet_per_colour:
        parts.append("sheet-per-colour")
    return "-".join(parts)


@cache
def markdown(name: str, options: BuildOptions) -> str:
    return rulebook.render(load(name), options)


# A folder every worker of the test run sees (set by tests/conftest.py):
# each rulebook is rendered once a run, not once in every worker that reads it.
SHARED: Path | None = None


@cache
def pdf(name: str, options: BuildOptions, paper: str = "letter", reference: bool = False) -> bytes:
    options = replace(options, paper=paper)
    if SHARED is None:
        return rulebook.render_pdf(load(name), options, reference=reference)
    path = SHARED / (hashlib.sha256(repr((name, options, reference)).encode()).hexdigest()[:24] + ".pdf")
    return made_once(path, lambda: rulebook.render_pdf(load(name), options, reference=reference))


def pages_text(data: bytes) -> list[str]:
    import pdf_text  # which reads SHARED from this module

    return pdf_text.texts(data)


def flat(data: bytes) -> str:
    return re.sub(r"\s+", " ", " ".join(pages_text(data)))
