"""Reading a position file: JSON, strictly.

Every game's position format holds whole numbers, booleans, strings, null,
lists and objects, never a fraction: ``2.0``, ``1e3``, ``NaN`` and
``Infinity`` are refused wherever they appear, and so is a key given twice
in one object (a square given twice would hold two pieces). Each refusal
names the file, line and column. Whether a value is a boolean where a number
belongs is the game's check (``rules.base.same_json`` helps).
"""

from __future__ import annotations

import json
import re
from pathlib import Path

from .errors import PrintkitError
from .spec import text_position

MAX_BYTES = 1_000_000  # a position of any bundled game is a few kilobytes

# After json.loads has accepted the text, these tokens are all that matters:
# strings (keys or values), brackets, and numbers or constants outside strings.
_TOKEN = re.compile(r'"(?:[^"\\]|\\.)*"|[{}\[\]]|-?(?:\d+(?:\.\d+)?(?:[eE][-+]?\d+)?|Infinity)|NaN')


def _where(text: str, offset: int) -> tuple[int, int]:
    line = text.count("\n", 0, offset) + 1
    return line, offset - (text.rfind("\n", 0, offset) + 1) + 1


def _fail(path, text: str, offset: int, message: str):
    line, column = _where(text, offset)
    raise PrintkitError(f"{path}:{line}:{column}: {message}")


def read(path: Path) -> tuple:
    """The JSON value in a position file and the file's text (for ``place``),
    or PrintkitError saying where it is wrong."""
    try:
        size = path.stat().st_size
        if size > MAX_BYTES:
            raise PrintkitError(f"{path}: the file is {size:,} bytes; a position file is at most {MAX_BYTES:,} "
                                "(one from printkit apply is a few kilobytes)")
        with open(path, "rb") as handle:  # a pipe or a device (/dev/stdin) has no size to check first
            raw = handle.read(MAX_BYTES + 1)
    except OSError as exc:
        raise PrintkitError(f"{path}: cannot read position: {exc.strerror}") from None
    if len(raw) > MAX_BYTES:
        raise PrintkitError(f"{path}: more than {MAX_BYTES:,} bytes; a position file is at most {MAX_BYTES:,} "
                            "(one from printkit apply is a few kilobytes)")
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        line, column = text_position(raw, exc.start)
        raise PrintkitError(f"{path}:{line}:{column}: cannot read position: not UTF-8 text "
                            f"(byte 0x{raw[exc.start]:02x}); save it as UTF-8") from None
    try:
        value = json.loads(text)
    except json.JSONDecodeError as exc:
        raise PrintkitError(f"{path}:{exc.lineno}:{exc.colno}: malformed position JSON: {exc.msg}") from None
    except (ValueError, RecursionError) as exc:  # a number too long to read, nesting too deep
        _locate(path, text)
        raise PrintkitError(f"{path}: malformed position JSON: {str(exc)[:200]}") from None
    _check_tokens(path, text)
    return value, text


# What a game's refusal of a position names: a path from the top
# ("position.players[1].cache"), else the first top-level key it quotes.
_PATH = re.compile(r"position((?:\.[A-Za-z_][\w-]*|\[\d+\])+)")
_STEP = re.compile(r"\.([A-Za-z_][\w-]*)|\[(\d+)\]")
_QUOTED = re.compile(r"'([A-Za-z_][\w-]*)'")
# Every JSON token, the literals included (the text has been read as JSON already).
_VALUE = re.compile(r'"(?:[^"\\]|\\.)*"|[{}\[\]]|[^\s,:{}\[\]"]+')


def place(path, text: str, value, message: str, at=None) -> str:
    """``path:line:column`` of the key or item at fault in the position
    ``text`` (whose JSON ``value``): ``at``, the refusal's own path to it
    (``IllegalAction.at``: keys and list indexes from the top) where the
    game gives one, else what ``message`` names (a path from the top,
    ``position.players[1].cache``, or the first top-level key it quotes);
    the deepest of them the text holds (a missing key: its object), and
    the position's first character for the position as a whole or a
    refusal that names nothing in it: every refusal has a line."""
    if at is not None:
        steps = list(at)
    else:
        found = _PATH.search(message)
        steps = [key if key else int(index) for key, index in _STEP.findall(found.group(1))] if found else []
        if not steps and isinstance(value, dict):
            steps = [key for key in _QUOTED.findall(message) if key in value][:1]
    offset = _offset(text, steps) if steps else None
    if offset is None:
        offset = len(text) - len(text.lstrip())  # the whole position: where its value starts
    line, column = _where(text, offset)
    return f"{path}:{line}:{column}"


def _offset(text: str, steps: list):
    """Where the deepest of ``steps`` (keys and list indexes from the top)
    found in ``text`` starts: the key in an object, the item in a list."""
    tokens = [(m.group(), m.start()) for m in _VALUE.finditer(text)]

    def after(i: int) -> int:  # the token after the value starting at token i
        depth = 0
        while True:
            t = tokens[i][0]
            if t == "{" or t == "[":
                depth += 1
            elif t == "}" or t == "]":
                depth -= 1
            i += 1
            if depth == 0:
                return i

    start, offset = 0, None
    for step in steps:
        t = tokens[start][0]
        i = start + 1
        if isinstance(step, str) and t == "{":
            while tokens[i][0] != "}" and json.loads(tokens[i][0]) != step:
                i = after(i + 1)
            if tokens[i][0] == "}":
                break
            start, offset = i + 1, tokens[i][1]
        elif isinstance(step, int) and t == "[":
            for _ in range(step):
                if tokens[i][0] == "]":
                    break
                i = after(i)
            if tokens[i][0] == "]":
                break
            start, offset = i, tokens[i][1]
        else:
            break
    return offset


MAX_DEPTH = 100  # lists and objects in lists and objects; a position nests a few levels


def _locate(path, text: str) -> None:
    """Where the text json.loads could not take in goes wrong: a number with
    thousands of digits, or brackets nested thousands deep."""
    depth = 0
    for token in _TOKEN.finditer(text):
        t = token.group()
        if t in "{[":
            depth += 1
            if depth > MAX_DEPTH:
                _fail(path, text, token.start(), f"lists and objects nested more than {MAX_DEPTH} deep; "
                                                 "a position nests a few levels")
        elif t in "}]":
            depth -= 1
        elif t[0] in "-0123456789" and len(t) > 100:
            _fail(path, text, token.start(), f"a number of {len(t):,} characters; the numbers in a "
                                             "position are small whole numbers")


def _check_tokens(path, text: str) -> None:
    keys: list[set | None] = []  # per open bracket: the keys seen so far ({}), or None ([])
    tokens = list(_TOKEN.finditer(text))
    for i, token in enumerate(tokens):
        t = token.group()
        if t in "{[":
            keys.append(set() if t == "{" else None)
        elif t in "}]":
            keys.pop()
        elif t[0] == '"':
            rest = text[token.end():].lstrip()
            if keys and keys[-1] is not None and rest.startswith(":"):
                key = json.loads(t)
                if key in keys[-1]:
                    _fail(path, text, token.start(), f"key {t[:60]} is given twice in one object")
                keys[-1].add(key)
        elif t in ("NaN", "Infinity", "-Infinity"):
            _fail(path, text, token.start(), f"{t} is not a number a position can hold")
        elif not re.fullmatch(r"-?\d+", t):
            _fail(path, text, token.start(),
                  f"{t[:40]}: numbers in a position are whole numbers written without a decimal point")
