"""Text a spec gives is shown on terminals (validate's and balance's reports,
printkit list, moves --as) as well as printed: a character that reorders
or hides what follows (a bidi override or isolate, a zero-width space), a
control character or a line break could make one name read as another, and
a name of zero-width characters shows nothing. Each is refused at the line
and column of its value, or of its key; and colour names are one name in
any case, so Blue and blue are refused as a pair."""

from __future__ import annotations

import json
import re
from contextlib import chdir

import pytest
from click.testing import CliRunner
from hypothesis import given, settings
from hypothesis import strategies as st

from printkit import SPECS_DIR
from printkit import spec as specs
from printkit.cli import main

BIDI = ["\u202a", "\u202b", "\u202c", "\u202d", "\u202e", "\u2066", "\u2067", "\u2068", "\u2069",
        "\u200e", "\u200f", "\u061c"]
HIDDEN = ["\u200b", "\u2060", "\u00ad", "\ufeff", "\u180e"]
CONTROL = ["\x00", "\x01", "\x07", "\x1b", "\x7f", "\x9b", "\t"]
BREAKS = ["\n", "\r", "\x0b", "\x0c", "\x85", "\u2028", "\u2029"]
HOSTILE = BIDI + HIDDEN + CONTROL + BREAKS


def validate(text: str, tmp_path, name: str = "hostile.yaml"):
    """validate's answer for ``text``, run in ``tmp_path``: the file is named as given."""
    (tmp_path / name).write_text(text, encoding="utf-8")
    with chdir(tmp_path):
        result = CliRunner().invoke(main, ["validate", name, "--playouts", "0"])
    assert result.exception is None or isinstance(result.exception, SystemExit), repr(result.exception)
    assert "Traceback" not in result.output
    return result


def bundled(game: str) -> str:
    return (SPECS_DIR / f"{game}.yaml").read_text(encoding="utf-8")


def with_value(text: str, key_line: str, value: str, nth: int = 0) -> tuple[str, int, int]:
    """``text`` with the value on the ``nth`` line starting ``key_line``
    (``title: ``, ``  - {name: ``) replaced by ``value`` written as a JSON
    string (YAML reads it so); the value's line and column."""
    lines = text.splitlines(keepends=True)
    at = [i for i, line in enumerate(lines) if line.startswith(key_line)][nth]
    line = lines[at]
    start = len(key_line)
    end = start + len(re.match(r'"[^"]*"|[^,}\n]*', line[start:]).group(0))
    lines[at] = line[:start] + json.dumps(value) + line[end:]
    return "".join(lines), at + 1, start + 1


# Where each bundled spec holds a title, a colour's name and a description.
PLACES = [("tiles", "title: "), ("phoenix", "title: "), ("phoenix", "  - {name: "), ("lam", "  - {name: "),
          ("mckinney", "description: "), ("playground", "  - {name: ")]


@pytest.mark.parametrize("game, key_line", PLACES)
def test_a_hostile_character_anywhere_in_a_shown_text_is_refused_at_its_line(game, key_line, tmp_path):
    @settings(max_examples=12, deadline=None, derandomize=True)
    @given(st.sampled_from(HOSTILE), st.text(alphabet="BlueSky", min_size=1, max_size=6),
           st.integers(0, 6))
    def check(bad, words, where):
        where = min(where, len(words))
        text, line, column = with_value(bundled(game), key_line, words[:where] + bad + words[where:])
        result = validate(text, tmp_path)
        assert result.exit_code == 2, result.output
        first = result.output.splitlines()[0]
        assert first.startswith(f"hostile.yaml:{line}:{column}: "), result.output
        assert re.search(r"holds (a line break|a control character|U\+[0-9A-F]{4})", first), first
        assert bad not in first  # the message shows it escaped, never as it would act

    check()


@pytest.mark.parametrize("name", ["\u200b", "\u200d", "\u200c\u200d", "\u2060\u2060", "\u3164", "\u0301",
                                  "\ufe0f", "\u2800"])
def test_a_name_that_shows_nothing_is_refused(name, tmp_path):
    text, line, column = with_value(bundled("phoenix"), "  - {name: ", name)
    result = validate(text, tmp_path)
    assert result.exit_code == 2
    assert result.output.startswith(f"hostile.yaml:{line}:{column}: colors/entry 1/name: "), result.output


def test_a_key_is_text_too(tmp_path):
    """Lam's variants are named by their keys, which --variant and the reports show."""
    text = bundled("lam").replace("  two-flag: {flags_to_win: 2}", '  "two\\u202eflag": {flags_to_win: 2}')
    line = text.splitlines().index('  "two\\u202eflag": {flags_to_win: 2}') + 1
    result = validate(text, tmp_path)
    assert result.exit_code == 2
    assert result.output.startswith(f"hostile.yaml:{line}:3: "), result.output
    assert "(a key)" in result.output and "U+202E" in result.output and "\u202e" not in result.output


@pytest.mark.parametrize("title", ["Caf\u00e9", "Cafe\u0301", "Rock\u00a0Paper", "\u0645\u0631\u062d\u0628\u0627",
                                   "A\u200dB", "Sch\u00f6n \u2013 gut"])
def test_text_in_any_script_still_passes(title, tmp_path):
    """Accents (written whole or combining), a no-break space, Arabic, a
    joiner inside a word: text that shows as written is not refused."""
    text, _, _ = with_value(bundled("tiles"), "title: ", title)
    result = validate(text, tmp_path)
    assert result.exit_code == 0, result.output


@pytest.mark.parametrize("game", ["phoenix", "lam", "playground", "mckinney"])
@pytest.mark.parametrize("twin", ["lower", "upper", "spaced", "wide"])
def test_colour_names_are_one_name_in_any_case(game, twin, tmp_path):
    """"moves --as Blue then shows the other seat's view": two colours
    named Blue and blue are refused at the second one's name."""
    text = bundled(game)
    names = re.findall(r"^  - \{name: ([^,]+),", text, flags=re.M)
    first = names[0]
    other = {"lower": first.lower(), "upper": first.upper(), "spaced": f" {first} ",
             "wide": "".join(chr(ord(c) + 0xFEE0) if "!" <= c <= "~" else c for c in first)}[twin]
    changed, line, column = with_value(text, "  - {name: ", other, nth=1)
    result = validate(changed, tmp_path)
    assert result.exit_code == 2, result.output
    assert f"hostile.yaml:{line}:{column}: colours 1 and 2 " in result.output, result.output
    assert "each colour needs its own" in result.output


def test_the_spec_api_gives_the_same_refusal():
    text = bundled("playground").replace("{name: Red,", "{name: blue,")
    spec = specs.Spec(SPECS_DIR / "playground.yaml", *specs.parse_yaml(text, "playground.yaml"))
    problems = specs.colour_name_problems(spec)
    assert [p.message for p in problems] == [
        "colours 1 and 2 are named 'Blue' and 'blue', one name as printkit reads names (in any case): "
        "each colour needs its own"]
