"""``bazas bench engine|bots|server|errors [options]``: benchmarks.

Each target lives in its own module, imported only when asked for: ``bazas.cli.bench_engine``,
``bazas.cli.bench_bots``, ``bazas.cli.bench_server``, ``bazas.cli.bench_errors``, each exposing ``add_arguments(parser)`` and
``run(args) -> int``. ``bazas bench TARGET --help`` lists the target's own options.
"""

from __future__ import annotations

import argparse
import importlib
import sys

TARGETS: dict[str, str] = {
    "engine": "rules engine speed: random playouts, the Play API, legal calls, scoring",
    "bots": "bot strength against double dummy, bidding checks and a bot-vs-bot match",
    "server": "table server throughput and latency",
    "errors": "every double-dummy error of a `bench bots` report, replayed decision by decision",
}


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    p = subparsers.add_parser(
        "bench",
        help="benchmarks: engine speed, bot strength, server load",
        description="Run a benchmark. Targets: "
                    + "; ".join(f"{name}: {text}" for name, text in TARGETS.items()) + ".",
    )
    p.add_argument("target", choices=sorted(TARGETS), help="what to measure")
    p.add_argument("options", nargs=argparse.REMAINDER, help="the target's own options (see bazas bench TARGET --help)")
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    target: str = args.target
    module_name = f"bazas.cli.bench_{target}"
    try:
        module = importlib.import_module(module_name)
    except ModuleNotFoundError as exc:
        if exc.name != module_name:
            raise
        print(f"bazas bench {target}: not available in this installation ({module_name} is missing)",
              file=sys.stderr)
        return 2
    parser = argparse.ArgumentParser(prog=f"bazas bench {target}", description=TARGETS[target])
    module.add_arguments(parser)
    sub_args = parser.parse_args(list(args.options))
    return int(module.run(sub_args) or 0)
