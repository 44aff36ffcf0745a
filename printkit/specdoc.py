"""The spec reference: every key of each game's schema, with its type, range
and unit, its value in the bundled spec and the comment beside it there.

Generated from the schemas and the bundled specs, so it cannot drift from
them; ``python scripts/spec_reference.py`` writes it into
docs/spec-reference.md between its markers, and a test checks that the page
holds the current one.
"""

from __future__ import annotations

import json
import re

import yaml

from . import SPECS_DIR, games, plainyaml
from .sheets import PAPERS, SAFE_MARGIN, content_box, landscape

COMMON = "common.yaml"


def _load(path):
    with open(path, encoding="utf-8") as handle:
        return yaml.safe_load(handle)


def _resolve(node: dict, doc: dict, common: dict) -> tuple[dict, dict]:
    """The node with its $ref followed, and the document it now comes from."""
    while isinstance(node, dict) and "$ref" in node:
        ref = node["$ref"]
        name, _, pointer = ref.partition("#")
        doc = common if name == COMMON else doc
        target = doc
        for step in [s for s in pointer.split("/") if s]:
            target = target[step]
        node = {**target, **{k: v for k, v in node.items() if k != "$ref"}}
    return node, doc


def _unit(key: str) -> str:
    return "mm" if str(key).endswith("_mm") else ""


def _kind(node: dict) -> str:
    if "const" in node:
        return f"`{json.dumps(node['const'])}`"
    if "enum" in node:
        return "one of " + ", ".join(f"`{v}`" for v in node["enum"])
    kind = node.get("type", "")
    if isinstance(kind, list):
        kind = " or ".join(kind)
    words = {"integer": "whole number", "number": "number", "string": "text", "boolean": "true/false",
             "object": "mapping", "array": "list"}
    text = words.get(kind, kind or "value")
    if "pattern" in node and "description" in node:
        text += f" ({node['description']})"
    return text


def _range(node: dict, unit: str) -> str:
    low = node.get("minimum", node.get("exclusiveMinimum"))
    high = node.get("maximum", node.get("exclusiveMaximum"))
    suffix = f" {unit}" if unit else ""
    parts = []
    if low is not None and high is not None:
        parts.append(f"{low:g} to {high:g}{suffix}" if low != high else f"{low:g}{suffix}")
    elif low is not None:
        parts.append(f"at least {low:g}{suffix}")
    elif high is not None:
        parts.append(f"at most {high:g}{suffix}")
    if "minItems" in node or "maxItems" in node:
        lo, hi = node.get("minItems"), node.get("maxItems")
        parts.append(f"{lo} items" if lo == hi and lo is not None else
                     f"{lo if lo is not None else 0} to {hi if hi is not None else 'any'} items")
    if "maxLength" in node:
        parts.append(f"up to {node['maxLength']} characters")
    return "; ".join(parts)


def _comments(text: str) -> dict[int, str]:
    """Line number -> the comment that describes the key on it: a comment at
    the end of the line, else the comment lines just above it."""
    lines = text.splitlines()
    found = {}
    for number, line in enumerate(lines, 1):
        stripped = line.strip()
        if not stripped or stripped.startswith("#"):
            continue
        # A comment starts at " #" outside quotes (a quadrant's apostrophe is not a quote).
        trailing = re.search(r"\s{2,}#\s?(.*)$", line) or (
            re.search(r"\s#\s?(.*)$", line) if line.count('"') % 2 == 0 else None)
        if trailing:
            found[number] = trailing.group(1).strip()
            continue
        above = []
        k = number - 2
        while k >= 0 and lines[k].strip().startswith("#"):
            above.insert(0, lines[k].strip().lstrip("#").strip())
            k -= 1
        if above:
            found[number] = " ".join(above)
    return found


def _rows(node, schema, common, path, required, spec, comments, rows):
    node, schema = _resolve(node, schema, common)
    if path:
        unit = _unit(path[-1])
        value = spec.data
        try:
            for step in [p for p in path if p != "[]"]:
                value = value[step] if not isinstance(value, list) else value[0][step]
            shown = json.dumps(value, ensure_ascii=False) if not isinstance(value, (dict, list)) else ""
            present = True
        except (KeyError, IndexError, TypeError):
            shown, present = "", False
        concrete = tuple(p if p != "[]" else 0 for p in path)
        # A key the bundled spec leaves out has no comment of its own there.
        line, _ = spec.where(concrete, key=True) if present else (None, None)
        # A key on its parent's line (a flow mapping) shares the parent's comment: say it once.
        parent_line = spec.where(concrete[:-1], key=True)[0] if len(concrete) > 1 else None
        note = comments.get(line, "") if line and line != parent_line else ""
        name = ".".join(str(p) for p in path).replace(".[]", "[]")
        rows.append((name, _kind(node), _range(node, unit), "yes" if required else "",
                     plainyaml.short(shown, 40).strip("'") if shown else "", note))
    props = node.get("properties", {})
    needed = set(node.get("required", []))
    for key, child in props.items():
        _rows(child, schema, common, path + (key,), key in needed, spec, comments, rows)
    items = node.get("items")
    if isinstance(items, dict):
        resolved, schema = _resolve(items, schema, common)
        if resolved.get("properties"):
            for key, child in resolved["properties"].items():
                _rows(child, schema, common, path + ("[]", key), key in set(resolved.get("required", [])),
                      spec, comments, rows)


def _cell(value) -> str:
    """A table cell's Markdown: pipes escaped, and outside code spans a ``<``
    written as an entity, so that ``output/<id>/`` shows rather than being
    taken for an HTML tag."""
    parts = str(value).replace("|", "\\|").split("`")
    return "`".join(p if i % 2 else p.replace("<", "&lt;") for i, p in enumerate(parts))


def game_reference(game: str) -> str:
    """The reference table of one game's spec, in Markdown."""
    from .spec import SCHEMAS_DIR, load

    schema = _load(games.schema_path(game))
    common = _load(SCHEMAS_DIR / COMMON)
    spec = load(str(SPECS_DIR / f"{game}.yaml"), check=False)
    comments = _comments((SPECS_DIR / f"{game}.yaml").read_text(encoding="utf-8"))
    rows: list[tuple] = []
    _rows(schema, schema, common, (), True, spec, comments, rows)
    out = [f"### `{game}` (`specs/{game}.yaml`)", "",
           "| key | value | range | required | bundled | meaning |", "|---|---|---|---|---|---|"]
    for row in rows:
        out.append("| " + " | ".join(_cell(c) for c in (f"`{row[0]}`",) + row[1:]) + " |")
    return "\n".join(out)


def printable_limits() -> str:
    """The printable area of each paper: what every part must fit."""
    out = ["| paper | sheet | printable area for parts | on its side (for wide parts) |", "|---|---|---|---|"]
    for paper in PAPERS.values():
        _, _, w, h = content_box(paper)
        _, _, lw, lh = content_box(landscape(paper))
        out.append(f"| {paper.name} | {paper.width:g} x {paper.height:g} mm | {w:.1f} x {h:.1f} mm | "
                   f"{lw:.1f} x {lh:.1f} mm |")
    return "\n".join(out) + (f"\n\nThe printable area is the sheet less {SAFE_MARGIN:g} mm margins and the bands "
                             "for each sheet's title and legend. Parts may be turned by 90 degrees where "
                             "they allow it; `printkit validate` checks every part on both papers.\n\n"
                             "Words a spec sets (the title, the credit, the description, colour, shape and "
                             "die names) wrap and shrink where they print, never below 6 pt on a sheet or "
                             "the box label, 5 pt on a piece; a text that cannot fit even so is refused "
                             "when the spec is loaded, at its line, saying how many of its characters fit "
                             "(wide letters such as W take more room than narrow ones).")


def reference() -> str:
    """The whole generated section: printable limits, then every game's keys."""
    from .spec import bundled_games

    parts = ["## Printable limits", "", printable_limits(), "", "## Every key of every game", ""]
    for game in bundled_games():
        parts += [game_reference(game), ""]
    return "\n".join(parts).rstrip() + "\n"


START = "<!-- spec reference: generated by scripts/spec_reference.py; do not edit by hand -->"
END = "<!-- end of spec reference -->"


def with_reference(page: str) -> str:
    """The page's text with its generated block replaced by the current reference."""
    head, _, rest = page.partition(START)
    _, _, tail = rest.partition(END)
    return f"{head}{START}\n{reference()}{END}{tail}"
