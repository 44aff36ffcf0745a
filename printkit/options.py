"""A build's options, checked against the spec and completed from it.

The kit and the rulebook both read them, so they live below both.
"""

from __future__ import annotations

from dataclasses import dataclass

from . import sheets as imposition
from .errors import NotForThisGame, PrintkitError, no_such_variant
from .spec import variant_named

FORMATS = ("pdf", "svg", "png", "tts", "images")
# png (one image per card and tile), tts (a Tabletop Simulator save) and
# images (an image pack for other virtual tables) when asked for
DEFAULT_FORMATS = ("pdf", "svg")
MAX_KERF = 1.0  # mm: a laser's kerf on card is 0.1-0.3 mm
MAX_BLEED = 5.0  # mm: more would need wider gaps between pieces than the sheets can spare


@dataclass(frozen=True)
class BuildOptions:
    colors: int | None = None  # player colours to print; None: the game's most
    paper: str = "letter"  # "letter" or "a4"
    ink_saver: bool = False
    formats: tuple = DEFAULT_FORMATS
    variant: str | None = None
    # Two-sided parts (cards): fronts and, on the following page, their backs
    # mirrored for a long-edge flip; back_offset (x, y) mm corrects a printer's drift.
    duplex: bool = False
    back_offset: tuple = (0.0, 0.0)
    # Each player colour's pieces on sheets of their own (for printing each on
    # card of its colour); by default colours share sheets, using fewer.
    sheet_per_colour: bool = False
    # For a print shop: bleed past every cut line, page boxes and crop marks
    # for trimming, colours in CMYK (printkit.writers.pdf).
    press: bool = False
    # mm of colour past cut lines; None: 3 mm with --press, 2 mm at home (printkit.sheets).
    bleed: float | None = None
    # For a print-then-cut machine: its registration marks on every sheet of
    # pieces (printkit.sheets.registration_marks), the SVG cut files on the same page.
    print_and_cut: bool = False
    # mm a laser burns away: closed cut outlines in the SVG move out by half of it.
    kerf: float = 0.0
    # Where the user puts the --format tts images online (a folder's URL, the
    # file names appended); None: the local files, for the computer that built them.
    tts_url: str | None = None


def pieces_group(kind: str, colour: str, options: BuildOptions) -> str:
    """The sheet group of one colour's pieces of ``kind``: shared by every
    colour unless the build asks for a sheet per colour."""
    return f"{kind}-{colour}" if getattr(options, "sheet_per_colour", False) else kind


def resolve_options(spec, options: BuildOptions) -> BuildOptions:
    """The options with defaults filled in from the spec, or a PrintkitError."""
    if options.paper not in imposition.PAPERS:
        raise PrintkitError(f"--paper {options.paper}: choose one of {', '.join(imposition.PAPERS)}")
    unknown = set(options.formats) - set(FORMATS)
    if unknown or not options.formats:
        raise PrintkitError(f"--format: unknown format(s) {', '.join(sorted(unknown)) or '(none)'}; "
                            f"use {', '.join(FORMATS)}")
    title = spec.get("title", spec.id)
    players = spec.get("players") or {}
    low, high = players.get("min", 1), players.get("max", 1)
    colors = options.colors if options.colors is not None else high
    if not low <= colors <= high:
        if low == high:
            raise NotForThisGame(f"--colors {colors}: {title} is for {low} players; "
                                 f"choose --colors {low}", "colors")
        raise NotForThisGame(f"--colors {colors}: {title} is for {low} to {high} "
                             f"players; choose --colors {low}..{high}", "colors")
    # Checked here, before anything is drawn.
    variants = [v for v in (spec.get("variants") or {}) if v != "default"]
    variant = variant_named(spec, options.variant)
    if variant is not None and variant not in variants:
        raise no_such_variant(spec.id, variant, variants)
    if options.bleed is not None and not 0 <= options.bleed <= MAX_BLEED:
        raise PrintkitError(f"--bleed {options.bleed:g}: choose 0 to {MAX_BLEED:g} mm")
    if not 0 <= options.kerf <= MAX_KERF:
        raise PrintkitError(f"--kerf {options.kerf:g}: choose 0 to {MAX_KERF:g} mm")
    # An option that would change nothing is a mistake to say, not to ignore.
    if any(options.back_offset) and not options.duplex:
        x, y = options.back_offset
        raise PrintkitError(f"--back-offset {x:g},{y:g}: moves the backs of a two-sided kit; add --duplex")
    if options.ink_saver and options.bleed is not None and "png" not in options.formats:
        raise PrintkitError(f"--bleed {options.bleed:g}: an --ink-saver kit prints no colour past its cut "
                            "lines; leave out one of them")
    if options.kerf and "svg" not in options.formats:
        raise PrintkitError(f"--kerf {options.kerf:g}: moves the SVG cut files' outlines; add svg to --format")
    tts_url = options.tts_url
    if tts_url is not None:
        if "tts" not in options.formats:
            raise PrintkitError(f"--tts-url {tts_url[:60]}: is where the Tabletop Simulator images go; "
                                "add tts to --format")
        if not tts_url.startswith(("https://", "http://")) or any(c.isspace() or ord(c) < 32 for c in tts_url):
            raise PrintkitError(f"--tts-url {ascii(tts_url[:60])}: give the web address of the folder the "
                                "images are uploaded to, starting https:// or http://")
        tts_url = tts_url if tts_url.endswith("/") else tts_url + "/"
    palette = spec.get("colors") or []
    if palette and colors > len(palette):
        raise NotForThisGame(f"--colors {colors}: the spec names only {len(palette)} colours", "colors")
    return BuildOptions(colors=colors, paper=options.paper, ink_saver=options.ink_saver,
                        formats=tuple(sorted(set(options.formats))), variant=variant,
                        duplex=bool(options.duplex), back_offset=tuple(options.back_offset),
                        sheet_per_colour=bool(options.sheet_per_colour), press=bool(options.press),
                        bleed=None if options.bleed is None else float(options.bleed),
                        print_and_cut=bool(options.print_and_cut), kerf=float(options.kerf),
                        tts_url=tts_url)


