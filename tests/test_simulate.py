"""Simulation: seeds, statistics, pairing, identical results whatever the jobs or executor, and
the `coinche simulate` command."""

from __future__ import annotations

import json
import math
import os
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest
from typer.testing import CliRunner

from coinche_dsl.cli import _register, app
from coinche_dsl.loader import load_variant
from coinche_dsl.sim import simulate_variants
from coinche_dsl.sim.simulate import derive_seed, run
from coinche_dsl.sim.stats import mean_ci, paired_difference, proportion_ci

runner = CliRunner()
_register()


# -- statistics ------------------------------------------------------------------------------

def test_wilson_interval_matches_the_textbook_values() -> None:
    p = proportion_ci(5, 10)
    assert (round(p.low, 4), round(p.high, 4)) == (0.2366, 0.7634)
    rare = proportion_ci(1, 1000)
    assert rare.low > 0 and round(rare.high, 4) == 0.0056


def test_mean_interval_is_centred_and_shrinks_with_n() -> None:
    small, large = mean_ci([0, 10] * 5), mean_ci([0, 10] * 500)
    assert small.value == large.value == 5
    assert large.high - large.low < (small.high - small.low) / 5
    assert math.isclose(small.high - small.value, 1.959963984540054 * math.sqrt(250 / 9 / 10))


def test_paired_difference_skips_unknown_pairs() -> None:
    d = paired_difference([1, None, 3, 4], [2, 5, None, 6])
    assert (d.value, d.n) == (1.5, 2)


def test_seeds_are_stable_and_distinct() -> None:
    assert derive_seed(3, "deal", 0) == derive_seed(3, "deal", 0)
    assert len({derive_seed(3, "deal", i) for i in range(1000)}) == 1000
    assert derive_seed(3, "deal", 0) != derive_seed(4, "deal", 0)


# -- pairing and determinism ---------------------------------------------------------------

FFB = load_variant("ffb")


def test_a_variant_against_itself_differs_by_exactly_nothing() -> None:
    report = simulate_variants([FFB, FFB], deals=60, games=2, seed=9, jobs=1)
    diffs = report["paired"][0]["differences"]
    assert all(d["value"] == 0 and d["low"] == 0 for d in diffs.values() if d["n"])
    assert report["variants"][0]["deals"] == report["variants"][1]["deals"]


def test_results_do_not_depend_on_chunking_or_executor() -> None:
    base = run([FFB], deals=50, games=2, seed=4, jobs=1)
    other = run([FFB], deals=50, games=2, seed=4, chunk_size=7, jobs=1)
    with ThreadPoolExecutor(max_workers=3) as pool:
        threaded = run([FFB], deals=50, games=2, seed=4, executor=pool)
    assert base.deals == other.deals == threaded.deals
    assert base.games == other.games == threaded.games


def test_same_cards_under_every_variant() -> None:
    # es-club and ffb share the auction's card tables, so the same hands give the same bids
    # for the heuristic bot; only scoring and play rules may move the outcomes.
    out = run([FFB, load_variant("es-club")], deals=40, seed=2, jobs=1)
    bids = [[(r.declarer, r.bid, r.denomination) for r in recs] for recs in out.deals]
    assert sum(a == b for a, b in zip(*bids, strict=True)) >= 30


def test_report_counts_and_breakdowns_add_up() -> None:
    report = simulate_variants(["ffb"], deals=120, seed=1, jobs=1)
    d = report["variants"][0]["deals"]
    assert d["deals"] == 120
    assert sum(b["n"] for b in d["success_by_bid"].values()) == d["contracts"]
    assert sum(b["n"] for b in d["success_by_denomination"].values()) == d["contracts"]
    assert 0.5 < d["success"]["value"] < 0.95  # the heuristic bot's contracts mostly make
    assert d["declarers_points"]["low"] <= d["declarers_points"]["value"]


def test_unknown_bots_are_refused() -> None:
    with pytest.raises(ValueError, match="heuristic"):
        simulate_variants(["ffb"], deals=1, bots="clever")


# -- the command -------------------------------------------------------------------------------

ARGS = ["simulate", "ffb", "es-club", "--deals", "80", "--games", "2", "--seed", "5",
        "--format", "json"]


def test_json_is_identical_for_one_and_two_jobs() -> None:
    one = runner.invoke(app, [*ARGS, "--jobs", "1"])
    two = runner.invoke(app, [*ARGS, "--jobs", "2"])
    assert one.exit_code == 0, one.output
    assert two.exit_code == 0, two.output
    assert one.stdout == two.stdout
    report = json.loads(one.stdout)
    assert [v["name"] for v in report["variants"]] == ["ffb", "es-club"]
    assert report["paired"][0]["vs"] == "ffb"
    assert report["variants"][0]["games"]["games"] == 2


def test_expected_bots_give_the_same_records_at_any_jobs() -> None:
    # The rule-aware bots value many deals' calls together: how the deals are cut into
    # chunks, and which process plays them, must not change a call.
    two = [load_variant("ffb"), load_variant("fr-brut")]
    one = run(two, deals=300, seed=7, bots="expected", jobs=1)
    pool = run(two, deals=300, seed=7, bots="expected", jobs=2)
    small = run(two, deals=300, seed=7, bots="expected", jobs=1, chunk_size=70)
    assert one.deals == pool.deals == small.deals
    assert sum(r.declarer is not None for r in one.deals[1]) > 250


def test_text_report_shows_the_tables() -> None:
    result = runner.invoke(app, ["simulate", "ffb", "fr-bga", "--deals", "40", "--jobs", "1"])
    assert result.exit_code == 0, result.output
    for heading in ("Per variant", "Contracts made, by bid", "Contracts made, by denomination",
                    "Paired differences vs ffb", "contracts made", "coinched"):
        assert heading in result.stdout


def test_bad_arguments_are_clear_errors() -> None:
    assert runner.invoke(app, ["simulate", "ffb", "--deals", "-1"]).exit_code == 2
    unknown = runner.invoke(app, ["simulate", "ffbb", "--deals", "5"])
    assert unknown.exit_code == 2 and "did you mean 'ffb'" in unknown.output
    wrong = runner.invoke(app, ["simulate", "ffb", "--deals", "5", "--plot", "out.pdf"])
    assert wrong.exit_code == 1 and ".svg or .png" in wrong.output
    nowhere = runner.invoke(app, ["simulate", "ffb", "--deals", "5", "--plot", "no/such/out.svg"])
    assert nowhere.exit_code == 1 and "no folder no/such" in nowhere.output
    assert "Traceback" not in nowhere.output


def test_plot_needs_matplotlib_or_draws_the_file(tmp_path) -> None:
    target = tmp_path / "cmp.svg"
    result = runner.invoke(app, ["simulate", "ffb", "es-club", "--deals", "30", "--jobs", "1",
                                 "--plot", str(target)])
    try:
        import matplotlib  # noqa: F401
    except ImportError:
        assert result.exit_code == 1 and "pip install 'coinche_dsl[plot]'" in result.output
        assert not target.exists()
        return
    assert result.exit_code == 0, result.output
    assert target.read_text().lstrip().startswith(("<?xml", "<svg"))


def test_a_bot_factory_plays_in_worker_processes() -> None:
    from coinche_dsl.sim import RandomBot

    inline = simulate_variants([FFB], deals=120, seed=3, bots=RandomBot, jobs=1)
    pooled = simulate_variants([FFB], deals=120, seed=3, bots=RandomBot, jobs=2)
    assert inline == pooled and inline["settings"]["bots"] == "RandomBot"
    # Random bots overbid wildly: most of their contracts fail.
    assert inline["variants"][0]["deals"]["success"]["value"] < 0.3


def test_progress_reports_every_deal_and_game() -> None:
    seen: list[int] = []
    run([FFB], deals=130, games=3, seed=1, jobs=1, progress=seen.append, bots="random")
    assert seen == [100, 30, 2, 1]  # chunks of 100 deals and of 2 games
    seen.clear()  # heuristic bots play their deals on the array path, in chunks up to 1000
    run([FFB], deals=1300, games=3, seed=1, jobs=1, progress=seen.append)
    assert seen == [650, 650, 2, 1]


MATHTEXT = Path(__file__).parent / "regressions" / "mathtext-name.coinche"


@pytest.mark.parametrize("suffix", ["svg", "png"])
def test_a_name_matplotlib_would_read_as_mathtext_is_plotted_as_written(tmp_path,
                                                                       suffix) -> None:
    """Issue #32: `variant "a$\\foo$b"` (accepted by check) crashed `simulate --plot`."""
    pytest.importorskip("matplotlib")
    target = tmp_path / f"cmp.{suffix}"
    target.write_bytes(b"old")
    os.chmod(target, 0o640)
    result = runner.invoke(app, ["simulate", str(MATHTEXT), "--deals", "8", "--jobs", "1",
                                 "--plot", str(target)])
    assert result.exit_code == 0, result.output
    assert target.read_bytes()[:5] in (b"<?xml", b"\x89PNG\r") and not list(
        tmp_path.glob(".*.tmp"))
    assert os.stat(target).st_mode & 0o777 == 0o640  # replaced whole, its mode kept
    if suffix == "svg":
        assert "\\foo" in target.read_text(encoding="utf-8")


def test_simulate_json_escapes_bidirectional_controls() -> None:
    result = runner.invoke(app, ["simulate", str(MATHTEXT), "--deals", "4", "--jobs", "1",
                                 "--format", "json"])
    assert result.exit_code == 0, result.output
    assert "\u202e" not in result.stdout and "\\u202e" in result.stdout
    assert "\u202e" in json.loads(result.stdout)["variants"][0]["name"]  # the same text
