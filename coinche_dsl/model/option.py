"""Options: choices a variant leaves to the table or the organiser ("à définir avant la partie :
si vous jouez sans-atout et tout-atout"), each value a block of the rules it sets.

The loader applies the chosen values (the defaults unless a command says otherwise) before it
validates the rules; the Ruleset keeps every option it left open, with the value it was built
with, so that the sheet prints the option as an option and `compare` can set one value against
another. Functions over options and a Ruleset live in `choices`.
"""

from __future__ import annotations

from typing import Any

from pydantic import Field

from ..limits import MAX_OPTION_VALUES, MAX_TEXT
from .base import RuleModel

OPTION_NAME = r"^[A-Za-z_][A-Za-z0-9_]{0,79}$"


class OptionValue(RuleModel):
    """One value of an option and the rules it sets."""

    name: str = Field(pattern=OPTION_NAME)
    """The value's name, as `--option NAME=VALUE` writes it (`yes`, `fails`)."""
    label: str | None = Field(default=None, min_length=1, max_length=MAX_TEXT)
    """The value as the sheet prints it, in the variant's language (`appliquee "appliquée"`);
    none: the sheet prints the name."""
    sets: dict[str, Any]
    """The rule blocks the value sets, as written (`{"scoring": {"litige": "fails"}}`); every
    value of an option sets the same rules."""


class Option(RuleModel):
    """A choice left open by the variant: the sheet prints it as one, commands take
    `--option NAME=VALUE`."""

    name: str = Field(pattern=OPTION_NAME)
    """The option's name, as `--option NAME=VALUE` writes it."""
    title: str = Field(default="", max_length=MAX_TEXT)
    """What the table agrees on, in the variant's language ("Sans-atout et tout-atout")."""
    default: str
    """The value played unless the table or the organiser chooses another."""
    chosen: str
    """The value these rules were built with."""
    values: list[OptionValue] = Field(min_length=2, max_length=MAX_OPTION_VALUES)
    """The values, in the order the variant writes them."""

    def shown(self, name: str) -> str:
        """How the sheet prints the value called `name`: its label, else its name in words
        (`sans_atout`: "sans atout")."""
        label = self.value(name).label
        return label if label is not None else name.replace("_", " ")

    def value(self, name: str) -> OptionValue:
        """The value called `name` (KeyError when there is none)."""
        for v in self.values:
            if v.name == name:
                return v
        raise KeyError(name)
