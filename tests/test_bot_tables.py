"""The `expected` bidder's learned tables: what a learned row holds, and the disk cache (hit,
miss, corrupt or foreign file, fingerprint change, cache off or unwritable)."""

from __future__ import annotations

import warnings

import numpy as np
import pytest

from coinche_dsl.cards import parse_card
from coinche_dsl.engine import compile
from coinche_dsl.engine.rules import CompiledRules
from coinche_dsl.loader import load_variant
from coinche_dsl.sim import learned, table_cache
from coinche_dsl.sim.table_cache import TableCacheWarning, load_or_learn, table_path

SMALL = 64


@pytest.fixture(scope="module")
def rules() -> CompiledRules:
    return compile(load_variant("ffb"))


@pytest.fixture
def cache(tmp_path, monkeypatch):
    monkeypatch.setenv("COINCHE_CACHE", str(tmp_path / "cache"))
    return tmp_path / "cache"


class Counting:
    """`learned.learn`, counting its calls."""

    def __init__(self) -> None:
        self.calls = 0

    def __call__(self, rules: CompiledRules, uniform: int, boosted: int) -> dict:
        self.calls += 1
        return learned.learn(rules, uniform, boosted)


def same(a: dict, b: dict) -> bool:
    return a.keys() == b.keys() and all(np.array_equal(a[k], b[k]) for k in a)


def test_a_miss_learns_and_writes_then_a_hit_reads(rules, cache) -> None:
    learn = Counting()
    first = load_or_learn(rules, SMALL, SMALL, learn)
    path = table_path(rules, SMALL, SMALL)
    assert learn.calls == 1 and path is not None and path.exists()
    assert path.parent == cache and rules.fingerprint in path.name
    assert not list(cache.glob("*.tmp"))  # written under a temporary name, then renamed
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        second = load_or_learn(rules, SMALL, SMALL, learn)
    assert learn.calls == 1 and same(first, second)


@pytest.mark.parametrize("garbage", [b"", b"not a table", b"PK\x03\x04 truncated zip"])
def test_a_corrupt_file_is_ignored_with_a_warning_and_rebuilt(rules, cache, garbage) -> None:
    path = table_path(rules, SMALL, SMALL)
    assert path is not None
    cache.mkdir()
    path.write_bytes(garbage)
    learn = Counting()
    with pytest.warns(TableCacheWarning, match="not a readable table file"):
        arrays = load_or_learn(rules, SMALL, SMALL, learn)
    assert learn.calls == 1
    assert same(load_or_learn(rules, SMALL, SMALL, learn), arrays) and learn.calls == 1


def test_a_file_learned_for_other_rules_is_not_read(rules, cache) -> None:
    other = compile(load_variant("fr-bga"))
    load_or_learn(other, SMALL, SMALL)
    theirs, ours = table_path(other, SMALL, SMALL), table_path(rules, SMALL, SMALL)
    assert theirs is not None and ours is not None and theirs != ours
    ours.write_bytes(theirs.read_bytes())  # a foreign file under our name
    learn = Counting()
    with pytest.warns(TableCacheWarning, match="other rules"):
        load_or_learn(rules, SMALL, SMALL, learn)
    assert learn.calls == 1


def test_tables_learned_by_other_code_are_not_read(rules, cache, monkeypatch) -> None:
    # The bots that play the learning deals, or the engine, may change between versions while
    # the rules' fingerprint does not: such tables are another file, and a file written by
    # other code under this code's name is refused like a foreign one.
    load_or_learn(rules, SMALL, SMALL)
    ours = table_path(rules, SMALL, SMALL)
    assert ours is not None and table_cache.code_digest() in ours.name
    monkeypatch.setattr(table_cache, "code_digest", lambda: "0123456789ab")
    theirs = table_path(rules, SMALL, SMALL)
    assert theirs is not None and theirs != ours and not theirs.exists()
    learn = Counting()
    load_or_learn(rules, SMALL, SMALL, learn)  # a miss: learned again by "this" code
    assert learn.calls == 1 and theirs.exists()
    theirs.write_bytes(ours.read_bytes())  # the other version's file under this one's name
    with pytest.warns(TableCacheWarning, match="another version"):
        load_or_learn(rules, SMALL, SMALL, learn)
    assert learn.calls == 2


def test_malformed_arrays_are_not_read(rules, cache) -> None:
    arrays = load_or_learn(rules, SMALL, SMALL)
    path = table_path(rules, SMALL, SMALL)
    assert path is not None
    meta = table_cache._meta(rules, SMALL, SMALL)
    broken = dict(arrays, tricks2=arrays["tricks2"][:3])
    table_cache._write(path, broken, meta)
    with pytest.warns(TableCacheWarning, match="tricks2 has the wrong shape"):
        assert same(load_or_learn(rules, SMALL, SMALL), arrays)
    table_cache._write(path, dict(arrays, declarer0=arrays["declarer0"] + 7), meta)
    with pytest.warns(TableCacheWarning, match="out of range"):
        load_or_learn(rules, SMALL, SMALL)


def _damaged(raw: bytes, how: str) -> bytes:
    """A good table file damaged as a disk or a killed writer damages one."""
    if how == "truncated":
        return raw[: len(raw) // 2]
    # the compressed data of the largest member flipped, its zip headers intact: the archive
    # opens and only inflating the member fails (zlib.error, issue #32)
    import io
    import zipfile

    with zipfile.ZipFile(io.BytesIO(raw)) as archive:
        info = max(archive.infolist(), key=lambda i: i.compress_size)
    name_len = int.from_bytes(raw[info.header_offset + 26:info.header_offset + 28], "little")
    extra_len = int.from_bytes(raw[info.header_offset + 28:info.header_offset + 30], "little")
    start = info.header_offset + 30 + name_len + extra_len
    return raw[:start] + bytes(b ^ 0xFF for b in raw[start:start + 32]) + raw[start + 32:]


@pytest.mark.parametrize("how", ["deflate", "truncated"])
def test_a_damaged_file_is_ignored_and_learned_again(rules, cache, how) -> None:
    arrays = load_or_learn(rules, SMALL, SMALL)
    path = table_path(rules, SMALL, SMALL)
    assert path is not None
    path.write_bytes(_damaged(path.read_bytes(), how))
    learn = Counting()
    with pytest.warns(TableCacheWarning, match="not a readable table file"):
        assert same(load_or_learn(rules, SMALL, SMALL, learn), arrays)
    assert learn.calls == 1
    with warnings.catch_warnings():  # the file written again is good
        warnings.simplefilter("error")
        load_or_learn(rules, SMALL, SMALL, learn)
    assert learn.calls == 1


@pytest.mark.parametrize("change", [
    lambda a: dict(a, hands0=a["hands0"].astype(np.int64)),   # another dtype
    lambda a: dict(a, worth1=a["worth1"][:, :2]),              # another row shape
    lambda a: dict(a, points0=np.int16(3)),                    # no dimension at all
])
def test_arrays_of_the_wrong_shape_or_type_are_not_read(rules, cache, change) -> None:
    arrays = load_or_learn(rules, SMALL, SMALL)
    path = table_path(rules, SMALL, SMALL)
    assert path is not None
    table_cache._write(path, change(arrays), table_cache._meta(rules, SMALL, SMALL))
    with pytest.warns(TableCacheWarning, match="wrong shape or type"):
        assert same(load_or_learn(rules, SMALL, SMALL), arrays)


def test_a_fifo_in_place_of_the_file_is_not_waited_on(rules, cache) -> None:
    import os

    path = table_path(rules, SMALL, SMALL)
    assert path is not None
    cache.mkdir()
    os.mkfifo(path)
    with pytest.warns(TableCacheWarning, match="named pipe"):
        load_or_learn(rules, SMALL, SMALL)


def test_rules_that_change_have_their_own_tables(rules, cache, tmp_path) -> None:
    # A variant that only stops rounding scores plays alike but has another fingerprint:
    # its own file, learned once, from the same deals (the learning's seed is not the
    # fingerprint's), so their bots differ by their scoring only.
    path = tmp_path / "raw.coinche"
    path.write_text('variant "raw" extends "ffb" {\n  scoring {\n    rounding none\n  }\n}\n',
                    encoding="utf-8")
    raw = compile(load_variant(path))
    assert raw.fingerprint != rules.fingerprint
    learn = Counting()
    ours, theirs = (load_or_learn(rules, SMALL, SMALL, learn),
                    load_or_learn(raw, SMALL, SMALL, learn))
    assert learn.calls == 2 and len(list(cache.glob("*.npz"))) == 2
    assert same(ours, theirs)
    load_or_learn(raw, SMALL, SMALL, learn)
    assert learn.calls == 2


def test_the_cache_can_be_turned_off_or_be_unwritable(rules, tmp_path, monkeypatch) -> None:
    monkeypatch.setenv("COINCHE_CACHE", "off")
    assert table_cache.cache_dir() is None and table_path(rules, SMALL, SMALL) is None
    learn = Counting()
    load_or_learn(rules, SMALL, SMALL, learn)
    load_or_learn(rules, SMALL, SMALL, learn)
    assert learn.calls == 2
    blocked = tmp_path / "a-file"
    blocked.write_text("not a directory", encoding="utf-8")
    monkeypatch.setenv("COINCHE_CACHE", str(blocked / "cache"))
    with pytest.warns(TableCacheWarning, match="could not cache"):
        arrays = load_or_learn(rules, SMALL, SMALL)
    assert learned.check(arrays, rules.denominations) is None


def test_the_cache_lives_in_the_users_cache_directory(monkeypatch, tmp_path) -> None:
    monkeypatch.delenv("COINCHE_CACHE", raising=False)
    monkeypatch.setattr(table_cache.sys, "platform", "linux")
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    assert table_cache.cache_dir() == tmp_path / "coinche_dsl"


def test_learned_rows_are_the_deals_played_out(rules) -> None:
    # FFB 2015: 152 card points in the deck (without the 10 of the last trick); a belote is
    # the king and queen of trumps in one hand, and the heuristic bots always say it.
    arrays = learned.learn(rules, 200, 200)
    assert learned.check(arrays, rules.denominations) is None
    hearts = 2
    hands = arrays[f"hands{hearts}"].astype(np.int64)
    assert (np.bitwise_or.reduce(hands, axis=1) == 0xFFFFFFFF).all()
    assert (np.bitwise_count(hands) == 8).all()
    assert (arrays[f"points{hearts}"].sum(axis=1) == 152).all()
    tricks, generale = arrays[f"tricks{hearts}"], arrays[f"generale{hearts}"]
    assert ((tricks >= 0) & (tricks <= 8)).all() and (tricks[generale] == 8).all()
    decl = arrays[f"declarer{hearts}"].astype(np.int64)
    king_queen = 1 << parse_card("KH") | 1 << parse_card("QH")
    holds = (hands & king_queen) == king_queen
    ours = holds[np.arange(400), decl] | holds[np.arange(400), (decl + 2) % 4]
    theirs = holds[np.arange(400), (decl + 1) % 4] | holds[np.arange(400), (decl + 3) % 4]
    assert (arrays[f"belote{hearts}"][:, 0] == ours).all()
    assert (arrays[f"belote{hearts}"][:, 1] == theirs).all()
    # Boosted deals: the declarer holds at least four trumps; dealt ones hold two on average.
    trumps = np.bitwise_count(hands[np.arange(400), decl] & 0xFF << 8 * hearts)
    boosted = arrays[f"boosted{hearts}"]
    assert (trumps[boosted] >= 4).all() and 1.5 < trumps[~boosted].mean() < 2.5
    # The same seed learns the same deals.
    assert same(arrays, learned.learn(rules, 200, 200))


def test_a_simulation_over_a_corrupt_cache_warns_and_runs(cache, monkeypatch) -> None:
    from typer.testing import CliRunner

    from coinche_dsl.cli import _register, app

    _register()
    monkeypatch.setattr(table_cache, "_MEMORY", {})
    rules = compile(load_variant("ffb"))
    path = table_path(rules, learned.UNIFORM, learned.BOOSTED)
    assert path is not None
    cache.mkdir()
    path.write_bytes(b"\x00garbage")
    with pytest.warns(TableCacheWarning, match="learning them again"):
        result = CliRunner().invoke(app, ["simulate", "ffb", "--deals", "2", "--jobs", "1",
                                          "--bots", "expected", "--format", "json"])
    assert result.exit_code == 0 and "Traceback" not in result.output
    assert learned.check(dict(np.load(path)), rules.denominations) is None  # rebuilt


KNOB_VARIANTS = [
    # Rules whose play or credits the learned rows record differently: a partner's trick to
    # overtrump, undertrumping required, a master partner not freeing the follower, belotes
    # of the declarers only, play clockwise.
    'variant "t" extends "ffb" { play { overtrump_partner yes } }',
    'variant "t" extends "ffb" { play { undertrump required } }',
    'variant "t" extends "ffb" { play { partner_master_free no } }',
    'variant "t" extends "ffb" { belote { claim declarers_only } }',
    'variant "t" extends "pt-online" { table { direction clockwise } }',
]


@pytest.mark.parametrize("name", ["ffb", "ffb-contree", "es-club", "pt-online", "it-701",
                                  "fr-brut", "fr-bga", *range(len(KNOB_VARIANTS))])
def test_rows_learned_over_arrays_are_the_deals_played_by_the_bots(name, tmp_path) -> None:
    # `learn` plays its deals over arrays; `_play_one` plays each on `Deal` with four
    # `HeuristicBot`s, the reference: every column of every row must agree, at every
    # denomination, on uniform and boosted deals alike.
    if isinstance(name, int):
        path = tmp_path / "t.coinche"
        path.write_text(KNOB_VARIANTS[name], encoding="utf-8")
        ruleset = load_variant(path)
    else:
        ruleset = load_variant(name)
    rules = compile(ruleset)
    rng = np.random.default_rng(11)
    for d in rules.denominations:
        n = 120
        declarer = rng.integers(0, 4, n)
        hands = learned._dealt(rng, n, learned._top_cards(rules, d) if d % 2 else None,
                               declarer)
        reference = np.array([learned._play_one(rules, d, hands[i].tolist(),
                                                int(declarer[i]), i) for i in range(n)])
        assert (learned._play_all(rules, d, hands, declarer) == reference).all(), (name, d)
