"""The one printer core of scoring formulas: the precedence table and the tree walk.

Every printer of a formula goes through `print_formula`: the DSL text (`coinche fmt`, the
writer, `str(Expr)`), the sheet's formulas in words and its worked lines with numbers. They
differ only in how they *spell* a node (a `Spelling`); which operand needs parentheses is
decided here, once, so that no printer can change what a formula means.

A leaf module (like `cards`): the syntax layer prints plain data (`{"op": "+", "args": […]}`),
the model and render layers print `Expr` nodes; neither may import the other.

>>> print_formula({"op": "*", "args": [{"op": "+", "args": [{"op": "num", "value": 160},
...     {"op": "qty", "name": "contract"}]}, {"op": "qty", "name": "multiplier"}]}, DSL)
'(160 + contract) * multiplier'
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Protocol

COMPARE = ("<", "<=", ">", ">=", "==", "!=")
PRECEDENCE: dict[str, int] = {"or": 1, "and": 2, "not": 3, **{c: 4 for c in COMPARE},
                              "+": 5, "-": 5, "*": 6, "neg": 7}
"""How tightly each operator binds (the order of coinche_dsl/grammar/coinche.lark): higher
first."""
ATOM = 8
"""Above every operator: a number or a quantity never needs parentheses."""


class Spelling(Protocol):
    """How one printer writes the nodes; `print_formula` decides the parentheses."""

    wraps_not: bool
    """The spelling of `not` brackets its operand itself (the sheet's "not (…)")."""

    def parts(self, node: Any) -> tuple[str, Sequence[Any]]:
        """The node's operator and operands."""

    def leaf(self, node: Any) -> str:
        """A `num` or `qty` node."""

    def binary(self, op: str, left: str, right: str) -> str:
        """`left op right`, both operands already printed."""

    def unary(self, op: str, operand: Any, inner: str) -> str:
        """`neg` or `not` of `operand` (printed: `inner`)."""

    def choice(self, cond: str, then: str, otherwise: str) -> str:
        """`if cond then then else otherwise`."""


def print_formula(node: Any, spell: Spelling, parent: int = 0) -> str:
    """`node` spelt by `spell`, with only the parentheses the grammar needs at a place of
    precedence `parent` (0: anywhere)."""
    op, args = spell.parts(node)
    if op in ("num", "qty"):
        return spell.leaf(node)
    if op == "if":
        # an `if` inside a condition or a `then` is bracketed for the reader; `else if` chains
        text = spell.choice(print_formula(args[0], spell, 1), print_formula(args[1], spell, 1),
                            print_formula(args[2], spell))
        return f"({text})" if parent else text
    prec = PRECEDENCE[op]
    if op == "neg":
        text = spell.unary(op, args[0], print_formula(args[0], spell, ATOM - 1))
    elif op == "not":
        # `not (a < b)` rather than the equivalent `not a < b`, for the reader
        sub = 0 if spell.parts(args[0])[0] == "not" else 2
        inner = print_formula(args[0], spell, 0 if spell.wraps_not else prec + sub)
        text = spell.unary(op, args[0], inner)
    else:
        # comparisons do not chain (`a < b < c` is refused); + - * and/or group to the left
        left = print_formula(args[0], spell, prec + 1 if op in COMPARE else prec)
        text = spell.binary(op, left, print_formula(args[1], spell, prec + 1))
    return f"({text})" if prec < parent else text


def _get(node: Any, key: str) -> Any:
    return node.get(key) if isinstance(node, Mapping) else getattr(node, key)


class DslSpelling:
    """The variant language's own text, for plain data and `Expr` nodes alike."""

    wraps_not = False

    def parts(self, node: Any) -> tuple[str, Sequence[Any]]:
        return _get(node, "op"), _get(node, "args") or ()

    def leaf(self, node: Any) -> str:
        if _get(node, "op") == "num":
            return str(_get(node, "value"))
        side = _get(node, "side")
        return f"{_get(node, 'name')}({side})" if side else str(_get(node, "name"))

    def binary(self, op: str, left: str, right: str) -> str:
        return f"{left} {op} {right}"

    def unary(self, op: str, operand: Any, inner: str) -> str:
        return ("-" if op == "neg" else "not ") + inner

    def choice(self, cond: str, then: str, otherwise: str) -> str:
        return f"if {cond} then {then} else {otherwise}"


DSL = DslSpelling()
