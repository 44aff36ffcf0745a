"""The kit folder: printkit replaces only the files it wrote there itself.

A kit folder may also hold a user's own files: the spec they build from,
notes, photos of the assembled kit. Each build records what it wrote in a
manifest (``.printkit-manifest.json``: every file name with its SHA-256), and
the next build replaces or removes a file only when the manifest lists it,
it is a plain file (never a link) and its content is still what printkit
wrote. Anything else in the way is refused before a byte is written, naming
the files and the option that allows it.

The manifest is data anyone may have changed, so it is read as such
(``_read_manifest``): an entry that is not a plain name of this kit's files
with a SHA-256 is left out, which makes the file it names someone else's
(refused without ``--overwrite``, never removed); a manifest that is not
JSON, too large or not a file counts as none. Nothing in it can make a build
fail after it has begun to change the folder.

New files are written into a staging folder beside the kit folder first and
moved in at the end (``install``), one build at a time (a lock file beside
the kit folder, ``.<id>.printkit-lock``, there only while a build holds it).
Under the lock the kit folder is opened once and everything is checked
before the first rename: the files in the way, what the manifest says of
them, the two manifests to be written. Names are then looked up, renamed and
removed relative to the open folder, so a link put in its place meanwhile
cannot redirect a write. A build killed outright (SIGKILL, power loss) among
the renames leaves files of both kits, all listed as printkit's: the next
build replaces them without ``--overwrite``, and removes the killed build's
staging folder (``remove_stale_staging``) and lock file.

The folders a build makes (the output folder and its missing parents, the
kit folder) are noted as it makes them (``make_folder``); a build that
fails takes back those still empty (``remove_made``), and no other.

A kit may keep files in folders of its own one level down, named like its
files (``<id>-tts/board.png``: the images a Tabletop Simulator save names).
Such a folder is opened by itself, never through a link (a link or a file
in its place is refused as in the way, and never replaced); the files in it
are printkit's or not by the manifest as any other; a folder left empty
when its last file of printkit's is removed goes too.
"""

from __future__ import annotations

import errno
import hashlib
import json
import os
import re
import shutil
import signal
import stat
import tempfile
import time
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

import filelock

from .errors import PrintkitError

MANIFEST = ".printkit-manifest.json"
_STAGING_MARK = ".printkit-staging"
# The two manifests of a switch, written in the staging folder before the
# first rename: the one naming both kits' files, then the new kit's own.
_BOTH, _FINAL = ".printkit-manifest-both.json", ".printkit-manifest-final.json"
LOCK_SUFFIX = ".printkit-lock"
# A manifest printkit writes is well under a megabyte (some hundred bytes a
# file); past this it was not written by printkit, and is not read.
MANIFEST_LIMIT = 4 << 20
# How long a build waits for another build of the same kit folder to move its
# files in (seconds): that takes well under a minute even on a slow network
# file system, so a wait this long means the other build is stuck.
LOCK_WAIT = 300.0
_POLL = 0.05
_SHA256 = re.compile(r"[0-9a-f]{64}")
_NAME_MAX = 255  # bytes: the longest file name of common file systems

_CLOEXEC = getattr(os, "O_CLOEXEC", 0)
_NOFOLLOW = getattr(os, "O_NOFOLLOW", 0)
_NONBLOCK = getattr(os, "O_NONBLOCK", 0)  # a FIFO named like a kit file must not hang the build
_BINARY = getattr(os, "O_BINARY", 0)
# Names resolved inside an open folder (openat, renameat, unlinkat) where the
# system has them; elsewhere (Windows) by path, with the folder checked first.
# (os.replace takes dir_fd where os.rename does: both are renameat, and only
# rename is listed.)
_AT = (hasattr(os, "O_DIRECTORY") and bool(_NOFOLLOW)
       and {os.open, os.stat, os.rename, os.unlink} <= os.supports_dir_fd
       and os.stat in os.supports_follow_symlinks)


class _Folder:
    """A folder opened once, and the files in it by name.

    With ``_AT`` every name is looked up, opened, renamed and removed
    relative to the open folder, so swapping the folder's path for a link
    after it was opened cannot send a write elsewhere. Opening refuses a
    link in the folder's place (OSError: ELOOP or ENOTDIR)."""

    def __init__(self, path: Path, parent: _Folder | None = None):
        self.path = Path(path)
        self.fd = None
        self.subs: dict[str, _Folder] = {}
        if _AT and parent is not None and parent.fd is not None:
            # Opened inside the open parent: a link in the folder's place is refused, never followed.
            self.fd = os.open(self.path.name, os.O_RDONLY | os.O_DIRECTORY | _NOFOLLOW | _CLOEXEC,
                              dir_fd=parent.fd)
        elif _AT:
            self.fd = os.open(self.path, os.O_RDONLY | os.O_DIRECTORY | _NOFOLLOW | _CLOEXEC)
        elif os.path.islink(self.path) or not os.path.isdir(self.path):
            raise NotADirectoryError(errno.ENOTDIR, os.strerror(errno.ENOTDIR), str(self.path))

    def close(self) -> None:
        for sub in self.subs.values():
            sub.close()
        self.subs = {}
        if self.fd is not None:
            os.close(self.fd)
            self.fd = None

    def sub(self, folder: str, make: bool = False) -> _Folder | None:
        """The folder ``folder`` in this one, opened (made first with ``make``),
        or None when there is none; OSError (ENOTDIR, ELOOP) when a file or a
        link stands in its place."""
        if folder in self.subs:
            return self.subs[folder]
        where, at = self._at(folder)
        if make:
            try:
                os.mkdir(where, **at)
            except FileExistsError:
                pass
        try:
            opened = _Folder(self.path / folder, self)
        except FileNotFoundError:
            return None
        self.subs[folder] = opened
        return opened

    def drop_sub_if_empty(self, folder: str) -> None:
        """Remove the folder ``folder`` in this one if nothing is left in it."""
        sub = self.subs.pop(folder, None)
        if sub is not None:
            sub.close()
        where, at = self._at(folder)
        try:
            os.rmdir(where, **at)  # only ever an empty folder
        except OSError:
            pass

    def __enter__(self):
        return self

    def __exit__(self, *exc) -> None:
        self.close()

    def _at(self, name: str, make: bool = False):
        """Where name is, for the os functions: (name, {"dir_fd": ...}) or (a
        path, {}). A name in a folder of the kit, ``folder/file``, is looked
        up inside that folder opened by itself (made first with ``make``);
        FileNotFoundError when it is missing."""
        if "/" in name:
            folder, leaf = name.split("/", 1)
            sub = self.sub(folder, make)
            if sub is None:
                raise FileNotFoundError(errno.ENOENT, os.strerror(errno.ENOENT), str(self.path / name))
            return sub._at(leaf)
        if self.fd is not None:
            return name, {"dir_fd": self.fd}
        return os.path.join(self.path, name), {}

    def lstat(self, name: str) -> os.stat_result | None:
        """What name is (never following a link), or None if nothing is there."""
        try:
            where, at = self._at(name)
            return os.stat(where, follow_symlinks=False, **at)
        except FileNotFoundError:
            return None

    def _open_plain(self, name: str) -> int | None:
        """A descriptor for reading name if it is a plain file, else None."""
        try:
            where, at = self._at(name)
        except OSError:
            return None
        if self.fd is None and os.path.islink(where):
            return None
        try:
            fd = os.open(where, os.O_RDONLY | _NOFOLLOW | _NONBLOCK | _CLOEXEC | _BINARY, **at)
        except (OSError, ValueError):  # ValueError: a NUL in the name
            return None
        try:
            if stat.S_ISREG(os.fstat(fd).st_mode):
                return fd
        except OSError:
            pass
        os.close(fd)
        return None

    def read(self, name: str, limit: int) -> bytes | None:
        """name's bytes if it is a plain file of at most limit bytes that can be read, else None."""
        fd = self._open_plain(name)
        if fd is None:
            return None
        try:
            with os.fdopen(fd, "rb") as handle:
                data = handle.read(limit + 1)
        except OSError:
            return None
        return data if len(data) <= limit else None

    def digest(self, name: str) -> str | None:
        """The SHA-256 of name if it is a plain file that can be read, else None."""
        fd = self._open_plain(name)
        if fd is None:
            return None
        sha = hashlib.sha256()
        try:
            with os.fdopen(fd, "rb") as handle:
                for block in iter(lambda: handle.read(1 << 20), b""):
                    sha.update(block)
        except OSError:
            return None
        return sha.hexdigest()

    def write_new(self, name: str, data: bytes) -> None:
        where, at = self._at(name, make=True)
        fd = os.open(where, os.O_WRONLY | os.O_CREAT | os.O_TRUNC | _NOFOLLOW | _CLOEXEC | _BINARY, 0o666, **at)
        with os.fdopen(fd, "wb") as handle:
            handle.write(data)

    def move_in(self, name: str, source: _Folder, source_name: str) -> None:
        """Rename source_name of source to name here (replacing what is there)."""
        old, old_at = source._at(source_name)
        new, new_at = self._at(name, make=True)
        extra = {}
        if "dir_fd" in old_at:
            extra["src_dir_fd"] = old_at["dir_fd"]
        if "dir_fd" in new_at:
            extra["dst_dir_fd"] = new_at["dir_fd"]
        os.replace(old, new, **extra)

    def unlink(self, name: str) -> None:
        where, at = self._at(name)
        os.unlink(where, **at)


def _kit_file_name(name, kit_id: str) -> bool:
    """Whether name could be a file of kit kit_id: ``<id>-...``, a plain
    name in this folder (no separator, no NUL) that the file system can hold,
    or a plain name in a folder of the kit one level down, ``<id>-.../...``.
    A manifest naming anything else (``notes.txt``, ``../x``) is not believed."""
    if not isinstance(name, str) or not name.startswith(f"{kit_id}-"):
        return False
    steps = name.split("/")
    return len(steps) <= 2 and all(_plain_name(step) for step in steps)


def _plain_name(name: str) -> bool:
    """A name of one file or folder, no separator, no NUL, not "." or "..",
    that the file system can hold."""
    if not name or name in (".", "..") or any(c in name for c in ("/", "\\", "\x00", os.sep, os.altsep or "/")):
        return False
    try:
        return len(os.fsencode(name)) <= _NAME_MAX
    except (UnicodeError, ValueError):  # a lone surrogate from a JSON escape
        return False


def _read_manifest(folder: _Folder, kit_id: str) -> dict[str, frozenset[str]]:
    """File name -> the SHA-256s printkit last wrote under that name (one
    each, or two while a build is moving its files in); {} for a manifest that
    is missing, not a plain file, too large, not JSON or not printkit's shape.
    Entries that are not a name of this kit with a SHA-256 are left out."""
    data = folder.read(MANIFEST, MANIFEST_LIMIT)
    if data is None:
        return {}
    try:
        document = json.loads(data.decode("utf-8"))
    except (ValueError, RecursionError):  # RecursionError: "[[[[..." nested past the parser's depth
        return {}
    files = document.get("files") if isinstance(document, dict) else None
    if not isinstance(files, dict):
        return {}
    manifest = {}
    for name, value in files.items():
        digests = [value] if isinstance(value, str) else value if isinstance(value, list) else []
        known = frozenset(d for d in digests if isinstance(d, str) and _SHA256.fullmatch(d))
        if known and _kit_file_name(name, kit_id):
            manifest[name] = known
    return manifest


def _own(folder: _Folder, name: str, manifest: dict) -> bool:
    """Whether name is a plain file whose content printkit wrote under that name."""
    if name not in manifest:
        return False
    try:
        found = folder.lstat(name)
    except (OSError, ValueError):
        return False
    return found is not None and stat.S_ISREG(found.st_mode) and folder.digest(name) in manifest[name]


@dataclass
class _Survey:
    """A kit folder as a build finds it, before it changes anything."""
    manifest: dict  # name -> SHA-256s, as believed
    blocked: list   # names to write where something not printkit's is
    folders: list   # those of blocked that are folders (never replaced)
    drop: list      # printkit's own files that this build no longer writes


def _survey(folder: _Folder, names: list[str], kit_id: str) -> _Survey:
    manifest = _read_manifest(folder, kit_id)
    blocked, folders = [], []
    for sub in sorted({name.split("/")[0] for name in names if "/" in name}):
        # A kit's own folder: a file or a link in its place is in the way, and never replaced.
        found = folder.lstat(sub)
        if found is not None and not stat.S_ISDIR(found.st_mode):
            folders.append(sub)
            blocked.append(sub)
    for name in names:
        if "/" in name and name.split("/")[0] in folders:
            continue
        found = folder.lstat(name)
        if found is None:
            continue
        if stat.S_ISDIR(found.st_mode):
            folders.append(name)
            blocked.append(name)
        elif not (stat.S_ISREG(found.st_mode) and _own(folder, name, manifest)):
            blocked.append(name)  # a link (dangling or not) is never printkit's own
    found = folder.lstat(MANIFEST)
    if found is not None and stat.S_ISDIR(found.st_mode):  # a file, a link or a FIFO is replaced; a folder cannot be
        folders.append(MANIFEST)
        blocked.append(MANIFEST)
    writing = set(names)
    drop = sorted(name for name in manifest if name not in writing and _own(folder, name, manifest))
    return _Survey(manifest, sorted(blocked), sorted(folders), drop)


def _refuse_blocked(target: Path, survey: _Survey, overwrite: bool) -> None:
    blocked = survey.blocked
    if not blocked or (overwrite and not survey.folders):
        return
    listed = ", ".join(blocked[:8]) + (f" and {len(blocked) - 8} more" if len(blocked) > 8 else "")
    hint = ("they are folders, or stand where the kit's folders go; move them away" if survey.folders else
            "move them away, or pass --overwrite to replace them")
    raise PrintkitError(f"{target}: would replace files printkit did not write ({listed}); {hint}")


def _not_a_kit_folder(target: Path) -> PrintkitError:
    return PrintkitError(f"{target}: exists and is not a kit folder; move it away or choose another --out")


def _open_kit_folder(target: Path) -> _Folder | None:
    """The kit folder opened, None if there is none; refused if a link or a
    file is in its place."""
    try:
        found = os.lstat(target)
    except (FileNotFoundError, NotADirectoryError):
        return None
    if not stat.S_ISDIR(found.st_mode):
        raise _not_a_kit_folder(target)
    try:
        return _Folder(target)
    except FileNotFoundError:
        return None
    except OSError as exc:
        if exc.errno in (errno.ELOOP, errno.ENOTDIR):  # swapped for a link or a file since the lstat
            raise _not_a_kit_folder(target) from None
        raise


def _cannot_look(target: Path, exc: OSError) -> PrintkitError:
    # a folder that cannot be searched, a name too long for the file system
    return PrintkitError(f"{target}: cannot look into the kit folder: {exc.strerror or exc}")


def check_target(target: Path, names: list[str], overwrite: bool = False) -> None:
    """Refuse (exit 2) if writing names into target would replace something
    printkit did not write, unless overwrite is given for files. Changes nothing."""
    try:
        folder = _open_kit_folder(target)
        if folder is None:
            return
        with folder:
            _refuse_blocked(target, _survey(folder, names, target.name), overwrite)
    except OSError as exc:
        raise _cannot_look(target, exc) from None


def lock_path(target: Path) -> Path:
    """The lock file a build holds while it moves a kit into target: beside
    it, in the output folder, and there only while a build holds it."""
    return target.parent / f".{target.name}{LOCK_SUFFIX}"


@contextmanager
def build_lock(target: Path, on_wait=None):
    """Hold the lock of kit folder target: one build at a time moves files
    into it. If another build holds it, call on_wait() once and wait, up to
    LOCK_WAIT seconds, then refuse. The lock file is removed on the way out,
    while still held (a build waiting on the removed file notices and takes
    the next one: filelock checks the file it locked is still there).
    Interrupts are held while the lock is taken and given back."""
    path = lock_path(target)
    try:
        found = os.lstat(path)
    except FileNotFoundError:
        found = None
    except OSError as exc:
        raise PrintkitError(f"{path}: cannot take the build lock: {exc.strerror or exc}") from None
    if found is not None and not (stat.S_ISREG(found.st_mode) and found.st_size == 0):
        # printkit's lock file is always empty: this one is someone else's, and stays as it is.
        raise PrintkitError(f"{path}: is in the way of the lock printkit takes while it writes "
                            f"{target.name}/, and printkit did not make it; move it away")
    lock = filelock.FileLock(str(path))
    deadline = None
    while True:
        was = signal.pthread_sigmask(signal.SIG_BLOCK, _STOPS) if _MASKABLE else None
        try:
            lock.acquire(timeout=0)
        except filelock.Timeout:
            if _MASKABLE:
                signal.pthread_sigmask(signal.SIG_SETMASK, was)
        except BaseException as exc:
            if _MASKABLE:
                signal.pthread_sigmask(signal.SIG_SETMASK, was)
            if isinstance(exc, OSError):
                raise PrintkitError(f"{path}: cannot take the build lock: {exc.strerror or exc}") from None
            raise
        else:
            break  # held, interrupts still held: let in only inside the try that gives it back
        if deadline is None:
            deadline = time.monotonic() + LOCK_WAIT
            if on_wait is not None:
                on_wait()
        elif time.monotonic() >= deadline:
            raise PrintkitError(f"{target}: another build has been writing this kit folder for over "
                                f"{LOCK_WAIT:.0f} s; try again when it is done (its lock: {path})")
        time.sleep(_POLL)
    try:
        try:
            held = os.lstat(path)
        except OSError:
            held = None
        if _MASKABLE:
            signal.pthread_sigmask(signal.SIG_SETMASK, was)
        yield
    finally:
        # Called directly, so no interrupt comes between entering this block and holding them.
        if _MASKABLE:
            signal.pthread_sigmask(signal.SIG_BLOCK, _STOPS)
        try:
            _remove_lock_file(path, held)
        finally:
            lock.release()
            if _MASKABLE:
                signal.pthread_sigmask(signal.SIG_SETMASK, was)


def _remove_lock_file(path: Path, held: os.stat_result | None) -> None:
    """Remove the lock file if it is still the empty file this build locked."""
    try:
        now = os.lstat(path)
    except OSError:
        return
    if held is not None and os.path.samestat(now, held) and stat.S_ISREG(now.st_mode) and now.st_size == 0:
        try:
            os.unlink(path)
        except OSError:
            pass  # left for the next build, which takes and removes it


def install(staged: Path, target: Path, names: list[str], overwrite: bool = False,
            made: list | None = None, on_wait=None) -> None:
    """Move the staged files names into the kit folder target, drop
    printkit's own files that this build no longer writes, and record the
    new manifest: under the build lock, with everything that can fail
    checked before the first rename. Refuses (exit 2, changing nothing)
    what check_target refuses. A kit folder this makes is added to made."""
    made = [] if made is None else made
    with build_lock(target, on_wait):
        folder = _open_kit_folder(target)
        if folder is None:
            make_folder(target, made)
            folder = _open_kit_folder(target)
            if folder is None:
                raise FileNotFoundError(errno.ENOENT, os.strerror(errno.ENOENT), str(target))
        with folder, _Folder(staged) as work:
            try:
                survey = _survey(folder, names, target.name)
            except OSError as exc:
                raise _cannot_look(target, exc) from None
            _refuse_blocked(target, survey, overwrite)
            written = {}
            for name in names:
                digest = work.digest(name)
                if digest is None:
                    raise FileNotFoundError(errno.ENOENT, "a staged file is missing", str(staged / name))
                written[name] = digest
            # Killed among the renames (SIGKILL, power loss), a build leaves
            # files of both kits: the manifest names both first, so the next
            # build knows every one of them as printkit's own.
            both = {name: set(digests) for name, digests in survey.manifest.items()}
            for name, digest in written.items():
                both.setdefault(name, set()).add(digest)
            _write_manifest(work, _BOTH, both)
            _write_manifest(work, _FINAL, written)
            with _uninterrupted():
                _switch(folder, work, target, names, survey, written)


def _write_manifest(work: _Folder, name: str, files: dict) -> None:
    entries = {n: d if isinstance(d, str) else sorted(d) for n, d in sorted(files.items())}
    text = json.dumps({"written_by": "printkit", "files": entries}, indent=1) + "\n"
    work.write_new(name, text.encode("utf-8"))


def _switch(folder: _Folder, work: _Folder, target: Path, names: list[str], survey: _Survey,
            written: dict) -> None:
    """The renames, then the removals: all checked beforehand."""
    folder.move_in(MANIFEST, work, _BOTH)  # nothing has changed if this fails
    try:
        for name in names:
            folder.move_in(name, work, name)
        kept = {}
        emptied = set()
        for name in survey.drop:
            if not _own(folder, name, survey.manifest):
                continue  # changed since the survey: someone's now
            try:
                folder.unlink(name)
                if "/" in name:
                    emptied.add(name.split("/")[0])
            except FileNotFoundError:
                pass
            except OSError:
                kept[name] = survey.manifest[name]  # still printkit's, for the next build to remove
        for sub in sorted(emptied - {n.split("/")[0] for n in names if "/" in n}):
            folder.drop_sub_if_empty(sub)
        if kept:
            _write_manifest(work, _FINAL, {**kept, **written})
        folder.move_in(MANIFEST, work, _FINAL)
    except OSError as exc:
        raise PrintkitError(f"{target}: cannot write the kit: {exc.strerror or exc}; until the next build "
                            "replaces them, the folder holds files of both the earlier and the new kit") from None



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
