"""Careless and hostile input to every command: one clear message naming the
file (and line) and the problem, exit code 2, never a traceback."""

from __future__ import annotations

import os
import re
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from click.testing import CliRunner

from printkit import spec
from printkit.cli import main

COMMANDS = ["build", "validate", "simulate", "moves", "apply"]


def run(*args):
    result = CliRunner().invoke(main, [str(a) for a in args])
    assert "Traceback" not in result.output
    assert result.exception is None or isinstance(result.exception, SystemExit), repr(result.exception)
    return result


def write(tmp_path, name, content):
    path = tmp_path / name
    if isinstance(content, bytes):
        path.write_bytes(content)
    else:
        path.write_text(content, encoding="utf-8")
    return path


# --- specs that are not specs -------------------------------------------------------------

@pytest.mark.parametrize("command", COMMANDS)
def test_a_folder_given_as_spec(tmp_path, command):
    folder = tmp_path / "board.yaml"
    folder.mkdir()
    result = run(command, folder)
    assert result.exit_code == 2
    assert "board.yaml: is a folder, not a spec file" in result.output


def test_a_folder_named_like_a_bundled_game_does_not_hide_it(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "tiles").mkdir()
    result = run("moves", "tiles")
    assert result.exit_code == 0 and "0,0" in result.output


@pytest.mark.parametrize("command", COMMANDS)
def test_an_empty_spec(tmp_path, command):
    result = run(command, write(tmp_path, "empty.yaml", ""))
    assert result.exit_code == 2
    assert "empty.yaml: the spec is empty" in result.output


@pytest.mark.parametrize("command", ["build", "simulate", "apply"])
def test_a_spec_that_is_a_list(tmp_path, command):
    result = run(command, write(tmp_path, "list.yaml", "- game\n- mckinney\n"))
    assert result.exit_code == 2
    assert "list.yaml:1:1: a spec must be a mapping with a 'game' key" in result.output


@pytest.mark.parametrize("command", COMMANDS)
def test_a_spec_that_is_not_utf8_names_line_and_column(tmp_path, command):
    path = write(tmp_path, "latin.yaml", "game: mckinney\ntitle: \"caf\xe9\"\n".encode("latin-1"))
    result = run(command, path)
    assert result.exit_code == 2
    assert "latin.yaml:2:12: not UTF-8 text (byte 0xe9)" in result.output
    assert "codec" not in result.output


def test_a_spec_of_a_rule_set_without_a_schema(tmp_path):
    missing = next((g for g in spec.RULE_SETS if not (spec.SCHEMAS_DIR / f"{g}.yaml").is_file()), None)
    if missing is None:
        pytest.skip("every rule set has its schema")
    result = run("build", write(tmp_path, "new.yaml", f"game: {missing}\n"))
    assert result.exit_code == 2
    assert f"new.yaml:1:7: printkit cannot read {missing} specs yet" in result.output


LAUGHS = "game: mckinney\na: &a [x, x, x, x, x, x, x, x, x]\n" + "".join(
    f"{b}: &{b} [{', '.join(['*' + a] * 9)}]\n" for a, b in zip("abcdefg", "bcdefgh"))


@pytest.mark.parametrize("command", ["build", "validate"])
def test_aliases_that_expand_without_end(tmp_path, command):
    result = run(command, write(tmp_path, "laughs.yaml", LAUGHS))
    assert result.exit_code == 2
    assert re.search(r"laughs\.yaml:\d+:\d+: .*expands to more than \d+ values", result.output)


def test_an_alias_inside_itself(tmp_path):
    result = run("build", write(tmp_path, "loop.yaml", "game: mckinney\na: &a [1, *a]\n"))
    assert result.exit_code == 2
    assert re.search(r"loop\.yaml:2:\d+: .*nested more than \d+ levels deep", result.output)


def test_nesting_too_deep_for_the_parser(tmp_path):
    text = "game: mckinney\nx: " + "[" * 5000 + "]" * 5000 + "\n"
    result = run("build", write(tmp_path, "deep.yaml", text))
    assert result.exit_code == 2
    assert re.search(r"deep\.yaml:2:\d+: nested too deeply", result.output)
