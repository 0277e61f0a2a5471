"""Benchmarks: ``bazas bench engine|bots|server|errors|abuse``.

One module per target, imported only when asked for: :mod:`bazas.bench.engine` (rules engine
speed), :mod:`bazas.bench.bots` (bot strength), :mod:`bazas.bench.server` (table server load) and
:mod:`bazas.bench.errors` (the double-dummy errors of a ``bench bots`` report), :mod:`bazas.bench.leads`
(the opening leads alone, configurations compared), :mod:`bazas.bench.decisions` (one kind of
decision of a ``bench bots`` run replayed, configurations compared), :mod:`bazas.bench.compare` (``bench bots``
runs compared deal by deal), :mod:`bazas.bench.summary` (a ``bench bots`` report from its records), :mod:`bazas.bench.readings` (what the
readings of the play tell about the real layout), :mod:`bazas.bench.pool` (issue 9's goals judged on several runs together). Each exposes
``add_arguments(parser)`` and ``run(args) -> int``; the ``bazas bench`` command
(:mod:`bazas.cli.cmd_bench`) only picks the target and passes its options on.

This package sits between the command line and the server in the layers: it may use the engine,
the bots, the formats, the storage and the server, and only ``bazas.cli`` uses it.

>>> sorted(TARGETS)
['abuse', 'bots', 'compare', 'decisions', 'engine', 'errors', 'leads', 'pool', 'readings', 'server', 'summary']
>>> module_name("bots")
'bazas.bench.bots'
"""

from __future__ import annotations

TARGETS: dict[str, str] = {
    "engine": "rules engine speed: random playouts, the Play API, legal calls, scoring",
    "bots": "bot strength against double dummy, bidding checks and a bot-vs-bot match",
    "server": "table server throughput and latency",
    "errors": "every double-dummy error of a `bench bots` report, replayed decision by decision",
    "abuse": "one client flooding tables and hints: the others' bots, sockets held, memory per spectator",
    "compare": "`bench bots --records` runs on the same deals compared deal by deal: tricks lost per role",
    "decisions": "one kind of decision of a `bench bots --records` run replayed, card player configurations compared",
    "leads": "the opening leads of the `bench bots` deals replayed alone, card player configurations compared",
    "summary": "the report of a `bench bots --records` file: a run going on, stopped or finished, with today's measures",
    "pool": "issue 9's double-dummy goals judged on several held-out runs together (records, reports, "
            "`bench leads` reports): pooled counts, Wilson intervals",
    "readings": "how much each reading of the play (the lead, signals, habits...) tells about the real layout, "
                "on the positions of a `bench bots --records` run",
}


def module_name(target: str) -> str:
    """The module that runs ``bazas bench TARGET``."""
    return f"{__name__}.{target}"
