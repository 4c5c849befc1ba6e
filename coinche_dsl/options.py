"""Options through `extends` and their resolution into rules (used by the loader).

- A file declares `option name "title" default value { value "label" { rule blocks } … }`
  (the label, optional, is how the sheet prints the value); a later
  file may change the default (`option name default other`), settle the option
  (`option name fixed value`: the value applies and the option is no longer one), add values
  or relabel them.
- A file that writes a setting an inherited option sets decides that option: the option is no
  longer open (a club that writes `litige fails` has chosen). Within one file, a setting written
  both directly and in an option is an error.
- Resolving applies each option's chosen value (the default unless a command chose another) to
  the merged data before validation; examples written with `options { name value }` are kept only
  where those values are chosen.
"""

from __future__ import annotations

import difflib
from pathlib import PurePath
from typing import Any

from .errors import CoincheError, Diagnostic, Position, args
from .limits import MAX_OPTION_VALUES, MAX_OPTIONS
from .model.messages import data_at
from .model.relevance import PHASES, leaf_paths
from .syntax.parser import DataPath

Choices = dict[str, str]


class UnknownOptionError(CoincheError, LookupError):
    """`--option name=value` names no option of the variant, or no value of it. Its message is
    English, for the API; `diagnostic` says the same problem as data (`code`, `params`, the
    closest name and every one known), for `problems.full_sentence` to say it in the reader's
    language."""

    def __init__(self, diagnostic: Diagnostic):
        self.diagnostic = diagnostic
        hint = f"; {diagnostic.hint}" if diagnostic.hint else ""
        super().__init__(f"{diagnostic.message}{hint}")


def leaves(block: Any, path: DataPath = ()) -> set[DataPath]:
    """The settings a block of raw rule data writes (a formula or a list is one setting)."""
    if not isinstance(block, dict) or "op" in block:
        return {path}
    out: set[DataPath] = set()
    for key, value in block.items():
        out |= leaves(value, (*path, key))
    return out


def option_leaves(decl: dict[str, Any]) -> set[DataPath]:
    values = decl.get("values")
    if not isinstance(values, dict):
        return set()
    return set().union(*(leaves(v) for v in values.values() if isinstance(v, dict)))


def merge_options(data: dict[str, Any], positions: dict[DataPath, Position],
                  own: dict[str, Any], own_positions: dict[DataPath, Position],
                  file: str) -> list[Diagnostic]:
    """Bring one file's options into the merged `data` (the file's other settings not yet
    merged): inherited options it decides by a setting are dropped; its declarations merge
    over the inherited ones. Returns the file's conflicts (a setting both direct and in an
    option of the same file)."""
    options: dict[str, Any] = data.setdefault("options", {})
    found = own.get("options")
    mine: dict[str, Any] = found if isinstance(found, dict) else {}
    direct = leaves({k: v for k, v in own.items() if k in PHASES})
    for name in [n for n in options if n not in mine and "decided" not in options[n]]:
        if option_leaves(options[name]) & direct:
            options[name] = {**options[name], "decided": _matching_value(options[name], own)}
    problems = []
    for name, decl in mine.items():
        if not isinstance(decl, dict):
            continue
        # the settings of the option as this file leaves it: its own values and, for one it
        # inherits and fixes or sets the default of, the base's (`option litige fixed chute`
        # with `scoring { litige held }` silently lost the file's own setting, issue #32)
        inherited = options.get(name) if isinstance(options.get(name), dict) else {}
        clash = sorted((option_leaves(decl) | option_leaves(inherited or {})) & direct, key=str)
        if clash:
            at = own_positions.get(clash[0])
            setting = ".".join(map(str, clash[0]))
            if "values" in decl:
                problems.append(Diagnostic(
                    at, f"{setting} is set here and by option '{name}' in the same file",
                    text=str(clash[0][-1]), hint="write it in the option's values only, or "
                    "drop the option", code="option.set_here_too",
                    hint_code="hint.option_values_only", params=args(name=name,
                                                                    setting=setting)))
            else:
                how = "fixed" if "fixed" in decl else "given a default"
                problems.append(Diagnostic(
                    at, f"{setting} is set here, and option '{name}', which sets it, is {how} "
                    "in the same file", text=str(clash[0][-1]), hint="drop this setting (the "
                    f"option's value decides it), or the line 'option {name}' to decide it "
                    "here", code="option.fixed_here_too" if "fixed" in decl
                    else "option.default_here_too", hint_code="hint.option_decides",
                    params=args(name=name, setting=setting)))
        old = options.get(name, {})
        kept = {k: v for k, v in old.items() if k not in ("default", "fixed")
                or not ({"default", "fixed"} & set(decl))}
        merged = {key: {**kept.get(key, {}), **decl.get(key, {})} for key in ("values", "labels")}
        options[name] = {**kept, **decl, **{k: v for k, v in merged.items() if v}}
    positions.update({p: at for p, at in own_positions.items() if p[:1] == ("options",)})
    return problems


def _matching_value(decl: dict[str, Any], own: dict[str, Any]) -> str:
    """The first value of an inherited option that agrees with every setting of it a file
    writes ("" when none does): the value the file chose, whose other settings still apply
    and whose examples still hold."""
    for value, block in (decl.get("values") or {}).items():
        if isinstance(block, dict) and all(data_at(own, p) in (None, data_at(block, p))
                                           for p in leaves(block)):
            return str(value)
    return ""


def fill(data: dict[str, Any], block: dict[str, Any], path: DataPath = ()) -> list[DataPath]:
    """Set in `data` the settings of `block` that `data` lacks; the paths set."""
    done: list[DataPath] = []
    for key, value in block.items():
        if isinstance(value, dict) and "op" not in value:
            inner = data.setdefault(key, {})
            if isinstance(inner, dict) and "op" not in inner:
                done += fill(inner, value, (*path, key))
        elif key not in data:
            data[key] = value
            done.append((*path, key))
    return done


def defaults_view(data: dict[str, Any]) -> dict[str, Any]:
    """The merged data with each option's default (or decided) value filled in where no file
    wrote the setting: what the bases' formulas are, for the warnings on replaced formulas."""
    import copy

    view = copy.deepcopy({k: v for k, v in data.items() if k != "options"})
    for decl in (data.get("options") or {}).values():
        value = decl.get("decided") or decl.get("fixed") or decl.get("default")
        block = (decl.get("values") or {}).get(value)
        if isinstance(block, dict):
            fill(view, block)
    return view


def is_open(decl: dict[str, Any]) -> bool:
    """Whether an option is still a choice: neither fixed nor decided by a later file."""
    return "fixed" not in decl and "decided" not in decl


def declaration_problems(options: dict[str, Any], at: Any) -> list[Diagnostic]:
    """What is wrong with the merged declarations (`at(path)` locates a data path)."""
    out = []
    if len(options) > MAX_OPTIONS:
        out.append(Diagnostic(at(("options", list(options)[MAX_OPTIONS]))
                              , f"more than {MAX_OPTIONS} options", hint="a variant leaves a "
                              "few choices to the table; write a second variant for the rest",
                              code="option.too_many", hint_code="hint.second_variant",
                              params=args(n=MAX_OPTIONS)))
    owner: dict[DataPath, str] = {}
    for name, decl in options.items():
        if "decided" in decl:
            continue
        out += _one_declaration(name, decl, lambda p, n=name: at(("options", n, *p)))
        for path in sorted(option_leaves(decl), key=str):
            if path in owner:
                hint, hint_code, where = _one_per_rule(owner[path], name, at)
                out.append(Diagnostic(at(("options", name)), f"options '{owner[path]}' and "
                                      f"'{name}' both set {'.'.join(map(str, path))}",
                                      text=name, hint=hint, code="option.same_rule",
                                      hint_code=hint_code, params=args(
                                          first=owner[path], second=name,
                                          setting=".".join(map(str, path)), **where)))
            owner.setdefault(path, name)
    return out


def _one_per_rule(first: str, second: str, at: Any) -> tuple[str, str, dict[str, Any]]:
    """The hint for two options over one rule: where the first is a base's, reuse its name
    (an inherited option takes the club's own title, default and values under the base's
    name, which is the one the command line and the other files know)."""
    theirs, ours = at(("options", first)), at(("options", second))
    if theirs is not None and ours is not None and theirs.file != ours.file:
        return (f"'{first}' is the base's option ({PurePath(theirs.file).name}:{theirs.line}): "
                f"reuse its name "
                f"to give it your own title, default or values (option {first} \"…\" default "
                "…); an inherited option keeps the base's name", "hint.base_option",
                {"option_file": PurePath(theirs.file).name, "option_line": theirs.line})
    return ("one option per rule: merge them into one option whose values say both",
            "hint.one_option_per_rule", {})


def _one_declaration(name: str, decl: dict[str, Any], at: Any) -> list[Diagnostic]:
    values = decl.get("values") or {}
    if not values:
        return [Diagnostic(at(("fixed",)) if "fixed" in decl else at(()),
                           f"option '{name}' is declared by no base, and this declaration "
                           "gives no values", text=name, hint=f"write its values: option {name} "
                           f'"…" default v1 {{ v1 {{ … }} v2 {{ … }} }}',
                           code="option.no_values", hint_code="hint.option_write_values",
                           params=args(name=name))]
    out = []
    if len(values) > MAX_OPTION_VALUES:
        out.append(Diagnostic(at(()), f"option '{name}' has more than {MAX_OPTION_VALUES} values",
                              code="option.too_many_values",
                              params=args(name=name, n=MAX_OPTION_VALUES)))
    if len(values) < 2 and "fixed" not in decl:
        out.append(Diagnostic(at(()), f"option '{name}' has one value: an option is a choice "
                              "between two or more", hint="write the rule as a setting instead",
                              code="option.one_value", hint_code="hint.option_as_setting",
                              params=args(name=name)))
    mode = "fixed" if "fixed" in decl else "default"
    if decl.get(mode) not in values:
        out.append(_unknown_value(name, str(decl.get(mode)), values, at((mode,))))
    for value, block in values.items():
        out += _value_problems(name, value, block, lambda p, v=value: at(("values", v, *p)))
    known = set(leaf_paths())
    written = {v: leaves(b) for v, b in values.items() if isinstance(b, dict)}
    if any(paths - known for paths in written.values()):
        return out  # an unknown name first: the model reports it, with its "did you mean"
    every = set().union(*written.values()) if written else set()
    for value, paths in written.items():
        for path in sorted(every - paths, key=str):
            other = next(v for v, p in written.items() if path in p)
            out.append(Diagnostic(at(("values", value)), f"value '{value}' of option '{name}' "
                                  f"does not set {'.'.join(map(str, path))}, which '{other}' "
                                  "sets", text=value, hint="every value says what it makes of "
                                  "the same rules", code="option.value_misses",
                                  hint_code="hint.option_same_rules",
                                  params=args(name=name, value=value, other=other,
                                              setting=".".join(map(str, path)))))
    return out


def _value_problems(name: str, value: str, block: Any, at: Any) -> list[Diagnostic]:
    if not isinstance(block, dict):
        return [Diagnostic(at(()), f"value '{value}' of option '{name}' must be a block of "
                           "rules", text=value, hint=f"{value} {{ auction {{ … }} }}",
                           code="option.value_not_block", hint_code="hint.option_value_block",
                           params=args(name=name, value=value))]
    out = []
    for key in block:
        if key not in PHASES or not isinstance(block[key], dict):
            out.append(Diagnostic(at((key,)), f"value '{value}' of option '{name}' sets "
                                  f"'{key}': an option's values set rule blocks only "
                                  f"({', '.join(PHASES)})", text=key,
                                  code="option.value_not_rules",
                                  params=args(name=name, value=value, key=key,
                                              names=list(PHASES))))
    if not block:
        out.append(Diagnostic(at(()), f"value '{value}' of option '{name}' sets nothing",
                              text=value, hint="say what the value makes of the rules the "
                              "option decides", code="option.value_empty",
                              hint_code="hint.option_say_rules",
                              params=args(name=name, value=value)))
    return out


def _unknown_value(name: str, value: str, values: dict[str, Any] | list[str],
                   at: Position | None) -> Diagnostic:
    names = list(values)
    close = difflib.get_close_matches(value, names, n=1)
    hint = f"did you mean '{close[0]}'?" if close else f"its values: {', '.join(names)}"
    return Diagnostic(at, f"option '{name}' has no value '{value}'", text=value, hint=hint,
                      code="option.unknown_value",
                      hint_code="hint.did_you_mean" if close else "hint.option_values",
                      params=args(name=name, value=value,
                                  **({"fix": close[0]} if close else {"names": names})))


def _unknown_choice(name: str, open_names: list[str], settled: bool) -> Diagnostic:
    """A choice naming no open option: the closest one, if any, and every one there is."""
    close = difflib.get_close_matches(name, open_names, n=1)
    why = (f"option '{name}' is settled by the variant" if settled
           else f"the variant has no option '{name}'")
    listed = ", ".join(open_names)
    hint = (f"did you mean '{close[0]}'? its options: {listed}" if close else
            f"its options: {listed}" if open_names else "it has no options")
    return Diagnostic(None, why, text=name, hint=hint,
                      code="option.settled" if settled else "option.unknown",
                      hint_code="hint.option_close" if close else
                      "hint.option_names" if open_names else "hint.no_options",
                      params=args(name=name, names=open_names,
                                  **({"fix": close[0]} if close else {})))


def _unknown_choice_value(name: str, value: str, names: list[str]) -> Diagnostic:
    """A choice naming no value of its option: the closest one, if any, and every one."""
    close = difflib.get_close_matches(value, names, n=1)
    listed = ", ".join(names)
    hint = (f"did you mean '{close[0]}'? its values: {listed}" if close
            else f"its values: {listed}")
    return Diagnostic(None, f"option '{name}' has no value '{value}'", text=value, hint=hint,
                      code="option.unknown_value",
                      hint_code="hint.value_close" if close else "hint.option_values",
                      params=args(name=name, value=value, names=names,
                                  **({"fix": close[0]} if close else {})))


def chosen_values(options: dict[str, Any], choices: Choices) -> Choices:
    """The value each option takes: fixed, else chosen, else the default; UnknownOptionError
    for a choice naming no open option or no value of it."""
    open_names = [n for n, d in options.items() if is_open(d)]
    for name, value in choices.items():
        if name not in options or name not in open_names:
            raise UnknownOptionError(_unknown_choice(name, open_names, name in options))
        if value not in options[name].get("values", {}):
            raise UnknownOptionError(_unknown_choice_value(name, value,
                                                           list(options[name]["values"])))
    return {n: d["decided"] if "decided" in d else d.get("fixed") or choices.get(n)
            or d["default"] for n, d in options.items()}


def example_problems(examples: Any, options: dict[str, Any], at: Any) -> list[Diagnostic]:
    """`options { name value }` in an example naming no option or no value."""
    out = []
    for i, ex in enumerate(examples if isinstance(examples, list) else []):
        pairs = ex.get("options") if isinstance(ex, dict) else None
        if not isinstance(pairs, dict):
            continue  # the model says what shape it wants
        for name, value in pairs.items():
            where = at(("examples", i, "options", name))
            if name not in options:
                out.append(_unknown_option(name, options, where))
            elif str(value) not in options[name].get("values", {}):
                out.append(_unknown_value(name, str(value), options[name]["values"], where))
    return out


def words_problems(terms: Any, options: dict[str, Any], examples: Any,
                   at: Any) -> list[Diagnostic]:
    """`terms { es { options { name { value "…" } } example "title" { … } } }` naming no
    option, no value of it, or no worked example of the variant."""
    out: list[Diagnostic] = []
    titles = [str(ex.get("name")) for ex in examples if isinstance(ex, dict)] \
        if isinstance(examples, list) else []
    for lang, words in (terms.items() if isinstance(terms, dict) else ()):
        if not isinstance(words, dict):
            continue  # the model says what shape it wants
        said = words.get("options")
        for name, labels in (said.items() if isinstance(said, dict) else ()):
            where = at(("terms", lang, "options", name))
            if name not in options:
                out.append(_unknown_option(name, options, where))
                continue
            values = options[name].get("values", {})
            for value in (labels if isinstance(labels, dict) else ()):
                if value != "title" and value not in values:
                    out.append(_unknown_value(name, value, values,
                                              at(("terms", lang, "options", name, value))))
        shown = words.get("examples")
        for title in (shown if isinstance(shown, dict) else ()):
            if title not in titles:
                close = difflib.get_close_matches(title, titles, n=1)
                out.append(Diagnostic(
                    at(("terms", lang, "examples", title)),
                    f"the variant has no worked example titled '{title}'", text=title,
                    hint=f"did you mean '{close[0]}'?" if close
                    else f"its examples: {', '.join(titles) or 'none'}",
                    code="terms.unknown_example",
                    hint_code="hint.did_you_mean" if close else
                    "hint.example_names" if titles else "hint.no_examples",
                    params=args(name=title, **({"fix": close[0]} if close
                                               else {"names": titles}))))
    return out


def _unknown_option(name: str, options: dict[str, Any], where: Position | None) -> Diagnostic:
    close = difflib.get_close_matches(name, list(options), n=1)
    return Diagnostic(where, f"the variant has no option '{name}'", text=name,
                      hint=f"did you mean '{close[0]}'?" if close
                      else f"its options: {', '.join(options) or 'none'}",
                      code="option.unknown",
                      hint_code="hint.did_you_mean" if close else
                      "hint.option_names" if options else "hint.no_options",
                      params=args(name=name, **({"fix": close[0]} if close
                                                else {"names": list(options)})))


def holds(example: Any, chosen: Choices) -> bool:
    """Whether an example (raw data) holds under the chosen values."""
    pairs = example.get("options") if isinstance(example, dict) else None
    if not isinstance(pairs, dict):
        return True
    return all(chosen.get(name) == str(value) for name, value in pairs.items())


def open_options(options: dict[str, Any], chosen: Choices) -> list[dict[str, Any]]:
    """The Ruleset's `options`: the open ones, with their values and the one chosen."""
    return [{"name": name, "title": decl.get("title", ""), "default": decl["default"],
             "chosen": chosen[name],
             "values": [{"name": v, "label": (decl.get("labels") or {}).get(v), "sets": b}
                        for v, b in decl["values"].items()]}
            for name, decl in options.items() if is_open(decl)]


def combinations(options: list[Any], limit: int) -> tuple[list[Choices], bool]:
    """The choices `check` runs the examples under, besides the defaults: every combination
    when there are at most `limit`, else each option's values with the others at their
    defaults. The flag says whether every combination is run."""
    defaults = {o.name: o.default for o in options}
    total = 1
    for o in options:
        total *= len(o.values)
    if total <= limit:
        combos: list[Choices] = [{}]
        for o in options:
            combos = [{**c, o.name: v.name} for c in combos for v in o.values]
        return [c for c in combos if c != defaults], True
    return [{**defaults, o.name: v.name} for o in options for v in o.values
            if v.name != o.default], False


def option_positions(data: dict[str, Any],
                      positions: dict[DataPath, Position]) -> dict[DataPath, Position]:
    """Positions with each option's default value's settings also at their rule paths."""
    out = dict(positions)
    for name, decl in (data.get("options") or {}).items():
        value = decl.get("decided") or decl.get("fixed") or decl.get("default")
        prefix = ("options", name, "values", value)
        out.update({p[4:]: at for p, at in positions.items()
                    if p[:4] == prefix and p[4:] not in out})
    return out
