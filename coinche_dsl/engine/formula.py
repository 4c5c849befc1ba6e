"""Scoring formulas compiled to Python closures, one per node of the formula (`model.Expr`).

A formula is evaluated over a *context*: a flat list of values, one slot per quantity and side
(`SLOTS`). The context is built once per deal; the closures only index it and apply the
formula's operators (or, for the batch engine, their array counterparts: `Operations`).

>>> from coinche_dsl.model.expr import Expr
>>> e = Expr.model_validate({"op": "+", "args": [
...     {"op": "qty", "name": "points", "side": "declarers"},
...     {"op": "qty", "name": "contract"}]})
>>> ctx = new_context(); ctx[slot("points", "declarers")] = 110; ctx[slot("contract")] = 90
>>> compile_expr(e)(ctx)
200
>>> rule = RuleRef(("scoring", "made", "declarers"))
>>> [(t.label, str(t.node), points) for t, points in compile_terms(e, "declarers", rule)(ctx)]
[('points', 'points(declarers)', 110), ('contract', 'contract', 90)]
>>> evaluate(e, ctx)
200
"""

from __future__ import annotations

import operator
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from operator import itemgetter
from typing import Any

from ..formula_print import DslSpelling, print_formula
from ..model.expr import QUANTITIES, Expr
from .facts import LineKind, RuleRef, Term

Context = list[Any]
Compiled = Callable[[Sequence[Any]], Any]
Terms = Callable[[Sequence[Any]], list[tuple[Term, int]]]

SLOTS: dict[tuple[str, str | None], int] = {}
"""Context index of each `(quantity, side)`; side is None for quantities without one."""
for _q in QUANTITIES.values():
    for _side in (_q.sides or (None,)):
        SLOTS[(_q.name, _side)] = len(SLOTS)


def slot(name: str, side: str | None = None) -> int:
    """The context index of `name(side)`."""
    return SLOTS[(name, side)]


def new_context() -> Context:
    """A context with every quantity at 0 (false)."""
    return [0] * len(SLOTS)


_BINARY: dict[str, Callable[[Any, Any], Any]] = {
    "+": operator.add, "-": operator.sub, "*": operator.mul,
    "<": operator.lt, "<=": operator.le, ">": operator.gt, ">=": operator.ge,
    "==": operator.eq, "!=": operator.ne,
}


class Operations:
    """How compiled formulas compute: on one deal's context of numbers (this class), or on
    arrays over many deals (`batch.scoring`); the tree walk of `compile_expr` is shared."""

    binary = _BINARY

    @staticmethod
    def unary(op: str, f: Compiled) -> Compiled:
        if op == "neg":
            return lambda c: -f(c)
        return lambda c: not f(c)

    @staticmethod
    def choice(k: Compiled, t: Compiled, f: Compiled) -> Compiled:
        return lambda c: t(c) if k(c) else f(c)

    @staticmethod
    def logic(op: str, left: Compiled, right: Compiled) -> Compiled:
        if op == "and":
            return lambda c: left(c) and right(c)
        return lambda c: left(c) or right(c)


NUMBERS = Operations()


def compile_expr(e: Expr, ops: Operations = NUMBERS) -> Compiled:
    """A function of a context that computes `e` (with `ops`: numbers unless told), as nested
    closures, one per node; an operator between quantities and numbers reads them itself."""
    if e.op == "num":
        value = e.value
        return lambda c: value
    if e.op == "qty":
        return itemgetter(slot(e.name or "", e.side))
    if e.op in ("neg", "not"):
        return ops.unary(e.op, compile_expr(e.args[0], ops))
    if e.op == "if":
        return ops.choice(*(compile_expr(a, ops) for a in e.args))
    if e.op in ("and", "or"):
        return ops.logic(e.op, compile_expr(e.args[0], ops), compile_expr(e.args[1], ops))
    fn = ops.binary[e.op]
    a, b = e.args
    if a.op == "qty" and b.op in ("qty", "num"):
        i = slot(a.name or "", a.side)
        if b.op == "num":
            v = b.value
            return lambda c: fn(c[i], v)
        j = slot(b.name or "", b.side)
        return lambda c: fn(c[i], c[j])
    if a.op == "num" and b.op == "qty":
        u, j = a.value, slot(b.name or "", b.side)
        return lambda c: fn(u, c[j])
    left, right = compile_expr(a, ops), compile_expr(b, ops)
    return lambda c: fn(left(c), right(c))


def evaluate(e: Expr, ctx: Sequence[Any]) -> Any:
    """The value of `e` over `ctx`, for a one-off reading (a worked example); scoring keeps
    the compiled closures. The one evaluator of formulas: everything that needs a formula's
    value asks here."""
    return compile_expr(e)(ctx)


def value(ctx: Sequence[Any], name: str, side: str | None = None) -> Any:
    """The value of the quantity `name(side)` in `ctx`."""
    return ctx[SLOTS[(name, side)]]


def split_terms(e: Expr, sign: int = 1) -> list[tuple[int, Expr]]:
    """The terms of a top-level sum with their signs: `a - (b + c)` is `+a, -b, -c`."""
    if e.op in ("+", "-"):
        right_sign = sign if e.op == "+" else -sign
        return split_terms(e.args[0], sign) + split_terms(e.args[1], right_sign)
    if e.op == "neg":
        return split_terms(e.args[0], -sign)
    return [(sign, e)]


@dataclass(frozen=True)
class TermIf:
    """An `if` of a side's formula, resolved before its terms are split: the terms of `then`
    when `test` holds, else those of `other`."""

    test: Expr
    then: TermTree
    other: TermTree


@dataclass(frozen=True)
class TermSum:
    """A side's formula split into its terms, each with its sign: a `Term` (one score line)
    or an `if` whose branch gives the lines."""

    parts: tuple[tuple[int, Term | TermIf], ...]


TermTree = TermIf | TermSum
"""A formula split into score lines (`term_tree`): what `compile_tree` computes."""


def term_tree(e: Expr, own_side: str, rule: RuleRef) -> TermTree:
    """`e`, the formula of `own_side` written at `rule`, split into its terms.

    Sums are split into their terms; an `if` is resolved first, so that only the branch that
    applies is split (`if doubled then A else B` gives the terms of A or of B). The points of
    the terms always add up to the value of `e`. Each `Term` is built here, once.
    """
    if e.op == "if":
        return _term_if(e, own_side, rule)
    return TermSum(tuple(
        (sign, _term_if(term, own_side, rule) if term.op == "if" else
         Term(LineKind.TERM, own_side, rule, describe(term, own_side), term))
        for sign, term in split_terms(e)))


def _term_if(e: Expr, own_side: str, rule: RuleRef) -> TermIf:
    return TermIf(e.args[0], term_tree(e.args[1], own_side, rule),
                  term_tree(e.args[2], own_side, rule))


def compile_terms(e: Expr, own_side: str, rule: RuleRef) -> Terms:
    """A function of a context giving `(term, points)` for each term of `e`, the formula of
    `own_side` written at `rule` (`term_tree`, then `compile_tree`)."""
    return compile_tree(term_tree(e, own_side, rule))


def compile_tree(tree: TermTree) -> Terms:
    """A function of a context giving `(term, points)` for each term of `tree` whose branch
    applies, in order (points of a zero term included)."""
    if isinstance(tree, TermIf):
        k = compile_expr(tree.test)
        then, other = compile_tree(tree.then), compile_tree(tree.other)
        return lambda c: then(c) if k(c) else other(c)
    parts = tree.parts
    if all(isinstance(part, Term) for _, part in parts):
        # The usual case, one function for the whole sum: it runs for every deal scored.
        terms = tuple(part for _, part in parts if isinstance(part, Term))
        flat = [(t, sign, compile_expr(term_node(t)))
                for t, (sign, _) in zip(terms, parts, strict=True)]
        return lambda c: [(term, sign * fn(c)) for term, sign, fn in flat]
    pieces = [_signed(compile_tree(part if isinstance(part, TermIf) else
                                   TermSum(((1, part),))), sign) for sign, part in parts]
    return lambda c: [line for piece in pieces for line in piece(c)]


def term_node(term: Term) -> Expr:
    """The formula's term that `term` scores (a `TERM` line's)."""
    assert term.node is not None
    return term.node


def _signed(terms: Terms, sign: int) -> Terms:
    if sign == 1:
        return terms
    return lambda c: [(term, -points) for term, points in terms(c)]


_WORDS = {
    "card_points": "card points", "last_trick": "last trick", "points": "points",
    "announcements": "announcements", "belote": "belote", "total": "total",
    "tricks": "tricks", "unheld": "announcements not held",
    "capot": "capot", "generale": "générale", "contract": "contract",
    "multiplier": "multiplier", "doubled": "doubled", "bid_capot": "capot bid",
    "bid_generale": "générale bid", "no_trump": "no-trump", "all_trump": "all-trump",
}


def describe(e: Expr, own_side: str) -> str:
    """A term in words for a score line: the side is named only when it is not the line's own.

    >>> describe(Expr(op="qty", name="announcements", side="both"), "defenders")
    'announcements (both sides)'
    """
    if e.op == "qty":
        word = _WORDS.get(e.name or "", e.name or "")
        if e.side is None or e.side == own_side:
            return word
        return f"{word} ({'both sides' if e.side == 'both' else e.side})"
    if e.op == "num":
        return str(e.value)
    return print_formula(e, _LABEL)


class _LabelSpelling(DslSpelling):
    """The variant language with `×` for `*`: a compound term in a score line's label."""

    def binary(self, op: str, left: str, right: str) -> str:
        return f"{left} {'×' if op == '*' else op} {right}"


_LABEL = _LabelSpelling()
