"""Simulation over a Dask distributed cluster, through the `concurrent.futures.Executor`
interface that `simulate.run` already takes (the `cluster` extra: `pip install
'coinche_dsl[cluster]'`).

    >>> from coinche_dsl.sim.cluster import dask_executor   # doctest: +SKIP
    >>> with dask_executor("tls://scheduler:8786") as pool:  # doctest: +SKIP
    ...     report = simulate_variants(["ffb", "fr-brut"], deals=10**6, executor=pool)

A Dask scheduler runs whatever function a client sends it, and the client unpickles what comes
back: whoever reaches an open scheduler runs code as the user of its workers, and whoever runs
the scheduler, code in the client. So every cluster here is reached over TLS with certificates
on both sides:

- the local cluster (`dask_executor()` without an address) listens on 127.0.0.1 over TLS with
  a certificate made for this run, held in memory (`Security.temporary()`, which needs
  `cryptography`): another process of the machine cannot connect, and its workers answer no
  one else; no dashboard is served;
- a remote scheduler must be a `tls://` address whose certificates the client has (Dask's
  `distributed.comm.tls` configuration, or `security=`); a plain `tcp://` one is refused.

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
    """No cluster: Dask is not installed, the address is not a TLS one, or the scheduler
    cannot be reached."""


def _remote_security(address: str, security: Any) -> Any:
    """The TLS settings for a scheduler at `address`: `security`, or Dask's configuration;
    ClusterError when the address is not `tls://` or no client certificate is configured."""
    from distributed.security import Security

    if not address.startswith("tls://"):
        raise ClusterError(
            f"'{address}' is not a TLS address: a Dask scheduler reached without TLS runs the "
            "work of anyone who reaches it, and this simulation would trust its answers; "
            "use a tls:// scheduler with certificates (see docs/simulation.md)")
    security = security or Security()  # Dask's configuration (distributed.comm.tls.*)
    if not (security.tls_ca_file and security.tls_client_cert):
        raise ClusterError(
            f"no client certificate for '{address}': set Dask's distributed.comm.tls "
            "configuration (ca-file, client.cert, client.key; see docs/simulation.md)")
    return security


@contextmanager
def dask_executor(address: str | None = None, workers: int = 2, timeout: str = "10s",
                  security: Any = None) -> Iterator[Executor]:
    """An Executor backed by the Dask scheduler at `address` (`tls://host:8786`, with
    `security`, a `distributed.security.Security`, or Dask's configured certificates), or,
    without one, by a local cluster of `workers` single-threaded worker processes started here
    over TLS with a certificate of its own, and stopped on exit. `timeout`: how long to wait
    for the scheduler."""
    try:
        from dask.distributed import Client, LocalCluster
        from distributed.security import Security
    except ImportError:
        raise ClusterError("a cluster needs Dask: pip install 'coinche_dsl[cluster]'") from None
    cluster: Any = None
    if address is not None:
        security = _remote_security(address, security)
    try:
        if address is None:
            try:
                security = Security.temporary()
            except ImportError:
                raise ClusterError("a local cluster needs cryptography for its certificate: "
                                   "pip install 'coinche_dsl[cluster]'") from None
            cluster = LocalCluster(n_workers=workers, threads_per_worker=1, processes=True,
                                   protocol="tls://", host="127.0.0.1", security=security,
                                   dashboard_address=None, worker_dashboard_address=None)
        client = Client(address or cluster, timeout=timeout, security=security)
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
