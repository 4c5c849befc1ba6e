"""The `expected` bidder's learned tables, kept on disk per ruleset fingerprint.

Learning a ruleset's tables (`learned.learn`) takes seconds; every later process, every worker
of a simulation and every later run reads them back from a file in the user's cache directory
instead, named by the rules' fingerprint (`model.fingerprint`: equal for rulesets that play
alike) and the table format:

- where: `$COINCHE_CACHE` when set (a directory; `off` keeps tables in memory only), else the
  platform's per-user cache directory (`$XDG_CACHE_HOME` or `~/.cache` on Linux,
  `~/Library/Caches` on macOS, `%LOCALAPPDATA%` on Windows), sub-directory `coinche_dsl`;
- a file is written whole to a temporary name, then renamed over the final one, so a reader
  never sees half a file, and two processes learning at once both leave a good one;
- a file that cannot be read (read as every file the tool reads, `files.read_bytes`: a
  regular file, at most MAX_TABLE_BYTES, expanded to no more), that is not a table file
  (truncated, its compressed data damaged), that was learned for other rules or in another
  format, or whose arrays are malformed (their shape, their type), is ignored with a warning
  and rebuilt;
- NumPy's own format, read without pickles: a file cannot run code.
"""

from __future__ import annotations

import hashlib
import io
import json
import os
import sys
import tempfile
import warnings
import zipfile
import zlib
from collections.abc import Callable
from functools import lru_cache
from pathlib import Path

import numpy as np

from ..engine.rules import CompiledRules
from . import learned

ENV = "COINCHE_CACHE"
"""The environment variable that relocates the cache directory (`off`: no disk cache)."""
OFF = ("off", "none", "no", "0", "")

MAX_TABLE_BYTES = 256 << 20
"""A table file's size on disk and expanded (a ruleset's tables are about 9 MB expanded)."""

_MEMORY: dict[str, learned.Learned] = {}


class TableCacheWarning(UserWarning):
    """A cached table file was unusable (and is rebuilt), or could not be written."""


def cache_dir() -> Path | None:
    """The directory of the cached tables (None: the disk cache is off)."""
    value = os.environ.get(ENV)
    if value is not None:
        return None if value.strip().lower() in OFF else Path(value).expanduser()
    if sys.platform == "win32":
        base = os.environ.get("LOCALAPPDATA") or str(Path.home() / "AppData" / "Local")
    elif sys.platform == "darwin":
        base = str(Path.home() / "Library" / "Caches")
    else:
        base = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(base) / "coinche_dsl"


@lru_cache(maxsize=1)
def code_digest() -> str:
    """A digest of the code whose play the tables record: the engine's and the bots' modules
    (the heuristic bots play the learning deals; the engine decides legality and scores)."""
    package = Path(__file__).resolve().parent.parent
    digest = hashlib.sha256()
    for folder in ("engine", "sim"):
        for source in sorted((package / folder).glob("*.py")):
            digest.update(source.name.encode() + b"\0" + source.read_bytes())
    return digest.hexdigest()[:12]


def _meta(rules: CompiledRules, uniform: int, boosted: int) -> dict[str, object]:
    return {"format": learned.FORMAT, "code": code_digest(),
            "fingerprint": rules.fingerprint, "uniform": uniform,
            "boosted": boosted, "denominations": list(rules.denominations)}


def table_path(rules: CompiledRules, uniform: int, boosted: int) -> Path | None:
    """Where the tables of `rules` are cached (None: the disk cache is off)."""
    where = cache_dir()
    if where is None:
        return None
    return where / (f"expected-{rules.fingerprint}-f{learned.FORMAT}-{code_digest()}-"
                    f"{uniform}-{boosted}.npz")


def tables(rules: CompiledRules) -> learned.Learned:
    """The learned tables of `rules`: from this process's memory, else the disk cache, else
    learned now (and written to the disk cache)."""
    key = f"{rules.fingerprint}-{learned.UNIFORM}-{learned.BOOSTED}"
    if key not in _MEMORY:
        _MEMORY[key] = learned.Learned(load_or_learn(rules), rules)
    return _MEMORY[key]


def load_or_learn(rules: CompiledRules, uniform: int | None = None, boosted: int | None = None,
                  learn: Callable[..., dict[str, np.ndarray]] | None = None
                  ) -> dict[str, np.ndarray]:
    """The tables of `rules` read from the disk cache, or learned (by `learn`, by default
    `learned.learn` with `learned.UNIFORM` and `learned.BOOSTED` deals) and written there."""
    uniform = learned.UNIFORM if uniform is None else uniform
    boosted = learned.BOOSTED if boosted is None else boosted
    path = table_path(rules, uniform, boosted)
    meta = _meta(rules, uniform, boosted)
    if path is not None and path.exists():
        arrays, problem = _read(path, meta, rules)
        if arrays is not None:
            return arrays
        warnings.warn(f"ignoring the cached bot tables {path.name}: {problem}; learning them "
                      "again", TableCacheWarning, stacklevel=2)
    arrays = (learn or learned.learn)(rules, uniform, boosted)
    if path is not None:
        _write(path, arrays, meta)
    return arrays


def _read(path: Path, meta: dict[str, object], rules: CompiledRules
          ) -> tuple[dict[str, np.ndarray] | None, str]:
    """The arrays of a cache file, or None and what is wrong with it."""
    from ..files import FileError, read_bytes

    try:
        raw = io.BytesIO(read_bytes(path, MAX_TABLE_BYTES, "bot-table file"))
        with zipfile.ZipFile(raw) as archive:
            if sum(info.file_size for info in archive.infolist()) > MAX_TABLE_BYTES:
                return None, f"it expands to more than {MAX_TABLE_BYTES:,} bytes"
        with np.load(raw, allow_pickle=False) as data:
            arrays = {k: data[k] for k in data.files}
        found = json.loads(bytes(arrays.pop("meta")).decode("utf-8"))
    except FileError as e:
        return None, e.why
    except (OSError, ValueError, KeyError, EOFError, TypeError, zipfile.BadZipFile,
            UnicodeDecodeError, zlib.error, RecursionError):  # truncated, damaged, not ours
        return None, "it is not a readable table file"
    if found != meta:
        return None, "it was learned for other rules or by another version"
    try:
        problem = learned.check(arrays, rules.denominations)
    except (TypeError, ValueError, IndexError):  # an array of no dimension, of an odd type
        problem = "its arrays have the wrong shape or type"
    return (None, problem) if problem else (arrays, "")


def _write(path: Path, arrays: dict[str, np.ndarray], meta: dict[str, object]) -> None:
    """Write atomically: a temporary file in the same directory, renamed over `path`."""
    tmp = None
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        with tempfile.NamedTemporaryFile(dir=path.parent, prefix=path.stem, suffix=".tmp",
                                         delete=False) as fh:
            tmp = fh.name
            encoded = np.frombuffer(json.dumps(meta).encode("utf-8"), dtype=np.uint8)
            np.savez_compressed(fh, **{"meta": encoded, **arrays})  # type: ignore[arg-type]
            fh.flush()
            os.fsync(fh.fileno())
        os.replace(tmp, path)
    except OSError as e:
        if tmp is not None:
            Path(tmp).unlink(missing_ok=True)
        warnings.warn(f"could not cache the bot tables in {path.parent}: {e.strerror or e}",
                      TableCacheWarning, stacklevel=3)
