"""Bots: always legal under every built-in variant, sensible bids and cards, and the heuristic
bot beats the random one by a wide margin.

Sizes (2 cores, about 15 s for the file): 1,500 seeded deals per built-in variant (500 with
four random bots, 500 with two heuristic against two random bots, 500 with four
heuristic bots); 3 whole games per variant; 400 paired deals and 12 games for the margin tests.
"""

from __future__ import annotations

import random

import pytest

from coinche_dsl.cards import FULL_DECK, parse_cards
from coinche_dsl.engine import Deal, Game
from coinche_dsl.engine import compile as compile_rules
from coinche_dsl.engine.dealing import paired_hands
from coinche_dsl.engine.driver import play_deal
from coinche_dsl.engine.play import trick_best
from coinche_dsl.loader import BUILTINS, load_variant
from coinche_dsl.sim import HeuristicBot, RandomBot
from coinche_dsl.sim.runner import deal_record
from coinche_dsl.sim.stats import mean_ci

RULES = {name: compile_rules(load_variant(name)) for name in BUILTINS}


class Checked:
    """Wraps a bot and asserts that each of its choices is among the legal ones."""

    def __init__(self, bot):
        self.bot = bot

    def choose_call(self, deal):
        call = self.bot.choose_call(deal)
        assert call in deal.legal_calls()
        return call

    def choose_card(self, deal):
        card = self.bot.choose_card(deal)
        assert deal.legal_cards() >> card & 1
        return card

    def declare(self, deal, seat):
        return self.bot.declare(deal, seat)

    def choose_out_of_turn(self, deal, seat):
        ask = getattr(self.bot, "choose_out_of_turn", None)
        call = ask(deal, seat) if ask else None
        assert call is None or call in deal.out_of_turn_calls(seat)
        return call


def _table(kind: str, rng: random.Random) -> list[Checked]:
    if kind == "random":
        return [Checked(RandomBot(rng)) for _ in range(4)]
    if kind == "heuristic":
        return [Checked(HeuristicBot(rng)) for _ in range(4)]
    return [Checked(HeuristicBot(rng) if s % 2 == 0 else RandomBot(rng)) for s in range(4)]


@pytest.mark.parametrize("name", BUILTINS)
def test_bots_only_make_legal_moves_and_deals_keep_their_invariants(name: str) -> None:
    rules, rng = RULES[name], random.Random(f"legal-{name}")
    counts = {"random": 500, "mixed": 500, "heuristic": 500}
    for kind, n in counts.items():
        for i in range(n):
            hands = paired_hands(rng)
            deal = play_deal(Deal(rules, i % 4, hands=hands, rng=rng), _table(kind, rng))
            assert deal.phase in ("over", "redeal")
            if deal.phase == "over":
                played = [c for t in deal.tricks for _, c in t.cards]
                assert len(played) == 32 and sum(1 << c for c in played) == FULL_DECK
                _check_record(rules, deal)


def _check_record(rules, deal) -> None:
    """The deal's record against a recount from its tricks: each trick's winner by the mode's
    card order, card points per team summing to the mode's 32 card values, the capot and
    générale flags, and the declaring side's score as scored."""
    d = deal.contract.denomination
    points, winners = [0, 0], []
    for trick in deal.tricks:
        cards = [c for _, c in trick.cards]
        winner = trick.cards[trick_best(rules, d, cards)][0]
        assert winner == trick.winner
        winners.append(winner)
        points[winner & 1] += sum(rules.points[d][c] for c in cards)
    assert points == deal.points and sum(points) == sum(rules.points[d])
    record, score = deal_record(deal), deal.result()
    team = "NS" if deal.contract.team == 0 else "EW"
    assert record.made is score.made and isinstance(record.made, bool)
    assert (record.declarers, record.defenders) == (
        score.scores[team], score.scores["EW" if team == "NS" else "NS"])
    assert record.capot == (len({w & 1 for w in winners}) == 1)
    assert record.generale == (len(set(winners)) == 1)


@pytest.mark.parametrize("name", BUILTINS)
def test_whole_games_end_with_heuristic_bots(name: str) -> None:
    rules, target = RULES[name], RULES[name].ruleset.game.target
    for g in range(3):
        rng = random.Random(f"game-{name}-{g}")
        game = Game(rules, rng)
        bots = _table("heuristic", rng)
        for _ in range(300):
            if game.is_over():
                break
            game.record(play_deal(game.new_deal(), bots))
        assert game.is_over()
        assert max(game.outcome().scores.values()) >= target


def _margin(rules, deals: int, seed: int) -> list[float]:
    """Per deal: the heuristic side's score minus the random side's, each deal played twice
    with the sides swapped (the same hands), so that the cards favour nobody."""
    diffs = []
    for i in range(deals):
        hands = paired_hands(random.Random(seed * 100_000 + i))
        for heuristic_side in (0, 1):
            rng = random.Random(seed * 100_000 + i)
            bots = [HeuristicBot(rng) if s % 2 == heuristic_side else RandomBot(rng)
                    for s in range(4)]
            deal = play_deal(Deal(rules, i % 4, hands=hands, rng=rng), bots)
            if deal.phase == "over":
                scores = deal.result().scores
                mine, theirs = ("NS", "EW") if heuristic_side == 0 else ("EW", "NS")
                diffs.append(scores[mine] - scores[theirs])
    return diffs


def test_heuristic_bot_beats_random_bot_by_a_wide_margin() -> None:
    est = mean_ci(_margin(RULES["ffb"], 200, seed=11))
    # Measured: +1238 [1187, 1290] points per deal (random bots overbid and get coinched);
    # the assertion leaves a wide berth.
    assert est.low > 500, est


def test_heuristic_team_wins_games_against_random_team() -> None:
    wins = 0
    for g in range(12):
        rng = random.Random(f"duel-{g}")
        game = Game(RULES["ffb"], rng)
        bots = [HeuristicBot(rng) if s % 2 == g % 2 else RandomBot(rng) for s in range(4)]
        while not game.is_over():
            game.record(play_deal(game.new_deal(), bots))
        wins += game.outcome().winner == ("NS" if g % 2 == 0 else "EW")
    assert wins >= 11


# -- bidding ---------------------------------------------------------------------------------

def _deal_with(rules, north: list[str], dealer: int = 3) -> Deal:
    """A deal where North holds `north` and the other cards go round in order."""
    mine = parse_cards(north)
    rest = [c for c in range(32) if not mine >> c & 1]
    hands = [mine] + [sum(1 << c for c in rest[8 * k: 8 * k + 8]) for k in range(3)]
    return Deal(rules, dealer, hands=hands)


def test_heuristic_bot_bids_a_strong_trump_hand_and_passes_a_weak_one() -> None:
    rules = RULES["ffb"]
    strong = _deal_with(rules, ["JH", "9H", "AH", "10H", "AS", "7D", "8D", "7C"], dealer=1)
    call = HeuristicBot(random.Random(1)).choose_call(strong)
    assert (call.kind, call.denomination) == ("bid", 2) and 100 <= call.value <= 140
    sure = _deal_with(rules, ["JH", "9H", "AH", "10H", "KH", "QH", "AS", "AC"], dealer=1)
    assert HeuristicBot(random.Random(1)).choose_call(sure).value == "capot"
    weak = _deal_with(rules, ["7C", "8C", "7D", "8D", "QH", "7S", "8S", "9S"], dealer=1)
    assert HeuristicBot(random.Random(1)).choose_call(weak).kind == "pass"


def test_bids_follow_the_variant_minimum_and_step() -> None:
    for name in BUILTINS:
        rules = RULES[name]
        # A good hearts hand, not a capot one, for North speaking first (clockwise or not).
        deal = _deal_with(rules, ["JH", "9H", "AH", "10H", "AS", "7D", "8D", "7C"],
                          dealer=-rules.step % 4)
        call = HeuristicBot(random.Random(1)).choose_call(deal)
        assert call in deal.legal_calls() and (call.seat, call.kind) == (0, "bid"), name
        assert call.value in rules.bid_values and call.value > rules.bid_values[0], name


# -- card play -------------------------------------------------------------------------------
# ffb is anticlockwise: with N dealing, W speaks and leads first, then S, E, N.

FEED = {"N": "10C 7C 8C 7H 8H AD KD QD", "W": "7S 8S 9S QC KC JC 9C 10H",
        "S": "AS 10S KS QS 7D 8D 9D 10D", "E": "JS AC JH 9H AH KH QH JD"}
CHEAP = {"N": "AC 10C 7C 7H 8H AD KD QD", "W": "9C 8C JC QC KC 7S 8S 9S",
         "S": "AS 10S KS QS 7D 8D 9D 10D", "E": "JS 10H JH 9H AH KH QH JD"}


def _position(hands: dict[str, str], contract: str, cards: list[str]) -> Deal:
    masks = [parse_cards(hands[s].split()) for s in "NESW"]
    deal = Deal(RULES["ffb"], 0, hands=masks)
    for text in [f"W {contract}", "S pass", "E pass", "N pass", *cards]:
        deal.apply(text)
    return deal


def _card(code: str) -> int:
    return parse_cards([code]).bit_length() - 1


def test_feeds_its_best_non_master_to_a_partner_who_holds_the_trick() -> None:
    # S's ace of spades holds the trick; N, last and void, gives the ten of clubs (10 points),
    # not the master ace of diamonds nor a trump.
    deal = _position(FEED, "80 hearts", ["W 7S", "S AS", "E JS"])
    assert HeuristicBot().choose_card(deal) == _card("10C")


def test_wins_as_cheaply_as_it_can_when_last() -> None:
    # W's king of clubs wins; N, last, takes it with the ten and keeps the ace.
    deal = _position(CHEAP, "80 hearts", ["W KC", "S 7D", "E JD"])
    assert HeuristicBot().choose_card(deal) == _card("10C")


def test_discards_its_cheapest_card_when_it_cannot_win() -> None:
    # S, void in clubs and without trumps, cannot beat the king: it throws the seven of diamonds.
    deal = _position(CHEAP, "80 hearts", ["W KC"])
    assert HeuristicBot().choose_card(deal) == _card("7D")


def test_declarer_draws_trumps_with_its_master() -> None:
    deal = _position(CHEAP, "80 clubs", [])
    assert HeuristicBot().choose_card(deal) == _card("JC")


def test_the_announcement_shortcut_never_hides_a_combination() -> None:
    from coinche_dsl.engine.announcements import find_announcements
    from coinche_dsl.sim.hands import announcement_value

    rng = random.Random(8)
    for name in BUILTINS:
        rules = RULES[name]
        for _ in range(400):
            hand, d = paired_hands(rng)[0], rng.randrange(6)
            expected = sum(c.value for c in find_announcements(hand, d, rules))
            assert announcement_value(hand, d, rules) == expected


def test_heuristic_bots_coinche_out_of_turn_under_any_time() -> None:
    rules = RULES["fr-bga"]
    assert rules.ruleset.auction.coinche.value == "any_time"
    out_of_turn = 0
    for i in range(200):
        rng = random.Random(i)
        deal = play_deal(Deal(rules, i % 4, rng=rng), _table("heuristic", rng))
        calls = deal.history
        out_of_turn += sum(1 for prev, call in zip(calls, calls[1:], strict=False)
                           if call.kind == "coinche" and call.seat != (prev.seat + rules.step) & 3)
    assert out_of_turn >= 1
