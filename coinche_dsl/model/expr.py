"""Scoring formulas: a small typed expression language over named quantities.

The parser hands plain data (`{"op": "+", "args": [...]}`); validation checks every name and
argument and the types (a success condition is a truth value, a score is a number). The engine
evaluates the AST; the templates read it back into words.
"""

from __future__ import annotations

from dataclasses import dataclass
from difflib import get_close_matches
from typing import Literal

from pydantic import Field, model_validator

from ..errors import RuleValueError
from ..formula_print import COMPARE as COMPARE  # the comparison operators, re-exported
from ..formula_print import DSL, print_formula
from ..limits import MAX_CONSTANT
from ..native_words import ENGLISH, native
from .base import RuleModel

Side = Literal["declarers", "defenders", "both"]
Type = Literal["int", "bool"]


@dataclass(frozen=True)
class Quantity:
    name: str
    type: Type
    sides: tuple[str, ...]
    """Arguments accepted: () for a bare name, else the side words allowed in `name(side)`."""
    doc: str


_TEAM = ("declarers", "defenders")
_ANY = ("declarers", "defenders", "both")

QUANTITIES: dict[str, Quantity] = {
    q.name: q
    for q in (
        Quantity("card_points", "int", _ANY,
                 "points of the cards in the side's tricks (after no-trump / all-trump scaling)"),
        Quantity("last_trick", "int", _ANY,
                 "the last-trick bonus if the side took the last trick "
                 "(the capot value if it took all)"),
        Quantity("points", "int", _ANY, "card points plus last trick"),
        Quantity("announcements", "int", _ANY,
                 "the side's ordinary announcements that score after comparison"),
        Quantity("belote", "int", _ANY, "the side's belote bonus"),
        Quantity("total", "int", _ANY,
                 "the side's total: points plus announcements plus belote (FFB 2015, 10.1: "
                 "\"chaque camp totalise ses points\")"),
        Quantity("tricks", "int", _ANY, "number of tricks the side won"),
        Quantity("unheld", "int", _ANY,
                 "points of the announcements the side declared and could not show (FFB "
                 "2015, 8.4: \"incapable de montrer les combinaisons qu'il a annoncées\"); "
                 "0 in a deal without that irregularity"),
        Quantity("capot", "bool", _TEAM, "the side won all eight tricks"),
        Quantity("generale", "bool", (), "the declarer alone won all eight tricks"),
        Quantity("contract", "int", (),
                 "the contract's value: the bid, or the capot / générale value"),
        Quantity("multiplier", "int", (), "1, or the coinche / surcoinche factor"),
        Quantity("doubled", "bool", (), "the contract was coinched or surcoinched"),
        Quantity("bid_capot", "bool", (), "the contract is a capot"),
        Quantity("bid_generale", "bool", (), "the contract is a générale"),
        Quantity("no_trump", "bool", (), "the contract is at no-trump"),
        Quantity("all_trump", "bool", (), "the contract is at all-trump"),
    )
}

ARITH = ("+", "-", "*")
LOGIC = ("and", "or")
Op = Literal["num", "qty", "neg", "+", "-", "*", "<", "<=", ">", ">=", "==", "!=",
             "and", "or", "not", "if"]


class Expr(RuleModel):
    """One node of a formula."""

    op: Op
    """`num` a constant, `qty` a quantity, else an operator applied to `args`."""
    value: int | None = Field(default=None, ge=0, le=MAX_CONSTANT)
    """The constant of a `num` node."""
    name: str | None = None
    """The quantity of a `qty` node."""
    side: Side | None = None
    """The argument of a `qty` node, for quantities that take a side."""
    args: list[Expr] = Field(default_factory=list)
    """Operands: 1 for `neg` and `not`, 3 for `if` (condition, then, else), else 2."""

    @model_validator(mode="after")
    def _check_names(self) -> Expr:
        if self.op == "qty":
            quantity = QUANTITIES.get(self.name or "")
            if quantity is None:
                close = get_close_matches(self.name or "", list(QUANTITIES), n=1)
                hint = f"; did you mean '{close[0]}'?" if close else (
                    f"; quantities are {', '.join(QUANTITIES)}")
                more: dict[str, object] = {"fix": close[0]} if close else {
                    "names": list(QUANTITIES)}
                hint_code = "hint.did_you_mean" if close else "hint.quantities"
                if found := native(self.name or "", QUANTITIES):
                    hint = f"; did you mean '{found}'? {ENGLISH}"
                    more, hint_code = {"fix": found}, "hint.english"
                raise RuleValueError(f"unknown quantity {self.name!r}{hint}",
                                     code="formula.unknown_quantity", hint_code=hint_code,
                                     name=self.name or "", **more)
            if quantity.sides and self.side not in quantity.sides:
                raise RuleValueError(f"{self.name} takes one of: {', '.join(quantity.sides)}",
                                     code="formula.takes_side", name=self.name,
                                     names=list(quantity.sides))
            if not quantity.sides and self.side is not None:
                raise RuleValueError(f"{self.name} takes no argument",
                                     code="formula.no_argument", name=self.name)
        return self

    def type(self) -> Type:
        """The node's type; raises ValueError when operands do not fit their operator."""
        if self.op == "num":
            return "int"
        if self.op == "qty":
            return QUANTITIES[self.name or ""].type
        kinds = [a.type() for a in self.args]
        if self.op == "if":
            if kinds[0] != "bool" or kinds[1] != kinds[2]:
                raise RuleValueError("'if' needs a condition, and 'then' and 'else' of one type",
                                     code="formula.if_types")
            return kinds[1]
        want: Type = "bool" if self.op in LOGIC or self.op == "not" else "int"
        if any(k != want for k in kinds):
            raise RuleValueError(
                f"'{self.op}' needs {'truth values' if want == 'bool' else 'numbers'}",
                code="formula.needs_truth" if want == "bool" else "formula.needs_numbers",
                name=self.op)
        return "bool" if self.op in COMPARE or want == "bool" else "int"

    def quantities(self) -> set[str]:
        """Names of every quantity used in the formula."""
        names = {self.name} if self.op == "qty" and self.name else set()
        for arg in self.args:
            names |= arg.quantities()
        return names

    def __str__(self) -> str:
        return format_expr(self)


def format_expr(e: Expr, parent: int = 0) -> str:
    """The formula in DSL syntax, with only the parentheses it needs (the one printer core)."""
    return print_formula(e, DSL, parent)
