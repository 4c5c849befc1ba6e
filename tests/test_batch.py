"""The batch engine (NumPy, many deals at once) against `Deal`, deal by deal: the same hands and
contract replayed card by card through `Deal` must find the same legal cards at every step,
the same trick winners, card points, made or not and scores; for every built-in, with drawn
contracts and with doubled, capot and générale ones, under both policies."""

from __future__ import annotations

import numpy as np
import pytest

from coinche_dsl.engine import Deal, compile
from coinche_dsl.engine.batch import play_batch
from coinche_dsl.engine.batch.scoring import round_to
from coinche_dsl.engine.facts import Contract
from coinche_dsl.engine.play import trick_best
from coinche_dsl.engine.scoring import round_to as scalar_round_to
from coinche_dsl.loader import BUILTINS, load_variant

DEALS = 300


def _special_contracts(rules) -> list[Contract]:
    """Every denomination, doubled or not, the top numeric bid, capot and générale."""
    bids: list = [rules.bid_values[0], rules.bid_values[-1]]
    bids += ["capot"] if rules.capot else []
    bids += ["generale"] if rules.generale else []
    return [Contract(seat, bid, d, double) for seat, bid, d, double in zip(
        (0, 1, 2, 3) * 60, bids * 60, rules.denominations * 60, (0, 1, 2) * 60, strict=False)]


def _replay(rules, out, i: int, greedy: bool) -> None:
    """Deal i of `out` through `Deal`: every legal set, winner and score must agree."""
    deal = Deal(rules, int(out.dealer[i]), hands=[int(h) for h in out.hands[i]])
    deal.fix_contract(out.contract(i))
    d = deal.contract.denomination
    for j in range(32):
        legal = deal.legal_cards()
        assert legal == int(out.legal[i, j]), (i, j)
        card = int(out.cards[i, j])
        if greedy:
            assert card == _greedy(rules, d, legal, deal.trick), (i, j)
        deal.play(card)
    assert [t.winner for t in deal.tricks] == out.winners[i].tolist()
    assert tuple(deal.points) == tuple(out.card_points[i].tolist())
    assert len(deal.belote_seats()) == out.belote[i].sum()
    result = deal.result()
    assert (result.made, result.scores["NS"], result.scores["EW"]) == (
        bool(out.made[i]), *out.scores[i].tolist()), (i, deal.contract)


def _greedy(rules, d: int, legal: int, trick: list) -> int:
    """The greedy policy written out plainly: unless leading or the partner wins, the cheapest
    card that takes the trick; else (or if none does) the cheapest card; cheapest = fewest
    points, then weakest."""
    cards = [c for c in range(32) if legal >> c & 1]
    cheap = sorted(cards, key=lambda c: (rules.points[d][c], rules.strength[d][c], c))
    if trick:
        seat = (trick[-1][0] + rules.step) & 3
        i = trick_best(rules, d, [c for _, c in trick])
        best = trick[i][1]
        if trick[i][0] != (seat + 2) & 3:
            takers = [c for c in cheap if rules.beaters[d][best] >> c & 1]
            if takers:
                return takers[0]
    return cheap[0]


@pytest.mark.parametrize("name", BUILTINS)
@pytest.mark.parametrize("policy", ["random", "greedy"])
def test_batch_deals_are_deals_of_the_engine(name, policy):
    rules = compile(load_variant(name))
    for contract in (None, _special_contracts(rules)):
        out = play_batch(rules, DEALS, seed=7, contract=contract, policy=policy,
                         record_legal=True)
        assert len(out) == DEALS
        for i in range(DEALS):
            _replay(rules, out, i, policy == "greedy")


def test_a_seed_gives_the_same_batch_and_the_deals_are_uniform():
    rules = compile(load_variant("ffb"))
    a, b = play_batch(rules, 5000, seed=11), play_batch(rules, 5000, seed=11)
    assert (a.cards == b.cards).all() and (a.scores == b.scores).all()
    assert not (play_batch(rules, 5000, seed=12).cards == a.cards).all()
    # Each card lands in each seat's hand about a quarter of the time.
    held = np.array([[(a.hands[:, s] >> c) & 1 for c in range(32)] for s in range(4)])
    share = held.mean(axis=2)
    assert abs(share - 0.25).max() < 0.03
    # Every seat's hand holds eight cards, and the four hands make the deck.
    assert (np.bitwise_count(a.hands) == 8).all()
    assert (np.bitwise_or.reduce(a.hands, axis=1) == 0xFFFFFFFF).all()


def test_random_policy_picks_every_legal_card_alike():
    """With the lead free, each of the leader's eight cards is led about 1/8 of the time."""
    rules = compile(load_variant("ffb"))
    out = play_batch(rules, 20000, seed=2, contract=Contract(0, 80, 2))
    first = out.cards[:, 0]
    leader_hand = out.hands[np.arange(len(out)), (out.dealer + rules.step) & 3]
    assert ((leader_hand >> first.astype(np.uint32)) & 1).all()
    ranks = np.bincount(first & 7, minlength=8) / len(out)
    assert abs(ranks - 1 / 8).max() < 0.01


def test_array_rounding_is_the_engines():
    xs = np.arange(-300, 300)
    for unit in (1, 5, 10):
        for mode in ("half_up", "half_down", "none"):
            assert round_to(xs, unit, mode).tolist() == [scalar_round_to(int(x), unit, mode)
                                                         for x in xs]


def test_unknown_policy_and_denomination_are_refused():
    rules = compile(load_variant("es-club"))
    with pytest.raises(ValueError, match="policy"):
        play_batch(rules, 10, policy="clever")
    with pytest.raises(ValueError, match="denomination"):
        play_batch(rules, 10, contract=Contract(0, 80, 4))


def test_batch_play_follows_every_combination_of_play_rules():
    """Play rules that no built-in combines (partner_master_free off, undertrump required…):
    a sample of the 384 combinations, each replayed through `Deal`."""
    import itertools

    from coinche_dsl.model.enums import AllTrumpBeat, TrumpObligation

    knobs = dict(
        must_trump=list(TrumpObligation), must_overtrump=[True, False],
        undertrump=list(TrumpObligation), partner_master_free=[True, False],
        overtrump_partner=[True, False], trump_lead_beat_partner=[True, False],
        all_trump_beat=list(AllTrumpBeat), no_trump_beat=[True, False])
    # ffb with the organiser's no-trump and all-trump (§ 11), whose knobs are among these
    base = load_variant("ffb", {"sans_atout_tout_atout": "oui"})
    for values in list(itertools.product(*knobs.values()))[::7]:
        play = base.play.model_copy(update=dict(zip(knobs, values, strict=True)))
        rules = compile(base.model_copy(update={"play": play}))
        out = play_batch(rules, 60, seed=len(values), record_legal=True,
                         contract=[Contract(s, 80, d) for s in range(4) for d in range(6)])
        for i in range(60):
            _replay(rules, out, i, False)


def test_array_split_is_the_engines():
    from coinche_dsl.engine.batch.scoring import _split_total
    from coinche_dsl.engine.scoring import split_total

    for of, to in ((152, 162), (258, 162), (162, 152), (130, 162)):
        decl = np.arange(of + 1)
        ours, theirs = _split_total(decl, of - decl, to, of)
        assert list(zip(ours.tolist(), theirs.tolist(), strict=True)) == [
            split_total(int(x), of - int(x), to, of) for x in decl]


def test_a_fixed_hand_is_held_by_its_seat_and_the_rest_is_dealt_at_random():
    """"How often is this hand's 100 made": the hand stays, the other 24 cards move."""
    from coinche_dsl.cards import parse_cards

    rules = compile(load_variant("ffb"))
    mask = parse_cards(["JH", "9H", "AH", "10H", "KH", "AS", "AC", "AD"])
    out = play_batch(rules, 4000, seed=3, contract=Contract(2, 100, 2), hand=(2, mask),
                     record_legal=True)
    assert (out.hands[:, 2] == mask).all()
    assert (np.bitwise_or.reduce(out.hands, axis=1) == 0xFFFFFFFF).all()
    others = out.hands[:, [0, 1, 3]]
    share = np.array([[((others[:, s] >> c) & 1).mean() for c in range(32)
                       if not mask >> c & 1] for s in range(3)])
    assert abs(share - 1 / 3).max() < 0.04
    for i in range(50):
        _replay(rules, out, i, False)
    with pytest.raises(ValueError, match="eight cards"):
        play_batch(rules, 10, hand=(2, 0b111))


def _litige_deals(**fields):
    """One ffb deal, N's 80 hearts undoubled, as `batch.scoring.DealArrays` (NS, EW columns)."""
    from coinche_dsl.engine.batch.scoring import DealArrays

    base = dict(declarer=[0], bid=[80], denomination=[2], double=[0], card_points=[[71, 81]],
                team_tricks=[[4, 4]], generale=[False], last_trick_team=[0],
                belote=[[0, 0]], announcements=[[0, 0]])
    base.update(fields)
    return DealArrays(**{k: np.array(v) for k, v in base.items()})


def test_a_litige_compares_totals_and_holds_the_declarers_points():
    """ffb § 10.1.3: "En cas d'égalité entre les totaux de points des deux équipes (81-81 ou
    91-91) ... les points du preneur sont remis en jeu ... L'équipe qui n'avait pas pris marque
    ses points"; § 10.1.2: the belote is "imprenable"; § 10.2: rounded to the nearest ten."""
    from coinche_dsl.engine.batch.scoring import score_arrays

    rs = compile(load_variant("ffb"))
    # 71 + 10 (last trick) = 81 against 81: EW score 81 -> 80, NS 0, NS's 81 -> 80 held.
    made, scores, held = score_arrays(rs, _litige_deals())
    assert (bool(made[0]), scores[0].tolist(), int(held[0])) == (False, [0, 80], 80)
    # 61 + 10 + 20 (N's belote) = 91 against 91 (EW's points alone): NS keep their belote,
    # 20; EW score 91 -> 90; NS's 91 - 20 = 71 -> 70 held.
    made, scores, held = score_arrays(rs, _litige_deals(card_points=[[61, 91]],
                                                        belote=[[1, 0]]))
    assert (bool(made[0]), scores[0].tolist(), int(held[0])) == (False, [20, 90], 70)
    # 81 + 10 = 91 against 71: no tie, made (91 >= 80 and 91 > 71): NS 91 + 80 -> 170.
    made, scores, held = score_arrays(rs, _litige_deals(card_points=[[81, 71]]))
    assert (bool(made[0]), scores[0].tolist(), int(held[0])) == (True, [170, 70], 0)


@pytest.mark.parametrize("name", BUILTINS)
def test_batch_holds_what_a_deal_holds(name):
    """Where the rules hold a litige's points, the batch's `held` is `Deal.result().held`,
    deal by deal (and some deals of the sample are litiges); elsewhere it is always 0."""
    rs = load_variant(name)
    rules = compile(rs)
    out = play_batch(rules, 3000, seed=5, contract=_special_contracts(rules)[:8] * 3
                     + [Contract(s, rules.bid_values[0], 2) for s in range(4)])
    if str(rs.scoring.litige) != "held":
        assert not out.held.any()
        return
    assert (out.held > 0).sum() >= 5
    for i in list(np.flatnonzero(out.held)[:40]) + list(range(40)):
        deal = Deal(rules, int(out.dealer[i]), hands=[int(h) for h in out.hands[i]])
        deal.fix_contract(out.contract(i))
        for card in out.cards[i]:
            deal.play(int(card))
        result = deal.result()
        assert (result.made, result.scores["NS"], result.scores["EW"], result.held) == (
            bool(out.made[i]), *out.scores[i].tolist(), int(out.held[i])), i


def test_given_deals_are_played_as_dealt_by_their_dealer():
    """A bot's imagined deals: the hands and the dealer given are the ones played."""
    rules = compile(load_variant("ffb"))
    drawn = play_batch(rules, 40, seed=5)
    hands = drawn.hands.copy()
    out = play_batch(rules, 40, contract=Contract(1, 90, 0), policy="greedy",
                     deals=(3, hands), record_legal=True)
    assert (out.hands == hands).all() and (out.dealer == 3).all()
    for i in range(40):
        _replay(rules, out, i, True)
    with pytest.raises(ValueError, match="dealer"):
        play_batch(rules, 40, deals=(4, hands))
