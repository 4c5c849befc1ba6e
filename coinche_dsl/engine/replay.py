"""Check and score a recorded deal (the `coinche replay` record of DESIGN.md).

```json
{"dealer": "W", "hands": {"N": ["JH", "..."], "E": [], "S": [], "W": []},
 "auction": ["N 80 hearts", "E pass", "S pass", "W coinche", "N pass", "E pass", "S pass"],
 "announcements": {"N": [["QH", "JH", "10H"]]}, "belote": ["N"],
 "play": ["N 7C", "E 8C", "..."]}
```

`announcements`, `belote` and `rebelote_unsaid` (seats whose « rebelote » was not said with
the second of their king and queen) are optional. Announcements are declared before each
seat's first card. Without `belote`, every holder claims its belote; with it, the seats listed
claim theirs and any other holder keeps it silent (which the rules may forbid).

`irregularities` (optional) lists what the table noted: an announcement not held, a card
shown, a revoke. Where the variant lets a revoke stand (`penalties.revoke penalised`), a card
the rules forbid is not an error: the replay finds the revoke itself, plays on, and scores the
deal under the penalty (`penalties.penalised`); a recorded revoke must be one the play shows.
A card shown must then be played at its holder's first turn that allows it
(`penalties.shown_card played`), unless released.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from ..cards import SEATS, card_name, parse_card, parse_cards
from ..errors import IllegalActionError, InputError
from ..model.enums import Revoke, ShownCard
from .deal import Deal
from .driver import play_deal
from .facts import DENOMINATION_WORDS, DOUBLE_WORDS, DealScore
from .penalties import Irregular, read_irregularities
from .rules import CompiledRules
from .scoring import penalised
from .summary_check import parse_input


class ReplayError(IllegalActionError):
    """A call or card of the record that cannot be made; `index` is its place in its list."""

    def __init__(self, part: str, index: int, action: str, message: str, rule: str):
        self.part, self.index, self.action = part, index, action
        super().__init__(message, rule)

    def to_json(self) -> dict[str, object]:
        return {"error": {"index": self.index, "action": self.action, "message": str(self),
                          "rule": self.rule, "field": self.part}}


@dataclass
class Record:
    """A record read and checked for shape (not yet for legality)."""

    dealer: int
    hands: list[int]
    auction: list[str]
    play: list[str]
    announcements: dict[int, list[int]] = field(default_factory=dict)
    belote: list[int] | None = None
    rebelote_unsaid: list[int] = field(default_factory=list)
    irregularities: list[Any] = field(default_factory=list)
    """The record's irregularities as written (`model.summary.Irregularity`)."""


def read_record(data: Any) -> Record:
    """The record's fields (checked for shape by `ReplayRecord`, every problem at once), or
    InputError naming the first malformed one."""
    from ..model.record import ReplayRecord

    r = parse_input(ReplayRecord, data, "a record is a JSON object with dealer, hands, "
                                        "auction and play")
    return Record(
        dealer=SEATS.index(r.dealer),
        hands=_hands(r.hands),
        auction=list(r.auction), play=list(r.play),
        announcements={SEATS.index(seat): [parse_cards(c, f"announcements.{seat}[{i}]")
                                           for i, c in enumerate(combos)]
                       for seat, combos in (r.announcements or {}).items()},
        belote=None if r.belote is None else [SEATS.index(s) for s in r.belote],
        rebelote_unsaid=[SEATS.index(s) for s in r.rebelote_unsaid],
        irregularities=list(r.irregularities),
    )


def _hands(hands: Any) -> list[int]:
    """The four hands as masks; a card dealt twice is named at the second hand holding it."""
    out, seen = [], 0
    for seat in SEATS:
        mask = parse_cards(hands[seat], f"hands.{seat}")
        if mask & seen:
            twice = next(c for c in range(32) if (mask & seen) >> c & 1)
            raise InputError(f"{card_name(twice)} is dealt twice", f"hands.{seat}")
        seen |= mask
        out.append(mask)
    return out


def replay(rules: CompiledRules, data: Any) -> Deal:
    """Replay a record: every call and card checked; ReplayError at the first illegal one.

    The record sits at all four places (`RecordSeat`) and the engine's driver plays it."""
    record = read_record(data)
    deal = Deal(rules, record.dealer, hands=record.hands)
    irregular = read_irregularities(rules, record.irregularities, in_play=True)
    for irr in irregular:
        if irr.card is not None and not record.hands[irr.seat] >> irr.card & 1:
            raise InputError(f"{SEATS[irr.seat]} was not dealt {card_name(irr.card)}",
                             f"{irr.field}.card")
    seat = RecordSeat(record, irregular)
    try:
        play_deal(deal, [seat] * 4)
        seat.check_no_extra_call()
    except ReplayError:
        raise
    except IllegalActionError as e:
        raise ReplayError(seat.part, seat.index, seat.text or "", str(e), e.rule) from None
    except InputError as e:
        if seat.text is None:  # the record ran out: e names the field
            raise
        raise ReplayError(seat.part, seat.index, seat.text, str(e), "notation") from None
    if deal.phase == "redeal" and record.play:
        raise ReplayError("play", 0, record.play[0], "everybody passed: the deal is "
                          "redealt, no card is played", "table.all_pass")
    if deal.phase == "over" and seat.next_play < len(record.play):
        i = seat.next_play
        raise ReplayError("play", i, record.play[i], "the eight tricks are already played",
                          "play")
    for i, unsaid in enumerate(record.rebelote_unsaid):
        try:
            deal.say_rebelote(unsaid, said=False)
        except IllegalActionError as e:
            raise InputError(str(e), f"rebelote_unsaid[{i}]") from None
    _check_recorded_revokes(deal, seat.irregular)
    deal.irregular = (*(i for i in seat.irregular if i.kind != "revoke"),
                      *(Irregular("revoke", s, t) for s, t in deal.revokes))
    return deal


def _check_recorded_revokes(deal: Deal, irregular: list[Irregular]) -> None:
    """A revoke the record names must be one the play shows (the replay finds them all)."""
    for irr in irregular:
        if irr.kind == "revoke" and (irr.seat, irr.trick) not in deal.revokes:
            raise InputError(f"{SEATS[irr.seat]} plays by the rules in trick "
                             f"{(irr.trick or 0) + 1}: no revoke there", f"{irr.field}.trick")


class RecordSeat:
    """A `Seat` that makes the record's calls and cards in order, whoever is to act (the
    Deal refuses a call or card of the wrong seat). `part`, `index` and `text` name the
    action being made, for the error."""

    def __init__(self, record: Record, irregular: list[Irregular] | None = None):
        self.record = record
        self.irregular = irregular or []
        self.shown = [i for i in self.irregular if i.kind == "card_shown" and not i.released]
        """Cards shown that must still be played (`penalties.shown_card played`)."""
        self.part, self.index = "auction", 0
        self.text: str | None = None
        self.next_call = self.next_play = 0
        self.started = [False] * 4

    def _take(self, part: str, items: list[str], i: int, missing: str) -> str:
        if i >= len(items):
            self.text = None
            raise InputError(missing, part)
        self.part, self.index, self.text = part, i, items[i]
        return items[i]

    def choose_call(self, deal: Deal) -> str:
        n = self.next_call
        self.next_call += 1
        return self._take("auction", self.record.auction, n,
                          f"the auction is not over after {len(self.record.auction)} calls; "
                          f"{SEATS[deal.to_act]} is to speak")

    def choose_card(self, deal: Deal) -> str:
        self.check_no_extra_call()
        n = self.next_play
        self.next_play += 1
        text = self._take("play", self.record.play, n,
                          f"the play stops after {len(self.record.play)} cards; a deal has 32")
        self._irregular_card(deal, text)
        return text

    def _irregular_card(self, deal: Deal, text: str) -> None:
        """A card shown that must be played and is not; a revoke the variant lets stand."""
        words = text.split()
        if len(words) != 2 or words[0].upper() != SEATS[deal.to_act]:
            return  # the deal says what is wrong with it
        try:
            card = parse_card(words[1], "play")
        except InputError:
            return
        rs, seat, trick = deal.rules.ruleset, deal.to_act, len(deal.tricks)
        if rs.penalties.shown_card == ShownCard.PLAYED:
            for irr in self.shown:
                due = irr.card is not None and deal.legal_cards() >> irr.card & 1
                if irr.seat == seat and (irr.trick or 0) <= trick and due and irr.card != card:
                    raise ReplayError("play", self.index, text,
                                      f"{SEATS[seat]} showed {card_name(irr.card or 0)} in "
                                      f"trick {(irr.trick or 0) + 1}: a card shown must be "
                                      "played at its holder's first turn that allows it",
                                      "penalties.shown_card")
            self.shown = [i for i in self.shown if not (i.seat == seat and i.card == card)]
        if rs.penalties.revoke == Revoke.PENALISED:
            deal.allow_revoke(card)

    def declare(self, deal: Deal, seat: int) -> tuple[list[int], bool] | None:
        """The record's announcements and belote claim for `seat`, made with its first card
        (an error in them is the error of that card)."""
        self.check_no_extra_call()
        if self.next_play == 0:
            self.text = None  # a wrong claim is an error of the `belote` field
            check_belote_claims(deal, self.record)
        if self.next_play < len(self.record.play):
            self.part, self.index = "play", self.next_play
            self.text = self.record.play[self.next_play]
        r = self.record
        if seat not in r.announcements and r.belote is None:
            return None
        return r.announcements.get(seat, []), r.belote is None or seat in r.belote

    def check_no_extra_call(self) -> None:
        """ReplayError at the first call of the record left once the auction is over."""
        if self.next_call < len(self.record.auction):
            i = self.next_call
            raise ReplayError("auction", i, self.record.auction[i],
                              "the auction is already over", "auction")


def check_belote_claims(deal: Deal, record: Record) -> None:
    """A seat listed under `belote` must hold a belote (K and Q of a suit that makes one)."""
    holders = {seat for seat, _ in deal.belote_holders()}
    for i, seat in enumerate(record.belote or []):
        if seat not in holders:
            raise InputError(f"{SEATS[seat]} holds no belote in this deal", f"belote[{i}]")


def to_record(deal: Deal) -> dict[str, object]:
    """The record of a deal played so far, in the format `replay` reads."""
    plays = [f"{SEATS[s]} {card_name(c)}" for t in deal.tricks for s, c in t.cards]
    plays += [f"{SEATS[s]} {card_name(c)}" for s, c in deal.trick]
    return {
        "dealer": SEATS[deal.dealer],
        "hands": {SEATS[s]: _names(h) for s, h in enumerate(deal.initial_hands)},
        "auction": [str(c) for c in deal.history],
        "announcements": {SEATS[s]: [_names(m) for m in ms]
                          for s, ms in deal.declared.items() if ms},
        "belote": sorted({SEATS[s] for s, _ in deal.belote_holders()
                          if s not in deal.belote_silent}, key=SEATS.index),
        **({"rebelote_unsaid": [SEATS[s] for s in sorted(deal.rebelote_unsaid)]}
           if deal.rebelote_unsaid else {}),
        "play": plays,
    }


def _irregularity(irr: Irregular) -> dict[str, object]:
    """An irregularity as `score` reads it in a summary."""
    out: dict[str, object] = {"kind": irr.kind, "seat": SEATS[irr.seat]}
    if irr.trick is not None:
        out["trick"] = irr.trick + 1
    if irr.kind == "unheld_announcement":
        out["points"] = irr.points
    if irr.card is not None:
        out["card"] = card_name(irr.card)
    if irr.released:
        out["released"] = True
    return out


def _names(mask: int) -> list[str]:
    return [card_name(c) for c in range(32) if mask >> c & 1]


def report(deal: Deal) -> dict[str, object]:
    """The JSON printed by `coinche replay`: contract, tricks, the deal summary and its score."""
    contract = deal.contract
    if contract is None:
        return {"contract": None, "redeal": True, "dealer": SEATS[deal.dealer]}
    facts = deal.facts()
    irregular = list(deal.irregular)
    score: DealScore = penalised(deal.rules, facts, irregular) if irregular else deal.result()
    summary: dict[str, object] = {
        "declarer": SEATS[contract.declarer], "bid": contract.bid,
        "trump": DENOMINATION_WORDS[contract.denomination],
        "double": DOUBLE_WORDS[contract.double],
        "tricks": {SEATS[s]: n for s, n in enumerate(facts.tricks or [])},
        "card_points": {"NS": facts.card_points[0], "EW": facts.card_points[1]},
        "last_trick": SEATS[facts.last_trick],
        "announcements": {SEATS[s]: [_names(m) for m in ms]
                          for s, ms in facts.announcements.items()},
        "belote": [SEATS[s] for s in facts.belote],
    }
    scored = [i for i in irregular if i.kind != "card_shown"]  # checked in the play only
    if scored:  # the summary scores as the replay did (`coinche score`)
        summary["irregularities"] = [_irregularity(i) for i in scored]
    tricks = [{"leader": SEATS[t.leader], "cards": [f"{SEATS[s]} {card_name(c)}"
                                                    for s, c in t.cards],
               "winner": SEATS[t.winner], "points": t.points} for t in deal.tricks]
    return {"contract": str(contract), "summary": summary, "tricks": tricks,
            "trick_winners": [SEATS[t.winner] for t in deal.tricks], "score": score.to_json()}


__all__ = ["ReplayError", "Record", "RecordSeat", "read_record", "replay", "report", "to_record"]
