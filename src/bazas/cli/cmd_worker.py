"""``bazas worker``: bots' decisions, hints, claim checks and double-dummy analyses for every
table server of a site, taken from the shared Redis queue (issue 14; :mod:`bazas.server.remote`).

Run as many as the machines have cores, on any machine that reaches Redis; the servers send their
work to the queue with ``BAZAS_WORKERS=redis`` and ``BAZAS_REDIS_URL``. The same workers play the
deals of ``bazas bench bots --redis-url`` (on the least urgent stream, behind the tables' work).
"""

from __future__ import annotations

import argparse
import os
import socket


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    p = subparsers.add_parser(
        "worker",
        help="think for the table servers of a site (bots, hints, analysis) from the Redis queue",
        description="Take bots' decisions, hints, claim checks and double-dummy analyses from the site's "
                    "shared Redis queue and answer the server that asked.",
    )
    p.add_argument("--redis-url", default=None,
                   help="Redis of the site (default: $BAZAS_REDIS_URL, else redis://127.0.0.1:6379/0)")
    p.add_argument("--processes", type=int, default=1, help="worker processes on this machine (default 1)")
    p.add_argument("--name", default=None, help="worker name, unique in the site (default: host-pid)")
    p.add_argument("--bots", choices=("dds", "simple"), default=None,
                   help="computer players the jobs name (default $BAZAS_BOTS, else dds)")
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    import logging

    from bazas.bench.bots import WORKER_FUNCTIONS
    from bazas.server.remote import serve

    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(name)s %(message)s")
    url = args.redis_url or os.environ.get("BAZAS_REDIS_URL") or "redis://127.0.0.1:6379/0"
    name = args.name or f"{socket.gethostname()}-{os.getpid()}"
    kind = args.bots or os.environ.get("BAZAS_BOTS") or "dds"
    print(f"bazas worker {name}: {max(1, args.processes)} process(es) on {url.split('@')[-1]}", flush=True)
    serve(url, name, max(1, args.processes), kind, functions=dict(WORKER_FUNCTIONS))
    return 0
