"""Writing one file atomically: a temporary file beside it, renamed over it
when complete, so a reader never sees half a file and a failure (or Ctrl-C)
leaves the earlier file as it was."""

from __future__ import annotations

import os
import secrets
import stat
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
    temporary = _create_beside(path)
    try:
        yield Path(temporary)
        if path.exists():  # keep the permissions of the file it replaces
            os.chmod(temporary, stat.S_IMODE(path.stat().st_mode))
        os.replace(temporary, path)
    finally:
        Path(temporary).unlink(missing_ok=True)


_NAME_BYTES = 200


def _create_beside(path: Path) -> str:
    """A new empty file beside ``path`` with the permissions any new file gets
    (0666 less the umask; mkstemp's are private, 0600)."""
    # The name cut short: a file system takes names of at most 255 bytes,
    # and the longest of them must still have a temporary file beside it.
    name = path.name.encode("utf-8", "surrogateescape")[:_NAME_BYTES].decode("utf-8", "ignore")
    while True:
        temporary = os.path.join(path.parent or ".", f".{name}.{secrets.token_hex(4)}.part")
        try:
            os.close(os.open(temporary, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o666))
            return temporary
        except FileExistsError:
            continue


def write_text(path: Path, text: str) -> None:
    with replacing(path) as temporary:
        temporary.write_text(text, encoding="utf-8")
