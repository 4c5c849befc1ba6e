"""One sentence per leaf rule, in any language: the sheet and the comparison both read these.

The message of a rule is named after its path (`r.auction.coinche.in_turn` for a closed choice,
`r.auction.jumps.yes` for a yes/no, `r.auction.step` with `{n}` for a number). Values that are
lists, tables or formulas are first put into words here, then handed to the message.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from enum import Enum
from typing import Any

from ..engine.tables import bid_values
from ..model import CardValue, Expr, Ruleset, Scale
from ..model.enums import AfterCoinche, Cutter, Denomination, Direction, FirstLead, Rounding
from .fields import Path, value_at
from .i18n import Translator


def describe(rs: Ruleset, path: Path, tr: Translator) -> str:
    """The rule at `path` in one sentence of `tr`'s language."""
    key = "r." + ".".join(path)
    value = value_at(rs, path)
    special = _SPECIAL.get(path)
    if special is not None:
        return special(rs, value, key, tr)
    if isinstance(value, bool):
        return tr(f"{key}.{'yes' if value else 'no'}")
    if isinstance(value, Enum):
        return tr(f"{key}.{value.value}")
    if value is None:
        return tr(f"{key}.none")
    if isinstance(value, int):
        return tr(key, n=value)
    if isinstance(value, Expr):
        return _with_formula(key, " ".join(_formula_sentences(rs, path, value, tr)), tr)
    if isinstance(value, Scale):
        return tr(f"{key}.{value.kind.value}", n=value.to)
    if isinstance(value, list) and value and isinstance(value[0], CardValue):
        return tr(key, cards=card_list(value, tr))
    raise TypeError(f"no sentence for {'.'.join(path)} ({type(value).__name__})")


def _with_formula(key: str, said: str, tr: Translator) -> str:
    """The message `key` with the formula's sentences `said` in it: after a comma, they go on
    in lower case (« Quand le contrat chute, la défense marque … »)."""
    pattern = tr.messages.get(key)
    if isinstance(pattern, str) and pattern.split("{formula}")[0].rstrip().endswith(","):
        said = said[:1].lower() + said[1:]
    return tr(key, formula=said)


def _formula_sentences(rs: Ruleset, path: Path, value: Expr, tr: Translator) -> list[str]:
    """A scoring formula as the sheet's sentences (`prose`): the success test, or what a side
    scores."""
    from .prose import Prose

    if path[-1] in ("declarers", "defenders"):
        return Prose(rs, tr).score(value, path[-1])
    return Prose(rs, tr).success(value)


def rank(r: str, tr: Translator) -> str:
    return tr(f"rank.{r}")


def card_list(rows: list[CardValue], tr: Translator) -> str:
    """`J 20, 9 14, A 11, …` with the language's rank letters, each card as the catalog's
    `cards.item` writes it (« J (20) » in Italian)."""
    return ", ".join(tr("cards.item", rank=rank(row.rank, tr), n=row.points) for row in rows)


def denominations(values: list[Any], tr: Translator) -> str:
    return tr.join([tr(f"denom.{v.value if isinstance(v, Enum) else v}") for v in values])


def bid_levels(rs: Ruleset) -> list[int]:
    """The first numeric bids and the last, as the auction rules place them (the last is the
    engine's highest: `maximum_bid`, or the cap it applies without one)."""
    a = rs.auction
    every = bid_values(a.minimum_bid, a.step, a.bid_levels, a.maximum_bid)
    return [*every[:3], *every[-1:]] if len(every) > 3 else list(every)


def highest_bid(rs: Ruleset) -> int:
    """The highest numeric bid the engine accepts (with `maximum_bid none`, its cap)."""
    a = rs.auction
    return bid_values(a.minimum_bid, a.step, a.bid_levels, a.maximum_bid)[-1]


def ladder(rs: Ruleset, tr: Translator) -> str:
    """« 80, 90, 100 et ainsi de suite jusqu’à 500 »: the first bids and the highest the engine
    takes (its cap when the rules name none), in words, never an ellipsis before a full stop."""
    from .combined import ladder_levels

    return ladder_levels(rs, tr)[0]


def _maximum_bid(rs: Ruleset, value: Any, key: str, tr: Translator) -> str:
    """With no highest bid written, the cap the engine applies all the same, printed."""
    return tr(key if value is not None else f"{key}.none", n=highest_bid(rs))


def _levels(rs: Ruleset, value: Any, key: str, tr: Translator) -> str:
    return tr(f"{key}.{value.value}", levels=ladder(rs, tr), step=rs.auction.step)


def _packets(rs: Ruleset, value: Any, key: str, tr: Translator) -> str:
    if value == "dealer_choice":
        return tr(f"{key}.dealer_choice")
    return tr(key, packets="-".join(str(n) for n in value))


def carres(values: Mapping[str, int], tr: Translator) -> str:
    """What each carré scores, the ranks of one value said together (« 200 pour le carré de
    valets, 150 pour le carré de neuf, 100 pour le carré d’as, de dix, de rois ou de
    dames »), as the texts write them."""
    by_value: dict[int, list[str]] = {}
    for r, v in values.items():
        by_value.setdefault(v, []).append(tr(f"ranks.{r}"))
    return ", ".join(tr("ann.carre", rank=tr.join(ranks, style="or"), n=v)
                     for v, ranks in by_value.items())


def _carres(rs: Ruleset, value: Any, key: str, tr: Translator) -> str:
    if value is None:
        return tr(f"{key}.none")
    return tr(key, carres=carres(value, tr))


def sequences(values: dict[int, int], tr: Translator) -> str:
    return ", ".join(tr("ann.sequence", n=k, points=tr.num(v)) for k, v in sorted(values.items()))


def _sequences(rs: Ruleset, value: Any, key: str, tr: Translator) -> str:
    return tr(key, sequences=sequences(value, tr))


def _order(rs: Ruleset, value: Any, key: str, tr: Translator) -> str:
    return tr(key, order=" ".join(rank(r, tr) for r in value))


def _denominations(rs: Ruleset, value: Any, key: str, tr: Translator) -> str:
    return tr(key, denominations=denominations(value, tr))


def rounding_example(value: Rounding, unit: int, tr: Translator) -> str:
    """« (par exemple 85 → 90) » for a rounding to an even unit, else nothing."""
    if value == Rounding.NONE or unit % 2 or unit <= 1:
        return ""
    half = 8 * unit + unit // 2
    return tr("rounding.example", a=half, b=9 * unit if value == Rounding.HALF_UP else 8 * unit)


def _rounding(rs: Ruleset, value: Any, key: str, tr: Translator) -> str:
    return tr(f"{key}.{value.value}",
              example=rounding_example(value, rs.scoring.rounding_unit, tr))


def _examples(rs: Ruleset, value: Any, key: str, tr: Translator) -> str:
    if not value:
        return tr(f"{key}.none")
    return tr(key, n=len(value))


def _coinche_capot(rs: Ruleset, value: Any, key: str, tr: Translator) -> str:
    """Names only the special bids the variant has (no générale where it cannot be bid)."""
    a = rs.auction
    only = "" if a.capot and a.generale else ".capot" if a.capot else ".generale" if a.generale \
        else ""
    return tr(f"{key}.{'yes' if value else 'no'}{only}")


def _neighbour(rs: Ruleset, after: bool, tr: Translator) -> str:
    """The dealer's neighbour as players say it, on the right or the left (« le joueur à
    droite du donneur »), rather than "after the dealer in the order of play": the next
    player is on the right when play goes anticlockwise."""
    right = (rs.table.direction == Direction.ANTICLOCKWISE) == after
    return tr("who.dealer." + ("right" if right else "left"))


def _first_lead(rs: Ruleset, value: Any, key: str, tr: Translator) -> str:
    """The générale bidder's lead is not told where générale cannot be bid (it never happens)."""
    shown = value if rs.auction.generale else FirstLead.AFTER_DEALER
    if not tr.has("said.first_lead"):
        return tr(f"{key}.{shown.value}")
    said = tr("said.first_lead" + (".generale" if shown == FirstLead.GENERALE_BIDDER else ""),
              who=_neighbour(rs, True, tr))
    return said[:1].upper() + said[1:]


def _cutter(rs: Ruleset, value: Any, key: str, tr: Translator) -> str:
    if not tr.has("said.cutter"):
        return tr(f"{key}.{value.value}")
    said = tr("said.cutter", who=_neighbour(rs, value == Cutter.AFTER_DEALER, tr))
    return said[:1].upper() + said[1:]


def _capot_rank(rs: Ruleset, value: Any, key: str, tr: Translator) -> str:
    return tr(f"{key}.{value.value}", n=rs.auction.capot_value)


def _mode_last_trick(rs: Ruleset, value: Any, key: str, tr: Translator) -> str:
    """A mode's own dix de der: none at all is said so, not "worth 0"."""
    if value is None:
        return tr(f"{key}.none")
    return tr(f"{key}.zero") if value == 0 else tr(key, n=value)


def _capot_last_trick(rs: Ruleset, value: Any, key: str, tr: Translator) -> str:
    """A capot's dix de der worth the usual one: a language may say « even at a capot » (the
    `.same` message) where the plain sentence would only repeat the one before."""
    same = f"{key}.same"
    said = tr(same, n=value) if value == rs.cards.last_trick and tr.has(same) else ""
    return said or tr(key, n=value)


def _scale(rs: Ruleset, value: Any, key: str, tr: Translator) -> str:
    """A `total` scale where the mode has no dix de der brings the card points alone to the
    total: the sheet must not speak of a last trick the rules say does not exist."""
    mode = Denomination.NO_TRUMP if "no_trump" in key else Denomination.ALL_TRUMP
    kind = value.kind.value
    if kind == "total" and rs.cards.last_trick_at(mode) == 0:
        kind = "total_no_last"
    said = tr(f"{key}.{kind}", n=value.to)
    # the engine gives whole points (the larger remainder rounds up, the defenders' on a tie):
    # « pas d'arrondi » elsewhere is about the scores, not these shares
    return said if kind == "none" else f"{said} {tr('cards.scale.rounding')}"


def _language(rs: Ruleset, value: Any, key: str, tr: Translator) -> str:
    return tr("sheet.language", language=tr(f"lang.{value}"))


def _text(rs: Ruleset, value: Any, key: str, tr: Translator) -> str:
    if isinstance(value, list):
        return "; ".join(value)
    return "" if value is None else str(value)


def _after_coinche(rs: Ruleset, value: Any, key: str, tr: Translator) -> str:
    """What a coinche leaves of the auction, said with what may follow it: whether the
    coinched side may surcoinche and how many passes end the auction."""
    from ..engine.auction import PASSES_AFTER_COINCHE
    from ..model.relevance import has_surcoinche

    if value == AfterCoinche.PASSES:
        sur = "sur" if has_surcoinche(rs) else "nosur"
        return tr(f"{key}.passes.{sur}", n=PASSES_AFTER_COINCHE)
    return tr(f"{key}.{value.value}")


def tie_at_half(rs: Ruleset) -> tuple[int, int, bool] | None:
    """(half the deal's points, the bid, whether the engine makes the contract) for a deal
    at the lowest bid whose two sides' totals are equal, when such a deal can be played."""
    from .examples import Worked, _deal, contract_mode, deck_points, scored

    mode = contract_mode(rs)
    last = rs.cards.last_trick_at(mode)
    whole = deck_points(rs, mode) + last
    if whole % 2 or whole // 2 < last:
        return None
    deal = _deal(rs, whole // 2 - last, {"N": 2, "E": 2, "S": 2, "W": 2}, "N")
    w = scored(rs, Worked("tie", "", deal, None))
    if w.score is None:
        return None
    return whole // 2, rs.auction.minimum_bid, bool(w.score.made)


def _litige(rs: Ruleset, value: Any, key: str, tr: Translator) -> str:
    """Without the litige rule, what an exact tie at half the points does under this
    success test, as the engine scores it (made or failed: never left to the reader)."""
    tie = None if str(value) == "held" else tie_at_half(rs)
    if tie is None:
        return tr(f"{key}.{value.value}")
    half, bid, made = tie
    return tr(f"{key}.fails.{'made' if made else 'failed'}", half=tr.num(half), bid=tr.num(bid))


def _both_over(rs: Ruleset, value: Any, key: str, tr: Translator) -> str:
    """Both sides over the target: « atteignent » where reaching it is enough."""
    return tr(f"{key}.{value.value}", over=tr(f"game.over.{rs.game.reach.value}"))


def _penalty(rs: Ruleset, value: Any, key: str, tr: Translator) -> str:
    """A penalty's formulas (`penalties.revoke_by_declarers`…) as the sheet's sentences: what
    each side scores, as the scoring section says it; `none` when it writes none."""
    from .prose import Prose

    if value is None:
        return tr(f"{key}.none")
    prose = Prose(rs, tr)
    said = [s for side in ("declarers", "defenders") for s in prose.score(value[side], side)]
    return _with_formula(key, " ".join(said), tr)


_SPECIAL: dict[Path, Callable[[Ruleset, Any, str, Translator], str]] = {
    ("penalties", "revoke_by_declarers"): _penalty,
    ("penalties", "revoke_by_defenders"): _penalty,
    ("penalties", "unheld_announcement"): _penalty,
    ("table", "packets"): _packets,
    ("table", "first_lead"): _first_lead,
    ("table", "cutter"): _cutter,
    ("auction", "bid_levels"): _levels,
    ("auction", "maximum_bid"): _maximum_bid,
    ("auction", "denominations"): _denominations,
    ("auction", "coinche_capot"): _coinche_capot,
    ("auction", "capot_rank"): _capot_rank,
    ("cards", "capot_last_trick"): _capot_last_trick,
    ("cards", "no_trump_last_trick"): _mode_last_trick,
    ("cards", "all_trump_last_trick"): _mode_last_trick,
    ("cards", "no_trump_scale"): _scale,
    ("cards", "all_trump_scale"): _scale,
    ("announcements", "carres"): _carres,
    ("announcements", "no_trump_carres"): _carres,
    ("announcements", "sequences"): _sequences,
    ("announcements", "sequence_order"): _order,
    ("scoring", "rounding"): _rounding,
    ("scoring", "litige"): _litige,
    ("auction", "after_coinche"): _after_coinche,
    ("game", "both_over"): _both_over,
    ("examples",): _examples,
    ("language",): _language,
    **{(name,): _text for name in ("name", "title", "description", "sources", "extends")},
}
"""Rules whose value needs putting into words before its message (an explicit table: the
sentence of every other rule follows from its type)."""


def carres_rows(rs: Ruleset, tr: Translator,
                with_no_trump: bool) -> tuple[list[str], list[list[str]]]:
    """The carrés as a table: rank, points (and points at no-trump when they differ)."""
    an = rs.announcements
    nt = an.no_trump_carres if with_no_trump else None
    head = [tr("ann.col.carre"), tr("ann.col.points")] + ([tr("ann.col.no_trump")] if nt else [])
    ranks = list(dict.fromkeys([*an.carres, *(nt or {})]))
    rows = [[tr("ann.four", rank=tr(f"ranks.{r}")), tr.num(an.carres.get(r, 0))]
            + ([tr.num(nt.get(r, 0))] if nt else []) for r in ranks]
    return head, rows


def sequence_rows(rs: Ruleset, tr: Translator) -> tuple[list[str], list[list[str]]]:
    """The sequences as a table: length, points."""
    head = [tr("ann.col.sequence"), tr("ann.col.points")]
    return head, [[run_name(k, v, tr), tr.num(v)]
                  for k, v in sorted(rs.announcements.sequences.items())]


def run_name(length: int, points: int, tr: Translator) -> str:
    """A run as players name it, where the name fits its length and worth: « tierce (3
    cartes) », « cinquante (4 cartes) » only where four cards are worth 50."""
    cards = tr("ann.length", n=length)
    for key in (f"ann.run.{length}.{points}", f"ann.run.{length}"):
        if key in tr.messages:
            return tr("ann.run", name=tr(key), cards=cards)
    return cards
