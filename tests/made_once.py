"""A file every worker of ``pytest -n`` shares: made by the first to ask."""

from __future__ import annotations

from pathlib import Path

from filelock import FileLock


def made_once(path: Path, make) -> bytes:
    """The bytes at ``path``; ``make()`` gives them to the first worker to
    ask, under a file lock, while the others wait and then read them. Written
    whole or not at all: a run stopped mid-write leaves no half file to read."""
    with FileLock(str(path) + ".lock"):
        if not path.exists():
            part = path.with_name(path.name + ".part")
            part.write_bytes(make())
            part.replace(path)
        return path.read_bytes()
