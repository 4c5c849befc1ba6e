"""What the studio's page asks of the server, as plain functions over the edited text.

One user, one folder: every file the page names is resolved inside the folder the studio was
started in (`Workspace.root`), and refused otherwise. The text being edited is untrusted like any
variant file: it is parsed and validated, never executed, and everything shown from it is
escaped by the renderers (HTML) or by the page (text nodes).
"""

from __future__ import annotations

import os
import re
import tempfile
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..analysis import Finding
from ..errors import CoincheError, Diagnostic, Position
from ..loader import BUILTINS, SUFFIX, BaseReader, load_variant, validate
from ..model import Ruleset

MAX_NAME_BYTES = 255
"""A file name's bytes, in every common file system."""


class StudioError(CoincheError, ValueError):
    """A request the studio refuses (a path outside its folder, a bad variant name)."""


@dataclass
class Analysis:
    """The edited text, checked: its Ruleset when valid, and every located problem."""

    ruleset: Ruleset | None
    diagnostics: list[dict[str, Any]] = field(default_factory=list)


def finding_json(f: Finding, lang: str | None = None) -> dict[str, Any]:
    """A finding of the analysis for the page: 1-based line and column, its width, and the
    did-you-mean as a fix. In the page's language (`lang`: the finding's words are already
    in it), the message is one sentence with its hint, as the problem list and the editor's
    margin show it, and `hint` is empty."""
    from ..problems import joined

    message, hint = f.message, f.hint
    if lang is not None and f.code:
        message, hint = joined(message, hint, lang), ""
    return {"line": f.line, "column": f.column,
            "length": max(f.end_column - f.column, 1) if f.end_line == f.line else 1,
            "severity": f.severity, "message": message, "hint": hint, "code": f.code,
            "fixes": [f.fix] if f.fix else [], "file": Path(f.file).name}


def diagnostic_json(d: Diagnostic, lang: str | None = None) -> dict[str, Any]:
    """A syntax diagnostic (formatting a text that does not parse) in the same shape."""
    from ..problems import sentence

    at = d.position or Position("", 1, 1)
    message, hint = sentence(d, lang)
    fix = d.values.get("fix")
    return finding_json(Finding(at.file, at.line, at.column, at.line,
                                at.column + max(len(d.text), 1), "error", message, hint,
                                str(fix) if fix else None, d.code if lang else ""), lang)


@dataclass
class Workspace:
    """The folder the studio serves and the variant file being edited in it."""

    root: Path
    file: Path

    @classmethod
    def open(cls, root: Path, file: str | None) -> Workspace:
        root = root.resolve()
        ws = cls(root, root / "club.coinche")
        if file:
            ws.file = ws.inside(file)
        return ws

    @classmethod
    def for_file(cls, file: str | None, cwd: Path) -> Workspace:
        """The workspace of `file`, wherever it is: its folder is the studio's (`cwd` without
        a file). The root of the disk and the home folder are refused: the page may open any
        variant file of the folder it serves."""
        path = (cwd / Path(file).expanduser()) if file else cwd / "club.coinche"
        root = path.parent.resolve()
        if root == Path(root.anchor) or root == Path.home().resolve():
            raise StudioError(
                f"the studio serves the file's folder, and {root} is "
                f"{'the root of the disk' if root == Path(root.anchor) else 'your home folder'}"
                ": put the club's file in a folder of its own")
        return cls.open(root, path.name)

    def inside(self, name: str) -> Path:
        """`name` as a variant file in the studio's folder; StudioError otherwise (a name no
        file system takes, too: a NUL or control character, a part over 255 bytes)."""
        shown = name.encode("unicode_escape").decode("ascii")[:80]
        if any(ord(c) < 32 or c == "\x7f" for c in name) or any(
                len(part.encode("utf-8", "replace")) > MAX_NAME_BYTES for part in name.split("/")):
            raise StudioError(f"'{shown}' is not a file name (control characters, or a part "
                              f"over {MAX_NAME_BYTES} bytes)")
        try:
            path = (self.root / name).resolve()
        except (OSError, ValueError, RuntimeError) as e:  # a symlink loop, a name too long
            raise StudioError(f"'{shown}' is not a file the studio can open ({type(e).__name__})"
                              ) from None
        if not path.is_relative_to(self.root):
            raise StudioError(f"'{name}' is outside the studio's folder")
        if path.suffix != SUFFIX:
            raise StudioError(f"'{name}': variant files end in {SUFFIX}")
        return path

    def relative(self, message: str) -> str:
        """`message` with the studio's folder left out of every path it names: the page shows
        file names relative to the folder, never where the folder is."""
        return message.replace(f"{self.root}{os.sep}", "").replace(str(self.root), ".")

    def read(self) -> str:
        """The edited file's text (`read_variant_text`), or a starter when there is none."""
        if not os.path.exists(self.file):  # nothing there, or a symlink to nothing
            return starter(self.file.stem)
        return read_variant_text(self.file)

    def analyse(self, text: str, choices: dict[str, str] | None = None,
                lang: str | None = None) -> Analysis:
        """Everything `coinche check` says of `text`, as if saved as the edited file (the
        analysis the language server gives an editor), in the page's language `lang`, and its
        Ruleset when it has no error, its options at `choices` (the page's option controls;
        the defaults otherwise)."""
        from ..analysis import diagnose, resolve_text

        findings = diagnose(text, str(self.file), self.bases(), lang=lang)
        found = [finding_json(f, lang) for f in findings]
        if any(f.severity == "error" for f in findings):
            return Analysis(None, found)
        resolved, _ = resolve_text(text, str(self.file), self.bases())
        return Analysis(validate(resolved, choices), found)

    def bases(self) -> BaseReader | None:
        """Where the edited text's `extends` is found: None, the loader's own reading (the
        built-ins and the files beside the edited one). Another workspace (a club's, on
        `coinche serve`) finds them elsewhere; every analysis of the page goes through it."""
        return None

    def save(self, text: str) -> dict[str, Any]:
        """Write `text` to the edited file atomically; a file with errors is saved as a draft."""
        found = self.analyse(text).diagnostics
        errors = sum(d["severity"] == "error" for d in found)
        write_text_atomic(self.file, text)
        return {"saved": self.file.name, "draft": bool(errors), "problems": errors,
                "warnings": len(found) - errors}

    def other(self, name: str) -> Ruleset:
        """A variant to compare with: a built-in, or a file in the studio's folder."""
        if name in BUILTINS:
            return load_variant(name)
        return load_variant(self.inside(name))

    def variants(self) -> list[str]:
        """Built-ins and the folder's own variant files, for the page's pickers."""
        own = sorted(p.name for p in self.root.glob(f"*{SUFFIX}") if p.is_file())
        return [*BUILTINS, *own]


def read_variant_text(path: Path) -> str:
    """The text of a variant file through the tool's one reader (`files.read_bytes`: a
    regular file of at most MAX_FILE_BYTES; a FIFO, a device or a 3 GB file is refused before
    it is read); StudioError naming the file (not its folder) otherwise."""
    from ..errors import VariantError
    from ..files import FileError, read_bytes
    from ..limits import MAX_FILE_BYTES
    from ..syntax import decode

    try:
        return decode(read_bytes(path, MAX_FILE_BYTES, "variant file"), path.name)
    except FileError as e:
        raise StudioError(f"{path.name}: {e.why}") from None
    except VariantError as e:  # not UTF-8, NUL bytes
        raise StudioError(f"{path.name}: {e.diagnostics[0].message}") from None


def starter(name: str) -> str:
    """The text of a new file: the federation's rules, renamed, to edit from."""
    clean = re.sub(r"[^a-z0-9_-]", "-", name.lower())[:40].strip("-") or "club"
    return (f'variant "{clean}" extends "ffb" {{\n  title "{clean}"\n  language fr\n}}\n')


def write_text_atomic(path: Path, text: str) -> None:
    """Replace `path` by `text` all at once: a temp file created exclusively beside it, then
    renamed over it; the file's mode is kept."""
    mode = path.stat().st_mode & 0o777 if path.exists() else None
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as out:
            out.write(text)
        if mode is not None:
            os.chmod(tmp, mode)
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise
