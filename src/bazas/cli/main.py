"""The ``bazas`` command.

Each subcommand lives in its own module under ``bazas.cli`` (``cmd_<name>.py``) and exposes
``register(subparsers)``, which adds its parser and sets ``func`` (``args -> exit status``).
Modules are imported lazily by name so ``bazas score`` never pays for the server or the solver.
"""

from __future__ import annotations

import argparse
import importlib
import os
import pkgutil
import sys
from collections.abc import Sequence

import bazas


def _command_modules() -> list[str]:
    import bazas.cli as package

    return sorted(
        m.name for m in pkgutil.iter_modules(package.__path__) if m.name.startswith("cmd_")
    )


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="bazas",
        description="bazas: bridge rules engine, scorepad, bots and table server.",
    )
    parser.add_argument("--version", action="version", version=f"bazas {bazas.__version__}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    for name in _command_modules():
        module = importlib.import_module(f"bazas.cli.{name}")
        module.register(sub)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    from bazas.engine.errors import BazasError
    from bazas.engine.rulesets import load_modules

    try:
        # Games from outside the package (BAZAS_RULESETS="pkg.module other.module") register first,
        # so that every command's --ruleset choices include them.
        load_modules(os.environ.get("BAZAS_RULESETS", ""))
    except BazasError as exc:
        print(f"bazas: BAZAS_RULESETS: {exc}", file=sys.stderr)
        return 2
    parser = build_parser()
    args = parser.parse_args(argv)
    func = getattr(args, "func", None)
    if func is None:
        parser.print_help()
        return 2
    try:
        status = func(args)
        sys.stdout.flush()
    except BrokenPipeError:
        # The reader went away (``bazas bid ... | head -1``): not an error of ours. Point stdout
        # at devnull so the interpreter's final flush does not complain again.
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        return 0
    return int(status or 0)


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
