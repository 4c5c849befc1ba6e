"""Hypothesis strategies for whole variants across the model, within its bounds (not mutations
of the built-ins): every field drawn, formulas drawn as typed trees, numbers spread over their
whole range with the real values weighted in. Shared by the property tests and the fuzzing
campaign (benchmarks/fuzz_campaign.py).
"""

from __future__ import annotations

from typing import Any

from hypothesis import strategies as st

from coinche_dsl.cards import RANKS
from coinche_dsl.limits import MAX_ANNOUNCEMENT, MAX_BID, MAX_CONSTANT, MAX_SPECIAL_BID
from coinche_dsl.model import QUANTITIES, enums
from coinche_dsl.model.expr import COMPARE

TEXT = st.text(st.characters(codec="utf-8", exclude_categories=("Cs",)), max_size=40)


def number(low: int, high: int, *usual: int) -> st.SearchStrategy[int]:
    """An int in [low, high], the usual values (and the ends) drawn often."""
    common = [v for v in (low, high, *usual) if low <= v <= high]
    return st.one_of(st.sampled_from(common), st.integers(low, high))


def choice(enum: type[enums.Choice]) -> st.SearchStrategy[str]:
    return st.sampled_from([m.value for m in enum])


@st.composite
def card_table(draw: st.DrawFn) -> list[dict[str, Any]]:
    ranks = draw(st.permutations(RANKS))
    return [{"rank": r, "points": draw(number(0, 100, 0, 2, 3, 4, 10, 11, 14, 20))}
            for r in ranks]


def scale() -> st.SearchStrategy[dict[str, Any]]:
    return st.fixed_dictionaries({"kind": choice(enums.ScaleKind),
                                  "to": number(1, 1000, 152, 162)})


@st.composite
def int_expr(draw: st.DrawFn, depth: int = 0) -> dict[str, Any]:
    leaves = [q for q in QUANTITIES.values() if q.type == "int"]
    if depth >= 3 or draw(st.integers(0, 2)) == 0:
        if draw(st.booleans()):
            return {"op": "num", "value": draw(number(0, MAX_CONSTANT, 0, 1, 10, 160, 162))}
        q = draw(st.sampled_from(leaves))
        side = draw(st.sampled_from(q.sides)) if q.sides else None
        return {"op": "qty", "name": q.name, **({"side": side} if side else {})}
    op = draw(st.sampled_from(["+", "-", "*", "neg", "if"]))
    if op == "neg":
        return {"op": op, "args": [draw(int_expr(depth + 1))]}
    if op == "if":
        return {"op": op, "args": [draw(bool_expr(depth + 1)), draw(int_expr(depth + 1)),
                                   draw(int_expr(depth + 1))]}
    return {"op": op, "args": [draw(int_expr(depth + 1)), draw(int_expr(depth + 1))]}


@st.composite
def bool_expr(draw: st.DrawFn, depth: int = 0) -> dict[str, Any]:
    leaves = [q for q in QUANTITIES.values() if q.type == "bool"]
    kind = draw(st.integers(0, 3)) if depth < 3 else 0
    if kind == 0:
        q = draw(st.sampled_from(leaves))
        side = draw(st.sampled_from(q.sides)) if q.sides else None
        return {"op": "qty", "name": q.name, **({"side": side} if side else {})}
    if kind == 1:
        return {"op": draw(st.sampled_from(COMPARE)),
                "args": [draw(int_expr(depth + 1)), draw(int_expr(depth + 1))]}
    if kind == 2:
        return {"op": "not", "args": [draw(bool_expr(depth + 1))]}
    return {"op": draw(st.sampled_from(["and", "or"])),
            "args": [draw(bool_expr(depth + 1)), draw(bool_expr(depth + 1))]}


@st.composite
def packets(draw: st.DrawFn) -> Any:
    if draw(st.booleans()):
        return "dealer_choice"
    sizes, left = [], 8
    while left:
        n = draw(st.integers(1, left))
        sizes.append(n)
        left -= n
    return sizes


@st.composite
def auction(draw: st.DrawFn) -> dict[str, Any]:
    step = draw(number(1, 100, 5, 10))
    minimum = draw(number(1, 500, 80, 82, 90))
    levels = draw(choice(enums.BidLevels))
    top = None
    if draw(st.integers(0, 3)):
        k = draw(st.integers(0, 30))
        top = minimum + k * step if levels == "from_minimum" else (
            -(-minimum // step) + k) * step
        top = top if top <= MAX_BID else None
    coinche = draw(choice(enums.CoincheTiming))
    surcoinche = coinche != "none" and draw(st.booleans())
    factor = draw(number(2, 10, 2, 3))
    capot_value = draw(number(0, MAX_SPECIAL_BID, 250, 500))
    dens = draw(st.lists(choice(enums.Denomination), min_size=1, max_size=6, unique=True))
    return {
        "minimum_bid": minimum, "step": step, "bid_levels": levels, "jumps": draw(st.booleans()),
        "maximum_bid": top if top is not None else "none", "denominations": dens,
        "ranked_denominations": draw(st.booleans()), "capot": draw(st.booleans()),
        "capot_value": capot_value, "generale": draw(st.booleans()),
        "generale_value": draw(number(capot_value, MAX_SPECIAL_BID, 500, 1000)),
        "reentry": draw(choice(enums.Reentry)), "raise_own": draw(choice(enums.RaiseOwn)),
        "end_passes": draw(st.integers(3, 4)), "coinche": coinche,
        "coinche_capot": draw(st.booleans()),
        "after_coinche": draw(choice(enums.AfterCoinche)) if coinche != "none" else "passes",
        "surcoinche": surcoinche, "surcoinche_ends_auction": draw(st.booleans()),
        "coinche_factor": factor, "surcoinche_factor": draw(number(factor + 1, 20, 4)),
    }


@st.composite
def announcements(draw: st.DrawFn) -> dict[str, Any]:
    value = number(0, MAX_ANNOUNCEMENT, 20, 50, 100, 150, 200)
    carres = draw(st.dictionaries(st.sampled_from(RANKS), value, max_size=8))
    lengths = draw(st.lists(st.integers(3, 8), max_size=6, unique=True))
    sequences = {n: draw(value) for n in lengths}
    return {
        "enabled": draw(st.booleans()), "carres": carres,
        **({"no_trump_carres": draw(st.dictionaries(st.sampled_from(RANKS), value, max_size=8,
                                                    min_size=1))} if draw(st.booleans())
           else {}),
        "sequence_order": list(draw(st.permutations(RANKS))),
        "sequences": sequences,
        "longest_counted": draw(st.sampled_from(lengths)) if lengths else draw(st.integers(3, 8)),
        "card_reuse": draw(st.booleans()), "belote_in_sequence": draw(st.booleans()),
        "trump_sequence_wins": draw(st.booleans()), "tie": draw(choice(enums.TiePolicy)),
        "who_scores": draw(choice(enums.WhoScores)),
        "timing": draw(choice(enums.AnnouncementTiming)),
        "at_no_trump": draw(st.booleans()), "at_all_trump": draw(st.booleans()),
    }


@st.composite
def variant_data(draw: st.DrawFn) -> dict[str, Any]:
    """The raw data of a complete variant (no `extends`), as the parser would give it."""
    return {
        "title": draw(TEXT), "language": draw(st.sampled_from(["en", "fr", "es", "it", "pt"])),
        "description": draw(TEXT), "sources": draw(st.lists(TEXT, max_size=2)),
        "table": {
            "direction": draw(choice(enums.Direction)),
            "dealer_rotation": draw(choice(enums.DealerRotation)),
            "first_lead": draw(choice(enums.FirstLead)), "packets": draw(packets()),
            "cut_minimum": draw(number(1, 16, 2, 3)),
            "shuffle_every_deal": draw(st.booleans()), "all_pass": draw(choice(enums.AllPass)),
        },
        "auction": draw(auction()),
        "cards": {
            "trump": draw(card_table()), "plain": draw(card_table()),
            "no_trump": draw(card_table()), "all_trump": draw(card_table()),
            "last_trick": draw(number(0, 100, 10)), "capot_last_trick": draw(number(0, 500, 100)),
            "no_trump_scale": draw(scale()), "all_trump_scale": draw(scale()),
            "scale_before_success": draw(st.booleans()),
        },
        "play": {
            "must_trump": draw(choice(enums.TrumpObligation)),
            "must_overtrump": draw(st.booleans()),
            "undertrump": draw(choice(enums.TrumpObligation)),
            "partner_master_free": draw(st.booleans()),
            "overtrump_partner": draw(st.booleans()),
            "trump_lead_beat_partner": draw(st.booleans()),
            "all_trump_beat": draw(choice(enums.AllTrumpBeat)),
            "no_trump_beat": draw(st.booleans()),
        },
        "announcements": draw(announcements()),
        "belote": {
            "enabled": draw(st.booleans()), "value": draw(number(0, 500, 20)),
            "claim": draw(choice(enums.BeloteClaim)), "silent_allowed": draw(st.booleans()),
            "order": draw(choice(enums.BeloteOrder)), "at_no_trump": draw(st.booleans()),
            "at_all_trump": draw(choice(enums.AllTrumpBelote)),
        },
        "scoring": {
            "success": draw(bool_expr()),
            "made": {"declarers": draw(int_expr()), "defenders": draw(int_expr())},
            "failed": {"declarers": draw(int_expr()), "defenders": draw(int_expr())},
            "rounding": draw(choice(enums.Rounding)), "rounding_unit": draw(number(1, 100, 10)),
            "round_what": draw(choice(enums.RoundWhat)), "scale": draw(choice(enums.ScoreScale)),
            "litige": draw(choice(enums.Litige)),
        },
        "game": {
            "target": draw(number(1, 100_000, 701, 1000, 2000)),
            "reach": draw(choice(enums.Reach)), "both_over": draw(choice(enums.BothOver)),
            "tie": draw(choice(enums.TieAtEnd)), "belote_finish": draw(choice(enums.BeloteFinish)),
        },
    }


def exercise(rs: Any, seed: int = 0, deals: int = 3) -> None:
    """Run `rs` through every command's work: sheets (md, html), a comparison with ffb (md,
    json), a few random deals played out, each replayed from its record and its summary
    scored (both must agree with the deal), and a short simulation with the heuristic bots.
    Any exception but a CoincheError is a bug; a CoincheError is one too where noted."""
    import json
    import random

    from coinche_dsl.engine import Deal, compile
    from coinche_dsl.engine.driver import play_deal
    from coinche_dsl.engine.replay import replay, report, to_record
    from coinche_dsl.engine.scoring import score_deal
    from coinche_dsl.errors import InputError
    from coinche_dsl.loader import load_variant
    from coinche_dsl.render import compare, sheet
    from coinche_dsl.sim import RandomBot, simulate_variants

    for lang, fmt in ((None, "md"), ("en", "html")):
        assert sheet(rs, lang, fmt)
    compare([load_variant("ffb"), rs], "en", "md")
    compare([load_variant("ffb"), rs], "en", "json")
    rules = compile(rs)
    rng = random.Random(seed)
    for i in range(deals):
        deal = Deal(rules, i % 4, rng=rng)
        play_deal(deal, [RandomBot(rng) for _ in range(4)])
        record = json.loads(json.dumps(to_record(deal)))
        again = replay(rules, record)  # a legal deal replays
        assert again.contract == deal.contract
        if deal.contract is None:
            continue
        out = report(again)
        assert out["score"] == deal.result().to_json()
        scored = score_deal(rs, json.loads(json.dumps(out["summary"])))
        assert scored.scores == deal.result().scores
    simulate_variants([rs], deals=deals, seed=seed, jobs=1)
    for _ in range(deals):  # summaries drawn at random: scored, or refused as impossible
        try:
            score_deal(rs, random_summary(rs, rng))
        except InputError:
            pass


def random_summary(rs: Any, rng: Any) -> dict[str, Any]:
    """A deal summary that may or may not be possible under `rs`: any allowed contract, tricks
    and card points split at random, sometimes an announcement and a belote."""
    from coinche_dsl.engine.facts import DENOMINATION_WORDS
    from coinche_dsl.engine.summary_check import deck_total

    a = rs.auction
    trump = rng.choice(a.denominations)
    bids: list[Any] = [a.minimum_bid, a.minimum_bid + a.step]
    bids += ["capot"] * a.capot + ["generale"] * a.generale
    cuts = sorted(rng.randint(0, 8) for _ in range(3))
    tricks = dict(zip("NESW", (cuts[0], cuts[1] - cuts[0], cuts[2] - cuts[1], 8 - cuts[2]),
                      strict=True))
    total = deck_total(rs, DENOMINATION_WORDS.index(trump.value))
    ns = 0 if tricks["N"] + tricks["S"] == 0 else (
        total if tricks["E"] + tricks["W"] == 0 else rng.randint(0, total))
    return {
        "declarer": rng.choice("NESW"), "bid": rng.choice(bids), "trump": trump.value,
        "double": rng.choice(["none", "coinche", "surcoinche"]), "tricks": tricks,
        "card_points": {"NS": ns, "EW": total - ns},
        "last_trick": rng.choice([s for s, n in tricks.items() if n]),
        "announcements": rng.choice([{}, {"N": [["QH", "JH", "10H"]]}, {"E": [["JS", "JH",
                                                                          "JD", "JC"]]}]),
        "belote": rng.choice([[], ["N"], ["E", "S"]]),
    }


LAYOUT_TOKEN = __import__("re").compile(r'"(?:[^"\\\n]|\\.)*"|#[^\n]*|\s+|[A-Za-z0-9_]+|.')
_SPACES = ["\n", " ", "\n\n", "  ", "\n   ", "\t", "\n\n\n  "]
_COMMENTS = ["# note", "#", "# a { b } ( c ) = \" d", "#x", "# long " + "word " * 20]


@st.composite
def variant_text(draw: st.DrawFn) -> str:
    """A variant file as a person might lay it out: a drawn variant's canonical text with its
    whitespace redrawn (new lines, blank lines, odd indents) and comments inserted at the end
    of random lines, inside blocks, settings and formulas."""
    from coinche_dsl.syntax.writer import dump_variant

    text = dump_variant("gen", draw(st.sampled_from([None, "ffb"])), draw(variant_data()))
    out = []
    for tok in LAYOUT_TOKEN.findall(text):
        if tok.isspace():
            tok = draw(st.sampled_from([tok, *_SPACES])) if "\n" in tok or draw(
                st.integers(0, 3)) == 0 else tok
            if "\n" in tok and draw(st.integers(0, 4)) == 0:
                tok = " " + draw(st.sampled_from(_COMMENTS)) + tok
        out.append(tok)
    return "".join(out)
