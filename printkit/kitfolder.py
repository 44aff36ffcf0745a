"""The kit folder: printkit replaces only the files it wrote there itself.

A kit folder may also hold a user's own files: the spec they build from,
notes, photos of the assembled kit. Each build records what it wrote in a
manifest (``.printkit-manifest.json``: every file name with its SHA-256), and
the next build replaces or removes a file only when the manifest lists it and
its content is still what printkit wrote. Anything else in the way is refused
before a byte is written, naming the files and the option that allows it.

New files are written into a staging folder beside the kit folder first and
renamed into place one by one at the end, so a failed build leaves the
earlier kit as it was. A staging folder left by a build that was killed
outright (SIGKILL, power loss) is removed by the next build of that kit.
The folders a build makes (the output folder and its missing parents, the
kit folder) are noted as it makes them (``make_folder``); a build that
fails takes back those still empty (``remove_made``), and no other.
"""

from __future__ import annotations

import hashlib
import json
import os
import shutil
import signal
import tempfile
from contextlib import contextmanager
from pathlib import Path

from .errors import PrintkitError

MANIFEST = ".printkit-manifest.json"
_STAGING_MARK = ".printkit-staging"


def _digest(path: Path) -> str:
    sha = hashlib.sha256()
    with open(path, "rb") as handle:
        for block in iter(lambda: handle.read(1 << 20), b""):
            sha.update(block)
    return sha.hexdigest()


def read_manifest(folder: Path) -> dict[str, set[str]]:
    """File name -> the SHA-256s of what printkit last wrote in folder ({} if
    none): one each, or two while a build is moving its files in (_commit)."""
    try:
        data = json.loads((folder / MANIFEST).read_text(encoding="utf-8"))
        files = data["files"]
        return {k: {v} if isinstance(v, str) else {str(d) for d in v}
                for k, v in files.items() if isinstance(k, str) and "/" not in k and "\\" not in k}
    except (OSError, ValueError, KeyError, TypeError, AttributeError):
        return {}


def _ours(folder: Path, name: str, manifest: dict[str, set[str]]) -> bool:
    path = folder / name
    return name in manifest and path.is_file() and not path.is_symlink() and _digest(path) in manifest[name]


def check_target(target: Path, names: list[str], overwrite: bool = False) -> None:
    """Refuse (exit 2) if writing names into target would replace something
    printkit did not write, unless overwrite is given for files."""
    try:
        _check_target(target, names, overwrite)
    except OSError as exc:  # a folder that cannot be searched, a name too long for the file system
        raise PrintkitError(f"{target}: cannot look into the kit folder: {exc.strerror or exc}") from None


def _check_target(target: Path, names: list[str], overwrite: bool) -> None:
    if target.is_symlink() or (target.exists() and not target.is_dir()):
        raise PrintkitError(f"{target}: exists and is not a kit folder; move it away or choose another --out")
    if not target.is_dir():
        return
    manifest = read_manifest(target)
    blocked = sorted(n for n in names if (target / n).exists() and not _ours(target, n, manifest))
    if not blocked:
        return
    dirs = [n for n in blocked if (target / n).is_dir() and not (target / n).is_symlink()]
    if overwrite and not dirs:
        return
    listed = ", ".join(blocked[:8]) + (f" and {len(blocked) - 8} more" if len(blocked) > 8 else "")
    hint = ("they are folders; move them away" if dirs else
            "move them away, or pass --overwrite to replace them")
    raise PrintkitError(f"{target}: would replace files printkit did not write ({listed}); {hint}")


def make_folder(path: Path, made: list) -> None:
    """Make the folder ``path`` and any of its parents that are missing,
    adding each one this call makes to ``made``, outermost first. A folder
    already there, or made meanwhile by someone else, is not added."""
    path = Path(path)
    missing = []
    folder = path
    while not os.path.lexists(folder) and folder.parent != folder:
        missing.append(folder)
        folder = folder.parent
    for folder in reversed(missing):
        try:
            os.mkdir(folder)
        except FileExistsError:
            if folder.is_dir() and not folder.is_symlink():
                continue
            raise
        made.append(folder)
    path.mkdir(parents=True, exist_ok=True)  # a no-op, or the error of what is in the way


def remove_made(made: list) -> None:
    """Remove, innermost first, the folders of ``made`` that are still empty:
    what a failed build made and then took out again. A folder holding
    anything, whoever put it there, stays, and so do its parents."""
    for folder in reversed(made):
        try:
            os.rmdir(folder)  # only ever an empty folder
        except OSError:
            pass


def remove_stale_staging(base: Path, kit_id: str) -> None:
    """Remove staging folders of this kit whose build is no longer running."""
    for folder in base.glob(f".{kit_id}-build-*"):
        mark = folder / _STAGING_MARK
        try:
            pid = int(mark.read_text(encoding="ascii").strip())
        except (OSError, ValueError):
            continue  # not of our making: leave it
        if not _alive(pid):
            shutil.rmtree(folder, ignore_errors=True)


def _alive(pid: int) -> bool:
    if pid == os.getpid():
        return True
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except (PermissionError, OSError):
        return True
    return True


_STOPS = {getattr(signal, n) for n in ("SIGINT", "SIGTERM", "SIGHUP") if hasattr(signal, n)}


_MASKABLE = hasattr(signal, "pthread_sigmask")


@contextmanager
def _uninterrupted():
    """Ctrl-C, SIGTERM and SIGHUP wait until the block is done (then arrive)."""
    was = signal.pthread_sigmask(signal.SIG_BLOCK, _STOPS) if _MASKABLE else None
    try:
        yield
    finally:
        if _MASKABLE:
            signal.pthread_sigmask(signal.SIG_SETMASK, was)


@contextmanager
def staging(base: Path, kit_id: str):
    """A fresh folder beside the kit folder (same file system, so renames are
    atomic), removed afterwards whatever happens. Interrupts are held while it
    is made and removed, and let in only inside the try that removes it."""
    was = signal.pthread_sigmask(signal.SIG_BLOCK, _STOPS) if _MASKABLE else None
    work = None
    try:
        work = Path(tempfile.mkdtemp(prefix=f".{kit_id}-build-", dir=base))
        (work / _STAGING_MARK).write_text(str(os.getpid()), encoding="ascii")
        if _MASKABLE:
            signal.pthread_sigmask(signal.SIG_SETMASK, was)
        yield work
    finally:
        # Called directly (not through a Python function), so no interrupt
        # can be raised between entering this block and holding them.
        if _MASKABLE:
            signal.pthread_sigmask(signal.SIG_BLOCK, _STOPS)
        if work is not None:
            shutil.rmtree(work, ignore_errors=True)
        if _MASKABLE:
            signal.pthread_sigmask(signal.SIG_SETMASK, was)


def commit(staged: Path, target: Path, names: list[str], made: list) -> None:
    """Move the staged files into target, drop printkit's own files that this
    build no longer writes, and record the new manifest. Interrupts wait until
    it is done, so a kit folder never holds half of one kit and half of another.
    A kit folder this makes is added to ``made`` (``make_folder``)."""
    with _uninterrupted():
        _commit(staged, target, names, made)


def _commit(staged: Path, target: Path, names: list[str], made: list) -> None:
    previous = read_manifest(target) if target.is_dir() else {}
    make_folder(target, made)
    written = {name: _digest(staged / name) for name in names}
    # A build killed outright (SIGKILL, power loss) among the renames leaves
    # files of both kits: the manifest names both first, so the next build
    # knows every one of them as printkit's own.
    both = {name: set(digests) for name, digests in previous.items()}
    for name, digest in written.items():
        both.setdefault(name, set()).add(digest)
    _write_manifest(staged, target, {name: sorted(digests) for name, digests in both.items()})
    for name in names:
        os.replace(staged / name, target / name)
    for name in sorted(set(previous) - set(written)):
        if _ours(target, name, previous):
            (target / name).unlink()
    _write_manifest(staged, target, written)


def _write_manifest(staged: Path, target: Path, files: dict) -> None:
    manifest = {"written_by": "printkit", "files": dict(sorted(files.items()))}
    (staged / MANIFEST).write_text(json.dumps(manifest, indent=1) + "\n", encoding="utf-8")
    os.replace(staged / MANIFEST, target / MANIFEST)
