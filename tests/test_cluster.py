"""Simulation on a Dask distributed local cluster (worker processes), through the Executor
interface: the same records as without workers, and a cluster no other process can use (TLS
with a certificate of the run's own). Skipped only where Dask is not installed (the test extra
installs it, so CI runs it)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from coinche_dsl.loader import load_variant
from coinche_dsl.sim.simulate import run

pytest.importorskip("dask.distributed", reason="the cluster extra (Dask) is not installed")

OUTSIDER = """
import sys, asyncio
from distributed import Client
from distributed.comm import connect
from distributed.security import Security

proof, scheduler, *workers = sys.argv[1:]

def plant():
    open(proof, "w").write("ran")

tries = []
for security in (None, Security.temporary()):  # no certificate, then one of its own
    try:
        with Client(scheduler, timeout="3s", security=security) as c:
            c.submit(plant).result(timeout=5)
        tries.append("submitted")
    except Exception as e:
        tries.append(type(e).__name__)
    for address in [scheduler, *workers]:
        for form in (address, address.replace("tls://", "tcp://")):
            async def reach():
                kw = security.get_connection_args("client") if security else {}
                comm = await connect(form, timeout=3, **kw)
                await comm.write({"op": "identity"})
                await comm.read()
            try:
                asyncio.run(reach())
                tries.append("reached " + form)
            except Exception as e:
                tries.append(type(e).__name__)
print(tries)
"""


def test_a_local_cluster_gives_the_records_of_a_single_process():
    from coinche_dsl.sim.cluster import dask_executor

    rulesets = [load_variant("ffb"), load_variant("fr-bga")]
    alone = run(rulesets, deals=60, games=2, seed=5, bots="random", jobs=1, chunk_size=10)
    with dask_executor(workers=2) as pool:
        spread = run(rulesets, deals=60, games=2, seed=5, bots="random", executor=pool,
                     chunk_size=10)
    assert spread.deals == alone.deals and spread.games == alone.games
    assert len(spread.deals[0]) == 60


def test_another_process_cannot_use_the_local_cluster(tmp_path: Path):
    """Another process of the machine (another account, in the issue) finds the scheduler's
    and the workers' ports: without the run's certificate it can neither submit work nor talk
    to any of them, over TLS or plain TCP, even with a certificate of its own."""
    from coinche_dsl.sim.cluster import dask_executor

    proof = tmp_path / "ran"
    with dask_executor(workers=1) as pool:
        client = pool._client  # type: ignore[attr-defined]
        scheduler = client.scheduler.address
        workers = list(client.scheduler_info()["workers"])
        assert scheduler.startswith("tls://127.0.0.1:") and workers
        assert all(w.startswith("tls://127.0.0.1:") for w in workers)
        done = subprocess.run([sys.executable, "-c", OUTSIDER, str(proof), scheduler, *workers],
                              capture_output=True, text=True, timeout=120)
        assert pool.submit(len, "ok").result() == 2  # the run's own client still works
    tries = done.stdout.strip()
    assert tries.startswith("["), done.stderr[-2000:]
    assert "submitted" not in tries and "reached" not in tries, tries
    assert not proof.exists()


@pytest.mark.parametrize(("address", "message"), [
    ("tcp://127.0.0.1:8786", "not a TLS address"),
    ("127.0.0.1:8786", "not a TLS address"),
    ("tls://127.0.0.1:8786", "no client certificate"),
])
def test_a_scheduler_without_tls_certificates_is_refused(address: str, message: str):
    from coinche_dsl.sim.cluster import ClusterError, dask_executor

    with pytest.raises(ClusterError, match=message), dask_executor(address, timeout="1s"):
        pass


def test_an_unreachable_scheduler_is_a_clean_error():
    from distributed.security import Security

    from coinche_dsl.sim.cluster import ClusterError, dask_executor

    with pytest.raises(ClusterError, match="cannot reach"), dask_executor(
            "tls://127.0.0.1:9", timeout="1s", security=Security.temporary()):
        pass


def test_the_command_refuses_a_plain_tcp_scheduler():
    done = subprocess.run([sys.executable, "-m", "coinche_dsl", "simulate", "ffb", "--deals",
                           "10", "--cluster", "tcp://127.0.0.1:8786"],
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 1
    assert "not a TLS address" in done.stderr and "Traceback" not in done.stderr
