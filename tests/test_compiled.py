"""The compiled rules: one frozen object per ruleset, every field set from the ruleset, and no
cache that keeps a dropped ruleset alive."""

from __future__ import annotations

import dataclasses
import gc
import re
import subprocess
import sys
import weakref
from pathlib import Path

import pytest

from coinche_dsl.engine.compiler import COMPILE_CACHE_SIZE, RECENT_SIZE, compile
from coinche_dsl.engine.rules import CompiledRules
from coinche_dsl.loader import load_variant
from coinche_dsl.model import Ruleset
from coinche_dsl.model.enums import AfterCoinche, AllTrumpBeat, CoincheTiming, RaiseOwn, Reentry

SOURCE = Path(__file__).resolve().parents[1] / "coinche_dsl"


def _with_target(rs: Ruleset, target: int) -> Ruleset:
    """A copy of `rs` that differs in its game target only."""
    return rs.model_copy(update={"game": rs.game.model_copy(update={"target": target})})


def test_no_field_has_a_default_so_a_forgotten_one_is_a_type_error() -> None:
    fields = dataclasses.fields(CompiledRules)
    assert [f.name for f in fields if f.default is not dataclasses.MISSING
            or f.default_factory is not dataclasses.MISSING] == []
    with pytest.raises(TypeError, match="missing"):
        CompiledRules(ruleset=load_variant("ffb"))  # type: ignore[call-arg]


def test_the_compiled_rules_are_frozen() -> None:
    rules = compile(load_variant("ffb"))
    with pytest.raises(dataclasses.FrozenInstanceError):
        rules.must_trump = False  # type: ignore[misc]
    with pytest.raises(dataclasses.FrozenInstanceError):
        rules.plan.unit = 1  # type: ignore[misc]
    with pytest.raises(dataclasses.FrozenInstanceError):
        rules.announcement_tables[2].enabled = False  # type: ignore[misc]


def test_policies_are_the_models_enum_members() -> None:
    """ffb (ffb.coinche): reentry allowed, raise_own allowed… each read as the enum member."""
    rs = load_variant("ffb")
    rules = compile(rs)
    assert rules.reentry is rs.auction.reentry and isinstance(rules.reentry, Reentry)
    assert isinstance(rules.raise_own, RaiseOwn) and rules.raise_own is rs.auction.raise_own
    assert isinstance(rules.coinche, CoincheTiming) and rules.coinche is rs.auction.coinche
    assert isinstance(rules.after_coinche, AfterCoinche)
    assert isinstance(rules.all_trump_beat, AllTrumpBeat)


def test_the_game_end_is_read_from_the_ruleset() -> None:
    rs = _with_target(load_variant("ffb"), 1234)
    end = compile(rs).game_end
    assert (end.target, end.both_over, end.tie, end.belote_finish) == (
        1234, rs.game.both_over, rs.game.tie, rs.game.belote_finish)


def test_the_same_rules_compile_once_and_other_rules_apart() -> None:
    ffb = load_variant("ffb")
    assert compile(ffb) is compile(ffb)
    assert compile(ffb) is compile(ffb.model_copy())  # equal content, same locations
    assert compile(compile(ffb)) is compile(ffb)
    other = compile(_with_target(ffb, 1500))
    assert other is not compile(ffb) and other.game_end.target == 1500


def test_a_dropped_ruleset_is_collected() -> None:
    rs = _with_target(load_variant("ffb"), 3001)
    rules = compile(rs)
    alive = weakref.ref(rs)
    alive_rules = weakref.ref(rules)
    del rs, rules
    for target in range(COMPILE_CACHE_SIZE):  # the bounded cache forgets it
        compile(_with_target(load_variant("ffb"), 4000 + target))
    gc.collect()
    assert alive() is None and alive_rules() is None


def test_compiled_rules_pickle_as_their_ruleset() -> None:
    import pickle

    rules = compile(_with_target(load_variant("pt-online"), 777))
    back = pickle.loads(pickle.dumps(rules))
    assert back is rules  # the same process: compiled again means found in the cache
    # Another process (a simulation worker) compiles it afresh.
    script = ("import pickle, sys; r = pickle.loads(sys.stdin.buffer.read()); "
              "print(r.game_end.target, r.points[2][20], r.bid_values[:3])")
    out = subprocess.run([sys.executable, "-c", script], input=pickle.dumps(rules),
                         capture_output=True, check=True, timeout=120).stdout.decode()
    assert out.split(maxsplit=2) == ["777", str(rules.points[2][20]),
                                     f"{rules.bid_values[:3]}\n"]


def test_two_hundred_loads_do_not_keep_two_hundred_rulesets_alive() -> None:
    base = load_variant("ffb")
    refs = []
    for target in range(200):
        rs = _with_target(base, 5000 + target)
        compile(rs).plan  # noqa: B018 - compiled and dropped
        refs.append(weakref.ref(rs))
    del rs
    gc.collect()
    assert sum(r() is not None for r in refs) <= COMPILE_CACHE_SIZE


def test_two_hundred_loads_of_one_variant_share_one_compiled_object() -> None:
    """Loading a file again makes a new Ruleset; compiling it finds the rules already built,
    and the new objects are not kept (the cache holds the first one, and the last few)."""
    first = compile(load_variant("ffb"))
    refs = []
    for _ in range(200):
        rs = load_variant("ffb")
        assert compile(rs) is first
        refs.append(weakref.ref(rs))
    del rs
    gc.collect()
    assert sum(r() is not None for r in refs) <= RECENT_SIZE


def test_no_module_level_cache_is_keyed_by_object_identity() -> None:
    """Caches keyed by `id(…)` keep their objects alive (or must be checked by hand)."""
    found = [f"{p.relative_to(SOURCE)}:{i}" for p in SOURCE.rglob("*.py")
             for i, line in enumerate(p.read_text(encoding="utf-8").splitlines(), 1)
             if re.search(r"\bid\((?!entifier)", line) and not line.lstrip().startswith("#")]
    assert found == []


def test_the_loader_passes_locations_through_validation() -> None:
    """The Ruleset keeps where each rule was written from its validation context."""
    rs = load_variant("ffb")
    assert rs.where("play", "undertrump").startswith("ffb.coinche:")
    assert dict(rs.locations())[("play", "undertrump")] == rs.where("play", "undertrump")
    assert "._where" not in (SOURCE / "loader.py").read_text(encoding="utf-8")


class _Unreadable:
    """Stands for the Ruleset: any read of it fails the test."""

    def __getattr__(self, name: str) -> object:
        raise AssertionError(f"the engine read ruleset.{name} past compile")


@pytest.mark.parametrize("name", ["ffb", "pt-online", "it-701"])
def test_games_are_played_and_scored_from_the_compiled_rules_alone(name: str) -> None:
    """Dealing, the auction, the play, automatic announcements, scoring and the end of the game
    read the compiled object only (the Ruleset is kept for citations in error messages)."""
    import random

    from coinche_dsl.engine import Game, play_game
    from coinche_dsl.engine.game import UniformBot

    rules = compile(load_variant(name))
    blind = dataclasses.replace(rules, ruleset=_Unreadable(), cache={})
    rng = random.Random(3)
    game = Game(blind, rng)
    assert play_game(game, [UniformBot(rng)] * 4)
    outcome = game.outcome()
    assert outcome.winner in ("NS", "EW") and outcome.deals > 0
