"""Writing one file atomically: a temporary file beside it, renamed over it
when complete, so a reader never sees half a file and a failure (or Ctrl-C)
leaves the earlier file as it was."""

from __future__ import annotations

import os
import stat
import tempfile
from contextlib import contextmanager
from pathlib import Path


@contextmanager
def replacing(path: Path):
    """Yield a temporary path beside ``path``; on success it replaces ``path``.
    A ``path`` that is there but not a plain file (/dev/stdout, a pipe, a
    device) cannot be replaced: it is yielded itself, to be written in place."""
    path = Path(path)
    if path.exists() and not path.is_file():
        yield path
        return
    handle, temporary = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".part", dir=path.parent or ".")
    os.close(handle)
    try:
        yield Path(temporary)
        os.chmod(temporary, _mode(path))  # mkstemp makes it private (0600)
        os.replace(temporary, path)
    finally:
        Path(temporary).unlink(missing_ok=True)


def _mode(path: Path) -> int:
    """The permissions of the file being replaced, else those a new file gets
    (read and write for the user, then what the umask allows the others)."""
    try:
        return stat.S_IMODE(path.stat().st_mode)
    except OSError:
        mask = os.umask(0)
        os.umask(mask)
        return 0o666 & ~mask


def write_text(path: Path, text: str) -> None:
    with replacing(path) as temporary:
        temporary.write_text(text, encoding="utf-8")
