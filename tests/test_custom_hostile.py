"""A custom spec is data from strangers: a path that leads out of its
folder, a bad CSV row, a broken or oversized picture, a huge table are each
refused with file:line, exit code 2, no traceback and nothing written."""

from __future__ import annotations

import io
import os
import struct
import zlib
from pathlib import Path

from click.testing import CliRunner
from hypothesis import given, settings, strategies as st
from PIL import Image

from conftest import budget
from printkit.cli import main

NAME = st.text(alphabet="abcdefghijklmnopqrstuvwxyz0123456789_-", min_size=1, max_size=10)
IMAGE_LINE = 8  # the line of "image:" under "back:" in the spec below


def _spec(folder: Path, back_image: str = "ok.png", table: str = "cards.csv") -> Path:
    path = folder / "game.yaml"
    path.write_text("game: custom\n"               # 1
                    "title: Hostile\n"             # 2
                    "components:\n"                # 3
                    "  - type: cards\n"            # 4
                    f"    table: {table}\n"        # 5
                    "    face: {title: name, image: art}\n"  # 6
                    "    back:\n"                  # 7
                    f"      image: '{back_image}'\n",  # 8
                    encoding="utf-8")
    return path


def _folder(tmp_path: Path, tag: str) -> Path:
    """A fresh game folder inside a parent that holds files of its own (what
    a path out of the folder would reach)."""
    folder = tmp_path / tag / "game"
    folder.mkdir(parents=True)
    Image.new("RGB", (8, 8), "#808080").save(folder / "ok.png")
    Image.new("RGB", (8, 8), "#FF0000").save(tmp_path / tag / "secret.png")
    (folder / "cards.csv").write_text("name,art,count\nOne,ok.png,2\nTwo,ok.png,1\n", encoding="utf-8")
    return folder


def _refused(spec: Path, where: str) -> str:
    out = spec.parent / "out"
    result = CliRunner().invoke(main, ["build", str(spec), "-o", str(out)])
    text = result.output
    assert result.exit_code == 2, text
    assert "Traceback" not in text, text
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    assert where in text, (where, text)
    assert not out.exists()  # nothing written
    return text


_counter = iter(range(10**9))


@settings(max_examples=budget(10), deadline=None, derandomize=True)
@given(st.one_of(
    st.builds(lambda depth, name: "../" * depth + name + ".png", st.integers(1, 4), NAME),
    st.builds(lambda name: f"sub/../../{name}.png", NAME),
    st.just("../secret.png"),
    st.builds(lambda name: f"/tmp/{name}.png", NAME),
    st.just("link.png"),
))
def test_a_picture_outside_the_spec_folder_is_refused_at_its_line(tmp_path_factory, name):
    folder = _folder(tmp_path_factory.mktemp("outside"), str(next(_counter)))
    os.symlink(folder.parent / "secret.png", folder / "link.png")  # a link out of the folder
    spec = _spec(folder, back_image=name)
    text = _refused(spec, f"game.yaml:{IMAGE_LINE}:")
    assert "outside the spec's folder" in text or "relative to the spec's folder" in text


BAD_ROWS = st.sampled_from([
    ("Three,ok.png", "cells"),                      # a cell short
    ("Three,ok.png,1,extra", "cells"),              # a cell over
    ("Three,ok.png,x", "count"),
    ("Three,ok.png,-1", "count"),
    ("Three,ok.png,501", "count"),
    ("Thr\x07ee,ok.png,1", "control character"),
    ("Three,missing.png,1", "no such file"),
    ("Three,../secret.png,1", "outside the spec's folder"),
    ('"Three,ok.png,1', "CSV"),                     # a quote never closed
])


@settings(max_examples=budget(12), deadline=None, derandomize=True)
@given(good_before=st.integers(0, 5), bad=BAD_ROWS)
def test_a_bad_csv_row_is_refused_at_its_line(tmp_path_factory, good_before, bad):
    folder = _folder(tmp_path_factory.mktemp("rows"), "g")
    row, said = bad
    lines = ["name,art,count"] + [f"Good{k},ok.png,1" for k in range(good_before)] + [row, "Last,ok.png,1"]
    (folder / "cards.csv").write_text("\n".join(lines) + "\n", encoding="utf-8")
    text = _refused(_spec(folder), f"cards.csv:{good_before + 2}:")
    assert said in text


def _png_claiming(width: int, height: int) -> bytes:
    """A PNG whose header claims width x height pixels (its data is a few bytes):
    a decompression bomb as a reader meets it."""
    buffer = io.BytesIO()
    Image.new("L", (1, 1)).save(buffer, format="PNG")
    data = bytearray(buffer.getvalue())
    ihdr = data[12:29]  # type and fields of the header chunk
    ihdr[4:12] = struct.pack(">II", width, height)
    data[12:29] = ihdr
    data[29:33] = struct.pack(">I", zlib.crc32(bytes(ihdr)) & 0xFFFFFFFF)
    return bytes(data)


def _truncated_png() -> bytes:
    buffer = io.BytesIO()
    Image.new("RGB", (64, 64), "#123456").save(buffer, format="PNG")
    return buffer.getvalue()[:80]


BROKEN = st.sampled_from([
    ("x.png", lambda: b"not a picture at all", "not a PNG"),
    ("x.png", _truncated_png, "broken"),
    ("x.jpg", lambda: b"\xff\xd8\xff\xe0garbage", "broken"),
    ("x.png", lambda: _png_claiming(60000, 60000), "pixels"),
    ("x.svg", lambda: b"<svg xmlns='http://www.w3.org/2000/svg'><g>", "not a sound SVG"),
    ("x.svg", lambda: b"<html><body/></html>", "not an SVG"),
    ("x.svg", lambda: b"<svg xmlns='http://www.w3.org/2000/svg' xmlns:xlink='http://www.w3.org/1999/xlink' "
                      b"width='5' height='5'><image xlink:href='/etc/passwd' width='5' height='5'/></svg>",
     "refers to another file"),
    ("x.svg", lambda: b"<svg xmlns='http://www.w3.org/2000/svg' width='5' height='5'><image width='5' height='5' "
                      b"href='data:image/png;base64,iVBORw0KGgo='/></svg>", "holds a picture"),
    ("x.svg", lambda: b"<?xml version='1.0'?><!DOCTYPE svg [<!ENTITY e SYSTEM 'file:///etc/passwd'>]>"
                      b"<svg xmlns='http://www.w3.org/2000/svg'>&e;</svg>", "DOCTYPE"),
])


@settings(max_examples=budget(10), deadline=None, derandomize=True)
@given(BROKEN, st.booleans())
def test_a_broken_picture_is_refused_where_it_is_named(tmp_path_factory, broken, in_table):
    folder = _folder(tmp_path_factory.mktemp("broken"), "g")
    name, make, said = broken
    (folder / name).write_bytes(make())
    if in_table:  # named by the table's second row (line 3)
        (folder / "cards.csv").write_text(f"name,art,count\nOne,ok.png,1\nTwo,{name},1\n", encoding="utf-8")
        text = _refused(_spec(folder), "cards.csv:3:")
    else:  # named by the spec's back: image
        text = _refused(_spec(folder, back_image=name), f"game.yaml:{IMAGE_LINE}:")
    assert said in text


def test_a_huge_csv_is_refused_before_it_is_read(tmp_path):
    folder = _folder(tmp_path, "g")
    with open(folder / "cards.csv", "w", encoding="utf-8") as f:
        f.write("name,art,count\n")
        f.write("Card,ok.png,1\n" * 80_000)  # over a megabyte
    text = _refused(_spec(folder), "game.yaml:5:")
    assert "bytes" in text


def test_a_table_of_too_many_rows_is_refused_at_the_first_row_too_many(tmp_path):
    folder = _folder(tmp_path, "g")
    (folder / "cards.csv").write_text("name,art,count\n" + "C,ok.png,0\n" * 2001, encoding="utf-8")
    text = _refused(_spec(folder), "cards.csv:2002:")
    assert "rows" in text


def test_validate_says_the_same_at_the_same_line(tmp_path):
    folder = _folder(tmp_path, "g")
    spec = _spec(folder, back_image="../secret.png")
    result = CliRunner().invoke(main, ["validate", str(spec)])
    assert result.exit_code == 2
    assert f"game.yaml:{IMAGE_LINE}:" in result.output and "outside the spec's folder" in result.output
