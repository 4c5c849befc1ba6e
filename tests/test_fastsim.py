"""The array path of a simulation (`sim.fastsim`) against the per-deal path it replaces.

The per-deal path (`simulate._one_deal`: a `Deal` checked call by call and card by card, four
`HeuristicBot`s deciding) is the reference: for the same seeded deals the array path must give
the same records, field for field and type for type (contract, doubles, made, both sides'
scores, capot, générale), under every built-in and under variations of the rules its code
reads (auction, play, announcements, belote, scoring, table). The golden file of
`test_sim_golden.py` checks both against the bots' decisions as they were recorded.
"""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings
from knob_support import replaced
from variant_strategies import variant_data

from coinche_dsl.cards import RANKS
from coinche_dsl.engine import Deal, compile
from coinche_dsl.engine.dealing import paired_hands
from coinche_dsl.errors import VariantError
from coinche_dsl.loader import BUILTINS, load_variant
from coinche_dsl.model import enums as e
from coinche_dsl.sim import fastsim
from coinche_dsl.sim.bots import HeuristicBot
from coinche_dsl.sim.levels import seat_level
from coinche_dsl.sim.runner import deal_record, play_deal
from coinche_dsl.sim.simulate import Chunk, _one_deal, array_path, derive_seed, run
from coinche_dsl.syntax.writer import dump_variant

SEED = 5


def _both(ruleset, deals: int, lineup="heuristic"):
    """(per-deal records, array records) of `deals` seeded deals, as repr strings."""
    rules = compile(ruleset)
    chunk = Chunk((ruleset,), "deals", 0, deals, SEED, lineup)
    reference = [repr(_one_deal(rules, chunk, i)) for i in range(deals)]
    dealers, hands = fastsim.deal_hands([derive_seed(SEED, "deal", i) for i in range(deals)])
    expected = tuple(seat_level(lineup, s) == "expected" for s in range(4))
    fast = [repr(r) for r in fastsim.deal_records(rules, dealers, hands, expected)]
    return reference, fast


def _same(reference: list[str], fast: list[str]) -> None:
    assert len(fast) == len(reference)
    for i, (want, got) in enumerate(zip(reference, fast, strict=True)):
        assert got == want, f"deal {i}"


@pytest.mark.parametrize("name", BUILTINS)
def test_array_path_gives_the_per_deal_records(name):
    reference, fast = _both(load_variant(name), 400)
    _same(reference, fast)
    # Real auctions were played: contracts, coinches and failures all occur.
    assert sum("declarer=None" not in r for r in reference) > 300
    assert any("double=1" in r for r in reference) and any("made=False" in r for r in reference)


@pytest.mark.parametrize("name", BUILTINS)
@pytest.mark.parametrize("lineup", ["expected", ("expected", "heuristic") * 2])
def test_expected_auctions_in_step_give_the_per_deal_records(name, lineup):
    # The `expected` bots' calls of many deals valued together (`batch_auction.auctions`)
    # are the calls each `ExpectedBot` makes on its own `Deal`, checked call by call.
    reference, fast = _both(load_variant(name), 60, lineup)
    _same(reference, fast)
    assert sum("declarer=None" not in r for r in reference) > 40


VARIATIONS = [
    (("auction", "jumps"), False),
    (("auction", "raise_own"), e.RaiseOwn.WITH_SUIT_CHANGE),
    (("auction", "raise_own"), e.RaiseOwn.ALLOWED),
    (("auction", "raise_own"), e.RaiseOwn.FORBIDDEN),
    (("auction", "reentry"), e.Reentry.FORBIDDEN),
    (("auction", "reentry"), e.Reentry.SPEAK_ONCE),
    (("auction", "ranked_denominations"), True),
    (("auction", "capot_rank"), e.CapotRank.AT_VALUE),
    (("auction", "generale"), True),
    (("auction", "end_passes"), 4),
    (("auction", "after_coinche"), e.AfterCoinche.ENDS_AUCTION),
    (("auction", "after_coinche"), e.AfterCoinche.DOUBLED_SIDE_ONLY),
    (("auction", "after_coinche"), e.AfterCoinche.BIDDING_CONTINUES),
    (("auction", "coinche"), e.CoincheTiming.ANY_TIME),
    (("auction", "coinche"), e.CoincheTiming.NONE),
    (("auction", "coinche_capot"), False),
    (("auction", "closing_coinche"), True),
    (("auction", "surcoinche"), False),
    (("auction", "surcoinche_ends_auction"), False),
    (("auction", "minimum_bid"), 100),
    (("play", "must_overtrump"), False),
    (("play", "partner_master_free"), False),
    (("play", "overtrump_partner"), True),
    (("play", "undertrump"), e.TrumpObligation.REQUIRED),
    (("play", "all_trump_beat"), e.AllTrumpBeat.NEVER),
    (("play", "no_trump_beat"), True),
    (("announcements", "enabled"), False),
    (("announcements", "card_reuse"), True),
    (("announcements", "timing"), e.AnnouncementTiming.AUTOMATIC),
    (("announcements", "at_no_trump"), False),
    (("belote", "order"), e.BeloteOrder.KING_FIRST),
    (("belote", "claim"), e.BeloteClaim.DECLARERS_ONLY),
    (("belote", "value"), 40),
    (("scoring", "litige"), e.Litige.HELD),
    (("table", "direction"), e.Direction.CLOCKWISE),
    (("table", "first_lead"), e.FirstLead.GENERALE_BIDDER),
]


@pytest.mark.parametrize(("path", "value"), VARIATIONS,
                         ids=[".".join(p) + "=" + str(v) for p, v in VARIATIONS])
def test_array_path_follows_the_rules_it_reads(path, value):
    # ffb with the organiser's no-trump and all-trump (§ 11), where the no-trump and all-trump
    # knobs above are played
    base = load_variant("pt-online") if path[-1] == "first_lead" else load_variant(
        "ffb", {"sans_atout_tout_atout": "oui"})
    ruleset = replaced(base, path, value)
    reference, fast = _both(ruleset, 150)
    _same(reference, fast)


@settings(max_examples=20, deadline=None, derandomize=True,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture,
                                 HealthCheck.data_too_large])
@given(data=variant_data())
def test_array_path_gives_the_per_deal_records_under_drawn_rules(tmp_path, data):
    """Any variant `check` accepts, drawn across the whole model (tests/variant_strategies.py):
    the array path's records are the per-deal path's."""
    path = tmp_path / "gen.coinche"
    path.write_text(dump_variant("gen", None, data), encoding="utf-8")
    try:
        ruleset = load_variant(path)
    except VariantError:
        return  # `check` refuses it
    _same(*_both(ruleset, 40))


def _strong_deals(count: int) -> tuple[list[int], list[list[int]]]:
    """Deals where one seat holds J 9 A 10 K of a suit and the three other aces, a few of
    them swapped for random cards: capot and générale bids, and coinches of them."""
    rng = random.Random(11)
    dealers, hands = [], []
    for i in range(count):
        suit, seat = i % 4, i // 4 % 4
        strong = {8 * suit + RANKS.index(r) for r in ("J", "9", "A", "10", "K")}
        strong |= {8 * s + RANKS.index("A") for s in range(4) if s != suit}
        for _ in range(rng.randrange(3)):
            strong.remove(rng.choice(sorted(strong)))
            strong.add(rng.choice([c for c in range(32) if c not in strong]))
        rest = [c for c in range(32) if c not in strong]
        rng.shuffle(rest)
        packets = [sorted(strong) if s == seat else [rest.pop() for _ in range(8)]
                   for s in range(4)]
        hands.append([sum(1 << c for c in cards) for cards in packets])
        dealers.append(rng.randrange(4))
    return dealers, hands


@pytest.mark.parametrize("name", ["ffb", "pt-online", "it-701", "fr-bga"])
def test_array_path_bids_and_plays_strong_hands_as_the_bots_do(name):
    rules = compile(load_variant(name))
    dealers, hands = _strong_deals(160)
    reference = [repr(deal_record(play_deal(Deal(rules, d, hands=h),
                                            [HeuristicBot() for _ in range(4)])))
                 for d, h in zip(dealers, hands, strict=True)]
    _same(reference, [repr(r) for r in fastsim.deal_records(rules, dealers, hands)])
    bids = [r.split("bid=")[1].split(",")[0] for r in reference]
    for special in ("capot", "generale"):  # special bids were made where the rules have them
        assert (f"'{special}'" in bids) == getattr(rules, special)


def test_the_array_path_deals_the_per_deal_paths_hands():
    seeds = [derive_seed(SEED, "deal", i) for i in range(3000)]
    dealers, hands = fastsim.deal_hands(seeds)
    for seed, dealer, four in zip(seeds, dealers, hands, strict=True):
        rng = random.Random(seed)
        assert (dealer, four) == (rng.randrange(4), paired_hands(rng))


def test_simulate_takes_the_array_path_for_heuristic_and_expected_seats_only():
    assert array_path("heuristic") and array_path(("heuristic",) * 4)
    assert array_path("expected")
    assert array_path(("heuristic", "heuristic", "expected", "heuristic"))
    assert not array_path("random") and not array_path(("heuristic", "random") * 2)
    assert not array_path("search") and not array_path(("expected", "search") * 2)
    # The records do not depend on how the deals are cut into chunks.
    ffb = load_variant("ffb")
    whole = run([ffb], deals=230, seed=3, jobs=1)
    pieces = run([ffb], deals=230, seed=3, jobs=1, chunk_size=60)
    assert whole.deals == pieces.deals and len(whole.deals[0]) == 230
