"""Building a kit: spec -> parts -> sheets -> PDF and SVG files, plus the rulebook.

``build(spec, options, out_dir)`` writes into ``out_dir/<spec.id>/``:

- ``<id>-kit.pdf``: every sheet in order of assembly (format "pdf");
- ``<id>-sheet-NN.svg``: the cut and score lines of sheet NN (format "svg"),
  for every sheet that has any;
- ``<id>-rules.pdf``: the rulebook, from ``printkit.rulebook.write`` (format "pdf").
- ``<id>-reference.pdf``: notation, positions, commands and the engine's
  declarations, for people who write programs (format "pdf");
- ``<id>-<kind>-NN[-1-front|-2-back].png``: each card and tile on its own at
  300 dpi with its bleed, for card-printing services (format "png");
- ``<id>-tts.json`` and, in ``<id>-tts/``, the images it names: the kit as a
  Tabletop Simulator saved object (format "tts");
- ``<id>-images.csv`` and ``<id>-images.json`` listing, in ``<id>-images/``,
  each distinct face of every component, for other virtual tables (format
  "images"); both from ``printkit.writers.tts``.

Every file is written in a staging folder first and moved into place at the
end, one build of a kit folder at a time, so a build that fails leaves the
earlier kit intact; a build replaces only files it wrote itself
(``printkit.kitfolder``).
"""

from __future__ import annotations

import gc
import unicodedata
from contextlib import contextmanager
from dataclasses import dataclass, field, replace
from pathlib import Path

from . import fit, footprint, games, kitfolder, rulebook
from . import sheets as imposition
from . import spec as specs
from .errors import NotForThisGame, PartTooLarge, PrintkitError, SpecError
from .palette import cmyk_values
from .options import FORMATS, BuildOptions, resolve_options  # noqa: F401  (public here too: kit.BuildOptions)
from .writers import pdf, png, svg, tts


@dataclass
class BuildResult:
    folder: Path
    files: list = field(default_factory=list)
    sheets: int = 0
    kit_pdf: Path | None = None


@dataclass
class Prepared:
    """A kit laid out and its folder checked, nothing written yet (``prepare``)."""
    spec: object
    options: BuildOptions
    out_dir: Path
    target: Path
    sheets: list
    plan: list  # (file name, what writes it)
    overwrite: bool


def kit_folder(spec, out_dir: Path) -> Path:
    """out_dir/<id>, refusing any id that would land elsewhere."""
    base = Path(out_dir).resolve()
    name = spec.id
    # Not resolved: a link in the kit folder's place is refused by
    # kitfolder.check_target as what it is, not blamed on the id.
    target = base / name
    # A name from the file name may hold what no name should: a line break,
    # a terminal's escape sequence (printed back in "wrote ...").
    unprintable = any(unicodedata.category(c).startswith("C") for c in name)
    if target.parent != base or name.startswith(".") or name != target.name or unprintable:
        source = ""
        if isinstance(spec, specs.Spec) and not spec.get("id"):  # named by its file
            shown = specs.display_path(spec.path)
            source = f" (from the file name of {ascii(shown) if unprintable else shown}; give the spec an id:)"
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


def build(spec, options: BuildOptions, out_dir: Path, overwrite: bool = False) -> BuildResult:
    """Build the kit of a loaded spec; see the module doc for what it writes.
    overwrite: replace files in the kit folder that printkit did not write."""
    return write(prepare(spec, options, out_dir, overwrite))


def planned_files(spec, options: BuildOptions, sheets, folder: Path | None = None) -> list[tuple[str, object]]:
    """(file name, what writes it) for every file of the kit, in order;
    folder: the kit folder, where a Tabletop Simulator save finds its images."""
    plan = []
    title = spec.get("title", spec.id)
    press = pdf.Press(imposition.bleed_width(options), cmyk_values(spec)) if options.press else None
    if "pdf" in options.formats:
        plan.append((f"{spec.id}-kit.pdf", lambda path: pdf.write(
            sheets, path, title=title, author=str(spec.get("author") or ""),
            subject=f"print-and-play kit: {len(sheets)} sheets, {sheets[0].paper.name}"
                    + (", for a print shop (bleed, crop marks, CMYK)" if press else ""),
            ink_saver=options.ink_saver, press=press)))
    if "svg" in options.formats:
        for sheet in sheets:
            if svg.has_lines(sheet):
                plan.append((f"{spec.id}-sheet-{sheet.number:02d}.svg",
                             lambda path, sheet=sheet: svg.write(sheet, path, kerf=options.kerf)))
    if "png" in options.formats:
        # Card printers ask for 3 mm: the press bleed unless the build sets one.
        bleed = options.bleed if options.bleed is not None else imposition.PRESS_BLEED
        parts = [p.part for sheet in sheets for p in sheet.placements]
        # prepare has refused images to a kit without faces, before its layout.
        for face in png.faces(spec.id, parts):
            plan.append((face.name, lambda path, face=face: png.write(face, path, bleed)))
    if "tts" in options.formats or "images" in options.formats:
        plan += _table_files(spec, options, [p.part for sheet in sheets for p in sheet.placements], folder)
    if "pdf" in options.formats:
        plan.append((rulebook.file_name(spec), lambda path: rulebook.write(spec, options, path)))
        if games.optional_stage(spec.game, "rules") is not None:  # a reference of the engine, when there is one
            plan.append((rulebook.reference_file_name(spec),
                         lambda path: rulebook.write(spec, options, path, reference=True)))
    return plan


def _table_files(spec, options: BuildOptions, parts: list, folder: Path | None) -> list[tuple[str, object]]:
    """The files of --format tts and --format images (``printkit.writers.tts``)."""
    from . import table as tables

    stage = tables.stage(spec.game)
    state = None
    engine = games.optional_stage(spec.game, "rules")
    if stage is not None and engine is not None:
        # The engine's initial position, for as many players as the kit has colours.
        state = engine.Game(spec, players=options.colors, variant=options.variant).initial_state()
    # The save names its images where they are built, or where the user uploads their folder.
    if options.tts_url:
        url = options.tts_url
    else:
        url = (Path(folder).resolve().as_uri() + f"/{spec.id}-tts/") if folder is not None else ""
    laid = tts.table(spec, options, parts, url, stage, state)
    plan = []

    def picture(p):
        return lambda path: tts.write_bytes(path, tts.render(p))

    if "tts" in options.formats:
        plan.append((f"{spec.id}-tts.json", lambda path: tts.write_bytes(path, tts.save(laid))))
        plan += [(f"{spec.id}-tts/{name}", picture(p)) for name, p in laid.pictures.items()]
    if "images" in options.formats:
        pictures, rows = tts.image_pack(laid, f"{spec.id}-images")
        plan.append((f"{spec.id}-images.csv", lambda path: tts.write_bytes(path, tts.manifest_csv(rows))))
        plan.append((f"{spec.id}-images.json", lambda path: tts.write_bytes(path, tts.manifest_json(rows))))
        plan += [(f"{spec.id}-images/{name}", picture(p)) for name, p in pictures.items()]
    return plan


def _refuse_what_does_nothing(spec, options: BuildOptions, parts: list, module) -> None:
    """An option that would leave this game's kit as it is without it is
    refused, as --format png without cards or tiles is (build --all builds
    the kit without it instead, and says so): a kit printed --duplex that
    came out one-sided would be found out only at the printer."""
    title = spec.get("title", spec.id)
    if options.duplex and not any(part.back for part in parts):
        raise NotForThisGame(f"--duplex: {title} has no two-sided parts (cards with backs) to print on both "
                             "sides; its kit is the same without --duplex", "duplex")
    if options.sheet_per_colour:
        shared = module.parts(spec, replace(options, sheet_per_colour=False))
        if [part.group for part in shared] == [part.group for part in parts]:
            raise NotForThisGame(f"--sheet-per-color: {title} has no pieces that differ by colour to print "
                                 "on sheets of their own; its kit is the same without it", "sheet_per_colour")


@_without_cycle_collection()
def prepare(spec, options: BuildOptions, out_dir: Path, overwrite: bool = False) -> Prepared:
    """Lay the kit out and check that its folder takes it, writing nothing:
    ``build --all`` checks every game before it writes the first kit."""
    options = resolve_options(spec, options)
    target = kit_folder(spec, out_dir)
    module = games.stage(spec.game, "parts")
    try:
        parts = module.parts(spec, options)
    except PartTooLarge:
        parts = None
    # What validate refuses, build refuses: parts the paper cannot take, pieces the board cannot.
    refused = fit.build_problems(spec, options, parts) + footprint.problems(spec, parts, module)
    if refused:
        raise SpecError(refused)
    if "png" in options.formats and not any(part.faces for part in parts):
        # Said before the layout, so build --all lays such a kit out once, without png.
        raise NotForThisGame(f"--format png: {spec.get('title', spec.id)} has no cards or tiles to print "
                             "one by one; use --format pdf,svg", "png")
    for wanted in ("tts", "images"):
        if wanted in options.formats and not any(part.table for part in parts):
            raise NotForThisGame(f"--format {wanted}: {spec.get('title', spec.id)} has no parts for a virtual "
                                 "table (none says what it is there: Part.table)", wanted)
    _refuse_what_does_nothing(spec, options, parts, module)
    sheets = imposition.impose(spec, parts, options, module)
    plan = planned_files(spec, options, sheets, target)
    kitfolder.check_target(target, [name for name, _ in plan], overwrite)
    return Prepared(spec, options, out_dir, target, sheets, plan, overwrite)


@_without_cycle_collection()
def write(prepared: Prepared, on_wait=None) -> BuildResult:
    """Write a prepared kit into its folder (by a staging folder, so a
    failure leaves an earlier kit as it was). If another build is moving
    its files into the same folder, on_wait() is called once and this one
    waits for it (``kitfolder.build_lock``)."""
    spec, options, target = prepared.spec, prepared.options, prepared.target
    names = [name for name, _ in prepared.plan]
    made: list[Path] = []  # folders this build makes, taken back if it fails while they are empty
    try:
        _write_into(prepared, target.parent, names, made, on_wait)
    except BaseException:
        kitfolder.remove_made(made)
        raise
    files = [target / n for n in names]
    kit_pdf = target / f"{spec.id}-kit.pdf" if "pdf" in options.formats else None
    return BuildResult(folder=target, files=files, sheets=len(prepared.sheets), kit_pdf=kit_pdf)


def _write_into(prepared: Prepared, base: Path, names: list[str], made: list, on_wait=None) -> None:
    """Make the output folder, write the kit in a staging folder there and
    move it into the kit folder; each folder made is added to ``made``."""
    spec, target = prepared.spec, prepared.target
    try:
        kitfolder.make_folder(base, made)
    except OSError as exc:
        raise PrintkitError(f"{prepared.out_dir}: cannot create the output folder: {exc.strerror}") from None
    kitfolder.remove_stale_staging(base, spec.id)
    try:
        with kitfolder.staging(base, spec.id) as work:
            for name, writer in prepared.plan:
                (work / name).parent.mkdir(exist_ok=True)  # a folder of the kit's own: <id>-tts/
                writer(work / name)
            # Checks the folder again (it may have changed meanwhile), under the lock.
            kitfolder.install(work, target, names, prepared.overwrite, made, on_wait)
    except OSError as exc:
        raise PrintkitError(f"{target}: cannot write the kit: {exc.strerror or exc}") from None
