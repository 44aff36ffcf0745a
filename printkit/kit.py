"""Building a kit: spec -> parts -> sheets -> PDF and SVG files, plus the rulebook.

``build(spec, options, out_dir)`` writes into ``out_dir/<spec.id>/``:

- ``<id>-kit.pdf``: every sheet in order of assembly (format "pdf");
- ``<id>-sheet-NN.svg``: the cut and score lines of sheet NN (format "svg");
- ``<id>-rules.pdf``: the rulebook, from ``printkit.rulebook.write`` (format "pdf").

The whole folder is built in a temporary folder inside ``out_dir`` and only
then moved into place, so a build that fails leaves the earlier kit intact.
"""

from __future__ import annotations

import gc
import shutil
import tempfile
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path

from . import games, rulebook
from . import sheets as imposition
from . import spec as specs
from .errors import PrintkitError
from .options import FORMATS, BuildOptions, resolve_options  # noqa: F401  (public here too: kit.BuildOptions)
from .writers import pdf, svg


@dataclass
class BuildResult:
    folder: Path
    files: list = field(default_factory=list)
    sheets: int = 0
    kit_pdf: Path | None = None


def kit_folder(spec, out_dir: Path) -> Path:
    """out_dir/<id>, refusing any id that would land elsewhere."""
    base = Path(out_dir).resolve()
    name = spec.id
    target = (base / name).resolve()
    if target.parent != base or name.startswith(".") or name != target.name:
        named_by_file = isinstance(spec, specs.Spec) and not spec.get("id")
        source = (f" (from the file name of {specs.display_path(spec.path)}; give the spec an id:)"
                  if named_by_file else "")
        raise PrintkitError(f"kit id {name!r} would not be a folder inside {out_dir}{source}")
    return target


@contextmanager
def _without_cycle_collection():
    """Python's cycle collector paused, then restored as it was.

    A build makes some hundred thousand short-lived objects (points, items,
    flowables) that reference counting frees; every few thousand of them
    the collector would walk all live objects, the imported libraries
    included, and find next to nothing: some 40 ms of a McKinney build.
    What cycles a build leaves are collected once it is done."""
    was_enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was_enabled:
            gc.enable()


def build(spec, options: BuildOptions, out_dir: Path) -> BuildResult:
    """Build the kit of a loaded spec; see the module doc for what it writes."""
    with _without_cycle_collection():
        return _build(spec, options, out_dir)


def _build(spec, options: BuildOptions, out_dir: Path) -> BuildResult:
    options = resolve_options(spec, options)
    target = kit_folder(spec, out_dir)
    module = games.stage(spec.game, "parts")
    parts = module.parts(spec, options)
    sheets = imposition.impose(spec, parts, options, module)

    base = target.parent
    try:
        base.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise PrintkitError(f"{out_dir}: cannot create the output folder: {exc.strerror}") from None
    try:
        work = Path(tempfile.mkdtemp(prefix=f".{spec.id}-build-", dir=base))
    except OSError as exc:
        raise PrintkitError(f"{out_dir}: cannot write there: {exc.strerror}") from None
    try:
        staged = work / spec.id
        staged.mkdir()
        names = _write_all(spec, options, sheets, staged)
        _swap_into_place(staged, target, work)
    except OSError as exc:
        raise PrintkitError(f"{target}: cannot write the kit: {exc.strerror or exc}") from None
    finally:
        shutil.rmtree(work, ignore_errors=True)
    files = [target / n for n in names]
    kit_pdf = target / f"{spec.id}-kit.pdf" if "pdf" in options.formats else None
    return BuildResult(folder=target, files=files, sheets=len(sheets), kit_pdf=kit_pdf)


def _write_all(spec, options: BuildOptions, sheets, folder: Path) -> list[str]:
    names = []
    title = spec.get("title", spec.id)
    if "pdf" in options.formats:
        name = f"{spec.id}-kit.pdf"
        pdf.write(sheets, folder / name, title=f"{title}: print-and-play kit",
                  subject=f"{len(sheets)} sheets, {sheets[0].paper.name}", ink_saver=options.ink_saver)
        names.append(name)
    if "svg" in options.formats:
        for sheet in sheets:
            name = f"{spec.id}-sheet-{sheet.number:02d}.svg"
            svg.write(sheet, folder / name)
            names.append(name)
    if "pdf" in options.formats:
        name = rulebook.file_name(spec)
        rulebook.write(spec, options, folder / name)
        names.append(name)
    return names


def _swap_into_place(staged: Path, target: Path, work: Path) -> None:
    """Replace target by staged: old kit aside, new one in, old one dropped."""
    old = work / "previous"
    if target.exists():
        target.rename(old)
    try:
        staged.rename(target)
    except OSError:
        if old.exists():
            old.rename(target)
        raise
