"""Specs: YAML files describing a game, loaded safely and validated.

A spec is data from strangers. It is parsed with YAML's safe loader only,
validated against the game's JSON schema (``printkit/games/<game>/schema.yaml``)
and then by the game's own checks, and every problem is reported at once
with the file, line and column it comes from.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any

import jsonschema
import yaml
from referencing import Registry, Resource
from referencing.jsonschema import DRAFT202012

from . import SPECS_DIR, games
from .errors import PrintkitError, Problem, SpecError

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


def display_path(path: Path) -> str:
    """A path as the user would recognise it: relative to the working directory if inside it."""
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
    candidate = Path(name)
    folder = PrintkitError(f"{name}: is a folder, not a spec file (.yaml)")
    if candidate.suffix in (".yaml", ".yml"):
        if candidate.is_dir():
            raise folder
        if not candidate.is_file():
            raise PrintkitError(f"{name}: no such spec file")
        return candidate
    if name in bundled_games():
        return SPECS_DIR / f"{name}.yaml"
    if candidate.is_file():
        return candidate
    if candidate.is_dir():
        raise folder
    raise PrintkitError(
        f"unknown game '{name}': bundled games are {', '.join(bundled_games())}; "
        "or give the path of a spec file (.yaml)"
    )


# --- YAML with marks -------------------------------------------------------

def parse_yaml(text: str, filename: str) -> tuple[Any, dict, dict]:
    """Parse YAML safely, returning the data and the marks of every node.

    Duplicate keys are errors (YAML would silently keep the last one)."""
    loader = yaml.SafeLoader(text)
    try:
        node = loader.get_single_node()
        marks: dict = {}
        key_marks: dict = {}
        problems: list[Problem] = []
        if node is None:
            return None, marks, key_marks
        data = _construct(loader, node, (), marks, key_marks, problems, filename)
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        message = exc.problem or exc.context or "cannot parse"
        if message.startswith("could not determine a constructor for the tag"):
            # e.g. !!python/object: the safe loader knows no such thing
            tag = message.rsplit(" ", 1)[-1].replace("tag:yaml.org,2002:", "!!")
            message = f"tag {tag} is not allowed in a spec (a spec is plain data)"
        if exc.context and exc.problem and exc.context_mark:
            # e.g. "while parsing a flow sequence" -> where that sequence began
            where = f"line {exc.context_mark.line + 1}, column {exc.context_mark.column + 1}"
            message += f" ({exc.context.removeprefix('while ')} that starts at {where})"
        line = mark.line + 1 if mark else None
        column = mark.column + 1 if mark else None
        raise SpecError([Problem(filename, line, column, f"broken YAML: {message}")]) from None
    except yaml.YAMLError as exc:
        raise SpecError([Problem(filename, None, None, f"broken YAML: {exc}")]) from None
    except RecursionError:
        # YAML's composer recurses once per level: [[[[...]]]] thousands deep.
        mark = loader.get_mark()
        raise SpecError([Problem(filename, mark.line + 1, mark.column + 1,
                                 f"nested too deeply (a spec needs at most {MAX_DEPTH} levels)")]) from None
    finally:
        loader.dispose()
    if problems:
        raise SpecError(problems)
    return data, marks, key_marks


# A spec is a few hundred values a few levels deep. Aliases can make a short
# file expand without end ("billion laughs", or an alias inside itself), so
# the values a spec expands to are counted and their nesting bounded.
MAX_VALUES = 100_000
MAX_DEPTH = 50


def _mark(node) -> tuple[int, int]:
    return (node.start_mark.line + 1, node.start_mark.column + 1)


_PLAIN_TAGS = {yaml.MappingNode: "tag:yaml.org,2002:map", yaml.SequenceNode: "tag:yaml.org,2002:seq"}


def _construct(loader, node, pointer, marks, key_marks, problems, filename):
    if len(pointer) > MAX_DEPTH:
        raise yaml.constructor.ConstructorError(
            None, None, f"nested more than {MAX_DEPTH} levels deep (an alias inside itself?)",
            node.start_mark)
    if len(marks) >= MAX_VALUES:  # one mark per value constructed
        raise yaml.constructor.ConstructorError(
            None, None, f"the spec expands to more than {MAX_VALUES} values (aliases repeating aliases?)",
            node.start_mark)
    marks[pointer] = _mark(node)
    plain = _PLAIN_TAGS.get(type(node))
    if plain and node.tag != plain:
        # Scalars go through the safe constructor, which refuses unknown
        # tags; collections we walk ourselves, so refuse them here.
        raise yaml.constructor.ConstructorError(
            None, None, f"tag {node.tag!r} is not allowed in a spec", node.start_mark)
    if isinstance(node, yaml.MappingNode):
        loader.flatten_mapping(node)  # resolves YAML merge keys ("<<")
        result = {}
        for key_node, value_node in node.value:
            key = loader.construct_object(key_node, deep=True)
            if not isinstance(key, (str, int, float, bool)):
                line, col = _mark(key_node)
                problems.append(Problem(filename, line, col, "a mapping key must be a plain value"))
                continue
            if key in result:
                line, col = _mark(key_node)
                problems.append(Problem(filename, line, col, f"duplicate key '{key}'"))
                continue
            key_marks[pointer + (key,)] = _mark(key_node)
            result[key] = _construct(loader, value_node, pointer + (key,), marks,
                                     key_marks, problems, filename)
        return result
    if isinstance(node, yaml.SequenceNode):
        return [_construct(loader, child, pointer + (i,), marks, key_marks, problems, filename)
                for i, child in enumerate(node.value)]
    return loader.construct_object(node, deep=True)


# --- Loading and validating ------------------------------------------------

def _read_schema(path) -> dict:
    # printkit's own files, so libyaml's parser (when PyYAML has it) may read
    # them: six times faster than the pure-Python one, which specs keep for
    # its error messages.
    with open(path, encoding="utf-8") as f:
        return yaml.load(f, Loader=getattr(yaml, "CSafeLoader", yaml.SafeLoader))


@cache
def validator_for(game: str) -> jsonschema.Draft202012Validator:
    """The schema validator of one game; "common.yaml" holds shared definitions."""
    common = Resource.from_contents(_read_schema(SCHEMAS_DIR / "common.yaml"), default_specification=DRAFT202012)
    registry = Registry().with_resource("common.yaml", common)
    return jsonschema.Draft202012Validator(_read_schema(games.schema_path(game)), registry=registry)


def load(name: str, check: bool = True) -> Spec:
    """Load a bundled game id or a spec path; raise SpecError listing every problem.

    With ``check`` the game's own checks (``check_spec`` in its rules module)
    run after the schema, so layouts that the schema accepts but the game
    cannot use are reported too."""
    path = resolve(name)
    filename = display_path(path)
    try:
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
        problems = games.stage(game, "checks").check_spec(spec)
    errors = [p for p in problems if p.severity == "error"]
    if errors:
        raise SpecError(errors)
    spec.warnings = [p for p in problems if p.severity != "error"]
    return spec


def schema_problems(spec: Spec) -> list[Problem]:
    """Every schema violation in the spec, in file order."""
    problems = []
    for error in validator_for(spec.game).iter_errors(spec.data):
        pointer = tuple(error.absolute_path)
        if error.validator == "additionalProperties" and isinstance(error.instance, dict):
            allowed = set(error.schema.get("properties", {}))
            for key in error.instance:
                if key not in allowed:
                    hint = f" (known keys: {', '.join(sorted(allowed))})" if allowed else ""
                    problems.append(spec.problem(pointer + (key,), f"unknown key '{key}'{hint}", key=True))
            continue
        where = "/".join(str(p) for p in pointer) or "spec"
        problems.append(spec.problem(pointer, f"{where}: {_friendly(error)}"))
    problems.sort(key=lambda p: (p.line or 0, p.column or 0))
    return problems


def _friendly(error: jsonschema.ValidationError) -> str:
    if error.validator == "required":
        return error.message.replace("is a required property", "is required")
    if error.validator == "type":
        return f"expected {error.validator_value}, got {error.instance!r}"
    if error.validator == "pattern" and "description" in error.schema:
        return f"{error.instance!r} is not {error.schema['description']}"
    if error.validator in ("minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum"):
        return f"{error.instance!r} is out of range ({error.validator} {error.validator_value})"
    return error.message
