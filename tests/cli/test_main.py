"""The ``bazas`` command itself: subcommand discovery and behaviour in a pipeline."""

from __future__ import annotations

import subprocess
import sys

from bazas.cli.main import build_parser


def test_every_documented_subcommand_is_registered() -> None:
    parser = build_parser()
    sub = next(a for a in parser._actions if a.dest == "command")
    names = set(sub.choices)  # type: ignore[arg-type]
    assert {"serve", "score", "imps", "deal", "bid", "play", "autoplay", "bench"} <= names


def test_a_reader_that_closes_early_is_not_an_error() -> None:
    # `bazas deal ... | head -1`: the reader goes away; no traceback, exit status 0.
    proc = subprocess.Popen([sys.executable, "-m", "bazas.cli.main", "deal", "--boards", "64", "--format", "text",
                             "--seed", "1"], stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    assert proc.stdout is not None and proc.stderr is not None
    proc.stdout.readline()
    proc.stdout.close()
    err = proc.stderr.read().decode()
    assert proc.wait(timeout=60) == 0
    assert "Traceback" not in err and "BrokenPipe" not in err
