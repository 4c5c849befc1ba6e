"""The built-in variants: each loads, extends what it says, states what its text says, and
every worked example scores as written."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from coinche_dsl.loader import BUILTINS, builtin_path, load_variant, resolve
from coinche_dsl.model import Ruleset

SEEDS = {
    "es-club": "000_d8eec23fe3c299bf.txt",
    "pt-online": "001_b398f9838f9ba168.txt",
    "it-701": "002_64fc6cdcd2b13f96.txt",
    "fr-brut": "003_674055336ddd5975.txt",
    "fr-bga": "004_6386afa8b63b4ef9.txt",
}
"""Each seed variant and the seed text it was written from."""

LANGUAGES = {"es-club": "es", "pt-online": "pt", "it-701": "it", "fr-brut": "fr", "fr-bga": "fr"}


def table(rows) -> list[tuple[str, int]]:
    """A card table as (rank, points) pairs, strongest first."""
    return [(row.rank, row.points) for row in rows]


def deck_total(rs: Ruleset, trump: str) -> int:
    """Raw card points of the whole deck in a contract's mode (before any rescaling)."""
    if trump == "no-trump":
        return 4 * sum(r.points for r in rs.cards.no_trump)
    if trump == "all-trump":
        return 4 * sum(r.points for r in rs.cards.all_trump)
    return sum(r.points for r in rs.cards.trump) + 3 * sum(r.points for r in rs.cards.plain)


@pytest.fixture(scope="module", params=BUILTINS)
def builtin(request) -> Ruleset:
    return load_variant(request.param)


def builtins_where(has: Callable[[Ruleset], object]) -> list[str]:
    """The built-ins that have a feature, for `builtin` (indirect): a test of that feature is
    collected only for them, rather than skipped for the others, which lack nothing."""
    return [name for name in BUILTINS if has(load_variant(name))]


# --- every built-in -------------------------------------------------------------------------

def test_builtins_list_matches_the_variant_files() -> None:
    folder = builtin_path("ffb").parent
    assert sorted(p.stem for p in folder.glob("*.coinche")) == sorted(BUILTINS)


def test_builtin_loads_with_metadata(builtin: Ruleset) -> None:
    assert builtin.name in BUILTINS
    assert builtin.title and builtin.description and builtin.sources
    assert builtin.examples, "every built-in has worked examples"


def test_extends_chains_end_at_ffb() -> None:
    assert resolve("ffb").chain == [str(builtin_path("ffb"))]
    for name in BUILTINS:
        if name == "ffb":
            continue
        chain = resolve(name).chain
        assert [c.rsplit("/", 1)[-1] for c in chain] == [f"{name}.coinche", "ffb.coinche"]
        assert load_variant(name).extends == "ffb"


def test_example_card_points_sum_to_the_deck(builtin: Ruleset) -> None:
    for ex in builtin.examples:
        assert sum(ex.card_points.values()) == deck_total(builtin, ex.trump.value), ex.name


def test_every_example_scores_as_written(builtin: Ruleset) -> None:
    from coinche_dsl.engine.examples import check_examples

    assert check_examples(builtin) == []


# --- seed variants: sources, language, and what each text says -----------------------------

@pytest.mark.parametrize("name", sorted(SEEDS))
def test_seed_variant_cites_its_text(name: str) -> None:
    rs = load_variant(name)
    # the file says which seed it was written from; its sources describe that text as a club
    # reads it (a file name there printed the sheet's own title as its source)
    assert f"seed text {SEEDS[name][:3]}" in builtin_path(name).read_text(encoding="utf-8")
    assert len(rs.sources) == 1 and len(rs.sources[0].split()) >= 8
    assert ".txt" not in rs.sources[0] and rs.title not in rs.sources[0]
    assert rs.language == LANGUAGES[name]


def expects(rs: Ruleset) -> list[tuple[str, int, int]]:
    """(declarer's team first) each example as (double, declarers' score, defenders' score)."""
    out = []
    for ex in rs.examples:
        ours, theirs = ("NS", "EW") if ex.declarer in "NS" else ("EW", "NS")
        out.append((str(ex.double), ex.expect[ours], ex.expect[theirs]))
    return out


def test_text_worked_examples_are_present() -> None:
    # The worked examples the source texts give (the `sources` of each variant file).
    assert ("none", 0, 250) in expects(load_variant("es-club"))
    assert ("none", 210, 72) in expects(load_variant("pt-online"))
    assert ("coinche", 20, 524) in expects(load_variant("pt-online"))
    assert ("none", 222, 40) in expects(load_variant("fr-bga"))
    assert ("none", 0, 260) in expects(load_variant("fr-bga"))
    brut = load_variant("fr-brut").examples[0]
    assert (brut.bid, str(brut.double), brut.expect["NS"]) == (100, "coinche", 120 + 200)


def test_es_club() -> None:
    rs = load_variant("es-club")
    assert (rs.game.target, rs.auction.minimum_bid, rs.auction.step) == (2000, 80, 10)
    assert [str(d) for d in rs.auction.denominations] == ["clubs", "diamonds", "hearts", "spades"]
    assert (str(rs.auction.raise_own), str(rs.auction.coinche)) == ("after_other_bid", "in_turn")
    assert rs.table.packets == [3, 2, 3] and rs.table.cut_minimum == 3
    assert rs.cards.capot_last_trick == 100
    assert str(rs.play.undertrump) == "optional"
    assert rs.announcements.longest_counted == 5 and rs.announcements.belote_in_sequence
    assert str(rs.game.belote_finish) == "win_trick_later"
    assert (str(rs.scoring.rounding), rs.scoring.rounding_unit) == ("half_up", 10)
    assert "then announcements(defenders)" in str(rs.scoring.made["declarers"])


def test_pt_online() -> None:
    rs = load_variant("pt-online")
    assert (rs.game.target, rs.auction.minimum_bid, rs.auction.maximum_bid) == (1001, 80, 160)
    assert rs.auction.generale and rs.auction.generale_value == 1000
    assert rs.auction.capot_value == 500
    assert table(rs.cards.all_trump) == [("J", 13), ("9", 9), ("A", 7), ("10", 5), ("K", 3),
                                         ("Q", 1), ("8", 0), ("7", 0)]
    assert str(rs.cards.all_trump_scale.kind) == "none"
    assert dict(table(rs.cards.no_trump))["A"] == 19
    assert str(rs.announcements.timing) == "automatic"
    assert str(rs.belote.order) == "king_first" and str(rs.belote.at_all_trump) == "none"
    assert str(rs.scoring.rounding) == "none"
    assert "162" in str(rs.scoring.failed["defenders"])


def test_it_701() -> None:
    rs = load_variant("it-701")
    assert (rs.game.target, str(rs.table.direction)) == (701, "clockwise")
    assert str(rs.auction.reentry) == "speak_once"
    assert rs.auction.generale and rs.auction.generale_value == 500
    # The text's plain order, 7 above 8 above 9, is kept as printed.
    assert [r for r, _ in table(rs.cards.plain)] == ["A", "10", "K", "Q", "J", "7", "8", "9"]
    assert table(rs.cards.all_trump)[:6] == [("J", 13), ("9", 9), ("A", 6), ("10", 5),
                                             ("K", 3), ("Q", 2)]
    # "se il compagno ha giocato la carta più forte, non è obbligato a tagliare": otherwise
    # trumping is compulsory.
    assert str(rs.play.must_trump) == "required"
    assert rs.auction.closing_coinche
    assert str(rs.announcements.timing) == "first_card"  # "quando gioca la prima carta"
    assert str(rs.scoring.rounding) == "none"  # the formulas never round
    assert "162" in str(rs.scoring.failed["defenders"])


def test_fr_brut() -> None:
    rs = load_variant("fr-brut")
    assert (rs.game.target, str(rs.scoring.rounding), str(rs.scoring.scale)) == (701, "none", "raw")
    assert str(rs.announcements.who_scores) == "every_side"
    assert rs.auction.generale and rs.auction.capot_value == 250
    assert "points(declarers) >= 82" in str(rs.scoring.success)
    assert "contract * multiplier" in str(rs.scoring.made["declarers"])
    assert table(rs.cards.all_trump) == table(rs.cards.trump)


def test_fr_bga() -> None:
    rs = load_variant("fr-bga")
    assert (rs.auction.minimum_bid, rs.auction.end_passes) == (82, 4)
    assert (str(rs.auction.coinche), str(rs.auction.after_coinche)) == ("any_time", "ends_auction")
    assert not rs.auction.surcoinche and rs.auction.coinche_factor == 2
    assert not rs.announcements.enabled
    assert (str(rs.cards.no_trump_scale.kind), rs.cards.no_trump_scale.to) == ("cards", 152)
    assert (str(rs.cards.all_trump_scale.kind), rs.cards.all_trump_scale.to) == ("cards", 152)
    assert table(rs.cards.no_trump) == table(rs.cards.plain)
    assert str(rs.play.undertrump) == "required"
    # "atteint 2000 points (révolus)": reached, not passed (BGA's code passes it).
    assert (rs.game.target, str(rs.game.reach)) == (2000, "reach")
    assert not rs.auction.capot and str(rs.auction.raise_own) == "allowed"
    assert str(rs.scoring.rounding) == "none"
    assert str(rs.scoring.failed["declarers"]) == "0"


def test_ffb_contree() -> None:
    rs = load_variant("ffb-contree")
    assert not rs.announcements.enabled
    # FFB 2015 contrée, § 7: "La belote annoncée de manière conforme est imprenable".
    assert str(rs.scoring.failed["declarers"]) == "belote(declarers)"
    assert rs.scoring == load_variant("ffb").scoring
    assert rs.language == "fr"


def test_ffb_reference_values() -> None:
    rs = load_variant("ffb")
    auction = rs.auction
    # FFB 2015, § 4.1: "80 au minimum, ... un multiple de 10": no highest number.
    assert (auction.minimum_bid, auction.maximum_bid, auction.capot_value) == (80, None, 250)
    assert (rs.auction.coinche_factor, rs.auction.surcoinche_factor) == (2, 4)
    assert str(rs.auction.after_coinche) == "passes"
    # "Il est impossible de surenchérir sur soi-même"
    assert str(rs.auction.raise_own) == "after_other_bid"
    assert rs.cards.capot_last_trick == 100
    assert str(rs.play.undertrump) == "optional" and not rs.play.overtrump_partner
    assert (rs.game.target, str(rs.game.belote_finish)) == (2000, "win_trick_later")
    assert str(rs.scoring.litige) == "held"


# --- every built-in, through the scoring engine: the rules every text agrees on -------------


def score(rs: Ruleset, **deal):
    from coinche_dsl.engine.scoring import score_deal

    summary = {"declarer": "N", "trump": "hearts", "last_trick": "N", **deal}
    return score_deal(rs, summary)


@pytest.mark.parametrize("builtin", builtins_where(lambda rs: rs.auction.capot), indirect=True)
def test_a_capot_bid_needs_every_trick(builtin: Ruleset) -> None:
    won = score(builtin, bid="capot", tricks={"N": 5, "S": 3}, card_points={"NS": 152, "EW": 0})
    assert won.made and won.scores["NS"] >= builtin.auction.capot_value and won.scores["EW"] == 0
    lost = score(builtin, bid="capot", tricks={"N": 5, "S": 2, "E": 1},
                 card_points={"NS": 140, "EW": 12})
    assert not lost.made and lost.scores["NS"] == 0
    assert lost.scores["EW"] >= builtin.auction.capot_value


def test_a_clear_fall_leaves_the_declarers_nothing_but_belote(builtin: Ruleset) -> None:
    fall = score(builtin, bid=120, card_points={"NS": 50, "EW": 102}, last_trick="E")
    assert not fall.made and fall.scores["NS"] == 0
    assert fall.scores["EW"] >= 160 + 120


def test_a_comfortable_make_scores_points_and_contract(builtin: Ruleset) -> None:
    made = score(builtin, bid=100, card_points={"NS": 120, "EW": 32})
    assert made.made
    assert made.scores["NS"] == 120 + 10 + 100
    expected_ew = 32 if str(builtin.scoring.rounding) == "none" else 30
    assert made.scores["EW"] == expected_ew


@pytest.mark.parametrize("builtin", builtins_where(lambda rs: rs.auction.generale),
                         indirect=True)
def test_a_generale_needs_every_trick_by_the_bidder_alone(builtin: Ruleset) -> None:
    alone = score(builtin, bid="generale", tricks={"N": 8}, card_points={"NS": 152, "EW": 0})
    assert alone.made and alone.scores["NS"] >= builtin.auction.generale_value
    helped = score(builtin, bid="generale", tricks={"N": 7, "S": 1},
                   card_points={"NS": 152, "EW": 0})
    assert not helped.made and helped.scores["EW"] >= builtin.auction.generale_value
