"""Where `serve` listens and what it answers to: the socket, bound before anything is promised (a port in use or a
host that is no address of this machine is said, never served); the address a phone at the table can open when
the server listens on every address (`0.0.0.0`, `::`), which no phone can open by that name; and the names a
request's `Host` may give (DNS rebinding: a page elsewhere must not read the table through a name of its own)."""

from __future__ import annotations

import errno
import ipaddress
import socket
import struct
import sys
from contextlib import suppress

from bragref.engine.errors import BadInput
from bragref.ledger.db import LedgerUnavailable

LOOPBACK_NAMES = ("localhost", "127.0.0.1", "::1")
EVERY_ADDRESS = ("0.0.0.0", "::", "")
SIOCGIFADDR = 0x8915  # Linux's ioctl for an interface's IPv4 address


def listening(host: str, port: int) -> socket.socket:
    """A socket bound at `host`:`port` and listening; bad input for a host that is not an address or name of this
    machine, `LedgerUnavailable` (exit 5) for a port in use or not allowed."""
    try:
        family, kind, proto, _, address = socket.getaddrinfo(host or None, port, type=socket.SOCK_STREAM,
                                                             flags=socket.AI_PASSIVE)[0]
    except (socket.gaierror, UnicodeError) as error:
        raise BadInput(f"cannot serve at {host!r}: no such host or address ({getattr(error, 'strerror', error)})") \
            from None
    sock = socket.socket(family, kind, proto)
    try:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        sock.bind(address)
        sock.listen(128)
    except OSError as error:
        sock.close()
        if error.errno == errno.EADDRNOTAVAIL:
            raise BadInput(f"cannot serve at {host}: it is not an address of this machine") from None
        if error.errno == errno.EADDRINUSE:
            raise LedgerUnavailable(f"cannot serve at {host}:{port}: the port is in use (another server, or another "
                                    f"`bragref serve`); try another with --port") from None
        raise LedgerUnavailable(f"cannot serve at {host}:{port}: {error.strerror or error}") from None
    return sock


def loopback(host: str) -> bool:
    if host in LOOPBACK_NAMES:
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


def shown(host: str) -> str:
    """The host as a URL writes it (an IPv6 address in brackets), where a phone can open it: listening on every
    address, one of this machine's addresses on its network."""
    if host in EVERY_ADDRESS:
        host = next(iter(addresses(ipv6=host == "::")), socket.gethostname())
    return f"[{host}]" if ":" in host else host


def addresses(ipv6: bool = False) -> list[str]:
    """This machine's own addresses on its networks (not loopback, not link-local), IPv4 first."""
    found: list[str] = []
    if sys.platform.startswith("linux"):
        import fcntl  # each interface's address, asked of the kernel: nothing is sent anywhere

        for _, name in socket.if_nameindex():
            with suppress(OSError), socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as sock:
                raw = fcntl.ioctl(sock.fileno(), SIOCGIFADDR, struct.pack("256s", name.encode()[:15]))
                found.append(socket.inet_ntoa(raw[20:24]))
    with suppress(OSError):
        found += [info[4][0] for info in socket.getaddrinfo(socket.gethostname(), None)]
    if ipv6:
        with suppress(OSError):
            found += [info[4][0] for info in socket.getaddrinfo(socket.gethostname(), None, socket.AF_INET6)]
    usable = []
    for address in found:
        try:
            ip = ipaddress.ip_address(address.partition("%")[0])
        except ValueError:
            continue
        if not (ip.is_loopback or ip.is_link_local or ip.is_unspecified) and address not in usable:
            usable.append(address)
    return sorted(usable, key=lambda a: ":" in a)


def host_names(host: str) -> frozenset[str]:
    """The names a request's `Host` may give: the loopback names and addresses, the host listened on, and, listening
    on every address, this machine's name and addresses (what the printed address names)."""
    names = {*LOOPBACK_NAMES, host.strip("[]").lower()}
    if host in EVERY_ADDRESS:
        names |= {socket.gethostname().lower(), *addresses(ipv6=True)}
    return frozenset(names)


def host_of(header: str) -> tuple[str, int | None] | None:
    """A `Host` header's name and port (None where it gives none); None where it is not a host."""
    header = header.strip().lower()
    if header.startswith("["):
        name, bracket, rest = header[1:].partition("]")
        if not bracket or (rest and not rest.startswith(":")):
            return None
        port = rest[1:]
    else:
        name, _, port = header.partition(":")
    if port and not (port.isascii() and port.isdigit()):
        return None
    return name.rstrip("."), int(port) if port else None
