"""Closed choices of the Ruleset. The DSL writes the value (`coinche in_turn`)."""

from __future__ import annotations

from enum import Enum

from ..cards import SUIT_WORDS


class Choice(str, Enum):
    """A closed choice; `_missing_` accepts `-` for `_` and any letter case."""

    @classmethod
    def _missing_(cls, value: object) -> Choice | None:
        if isinstance(value, str):
            key = value.strip().lower().replace("_", "-")
            for member in cls:
                if member.value.replace("_", "-") == key:
                    return member
        return None

    def __str__(self) -> str:
        return str(self.value)


class Direction(Choice):
    ANTICLOCKWISE = "anticlockwise"
    CLOCKWISE = "clockwise"


class DealerRotation(Choice):
    WITH_PLAY = "with_play"
    """The deal passes to the next player in the direction of play."""
    AGAINST_PLAY = "against_play"


class FirstLead(Choice):
    AFTER_DEALER = "after_dealer"
    """The player after the dealer leads to the first trick."""
    GENERALE_BIDDER = "generale_bidder"
    """As after_dealer, except that a générale bidder leads (PAGAT option)."""


class Shuffle(Choice):
    YES = "yes"
    """The dealer shuffles before every deal (FFB § 3.2: "Le mélange du jeu est obligatoire
    avant chaque distribution")."""
    NO = "no"
    """The tricks are gathered unshuffled and the pack is only cut."""
    DEALER_CHOICE = "dealer_choice"
    """The dealer shuffles if they wish ("Le donneur est libre de les mélanger avant la coupe",
    coinchee.com)."""


class FirstDealer(Choice):
    BY_LOT = "by_lot"
    """Drawn by lot (FFB § 3.1: "Le premier donneur de la partie est tiré au sort")."""
    LOWEST_CARD = "lowest_card"
    """Each player draws a card; the lowest deals ("celui qui tire la plus petite devient
    donneur", coinchee.com)."""
    KINGS = "kings"
    """Cards dealt face up one by one until a king of the colour called ("Le premier donneur
    est sélectionné par les rois", a Dauphiné club)."""


class Cutter(Choice):
    BEFORE_DEALER = "before_dealer"
    """The player before the dealer in the order of play (FFB § 3.3, anticlockwise: "Le
    joueur situé à la gauche du donneur effectue une coupe")."""
    AFTER_DEALER = "after_dealer"
    """The player after the dealer in the order of play."""


class AllPass(Choice):
    REDEAL_NEXT_DEALER = "next_dealer"
    REDEAL_SAME_DEALER = "same_dealer"


class Denomination(Choice):
    CLUBS = "clubs"
    DIAMONDS = "diamonds"
    HEARTS = "hearts"
    SPADES = "spades"
    NO_TRUMP = "no-trump"
    ALL_TRUMP = "all-trump"

    @property
    def suit(self) -> int | None:
        """Suit index 0..3 of a trump suit, None for no-trump and all-trump."""
        return SUIT_WORDS.index(self.value) if self.value in SUIT_WORDS else None


class BidLevels(Choice):
    ALIGNED = "aligned"
    """Above the minimum, bids are multiples of the step (82, 90, 100…)."""
    FROM_MINIMUM = "from_minimum"
    """Bids are the minimum plus multiples of the step (82, 92, 102…)."""


class Reentry(Choice):
    ALLOWED = "allowed"
    """A player who passed may bid later."""
    FORBIDDEN = "forbidden"
    """A player who passed stays silent (passes) for the rest of the auction."""
    SPEAK_ONCE = "speak_once"
    """Every player makes exactly one call."""


class CapotRank(Choice):
    ABOVE_NUMBERS = "above_numbers"
    """A capot bid outranks every numeric bid, whatever its value (FFB, PAGAT)."""
    AT_VALUE = "at_value"
    """A capot bid ranks at its value: it beats a numeric bid up to that value and loses to
    any higher one (a web game with bids up to 650 and a capot worth 250)."""


class RaiseOwn(Choice):
    ALLOWED = "allowed"
    AFTER_OTHER_BID = "after_other_bid"
    """Only after another player has bid in between (partner or opponent)."""
    WITH_SUIT_CHANGE = "with_suit_change"
    """Only when the new bid names another denomination."""
    FORBIDDEN = "forbidden"


class CoincheTiming(Choice):
    NONE = "none"
    """No coinche at all."""
    IN_TURN = "in_turn"
    ANY_TIME = "any_time"


class AfterCoinche(Choice):
    ENDS_AUCTION = "ends_auction"
    PASSES = "passes"
    """The auction goes on until the passes that end an auction (or a surcoinche)."""
    DOUBLED_SIDE_ONLY = "doubled_side_only"
    """Only the doubled side speaks: surcoinche or pass."""
    BIDDING_CONTINUES = "bidding_continues"
    """Anyone may overbid, which cancels the coinche."""


class TrumpObligation(Choice):
    REQUIRED = "required"
    OPTIONAL = "optional"


class AllTrumpBeat(Choice):
    ALWAYS = "always"
    """Must beat the highest card of the led suit if able."""
    UNLESS_PARTNER_WINS = "unless_partner_wins"
    NEVER = "never"


class AnnouncementTiming(Choice):
    FIRST_CARD = "first_card"
    """Declared with one's first card, compared at the first card of trick 2."""
    END_OF_FIRST_TRICK = "end_of_first_trick"
    AUTOMATIC = "automatic"


class TiePolicy(Choice):
    CANCEL_BOTH = "cancel_both"
    FIRST_DECLARED = "first_declared"
    """The side that declared first (in playing order from the leader) wins."""
    BOTH_SCORE = "both_score"


class WhoScores(Choice):
    BEST_SIDE = "best_side"
    """Only the side with the best announcement scores, all its declared ones."""
    EVERY_SIDE = "every_side"


class BeloteOrder(Choice):
    ANY = "any"
    """King and queen in either order ("belote" with the first, "rebelote" with the second)."""
    KING_FIRST = "king_first"
    """The king is played first ("belote"), then the queen ("rebelote"); a belote played queen
    first is not announced and scores nothing."""


class BeloteMoment(Choice):
    FIRST_CARD = "first_card"
    """Said with its holder's first card, as the announcements are (FFB)."""
    FIRST_OF_PAIR = "first_of_pair"
    """Said as its holder plays the first of the king and queen ("belote"), not before: until
    then nobody knows of it."""


class BeloteClaim(Choice):
    ANY_PLAYER = "any_player"
    DECLARERS_ONLY = "declarers_only"


class AllTrumpBelote(Choice):
    NONE = "none"
    EACH_SUIT = "each_suit"
    """K+Q of any suit held by one player is a belote (FFB, PAGAT)."""


class Rounding(Choice):
    NONE = "none"
    HALF_UP = "half_up"
    """Nearest multiple of the unit, a half going up (85 → 90, 84 → 80)."""
    HALF_DOWN = "half_down"
    """Nearest multiple of the unit, a half going down (85 → 80, 86 → 90)."""


class RoundWhat(Choice):
    CARD_POINTS = "card_points"
    """Round each side's points (card points and last trick) before the score formulas."""
    SCORES = "scores"
    """Round each side's final score line."""


class ScaleKind(Choice):
    NONE = "none"
    CARDS = "cards"
    """Scale card points so that the deck's card points total `to` (152); last trick unscaled."""
    TOTAL = "total"
    """Scale card points plus last trick so that the deal totals `to` (162)."""


class Litige(Choice):
    FAILS = "fails"
    """A tie follows the success formula like any other result."""
    HELD = "held"
    """On equal totals (81–81, 91–91: FFB 2015, 10.1.3) the defenders score their made-contract
    formula now, the declarers their failed-contract formula, and the rest of the declarers'
    total waits for the winner of the next scored deal."""


class Reach(Choice):
    REACH = "reach"
    """Reaching the target is enough."""
    EXCEED = "exceed"
    """The target must be passed, not only reached (BGA's implementation; its text, "2000 points
    (révolus)", reads as reached)."""


class BothOver(Choice):
    HIGHER_TOTAL = "higher_total"
    LAST_DEAL_WINNER = "last_deal_winner"
    DECLARERS = "declarers"


class TieAtEnd(Choice):
    PLAY_ON = "play_on"
    DECLARERS_WIN = "declarers"


class DealsTie(Choice):
    MORE_DEALS = "more_deals"
    """Equal totals after the last of a game's deals: one more deal at a time until the totals
    differ."""
    STANDS = "stands"
    """Equal totals after the last of a game's deals: the game is drawn."""


class BeloteFinish(Choice):
    COUNTS = "counts"
    """Belote points count like any others toward the target."""
    WIN_TRICK_LATER = "win_trick_later"
    """Reaching the target only through belote on a failed or capot deal must be validated by a
    trick won in a later deal."""
    NOT_ENOUGH = "not_enough"
    """A side cannot win on belote alone: the game goes on."""


class Double(Choice):
    NONE = "none"
    COINCHE = "coinche"
    SURCOINCHE = "surcoinche"


class ScoreScale(Choice):
    RAW = "raw"
    TENTHS = "tenths"
    """Scores are written divided by ten (16 for 160), after rounding."""


class Revoke(Choice):
    REFUSED = "refused"
    """A card the play rules forbid cannot be played at all (an online table refuses it): no
    revoke can happen, and a record that plays one is wrong."""
    PENALISED = "penalised"
    """A card the play rules forbid stands where it was played and play goes on; the deal is
    then scored by the penalty for a revoke by that side (`revoke_by_declarers`,
    `revoke_by_defenders`) instead of its usual formulas."""


class ShownCard(Choice):
    PLAYED = "played"
    """A card shown by accident must be played, at its holder's first turn where the rules
    allow it, unless the opponents release it (FFB § 5.1: "Toute carte montrée doit être
    jouée sauf autorisation ou avis contraire de la part des adversaires")."""
    FREE = "free"
    """A card shown by accident goes back into the hand: no duty, no penalty."""
