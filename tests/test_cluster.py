"""Simulation on a Dask distributed local cluster (worker processes), through the Executor
interface: the same records as without workers. Skipped only where Dask is not installed (the
test extra installs it, so CI runs it)."""

from __future__ import annotations

import pytest

from coinche_dsl.loader import load_variant
from coinche_dsl.sim.simulate import run

pytest.importorskip("dask.distributed", reason="the cluster extra (Dask) is not installed")


def test_a_local_cluster_gives_the_records_of_a_single_process():
    from coinche_dsl.sim.cluster import dask_executor

    rulesets = [load_variant("ffb"), load_variant("fr-bga")]
    alone = run(rulesets, deals=60, games=2, seed=5, bots="random", jobs=1, chunk_size=10)
    with dask_executor(workers=2) as pool:
        spread = run(rulesets, deals=60, games=2, seed=5, bots="random", executor=pool,
                     chunk_size=10)
    assert spread.deals == alone.deals and spread.games == alone.games
    assert len(spread.deals[0]) == 60


def test_an_unreachable_scheduler_is_a_clean_error():
    from coinche_dsl.sim.cluster import ClusterError, dask_executor

    with pytest.raises(ClusterError, match="cannot reach"), dask_executor("tcp://127.0.0.1:9",
                                                                        timeout="1s"):
        pass
