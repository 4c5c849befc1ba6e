"""The one-page card: what a table needs during play, on one A4 page or one screen.

The booklet (`rulesheet`) is for the club's secretary; the card is pinned up in the club room:
the bidding ladder, what coinche and surcoinche multiply, the play obligations, the card values,
the announcements, the scoring in three worked lines scored by the engine, the target, and the
value of each option the card is printed for. Every
line comes from the same sentences and relevance rules as the booklet: a rule that cannot come
up is not on the card either.
"""

from __future__ import annotations

from ..model import Expr, Ruleset
from .describe import carres, describe, ladder, sequences
from .document import Document, Formula, Rules, Section, Table
from .fields import Path, constants, is_relevant, prune, rule_paths
from .fingerprint import fingerprint
from .i18n import Translator, translator
from .prose import Prose
from .rulesheet import MODES, is_in_play, labels, option_title, value_text
from .worked import contract, team_of, title

AUCTION: tuple[Path, ...] = (
    ("auction", "denominations"), ("auction", "jumps"), ("auction", "reentry"),
    ("auction", "raise_own"), ("auction", "end_passes"), ("auction", "coinche"),
    ("auction", "coinche_capot"), ("auction", "after_coinche"), ("auction", "surcoinche"),
    ("auction", "surcoinche_ends_auction"))
"""The auction rules a table argues about (the ladder and the multipliers are said apart)."""
WORKED = ("made", "failed", "coinched", "capot_unbid", "capot")
"""The generated cases the card works, in order of preference (the first three that exist)."""


def build_card(rs: Ruleset, lang: str | None = None) -> Document:
    """The one-page card of `rs` in `lang` (default: the variant's own language)."""
    tr = translator(lang or rs.language)
    doc = Document(lang=tr.lang, title=tr.typeset(rs.title or rs.name),
                   subtitle=tr("card.kind"), fingerprint=fingerprint(rs),
                   header=rs.name, card=True, labels=labels(tr))
    doc.sections = [
        Section("auction", tr("h.auction"), [Rules([_ladder(rs, tr), *_multipliers(rs, tr)]),
                                             _rules(rs, AUCTION, tr)]),
        Section("play", tr("h.play"), [_rules(rs, _phase(rs, "play"), tr)]),
        Section("cards", tr("card.h.cards"), [_card_table(rs, tr)]),
        Section("announcements", tr("h.announcements"), [_announcements(rs, tr)]),
        Section("scoring", tr("h.scoring"), _scoring(rs, tr)),
        Section("game", tr("h.game"), [_rules(rs, _phase(rs, "game"), tr)]),
    ]
    chosen = _options(rs, tr)
    if chosen.items:
        doc.sections.append(Section("options", tr("card.h.options"), [chosen]))
    return doc


def _options(rs: Ruleset, tr: Translator) -> Rules:
    """One line per option in play: the value this card is printed for, and whether it is
    the default (two cards of one variant differ here when their tables chose otherwise)."""
    return Rules([tr("card.option", title=option_title(o, tr), value=value_text(o, o.chosen, tr),
                     state=tr("card.option.default" if o.chosen == o.default
                              else "card.option.chosen"))
                  for o in rs.options if is_in_play(rs, o)])


def _phase(rs: Ruleset, phase: str) -> tuple[Path, ...]:
    return tuple(p for p in rule_paths() if p[0] == phase)


def _rules(rs: Ruleset, paths: tuple[Path, ...], tr: Translator) -> Rules:
    shown = [p for p in paths if is_relevant(rs, p)]
    return Rules([describe(rs, p, tr) for p in shown], [rs.where(*p) for p in shown])


def _ladder(rs: Ruleset, tr: Translator) -> str:
    """80, 90, 100 … 160, then capot (250), then générale (500)."""
    a = rs.auction
    specials = [tr("card.special", bid=tr(f"bid.{b}"), n=v) for b, v, on in (
        ("capot", a.capot_value, a.capot), ("generale", a.generale_value, a.generale)) if on]
    key = "card.ladder" if a.maximum_bid is not None else "card.ladder.open"
    return tr(key, levels=ladder(rs, tr), step=a.step) + (
        tr("card.ladder.then", specials=tr.join(specials)) if specials else "")


def _multipliers(rs: Ruleset, tr: Translator) -> list[str]:
    """What coinche and surcoinche multiply: the factors and the formulas' terms they touch."""
    a = rs.auction
    if not is_relevant(rs, ("auction", "coinche_factor")):
        return [describe(rs, ("auction", "coinche"), tr)]
    out = [tr("card.coinche", n=a.coinche_factor)]
    if is_relevant(rs, ("auction", "surcoinche_factor")):
        out.append(tr("card.surcoinche", n=a.surcoinche_factor))
    found = _multiplied(rs)
    if len(found) == 2 and found[0][1] == found[1][1]:  # the same term, made or failed
        found = [("both", found[0][1])]
    prose = Prose(rs, tr)
    on = [tr(f"card.on.{outcome}", what=prose.elide(prose.amount(term, None, True)))
          for outcome, term in found]
    return [*out, *([tr("card.multiplies", what="; ".join(on))] if on else [])]


def _multiplied(rs: Ruleset) -> list[tuple[str, Expr]]:
    """(outcome, the term the multiplier multiplies) in the declarers' score when made and the
    defenders' when failed, as the formulas say."""
    fixed, out = constants(rs), []
    for outcome, side in (("made", "declarers"), ("failed", "defenders")):
        expr = prune(getattr(rs.scoring, outcome)[side], fixed)
        out += [(outcome, t) for t in _times_multiplier(expr)]
    return out


def _times_multiplier(e: Expr) -> list[Expr]:
    """The terms `e` multiplies by the multiplier, for an ordinary doubled contract: an `if` on
    `doubled` is followed into its `then`, any other `if` (capot, générale…) into its `else`."""
    if e.op == "*":
        names = [a.name if a.op == "qty" else None for a in e.args]
        if "multiplier" in names:
            return [e.args[1 - names.index("multiplier")]]
    if e.op == "if":
        return _times_multiplier(e.args[1 if "doubled" in e.args[0].quantities() else 2])
    found: list[Expr] = []
    for a in e.args:
        found += [t for t in _times_multiplier(a) if t not in found]
    return found


def _card_table(rs: Ruleset, tr: Translator) -> Table:
    modes = [m for m in MODES if is_relevant(rs, ("cards", m))]
    head = [tr(f"cards.mode.{m}") for m in modes]
    rows = [[f"{tr(f'rank.{getattr(rs.cards, m)[i].rank}')} {getattr(rs.cards, m)[i].points}"
             for m in modes] for i in range(8)]
    caption = tr("card.last_trick", n=rs.cards.last_trick)
    return Table(head, rows, caption)


def _announcements(rs: Ruleset, tr: Translator) -> Rules:
    an, be = rs.announcements, rs.belote
    lines = []
    if an.enabled:
        lines += [tr("card.carres", carres=carres({str(k): v for k, v in an.carres.items()}, tr)),
                  tr("card.sequences", sequences=sequences(an.sequences, tr))]
        lines.append(describe(rs, ("announcements", "who_scores"), tr))
    else:
        lines.append(describe(rs, ("announcements", "enabled"), tr))
    lines.append(tr("card.belote", n=be.value) if be.enabled else describe(
        rs, ("belote", "enabled"), tr))
    return Rules(lines)


def _scoring(rs: Ruleset, tr: Translator) -> list:
    from .examples import generated_examples

    blocks: list = [Formula(tr("scoring.made_when"), Prose(rs, tr).success(rs.scoring.success))]
    done = {w.key: w for w in generated_examples(rs) if w.score is not None}
    chosen = [done[k] for k in WORKED if k in done][:3]
    lines = []
    for w in chosen:
        declarers = team_of(w.summary.declarer)
        defenders = "EW" if declarers == "NS" else "NS"
        lines.append(tr("card.worked", example=title(w, tr), contract=contract(w.summary, tr),
                        result=tr("card.made" if w.score.made else "card.failed"),
                        ours=tr.num(w.score.scores[declarers]),
                        theirs=tr.num(w.score.scores[defenders]),
                        declarers=tr(f"team.{declarers}"), defenders=tr(f"team.{defenders}")))
    blocks.append(Rules(lines))
    return blocks
