"""The one place the tool reads and writes files it is given: variant files and the files they
extend, the pin record beside a variant, JSON inputs, standard input, the studio's files, the
language server's unopened documents, the bot-table cache, and every output (`-o`, `--plot`,
`fmt`, `fmt --pin`).

Reading: regular files only, never past a bound. A file is opened without blocking
(`O_NONBLOCK`: opening a FIFO that no one writes to returns at once) and looked at (`fstat`)
before a byte is read: a FIFO, a device (`/dev/zero`, through a symlink or not), a directory or
a socket is refused with one line naming it, and so is a file whose size passes the bound (a
3 GB sparse file), before any of it is read. Standard input, which may be anything, is read no
further than one byte past the bound.

Writing: a regular file (or a new path) is replaced atomically: a temporary file created
exclusively beside it, then renamed over it (a reader never sees half a file; a failure leaves
the old one). A symlink is followed: its target is replaced and the link stays. What is not a
regular file is never replaced by one: a character device or a FIFO (`/dev/null`,
`/dev/stdout`, a named pipe) is written into, as a shell's `>` would; a directory, a socket or
a block device is refused.
"""

from __future__ import annotations

import errno
import os
import stat
import tempfile
from pathlib import Path
from typing import IO, Any

from .errors import CoincheError

_KINDS = ((stat.S_ISDIR, "a directory"), (stat.S_ISFIFO, "a named pipe (FIFO)"),
          (stat.S_ISCHR, "a character device"), (stat.S_ISBLK, "a block device"),
          (stat.S_ISSOCK, "a socket"))


class FileError(CoincheError, OSError):
    """A file that cannot be read or written as the tool needs: its message names the file
    and says why, in one line. `missing` when there is nothing at that path (a usage error
    for a command's argument)."""

    def __init__(self, path: str | os.PathLike[str], why: str, missing: bool = False,
                 limit: int | None = None):
        self.path = str(path)
        self.why = why
        self.missing = missing
        self.limit = limit
        """The size limit the file is over, for a file too large."""
        super().__init__(f"{self.path}: {why}")

    def __str__(self) -> str:
        return f"{self.path}: {self.why}"


def kind_of(mode: int) -> str:
    """What a file of `mode` is, in words (`a directory`, `a character device`)."""
    return next((word for test, word in _KINDS if test(mode)), "not a regular file")


ON_READ: list[Any] = []
"""Called with (path, bytes read) after each file `read_bytes` reads: `coinche --verbose`
says which files a command read."""


def read_bytes(path: str | os.PathLike[str], limit: int, what: str = "file") -> bytes:
    """The bytes of the regular file at `path`, at most `limit` of them; FileError otherwise
    (`what` names the kind of file in the size message: "variant file", "JSON input")."""
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0) \
        | getattr(os, "O_BINARY", 0)
    try:
        fd = os.open(path, flags)
    except OSError as e:
        raise _error(path, e) from None
    try:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode):
            raise FileError(path, f"cannot read {kind_of(info.st_mode)}: give a regular file")
        if info.st_size > limit:
            raise too_large(path, limit, what)
        chunks, left = [], limit + 1  # the size may grow while it is read: never past limit
        while left > 0:
            chunk = os.read(fd, min(left, 1 << 20))
            if not chunk:
                break
            chunks.append(chunk)
            left -= len(chunk)
    except OSError as e:
        if isinstance(e, FileError):
            raise
        raise _error(path, e) from None
    finally:
        os.close(fd)
    raw = b"".join(chunks)
    if len(raw) > limit:
        raise too_large(path, limit, what)
    for hook in ON_READ:
        hook(path, len(raw))
    return raw


def read_stream(stream: IO[bytes] | None, limit: int, name: str = "standard input",
                what: str = "input") -> bytes:
    """The bytes of a binary stream, read no further than one byte past `limit`
    (`/dev/zero` as standard input is refused after `limit` bytes, not read whole)."""
    if stream is None:
        raise FileError(name, "it is closed")
    try:
        raw = stream.read(limit + 1)
    except OSError as e:
        raise _error(name, e) from None
    if len(raw) > limit:
        raise too_large(name, limit, what)
    return raw


def too_large(path: str | os.PathLike[str], limit: int, what: str) -> FileError:
    return FileError(path, f"file is more than {limit:,} bytes; {what}s are limited to "
                     f"{limit:,}", limit=limit)


def _error(path: str | os.PathLike[str], e: OSError) -> FileError:
    why = {errno.ENXIO: "cannot read a socket: give a regular file",
           errno.EISDIR: "cannot read a directory: give a regular file",
           errno.ENOENT: "cannot read it: no such file"}.get(
        e.errno or 0, f"cannot read it: {e.strerror or e}")
    return FileError(path, why, missing=isinstance(e, FileNotFoundError))


def write_bytes(path: str | os.PathLike[str], data: bytes, mode: int | None = None,
                special: bool = True) -> None:
    """Write `data` to `path`: a regular file or a new path replaced atomically (`mode`, else
    the old file's, else the umask's); a character device or a FIFO written into (refused
    too without `special`: a file the tool reads back, such as a pin record); anything else
    refused (FileError, the old file untouched)."""
    target = Path(path)
    try:
        info: os.stat_result | None = os.stat(target)
    except FileNotFoundError:
        info = None
    except OSError as e:
        raise FileError(path, f"cannot write it: {e.strerror}") from None
    if special and info is not None and (stat.S_ISCHR(info.st_mode)
                                         or stat.S_ISFIFO(info.st_mode)):
        _write_into(target, data)
        return
    if info is not None and not stat.S_ISREG(info.st_mode):
        raise FileError(path, f"cannot write over {kind_of(info.st_mode)}: give a file name")
    real = target.resolve() if info is not None else target.absolute()
    if mode is None:
        mode = stat.S_IMODE(info.st_mode) if info is not None else 0o666 & ~_umask()
    try:
        fd, tmp = tempfile.mkstemp(prefix=f".{real.name}.", suffix=".tmp", dir=real.parent)
    except OSError as e:
        raise FileError(path, f"cannot write it: {e.strerror}") from None
    try:
        with os.fdopen(fd, "wb") as f:
            f.write(data)
        os.chmod(tmp, mode)  # mkstemp makes it private
        os.replace(tmp, real)
    except OSError as e:
        Path(tmp).unlink(missing_ok=True)
        raise FileError(path, f"cannot write it: {e.strerror}") from None
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


def write_text(path: str | os.PathLike[str], text: str, mode: int | None = None,
               special: bool = True) -> None:
    """`write_bytes` of `text` in UTF-8, its newlines as written."""
    write_bytes(path, text.encode("utf-8"), mode, special)


def _write_into(path: Path, data: bytes) -> None:
    flags = os.O_WRONLY | getattr(os, "O_NOCTTY", 0) | getattr(os, "O_BINARY", 0)
    try:
        fd = os.open(path, flags)  # no O_CREAT, no O_TRUNC: a device or a pipe as it is
        try:
            view = memoryview(data)
            while view:
                view = view[os.write(fd, view):]
        finally:
            os.close(fd)
    except OSError as e:
        raise FileError(path, f"cannot write it: {e.strerror}") from None


def _umask() -> int:
    mask = os.umask(0)
    os.umask(mask)
    return mask
