"""What securing the local Dask cluster costs: `simulate` on a local cluster of two worker
processes over TLS with a temporary certificate (what `--cluster local` starts), against the
same cluster over plain TCP (open to every process of the machine, as before) and an
in-process cluster (worker threads, no listening port), in one run, interleaved.

    python benchmarks/bench_cluster.py [ROUNDS] [DEALS]

Per round and setting: the wall-clock seconds to start the cluster, to simulate DEALS deals of
ffb against fr-bga with random bots, and to stop it (wall clock: the workers are other
processes). Prints the medians and the ratios to plain TCP. Needs the `cluster` extra.
"""

from __future__ import annotations

import statistics
import sys
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

from coinche_dsl.loader import load_variant
from coinche_dsl.sim.cluster import dask_executor
from coinche_dsl.sim.simulate import run


@contextmanager
def plain(processes: bool) -> Iterator[Any]:
    from dask.distributed import Client, LocalCluster

    where = {"host": "127.0.0.1"} if processes else {}  # in-process: inproc://, no port
    cluster = LocalCluster(n_workers=2, threads_per_worker=1, processes=processes,
                           dashboard_address=None, worker_dashboard_address=None, **where)
    client = Client(cluster)
    try:
        yield client.get_executor()
    finally:
        client.close()
        cluster.close()


SETTINGS: dict[str, Callable[[], Any]] = {
    "tcp, open": lambda: plain(True),
    "tls (local)": lambda: dask_executor(workers=2),
    "in-process": lambda: plain(False),
}


def main() -> None:
    rounds = int(sys.argv[1]) if len(sys.argv) > 1 else 3
    deals = int(sys.argv[2]) if len(sys.argv) > 2 else 2000
    rulesets = [load_variant("ffb"), load_variant("fr-bga")]
    times: dict[str, dict[str, list[float]]] = {
        name: {"start": [], "simulate": [], "stop": []} for name in SETTINGS}
    for _ in range(rounds):
        for name, make in SETTINGS.items():
            began = time.perf_counter()
            with make() as pool:
                started = time.perf_counter()
                run(rulesets, deals=deals, games=0, seed=1, bots="random", executor=pool,
                    chunk_size=250)
                simulated = time.perf_counter()
            stopped = time.perf_counter()
            times[name]["start"].append(started - began)
            times[name]["simulate"].append(simulated - started)
            times[name]["stop"].append(stopped - simulated)
    base = {part: statistics.median(v) for part, v in times["tcp, open"].items()}
    print(f"{deals} deals x 2 variants, random bots, 2 workers; medians of {rounds} rounds")
    print(f"{'cluster':<13} {'start s':>8} {'simulate s':>11} {'stop s':>7} "
          f"{'simulate ratio':>15} {'total ratio':>12}")
    for name, parts in times.items():
        med = {part: statistics.median(v) for part, v in parts.items()}
        print(f"{name:<13} {med['start']:8.2f} {med['simulate']:11.2f} {med['stop']:7.2f} "
              f"{med['simulate'] / base['simulate']:14.2f}x "
              f"{sum(med.values()) / sum(base.values()):11.2f}x")


if __name__ == "__main__":
    main()
