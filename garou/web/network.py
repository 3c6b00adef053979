"""Where ``garou serve --lan`` is reached on the local network: this machine's address
(never loopback, never a bare host name) and the QR code of a URL for a terminal."""

from __future__ import annotations

from typing import Any

LAN_PROBES = ("10.255.255.255", "192.168.255.255", "172.31.255.255")
"""Private addresses a UDP socket is "connected" to, to learn which interface the system
would route them through: connect() on a UDP socket only picks a route, it sends no packet."""


def lan_address(sockets: Any = None) -> str | None:
    """Return this machine's address on the local network, or None when none is found.

    The system's route to a private address names the interface a phone on the same
    network reaches (a UDP ``connect()`` sends nothing); failing that, the addresses the
    host's name resolves to. Loopback, link-local and unspecified addresses are never
    given: the host name is not one either (it often resolves to 127.0.1.1 only, and a
    phone cannot resolve it). ``sockets`` is the :mod:`socket` module (a test's fake).
    """
    import contextlib

    if sockets is None:
        import socket as sockets
    for probe in LAN_PROBES:
        with contextlib.suppress(OSError):
            probe_socket = sockets.socket(sockets.AF_INET, sockets.SOCK_DGRAM)
            try:
                probe_socket.connect((probe, 9))
                found = probe_socket.getsockname()[0]
            finally:
                probe_socket.close()
            if _usable(found):
                return str(found)
    try:
        infos = sockets.getaddrinfo(sockets.gethostname(), None, sockets.AF_INET)
    except (OSError, UnicodeError):
        return None
    usable = sorted({str(info[4][0]) for info in infos if _usable(info[4][0])})
    return usable[0] if usable else None


def _usable(address: Any) -> bool:
    """True for an IPv4 address another machine of the network can reach."""
    import ipaddress

    try:
        ip = ipaddress.ip_address(str(address))
    except ValueError:
        return False
    return not (ip.is_loopback or ip.is_link_local or ip.is_unspecified or ip.is_multicast)


def qr_text(url: str) -> str:
    """Return ``url`` as a QR code drawn with text blocks, for a terminal."""
    import io

    import segno

    out = io.StringIO()
    segno.make(url, error="m").terminal(out=out, compact=True, border=2)
    return out.getvalue().rstrip("\n")
