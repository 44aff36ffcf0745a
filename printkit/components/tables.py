"""A component's rows: inline in the spec (``rows:``) or a CSV file beside it
(``table: cards.csv``), one row per kind of piece with a ``count`` column
(1 where there is none).

A CSV file is read with the standard library's csv module, at most
``MAX_BYTES`` and ``MAX_ROWS`` rows, UTF-8 (a byte-order mark allowed), its
first row the column names. Every problem names the file and the line the
row starts on; a row of the spec, its line in the spec.
"""

from __future__ import annotations

import csv
import io
from dataclasses import dataclass

from ..errors import Problem, SpecError
from ..spec import display_path, hidden_text
from .files import Refused, read, utf8_text

MAX_BYTES = 1_000_000
MAX_ROWS = 2000
MAX_CELL = 2000  # characters
MAX_COUNT = 500  # pieces of one row
MAX_PIECES = 2000  # pieces of one component


@dataclass
class Row:
    """One row: its values by column (text), how many pieces it makes, and
    where it is (``problem``)."""

    values: dict
    count: int
    file: str
    line: int | None
    pointer: tuple | None = None  # an inline row: its place in the spec
    spec: object = None

    def get(self, column: str, default: str = "") -> str:
        return self.values.get(column, default)

    def problem(self, column: str | None, message: str) -> Problem:
        """A problem with this row (at ``column``'s cell, where it is known)."""
        said = f"column {column!r}: {message}" if column else message
        if self.pointer is not None:
            pointer = self.pointer + ((column,) if column and column in self.values else ())
            return self.spec.problem(pointer, f"row {self.pointer[-1] + 1}: {said}")
        return Problem(self.file, self.line, None, f"row at line {self.line}: {said}")

    def fail(self, column: str | None, message: str):
        raise SpecError([self.problem(column, message)])


def rows(ctx, keys: tuple = ()) -> list[Row]:
    """The rows of ctx's component (``rows:`` or ``table:``, under ``keys``)."""
    component = ctx.component
    for key in keys:
        component = component[key]
    if "table" in component:
        return _csv_rows(ctx, keys + ("table",), component["table"])
    inline = component.get("rows") or []
    out = []
    for i, entry in enumerate(inline):
        pointer = ctx.pointer(*keys, "rows", i)
        values = {str(k): _text(v) for k, v in entry.items()}
        count = entry.get("count", 1)
        out.append(Row(values, count, display_path(ctx.spec.path), ctx.spec.where(pointer)[0], pointer, ctx.spec))
    _check_total(ctx, keys + ("rows",), out)
    return out


def _text(value) -> str:
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    return "" if value is None else str(value)


def _csv_rows(ctx, keys: tuple, name: str) -> list[Row]:
    key = ("table", str(ctx.folder), name)
    if key in ctx.cache:
        return ctx.cache[key]
    try:
        path, data = read(ctx.folder, name, MAX_BYTES, "table")
    except Refused as why:
        ctx.fail(keys, str(why))
    if not name.lower().endswith(".csv"):
        ctx.fail(keys, f"table {name!r}: give a .csv file")
    shown = display_path(path)
    text = utf8_text(data, shown, "table as UTF-8 CSV")
    reader = csv.reader(io.StringIO(text, newline=""), strict=True)
    out: list[Row] = []
    problems: list[Problem] = []
    header = None
    start = 1
    try:
        for record in reader:
            line, start = start, reader.line_num + 1
            if not any(cell.strip() for cell in record):
                continue  # a blank line
            if header is None:
                header = [cell.strip() for cell in record]
                problems += _header_problems(shown, line, header)
                if problems:
                    break
                continue
            if len(out) >= MAX_ROWS:
                problems.append(Problem(shown, line, None, f"more than {MAX_ROWS:,} rows; a table holds at most "
                                                           f"{MAX_ROWS:,}"))
                break
            if len(record) != len(header):
                problems.append(Problem(shown, line, None, f"row at line {line} has {len(record)} cells; the "
                                                           f"header names {len(header)} columns"))
                continue
            values = dict(zip(header, (cell.strip() for cell in record)))
            row = Row(values, 1, shown, line)
            bad = _cell_problems(row)
            if bad:
                problems += bad
                continue
            count = values.get("count", "1") or "1"
            if not count.isdecimal() or not 0 <= int(count) <= MAX_COUNT:
                problems.append(row.problem("count", f"{count[:20]!r} is not a count of pieces from 0 to "
                                                     f"{MAX_COUNT}"))
                continue
            row.count = int(count)
            out.append(row)
    except csv.Error as exc:
        problems.append(Problem(shown, start, None, f"not a sound CSV row: {exc}"))
    if header is None and not problems:
        problems.append(Problem(shown, 1, None, "the table is empty: give a header row of column names "
                                                "and a row per kind of card"))
    if problems:
        raise SpecError(problems[:20])
    if not out:
        ctx.fail(keys, f"table {name!r} has no rows under its header")
    _check_total(ctx, keys, out)
    ctx.cache[key] = out
    return out


def _header_problems(shown: str, line: int, header: list) -> list:
    problems = []
    seen = set()
    for cell in header:
        if not cell:
            problems.append(Problem(shown, line, None, "the header has a column without a name"))
        elif cell in seen:
            problems.append(Problem(shown, line, None, f"the header names column {cell!r} twice"))
        seen.add(cell)
    return problems


def _cell_problems(row: Row) -> list:
    problems = []
    for column, cell in row.values.items():
        if len(cell) > MAX_CELL:
            problems.append(row.problem(column, f"{len(cell):,} characters; a cell holds at most {MAX_CELL:,}"))
            continue
        why = hidden_text(cell) if cell else None
        if why is not None and "line break" not in why:
            problems.append(row.problem(column, f"{cell[:40]!r} {why}"))
    return problems


def _check_total(ctx, keys: tuple, out: list) -> None:
    total = sum(row.count for row in out)
    if total > MAX_PIECES:
        ctx.fail(keys, f"the rows make {total:,} pieces; a component makes at most {MAX_PIECES:,}")
    if total == 0:
        ctx.fail(keys, "the rows make no pieces (every count is 0)")
