"""Balance games on a Dask cluster (``pip install 'printkit-games[cluster]'``).

Each batch carries its own seeds (see ``match``), so a cluster run gives
exactly the numbers of a local run with the same seed.

The address comes from the command line, so it is checked before Dask sees
it, and the peer is checked before Dask talks to it: Dask waits without end
for a peer that accepts and says nothing, and sets aside as many bytes as
the first eight bytes a peer sends announce (3 EiB for a web server's
"HTTP/1.1"). Every failure ends in one message, exit code 2.
"""

from __future__ import annotations

import asyncio
import ipaddress
import re
import socket
import struct

from ..errors import PrintkitError

SECONDS = 10.0  # to connect, to be greeted, to find a worker
# A scheduler greets with a few hundred bytes (its Python, compression and
# pickle protocol); a peer announcing more than this is not one.
GREETING_LIMIT = 64 * 1024
EXAMPLE = "tcp://192.168.1.20:8786"
_HOST_LABEL = re.compile(r"(?!-)[A-Za-z0-9-]{1,63}(?<!-)$")
_OTHER_SCHEMES = ("tls", "ws", "wss", "ucx", "inproc")


def scheduler_address(text) -> tuple[str, str, int]:
    """(address as Dask takes it, host, port) of ``--scheduler``'s value,
    ``tcp://HOST:PORT`` or ``HOST:PORT``; PrintkitError saying what is wrong."""
    def bad(why: str) -> PrintkitError:
        shown = text if len(str(text)) <= 80 else f"{str(text)[:80]}..."
        return PrintkitError(f"--scheduler {shown!r}: {why}; give the scheduler's address as tcp://HOST:PORT, "
                             f"for example {EXAMPLE}")

    if not isinstance(text, str) or not text.strip():
        raise bad("no address")
    if any(c.isspace() or not c.isprintable() for c in text):
        raise bad("an address holds no spaces or control characters")
    scheme, sep, rest = text.partition("://")
    if not sep:
        scheme, rest = "tcp", text
    if scheme.lower() in _OTHER_SCHEMES:
        raise bad(f"printkit reaches a scheduler over plain TCP only, not {scheme}://")
    if scheme.lower() != "tcp":
        raise bad(f"unknown scheme {scheme + '://'!r}")
    if any(c in rest for c in "/?#@"):
        raise bad("an address is a host and a port only")
    if rest.startswith("["):  # an IPv6 address, in brackets
        host, bracket, port_text = rest[1:].partition("]")
        if not bracket or (port_text and not port_text.startswith(":")):
            raise bad("an IPv6 address goes in brackets, then the port: [::1]:8786")
        port_text = port_text[1:]
    else:
        host, colon, port_text = rest.rpartition(":")
        if not colon:
            host, port_text = rest, ""
        if ":" in host:
            raise bad("an IPv6 address goes in brackets, then the port: [::1]:8786")
    if not host:
        raise bad("no host")
    if not port_text:
        raise bad("no port (a scheduler listens on 8786 unless told otherwise)")
    if not port_text.isascii() or not port_text.isdigit():
        raise bad(f"the port {port_text!r} is not a number")
    port = int(port_text)
    if not 1 <= port <= 65535:
        raise bad(f"port {port} is out of range (1 to 65535)")
    try:
        ip = ipaddress.ip_address(host)
    except ValueError:
        ip = None
        if len(host) > 253 or not all(_HOST_LABEL.match(label) for label in host.rstrip(".").split(".")):
            raise bad(f"{host!r} is not a host name or an IP address") from None
    shown = f"[{ip}]" if ip is not None and ip.version == 6 else host
    return f"tcp://{shown}:{port}", host, port


def check_scheduler(text: str, seconds: float | None = None) -> str:
    """The address of a Dask scheduler that answers as one, within ``seconds``
    (default SECONDS) for each step; PrintkitError otherwise (nothing
    listening, a peer that says nothing, a service that is not Dask's)."""
    seconds = SECONDS if seconds is None else seconds
    address, host, port = scheduler_address(text)
    _greeting_size(address, host, port, seconds)
    try:
        from distributed.comm import connect
    except ImportError:
        raise PrintkitError("--scheduler needs Dask: pip install 'printkit-games[cluster]'") from None

    async def handshake():
        comm = await asyncio.wait_for(connect(address, timeout=seconds), seconds)
        await comm.close()

    try:
        asyncio.run(handshake())
    except (asyncio.TimeoutError, TimeoutError):
        raise PrintkitError(f"the peer at {address} did not finish a Dask greeting within {seconds:g} s: "
                            "not a Dask scheduler") from None
    except Exception as exc:  # whatever Dask makes of a greeting that is not its own
        raise PrintkitError(f"the peer at {address} answers, but is not a Dask scheduler: its greeting is "
                            f"not Dask's ({type(exc).__name__}: {str(exc)[:200]})") from None
    return address


def _greeting_size(address: str, host: str, port: int, seconds: float) -> int:
    """The size a peer announces for its greeting: a Dask scheduler speaks
    first, eight bytes giving the length of what follows (see the module's
    note on why this is read here, not by Dask)."""
    try:
        sock = socket.create_connection((host, port), timeout=seconds)
    except socket.timeout:
        raise PrintkitError(f"cannot reach the Dask scheduler at {address}: no answer within {seconds:g} s "
                            "(a machine that is off, or a firewall)") from None
    except socket.gaierror as exc:
        raise PrintkitError(f"cannot reach the Dask scheduler at {address}: unknown host "
                            f"({exc.strerror or exc})") from None
    except OSError as exc:
        raise PrintkitError(f"cannot reach the Dask scheduler at {address}: {exc.strerror or exc}") from None
    try:
        with sock:
            head = b""
            while len(head) < 8:
                chunk = sock.recv(8 - len(head))
                if not chunk:
                    raise PrintkitError(f"the peer at {address} closed the connection without a greeting: "
                                        "not a Dask scheduler")
                head += chunk
    except socket.timeout:
        raise PrintkitError(f"the peer at {address} accepted the connection but said nothing within "
                            f"{seconds:g} s: not a Dask scheduler, or one too busy to answer") from None
    except OSError as exc:  # reset by the peer
        raise PrintkitError(f"the peer at {address} broke the connection ({exc.strerror or exc}): "
                            "not a Dask scheduler") from None
    (size,) = struct.unpack("<Q", head)
    if not 0 < size <= GREETING_LIMIT:
        raise PrintkitError(f"the peer at {address} answers, but is not a Dask scheduler "
                            f"(it began with {head!r})")
    return size


def play_on_cluster(address: str, play_batch, batches: list, progress=None, weight=len) -> list:
    """Play ``batches`` on the Dask scheduler at ``address``; the rows of every
    batch. ``progress(weight(batch))`` is called as each one finishes."""
    try:
        import dask
        from dask.distributed import Client, as_completed
    except ImportError:
        raise PrintkitError("--scheduler needs Dask: pip install 'printkit-games[cluster]'") from None
    if not address.startswith("inproc://"):  # a cluster of this process's own is no stranger
        address = check_scheduler(address)
    with dask.config.set({"distributed.comm.timeouts.connect": f"{SECONDS}s"}):
        try:
            client = Client(address, timeout=f"{SECONDS}s")
        except (OSError, TimeoutError) as exc:
            raise PrintkitError(f"cannot reach the Dask scheduler at {address}: {exc}") from None
    rows: list = []
    try:
        try:
            client.wait_for_workers(1, timeout=SECONDS)
        except (OSError, TimeoutError):
            raise PrintkitError(f"the Dask scheduler at {address} has no workers (none came within "
                                f"{SECONDS:g} s): start one with dask worker {address}") from None
        futures = client.map(play_batch, batches, pure=False)
        sizes = {future.key: weight(batch) for future, batch in zip(futures, batches)}
        try:
            for future in as_completed(futures):
                rows += future.result()
                if progress:
                    progress(sizes[future.key])
        except ImportError as exc:  # raised on a worker
            raise PrintkitError(f"a worker of the Dask scheduler at {address} cannot load printkit ({exc}): "
                                "install printkit on every worker") from None
        except OSError as exc:  # Dask's CommClosedError is one
            raise PrintkitError(f"lost the Dask scheduler at {address}: {exc}") from None
    finally:
        client.close()
    return rows
