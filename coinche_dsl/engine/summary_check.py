"""A deal summary (the input of `coinche score`, the worked examples) checked into DealFacts.

Two layers: pydantic checks the shape (`DealSummary`), then this module checks that the deal
is possible under the variant (card points of the mode, tricks, belote, announcements).
Every problem is an InputError naming the field.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any, TypeVar

from pydantic import BaseModel, ValidationError

from ..cards import SEATS, TEAMS, parse_cards
from ..errors import InputError
from ..limits import BID_CAP_WITHOUT_MAXIMUM
from ..model import Ruleset
from ..model.enums import CoincheTiming, Denomination, Double
from ..model.summary import DealSummary
from .announcements import check_declared
from .facts import ALL_TRUMP, DENOMINATION_WORDS, DOUBLE_WORDS, NO_TRUMP, Contract, DealFacts

if TYPE_CHECKING:
    from .rules import CompiledRules

_DENOMINATIONS = {Denomination(w): i for i, w in enumerate(DENOMINATION_WORDS)}
_DOUBLES = {Double(w): i for i, w in enumerate(DOUBLE_WORDS)}


def parse_summary(data: Any) -> DealSummary:
    """A DealSummary from a dict; pydantic's errors become one InputError naming the field."""
    if isinstance(data, DealSummary):
        return data
    return parse_input(DealSummary, data, "a deal summary is a JSON object like "
                                          "{\"declarer\": \"N\", ...}")


M = TypeVar("M", bound=BaseModel)


def parse_input(model: type[M], data: Any, shape: str) -> M:
    """`data` validated by `model`; every problem at once in one InputError naming the first
    field (`shape` says what the whole should be, when it is not even a JSON object)."""
    if not isinstance(data, dict):
        raise InputError(shape)
    try:
        return model.model_validate(data)
    except ValidationError as e:
        errors = e.errors()
        fields = [_field(err["loc"]) or _named(err["msg"], model) for err in errors]
        message = "; ".join(_sentence(f, err) for f, err in zip(fields, errors, strict=True))
        problem = InputError(message)
        problem.field = fields[0]  # the first named, for a caller that locates it
        raise problem from None


def _sentence(field: str, err: Any) -> str:
    """One of pydantic's errors as a sentence naming the field (« 'bid' is missing », « 'bid'
    should be at most 1000 »), not its « Field required »."""
    from ..model.messages import _plain

    msg = str(err["msg"])
    if msg.startswith("Value error, "):
        msg = msg.removeprefix("Value error, ")
        return msg if not field or msg.startswith(field) else f"{field}: {msg}"
    if not field:
        return msg
    if err.get("type") == "missing":
        return f"'{field}' is missing"
    words = _plain(msg).replace("List should", "should").replace("a valid dictionary",
                                                                  "a JSON object")
    words = re.sub(r" or instance of \w+", "", words)  # a class name is not the reader's
    return f"'{field}' {words}"


def _field(loc: tuple[Any, ...]) -> str:
    """`('announcements', 'N', 0, 1)` as `announcements.N[0][1]` (pydantic's internal
    validator names left out)."""
    out = ""
    for part in loc:
        if isinstance(part, int):
            out += f"[{part}]"
        elif not str(part).startswith(("function-", "literal[", "int", "nullable",
                                       "constrained-")):
            out += f".{part}" if out else str(part)
    return out


def _named(message: str, model: type[BaseModel]) -> str:
    """The field a whole-input check names first (`last_trick is E, who won no trick`)."""
    words = message.replace("Value error, ", "").split()
    return words[0] if words and words[0] in model.model_fields else ""


def summary_facts(rules: CompiledRules, data: Any) -> DealFacts:
    """Check a summary against the variant and build the facts that scoring reads."""
    s = parse_summary(data)
    den = _DENOMINATIONS[s.trump]
    _check_contract(rules, s, den)
    _check_points(rules, s, den)
    declarer = SEATS.index(s.declarer)
    belote = [SEATS.index(seat) for seat in s.belote]
    _check_belote(rules, s, den, declarer % 2)
    counted = [SEATS.index(seat) for seat in s.belote
               if not (rules.rebelote_required and seat in s.rebelote_unsaid)]
    masks = {SEATS.index(seat): [parse_cards(cards, f"announcements.{seat}[{i}]")
                                 for i, cards in enumerate(lists)]
             for seat, lists in s.announcements.items()}
    check_declared(masks, den, rules, belote)
    tricks: dict[str, int] | None = {str(k): v for k, v in s.tricks.items()} if s.tricks else None
    return DealFacts(
        contract=Contract(declarer, s.bid, den, _DOUBLES[s.double]),
        tricks=[tricks[seat] for seat in SEATS] if tricks is not None else None,
        card_points=(s.card_points["NS"], s.card_points["EW"]),
        last_trick=SEATS.index(s.last_trick), announcements=masks, belote=counted)


def _check_contract(rules: CompiledRules, s: DealSummary, den: int) -> None:
    if den not in rules.denominations:
        raise InputError(f"{s.trump} is not a denomination of this variant", "trump",
                         "deal.trump_not_bid", {"value": s.trump.value})
    if s.bid == "capot" and not rules.capot:
        raise InputError("this variant has no capot bid", "bid", "deal.no_capot")
    if s.bid == "generale" and not rules.generale:
        raise InputError("this variant has no générale bid", "bid", "deal.no_generale")
    if isinstance(s.bid, int) and s.bid not in rules.bid_values:
        a = rules.ruleset.auction  # for the message only
        top = a.maximum_bid if a.maximum_bid is not None else BID_CAP_WITHOUT_MAXIMUM
        raise InputError(f"bid {s.bid} is outside this variant's range "
                         f"({a.minimum_bid} to {top} in steps of {a.step})", "bid",
                         "deal.bid_out_of_range",
                         {"n": s.bid, "low": a.minimum_bid, "high": top, "step": a.step})
    if s.double != Double.NONE and rules.coinche == CoincheTiming.NONE:
        raise InputError("this variant has no coinche", "double", "deal.no_coinche")
    if s.double == Double.SURCOINCHE and not rules.surcoinche:
        raise InputError("this variant has no surcoinche", "double", "deal.no_surcoinche")


def deck_total(rs: Ruleset, den: int) -> int:
    """Raw card points of the whole deck at denomination `den` (152 at a suit for FFB)."""
    c = rs.cards
    if den == NO_TRUMP:
        return 4 * sum(r.points for r in c.no_trump)
    if den == ALL_TRUMP:
        return 4 * sum(r.points for r in c.all_trump)
    return sum(r.points for r in c.trump) + 3 * sum(r.points for r in c.plain)


def _check_points(rules: CompiledRules, s: DealSummary, den: int) -> None:
    total = rules.plan.deck_total[den]
    mode = f"a {s.trump} deal"
    points = {str(k): v for k, v in s.card_points.items()}
    for team in TEAMS:
        if points[team] > total:
            raise InputError(f"{points[team]} is more than the {total} card points of "
                             f"{mode}", f"card_points.{team}", "deal.points_over_deck",
                             {"n": points[team], "total": total, "team": team})
    if sum(points.values()) != total:
        raise InputError(f"NS and EW sum to {sum(points.values())}, but the cards of "
                         f"{mode} total {total} (last trick not included)", "card_points",
                         "deal.points_sum", {"n": sum(points.values()), "total": total})
    if s.tricks is None:
        return
    tricks = {str(k): v for k, v in s.tricks.items()}
    for team in TEAMS:
        if tricks[team[0]] + tricks[team[1]] == 0 and points[team] > 0:
            raise InputError(f"{team} won no trick, so it has no card points",
                             f"card_points.{team}", "deal.points_without_trick",
                             {"team": team})


def _check_belote(rules: CompiledRules, s: DealSummary, den: int, declarers: int) -> None:
    if not s.belote:
        return
    if not rules.belote_suits[den]:
        raise InputError(f"there is no belote at {s.trump} in this variant", "belote",
                         "deal.no_belote", {"value": s.trump.value})
    most = 1 if den < NO_TRUMP else 4
    if len(s.belote) > most:
        raise InputError(f"at most {most} belote{'s' if most > 1 else ''} at {s.trump} "
                         "(one per king and queen of a suit held together)", "belote",
                         "deal.too_many_belotes", {"n": most})
    for i, seat in enumerate(s.belote):
        if rules.belote_declarers_only and SEATS.index(seat) % 2 != declarers:
            raise InputError(f"{seat} defends; only the declarers may claim belote here",
                             f"belote[{i}]", "deal.belote_by_defender", {"seat": str(seat)})
