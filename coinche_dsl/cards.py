"""Card, seat and team notation shared by the model, the engine and the CLI.

Cards are rank then suit letter (`10H`, `JS`); a card is also an index 0..31,
`suit * 8 + rank`, so that a set of cards is one int (bit `index` set).

>>> parse_card("10H")
19
>>> card_name(19)
'10H'
>>> [card_name(c) for c in cards_of(parse_cards(["JS", "7C"]))]
['7C', 'JS']
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator

from .errors import InputError

RANKS = ("7", "8", "9", "10", "J", "Q", "K", "A")
"""Ranks in index order (not in strength order: strength is a per-mode table)."""
SUITS = ("C", "D", "H", "S")
"""Suit letters in index order: clubs, diamonds, hearts, spades."""
SUIT_WORDS = ("clubs", "diamonds", "hearts", "spades")
SUIT_SYMBOLS = ("♣", "♦", "♥", "♠")
SEATS = ("N", "E", "S", "W")
"""Seats in clockwise order around the table (seen from above)."""
TEAMS = ("NS", "EW")

FULL_DECK = (1 << 32) - 1
SUIT_MASKS = tuple(0xFF << (8 * s) for s in range(4))
"""`hand & SUIT_MASKS[s]` is the part of `hand` in suit `s`."""


def team_of(seat: int) -> str:
    """`NS` for seats 0 and 2 (N, S), `EW` for 1 and 3."""
    return TEAMS[seat % 2]


def parse_seat(text: str, field: str = "seat") -> int:
    try:
        return SEATS.index(str(text).strip().upper())
    except ValueError:
        raise InputError(f"unknown seat {text!r}; seats are N, E, S, W", field) from None


def parse_card(text: str, field: str = "card") -> int:
    """Card index of a code like `10H`; raises InputError naming `field` otherwise."""
    code = str(text).strip().upper()
    rank, suit = code[:-1], code[-1:]
    if rank not in RANKS or suit not in SUITS:
        raise InputError(
            f"unknown card {text!r}; cards are a rank (7 8 9 10 J Q K A) and a suit (C D H S)",
            field,
        )
    return SUITS.index(suit) * 8 + RANKS.index(rank)


def card_name(card: int) -> str:
    return RANKS[card % 8] + SUITS[card // 8]


def card_suit(card: int) -> int:
    return card >> 3


def card_rank(card: int) -> int:
    return card & 7


def parse_cards(codes: Iterable[str], field: str = "cards") -> int:
    """A set of cards (one int) from codes; a repeated card is an error."""
    mask = 0
    for i, code in enumerate(codes):
        bit = 1 << parse_card(code, f"{field}[{i}]")
        if mask & bit:
            raise InputError(f"card {code} appears twice", field)
        mask |= bit
    return mask


def cards_of(mask: int) -> Iterator[int]:
    """Card indices in `mask`, lowest index first."""
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low


def card_names(mask: int) -> list[str]:
    return [card_name(c) for c in cards_of(mask)]
