"""Scoring formulas read back into words, and worked with numbers, in any language.

`words` reads a formula: quantities become phrases of the catalog ("points of the declarers"),
arithmetic keeps its signs ("(160 + contract) × multiplier"), logic becomes words. `cases`
splits an `if … else if … else` chain into the cases a reader scans. `worked` writes the branch
a deal takes with its numbers in place ("(160 + 80) × 2 + 0 = 480").

Both are spellings of the one printer core (`formula_print`: precedence and parentheses); the
numbers are the engine's (the quantities a scored deal carries, `DealScore.values`) and every
value, including which branch of an `if` a deal takes, comes from the engine's evaluator.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ..engine.formula import evaluate, slot
from ..formula_print import print_formula
from ..model import QUANTITIES, Expr
from .i18n import Translator

SIGNS = {"+": "+", "-": "−", "*": "×", "<": "<", "<=": "≤", ">": ">", ">=": "≥",
         "==": "=", "!=": "≠"}
Values = Sequence[Any]
"""The quantities of one scored deal, as the engine computed them (`DealScore.values`)."""


def quantity(e: Expr, tr: Translator, negated: bool = False) -> str:
    """One quantity as a phrase: `points(declarers)` -> "points of the declarers"."""
    key = f"qty.{e.name}" + (".not" if negated else "")
    side = e.side or ""
    return tr(key, side=tr(f"side.{side}") if side else "", of=tr(f"of.{side}") if side else "")


class WordsSpelling:
    """A formula in the catalog's words: phrases for quantities, signs, words for logic."""

    wraps_not = True  # the catalogs write `not ({a})`

    def __init__(self, tr: Translator):
        self.tr = tr

    def parts(self, node: Expr) -> tuple[str, Sequence[Expr]]:
        return node.op, node.args

    def leaf(self, node: Expr) -> str:
        return self.tr.num(node.value or 0) if node.op == "num" else quantity(node, self.tr)

    def binary(self, op: str, left: str, right: str) -> str:
        if op in ("and", "or"):
            return self.tr(f"op.{op}", a=left, b=right)
        return f"{left} {SIGNS[op]} {right}"

    def unary(self, op: str, operand: Expr, inner: str) -> str:
        if op == "neg":
            return "−" + inner
        if operand.op == "qty":
            return quantity(operand, self.tr, negated=True)
        return self.tr("op.not", a=inner)

    def choice(self, cond: str, then: str, otherwise: str) -> str:
        return self.tr("op.if", cond=cond, then=then, otherwise=otherwise)


class NumbersSpelling(WordsSpelling):
    """The branch a deal takes, each quantity replaced by the engine's value of it."""

    def __init__(self, tr: Translator, values: Values):
        super().__init__(tr)
        self.values = values

    def parts(self, node: Expr) -> tuple[str, Sequence[Expr]]:
        node = chain_taken(node, self.values)
        return node.op, node.args

    def leaf(self, node: Expr) -> str:
        node = chain_taken(node, self.values)
        if node.op == "num":
            return self.tr.num(node.value or 0)
        value = self.values[slot(node.name or "", node.side)]
        if QUANTITIES[node.name or ""].type == "bool":
            return self.tr(f"bool.{str(bool(value)).lower()}")
        return self.tr.num(value)

    def unary(self, op: str, operand: Expr, inner: str) -> str:
        return "−" + inner if op == "neg" else self.tr("op.not", a=inner)


def words(e: Expr, tr: Translator, parent: int = 0) -> str:
    """The formula in words, with only the parentheses it needs."""
    return print_formula(e, WordsSpelling(tr), parent)


def numbers(e: Expr, values: Values, tr: Translator, parent: int = 0) -> str:
    """The branch the deal takes, with each quantity replaced by its number."""
    return print_formula(e, NumbersSpelling(tr, values), parent)


def chain(e: Expr) -> list[tuple[Expr | None, Expr]]:
    """An `if … else if … else` chain as (condition, value) cases; the last has no condition."""
    out: list[tuple[Expr | None, Expr]] = []
    while e.op == "if":
        out.append((e.args[0], e.args[1]))
        e = e.args[2]
    return [*out, (None, e)]


def cases(e: Expr, tr: Translator) -> list[tuple[str | None, str]]:
    """The chain's cases in words: [("the contract is coinched", "(160 + contract) × …"), …]."""
    return [(words(c, tr) if c is not None else None, words(v, tr)) for c, v in chain(e)]


def worked(e: Expr, values: Values, tr: Translator, verdict: str | None = None) -> str:
    """A worked line: the branch taken, with numbers, and its value (the engine's); only the
    arithmetic that matters (no `+ 0`, no `× 1`, and a lone number is not "60 = 60"), each
    number saying what it counts where the catalog says it (« 20 de belote »).

    `verdict`: for a test, the catalog key whose `.true` / `.false` says what its outcome
    means (« le contrat est rempli ») in place of « oui » / « non »; the test is then said as
    what is true on the deal (« les preneurs n’ont pas fait tous les plis »)."""
    value = evaluate(e, values)
    if isinstance(value, bool):
        taken = chain_taken(e, values)
        if taken.op == "qty":
            text = quantity(taken, tr, negated=verdict is not None and not value)
        else:
            text = checked(taken, values, tr) or numbers(taken, values, tr)
        if verdict is not None:
            return tr(f"{verdict}.{str(value).lower()}", line=text)
        return tr("worked.bool", line=text, value=tr(f"bool.{str(value).lower()}"))
    reduced = reduce_labelled(e, values)
    if reduced.op in ("num", "qty"):
        return tr.num(value)
    return f"{labelled(reduced, values, tr)} = {tr.num(value)}"


class LabelledSpelling(WordsSpelling):
    """A formula on one deal: each quantity its number, with what it counts where the catalog
    has a word for it (`worked.qty.belote`: « 20 de belote »), other numbers bare."""

    def __init__(self, tr: Translator, values: Values):
        super().__init__(tr)
        self.values = values

    def leaf(self, node: Expr) -> str:
        if node.op == "num":
            return self.tr.num(node.value or 0)
        return amount(node, self.values, self.tr)


def amount(node: Expr, values: Values, tr: Translator) -> str:
    """One quantity's number on the deal with what it counts (« 20 de belote »), or the bare
    number where the catalog has no word for it (a multiplier)."""
    n = tr.num(values[slot(node.name or "", node.side)])
    key = f"worked.qty.{node.name}"
    return tr(key, n=n) if tr.has(key) else n


def labelled(e: Expr, values: Values, tr: Translator) -> str:
    """`e` (reduced by `reduce_labelled`) with each number saying what it counts."""
    return print_formula(e, LabelledSpelling(tr, values))


def reduce_labelled(e: Expr, values: Values) -> Expr:
    """`e` on one deal with every `if` replaced by the branch taken, and every quantity that
    adds nothing (0 in a sum, 1 as a factor) by its number, then without those terms: what
    is left is the arithmetic that made the score, its quantities kept to be named."""
    from .prose import simplify

    def put(node: Expr) -> Expr:
        node = chain_taken(node, values)
        if node.op == "qty":
            number = values[slot(node.name or "", node.side)]
            if isinstance(number, bool) or number in (0, 1):
                return Expr.model_construct(op="num", value=int(number), name=None, side=None,
                                            args=[])
            return node
        if not node.args:
            return node
        return node.model_copy(update={"args": [put(a) for a in node.args]})

    return simplify(put(e))


CHECKS = {">=": "ge", ">": "gt", "<": "lt", "<=": "le", "==": "eq", "!=": "ne"}


def checked(e: Expr, values: Values, tr: Translator) -> str | None:
    """A success test on one deal in words, saying what is true (« 92 points, au moins les
    80 demandés et plus que les 60 de la défense »; « 76 points et 20 de belote, au moins les
    82 demandés »), never with ≥ or ≤; None for a test no such sentence says (the signs then
    stay)."""
    if e.op in CHECKS:
        parts = [e]
    elif e.op == "and" and all(a.op in CHECKS for a in e.args):
        parts = list(e.args)
    else:
        return None
    groups: list[tuple[str, list[str]]] = []
    for c in parts:
        left, right = c.args
        subject = _checked_subject(left, values, tr)
        if subject is None or right.op not in ("qty", "num"):
            return None
        held = bool(evaluate(c, values))
        relation = tr(f"check.{CHECKS[c.op]}" + ("" if held else ".not"),
                      b=_checked_amount(right, values, tr))
        if groups and groups[-1][0] == subject:
            groups[-1][1].append(relation)
        else:
            groups.append((subject, [relation]))
    said = [tr("check", a=subject, rel=tr.join(rels)) for subject, rels in groups]
    text = said[0]
    for more in said[1:]:  # « 74 points, moins que 82 ; 74 points et 20 de belote, … »
        text = tr("worked.sides", a=text, b=more)
    return text


def _checked_subject(e: Expr, values: Values, tr: Translator) -> str | None:
    """What a test weighs, on the deal: « 92 points », or the parts of a sum that count
    (« 76 points et 20 de belote »); None for anything else."""
    if e.op in ("qty", "num"):
        return _checked_amount(e, values, tr, subject=True)
    if e.op != "+":
        return None
    from .prose import terms

    parts = [t for sign, t in terms(reduce_labelled(e, values)) if sign > 0]
    if any(p.op not in ("qty", "num") for p in parts) or len(parts) != len(
            terms(reduce_labelled(e, values))):
        return None
    first, *rest = parts
    return tr.join([_checked_amount(first, values, tr, subject=True),
                    *(amount(p, values, tr) if p.op == "qty" else tr.num(p.value or 0)
                      for p in rest)])


def _checked_amount(e: Expr, values: Values, tr: Translator, subject: bool = False) -> str:
    """A number of a test, with what it counts where the catalog says it (« les 80
    demandés »)."""
    if e.op == "num":
        return tr.num(e.value or 0)
    n = int(evaluate(e, values))
    key = "check.subject" if subject else f"check.of.{e.name}" + (f".{e.side}" if e.side else "")
    return tr(key, n=n) if tr.has(key) else tr.num(n)


def chain_taken(e: Expr, values: Values) -> Expr:
    """The branch of an `if` chain that the deal takes (the engine decides each condition)."""
    while e.op == "if":
        e = e.args[1] if evaluate(e.args[0], values) else e.args[2]
    return e
