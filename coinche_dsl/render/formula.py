"""Scoring formulas read back into words, and worked with numbers, in any language.

`words` reads a formula: quantities become phrases of the catalog ("points of the declarers"),
arithmetic keeps its signs ("(160 + contract) × multiplier"), logic becomes words. `cases`
splits an `if … else if … else` chain into the cases a reader scans. `worked` writes the branch
a deal takes with its numbers in place ("(160 + 80) × 2 + 0 = 480").
"""

from __future__ import annotations

from typing import Any

from ..model import Expr
from .i18n import Translator

SIGNS = {"+": "+", "-": "−", "*": "×", "<": "<", "<=": "≤", ">": ">", ">=": "≥",
         "==": "=", "!=": "≠"}
PRECEDENCE = {"or": 1, "and": 2, "not": 3, "<": 4, "<=": 4, ">": 4, ">=": 4, "==": 4, "!=": 4,
              "+": 5, "-": 5, "*": 6, "neg": 7}
Env = dict[tuple[str, str | None], Any]
"""Values of the quantities for one deal, keyed by (name, side)."""


def quantity(e: Expr, tr: Translator, negated: bool = False) -> str:
    """One quantity as a phrase: `points(declarers)` -> "points of the declarers"."""
    key = f"qty.{e.name}" + (".not" if negated else "")
    side = e.side or ""
    return tr(key, side=tr(f"side.{side}") if side else "", of=tr(f"of.{side}") if side else "")


def words(e: Expr, tr: Translator, parent: int = 0) -> str:
    """The formula in words, with only the parentheses it needs."""
    if e.op == "num":
        return tr.num(e.value or 0)
    if e.op == "qty":
        return quantity(e, tr)
    if e.op == "if":
        c, t, f = (words(a, tr) for a in e.args)
        text = tr("op.if", cond=c, then=t, otherwise=f)
        return f"({text})" if parent else text
    prec = PRECEDENCE[e.op]
    if e.op == "not":
        inner = e.args[0]
        text = quantity(inner, tr, negated=True) if inner.op == "qty" else tr(
            "op.not", a=words(inner, tr, prec))
    elif e.op == "neg":
        text = "−" + words(e.args[0], tr, prec)
    else:
        left = words(e.args[0], tr, prec + (1 if prec == 4 else 0))
        right = words(e.args[1], tr, prec + 1)
        text = tr(f"op.{e.op}", a=left, b=right) if e.op in ("and", "or") else (
            f"{left} {SIGNS[e.op]} {right}")
    return f"({text})" if prec < parent else text


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


def evaluate(e: Expr, env: Env) -> Any:
    """The formula's value for the quantities in `env` (display only: scores come from the
    engine, which the sheet shows next to this line)."""
    if e.op == "num":
        return e.value
    if e.op == "qty":
        return env[(e.name or "", e.side)]
    vals = [evaluate(a, env) for a in e.args] if e.op != "if" else []
    if e.op == "if":
        return evaluate(e.args[1] if evaluate(e.args[0], env) else e.args[2], env)
    ops = {"+": lambda a, b: a + b, "-": lambda a, b: a - b, "*": lambda a, b: a * b,
           "<": lambda a, b: a < b, "<=": lambda a, b: a <= b, ">": lambda a, b: a > b,
           ">=": lambda a, b: a >= b, "==": lambda a, b: a == b, "!=": lambda a, b: a != b,
           "and": lambda a, b: a and b, "or": lambda a, b: a or b}
    if e.op == "neg":
        return -vals[0]
    if e.op == "not":
        return not vals[0]
    return ops[e.op](*vals)


def numbers(e: Expr, env: Env, tr: Translator, parent: int = 0) -> str:
    """The branch the deal takes, with each quantity replaced by its number."""
    if e.op == "if":
        return numbers(e.args[1] if evaluate(e.args[0], env) else e.args[2], env, tr, parent)
    if e.op == "num":
        return tr.num(e.value or 0)
    if e.op == "qty":
        value = env[(e.name or "", e.side)]
        return tr(f"bool.{str(bool(value)).lower()}") if isinstance(value, bool) else tr.num(value)
    prec = PRECEDENCE[e.op]
    if e.op in ("neg", "not"):
        inner = numbers(e.args[0], env, tr, prec)
        text = "−" + inner if e.op == "neg" else tr("op.not", a=inner)
    else:
        left = numbers(e.args[0], env, tr, prec + (1 if prec == 4 else 0))
        right = numbers(e.args[1], env, tr, prec + 1)
        text = tr(f"op.{e.op}", a=left, b=right) if e.op in ("and", "or") else (
            f"{left} {SIGNS[e.op]} {right}")
    return f"({text})" if prec < parent else text


def worked(e: Expr, env: Env, tr: Translator) -> str:
    """A worked line: the branch taken, with numbers, and its value."""
    value = evaluate(e, env)
    if isinstance(value, bool):
        taken = chain_taken(e, env)
        text = words(taken, tr) if taken.op == "qty" else numbers(taken, env, tr)
        return tr("worked.bool", line=text, value=tr(f"bool.{str(value).lower()}"))
    return f"{numbers(e, env, tr)} = {tr.num(value)}"


def chain_taken(e: Expr, env: Env) -> Expr:
    """The branch of an `if` chain that the deal takes."""
    while e.op == "if":
        e = e.args[1] if evaluate(e.args[0], env) else e.args[2]
    return e
