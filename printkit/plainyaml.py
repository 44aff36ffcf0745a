"""YAML read as plain data, with the line and column of every value.

A spec is data from strangers, so the reader knows only what a spec needs:
mappings, lists, strings, whole numbers, finite numbers, booleans and null,
plus anchors, aliases and merge keys (``<<``) for repetition. No timestamp is
ever made (``2023-02-30`` is the string it looks like), no tag constructs
anything, and every value that cannot be read is one clean problem at its
line. Size is bounded before the work is done: the file's bytes, the nodes
composed, the values an alias or merge expands to, the nesting, and the
length of one value.
"""

from __future__ import annotations

import math
from functools import lru_cache
from typing import Any

import yaml

from .errors import Problem, SpecError

MAX_BYTES = 256_000  # the bundled specs are 3 KB
MAX_NODES = 10_000  # composed from the text; the bundled specs have about 250
MAX_VALUES = 10_000  # after aliases and merges are expanded
MAX_DEPTH = 50
MAX_SCALAR = 10_000  # characters in one value

_STR = "tag:yaml.org,2002:str"
_PLAIN_TAGS = {
    yaml.MappingNode: {"tag:yaml.org,2002:map"},
    yaml.SequenceNode: {"tag:yaml.org,2002:seq"},
    yaml.ScalarNode: {_STR, "tag:yaml.org,2002:int", "tag:yaml.org,2002:float",
                      "tag:yaml.org,2002:bool", "tag:yaml.org,2002:null"},
}


class _Refused(yaml.MarkedYAMLError):
    """A plain-data rule broken at a mark; reported like a YAML error."""

    def __init__(self, message: str, mark):
        super().__init__(problem=message, problem_mark=mark)


class PlainLoader(yaml.SafeLoader):
    """SafeLoader without timestamps, counting the nodes it composes."""

    yaml_implicit_resolvers = {
        first: [(tag, regexp) for tag, regexp in resolvers if tag != "tag:yaml.org,2002:timestamp"]
        for first, resolvers in yaml.SafeLoader.yaml_implicit_resolvers.items()
    }

    def __init__(self, stream):
        super().__init__(stream)
        self.nodes = 0

    def compose_node(self, parent, index):
        self.nodes += 1
        if self.nodes > MAX_NODES:
            raise _Refused(f"the spec has more than {MAX_NODES:,} values; a spec needs a few hundred",
                           self.peek_event().start_mark)
        return super().compose_node(parent, index)


def _mark(node) -> tuple[int, int]:
    return (node.start_mark.line + 1, node.start_mark.column + 1)


def short(value: Any, limit: int = 60) -> str:
    """repr(value), cut to about limit characters for a message."""
    text = repr(value)
    return text if len(text) <= limit else text[:limit - 12] + f"... ({len(text):,} characters)"


# Plain sentences for PyYAML's most common complaints.
_PLAIN_WORDS = [
    ("mapping values are not allowed here",
     "a ':' where none belongs: quote a value that contains ': ', or check the indentation of this line"),
    ("could not find expected ':'", "a key without its ':', or a line indented differently from the one above"),
    ("did not find expected key", "this line is not indented like the keys around it"),
    ("did not find expected '-' indicator", "this line is not indented like the list items around it"),
    ("expected <block end>", "this line is indented differently from the block it belongs to"),
    ("found character '\\t' that cannot start any token", "YAML does not allow tabs for indentation; use spaces"),
    ("found unexpected end of stream", "the file ends inside a quoted value or brackets; a closing quote or "
                                       "bracket is missing"),
    ("found undefined alias", "an alias '*name' needs an anchor '&name' earlier in the file"),
    ("found unknown escape character", "inside double quotes a backslash starts an escape; use single quotes"),
    ("expected ',' or ']'", "a list in [brackets] is not closed, or its items lack commas"),
    ("expected ',' or '}'", "a mapping in {braces} is not closed, or its entries lack commas"),
    ("found duplicate anchor", "two anchors have the same name"),
]


def _plain_sentence(problem: str) -> str:
    for start, sentence in _PLAIN_WORDS:
        if start in problem:
            return sentence
    return "the file is not valid YAML from here on"


def _unprintable(text: str, filename: str) -> None:
    """Characters YAML forbids (NUL, most control characters): refuse at their place."""
    found = yaml.reader.Reader.NON_PRINTABLE.search(text)
    if found:
        offset = found.start()
        line = text.count("\n", 0, offset) + 1
        column = offset - (text.rfind("\n", 0, offset) + 1) + 1
        char = found.group()
        raise SpecError([Problem(filename, line, column,
                                 f"the character U+{ord(char):04X} ({char!r}) is not allowed in YAML; "
                                 "is this a text file?")])


def parse(text: str, filename: str) -> tuple[Any, dict, dict]:
    """Plain data from YAML text, and the marks of every value and key:
    (data, marks, key_marks), marks mapping a pointer (keys and list indexes)
    to (line, column), 1-based. Raises SpecError listing every problem."""
    # A build, a check and the live table read the same spec again and
    # again: it is parsed once, and each caller gets data of its own.
    data, marks, key_marks = _parse(text, filename)
    return _copy(data), dict(marks), dict(key_marks)


def _copy(value):
    """A copy of plain data: its mappings and lists new, all the way down."""
    if isinstance(value, dict):
        return {key: _copy(item) for key, item in value.items()}
    if isinstance(value, list):
        return [_copy(item) for item in value]
    return value  # a string, number, boolean or None


@lru_cache(maxsize=32)
def _parse(text: str, filename: str) -> tuple[Any, dict, dict]:
    if len(text) > MAX_BYTES:
        raise SpecError([Problem(filename, None, None,
                                 f"the spec is {len(text):,} characters long; a spec is at most "
                                 f"{MAX_BYTES:,} (the bundled ones are about 3,000)")])
    _unprintable(text, filename)
    loader = PlainLoader(text)
    problems: list[Problem] = []
    aliases = "*" in text
    try:
        node = loader.get_single_node()
        marks: dict = {}
        key_marks: dict = {}
        if node is None:
            return None, marks, key_marks
        builder = _Builder(loader, filename, problems, aliases)
        data = builder.value(node, (), marks, key_marks)
    except yaml.MarkedYAMLError as exc:
        raise SpecError([_yaml_problem(exc, filename)]) from None
    except yaml.YAMLError as exc:
        raise SpecError([Problem(filename, None, None, f"broken YAML: {short(str(exc), 200)}")]) from None
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


def _yaml_problem(exc: yaml.MarkedYAMLError, filename: str) -> Problem:
    mark = exc.problem_mark or exc.context_mark
    line = mark.line + 1 if mark else None
    column = mark.column + 1 if mark else None
    if isinstance(exc, _Refused):
        return Problem(filename, line, column, exc.problem)
    message = exc.problem or exc.context or "cannot parse"
    if exc.context and exc.problem and exc.context_mark:
        # e.g. "while parsing a flow sequence" -> where that sequence began
        where = f"line {exc.context_mark.line + 1}, column {exc.context_mark.column + 1}"
        message += f" ({exc.context.removeprefix('while ')} that starts at {where})"
    return Problem(filename, line, column, f"broken YAML: {message}: {_plain_sentence(message)}")


class _Builder:
    """Plain values from composed nodes, bounded and marked."""

    def __init__(self, loader: PlainLoader, filename: str, problems: list, aliases: bool):
        self.loader, self.filename, self.problems = loader, filename, problems
        self.aliases = aliases
        self.count = 0
        self.merged_sizes: dict[int, int] = {}

    def refuse(self, node, message: str):
        raise _Refused(message, node.start_mark)

    def problem(self, node, message: str) -> None:
        line, column = _mark(node)
        self.problems.append(Problem(self.filename, line, column, message))

    def value(self, node, pointer, marks, key_marks):
        if len(pointer) > MAX_DEPTH:
            self.refuse(node, f"nested more than {MAX_DEPTH} levels deep"
                        + (" (an alias inside itself?)" if self.aliases else ""))
        self.count += 1
        if self.count > MAX_VALUES:
            self.refuse(node, f"the spec expands to more than {MAX_VALUES:,} values"
                        + (" (aliases or merges repeating each other?)" if self.aliases else ""))
        marks[pointer] = _mark(node)
        if node.tag not in _PLAIN_TAGS[type(node)]:
            tag = node.tag.replace("tag:yaml.org,2002:", "!!")
            self.refuse(node, f"tag {short(tag)} is not allowed in a spec (a spec is plain data)")
        if isinstance(node, yaml.MappingNode):
            return self.mapping(node, pointer, marks, key_marks)
        if isinstance(node, yaml.SequenceNode):
            return [self.value(child, pointer + (i,), marks, key_marks) for i, child in enumerate(node.value)]
        return self.scalar(node)

    def merged_size(self, node) -> int:
        """How many entries a mapping has once its merge keys are expanded,
        counted without expanding them (each shared node once)."""
        known = self.merged_sizes.get(id(node))
        if known is not None:
            return known
        self.merged_sizes[id(node)] = MAX_VALUES + 1  # a merge inside itself counts as too many
        size = 0
        for key_node, value_node in node.value:
            if key_node.tag == "tag:yaml.org,2002:merge":
                sources = value_node.value if isinstance(value_node, yaml.SequenceNode) else [value_node]
                size += sum(self.merged_size(s) for s in sources if isinstance(s, yaml.MappingNode))
            else:
                size += 1
            if size > MAX_VALUES:
                break
        self.merged_sizes[id(node)] = size
        return size

    def mapping(self, node, pointer, marks, key_marks) -> dict:
        if self.merged_size(node) > MAX_VALUES:
            self.refuse(node, f"merge keys ('<<') here expand to more than {MAX_VALUES:,} entries")
        written = sum(1 for key_node, _ in node.value if key_node.tag != "tag:yaml.org,2002:merge")
        try:
            self.loader.flatten_mapping(node)  # resolves merge keys ("<<")
        except yaml.constructor.ConstructorError as exc:
            self.refuse(node, f"a merge key ('<<') takes a mapping or a list of mappings ({exc.problem})")
        # The merged entries come first, then those written here: a key written
        # here overrides a merged one, and a merge listed first overrides those
        # after it (YAML's merge rules); only a key written twice is a mistake.
        merged = len(node.value) - written
        result, here = {}, set()
        for index, (key_node, value_node) in enumerate(node.value):
            if not isinstance(key_node, yaml.ScalarNode):
                self.problem(key_node, "a mapping key must be a plain value")
                continue
            key = self.scalar(key_node)
            if key is _BAD:
                continue
            if index >= merged:
                if key in here:
                    self.problem(key_node, f"duplicate key {short(key)}")
                    continue
                here.add(key)
            key_marks[pointer + (key,)] = _mark(key_node)
            result[key] = self.value(value_node, pointer + (key,), marks, key_marks)
        return result

    def scalar(self, node):
        if node.tag not in _PLAIN_TAGS[yaml.ScalarNode]:
            tag = node.tag.replace("tag:yaml.org,2002:", "!!")
            self.refuse(node, f"tag {short(tag)} is not allowed in a spec (a spec is plain data)")
        if len(node.value) > MAX_SCALAR:
            self.problem(node, f"a value {len(node.value):,} characters long; a spec value is at most "
                               f"{MAX_SCALAR:,}")
            return _BAD
        try:
            value = self.loader.construct_object(node, deep=True)
        except (ValueError, KeyError, OverflowError, yaml.constructor.ConstructorError):
            kind = {"int": "a whole number", "float": "a number", "bool": "true or false"}.get(
                node.tag.rsplit(":", 1)[-1], node.tag)
            self.problem(node, f"{short(node.value)} cannot be read as {kind}")
            return _BAD
        if isinstance(value, float) and not math.isfinite(value):
            self.problem(node, f"{node.value} is not a number a spec can use (give a finite number)")
            return _BAD
        return value


_BAD = object()  # a value already reported as a problem
