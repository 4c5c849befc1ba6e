"""Cross-field rules that a careful organiser wants caught, each reported at the field to fix.

Pydantic checks each field; these checks read several. All problems are returned at once.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..errors import Params, args
from .bounds import MAX_VALUE, deck_points, largest_value, quantity_ranges, scaled_deck
from .enums import (
    AfterCoinche,
    AllTrumpBelote,
    BidLevels,
    CoincheTiming,
    Denomination,
    Double,
    Revoke,
    ScaleKind,
)
from .ruleset import Ruleset

Path = tuple[str | int, ...]


@dataclass(frozen=True)
class Problem:
    path: Path
    """Where the fix belongs, as a path of field names (and list indices) in the raw data."""
    message: str
    hint: str = ""
    code: str = ""
    """The sentence's key in the problem catalogs (see `errors.Diagnostic.code`)."""
    hint_code: str = ""
    params: Params = ()


def _word(value: object) -> str:
    """A choice as a variant file writes it (`no_trump`; the enum's value is `no-trump`)."""
    return str(value).replace("-", "_")


PENALTY_FORMULAS = ("revoke_by_declarers", "revoke_by_defenders", "unheld_announcement")
"""The formulas of the `penalties` block, each a formula per side."""


def check_ruleset(rs: Ruleset) -> list[Problem]:
    return [*_auction(rs), *_decks(rs), *_announcements(rs), *_formulas(rs), *_penalties(rs),
            *_examples(rs)]


def _penalties(rs: Ruleset) -> list[Problem]:
    """A revoke that stands must be scored: both sides' penalties written."""
    p = rs.penalties
    if p.revoke != Revoke.PENALISED:
        return []
    missing = [n for n in ("revoke_by_declarers", "revoke_by_defenders")
               if getattr(p, n) is None]
    if not missing:
        return []
    return [Problem(("penalties", missing[0]), "with 'revoke penalised', write what each side "
                    f"scores after a revoke: {' and '.join(missing)} "
                    f"{'is' if len(missing) == 1 else 'are'} missing",
                    "write e.g. revoke_by_declarers { declarers = 0  defenders = 160 + "
                    "contract }, or 'revoke refused'", code="check.revoke_unscored",
                    hint_code="hint.revoke_unscored", params=args(names=missing))]


def _auction(rs: Ruleset) -> list[Problem]:
    a, out = rs.auction, []
    if a.maximum_bid is not None and a.maximum_bid < a.minimum_bid:
        out.append(Problem(("auction", "maximum_bid"),
                           f"maximum_bid {a.maximum_bid} is below minimum_bid {a.minimum_bid}",
                           code="check.maximum_below_minimum",
                           params=args(maximum=a.maximum_bid, minimum=a.minimum_bid)))
    if a.maximum_bid is not None and a.bid_levels == BidLevels.FROM_MINIMUM and (
            a.maximum_bid - a.minimum_bid) % a.step:
        out.append(Problem(("auction", "maximum_bid"),
                           f"maximum_bid {a.maximum_bid} is not reached from {a.minimum_bid} "
                           f"in steps of {a.step}", code="check.maximum_unreachable",
                           params=args(maximum=a.maximum_bid, minimum=a.minimum_bid,
                                       step=a.step)))
    if a.maximum_bid is not None and a.bid_levels == BidLevels.ALIGNED and a.maximum_bid % a.step:
        out.append(Problem(("auction", "maximum_bid"),
                           f"maximum_bid {a.maximum_bid} is not a multiple of the step {a.step}",
                           "or write 'bid_levels from_minimum'",
                           code="check.maximum_not_multiple", hint_code="hint.from_minimum",
                           params=args(maximum=a.maximum_bid, step=a.step)))
    if a.surcoinche and a.coinche == CoincheTiming.NONE:
        out.append(Problem(("auction", "surcoinche"), "surcoinche without coinche",
                           "write 'surcoinche no', or allow a coinche",
                           code="check.surcoinche_without_coinche",
                           hint_code="hint.surcoinche_no"))
    if a.surcoinche and a.surcoinche_factor <= a.coinche_factor:
        out.append(Problem(("auction", "surcoinche_factor"),
                           f"surcoinche_factor {a.surcoinche_factor} does not exceed "
                           f"coinche_factor {a.coinche_factor}",
                           "a surcoinche multiplies more than a coinche: usually 2 and 4",
                           code="check.surcoinche_factor", hint_code="hint.surcoinche_factor",
                           params=args(surcoinche=a.surcoinche_factor,
                                       coinche=a.coinche_factor)))
    if a.coinche == CoincheTiming.NONE and a.after_coinche != AfterCoinche.PASSES:
        out.append(Problem(("auction", "after_coinche"), "after_coinche is set but there is no "
                           "coinche", "remove after_coinche, or allow a coinche",
                           code="check.after_coinche_without_coinche",
                           hint_code="hint.remove_after_coinche"))
    twice = sorted({str(d) for d in a.denominations if a.denominations.count(d) > 1})
    if twice or not a.denominations:
        out.append(Problem(("auction", "denominations"),
                           "denominations must name each choice once, and at least one",
                           f"{', '.join(twice)} named twice" if twice else "",
                           code="check.denominations", hint_code="hint.named_twice" if twice
                           else "", params=args(names=[n.replace("-", "_") for n in twice])))
    if a.generale and a.capot and a.generale_value < a.capot_value:
        out.append(Problem(("auction", "generale_value"),
                           "générale is worth less than capot, yet it overcalls it",
                           code="check.generale_below_capot",
                           params=args(generale=a.generale_value, capot=a.capot_value)))
    return out


def _announcements(rs: Ruleset) -> list[Problem]:
    an, out = rs.announcements, []
    if sorted(an.sequence_order) != sorted(set(an.sequence_order)) or len(an.sequence_order) != 8:
        out.append(Problem(("announcements", "sequence_order"),
                           "sequence_order lists each of the eight ranks once",
                           code="check.sequence_order"))
    lengths = sorted(an.sequences)
    if lengths and (lengths[0] < 3 or lengths[-1] > 8):
        wrong = ", ".join(str(n) for n in lengths if not 3 <= n <= 8)
        out.append(Problem(("announcements", "sequences"), "sequences are 3 to 8 cards long",
                           f"not {wrong}", code="check.sequences", hint_code="hint.not_these",
                           params=args(names=[n for n in lengths if not 3 <= n <= 8])))
    if an.sequences and an.longest_counted not in an.sequences:
        out.append(Problem(("announcements", "longest_counted"),
                           f"longest_counted {an.longest_counted} has no value in sequences",
                           f"sequences lists {', '.join(map(str, lengths))}",
                           code="check.longest_counted", hint_code="hint.sequences_list",
                           params=args(n=an.longest_counted, names=lengths)))
    return out


def _decks(rs: Ruleset) -> list[Problem]:
    """Each denomination's deck can be scaled, and holds more points than the lowest bid."""
    out, poorest = [], None
    for mode in rs.auction.denominations:
        points, kind = scaled_deck(rs, mode)
        raw = deck_points(rs, mode)
        field = "no_trump_scale" if mode == Denomination.NO_TRUMP else "all_trump_scale"
        if kind == ScaleKind.CARDS and raw == 0 or (
                kind == ScaleKind.TOTAL and raw + rs.cards.last_trick_at(mode) == 0):
            out.append(Problem(("cards", field), f"the {mode} cards are worth 0 points: "
                               "there is nothing to scale", "write 'none', or give them points",
                               code="check.nothing_to_scale", hint_code="hint.scale_none",
                               params=args(mode=_word(mode), setting=field)))
        elif poorest is None or points < poorest[0]:
            poorest = (points, mode)
    if poorest is not None and poorest[0] + rs.cards.capot_last_trick < rs.auction.minimum_bid:
        total = poorest[0] + rs.cards.capot_last_trick
        out.append(Problem(("auction", "minimum_bid"),
                           f"minimum_bid {rs.auction.minimum_bid} is more than the {total} "
                           f"points of a deal at {poorest[1]} (last trick included): no "
                           "contract could be made there", "lower it, or check the card tables",
                           code="check.minimum_bid_too_high", hint_code="hint.lower_it",
                           params=args(minimum=rs.auction.minimum_bid, total=total,
                                       mode=_word(poorest[1]))))
    return out


def _magnitudes(rs: Ruleset, checks: list[tuple[Path, object, str]]) -> list[Problem]:
    """Formulas whose values could grow past MAX_VALUE, given the variant's own numbers."""
    ranges, out = quantity_ranges(rs), []
    for path, expr, _ in checks:
        top = largest_value(expr, ranges)  # type: ignore[arg-type]
        if top > MAX_VALUE:
            shown = f"{top:,}" if top < 10**30 else f"about 10^{len(str(top)) - 1}"
            out.append(Problem(path, f"this formula can reach {shown}; values are limited "
                               f"to {MAX_VALUE:,}", "check its multiplications",
                               code="check.formula_too_large",
                               hint_code="hint.multiplications",
                               params=args(limit=MAX_VALUE, **(
                                   {"top": top} if top < 10**30 else
                                   {"digits": len(str(top)) - 1}))))
    return out


def _formulas(rs: Ruleset) -> list[Problem]:
    s, out = rs.scoring, []
    checks: list[tuple[Path, object, str]] = [(("scoring", "success"), s.success, "bool")]
    checks += [(("scoring", outcome, side), getattr(s, outcome)[side], "int")
               for outcome in ("made", "failed") for side in ("declarers", "defenders")]
    for name in PENALTY_FORMULAS:
        formulas = getattr(rs.penalties, name)
        if formulas is not None:
            checks += [(("penalties", name, side), formulas[side], "int")
                       for side in ("declarers", "defenders")]
    for path, expr, want in checks:
        try:
            got = expr.type()  # type: ignore[attr-defined]
        except ValueError as e:  # a RuleValueError: its sentence's key and values
            out.append(Problem(path, str(e), code=getattr(e, "code", ""),
                               params=args(setting=".".join(map(str, path)),
                                           **getattr(e, "params", {}))))
            continue
        if got != want:
            kind = "a condition (true or false)" if want == "bool" else "a number of points"
            out.append(Problem(path, f"this formula must give {kind}",
                               code=f"check.formula_gives_{want}",
                               params=args(setting=str(path[-1]))))
    return out or _magnitudes(rs, checks)


def _examples(rs: Ruleset) -> list[Problem]:
    out = []
    for i, ex in enumerate(rs.examples):
        at: Path = ("examples", i)
        if ex.trump not in rs.auction.denominations:
            out.append(Problem((*at, "trump"), f"{ex.trump} is not a denomination of this variant",
                               "its denominations: "
                               + ", ".join(str(d) for d in rs.auction.denominations),
                               code="example.trump_not_bid", hint_code="hint.denominations",
                               params=args(example=ex.name, value=_word(ex.trump),
                                           names=[_word(d) for d in rs.auction.denominations])))
        if ex.bid == "capot" and not rs.auction.capot:
            out.append(Problem((*at, "bid"), "this variant has no capot bid",
                               "write 'capot yes' under auction, or bid a number",
                               code="example.no_capot", hint_code="hint.capot_yes",
                               params=args(example=ex.name)))
        elif ex.bid == "generale" and not rs.auction.generale:
            out.append(Problem((*at, "bid"), "this variant has no générale bid",
                               "write 'generale yes' under auction, or bid a number",
                               code="example.no_generale", hint_code="hint.generale_yes",
                               params=args(example=ex.name)))
        elif isinstance(ex.bid, int) and (
                ex.bid < rs.auction.minimum_bid
                or (rs.auction.maximum_bid is not None and ex.bid > rs.auction.maximum_bid)):
            out.append(Problem((*at, "bid"), f"bid {ex.bid} is outside this variant's range",
                               code="example.bid_out_of_range",
                               params=args(example=ex.name, n=ex.bid,
                                           minimum=rs.auction.minimum_bid)))
        if ex.double == Double.SURCOINCHE and not rs.auction.surcoinche:
            out.append(Problem((*at, "double"), "this variant has no surcoinche",
                               "write 'double coinche' or 'double none'",
                               code="example.no_surcoinche", hint_code="hint.double_coinche",
                               params=args(example=ex.name)))
        elif ex.double != Double.NONE and rs.auction.coinche == CoincheTiming.NONE:
            out.append(Problem((*at, "double"), "this variant has no coinche",
                               "write 'double none'", code="example.no_coinche",
                               hint_code="hint.double_none", params=args(example=ex.name)))
        if ex.trump in (Denomination.NO_TRUMP, Denomination.ALL_TRUMP) and ex.belote and (
                not rs.belote.at_no_trump if ex.trump == Denomination.NO_TRUMP
                else rs.belote.at_all_trump == AllTrumpBelote.NONE):
            out.append(Problem((*at, "belote"), f"there is no belote at {ex.trump}",
                               code="example.no_belote",
                               params=args(example=ex.name, mode=_word(ex.trump))))
    return out
