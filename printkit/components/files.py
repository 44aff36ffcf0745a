"""Files a spec names: read only from inside the spec's own folder.

A spec is data from strangers. A name it gives (an image, a table, a
rulebook) is taken relative to the spec's folder and refused when it
leads anywhere else: an absolute path, ``..``, a link that points out of
the folder, something that is not a plain file, or a file larger than the
kind allows. Each refusal is a problem at the line that names the file.
"""

from __future__ import annotations

import os
import stat
from pathlib import Path


class Refused(Exception):
    """Why a file named by a spec is not read (the message, without a place)."""


def inside(folder: Path, name: str, most_bytes: int, what: str = "file") -> Path:
    """The resolved path of ``name`` inside ``folder``, a plain file of at
    most ``most_bytes``; else Refused saying why."""
    if not isinstance(name, str) or not name.strip():
        raise Refused(f"no {what} named")
    if "\0" in name:
        raise Refused(f"{what} {name!r}: a file name holds no NUL character")
    given = Path(name)
    if given.is_absolute() or name.startswith(("/", "\\", "~")) or (len(name) > 1 and name[1] == ":"):
        raise Refused(f"{what} {name!r}: name it relative to the spec's folder; an absolute path is not read")
    base = Path(folder).resolve()
    try:
        # Where the name leads, links followed, before asking whether anything is
        # there: a name outside the folder is refused alike whether it exists or not.
        path = (base / given).resolve()
    except (OSError, RuntimeError) as exc:  # a loop of links, a name too long
        raise Refused(f"{what} {name!r}: cannot be read: {getattr(exc, 'strerror', None) or exc}") from None
    if path != base and base not in path.parents:
        raise Refused(f"{what} {name!r} lies outside the spec's folder; only files in the spec's folder "
                      "and below it are read")
    if not path.exists():
        raise Refused(f"{what} {name!r}: no such file beside the spec")
    try:
        info = os.stat(path)
    except OSError as exc:
        raise Refused(f"{what} {name!r}: cannot be read: {exc.strerror}") from None
    if not stat.S_ISREG(info.st_mode):
        raise Refused(f"{what} {name!r} is not a plain file")
    if info.st_size > most_bytes:
        raise Refused(f"{what} {name!r} is {info.st_size:,} bytes; a {what} is at most {most_bytes:,}")
    if not os.access(path, os.R_OK):
        raise Refused(f"{what} {name!r}: cannot be read (permission denied)")
    return path


def read(folder: Path, name: str, most_bytes: int, what: str = "file") -> tuple[Path, bytes]:
    """The path and bytes of ``name`` (``inside``), read once: its size is
    checked again on what was read, so a file growing meanwhile is refused too."""
    path = inside(folder, name, most_bytes, what)
    try:
        with open(path, "rb") as f:
            data = f.read(most_bytes + 1)
    except OSError as exc:
        raise Refused(f"{what} {name!r}: cannot be read: {exc.strerror}") from None
    if len(data) > most_bytes:
        raise Refused(f"{what} {name!r} is over {most_bytes:,} bytes, the most a {what} may be")
    return path, data


def utf8_text(data: bytes, shown: str, save_as: str) -> str:
    """A text file's bytes as text, or a problem at the line of the first
    byte that is not UTF-8 (``save_as``: what to save it as, "UTF-8 CSV")."""
    from ..errors import Problem, SpecError

    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        line = data.count(b"\n", 0, exc.start) + 1
        raise SpecError([Problem(shown, line, None, f"not UTF-8 text (byte 0x{data[exc.start]:02x}); "
                                 f"save the {save_as}")]) from None
