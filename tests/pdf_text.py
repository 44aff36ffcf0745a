"""The text of a PDF's pages as pypdf reads it, read once a test run.

pypdf reads a page's text by walking its content stream in Python, the
slowest step of many tests; and the same rulebooks and kits are read by
several tests, in several files, on every worker of ``pytest -n``. Here each
distinct PDF is read once: one ``extract_text`` a page gives both the text
and every piece of text the page draws (what pypdf hands its
``visitor_text``), found by the hash of the PDF's bytes: the last few PDFs
read are kept in memory and, once tests/conftest.py has given
tests/rulebook_cases.py its shared folder, every one is kept on disk beside
the rulebooks, under a file lock, so the other worker and later tests read
what the first one found.
"""

from __future__ import annotations

import hashlib
import io
import os
import pickle
from collections import OrderedDict
from pathlib import Path
from typing import NamedTuple

from pypdf import PdfReader

import rulebook_cases
from made_once import made_once


class Page(NamedTuple):
    text: str  # page.extract_text()
    # Each piece of text as extract_text hands it to its visitor_text, in
    # order: (text, cm, tm, font's /BaseFont or None, font size).
    runs: tuple


# The PDFs read last, by hash: a test file reads the same few PDFs test after
# test; an older one is read again from its file in the shared folder.
_READ: OrderedDict[str, tuple[Page, ...]] = OrderedDict()
_KEEP = 16


def _number(value):
    """A matrix entry or size as a plain number of the same value (pypdf's
    number objects are float or int subclasses: the arithmetic is the same)."""
    return float(value) if isinstance(value, float) else int(value) if isinstance(value, int) else value


def _read(data: bytes) -> tuple[Page, ...]:
    pages = []
    for page in PdfReader(io.BytesIO(data)).pages:
        runs = []

        def visit(text, cm, tm, font, size, runs=runs):
            name = font.get("/BaseFont") if font is not None else None
            runs.append((str(text), tuple(_number(v) for v in cm), tuple(_number(v) for v in tm),
                         None if name is None else str(name), _number(size)))

        text = page.extract_text(visitor_text=visit)
        pages.append(Page(str(text), tuple(runs)))
    return tuple(pages)


def pages(pdf: bytes | str | os.PathLike) -> tuple[Page, ...]:
    """Every page of ``pdf`` (its bytes, or the path of a PDF file): its text and its pieces of text."""
    data = pdf if isinstance(pdf, bytes) else Path(pdf).read_bytes()
    key = hashlib.sha256(data).hexdigest()[:32]
    if key in _READ:
        _READ.move_to_end(key)
        return _READ[key]
    folder = rulebook_cases.SHARED
    if folder is None:
        read = _read(data)
    else:
        read = pickle.loads(made_once(folder / f"{key}.text.pickle",
                                      lambda: pickle.dumps(_read(data), protocol=pickle.HIGHEST_PROTOCOL)))
    _READ[key] = read
    while len(_READ) > _KEEP:
        _READ.popitem(last=False)
    return read


def texts(pdf: bytes | str | os.PathLike) -> list[str]:
    """``page.extract_text()`` of every page of ``pdf``."""
    return [page.text for page in pages(pdf)]
