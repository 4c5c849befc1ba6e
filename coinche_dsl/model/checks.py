"""Cross-field rules that a careful organiser wants caught, each reported at the field to fix.

Pydantic checks each field; these checks read several. All problems are returned at once.
"""

from __future__ import annotations

from dataclasses import dataclass

from .bounds import MAX_VALUE, deck_points, largest_value, quantity_ranges, scaled_deck
from .enums import (
    AfterCoinche,
    AllTrumpBelote,
    BidLevels,
    CoincheTiming,
    Denomination,
    Double,
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


def check_ruleset(rs: Ruleset) -> list[Problem]:
    return [*_auction(rs), *_decks(rs), *_announcements(rs), *_formulas(rs), *_examples(rs)]


def _auction(rs: Ruleset) -> list[Problem]:
    a, out = rs.auction, []
    if a.maximum_bid is not None and a.maximum_bid < a.minimum_bid:
        out.append(Problem(("auction", "maximum_bid"),
                           f"maximum_bid {a.maximum_bid} is below minimum_bid {a.minimum_bid}"))
    if a.maximum_bid is not None and a.bid_levels == BidLevels.FROM_MINIMUM and (
            a.maximum_bid - a.minimum_bid) % a.step:
        out.append(Problem(("auction", "maximum_bid"),
                           f"maximum_bid {a.maximum_bid} is not reached from {a.minimum_bid} "
                           f"in steps of {a.step}"))
    if a.maximum_bid is not None and a.bid_levels == BidLevels.ALIGNED and a.maximum_bid % a.step:
        out.append(Problem(("auction", "maximum_bid"),
                           f"maximum_bid {a.maximum_bid} is not a multiple of the step {a.step}",
                           "or write 'bid_levels from_minimum'"))
    if a.surcoinche and a.coinche == CoincheTiming.NONE:
        out.append(Problem(("auction", "surcoinche"), "surcoinche without coinche",
                           "write 'surcoinche no', or allow a coinche"))
    if a.surcoinche and a.surcoinche_factor <= a.coinche_factor:
        out.append(Problem(("auction", "surcoinche_factor"),
                           f"surcoinche_factor {a.surcoinche_factor} does not exceed "
                           f"coinche_factor {a.coinche_factor}",
                           "a surcoinche multiplies more than a coinche: usually 2 and 4"))
    if a.coinche == CoincheTiming.NONE and a.after_coinche != AfterCoinche.PASSES:
        out.append(Problem(("auction", "after_coinche"), "after_coinche is set but there is no "
                           "coinche", "remove after_coinche, or allow a coinche"))
    twice = sorted({str(d) for d in a.denominations if a.denominations.count(d) > 1})
    if twice or not a.denominations:
        out.append(Problem(("auction", "denominations"),
                           "denominations must name each choice once, and at least one",
                           f"{', '.join(twice)} named twice" if twice else ""))
    if a.generale and a.capot and a.generale_value < a.capot_value:
        out.append(Problem(("auction", "generale_value"),
                           "générale is worth less than capot, yet it overcalls it"))
    return out


def _announcements(rs: Ruleset) -> list[Problem]:
    an, out = rs.announcements, []
    if sorted(an.sequence_order) != sorted(set(an.sequence_order)) or len(an.sequence_order) != 8:
        out.append(Problem(("announcements", "sequence_order"),
                           "sequence_order lists each of the eight ranks once"))
    lengths = sorted(an.sequences)
    if lengths and (lengths[0] < 3 or lengths[-1] > 8):
        wrong = ", ".join(str(n) for n in lengths if not 3 <= n <= 8)
        out.append(Problem(("announcements", "sequences"), "sequences are 3 to 8 cards long",
                           f"not {wrong}"))
    if an.sequences and an.longest_counted not in an.sequences:
        out.append(Problem(("announcements", "longest_counted"),
                           f"longest_counted {an.longest_counted} has no value in sequences",
                           f"sequences lists {', '.join(map(str, lengths))}"))
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
                               "there is nothing to scale", "write 'none', or give them points"))
        elif poorest is None or points < poorest[0]:
            poorest = (points, mode)
    if poorest is not None and poorest[0] + rs.cards.capot_last_trick < rs.auction.minimum_bid:
        total = poorest[0] + rs.cards.capot_last_trick
        out.append(Problem(("auction", "minimum_bid"),
                           f"minimum_bid {rs.auction.minimum_bid} is more than the {total} "
                           f"points of a deal at {poorest[1]} (last trick included): no "
                           "contract could be made there", "lower it, or check the card tables"))
    return out


def _magnitudes(rs: Ruleset, checks: list[tuple[Path, object, str]]) -> list[Problem]:
    """Formulas whose values could grow past MAX_VALUE, given the variant's own numbers."""
    ranges, out = quantity_ranges(rs), []
    for path, expr, _ in checks:
        top = largest_value(expr, ranges)  # type: ignore[arg-type]
        if top > MAX_VALUE:
            shown = f"{top:,}" if top < 10**30 else f"about 10^{len(str(top)) - 1}"
            out.append(Problem(path, f"this formula can reach {shown}; values are limited "
                               f"to {MAX_VALUE:,}", "check its multiplications"))
    return out


def _formulas(rs: Ruleset) -> list[Problem]:
    s, out = rs.scoring, []
    checks: list[tuple[Path, object, str]] = [(("scoring", "success"), s.success, "bool")]
    checks += [(("scoring", outcome, side), getattr(s, outcome)[side], "int")
               for outcome in ("made", "failed") for side in ("declarers", "defenders")]
    for path, expr, want in checks:
        try:
            got = expr.type()  # type: ignore[attr-defined]
        except ValueError as e:
            out.append(Problem(path, str(e)))
            continue
        if got != want:
            kind = "a condition (true or false)" if want == "bool" else "a number of points"
            out.append(Problem(path, f"this formula must give {kind}"))
    return out or _magnitudes(rs, checks)


def _examples(rs: Ruleset) -> list[Problem]:
    out = []
    for i, ex in enumerate(rs.examples):
        at: Path = ("examples", i)
        if ex.trump not in rs.auction.denominations:
            out.append(Problem((*at, "trump"), f"{ex.trump} is not a denomination of this variant",
                               "its denominations: "
                               + ", ".join(str(d) for d in rs.auction.denominations)))
        if ex.bid == "capot" and not rs.auction.capot:
            out.append(Problem((*at, "bid"), "this variant has no capot bid",
                               "write 'capot yes' under auction, or bid a number"))
        elif ex.bid == "generale" and not rs.auction.generale:
            out.append(Problem((*at, "bid"), "this variant has no générale bid",
                               "write 'generale yes' under auction, or bid a number"))
        elif isinstance(ex.bid, int) and (
                ex.bid < rs.auction.minimum_bid
                or (rs.auction.maximum_bid is not None and ex.bid > rs.auction.maximum_bid)):
            out.append(Problem((*at, "bid"), f"bid {ex.bid} is outside this variant's range"))
        if ex.double == Double.SURCOINCHE and not rs.auction.surcoinche:
            out.append(Problem((*at, "double"), "this variant has no surcoinche",
                               "write 'double coinche' or 'double none'"))
        elif ex.double != Double.NONE and rs.auction.coinche == CoincheTiming.NONE:
            out.append(Problem((*at, "double"), "this variant has no coinche",
                               "write 'double none'"))
        if ex.trump in (Denomination.NO_TRUMP, Denomination.ALL_TRUMP) and ex.belote and (
                not rs.belote.at_no_trump if ex.trump == Denomination.NO_TRUMP
                else rs.belote.at_all_trump == AllTrumpBelote.NONE):
            out.append(Problem((*at, "belote"), f"there is no belote at {ex.trump}"))
    return out
