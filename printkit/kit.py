"""Building a kit: spec -> parts -> sheets -> PDF and SVG files, plus the rulebook."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path


@dataclass(frozen=True)
class BuildOptions:
    colors: int | None = None  # player colours to print; None: the game's most
    paper: str = "letter"  # "letter" or "a4"
    ink_saver: bool = False
    formats: tuple = ("pdf", "svg")
    variant: str | None = None


@dataclass
class BuildResult:
    folder: Path
    files: list = field(default_factory=list)
    sheets: int = 0
    kit_pdf: Path | None = None


def build(spec, options: BuildOptions, out_dir: Path) -> BuildResult:
    raise NotImplementedError
