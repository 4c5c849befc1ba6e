"""Variant files to a validated Ruleset: find, parse, resolve `extends`, validate, report.

`extends` is resolved on raw data before validation: blocks merge, scalars and lists replace.
Every problem of a file (and of its bases) is reported at once, each at `file:line:col`.
"""

from __future__ import annotations

import difflib
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from functools import lru_cache
from pathlib import Path
from typing import Any

from pydantic import ValidationError

from .errors import Diagnostic, Position, UnknownVariantError, VariantError, args
from .files import FileError, read_bytes
from .inherit import (
    Override,
    bad_pin,
    base_data,
    drop_example_words,
    inherited_example,
    keyed_words,
    lost_cases,
    missing_text,
    overrides,
    pin_problems,
)
from .limits import MAX_FILE_BYTES
from .model import Ruleset
from .model.checks import Problem, check_ruleset
from .model.coherence import clashes
from .model.messages import data_loc, diagnostic
from .model.ruleset import SOURCES
from .options import (
    Choices,
    chosen_values,
    declaration_problems,
    defaults_view,
    example_problems,
    fill,
    holds,
    merge_options,
    open_options,
    option_positions,
    words_problems,
)
from .standin import changes_examples, cut_of, examples_of, renumbered, without
from .syntax import ParsedVariant, decode, parse_text
from .syntax.parser import DataPath

BUILTINS = ("ffb", "ffb-contree", "es-club", "pt-online", "it-701", "fr-brut", "fr-bga")
"""The built-in variants, in the order `coinche list` shows them (an explicit list: no registry)."""
SUFFIX = ".coinche"
MAX_EXTENDS_DEPTH = 8
MAX_NAME = 200
"""The longest `extends` a file may write (a file name in the same folder)."""


def builtin_dir() -> Path:
    """The built-in variants: the package's `variants/` folder (package data, as Lark ships its
    grammars), whether run from a clone or installed from the wheel."""
    return Path(__file__).resolve().parent / "variants"


def builtin_path(name: str) -> Path:
    return builtin_dir() / f"{name}{SUFFIX}"


@dataclass
class Resolved:
    """A variant after `extends`: merged raw data and where each value was written."""

    data: dict[str, Any]
    positions: dict[DataPath, Position]
    header: Position
    chain: list[str]
    """The files read, the variant's own first."""
    warnings: list[Diagnostic] = field(default_factory=list)
    """Problems that do not stop the variant from being used (`inherit`), in file order."""
    overrides: list[Override] = field(default_factory=list)
    """The base formulas the variant's own file replaces (checked once validated)."""
    pin: str | None = None
    """The fingerprint the variant's own file pins (`pin "…"`), if any."""


@dataclass
class Loaded:
    """A validated Ruleset and the warnings its files deserve (text inherited from nowhere, a
    formula case lost, rules moved since pinned): what `check`, `sheet` and an editor show."""

    ruleset: Ruleset
    warnings: list[Diagnostic]


def locate(name_or_path: str | Path) -> Path:
    """A built-in name or a file path, as a path; UnknownVariantError otherwise."""
    text = str(name_or_path)
    if text in BUILTINS:
        return builtin_path(text)
    path = Path(text)
    if _exists(path):  # a FIFO or a device too: the reader says what it is, in one line
        return path
    close = difflib.get_close_matches(text, BUILTINS, n=1)
    hint = f"; did you mean '{close[0]}'?" if close else f"; built-ins: {', '.join(BUILTINS)}"
    raise UnknownVariantError(f"no built-in variant or file named '{text}'{hint}")


def _exists(path: Path) -> bool:
    """Whether something is at `path` (a symlink to nothing is not); False for a name the
    system refuses (too long)."""
    try:
        return path.exists()
    except (OSError, ValueError):
        return False


def read_variant(path: Path, at: Position | None = None) -> ParsedVariant:
    """One file parsed (not resolved). The result is shared between calls for the same file
    and content (a base such as ffb is read again by every variant extending it): treat it as
    read-only. A file that cannot be read (a FIFO, a device, one over the size limit) is a
    VariantError at `at` (the `extends` that names it), else at the file's start."""
    try:
        raw = read_bytes(path, MAX_FILE_BYTES, "variant file")
    except FileError as e:
        where = at or Position(str(path), 1, 1)
        own = where.file == str(path)
        message = e.why if own else f"{Path(path).name}: {e.why}"
        if e.limit is None:
            raise VariantError([Diagnostic(where, message)]) from None
        raise VariantError([Diagnostic(  # over the size limit: said in the reader's language
            where, message, code="file.too_large" if own else "file.base_too_large",
            params=args(n=e.limit, **({} if own else {"name": Path(path).name})))]) from None
    return _parsed(raw, str(path))


@lru_cache(maxsize=64)
def _parsed(raw: bytes, file: str) -> ParsedVariant:
    return parse_text(decode(raw, file), file)


BaseReader = Callable[[ParsedVariant], ParsedVariant]
"""Where `extends` points, for a caller whose files are not on disk (a server's database): the
parsed base of a variant, or VariantError at its `extends`. Without one, a base is a built-in
or a file in the variant's own folder (`_base_path`)."""


def resolve(name_or_path: str | Path, own: ParsedVariant | None = None,
            bases: BaseReader | None = None) -> Resolved:
    """Parse a variant and its bases and merge them, base first. With `own` (an editor's
    unsaved text, parsed), that is the variant's file and `name_or_path` only says where it
    lives: its bases are found next to it, or by `bases` when given (then each file is known
    by its `file` name, and no folder is read)."""
    path = Path(name_or_path) if own is not None else locate(name_or_path)
    step: Path | ParsedVariant = own if own is not None and bases is not None else path
    chain: list[ParsedVariant] = []
    seen: list[Path | str] = []
    while True:
        real = step.file if isinstance(step, ParsedVariant) else step.resolve()
        if real in seen:
            cycle = " -> ".join(Path(p).name for p in [*seen, real])
            last = chain[-1]
            raise VariantError([Diagnostic(last.extends_at, f"extends makes a cycle: {cycle}",
                                           code="extends.cycle", params=args(
                                               names=[Path(p).name for p in [*seen, real]]))])
        if len(seen) >= MAX_EXTENDS_DEPTH:
            raise VariantError([Diagnostic(chain[-1].extends_at, "extends goes too deep",
                                           code="extends.too_deep",
                                           params=args(n=MAX_EXTENDS_DEPTH))])
        seen.append(real)
        if own is not None and not chain:
            parsed = own
        elif isinstance(step, ParsedVariant):
            parsed = step
        else:
            parsed = read_variant(step, chain[-1].extends_at if chain else None)
        chain.append(keyed_words(parsed))
        if parsed.extends is None:
            break
        step = bases(parsed) if bases is not None else _base_path(parsed)
    data: dict[str, Any] = {}
    positions: dict[DataPath, Position] = {}
    clashes: list[Diagnostic] = []
    for parsed in reversed(chain[1:]):
        clashes += merge_options(data, positions, parsed.data, parsed.positions, parsed.file)
        drop_example_words(data, positions, parsed.data)
        merge(data, positions, _without_options(base_data(parsed)), _base_positions(parsed), ())
    own = chain[0]
    if bad_pin(own):
        raise VariantError(bad_pin(own))
    replaced = overrides(defaults_view(data), option_positions(data, positions), own)
    clashes += merge_options(data, positions, own.data, own.positions, own.file)
    drop_example_words(data, positions, own.data)
    merge(data, positions, _without_options({k: v for k, v in own.data.items() if k != "pin"}),
          own.positions, ())
    if clashes:
        raise VariantError(clashes)
    if data.get("examples") == "none":  # `examples none`: the base's examples are dropped
        data["examples"] = []
    data["name"] = own.name
    data["extends"] = own.extends
    assert own.header is not None
    positions[("name",)] = own.header
    if own.extends_at:
        positions[("extends",)] = own.extends_at
    pin = own.data.get("pin")
    return Resolved(data, positions, own.header, [p.file for p in chain], missing_text(own),
                    replaced, pin if isinstance(pin, str) else None)


def _without_options(data: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in data.items() if k != "options"}


def _base_positions(parsed: ParsedVariant) -> dict[DataPath, Position]:
    kept = base_data(parsed)
    return {p: at for p, at in parsed.positions.items() if not p or p[0] in kept}


def _base_path(parsed: ParsedVariant) -> Path:
    """Where `extends` points: a built-in name, or a file in the variant's own folder."""
    target = parsed.extends or ""
    if target in BUILTINS:
        return builtin_path(target)
    shown = target if len(target) <= 60 else target[:60] + "…"
    if "/" in target or "\\" in target or "\x00" in target or len(target) > MAX_NAME:
        raise VariantError([_outside(parsed, shown)])
    folder = Path(parsed.file).resolve().parent
    candidate = (folder / (target if target.endswith(SUFFIX) else target + SUFFIX)).resolve()
    if not candidate.is_relative_to(folder):
        raise VariantError([_outside(parsed, shown)])
    if not _exists(candidate):
        close = difflib.get_close_matches(target, BUILTINS, n=1)
        raise VariantError([Diagnostic(
            parsed.extends_at, f"extends '{shown}': no built-in variant or file of that name",
            text=shown, hint=f"did you mean '{close[0]}'?" if close else
            f"built-ins: {', '.join(BUILTINS)}", code="extends.unknown",
            hint_code="hint.did_you_mean" if close else "hint.builtins",
            params=args(name=shown, **({"fix": close[0]} if close else {"names": BUILTINS})))])
    return candidate


def _outside(parsed: ParsedVariant, shown: str) -> Diagnostic:
    return Diagnostic(parsed.extends_at, f"extends '{shown}' must be a built-in name or a "
                      f"{SUFFIX} file in the same folder", code="extends.outside",
                      params=args(name=shown))


def merge(data: dict[str, Any], positions: dict[DataPath, Position], over: dict[str, Any],
          over_positions: dict[DataPath, Position], path: DataPath = ()) -> None:
    """Deep-merge `over` into `data`: blocks merge, scalars, lists and formulas replace.
    Where a value was replaced, the base's positions under it go; `over`'s all win."""
    replaced: set[DataPath] = set()
    _merge_data(data, over, path, replaced)
    if replaced:
        # A path under a replaced one starts with its first key: the others are not sliced
        # (an option value's merge replaces a few paths among some 700 positions).
        heads = {r[0] for r in replaced}
        gone = [p for p in positions if p and p[0] in heads
                and any(p[:i] in replaced for i in range(1, len(p) + 1))]
        for p in gone:
            del positions[p]
    positions.update(over_positions)


def _merge_data(data: dict[str, Any], over: dict[str, Any], path: DataPath,
                replaced: set[DataPath]) -> None:
    for key, value in over.items():
        sub = (*path, key)
        # a formula (`{"op": …}`) replaces the base's whole: merging would graft its leaves
        if _is_block(value) and _is_block(data.get(key)):
            _merge_data(data[key], value, sub, replaced)
            continue
        replaced.add(sub)
        data[key] = _copy_blocks(value)


def _copy_blocks(value: Any) -> Any:
    """A copy of the dicts in `value` (merging later mutates them; never the parsed data)."""
    if isinstance(value, dict):
        return {k: _copy_blocks(v) for k, v in value.items()}
    return value


def _is_block(value: Any) -> bool:
    return isinstance(value, dict) and "op" not in value


def load_variant(name_or_path: str | Path, choices: Choices | None = None) -> Ruleset:
    """The validated Ruleset of a built-in name or a file, its options at `choices` (the
    defaults for the others); VariantError lists every problem.

    >>> load_variant("ffb").game.target
    2000
    """
    resolved = resolve(name_or_path)
    return validate(resolved, choices)


def load_checked(name_or_path: str | Path) -> Loaded:
    """The validated Ruleset of a built-in name or a file, with its warnings (VariantError
    when it has errors): what an editor or `coinche check` shows."""
    resolved = resolve(name_or_path)
    seen: dict[tuple[tuple[str, str], ...], Validation] = {}
    ruleset = validate(resolved, seen=seen)
    return Loaded(ruleset, warnings(resolved, ruleset, seen))


def warnings(resolved: Resolved, ruleset: Ruleset,
             seen: dict[tuple[tuple[str, str], ...], Validation] | None = None
             ) -> list[Diagnostic]:
    """Everything worth a look in a valid variant, in file order. `seen`: the validations
    `validate` kept, reused for the options' other values."""
    found = [*resolved.warnings, *lost_cases(ruleset, resolved.overrides),
             *_clashes(resolved, ruleset, seen)]
    if resolved.pin is not None:
        found += pin_problems(ruleset, resolved.pin, resolved.positions.get(("pin", 0)),
                              resolved.chain[0])
    return _sorted(resolved, found)


def _clashes(resolved: Resolved, ruleset: Ruleset,
             seen: dict[tuple[tuple[str, str], ...], Validation] | None = None
             ) -> list[Diagnostic]:
    """The settings of the variant's own file that can never apply or contradict another,
    each at the first of them the file writes, naming where every one involved is set. A
    setting that applies under another value of an open option (each option's other values,
    the others as chosen) is not reported: ffb's no-trump carrés, moot in its basic game,
    apply once the organiser adds no-trump."""
    own, out = resolved.chain[0], []
    found = clashes(ruleset)
    chosen = {option.name: option.chosen for option in ruleset.options}
    for option in ruleset.options if found else ():
        for value in option.values:
            if value.name == option.chosen:
                continue
            other = _validated_once(resolved, {**chosen, option.name: value.name}, seen)
            if other.ruleset is not None:
                theirs = {(c.path, c.code) for c in clashes(other.ruleset)}
                found = [c for c in found if (c.path, c.code) in theirs]
    for clash in found:
        written = [p for p in (clash.path, *clash.anchors)
                   if p in resolved.positions and resolved.positions[p].file == own]
        if not written:
            continue
        places = ", ".join(f"{'.'.join(p)} {_place(p, resolved)}"
                           for p in (clash.path, *clash.others))
        out.append(Diagnostic(resolved.positions[written[0]], clash.message,
                              hint=f"{clash.hint}; {places}", severity="warning",
                              code=clash.code, hint_code=clash.hint_code, params=clash.params))
    return out


def _place(path: DataPath, resolved: Resolved) -> str:
    at = resolved.positions.get(path)
    return f"at {Path(at.file).name}:{at.line}" if at is not None else "by default"


def example_problem(resolved: Resolved, index: int, message: str, code: str = "",
                    params: tuple[tuple[str, Any], ...] = ()) -> Diagnostic:
    """A worked example the engine disagrees with, at its position; an inherited one says so
    from the extending file's side, and what to do. `code` and `params` say it in the
    problem catalogs' words (`engine.examples.example_failures`)."""
    return inherited_example(resolved.chain[0], position_of(("examples", index), resolved),
                             message, code, params)


def validate(resolved: Resolved, choices: Choices | None = None,
             seen: dict[tuple[tuple[str, str], ...], Validation] | None = None) -> Ruleset:
    """The Ruleset of a resolved variant with its options at `choices` (the defaults for the
    others); VariantError lists every problem found (`validated`). Every value of every option
    must give valid rules: a value that does not is reported with the option and value named.
    UnknownOptionError for a choice naming nothing. `seen` keeps each combination's validation
    for the caller's next calls: `check` validates each combination it runs once
    (`validate_combination`), then the defaults with their neighbours, found there."""
    outcome = _validated_once(resolved, choices, seen)
    if outcome.errors:
        raise VariantError(outcome.errors)
    ruleset = outcome.ruleset
    assert ruleset is not None
    chosen = {option.name: option.chosen for option in ruleset.options}
    problems: list[Diagnostic] = []
    for option in ruleset.options:
        for value in option.values:
            if value.name != option.chosen:
                problems += _value_problems(resolved, {**chosen, option.name: value.name},
                                            f"with option {option.name} = {value.name}", seen)
    if problems:
        raise VariantError(_sorted(resolved, problems))
    return ruleset


def validate_combination(resolved: Resolved, choices: Choices,
                         seen: dict[tuple[tuple[str, str], ...], Validation] | None = None
                         ) -> Ruleset:
    """The Ruleset of a resolved variant with its options at `choices`, that combination's own
    errors only (VariantError): what `check` runs the examples of each combination under.
    `validate` also validates the combination's neighbours (one value changed), which `check`
    validates as combinations of their own or as the defaults' neighbours: validating them
    again from every combination made a file at the option limits validate some 2,000
    combinations (40 s and 2.7 GB) where it runs 73."""
    outcome = _validated_once(resolved, choices, seen)
    if outcome.errors:
        raise VariantError(outcome.errors)
    assert outcome.ruleset is not None
    return outcome.ruleset


def _value_problems(resolved: Resolved, chosen: Choices, label: str,
                    seen: dict[tuple[tuple[str, str], ...], Validation] | None
                    ) -> list[Diagnostic]:
    under = label.removeprefix("with option ")  # `litige = chute`, as the file writes them
    return [replace(d, message=f"{label}: {d.message}").with_params(under=under)
            for d in _validated_once(resolved, chosen, seen).errors]


def _validated_once(resolved: Resolved, choices: Choices | None,
                    seen: dict[tuple[tuple[str, str], ...], Validation] | None) -> Validation:
    """`validated`, looked up in `seen` first (by the choices as given) when there is one."""
    if seen is None:
        return validated(resolved, choices)
    key = tuple(sorted((choices or {}).items()))
    if key not in seen:
        seen[key] = validated(resolved, choices)
    return seen[key]


@dataclass
class Validation:
    """Every error of a resolved variant, found in one run, and the Ruleset to go on with."""

    ruleset: Ruleset | None
    """The Ruleset; with errors, a stand-in built without the settings in error (None when
    even that cannot be built)."""
    errors: list[Diagnostic]
    exact: bool = True
    """The stand-in differs from the file only by unknown names it drops, and passes every
    cross-field check, so its worked examples can still be run (a value in error would change
    what they compute; rules failing a cross-field check are not rules the engine runs)."""
    examples: list[int] = field(default_factory=list)
    """The index in the file of each of the stand-in's examples (an example in error, or one
    that holds under other option values, is left out of it)."""
    bad_examples: set[int] = field(default_factory=set)
    """Examples (file indices) already reported in error: running them would say it again."""


def validated(resolved: Resolved, choices: Choices | None = None) -> Validation:
    """Field errors, then the cross-field checks on what remains once the settings in error
    are set aside: one run reports them all. What cannot be computed because of an earlier
    error is skipped, and a note says so. Options are at `choices` (the defaults for the
    others); a mistake in an option's declaration stops here (its values cannot be read)."""
    options = resolved.data.get("options") or {}
    at = lambda path: position_of(path, resolved)  # noqa: E731
    declared = declaration_problems(options, at)
    declared += example_problems(resolved.data.get("examples"), options, at)
    words = words_problems(resolved.data.get("terms"), options, resolved.data.get("examples"),
                           at)
    if declared:
        return Validation(None, _sorted(resolved, declared + words), False)
    view, places = _options_view(resolved, chosen_values(options, choices or {}))
    data = view.data
    context = {SOURCES: _sources(view.positions)}
    locate = lambda loc: position_of(_in_file(loc, places), view)  # noqa: E731
    errors: list[Diagnostic] = []
    dropped: list[DataPath] = []
    kept = list(range(len(places)))
    try:
        ruleset = Ruleset.model_validate(data, context=context)
    except ValidationError as e:
        errors = [diagnostic(err, data, locate) for err in e.errors()]
        dropped = sorted({cut_of(data_loc(err)) for err in e.errors()}, key=str)
        data, kept = without(data, dropped, _federation())
        try:
            ruleset = Ruleset.model_validate(data, context=context)
        except ValidationError:
            note = Diagnostic(resolved.header, "cross-field checks and worked examples were "
                              "not run: they need the settings in error", severity="warning",
                              code="note.checks_not_run")
            return Validation(None, [*_sorted(resolved, errors + words), note], False)
    kept = [places[i] for i in kept]
    cuts = [_in_file(cut, places) for cut in dropped]
    problems = [renumbered(p, kept) for p in check_ruleset(ruleset)]
    errors += [_problem(p, view) for p in problems
               if not any(p.path[:len(cut)] == cut for cut in cuts)]
    errors += words
    # Examples never run on rules that failed a cross-field check: the engine assumes every
    # check holds (a sequence_order of six ranks made it raise ValueError, issue #32).
    crossed = any(p.path[:1] != ("examples",) for p in problems)
    exact = not changes_examples(dropped) and not crossed
    bad = {p.path[1] for p in problems if p.path[:1] == ("examples",) and len(p.path) > 1}
    return Validation(ruleset, _sorted(resolved, errors), exact, kept,
                      {i for i in bad if isinstance(i, int)})


def _sources(positions: dict[DataPath, Position]) -> dict[DataPath, str]:
    """`file:line` of each path (the Ruleset's `locations()`); each file's name is worked out
    once, not once per path (a check validates some twenty times, over hundreds of paths)."""
    names = {file: Path(file).name for file in {at.file for at in positions.values()}}
    return {path: f"{names[at.file]}:{at.line}" for path, at in positions.items()}


def _in_file(loc: DataPath, places: list[int]) -> DataPath:
    """A path into the options' view of the data, with its example index the file's."""
    if loc[:1] == ("examples",) and len(loc) > 1 and isinstance(loc[1], int) \
            and loc[1] < len(places):
        return ("examples", places[loc[1]], *loc[2:])
    return loc


@lru_cache(maxsize=1)
def _federation() -> dict[str, Any]:
    """The built-in ffb's data (its options at their defaults): it states every rule, so it can
    stand in for one in error."""
    ffb = resolve("ffb")
    options = ffb.data.get("options") or {}
    return _options_view(ffb, chosen_values(options, {}))[0].data


def _options_view(resolved: Resolved, chosen: Choices) -> tuple[Resolved, list[int]]:
    """The data with each option's settings at its `chosen` value merged in, and the file
    index of each example that holds under those values."""
    data = _copy_blocks(resolved.data)  # merging values must leave `resolved` as it was
    positions = dict(resolved.positions)
    options = data.pop("options", None) or {}
    for name, value in chosen.items():
        if "decided" in options[name]:
            continue  # a later file wrote the option's settings itself: filled in below
        prefix = ("options", name, "values", value)
        merge(data, positions, options[name]["values"][value],
              {p[4:]: at for p, at in resolved.positions.items() if p[:4] == prefix}, ())
    for name, value in chosen.items():  # the settings of the decided value it did not write
        if "decided" in options[name]:
            decl = options[name]
            prefix = ("options", name, "values", value or decl.get("default"))
            for path in fill(data, decl["values"].get(value or decl.get("default"), {})):
                at = resolved.positions.get((*prefix, *path))
                if at is not None:
                    positions[path] = at
    data["options"] = open_options(options, chosen)
    examples = examples_of(data)
    places = list(range(len(examples)))
    if examples and options:
        places = [i for i, ex in enumerate(examples) if holds(ex, chosen)]
        data["examples"] = [examples[i] for i in places]
    if options:
        _keep_words(data)
    return Resolved(data, positions, resolved.header, resolved.chain), places


def _keep_words(data: dict[str, Any]) -> None:
    """The `terms` words of the options left open and of the examples these values keep:
    the others are not printed (a settled option is no longer one)."""
    titles = {ex.get("name") for ex in examples_of(data) if isinstance(ex, dict)}
    names = {o.get("name") for o in data["options"] if isinstance(o, dict)}
    terms = data.get("terms")
    for lang, words in (terms.items() if isinstance(terms, dict) else ()):
        if not isinstance(words, dict):
            continue
        kept = dict(words)
        if isinstance(words.get("examples"), dict):
            kept["examples"] = {t: w for t, w in words["examples"].items() if t in titles}
        if isinstance(words.get("options"), dict):
            kept["options"] = {n: w for n, w in words["options"].items() if n in names}
        data["terms"][lang] = kept


def _problem(problem: Problem, resolved: Resolved) -> Diagnostic:
    at = position_of(problem.path, resolved)
    hint = problem.hint
    if problem.path[:1] == ("examples",) and at.file != resolved.chain[0]:
        note = (f"an example inherited from {Path(at.file).name}: examples written in "
                f"{Path(resolved.chain[0]).name} replace the base's; `examples none` drops them")
        hint = f"{hint}; {note}" if hint else note
    params = problem.params
    if hint != problem.hint:
        params = (*params, ("inherited_example", Path(at.file).name),
                  ("own_file", Path(resolved.chain[0]).name))
    return Diagnostic(at, problem.message, hint=hint, code=problem.code,
                      hint_code=problem.hint_code, params=tuple(sorted(params)))


def _sorted(resolved: Resolved, diags: list[Diagnostic]) -> list[Diagnostic]:
    """Unique, the variant's own file first then its bases in `extends` order, each in line
    order (not by path: where the files lie must not reorder the messages); a problem found in
    a base file says so (the author may not be able to edit the base, but can override the
    value in their own file)."""
    unique = [_inherited(d, resolved.chain[0]) for d in dict.fromkeys(diags)]
    order = {file: i for i, file in reversed(list(enumerate(resolved.chain)))}

    def key(d: Diagnostic) -> tuple[int, str, int, int]:
        at = d.position
        if at is None:
            return (-1, "", 0, 0)
        return (order.get(at.file, len(order)), str(at.file), at.line, at.column)
    return sorted(unique, key=key)


def _inherited(d: Diagnostic, own: str) -> Diagnostic:
    if d.position is None or d.position.file == own or "inherited from" in d.hint:
        return d
    note = f"it comes from {Path(d.position.file).name}, which {Path(own).name} extends"
    return replace(d, hint=f"{d.hint}; {note}" if d.hint else note).with_params(
        base_file=Path(d.position.file).name, own_file=Path(own).name)


def position_of(path: DataPath, resolved: Resolved) -> Position:
    """Where the value at `path` was written, or the nearest enclosing thing that was."""
    for cut in range(len(path), 0, -1):
        at = resolved.positions.get(tuple(path[:cut]))
        if at is not None:
            return at
    return resolved.header
