"""Bot levels: line-ups, the `expected` bidder's choices on fixed hands, imagined deals, the
`search` card play, and the paired strength measure. Every case is seeded: no flakiness."""

from __future__ import annotations

import json
import random

import numpy as np
import pytest
from typer.testing import CliRunner

from coinche_dsl.cards import SUIT_MASKS, card_name, cards_of, parse_card
from coinche_dsl.cli import _register, app
from coinche_dsl.engine import Deal, compile
from coinche_dsl.engine.facts import Contract
from coinche_dsl.engine.rules import CompiledRules
from coinche_dsl.loader import BUILTINS, load_variant
from coinche_dsl.sim import expected, table_cache
from coinche_dsl.sim.bidding import auction_state
from coinche_dsl.sim.bots import HeuristicBot, RandomBot
from coinche_dsl.sim.expected import (
    SAMPLES,
    Asker,
    ExpectedBot,
    _calls_shown,
    call_gains,
    calls_misfit,
)
from coinche_dsl.sim.hands import ModeTable, mode_tables
from coinche_dsl.sim.learned import DEALER
from coinche_dsl.sim.levels import lineup_text, make_bot, parse_lineup
from coinche_dsl.sim.runner import DealRecord, play_deal
from coinche_dsl.sim.search import SearchBot, imagine
from coinche_dsl.sim.simulate import run
from coinche_dsl.sim.strength import bidding_shift, bidding_stats, margin, paired_strength
from coinche_dsl.sim.valuation import WorthTable, evaluate
from coinche_dsl.sim.worlds import (
    excluded_cards,
    likely_split,
    split_with_voids,
    voids_shown,
)

runner = CliRunner()
_register()


def hand(text: str) -> int:
    return sum(1 << parse_card(c) for c in text.split())


def names(mask: int) -> str:
    return " ".join(card_name(c) for c in cards_of(mask))


# -- line-ups ----------------------------------------------------------------------------------

@pytest.mark.parametrize(("text", "lineup"), [
    ("expected", "expected"),
    ("NS=expected,EW=heuristic", ("expected", "heuristic", "expected", "heuristic")),
    ("ew=random, ns=search", ("search", "random", "search", "random")),
])
def test_lineups_read_a_level_or_one_per_side(text: str, lineup: object) -> None:
    assert parse_lineup(text) == lineup


@pytest.mark.parametrize(("text", "message"), [
    ("clever", "unknown bot level 'clever'"),
    ("NS=expected", "both sides"),
    ("NS=expected,NS=random", "given twice"),
    ("N=expected,EW=random", "SIDE=LEVEL"),
])
def test_bad_lineups_say_what_is_wrong(text: str, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        parse_lineup(text)


def test_each_seat_gets_its_sides_level() -> None:
    lineup = parse_lineup("NS=expected,EW=random")
    bots = [make_bot(lineup, random.Random(0), seat) for seat in range(4)]
    assert [type(b) for b in bots] == [ExpectedBot, RandomBot, ExpectedBot, RandomBot]
    assert type(make_bot("search", random.Random(0))) is SearchBot
    assert lineup_text(lineup) == "NS=expected,EW=random"


def test_the_cli_takes_a_level_per_side_and_refuses_bad_ones() -> None:
    ok = runner.invoke(app, ["simulate", "ffb", "--deals", "3", "--jobs", "1", "--format", "json",
                             "--bots", "NS=expected,EW=random"])
    assert ok.exit_code == 0, ok.output
    assert json.loads(ok.stdout)["settings"]["bots"] == "NS=expected,EW=random"
    bad = runner.invoke(app, ["simulate", "ffb", "--deals", "3", "--bots", "NS=genius,EW=random"])
    assert bad.exit_code == 2 and "unknown bot level 'genius'" in bad.output
    assert "Traceback" not in bad.output


# -- the expected bidder -----------------------------------------------------------------------

def first_call(rules: object, west: str, others_seed: int = 0) -> str:
    """The expected bot's first call for W (first to speak when N deals) holding `west`."""
    w = hand(west)
    rest = [c for c in range(32) if not w >> c & 1]
    random.Random(others_seed).shuffle(rest)
    hands = [sum(1 << c for c in rest[8 * i: 8 * i + 8]) for i in range(3)] + [w]
    deal = Deal(rules, 0, hands=hands)
    return str(ExpectedBot(random.Random(1)).choose_call(deal))


CAPPED = 'variant "capped" extends "ffb" {\n  auction {\n    maximum_bid 160\n  }\n}\n'


def test_eight_trumps_bid_capot_where_capot_pays(tmp_path) -> None:
    # Numeric bids up to 160 (as most clubs), capot worth 250 and a capot bid made scoring
    # 250 + its total: with every heart the eight tricks are certain, so capot is worth more
    # than any number.
    path = tmp_path / "capped.coinche"
    path.write_text(CAPPED, encoding="utf-8")
    assert first_call(compile(load_variant(path)), "7H 8H 9H 10H JH QH KH AH") == \
        "W capot hearts"


def test_eight_trumps_bid_the_most_a_deal_can_make_without_a_highest_bid(ffb) -> None:
    # ffb (FFB 2015 § 4.1) has no highest numeric bid: 8 hearts make 252 (capot, dix de der
    # 100) + a run of 8 declared as a cent and a tierce (§ 8: a card counts for one
    # announcement at a time, `split_runs yes`: 100 + 20) + belote (20) = 392, so a 390 bid
    # made scores 392 + 390 = 782, more than a capot bid's 250 + 392 = 642.
    assert first_call(compile(ffb), "7H 8H 9H 10H JH QH KH AH") == "W 390 hearts"


def test_a_worthless_hand_passes(ffb) -> None:
    assert first_call(compile(ffb), "7C 8C 7D 8D 7H 8H 7S 8S") == "W pass"


X10 = 'variant "x10" extends "ffb" {\n  auction {\n    coinche_factor 10\n' \
      '    surcoinche_factor 20\n  }\n}\n'


def test_a_coinche_paying_ten_times_is_made_where_two_times_is_not(ffb, tmp_path) -> None:
    # W opens 100 hearts; S (an opponent, next to speak) holds J 9 K of hearts, the aces of
    # clubs and diamonds and the king of spades. Under ffb (x2) coinching this contract is
    # not clearly worth it; when a coinche multiplies by ten it is. Both variants read the
    # same learned deals (they play alike): only the scoring moved.
    path = tmp_path / "x10.coinche"
    path.write_text(X10, encoding="utf-8")
    south = hand("JH 9H KH 8C AC AD 9S KS")
    rest = [c for c in range(32) if not south >> c & 1]
    random.Random(3).shuffle(rest)
    hands = [sum(1 << c for c in rest[8 * i: 8 * i + 8]) for i in range(3)]
    hands.insert(2, south)
    calls = []
    for ruleset in (ffb, load_variant(str(path))):
        deal = Deal(compile(ruleset), 0, hands=list(hands))
        deal.apply("W 100 hearts")
        calls.append(str(ExpectedBot(random.Random(0)).choose_call(deal)))
    assert calls == ["S pass", "S coinche"]


QUIET = 'variant "quiet" extends "ffb" {\n  announcements {\n    enabled no\n  }\n}\n'


def _west_holds_every_heart(tmp_path, rng: random.Random | None = None) -> Deal:
    """A deal of ffb without announcements (`QUIET`), dealer N, where W holds the eight
    hearts and the other 24 cards go to N, E and S in order (shuffled first with `rng`)."""
    path = tmp_path / "quiet.coinche"
    path.write_text(QUIET, encoding="utf-8")
    rules = compile(load_variant(path))
    w = hand("7H 8H 9H 10H JH QH KH AH")
    rest = [c for c in range(32) if not w >> c & 1]
    if rng is not None:
        rng.shuffle(rest)
    return Deal(rules, 0, hands=[sum(1 << c for c in rest[8 * i: 8 * i + 8]) for i in range(3)]
                + [w])


def test_eight_trumps_are_valued_exactly_on_every_learned_deal(tmp_path) -> None:
    # ffb without announcements (FFB 2015 § 10.1.1, § 9.2, § 10.2): W holds every heart, so
    # W takes all eight tricks whatever the other hands: 152 card points + 100 for the last
    # trick of a capot + 20 belote = 272, and the defenders score nothing.
    # - capot bid, made: total 272 + 250 = 522, rounded half up to 520;
    # - coinched capot: (250 + 0 announcements + 20 belote + 250) x 2 = 1040;
    # - 80 hearts: 272 + 80 = 352 -> 350; 270 hearts: 272 + 270 = 542 -> 540 (made: 272 >=
    #   270), the best the hand can score, so that is its bid.
    deal = _west_holds_every_heart(tmp_path, random.Random(0))
    bot = ExpectedBot(random.Random(1))
    ask = Asker(bot, deal, 3, auction_state(deal))
    values = ask.margins([Contract(3, "capot", 2, 0), Contract(3, "capot", 2, 1),
                          Contract(3, 80, 2, 0), Contract(3, 270, 2, 0), None])
    assert values.shape == (5, SAMPLES)
    assert [sorted(set(row.tolist())) for row in values] == [[520], [1040], [350], [540], [0]]
    calls = deal.legal_calls()
    gains = dict(zip(map(str, calls), call_gains(bot, deal, 3, calls), strict=True))
    assert (gains["W capot hearts"], gains["W 270 hearts"], gains["W pass"]) == (520, 540, 0)
    assert str(bot.choose_call(deal)) == "W 270 hearts"


def test_the_learned_deals_read_fit_the_calls(ffb) -> None:
    # N opens 120 hearts: the learned deals W reads give N a hand the heuristic values at
    # 100 or more (120 less the 20 of slack) at hearts, where the table holds many that do
    # not; and W's own place holds a hand valued as W's.
    rules = compile(ffb)
    deal = Deal(rules, 1, rng=random.Random(6))
    deal.apply("N 120 hearts")
    table = table_cache.tables(rules)
    turn = (DEALER - deal.dealer) % 4
    shown = [((s + turn) % 4, d, least, most) for s, d, least, most in _calls_shown(deal, 3)]
    assert shown == [((0 + turn) % 4, 2, 120, 10_000)]
    w = deal.hands[3]
    own = evaluate(mode_tables(rules)[2], w, rules)[1]
    rows = table.select(2, (0 + turn) % 4, (3 + turn) % 4, w, own, shown, SAMPLES)
    hands = table.arrays["hands2"]
    north = [bot_worth(mode_tables(rules)[2], int(h), rules) for h in hands[rows, turn % 4]]
    # The selection weighs the fit of N against the likeness of W's hand, among the few
    # deals of the test's small table: N fits on average, and W's hand is like W's.
    assert len(rows) == SAMPLES and np.mean(north) >= 100, north
    west = [bot_worth(mode_tables(rules)[2], int(h), rules) for h in hands[rows, (3 + turn) % 4]]
    assert np.median([abs(x - own) for x in west]) <= 10
    dealt = table.arrays["worth2"][~table.arrays["boosted2"], turn % 4, 2]
    assert dealt.mean() < 75 and (dealt >= 100).mean() < 0.25, dealt.mean()  # chance: no fit


@pytest.mark.parametrize("name", BUILTINS)
def test_the_vectorised_estimate_is_the_heuristics(name: str) -> None:
    rules = compile(load_variant(name))
    tables = mode_tables(rules)
    rng = random.Random(2)
    hands = [sum(1 << c for c in rng.sample(range(32), 8)) for _ in range(400)]
    hands += [hand("7H 8H 9H 10H JH QH KH AH"), hand("JC JD JH JS 9C 9D 9H 9S")]
    for d in range(6):
        got = WorthTable(tables[d], rules).worth(np.array(hands, dtype=np.uint32))
        assert got.tolist() == [bot_worth(tables[d], h, rules) for h in hands]


def bot_worth(table: ModeTable, h: int, rules: CompiledRules) -> float:
    return evaluate(table, h, rules)[1]


@pytest.mark.parametrize(("level", "deals"), [("random", 20), ("heuristic", 20),
                                              ("expected", 8), ("search", 2)])
def test_each_level_plays_the_same_deals_from_the_same_seed(ffb, level: str, deals: int) -> None:
    one = run([ffb], deals, 0, 21, level, jobs=1).deals[0]
    expected_cache_cleared()
    two = run([ffb], deals, 0, 21, level, jobs=1).deals[0]
    assert one == two
    assert one != run([ffb], deals, 0, 22, level, jobs=1).deals[0]


def expected_cache_cleared() -> None:
    """Empty the expected bot's in-process tables, so the second run reads them afresh."""
    table_cache._MEMORY.clear()


def test_expected_play_is_the_same_whatever_the_chunking(ffb) -> None:
    lineup = parse_lineup("NS=expected,EW=heuristic")
    one = run([ffb], 4, 0, 11, lineup, jobs=1, chunk_size=4).deals[0]
    two = run([ffb], 4, 0, 11, lineup, jobs=1, chunk_size=1).deals[0]
    assert one == two


# -- imagined deals ----------------------------------------------------------------------------

def test_imagined_hands_respect_sizes_and_voids() -> None:
    rng = random.Random(3)
    unseen = ((1 << 32) - 1) & ~hand("7C 8C 9C 10C JC QC KC AC")  # seat 0 holds every club
    voids = [0, SUIT_MASKS[2], 0, SUIT_MASKS[3]]  # E has no hearts, W no spades
    for _ in range(20):
        hands = split_with_voids(rng, unseen, [0, 8, 8, 8], 0, voids)
        assert [h.bit_count() for h in hands] == [0, 8, 8, 8]
        assert hands[1] | hands[2] | hands[3] == unseen
        assert not hands[1] & SUIT_MASKS[2] and not hands[3] & SUIT_MASKS[3]


def test_a_bidders_imagined_hand_is_made_to_fit_its_bid() -> None:
    rng = random.Random(5)
    unseen = ((1 << 32) - 1) & ~hand("7C 8C 9C 10C 7D 8D 9D 10D")

    def short_of_hearts(h: int) -> float:  # "this seat holds at least five hearts"
        return max(0, 5 - (h & SUIT_MASKS[2]).bit_count())

    for _ in range(10):
        hands = likely_split(rng, unseen, [8, 8, 8, 8], 0, [(2, short_of_hearts)], 60)
        assert (hands[2] & SUIT_MASKS[2]).bit_count() >= 5, names(hands[2])
        assert sorted(h.bit_count() for h in hands[1:]) == [8, 8, 8]


def test_voids_are_read_from_the_tricks() -> None:
    c = parse_card
    tricks = [((0, c("7H")), (1, c("AS")), (2, c("8H")), (3, c("9C")))]
    assert voids_shown(tricks) == [0, SUIT_MASKS[2], 0, SUIT_MASKS[2]]


# -- search card play --------------------------------------------------------------------------

def test_search_imagines_deals_that_agree_with_the_table(ffb) -> None:
    rules = compile(ffb)
    deal = Deal(rules, 0, rng=random.Random(8))
    bots = [HeuristicBot(random.Random(s)) for s in range(4)]
    while deal.phase == "auction":
        deal.apply(bots[deal.to_act].choose_call(deal))
    assert deal.phase == "play"
    for _ in range(9):  # two tricks and one card
        deal.apply(bots[deal.to_act].choose_card(deal))
    seat, voids = deal.to_act, voids_shown([t.cards for t in deal.tricks] + [tuple(deal.trick)])
    world = imagine(deal, seat, random.Random(2))
    assert world.hands[seat] == deal.hands[seat]
    assert [h.bit_count() for h in world.hands] == [h.bit_count() for h in deal.hands]
    assert sum(world.hands) == sum(deal.hands)
    assert all(not world.hands[s] & voids[s] for s in range(4))
    assert world.legal_cards() == deal.legal_cards()


def test_a_seat_that_neither_follows_nor_trumps_holds_neither(ffb) -> None:
    # Hearts trump; N leads the 7 of clubs, W (next to play) the 7 of diamonds. Under ffb
    # (FFB 2015 § 6: follow suit, else trump when the opponent holds the trick) W holds no
    # club and no heart; nothing is said of its diamonds and spades, nor of N (who led) or E.
    hands = [hand("7C 8C 9C 10C 7S 8S 9S JS"), hand("7H 8H 9H 10H JH QH KH AH"),
             hand("JC QC KC AC KD AD QS 10S"), hand("7D 8D 9D 10D JD QD KS AS")]
    deal = Deal(compile(ffb), 1, hands=hands)
    deal.fix_contract(Contract(0, 80, 2))
    deal.play(parse_card("7C"))
    deal.play(parse_card("7D"))
    unseen = sum(deal.hands) - deal.hands[2]
    excluded = excluded_cards(deal, 2, unseen)
    assert names(excluded[3]) == names(hand("8C 9C 10C 7H 8H 9H 10H JH QH KH AH"))
    assert excluded[0] == excluded[1] == 0


def replayed_legally(deal: object, world: object) -> bool:
    """The cards played so far, replayed from `world`'s initial hands, are all legal."""
    again = Deal(deal.rules, deal.dealer, hands=list(world.initial_hands))  # type: ignore[attr-defined]
    again.fix_contract(deal.contract)  # type: ignore[attr-defined]
    for trick in [t.cards for t in deal.tricks] + [tuple(deal.trick)]:  # type: ignore[attr-defined]
        for _, card in trick:
            if not again.legal_cards() >> card & 1:
                return False
            again.play(card)
    return True


@pytest.mark.parametrize("name", ["ffb", "fr-brut", "es-club"])
def test_imagined_deals_agree_with_the_play_the_announcements_and_the_auction(name: str) -> None:
    ruleset = load_variant(name)
    rules = compile(ruleset)
    checked = 0
    for seed in range(12):
        deal = Deal(rules, seed % 4, rng=random.Random(seed))
        bots = [HeuristicBot(random.Random(s)) for s in range(4)]
        while deal.phase == "auction":
            deal.apply(bots[deal.to_act].choose_call(deal))
        if deal.phase != "play":
            continue
        for _ in range(9 + seed):
            seat = deal.to_act
            if seat not in deal.declared:
                deal.declare(seat, *bots[seat].declare(deal, seat))
            deal.play(bots[seat].choose_card(deal))
        seat, rng = deal.to_act, random.Random(seed)
        played = [sum(1 << c for t in deal.tricks for s, c in t.cards if s == x)
                  | sum(1 << c for s, c in deal.trick if s == x) for x in range(4)]
        worlds = [imagine(deal, seat, rng) for _ in range(10)]
        for world in worlds:
            assert world.hands[seat] == deal.hands[seat]
            assert [h.bit_count() for h in world.hands] == [h.bit_count() for h in deal.hands]
            assert sum(world.hands) == sum(deal.hands)
            assert replayed_legally(deal, world)
            for other, combos in deal.declared.items():
                for combo in combos:
                    assert combo & ~played[other] & ~world.hands[other] == 0
        # Fitting the auction: the kept deals fit the calls at least as well as deals drawn
        # with the play's constraints alone.
        unseen = sum(deal.hands) - deal.hands[seat]
        sizes = [h.bit_count() for h in deal.hands]
        free = [split_with_voids(rng, unseen, sizes, seat, excluded_cards(deal, seat, unseen))
                for _ in range(10)]
        fit = calls_misfit(deal, seat, np.array(
            [[w.hands[s] | played[s] for s in range(4)] for w in worlds], dtype=np.uint32))
        loose = calls_misfit(deal, seat, np.array(
            [[w[s] | played[s] for s in range(4)] for w in free], dtype=np.uint32))
        assert fit.mean() <= loose.mean()
        checked += 1
    assert checked >= 6


def test_search_bots_play_a_whole_deal_legally(ffb) -> None:
    deal = Deal(compile(ffb), 1, rng=random.Random(4))
    bots = [SearchBot(random.Random(s)) if s % 2 else HeuristicBot() for s in range(4)]
    play_deal(deal, bots)  # E and W search
    assert deal.phase == "over" and deal.contract is not None  # a contract, not a redeal
    assert sum(deal.tricks_won) == 8 and len({c for t in deal.tricks for _, c in t.cards}) == 32


# -- strength and bidding statistics -----------------------------------------------------------

def record(declarer: int | None, bid: object, double: int, made: bool | None, decl: int,
           dfd: int) -> DealRecord:
    return DealRecord(declarer, bid, 2 if declarer is not None else None, double, made,  # type: ignore[arg-type]
                      decl, dfd, False, False)


def test_margins_are_seen_from_the_named_side() -> None:
    r = record(1, 100, 0, False, 0, 260)  # E declared and failed: NS 260, EW 0
    assert (margin(r, 0), margin(r, 1)) == (260, -260)
    assert margin(record(None, None, 0, None, 0, 0), 0) == 0


def test_a_level_against_itself_is_exactly_even(ffb) -> None:
    # The seatings swap levels that are the same: each deal's two margins cancel exactly.
    est = paired_strength(ffb, "heuristic", "heuristic", 30, seed=4)
    assert (est.value, est.low, est.high, est.n) == (0.0, 0.0, 0.0, 30)


def test_bidding_statistics_count_by_hand() -> None:
    base = [record(0, 80, 0, True, 170, 0), record(1, 100, 1, False, 0, 520),
            record(None, None, 0, None, 0, 0), record(2, "capot", 0, True, 500, 0)]
    other = [record(0, 90, 0, True, 180, 0), record(1, 100, 2, True, 1000, 0),
             record(3, 80, 0, True, 160, 0), record(2, 160, 0, True, 300, 0)]
    stats = bidding_stats(base)
    assert stats["mean_bid"].value == 90 and stats["mean_bid"].n == 2  # 80 and 100
    assert stats["bid_80"].value == pytest.approx(1 / 3)
    assert stats["coinche"].value == pytest.approx(1 / 3)
    assert stats["capot_bid"].value == pytest.approx(1 / 3)
    assert stats["made"].value == pytest.approx(2 / 3)
    shift = bidding_shift(base, other)
    assert shift["mean_bid"].value == 5 and shift["mean_bid"].n == 2  # (90-80 + 100-100) / 2
    assert shift["surcoinche"].value == pytest.approx(1 / 3)  # deal 2 surcoinched in `other`


def test_numbers_no_deal_reaches_are_left_out_without_changing_a_call(ffb, monkeypatch) -> None:
    # `expected._reaches` only saves time: valuing every legal number gives the same deals.
    lineup = parse_lineup("NS=expected,EW=heuristic")
    pruned = run([ffb], 12, 0, 8, lineup, jobs=1).deals[0]
    monkeypatch.setattr(expected, "_reaches", lambda reads, asked: np.full(len(asked), np.inf))
    assert run([ffb], 12, 0, 8, lineup, jobs=1).deals[0] == pruned


def test_reach_is_the_most_a_side_scores_in_the_deals_read(tmp_path) -> None:
    # ffb without announcements, W holds every heart: every deal read is a capot, 152 card
    # points + 100 for a capot's last trick + 20 belote = 272 (FFB 2015 § 9.2, § 10.2).
    deal = _west_holds_every_heart(tmp_path)
    assert Asker(ExpectedBot(random.Random(1)), deal, 3, auction_state(deal)).reach(2) == 272
