"""Balance games on a Dask cluster (``pip install 'printkit[cluster]'``).

Each batch carries its own seeds (see ``match``), so a cluster run gives
exactly the numbers of a local run with the same seed.
"""

from __future__ import annotations

from ..errors import PrintkitError


def play_on_cluster(address: str, play_batch, batches: list, progress=None, weight=len) -> list:
    """Play ``batches`` on the Dask scheduler at ``address``; the rows of every
    batch. ``progress(weight(batch))`` is called as each one finishes."""
    try:
        from dask.distributed import Client, as_completed
    except ImportError:
        raise PrintkitError("--scheduler needs Dask: pip install 'printkit[cluster]'") from None
    try:
        client = Client(address, timeout="10s")
    except (OSError, TimeoutError) as exc:
        raise PrintkitError(f"cannot reach the Dask scheduler at {address}: {exc}") from None
    rows: list = []
    try:
        futures = client.map(play_batch, batches, pure=False)
        sizes = {future.key: weight(batch) for future, batch in zip(futures, batches)}
        for future in as_completed(futures):
            rows += future.result()
            if progress:
                progress(sizes[future.key])
    finally:
        client.close()
    return rows
