"""Specs: YAML files describing a game, loaded safely and validated.

A spec is data from strangers. It is parsed with YAML's safe loader only,
validated against the game's JSON schema (``printkit/games/<game>/schema.yaml``)
and then by the game's own checks, and every problem is reported at once
with the file, line and column it comes from.
"""

from __future__ import annotations

import difflib
import unicodedata
from dataclasses import dataclass, field
from functools import cache, lru_cache
from pathlib import Path
from typing import Any

import jsonschema
import yaml
from referencing import Registry, Resource
from referencing.jsonschema import DRAFT202012

from . import SPECS_DIR, games, plainyaml
from .errors import PrintkitError, Problem, SpecError, did_you_mean
from .copyfit import text_problems
from .palette import palette_problems

SCHEMAS_DIR = Path(__file__).resolve().parent / "schemas"

Pointer = tuple  # a path into the spec: keys and list indexes


@dataclass
class Spec:
    """A loaded, validated spec: its data plus where each value came from."""

    path: Path
    data: dict
    marks: dict = field(repr=False)  # Pointer -> (line, column), 1-based
    key_marks: dict = field(repr=False)  # Pointer -> (line, column) of the key
    warnings: list = field(default_factory=list)  # Problems of severity "warning"

    @property
    def game(self) -> str:
        return self.data["game"]

    @property
    def id(self) -> str:
        """The kit's name (and its output folder): the spec's ``id:``, else the spec file's stem."""
        return self.data.get("id") or self.path.stem

    def __getitem__(self, key):
        return self.data[key]

    def get(self, key, default=None):
        return self.data.get(key, default)

    def where(self, pointer: Pointer, key: bool = False) -> tuple[int | None, int | None]:
        """Line and column of the value (or of its key) at ``pointer``.

        Falls back to the nearest enclosing node that has a mark."""
        pointer = tuple(pointer)
        table = self.key_marks if key else self.marks
        while True:
            if pointer in table:
                return table[pointer]
            if pointer in self.marks:
                return self.marks[pointer]
            if not pointer:
                return (None, None)
            pointer = pointer[:-1]

    def problem(self, pointer: Pointer, message: str, severity: str = "error",
                key: bool = False) -> Problem:
        line, column = self.where(pointer, key=key)
        return Problem(display_path(self.path), line, column, message, severity)


def data_of(spec) -> dict:
    """A Spec's data, or a plain dict as it is: games and part generators take either."""
    return spec.data if isinstance(spec, Spec) else spec


def variant_named(spec, variant: str | None) -> str | None:
    """The spec's own name of ``variant``, given in any case (``--variant
    Team``: ``team``); the name as given where the spec has none like it."""
    if not isinstance(variant, str):
        return variant  # None, or a value the game refuses itself
    names = [v for v in (data_of(spec).get("variants") or {}) if v != "default"]
    if variant in names:
        return variant
    matches = [v for v in names if v.casefold() == variant.strip().casefold()]
    return matches[0] if len(matches) == 1 else variant


def display_path(path: Path) -> str:
    """A path as the user would recognise it and an editor open: relative to
    the working directory if inside it, else whole (a bundled spec's too)."""
    try:
        return str(Path(path).resolve().relative_to(Path.cwd().resolve()))
    except ValueError:
        return str(path)


def text_position(raw: bytes, offset: int) -> tuple[int, int]:
    """1-based line and column (in characters) of byte ``offset`` of UTF-8 text."""
    line_start = raw.rfind(b"\n", 0, offset) + 1
    column = len(raw[line_start:offset].decode("utf-8", errors="replace")) + 1
    return raw.count(b"\n", 0, offset) + 1, column


def bundled_games() -> list[str]:
    """Ids of the games whose specs ship with printkit, sorted."""
    return sorted(p.stem for p in SPECS_DIR.glob("*.yaml"))


def resolve(name: str) -> Path:
    """A bundled game id or a path to a spec file -> the spec file's path."""
    try:
        return _resolve(name)
    except OSError as exc:  # a name too long for the file system, a folder that cannot be searched
        raise PrintkitError(f"{name}: cannot read spec: {exc.strerror or exc}") from None


def _resolve(name: str) -> Path:
    if not name:  # Path("") is the working folder
        raise PrintkitError(f"no game given (an empty name): give a bundled game, {', '.join(bundled_games())}, "
                            "or the path of a spec file (.yaml)")
    candidate = Path(name)
    folder = PrintkitError(f"{name}: is a folder, not a spec file (.yaml)")
    if candidate.suffix in (".yaml", ".yml"):
        if candidate.is_dir():
            raise folder
        if candidate.exists() and not candidate.is_file():  # a device or a pipe, perhaps through a link
            raise PrintkitError(f"{name}: not a plain file; a spec is a .yaml file")
        if not candidate.is_file():
            raise PrintkitError(f"{name}: no such spec file")
        return candidate
    if name in bundled_games():
        return SPECS_DIR / f"{name}.yaml"
    if candidate.is_file():
        return candidate
    if candidate.is_dir():
        raise folder
    if name.lower() in bundled_games():  # TILES, Tiles: as every choice, in any case
        return SPECS_DIR / f"{name.lower()}.yaml"
    raise PrintkitError(
        f"unknown game '{name}':{did_you_mean(name, bundled_games())} "
        f"bundled games are {', '.join(bundled_games())}; or give the path of a spec file (.yaml)"
    )


# --- YAML with marks -------------------------------------------------------

def parse_yaml(text: str, filename: str) -> tuple[Any, dict, dict]:
    """Plain data and the marks of every value and key (see printkit.plainyaml)."""
    return plainyaml.parse(text, filename)


# --- Loading and validating ------------------------------------------------

def _read_schema(path) -> dict:
    # printkit's own files, so libyaml's parser (when PyYAML has it) may read
    # them: six times faster than the pure-Python one, which specs keep for
    # its error messages.
    with open(path, encoding="utf-8") as f:
        return yaml.load(f, Loader=getattr(yaml, "CSafeLoader", yaml.SafeLoader))


def _is_integer(checker, value) -> bool:
    # JSON Schema counts 6.0 as an integer; a spec does not, so every integer
    # field holds a whole number written as one (and a boolean is not one).
    return isinstance(value, int) and not isinstance(value, bool)


_Validator = jsonschema.validators.extend(
    jsonschema.Draft202012Validator,
    type_checker=jsonschema.Draft202012Validator.TYPE_CHECKER.redefine("integer", _is_integer))


COMPONENTS_DIR = SCHEMAS_DIR / "components"


def component_schemas() -> dict:
    """``type:`` -> the schema of that component type, one file each in
    ``printkit/schemas/components/`` (``_*.yaml`` hold shared definitions)."""
    return {path.stem: _read_schema(path) for path in sorted(COMPONENTS_DIR.glob("*.yaml"))
            if not path.name.startswith("_")}


def _any_component(types: dict) -> dict:
    """The schema of one entry of ``components:``: its ``type:`` one of the
    known types, then the rest by that type's own schema (so a mistake is
    reported against the type the entry says it is, not against all of them)."""
    return {"type": "object", "required": ["type"],
            "properties": {"type": {"enum": sorted(types)}},
            "allOf": [{"if": {"properties": {"type": {"const": kind}}, "required": ["type"]},
                       "then": {"$ref": f"{kind}.yaml"}} for kind in sorted(types)]}


@cache
def validator_for(game: str):
    """The schema validator of one game; "common.yaml" holds shared definitions,
    "components/<type>.yaml" each component type's (see ``component_schemas``)."""
    def resource(contents):
        return Resource.from_contents(contents, default_specification=DRAFT202012)

    common = resource(_read_schema(SCHEMAS_DIR / "common.yaml"))
    # A component schema's own references are resolved beside it, in
    # components/: the common definitions are there under their name too.
    registry = Registry().with_resources([("common.yaml", common), ("components/common.yaml", common)])
    types = component_schemas()
    registry = registry.with_resources(
        [(f"components/{kind}.yaml", resource(schema)) for kind, schema in types.items()]
        + [(f"components/{path.name}", resource(_read_schema(path)))
           for path in sorted(COMPONENTS_DIR.glob("_*.yaml"))]
        + [("components/any.yaml", resource(_any_component(types)))])
    return _Validator(_read_schema(games.schema_path(game)), registry=registry)


def load(name: str, check: bool = True) -> Spec:
    """Load a bundled game id or a spec path; raise SpecError listing every problem.

    With ``check`` the game's own checks (``check_spec`` in its rules module)
    run after the schema, so layouts that the schema accepts but the game
    cannot use are reported too."""
    path = resolve(name)
    filename = display_path(path)
    try:
        size = path.stat().st_size
        if size > plainyaml.MAX_BYTES:  # refused before it is read
            raise SpecError([Problem(filename, None, None, f"the spec is {size:,} bytes; a spec is at most "
                                     f"{plainyaml.MAX_BYTES:,} (the bundled ones are about 3,000)")])
        raw = path.read_bytes()
    except OSError as exc:
        raise PrintkitError(f"{filename}: cannot read spec: {exc.strerror or exc}") from None
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        line, column = text_position(raw, exc.start)
        raise SpecError([Problem(filename, line, column, f"not UTF-8 text (byte 0x{raw[exc.start]:02x}); "
                                 "save the spec as UTF-8")]) from None
    data, marks, key_marks = parse_yaml(text, filename)
    spec = Spec(path, data, marks, key_marks)
    if data is None:
        raise SpecError([spec.problem((), "the spec is empty: it needs at least a 'game' key")])
    if not isinstance(data, dict):
        raise SpecError([spec.problem((), "a spec must be a mapping with a 'game' key")])
    game = data.get("game")
    if game not in games.known():
        known = ", ".join(games.known())
        raise SpecError([spec.problem(("game",) if "game" in data else (),
                                      f"'game' must be one of {known}, not {game!r}")])
    problems = schema_problems(spec)
    if not problems and check:
        problems = unprintable_text(spec) + colour_name_problems(spec)
        if not problems:
            problems = games.stage(game, "checks").check_spec(spec) + palette_problems(spec)
            # A game's own texts are measured on parts it can lay out: a sound spec's.
            sound = not any(p.severity == "error" for p in problems)
            problems = text_problems(spec, _parts_of(game) if sound else None) + problems
    errors = [p for p in problems if p.severity == "error"]
    if errors:
        raise SpecError(errors)
    spec.warnings = [p for p in problems if p.severity != "error"]
    return spec


def _parts_of(game: str):
    """The game's part generator, for the texts it prints (None for a game without one)."""
    try:
        return games.stage(game, "parts")
    except PrintkitError:
        return None


# Text a spec gives is shown on a terminal too (validate's and balance's
# reports, printkit list, moves --as) and in PDF readers' title bars, where a
# character that reorders or hides what follows can make one name read as
# another. Such characters are refused wherever they stand; so is text that
# shows nothing at all, which a blank pattern (\S) lets through.
BIDI_CONTROLS = frozenset("\u061c\u200e\u200f\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069")
JOINERS = frozenset("\u200c\u200d")  # shape some scripts and emoji; never alone (see shows_nothing)
BLANK_LETTERS = frozenset("\u115f\u1160\u3164\uffa0\u2800")  # letters and signs that print as nothing
LINE_BREAKS = frozenset("\n\r\x0b\x0c\x1c\x1d\x1e\x85\u2028\u2029")


def _invisible(c: str) -> bool:
    return c.isspace() or c in BLANK_LETTERS or unicodedata.category(c) in ("Cf", "Cc", "Mn", "Me")


@lru_cache(maxsize=4096)  # a spec's keys and words recur in every spec read
def hidden_text(text: str) -> str | None:
    """Why ``text`` cannot be shown as written on a terminal (a line break,
    a control character, a character that reorders or hides text, nothing to
    see at all), or None."""
    for c in dict.fromkeys(text):
        name = unicodedata.name(c, "").lower()
        if c in LINE_BREAKS:
            return f"holds a line break (U+{ord(c):04X}): give it on one line"
        if unicodedata.category(c) == "Cc":
            return f"holds a control character (U+{ord(c):04X}){', a tab' if c == chr(9) else ''}: remove it"
        if c in BIDI_CONTROLS:
            return (f"holds U+{ord(c):04X} ({name}), which reorders the text around it wherever it is shown, "
                    "so that it reads other than it is written; remove it")
        if unicodedata.category(c) == "Cf" and c not in JOINERS:
            return f"holds U+{ord(c):04X} ({name}), which shows as nothing; remove it"
    if text and not text.isspace() and all(_invisible(c) for c in text):
        return "shows nothing (only characters without a mark of their own): give some text"
    return None


def unprintable_text(spec: Spec) -> list[Problem]:
    """Text in the spec, keys included, that cannot be shown as written
    (``hidden_text``) or that the kit's fonts cannot draw (a script DejaVu
    Sans lacks), at the line of its value or key."""
    from .writers.fonts import missing_glyphs

    problems = []

    def check_text(text, pointer, key=False):
        why = hidden_text(text)
        if why is not None:
            problems.append(spec.problem(pointer, f"{describe(pointer)}{' (a key)' if key else ''}: "
                                         f"{plainyaml.short(text)} {why}", key=key))
            return
        missing = missing_glyphs(text)
        if missing:
            shown = ", ".join(f"{c!r} (U+{ord(c):04X})" for c in missing[:5])
            problems.append(spec.problem(pointer, f"{describe(pointer)}: the kit's font (DejaVu Sans) "
                                         f"cannot print {shown}; use other characters", key=key))

    def walk(value, pointer):
        if isinstance(value, str):
            check_text(value, pointer)
        elif isinstance(value, dict):
            for key, child in value.items():
                if isinstance(key, str):
                    check_text(key, pointer + (key,), key=True)
                walk(child, pointer + (key,))
        elif isinstance(value, list):
            for i, child in enumerate(value):
                walk(child, pointer + (i,))

    walk(spec.data, ())
    return problems


def colour_name_problems(spec: Spec) -> list[Problem]:
    """Player colours named alike: names are told apart in any case and
    width (``moves --as blue``, the seating, the teams take a colour as
    typed), so Blue and blue, or Blue and a full-width Ｂｌｕｅ, are one name
    twice. At the later colour's name."""
    colours = spec.data.get("colors")
    if not isinstance(colours, list):
        return []
    problems, seen = [], {}
    for i, colour in enumerate(colours):
        name = colour.get("name") if isinstance(colour, dict) else None
        if not isinstance(name, str):
            continue
        folded = " ".join(unicodedata.normalize("NFKC", name).casefold().split())
        if folded in seen:
            j = seen[folded]
            other = colours[j]["name"]
            how = f"share the name {name!r}" if other == name else \
                f"are named {other!r} and {name!r}, one name as printkit reads names (in any case)"
            problems.append(spec.problem(("colors", i, "name"), f"colours {j + 1} and {i + 1} {how}: "
                                         "each colour needs its own"))
        else:
            seen[folded] = i
    return problems


def schema_problems(spec: Spec) -> list[Problem]:
    """Every schema violation in the spec, in file order."""
    problems = []
    for error in validator_for(spec.game).iter_errors(spec.data):
        pointer = tuple(error.absolute_path)
        if error.validator == "additionalProperties" and isinstance(error.instance, dict):
            allowed = set(error.schema.get("properties", {}))
            for key in error.instance:
                if key not in allowed:
                    problems.append(spec.problem(pointer + (key,), _unknown_key(key, allowed), key=True))
            continue
        problems.append(spec.problem(pointer, f"{describe(pointer)}: {_friendly(error)}"))
    problems.sort(key=lambda p: (p.line or 0, p.column or 0))
    return problems


def describe(pointer: Pointer) -> str:
    """Where a value is, as a person counts: ("shapes", 0, "cells") -> "shapes/entry 1/cells"."""
    parts = [f"entry {p + 1}" if isinstance(p, int) and not isinstance(p, bool) else str(p) for p in pointer]
    return plainyaml.short("/".join(parts), 80).strip("'\"") if parts else "spec"


def _unknown_key(key, allowed: set) -> str:
    if not isinstance(key, str) and str(key) in allowed:  # 2: where "2": is meant
        return f"key {key} is read as a number; write it in quotes, '{key}'"
    close = difflib.get_close_matches(str(key), sorted(allowed), n=1, cutoff=0.6)
    if close:
        return f"unknown key {plainyaml.short(key)}; did you mean '{close[0]}'?"
    hint = f" (known keys: {', '.join(sorted(allowed))})" if allowed else ""
    return f"unknown key {plainyaml.short(key)}{hint}"


_TYPE_WORDS = {"integer": "a whole number (no decimal point)", "number": "a number", "string": "text",
               "boolean": "true or false", "object": "a mapping (key: value lines)", "array": "a list",
               "null": "nothing (null)"}


def _friendly(error: jsonschema.ValidationError) -> str:
    got = plainyaml.short(error.instance)
    if error.validator == "required":
        return error.message.replace("is a required property", "is required")
    if error.validator == "type":
        wanted = error.validator_value
        wanted = " or ".join(_TYPE_WORDS.get(w, w) for w in ([wanted] if isinstance(wanted, str) else wanted))
        return f"expected {wanted}, got {got}"
    if error.validator == "pattern" and error.validator_value == r"\S":  # text that must say something
        return f"{got} is only spaces: give some text"
    if error.validator == "pattern" and "description" in error.schema:
        return f"{got} is not {error.schema['description']}"
    if error.validator in ("minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum"):
        return f"{got} is out of range ({error.validator} {error.validator_value})"
    if error.validator == "enum":
        return f"{got} is not one of {', '.join(map(repr, error.validator_value))}"
    if error.validator in _LENGTH_WORDS:
        words, one, many = _LENGTH_WORDS[error.validator]
        count = error.validator_value
        return f"{got} {words} {count} {one if count == 1 else many}"
    # jsonschema's own sentence starts with the whole value: shorten that part only
    whole = repr(error.instance)
    if error.message.startswith(whole):
        return got + error.message[len(whole):]
    return plainyaml.short(error.message, 200)


_LENGTH_WORDS = {"minLength": ("is too short: give at least", "character", "characters"),
                 "maxLength": ("is too long: give at most", "character", "characters"),
                 "minItems": ("is too short: give at least", "entry", "entries"),
                 "maxItems": ("is too long: give at most", "entry", "entries")}
