"""Helpers shared by the command modules: error printing, exit codes, reading a variant from
a built-in name, a file or standard input (`-`).

Exit codes, the same in every command: 0 ok; 1 invalid input or a failed check; 2 a usage
error (an unknown option, a variant or file argument that names nothing).
"""

from __future__ import annotations

import errno
import gc
import os
import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any, NoReturn

OK, PROBLEMS, USAGE = 0, 1, 2


def fail(message: str, code: int = PROBLEMS) -> NoReturn:
    """Print `message` on stderr (control characters shown, never obeyed) in the one error
    format of every command: `coinche: error: …` for a message about no place, the located
    lines `file:line:col: …` as `check` prints them; and exit: SystemExit, as Click ends a
    command raising `typer.Exit`."""
    from ..text_safety import for_terminal

    print(error_lines(for_terminal(message)), file=sys.stderr)
    raise SystemExit(code)


def error_lines(message: str) -> str:
    """`message` in the error format: each line that says no place prefixed `coinche: error: `
    (a located line, `file:line:col: error: …`, is printed as it is)."""
    import re

    located = re.compile(r"^[^\s].*?:\d+:\d+: ")
    return "\n".join(line if located.match(line) or line.startswith("coinche: ")
                     else f"coinche: error: {line}" for line in message.splitlines() or [""])


def folded(text: str, stream: Any, indent: int = 0) -> str:
    """`text` folded at the terminal's width when `stream` is a terminal, else as it is."""
    if not stream.isatty():
        return text
    import shutil
    import textwrap

    width = shutil.get_terminal_size().columns
    return "\n".join(textwrap.wrap(text, width, subsequent_indent=" " * indent,
                                    break_on_hyphens=False)) or text


def print_folded(text: str, indent: int = 2) -> None:
    """Print `text` (already escaped) folded at the terminal's width, the lines after the first
    indented by `indent`; as one line when stdout is no terminal (a pipe, a file: what scripts
    read line by line)."""
    if sys.stdout.isatty():
        import shutil
        import textwrap

        width = shutil.get_terminal_size().columns
        text = "\n".join(textwrap.wrap(text, width, subsequent_indent=" " * indent,
                                        break_on_hyphens=False)) or text
    print(text)


def runs_long() -> None:
    """Turn the cyclic garbage collector back on, which `main` pauses for one-shot commands:
    the first thing a command that runs on (a game, a simulation, a server) does."""
    gc.enable()


STDIN = "-"
STDIN_FILE = "<stdin>"
"""The file name diagnostics give a variant read from standard input."""


@contextmanager
def reported(lang: str | None = None) -> Iterator[None]:
    """Turn the package's errors into a message on stderr and exit code 1 (2 for an argument
    that names no variant or file), never a traceback; an option the variant does not have is
    said in `lang` (`--lang`), English without one."""
    from ..errors import CoincheError, UnknownVariantError
    from ..options import UnknownOptionError

    try:
        yield
    except UnknownOptionError as e:
        from ..problems import said_option

        fail(said_option(e, lang), USAGE)
    except UnknownVariantError as e:
        fail(str(e), USAGE)
    except CoincheError as e:
        fail(str(e))


def read_stdin_variant() -> str:
    """A variant's text from standard input (`-`), read no further than one byte past
    MAX_FILE_BYTES (`< /dev/zero` is refused, not read whole); `extends` is then relative to
    the current folder."""
    from ..files import read_stream
    from ..limits import MAX_FILE_BYTES
    from ..syntax import decode

    with reported():
        return decode(read_stream(_stdin_bytes(), MAX_FILE_BYTES, "standard input",
                                  "variant file"), STDIN_FILE)


def _stdin_bytes() -> Any:
    """Standard input as a binary stream (None when it is closed: `<&-`)."""
    stdin = sys.stdin
    if stdin is None or getattr(stdin, "closed_stream", False):
        return None
    return getattr(stdin, "buffer", None) or _Encoded(stdin)


class _Encoded:
    """A text stream without a binary one (a test runner's), read as UTF-8 bytes."""

    def __init__(self, stream: Any):
        self.stream = stream

    def read(self, size: int = -1) -> bytes:
        return bytes(self.stream.read(size).encode("utf-8"))


def resolve_arg(name_or_path: str) -> Any:
    """The resolved (merged, unvalidated) variant of a name, a file or `-`; raises the
    package's errors."""
    from ..loader import resolve

    if name_or_path == STDIN:
        from ..analysis import resolve_text

        return resolve_text(read_stdin_variant(), STDIN_FILE)[0]
    return resolve(name_or_path)


def choices_of(options: list[str] | None) -> dict[str, str]:
    """`--option name=value` arguments as choices; a usage error for any other shape or an
    option chosen twice."""
    out: dict[str, str] = {}
    for text in options or []:
        name, sep, value = text.partition("=")
        name, value = name.strip(), value.strip()
        if not sep or not name or not value:
            fail(f"--option takes NAME=VALUE, e.g. --option litige=chute; got '{text}'",
                 USAGE)
        if name in out and out[name] != value:
            fail(f"--option {name} is given twice ({out[name]}, {value})", USAGE)
        out[name] = value
    return out


def load(name_or_path: str, warn: bool = False, options: list[str] | None = None,
         lenient: bool = False, lang: str | None = None, own_language: bool = False) -> Any:
    """The Ruleset of a built-in name, a file or `-` (standard input), or a clean exit; with
    `warn`, the variant's warnings are printed on stderr first (`sheet` does: a sheet is what
    a club hands out). `options` are `--option NAME=VALUE` arguments; `lenient` (commands
    over several variants) applies each to the variants that have that option. An option or
    answer the variant lacks is said in `lang` (the command's `--lang`), else, with
    `own_language` (a command that speaks the variant's language by default: a sheet, the
    score pad, a table), in the variant's language, else in English."""
    from ..loader import validate, warnings

    choices = choices_of(options)
    with reported():
        resolved = resolve_arg(name_or_path)
    if lenient:
        known = resolved.data.get("options") or {}
        choices = {k: v for k, v in choices.items() if k in known}
    own = resolved.data.get("language") if own_language else None
    with reported(lang or (own if isinstance(own, str) else None)):
        ruleset = validate(resolved, choices)
    for found in warnings(resolved, ruleset) if warn else []:
        print(found, file=sys.stderr)
    return labelled(ruleset) if lenient else ruleset


def labelled(ruleset: Any) -> Any:
    """A ruleset whose options are not all at their defaults, named with its choices
    (`ffb (litige=chute)`): what `compare` and `simulate` head their columns with."""
    moved = [f"{o.name}={o.chosen}" for o in ruleset.options if o.chosen != o.default]
    if not moved:
        return ruleset
    words = ", ".join(moved)
    title = f"{ruleset.title} ({words})" if ruleset.title else ""
    return ruleset.model_copy(update={"name": f"{ruleset.name} ({words})", "title": title})


def load_all(variants: list[str], options: list[str] | None,
             lang: str | None = None) -> list[Any]:
    """The Rulesets of several variants, each `--option` applied where the variant has it; a
    usage error, said in `lang` (English without one), for an option none of them has."""
    rulesets = [load(v, options=options, lenient=True, lang=lang) for v in variants]
    declared = {o.name for rs in rulesets for o in rs.options}
    for name in choices_of(options):
        if name not in declared:
            from ..errors import Diagnostic, args
            from ..problems import full_sentence

            fail(full_sentence(Diagnostic(
                None, f"--option {name}: none of {', '.join(variants)} has an option '{name}'",
                code="option.none_has", params=args(name=name, variants=variants)),
                lang if lang else None), USAGE)
    return rulesets


def read_json(source: str) -> Any:
    """The JSON document of a file or of standard input (`-`), read no further than
    MAX_JSON_BYTES (`/dev/zero` is refused, not read whole); exit 1 naming the problem."""
    return parse_json(read_text(source), source)


def read_text(source: str) -> str:
    """The UTF-8 text of a regular file or of standard input (`-`), read no further than
    MAX_JSON_BYTES (`files`: a FIFO or a device is refused); exit 1 (2 for a file that is not
    there) naming the problem."""
    from ..files import FileError, read_bytes, read_stream
    from ..limits import MAX_JSON_BYTES

    name = _input_name(source)
    try:
        if source == "-":
            raw = read_stream(_stdin_bytes(), MAX_JSON_BYTES, name, "JSON input")
        else:
            raw = read_bytes(source, MAX_JSON_BYTES, "JSON input")
    except FileError as e:  # a file that is not there is a usage error, like a missing argument
        fail(str(e), USAGE if e.missing else PROBLEMS)
    try:
        return raw.decode("utf-8-sig")
    except UnicodeDecodeError:
        fail(f"{name}: not UTF-8 text")


def parse_json(text: str, source: str) -> Any:
    """The JSON document `text` read from `source`; exit 1 naming the problem and where."""
    import json

    name = _input_name(source)
    try:
        return _strict_json(text)
    except _DuplicateKey as e:
        line, col = _line_col(text, e.at)
        fail(f"{name}:{line}:{col}: invalid JSON: the key '{e.key}' is given twice in one "
             "object (which one counts would be a guess: keep one)")
    except json.JSONDecodeError as e:
        fail(f"{name}:{e.lineno}:{e.colno}: invalid JSON: {e.msg}")
    except RecursionError:
        fail(f"{name}: invalid JSON: nested too deeply")
    except ValueError:  # the only other one: an integer past Python's digit limit
        fail(f"{name}: invalid JSON: a number has too many digits")


class _DuplicateKey(ValueError):
    def __init__(self, key: str, at: int):
        super().__init__(key)
        self.key, self.at = key, at


def _strict_json(text: str) -> Any:
    """`json.loads`, refusing an object that gives a key twice (Python's reader keeps the last
    one silently) with where the second is written. The pure-Python scanner is used so that
    each object's parse can note where its values start (the C one calls no hook per value)."""
    import json
    import json.decoder
    import json.scanner

    decoder = json.JSONDecoder(object_pairs_hook=list)

    def parse_object(s_and_end: tuple[str, int], strict: bool, scan_once: Any, hook: Any,
                     pairs_hook: Any, memo: Any = None) -> tuple[Any, int]:
        starts: list[int] = []

        def noting(string: str, idx: int) -> Any:
            starts.append(idx)
            return scan_once(string, idx)

        pairs, end = json.decoder.JSONObject(  # type: ignore[attr-defined]
            s_and_end, strict, noting, hook, list, memo)
        seen: set[str] = set()
        for i, (key, _) in enumerate(pairs):
            if key in seen:
                raise _DuplicateKey(key, _key_start(s_and_end[0], starts[i]))
            seen.add(key)
        return dict(pairs), end

    decoder.parse_object = parse_object  # type: ignore[attr-defined]
    decoder.scan_once = json.scanner.py_make_scanner(decoder)  # type: ignore[attr-defined]
    return decoder.decode(text)


def _key_start(text: str, value_at: int) -> int:
    """Where the key of the value starting at `value_at` starts (its opening quote)."""
    i = text.rfind('"', 0, text.rfind(":", 0, value_at))  # the key's closing quote
    i -= 1
    while i > 0 and not (text[i] == '"' and (i - len(text[:i].rstrip("\\"))) % 2 == 0):
        i -= 1
    return max(i, 0)


def _line_col(text: str, at: int) -> tuple[int, int]:
    line = text.count("\n", 0, at) + 1
    return line, at - (text.rfind("\n", 0, at) + 1) + 1


def _input_name(source: str) -> str:
    return "standard input" if source == "-" else source


def print_json(data: Any, indent: int | None = None) -> None:
    """JSON on stdout, with any control character of the input escaped (never obeyed)."""
    import json

    from ..text_safety import for_json

    print(for_json(json.dumps(data, ensure_ascii=False, indent=indent)))


# --- standard streams that end ---------------------------------------------------------------

class ClosedStream:
    """Stands for a standard stream the shell closed (`>&-`, `<&-`), which Python leaves as
    None: reading or writing it raises OSError naming it (`run_guarded` reports it in one
    line), where None gave `'NoneType' object has no attribute 'write'`. A closed stderr
    (`quiet`) takes what is written and drops it: there is nowhere to say anything."""

    closed_stream = True
    closed = False
    encoding = "utf-8"
    errors = "strict"

    def __init__(self, name: str, quiet: bool = False):
        self.name = name
        self.quiet = quiet

    def _closed(self) -> OSError:
        return OSError(errno.EBADF, "it is closed", self.name)

    def write(self, data: Any) -> int:
        if self.quiet:
            return len(data)
        raise self._closed()

    def read(self, size: int = -1) -> Any:
        raise self._closed()

    readline = read

    def writelines(self, lines: Any) -> None:
        for line in lines:
            self.write(line)

    def flush(self) -> None:
        pass

    def isatty(self) -> bool:
        return False

    def fileno(self) -> int:
        raise self._closed()

    @property
    def buffer(self) -> ClosedStream:
        return self


def stand_in_for_closed_streams() -> None:
    """Hold the numbers 0, 1 and 2 when the shell closed them (`/dev/null` opened there: a
    file the command opens must not become its "standard output"), and put a ClosedStream
    where Python left None."""
    for fd in (0, 1, 2):
        try:
            os.fstat(fd)
        except OSError:
            os.open(os.devnull, os.O_RDWR)  # the lowest free number: this one
    if sys.stdin is None:
        sys.stdin = ClosedStream("standard input")  # type: ignore[assignment]
    if sys.stdout is None:
        sys.stdout = ClosedStream("standard output")  # type: ignore[assignment]
    if sys.stderr is None:
        sys.stderr = ClosedStream("standard error", quiet=True)  # type: ignore[assignment]


def run_guarded(command: Callable[[], None]) -> None:
    """Run `command` (a whole `coinche` run), its output flushed before it ends, and end as a
    Unix tool does when a stream ends: a closed pipe (`| head -1`) quietly with exit 1; a full
    disk (`> /dev/full`), a closed stdout or stdin (`>&-`, `<&-`) with one line on stderr (if
    it is open) and exit 1, never a traceback."""
    stand_in_for_closed_streams()
    try:
        try:
            command()
        except SystemExit:
            _flush_stdout()
            raise
        _flush_stdout()
    except OSError as e:
        _stream_ended(e)


def _flush_stdout() -> None:
    if sys.stdout is not None:
        sys.stdout.flush()


def _stream_ended(e: OSError) -> NoReturn:
    """Leave after `e`: what was left to write is dropped (stdout now discards, so that
    Python's own flush at exit has nothing to fail on); one line unless a pipe was closed."""
    broken = e.errno == errno.EPIPE
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, 1)  # what the old stdout still buffers goes nowhere
        os.close(devnull)
    except OSError:
        pass
    sys.stdout = ClosedStream("standard output", quiet=True)  # type: ignore[assignment]
    if not broken:
        where = e.filename if isinstance(e.filename, str) else "standard output"
        why = e.strerror or str(e)
        try:
            print(f"coinche: error: {where}: {why}", file=sys.stderr)
            sys.stderr.flush()
        except (OSError, ValueError):
            sys.stderr = ClosedStream("standard error", quiet=True)  # type: ignore[assignment]
    raise SystemExit(PROBLEMS)
