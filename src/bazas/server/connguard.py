"""Connection limits below the application (issue 13 point 2): a request's head and body must
arrive within ``request_timeout`` seconds, and one client address holds at most ``per_address``
HTTP connections (those upgraded to a WebSocket count in the app's own cap instead,
``Settings.ws_per_address``).

Without them, one client opening thousands of sockets and sending nothing (or half a request)
holds the server's file descriptors until the health check fails: uvicorn closes a connection
idle *after* a response (``timeout_keep_alive``), never one that has not finished its request.
The guard is uvicorn's httptools protocol with a timer and a count per address; ``bazas serve``
uses it (``uvicorn.Config(http=...)``). A deployment adds the same limits in its reverse proxy
(deploy/nginx.conf); the proxy's own address is exempt here (it forwards many clients).
"""

from __future__ import annotations

import asyncio
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from uvicorn.protocols.http.httptools_impl import HttpToolsProtocol

_BODY = b"too many connections from this address\n"
_REFUSED = (b"HTTP/1.1 503 Service Unavailable\r\ncontent-type: text/plain; charset=utf-8\r\n"
            b"content-length: %d\r\nconnection: close\r\n\r\n%s" % (len(_BODY), _BODY))


@dataclass
class ConnectionGuard:
    """The limits and what they did (per server process)."""

    request_timeout: float = 10.0
    per_address: int = 64
    exempt: frozenset[str] = frozenset()
    #: Open HTTP connections by client address (exempt addresses are not counted).
    open: dict[str, int] = field(default_factory=dict)
    #: Connections refused (over the cap) and closed for a request that did not arrive in time.
    refused: int = 0
    timed_out: int = 0

    @staticmethod
    def of(request_timeout: float, per_address: int, exempt: Iterable[str]) -> ConnectionGuard:
        """``exempt``: addresses not counted (trusted ones, the proxy's); ``*`` among them (every
        address may be a proxy) turns the count off, the proxy's own limits then apply alone.

        >>> ConnectionGuard.of(10, 64, ["127.0.0.1", " ::1", ""]).exempt == {"127.0.0.1", "::1"}
        True
        >>> ConnectionGuard.of(10, 64, ["*"]).per_address
        0
        """
        addresses = {a.strip() for a in exempt if a.strip()}
        return ConnectionGuard(request_timeout, 0 if "*" in addresses else per_address, frozenset(addresses - {"*"}))

    def protocol(self) -> type[HttpToolsProtocol]:
        """The uvicorn HTTP protocol class enforcing these limits."""
        guard = self

        class GuardedHttpToolsProtocol(HttpToolsProtocol):
            _guard_host: str | None = None
            _guard_timer: asyncio.TimerHandle | None = None
            _guard_refused = False

            def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
                super().connection_made(transport)
                host = self.client[0] if self.client else "?"
                if host not in guard.exempt and guard.per_address > 0:
                    if guard.open.get(host, 0) >= guard.per_address:
                        # Refused: answered 503 once its first bytes are read (closing with unread
                        # bytes would reset the connection and lose the answer), closed in a second
                        # if it sends nothing.
                        guard.refused += 1
                        self._guard_refused = True
                        self._guard_timer = self.loop.call_later(1.0, transport.close)
                        return
                    guard.open[host] = guard.open.get(host, 0) + 1
                    self._guard_host = host
                self._arm()

            def _arm(self) -> None:
                if self._guard_timer is None and guard.request_timeout > 0:
                    self._guard_timer = self.loop.call_later(guard.request_timeout, self._too_slow)

            def _disarm(self) -> None:
                if self._guard_timer is not None:
                    self._guard_timer.cancel()
                    self._guard_timer = None

            def _release(self) -> None:
                self._disarm()
                host, self._guard_host = self._guard_host, None
                if host is not None:
                    left = guard.open.get(host, 1) - 1
                    if left > 0:
                        guard.open[host] = left
                    else:
                        guard.open.pop(host, None)

            def _too_slow(self) -> None:
                self._guard_timer = None
                if not self.transport.is_closing():
                    guard.timed_out += 1
                    self.transport.close()

            def data_received(self, data: bytes) -> None:
                if self._guard_refused:
                    if not self.transport.is_closing():
                        self.transport.write(_REFUSED)
                        self.transport.close()
                    return
                if self.cycle is None or self.cycle.response_complete:
                    self._arm()  # a new request begins: it must arrive whole in time
                super().data_received(data)

            def on_message_begin(self) -> None:
                self._arm()
                super().on_message_begin()

            def on_message_complete(self) -> None:
                self._disarm()  # the request arrived; the app may take its time to answer
                super().on_message_complete()

            def handle_websocket_upgrade(self) -> None:
                self._release()  # a WebSocket counts in the app's cap per address
                super().handle_websocket_upgrade()

            def connection_lost(self, exc: Exception | None) -> None:
                self._release()
                super().connection_lost(exc)

        return GuardedHttpToolsProtocol

    def to_dict(self) -> dict[str, Any]:
        return {"open": sum(self.open.values()), "addresses": len(self.open), "refused": self.refused,
                "timed_out": self.timed_out}
