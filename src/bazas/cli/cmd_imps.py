"""``bazas imps DIFF``: convert a points difference to IMPs (seed 002 section 8, WBF Law 78B)."""

from __future__ import annotations

import argparse
import sys


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    p = subparsers.add_parser(
        "imps",
        help="convert a points difference to IMPs",
        description="Print the IMPs (signed) for a difference in total points, e.g. 250 -> 6, -500 -> -11.",
    )
    p.add_argument("difference", nargs="?", help="the points difference (may be negative)")
    p.add_argument("--table", action="store_true", help="print the whole IMP scale (after the IMPs of DIFFERENCE, if given)")
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    from bazas.engine.rulesets.imps import imps, ranges

    out: list[str] = []
    if args.difference is None:
        if not args.table:
            print("bazas imps: give a points difference (e.g. bazas imps 250), or --table", file=sys.stderr)
            return 2
    else:
        text = str(args.difference).strip()
        try:
            difference = int(text)
        except ValueError:
            print(f"bazas imps: {text!r} is not a whole number of points", file=sys.stderr)
            return 2
        out.append(str(imps(difference)))
    if args.table:
        for low, high, value in ranges():
            span = f"{low}-{high}" if high is not None else f"{low}+"
            out.append(f"{span:>10}  {value}")
    sys.stdout.write("\n".join(out) + "\n")
    return 0
