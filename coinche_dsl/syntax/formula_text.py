"""Formulas as plain data (`{"op": "+", "args": [...]}`) back to DSL text, canonically spaced.

Shared by the formatter and the writer: one line when it fits, else broken before `then`,
`else`, `and` and `or`, each continuation aligned under the start of what it continues.
Parentheses are only those the grammar needs, so printing never changes what a formula means.
"""

from __future__ import annotations

from typing import Any

from ..formula_print import COMPARE, DSL, PRECEDENCE, print_formula

WIDTH = 100
"""Lines longer than this are broken where the layout allows (long texts cannot be)."""

Formula = dict[str, Any]


def formula_text(e: Formula, parent: int = 0) -> str:
    """The formula on one line, with only the parentheses the grammar needs (the one printer
    core, `formula_print`).

    >>> formula_text({"op": "*", "args": [{"op": "+", "args": [{"op": "num", "value": 160},
    ...     {"op": "qty", "name": "contract"}]}, {"op": "qty", "name": "multiplier"}]})
    '(160 + contract) * multiplier'
    """
    return print_formula(e, DSL, parent)


def formula_lines(e: Formula, col: int, parent: int = 0) -> list[str]:
    """The formula laid out to start at column `col` (0-based): the first line without
    indentation, the others indented to their own column. A part that needs parentheses at
    its place (`parent` precedence) stays on one line."""
    one = formula_text(e, parent)
    if col + len(one) <= WIDTH or one.startswith("("):
        return [one]
    if e["op"] == "if":
        return _if_chain(e, col)
    if e["op"] in ("and", "or"):
        return _logic_chain(e, col)
    if e["op"] in COMPARE:
        return _comparison(e, col)
    if e["op"] in ("+", "-"):
        return _sum_lines(e, col)
    return [one]


def _sum_lines(e: Formula, col: int) -> list[str]:
    """A sum too long for one line, filled greedily, each further line starting with its sign
    at `col`."""
    terms: list[tuple[str, Formula]] = []
    while e["op"] in ("+", "-"):
        terms.append((e["op"], e["args"][1]))
        e = e["args"][0]
    prec = PRECEDENCE["+"]
    lines = [formula_text(e, prec)]
    for op, term in reversed(terms):
        piece = f"{op} {formula_text(term, prec + 1)}"
        if col + len(lines[-1]) + 1 + len(piece) <= WIDTH:
            lines[-1] += " " + piece
        else:
            lines.append(piece)
    return _indent_rest(lines, col)


def _comparison(e: Formula, col: int) -> list[str]:
    """A comparison too long for one line: its right side on the next line, after the
    operator, indented four more than the left side."""
    prec = PRECEDENCE[e["op"]]
    left = formula_lines(e["args"][0], col, prec + 1)
    right = _prefixed(f"{e['op']} ", e["args"][1], col + 4, prec + 1)
    return _indent_rest([*left, *_indent_rest(["", *right], col + 4)[1:]], col)


def _prefixed(prefix: str, e: Formula, col: int, parent: int = 0) -> list[str]:
    lines = formula_lines(e, col + len(prefix), parent)
    return [prefix + lines[0], *lines[1:]]


def _if_chain(e: Formula, col: int) -> list[str]:
    """`if … then …` / `else if … then …` / `else …`, each at `col`; a head too long for one
    line puts `then` on its own line."""
    out: list[str] = []
    prefix = "if "
    while e["op"] == "if":
        cond, then, e = e["args"]
        head = f"{prefix}{formula_text(cond, 1)} then {formula_text(then, 1)}"
        if col + len(head) <= WIDTH:
            out.append(head)
        else:
            out += _prefixed(prefix, cond, col, 1) + _prefixed("then ", then, col, 1)
        prefix = "else if "
    out += _prefixed("else ", e, col)
    return _indent_rest(out, col)


def _logic_chain(e: Formula, col: int) -> list[str]:
    """`a and b and c` as `a` / `and b` / `and c`, each at `col`."""
    op, operands = e["op"], []
    while e["op"] == op:
        operands.append(e["args"][1])
        e = e["args"][0]
    operands.append(e)
    operands.reverse()
    prec = PRECEDENCE[op]
    out = formula_lines(operands[0], col, prec)
    for x in operands[1:]:
        out += _prefixed(f"{op} ", x, col, prec + 1)
    return _indent_rest(out, col)


def _indent_rest(lines: list[str], col: int) -> list[str]:
    pad = " " * col
    return [lines[0], *[line if line.startswith(" ") else pad + line for line in lines[1:]]]
