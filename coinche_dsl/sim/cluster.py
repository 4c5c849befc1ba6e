"""Simulation over a Dask distributed cluster, through the `concurrent.futures.Executor`
interface that `simulate.run` already takes (the `cluster` extra: `pip install
'coinche_dsl[cluster]'`).

    >>> from coinche_dsl.sim.cluster import dask_executor   # doctest: +SKIP
    >>> with dask_executor("tcp://scheduler:8786") as pool:  # doctest: +SKIP
    ...     report = simulate_variants(["ffb", "fr-brut"], deals=10**6, executor=pool)

Chunks are self-contained (`simulate.Chunk`: the rulesets, the index range, the seed) and every
seed derives from the indices, so the records are the same whatever cluster, worker count or
order of completion (`tests/test_cluster.py` checks it on a local cluster).
"""

from __future__ import annotations

from collections.abc import Iterator
from concurrent.futures import Executor
from contextlib import contextmanager, suppress
from typing import Any

from ..errors import CoincheError


class ClusterError(CoincheError, RuntimeError):
    """No cluster: Dask is not installed, or the scheduler cannot be reached."""


@contextmanager
def dask_executor(address: str | None = None, workers: int = 2,
                  timeout: str = "10s") -> Iterator[Executor]:
    """An Executor backed by the Dask scheduler at `address` (`tcp://host:8786`), or, without
    one, by a local cluster of `workers` single-threaded worker processes started here and
    stopped on exit. `timeout`: how long to wait for the scheduler."""
    try:
        from dask.distributed import Client, LocalCluster
    except ImportError:
        raise ClusterError("a cluster needs Dask: pip install 'coinche_dsl[cluster]'") from None
    cluster: Any = None
    try:
        if address is None:
            cluster = LocalCluster(n_workers=workers, threads_per_worker=1, processes=True,
                                   dashboard_address=None)
        client = Client(address or cluster, timeout=timeout)
    except (OSError, TimeoutError) as e:
        if cluster is not None:
            cluster.close()
        raise ClusterError(f"cannot reach the Dask scheduler {address or ''}: {e}") from None
    try:
        yield client.get_executor()
    finally:
        with suppress(Exception):
            client.close()
        if cluster is not None:
            cluster.close()
