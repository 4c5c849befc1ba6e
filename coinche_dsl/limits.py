"""The bounds of the language: every number, list and text a variant file or a JSON input may
hold, chosen from real variants with a wide margin (docs/language.md prints this table).

Real rule sets bid 80 to 180, value capot 250 to 500 and générale 500 to 1000, write at most a
dozen examples and formulas of a few dozen terms. The bounds are ten times that or more, yet
small enough that every command runs in bounded time and memory on any accepted file.
"""

from __future__ import annotations

from typing import Final

MAX_FILE_BYTES: Final = 1_000_000
"""A variant file's size (real ones are under 20 kB); read no further than this."""
MAX_TOKENS: Final = 20_000
"""Words, numbers and signs in a file, comments and texts aside (real ones: under 2,000);
counted before the parser runs, which keeps every command's parsing under a second."""
MAX_SYNTAX_ERRORS: Final = 10
"""Syntax errors reported for one file (the parser recovers after each; past ten, the file is
more likely not a variant file at all)."""
MAX_BLOCK_DEPTH: Final = 12
"""Blocks nested in a file (real ones nest 3 deep)."""
MAX_PAREN_DEPTH: Final = 60
"""Parentheses nested in a formula."""
MAX_FORMULA_NODES: Final = 500
"""Numbers, quantities and operators in one formula (real ones use fewer than 30)."""
MAX_NUMBER_DIGITS: Final = 100
"""Digits of a number as written (longer ones are refused before conversion)."""
MAX_CONSTANT: Final = 100_000
"""A number written in a formula."""
MAX_VALUE: Final = 1_000_000_000
"""Any value a formula can compute (bounded from the variant's own numbers), any expected score."""
MAX_BID: Final = 1_000
"""A numeric bid, `maximum_bid` included (real ones stop at 160 to 180)."""
BID_CAP_WITHOUT_MAXIMUM: Final = 500
"""With `maximum_bid none`, numeric bids go up to this value, so that `legal_calls()` stays
finite and every formula stays bounded: no deal of 162 card points makes more."""
MAX_SPECIAL_BID: Final = 10_000
"""The contract value of capot or générale (real ones: 250 to 1000)."""
MAX_ANNOUNCEMENT: Final = 1_000
"""The value of one carré or sequence (real ones: 20 to 200)."""
MAX_EXAMPLES: Final = 100
"""Worked examples in one variant (real ones: up to a dozen)."""
MAX_GAME_DEALS: Final = 100
"""Deals of a game of a fixed number of deals (`game.deals`; tournaments play 4 to 16)."""
MAX_SOURCES: Final = 100
"""Entries of `sources`."""
MAX_TEXT: Final = 10_000
"""Characters of a title, description, source or example name."""
MAX_CARD_POINTS: Final = 10_000
"""Card points of a side in a deal summary (a 32-card deck holds at most 3,200)."""
MAX_OPTIONS: Final = 12
"""Options a variant leaves to the table (real rulebooks leave two or three)."""
MAX_OPTION_VALUES: Final = 8
"""Values of one option (real ones: two, a target three or four)."""
MAX_OPTION_COMBINATIONS: Final = 16
"""Combinations of option values `check` runs the examples under; past this it runs each
option's values against the defaults of the others (and says so)."""
MAX_JSON_BYTES: Final = 10_000_000
"""A `score` or `replay` input's size."""

LIMITS: Final = {
    name: value for name, value in globals().items() if name.startswith("MAX_")
}
"""Every bound above, by name (for the documentation)."""
