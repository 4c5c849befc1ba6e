"""The error hierarchy: one root, each subclass paired with the builtin it resembles."""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from .text_safety import for_terminal

Params = tuple[tuple[str, Any], ...]


def args(**params: Any) -> Params:
    """A diagnostic's parameters, as its `params` holds them (sorted, hashable): the words
    of the file it names (`name="targt"`), numbers, lists of words as tuples."""
    return tuple(sorted((k, tuple(v) if isinstance(v, list) else v)
                        for k, v in params.items()))


@dataclass(frozen=True)
class Position:
    """Where a value was written: a file (or `<string>`), 1-based line and column."""

    file: str
    line: int
    column: int

    def __str__(self) -> str:
        return f"{self.file}:{self.line}:{self.column}"


@dataclass(frozen=True)
class Diagnostic:
    """One problem found in a variant file."""

    position: Position | None
    message: str
    text: str = ""
    """The offending text, when there is one."""
    hint: str = ""
    """A suggestion ("did you mean 'overtrump'?")."""
    severity: str = "error"
    """`error` (the variant cannot be used) or `warning` (it can, but says something its author
    should look at: text inherited from nowhere, a formula case lost, rules moved since pinned)."""
    code: str = ""
    """What kind of problem it is (`setting.unknown`), the key of its sentence in the problem
    catalogs (`coinche_dsl/problems/messages/<lang>.json`); empty for a problem only said in
    English (`message`)."""
    hint_code: str = ""
    """The key of the hint's sentence (`hint.did_you_mean`), when it has one."""
    params: Params = ()
    """The values both sentences name (`args`): the file's words as it writes them, numbers."""

    @property
    def values(self) -> dict[str, Any]:
        return dict(self.params)

    def with_params(self, **more: Any) -> Diagnostic:
        """The same problem with more parameters (the option values it was found under, the
        base file it comes from)."""
        return replace(self, params=args(**{**self.values, **more}))

    def __str__(self) -> str:
        where = f"{self.position}: " if self.position else ""
        out = f"{where}{self.severity}: {self.message}"
        if self.hint:
            out += f" ({self.hint})"
        return for_terminal(out, newlines=False)  # a file's text is shown, never obeyed


class RuleValueError(ValueError):
    """A model validator's refusal with its sentence's key in the problem catalogs (`code`)
    and the values it names (`params`): pydantic reports it as a `value_error` whose context
    holds it, and the loader's problem carries both, to be said in the reader's language."""

    def __init__(self, message: str, code: str, hint_code: str = "", **params: Any) -> None:
        super().__init__(message)
        self.code = code
        self.hint_code = hint_code
        self.params = params


class CoincheError(Exception):
    """Root of every error this package raises on purpose."""


class VariantError(CoincheError, ValueError):
    """A variant file (or one it extends) has problems; all of them are in `diagnostics`."""

    def __init__(self, diagnostics: list[Diagnostic]):
        self.diagnostics = list(diagnostics)
        super().__init__("\n".join(str(d) for d in self.diagnostics))


class UnknownVariantError(CoincheError, LookupError):
    """No built-in variant has that name and no such file exists."""


class IllegalActionError(CoincheError, ValueError):
    """A call or card that the rules forbid; `rule` names the rule and where it is written.

    The message is English, for the API; `code` and `params` say the same refusal as data
    (`play.follow_suit` with the seat and the suit led), for a table that speaks another
    language (`sim.table_words.refusal`): seats, cards and denominations as the engine's
    numbers, never as words."""

    def __init__(self, message: str, rule: str = "", code: str = "",
                 params: dict[str, object] | None = None):
        self.rule = rule
        self.code = code
        self.params: dict[str, object] = dict(params or {})
        super().__init__(message)


class InputError(CoincheError, ValueError):
    """A deal summary or record that is malformed or impossible; `field` names the culprit.

    The message is English, for the API; `code` and `params` say the same problem as data
    for a reader of another language (`problems.said_input`: the problem catalogs' `deal.*`
    sentences)."""

    def __init__(self, message: str, field: str = "", code: str = "",
                 params: dict[str, object] | None = None):
        self.field = field
        self.code = code
        self.params: dict[str, object] = dict(params or {})
        super().__init__(f"{field}: {message}" if field else message)
