"""What a variant's numbers allow, worked out before any deal is played: the points of the
deck in each mode, and the range of every value a formula can compute.

`check_ruleset` uses these to refuse a file that some later command could not run: a scaled
mode whose cards are worth nothing (a division by zero), a lowest bid above every deal's
points, a formula whose values can grow past `MAX_VALUE` (`contract * contract * …`).
"""

from __future__ import annotations

from collections.abc import Iterator

from ..limits import BID_CAP_WITHOUT_MAXIMUM, MAX_VALUE
from .enums import Denomination, ScaleKind
from .expr import COMPARE, LOGIC, Expr
from .ruleset import Ruleset

Range = tuple[int, int]


def deck_points(rs: Ruleset, mode: Denomination) -> int:
    """Raw card points of the whole deck at `mode` (152 at a suit for FFB)."""
    c = rs.cards
    if mode == Denomination.NO_TRUMP:
        return 4 * sum(r.points for r in c.no_trump)
    if mode == Denomination.ALL_TRUMP:
        return 4 * sum(r.points for r in c.all_trump)
    return sum(r.points for r in c.trump) + 3 * sum(r.points for r in c.plain)


def scaled_deck(rs: Ruleset, mode: Denomination) -> tuple[int, ScaleKind]:
    """The deck's points at `mode` as scoring sees them (after scaling), and the scale kind."""
    scale = {Denomination.NO_TRUMP: rs.cards.no_trump_scale,
             Denomination.ALL_TRUMP: rs.cards.all_trump_scale}.get(mode)
    if scale is None or scale.kind == ScaleKind.NONE:
        return deck_points(rs, mode), ScaleKind.NONE
    return scale.to, scale.kind


def quantity_ranges(rs: Ruleset) -> dict[str, Range]:
    """The range of each formula quantity over every deal the variant allows."""
    c, a, an = rs.cards, rs.auction, rs.announcements
    cards = max(scaled_deck(rs, m)[0] for m in a.denominations or list(Denomination))
    last = max(c.capot_last_trick, *(c.last_trick_at(m) for m in Denomination),
               *(s.to for s in (c.no_trump_scale, c.all_trump_scale)))
    values = [*an.carres.values(), *(an.no_trump_carres or {}).values()]
    ann = 8 * max(values, default=0) + 11 * max(an.sequences.values(), default=0)
    top_bid = a.maximum_bid if a.maximum_bid is not None else max(a.minimum_bid,
                                                                   BID_CAP_WITHOUT_MAXIMUM)
    contract = max(top_bid, a.capot_value * a.capot, a.generale_value * a.generale)
    factor = max(1, a.coinche_factor, a.surcoinche_factor * a.surcoinche)
    return {"card_points": (0, cards), "last_trick": (0, last), "points": (0, cards + last),
            "announcements": (0, ann * (2 if an.card_reuse else 1)),
            "belote": (0, 4 * rs.belote.value), "tricks": (0, 8), "contract": (0, contract),
            "multiplier": (1, factor), "unheld": (0, ann)}


def _ranges(e: Expr, q: dict[str, Range]) -> Iterator[Range]:
    """The range of `e`, after the ranges of its sub-formulas (the widest comes last)."""
    if e.op == "num":
        yield (e.value or 0, e.value or 0)
        return
    if e.op == "qty":
        yield q.get(e.name or "", (0, 1))
        return
    args = []
    for arg in e.args:
        parts = list(_ranges(arg, q))
        yield from parts
        args.append(parts[-1])
    yield _combine(e.op, args)


def _combine(op: str, args: list[Range]) -> Range:
    if op in COMPARE or op in LOGIC or op == "not":
        return (0, 1)
    if op == "neg":
        return (-args[0][1], -args[0][0])
    if op == "if":
        return (min(args[1][0], args[2][0]), max(args[1][1], args[2][1]))
    (a, b), (c, d) = args
    if op == "+":
        return (a + c, b + d)
    if op == "-":
        return (a - d, b - c)
    products = (a * c, a * d, b * c, b * d)
    return (min(products), max(products))


def largest_value(e: Expr, quantities: dict[str, Range]) -> int:
    """The largest magnitude any part of `e` can reach (compared with MAX_VALUE)."""
    return max(max(abs(lo), abs(hi)) for lo, hi in _ranges(e, quantities))


__all__ = ["MAX_VALUE", "deck_points", "largest_value", "quantity_ranges", "scaled_deck"]
