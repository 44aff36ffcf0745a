"""`balance --scheduler`: an address from the command line and the peer at
it are strangers. A malformed address, nothing listening, a peer that
accepts and says nothing, or a service that is not a Dask scheduler ends in
one message and exit code 2: no traceback, no wait without end, no memory
set aside on a peer's word."""

from __future__ import annotations

import socket
import struct
import threading
import tracemalloc

import pytest
from click.testing import CliRunner

from printkit.balance import cluster
from printkit.cli import main
from printkit.errors import PrintkitError

pytest.importorskip("dask.distributed")

SHORT = 1.0  # seconds each step of the check may take here (the command's is cluster.SECONDS)


class Peer:
    """A TCP server on localhost that greets each connection with ``greeting``
    (nothing: it accepts and says nothing) and keeps it open."""

    def __init__(self, greeting: bytes):
        self.greeting = greeting
        self.server = socket.create_server(("127.0.0.1", 0))
        self.port = self.server.getsockname()[1]
        self.held: list[socket.socket] = []
        self.thread = threading.Thread(target=self._serve, daemon=True)
        self.thread.start()

    def _serve(self):
        while True:
            try:
                conn, _ = self.server.accept()
            except OSError:  # closed
                return
            self.held.append(conn)
            if self.greeting:
                try:
                    conn.sendall(self.greeting)
                except OSError:
                    pass

    @property
    def address(self) -> str:
        return f"tcp://127.0.0.1:{self.port}"

    def close(self):
        self.server.close()
        for conn in self.held:
            conn.close()


@pytest.fixture
def peer():
    made = []

    def make(greeting: bytes) -> Peer:
        made.append(Peer(greeting))
        return made[-1]

    yield make
    for p in made:
        p.close()


def invoke(*args):
    result = CliRunner().invoke(main, [str(a) for a in args])
    assert result.exception is None or isinstance(result.exception, SystemExit), repr(result.exception)
    assert "Traceback" not in result.output
    return result


@pytest.mark.parametrize("address, words", [
    ("foo", "no port"), ("tcp://", "no host"), ("tcp://:", "no host"), ("tcp://host:port", "'port' is not a number"),
    ("tcp://[::1", "IPv6 address goes in brackets"), ("::::", "IPv6 address goes in brackets"),
    ("http://localhost:1", "unknown scheme 'http://'"), ("tls://x:8786", "plain TCP only"),
    ("inproc://192.0.2.2/1/1", "plain TCP only"), ("tcp://localhost:99999", "port 99999 is out of range"),
    ("tcp://localhost:0", "port 0 is out of range"), ("tcp://localhost:-1", "'-1' is not a number"),
    ("tcp://a b:1", "no spaces or control characters"), ("tcp://x\n:1", "no spaces or control characters"),
    ("tcp://x:1/path", "a host and a port only"), ("tcp://user@x:1", "a host and a port only"),
    ("tcp://-x-:1", "not a host name or an IP address"), ("", "no address"),
])
def test_a_malformed_address_is_one_message(address, words):
    result = invoke("balance", "tiles", "--games", "1", "--scheduler", address)
    assert result.exit_code == 2
    lines = result.output.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("printkit: --scheduler "), result.output
    assert words in lines[0] and "tcp://HOST:PORT" in lines[0]


@pytest.mark.parametrize("address, expected", [
    ("tcp://10.0.0.5:8786", "tcp://10.0.0.5:8786"), ("10.0.0.5:8786", "tcp://10.0.0.5:8786"),
    ("TCP://Sched.Example.org:9000", "tcp://Sched.Example.org:9000"), ("[::1]:8786", "tcp://[::1]:8786"),
])
def test_a_well_formed_address_is_read_as_dask_reads_it(address, expected):
    assert cluster.scheduler_address(address)[0] == expected


def test_a_peer_that_accepts_and_says_nothing_is_given_up_on(peer):
    silent = peer(b"")
    with pytest.raises(PrintkitError, match=r"accepted the connection but said nothing within 1 s"):
        cluster.check_scheduler(silent.address, seconds=SHORT)


@pytest.mark.parametrize("greeting, words", [
    (b"\xff" * 64, r"began with b'\\xff"),
    (b"HTTP/1.1 400 Bad Request\r\nContent-Length: 0\r\n\r\n", "began with b'HTTP/1.1'"),
    (struct.pack("<Q", 40) + b"\x01" * 40, "is not a Dask scheduler: its greeting is not Dask's"),
    (struct.pack("<Q", 0), "is not a Dask scheduler"),
    (struct.pack("<Q", 200_000_000) + b"x" * 16, "is not a Dask scheduler"),  # Dask alone would set aside 200 MB
])
def test_a_service_that_is_not_dask_is_refused_without_taking_its_word(peer, greeting, words):
    """A web server's "HTTP/1.1", read as the eight-byte size Dask's first
    read expects, asks for 3 EiB; the check sets aside no more than a
    greeting's worth."""
    stranger = peer(greeting)
    tracemalloc.start()
    try:
        with pytest.raises(PrintkitError, match=words):
            cluster.check_scheduler(stranger.address, seconds=SHORT)
        _, most = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert most < 4 * 1024 * 1024, f"{most:,} bytes at most during the check"


def test_a_peer_that_hangs_up_is_refused():
    # A port held but not listened on refuses every connection, and no
    # other test running beside this one can take it meanwhile.
    with socket.socket() as held:
        held.bind(("127.0.0.1", 0))
        address = "tcp://127.0.0.1:%d" % held.getsockname()[1]
        with pytest.raises(PrintkitError, match="cannot reach the Dask scheduler at .*: Connection refused"):
            cluster.check_scheduler(address, seconds=SHORT)


def test_the_command_ends_in_one_message_for_a_stranger(peer, monkeypatch):
    monkeypatch.setattr(cluster, "SECONDS", SHORT)
    for greeting in (b"", b"HTTP/1.1 200 OK\r\n\r\n"):
        stranger = peer(greeting)
        result = invoke("balance", "tiles", "--games", "1", "--scheduler", stranger.address)
        assert result.exit_code == 2
        lines = result.output.strip().splitlines()
        assert len(lines) == 1 and "not a Dask scheduler" in lines[0] and stranger.address in lines[0], result.output


def test_a_real_scheduler_passes_the_check():
    from dask.distributed import LocalCluster

    with LocalCluster(n_workers=1, threads_per_worker=1, processes=False, protocol="tcp://",
                      dashboard_address=None) as real:
        assert cluster.check_scheduler(real.scheduler_address, seconds=5) == real.scheduler_address
