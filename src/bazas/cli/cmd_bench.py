"""``bazas bench engine|bots|server|errors [options]``: benchmarks.

The benchmarks live in :mod:`bazas.bench`, one module per target (``bazas.bench.engine``, ...),
imported only when asked for. This command picks the target and hands it its own options;
``bazas bench TARGET --help`` lists them.
"""

from __future__ import annotations

import argparse
import importlib
import sys

from bazas.bench import TARGETS, module_name


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
    name = module_name(target)
    try:
        module = importlib.import_module(name)
    except ModuleNotFoundError as exc:
        if exc.name != name:
            raise
        print(f"bazas bench {target}: not available in this installation ({name} is missing)",
              file=sys.stderr)
        return 2
    parser = argparse.ArgumentParser(prog=f"bazas bench {target}", description=TARGETS[target])
    module.add_arguments(parser)
    sub_args = parser.parse_args(list(args.options))
    return int(module.run(sub_args) or 0)
