"""The one-page card: what a table needs during play, on one A4 page or one screen.

The booklet (`rulesheet`) is for the club's secretary; the card is pinned up in the club room
and settles the arguments of the table: the bidding ladder, what coinche and surcoinche do and
multiply, what a made and a failed contract score in words, what the defence scores when each
contract falls (plain, coinched, surcoinched: scored by the engine), the litige, rounding, one
worked example, the card values, the announcements, the target, and the value of each option
the card is printed for. Every line comes from the same sentences and relevance rules as the
booklet: a rule that cannot come up is not on the card either.
"""

from __future__ import annotations

from ..engine.tables import bid_values
from ..model import Ruleset
from ..model.enums import CapotRank
from ..model.relevance import has_coinche, has_surcoinche
from .combined import combined, group_sentence
from .describe import carres, describe, ladder, sequences
from .document import Document, Rules, Section, Table
from .fields import Path, is_relevant
from .fingerprint import fingerprint
from .i18n import Translator, terms_of, translator
from .pairs import join_sentences
from .prose import Prose
from .rulesheet import MODES, is_in_play, labels, option_title, value_text, with_short
from .terms import in_language
from .worked import contract

WORKED = ("coinched", "failed", "made", "capot_unbid", "capot")
"""The generated cases the card may work, in order of preference (the first that exists)."""


def build_card(rs: Ruleset, lang: str | None = None) -> Document:
    """The one-page card of `rs` in `lang` (default: the variant's own language): what settles
    an argument at the table, read from a metre away."""
    tr = translator(lang or rs.language, terms_of(rs, lang or rs.language))
    rs = in_language(rs, tr.lang)
    doc = Document(lang=tr.lang, title=tr.typeset(rs.title or rs.name),
                   subtitle=tr("card.kind"), fingerprint=fingerprint(rs),
                   header=rs.name, card=True, labels=labels(tr))
    prose = Prose(rs, tr)
    doc.sections = [
        Section("auction", tr("h.auction"), [Rules([_ladder(rs, tr), *_multipliers(rs, tr),
                                                    *_said(rs, _coinche(rs), tr)])]),
        Section("made", tr("scoring.outcome.made"), [Rules(
            prose.success(rs.scoring.success) + _outcome(rs, prose, "made"))]),
        Section("failed", tr("scoring.outcome.failed"), [
            Rules(_outcome(rs, prose, "failed")), *_fall_table(rs, tr)]),
        Section("scoring", tr("h.scoring"), [Rules(_said(rs, SCORING, tr))]),
        Section("example", tr("card.h.example"), _example(rs, tr)),
        Section("cards", tr("card.h.cards"), [_card_table(rs, tr)]),
        Section("announcements", tr("h.announcements"), [_announcements(rs, tr)]),
        Section("game", tr("h.game"), [Rules(_said(rs, GAME, tr))]),
    ]
    chosen = _options(rs, tr)
    if chosen.items:
        doc.sections.append(Section("options", tr("card.h.options"), [chosen]))
    return doc


COINCHE: tuple[Path, ...] = (("auction", "after_coinche"),
                             ("auction", "surcoinche_ends_auction"))
"""The coinche rules a table argues about (the ladder and the factors are said apart)."""
SCORING: tuple[Path, ...] = (("scoring", "litige"), ("scoring", "rounding"),
                             ("scoring", "rounding_unit"), ("scoring", "round_what"),
                             ("scoring", "scale"))
GAME: tuple[Path, ...] = (("game", "target"), ("game", "reach"), ("game", "deals"),
                          ("game", "deals_tie"))


def _coinche(rs: Ruleset) -> tuple[Path, ...]:
    """The coinche rules of the card: when one may coinche too, where it is not only at one's
    turn to speak (a coinche at any time is what a table gets wrong)."""
    from ..model.enums import CoincheTiming

    timing = rs.auction.coinche
    return ((("auction", "coinche"),) if timing == CoincheTiming.ANY_TIME else ()) + COINCHE


def _said(rs: Ruleset, paths: tuple[Path, ...], tr: Translator) -> list[str]:
    grouped, dropped = combined(rs, list(paths), tr)
    return join_sentences([grouped.get(p) or describe(rs, p, tr) for p in paths
                           if is_relevant(rs, p) and p not in dropped], tr)


def _outcome(rs: Ruleset, prose: Prose, outcome: str) -> list[str]:
    """What each side scores when the contract is made (or fails), in sentences."""
    return [s for side in ("declarers", "defenders")
            for s in prose.score(getattr(rs.scoring, outcome)[side], side)]


def _fall_table(rs: Ruleset, tr: Translator) -> list:
    """What the defence scores when each contract falls, plain, coinched and surcoinched,
    as the engine scores a fall without announcements or belote."""
    from ..errors import CoincheError
    from ..model import DealSummary
    from .examples import contract_mode, deck_points
    from .examples import score as score_deal  # the engine's scorer

    a = rs.auction
    doubles = [("none", "card.fall.plain")]
    if has_coinche(rs):
        doubles.append(("coinche", "card.fall.coinche"))
    if has_surcoinche(rs):
        doubles.append(("surcoinche", "card.fall.surcoinche"))
    mode = contract_mode(rs)
    whole = deck_points(rs, mode)
    levels = list(dict.fromkeys(bid_values(a.minimum_bid, a.step, a.bid_levels,
                                           a.maximum_bid if a.maximum_bid is not None
                                           else 160)))[:10]
    bids: list[int | str] = [*levels, *(["capot"] if a.capot else []),
                             *(["generale"] if a.generale else [])]
    rows = []
    for bid in bids:
        row = [tr(f"bid.{bid}") if isinstance(bid, str) else tr.num(bid)]
        for double, _ in doubles:
            deal = DealSummary.model_validate({
                "declarer": "N", "bid": bid, "trump": mode.value, "double": double,
                "tricks": {"N": 2, "E": 3, "S": 1, "W": 2},
                "card_points": {"NS": min(40, whole), "EW": whole - min(40, whole)},
                "last_trick": "E"})
            try:
                result = score_deal(rs, deal)
            except CoincheError:
                row.append("")
                continue
            row.append(tr.num(result.scores["EW"]) if not result.made else "")
        rows.append(row)
    head = [tr("card.fall.contract"), *(tr(key) for _, key in doubles)]
    return [Table(head, rows, tr("card.fall.caption"), numeric=list(range(1, len(head))))]


def _example(rs: Ruleset, tr: Translator) -> list:
    """One worked example: a coinched fall where coinche exists, else a made contract, with
    both sides' arithmetic."""
    from .examples import generated_examples
    from .worked import _worked_line

    done = {w.key: w for w in generated_examples(rs) if w.score is not None}
    chosen = next((done[k] for k in WORKED if k in done), None)
    if chosen is None:
        return []
    outcome = "made" if chosen.score.made else "failed"
    return [Rules([contract(chosen.summary, tr) + " — " + tr(f"card.{outcome}"),
                   _worked_line(rs, outcome, chosen, tr, titled=False)])]


def _options(rs: Ruleset, tr: Translator) -> Rules:
    """One line per option in play: the value this card is printed for, and whether it is
    the default (two cards of one variant differ here when their tables chose otherwise)."""
    return Rules([tr("card.option", title=option_title(o, tr), value=value_text(o, o.chosen, tr),
                     state=tr("card.option.default" if o.chosen == o.default
                              else "card.option.chosen"))
                  for o in rs.options if is_in_play(rs, o)])


def _ladder(rs: Ruleset, tr: Translator) -> str:
    """80, 90, 100 … 160, then capot (250), then générale (500)."""
    a = rs.auction
    specials = [tr("card.special", bid=tr(f"bid.{b}"), n=v) for b, v, on in (
        ("capot", a.capot_value, a.capot), ("generale", a.generale_value, a.generale)) if on]
    above = not a.capot or a.capot_rank == CapotRank.ABOVE_NUMBERS
    return tr("card.ladder", levels=ladder(rs, tr), step=a.step) + (
        tr("card.ladder.above" if above else "card.ladder.then", specials=tr.join(specials))
        if specials else ".")


def _multipliers(rs: Ruleset, tr: Translator) -> list[str]:
    """The factors of coinche and surcoinche (what they multiply is said by the scoring)."""
    a = rs.auction
    if not is_relevant(rs, ("auction", "coinche_factor")):
        return []
    said = group_sentence(rs, ("auction", "coinche_factor"), tr)
    if said:
        return [said]
    out = tr("card.coinche", n=a.coinche_factor)
    if is_relevant(rs, ("auction", "surcoinche_factor")):
        out += " " + tr("card.surcoinche", n=a.surcoinche_factor)
    return [out]


def _card_table(rs: Ruleset, tr: Translator) -> Table:
    """Each denomination's cards, strongest first, rank and points in their own columns."""
    modes = [m for m in MODES if is_relevant(rs, ("cards", m))]
    head: list[str] = []
    for m in modes:
        head += [with_short(tr(f"card.mode.{m}"), m, tr), tr("card.col.points")]
    rows = []
    for i in range(8):
        row: list[str] = []
        for m in modes:
            value = getattr(rs.cards, m)[i]
            row += [tr(f"rank.{value.rank}"), tr.num(value.points)]
        rows.append(row)
    caption = tr("card.last_trick", n=rs.cards.last_trick)
    return Table(head, rows, caption, numeric=[2 * i + 1 for i in range(len(modes))])


def _announcements(rs: Ruleset, tr: Translator) -> Rules:
    an, be = rs.announcements, rs.belote
    lines = []
    if an.enabled:
        lines += [tr("card.carres", carres=carres({str(k): v for k, v in an.carres.items()}, tr)),
                  tr("card.sequences", sequences=sequences(an.sequences, tr))]
    else:
        lines.append(describe(rs, ("announcements", "enabled"), tr))
    lines.append(tr("card.belote", n=be.value) if be.enabled else describe(
        rs, ("belote", "enabled"), tr))
    return Rules(lines)
