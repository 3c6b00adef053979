"""Tests of ``garou/web/network.py``."""

from __future__ import annotations

import pytest


class FakeSockets:
    """The socket module as lan_address uses it: a UDP socket whose connect() picks the
    interface ``routed`` (or fails), and a host name resolving to ``resolved``."""

    AF_INET, SOCK_DGRAM = 2, 2

    def __init__(self, routed=None, resolved=("127.0.1.1",), name="vm"):
        self.routed, self.resolved, self.name = routed, resolved, name
        self.sent: list[bytes] = []

    def socket(self, family, kind):
        fake = self

        class Socket:
            def connect(self, address):
                if fake.routed is None:
                    raise OSError(101, "Network is unreachable")
                self.address = address

            def getsockname(self):
                return (fake.routed, 40000)

            def send(self, data):  # never called: connect() alone must do
                fake.sent.append(data)

            def close(self):
                pass

        return Socket()

    def gethostname(self):
        return self.name

    def getaddrinfo(self, name, port, family):
        if self.resolved is None:
            raise OSError(-2, "Name or service not known")
        return [(family, 1, 6, "", (a, 0)) for a in self.resolved]


@pytest.mark.parametrize(
    "routed, resolved, expected",
    [
        ("192.0.2.2", ("127.0.1.1",), "192.0.2.2"),  # the stock Debian /etc/hosts
        ("192.168.1.20", ("127.0.0.1",), "192.168.1.20"),
        (None, ("127.0.1.1", "10.0.0.7"), "10.0.0.7"),  # no route: the name's addresses
        ("127.0.0.1", ("127.0.1.1",), None),  # loopback only: none, never the host name
        ("0.0.0.0", None, None),
        ("169.254.3.4", ("169.254.3.4",), None),  # link-local: a phone cannot use it
        (None, None, None),
    ],
)
def test_lan_address_is_the_routed_interface_never_loopback_nor_the_host_name(
    routed, resolved, expected
):
    from garou.web.network import lan_address

    sockets = FakeSockets(routed, resolved)
    assert lan_address(sockets) == expected
    assert sockets.sent == []


def test_serve_lan_says_plainly_when_no_address_is_found(garou, tmp_path, monkeypatch):
    pytest.importorskip("waitress")
    from garou.web import network

    monkeypatch.setattr(network, "lan_address", lambda: None)
    monkeypatch.setattr(network, "qr_text", lambda url: pytest.fail(f"a QR code of {url}"))

    class Server:
        effective_port = 8799

        def run(self):
            raise KeyboardInterrupt

        def close(self):
            pass

    import waitress.server

    monkeypatch.setattr(waitress.server, "create_server", lambda *a, **k: Server())
    run = garou("serve", "--lan", "--port", "8799", "--db", str(tmp_path / "g.sqlite"),
                "--lang", "en")  # fmt: skip
    assert run.exit_code == 0, run.stderr
    assert "cannot find this machine's address" in run.stdout
    assert "http://vm" not in run.stdout and ":8799/?key=" in run.stdout
