"""``bazas serve``: the table server (web UI, HTTP API and WebSockets) on one address.

Data lives in an embedded SQLite database under the data directory (``./data`` when it exists,
else ``~/.local/share/bazas``) unless ``--database-url`` or ``BAZAS_DATABASE_URL`` names another
(PostgreSQL: ``postgresql://user@host/db``). The schema is created or upgraded at startup.
"""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    p = subparsers.add_parser(
        "serve",
        help="run the table server (play in the browser)",
        description="Run the bazas table server: the web page, the HTTP API and the table WebSockets.",
    )
    p.add_argument("--host", default="127.0.0.1", help="address to listen on (default 127.0.0.1)")
    p.add_argument("--port", type=int, default=8000, help="port (default 8000; 0 picks a free one)")
    p.add_argument("--data-dir", type=Path, default=None,
                   help="data directory (default ./data if it exists, else ~/.local/share/bazas)")
    p.add_argument("--database-url", default=None,
                   help="SQLAlchemy database URL (default: $BAZAS_DATABASE_URL, else SQLite in the data dir)")
    p.add_argument("--bots", choices=("dds", "simple", "scripted"), default=None,
                   help="computer players: dds (default), simple (baseline) or scripted (instant, benchmarks)")
    p.add_argument("--bot-seconds", type=float, default=None, help="bot thinking time per action (default 1.0)")
    p.add_argument("--forwarded-allow-ips", default=None, metavar="ADDRESSES",
                   help="behind a reverse proxy: the proxy's address(es), whose X-Forwarded-For names the client "
                        "(per-address limits then apply to the real client; default: none trusted)")
    p.add_argument("--tm-port", type=int, default=None, metavar="PORT",
                   help="issue 9: also listen on PORT (0: a free one) as a Blue Chip table manager, where outside "
                        "programs connect to the program seats of the server's tables (default: off)")
    p.add_argument("--tm-public", default=None, metavar="HOST:PORT",
                   help="with --tm-port behind a balancer: the table-manager address programs are told to "
                        "connect to (deploy/haproxy.cfg's programs frontend; default: this server's own)")
    p.add_argument("--log-level", default="info", choices=("critical", "error", "warning", "info", "debug"))
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    import socket

    import uvicorn

    from bazas.server import Settings, create_app
    from bazas.server.app import install_log_redaction
    from bazas.server.connguard import ConnectionGuard

    settings = Settings.from_env(data_dir=args.data_dir, database_url=args.database_url, bots=args.bots,
                                 bot_seconds=args.bot_seconds, tm_port=args.tm_port, tm_public=args.tm_public,
                                 tm_host=args.host if args.tm_port is not None else None)
    try:
        settings.tm_public_address  # noqa: B018 - checked before anything starts
    except ValueError as exc:
        print(f"bazas serve: {exc}", file=sys.stderr)
        return 2
    if not settings.database_url:
        Path(settings.data_dir).mkdir(parents=True, exist_ok=True)
    sock = socket.socket(socket.AF_INET6 if ":" in args.host else socket.AF_INET, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    try:
        sock.bind((args.host, args.port))
    except OSError as exc:
        print(f"bazas serve: cannot listen on {args.host}:{args.port}: {exc}", file=sys.stderr)
        return 2
    host, port = sock.getsockname()[:2]
    shown = f"[{host}]" if ":" in host else host
    where = settings.database_url.split("@")[-1] if settings.database_url else settings.url.removeprefix("sqlite:///")
    print(f"bazas: serving on http://{shown}:{port}  (data: {where})", flush=True)
    # Issue 13: idle keep-alive sockets are closed after a few seconds, at most limit_concurrency
    # connections are served at once (more get 503), a request's head is bounded (h11), and a
    # WebSocket frame is at most 64 KB. A public deployment adds a reverse proxy (deploy/nginx.conf).
    app = create_app(settings)
    # A request must arrive whole within request_timeout, and an address holds at most
    # http_per_address connections (the proxy's own address, and trusted ones, exempt).
    guard = ConnectionGuard.of(settings.request_timeout, settings.http_per_address,
                               [*settings.trusted, *(args.forwarded_allow_ips or "").split(",")])
    config = uvicorn.Config(app, log_level=args.log_level, ws_max_size=65536, http=guard.protocol(),
                            timeout_graceful_shutdown=3, access_log=args.log_level == "debug",
                            timeout_keep_alive=settings.timeout_keep_alive,
                            limit_concurrency=settings.limit_concurrency or None,
                            h11_max_incomplete_event_size=16384,
                            ws_ping_interval=20.0, ws_ping_timeout=20.0,
                            proxy_headers=bool(args.forwarded_allow_ips),
                            forwarded_allow_ips=args.forwarded_allow_ips or "")
    server = uvicorn.Server(config)
    install_log_redaction()  # after uvicorn configured its loggers: seat secrets never logged
    os.environ.setdefault("PYTHONUNBUFFERED", "1")
    server.run(sockets=[sock])
    return 0
