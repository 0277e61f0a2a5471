"""An earlier version of this bidding package, loaded from git history for a match against it.

``previous_bidder("847a01a")`` reads ``src/bazas/bots/bidding/`` as it was at that commit
(``git show``), writes it into a temporary package and imports it, so the bench can seat the
previous release's bidder against today's without copying its code into the tree. The old
package still uses today's engine and ``bazas.bots.base``: a version whose imports no longer
resolve fails with a clear message.
"""

from __future__ import annotations

import importlib
import subprocess
import sys
import tempfile
from pathlib import Path
from types import ModuleType
from typing import Any

PACKAGE_PATH = "src/bazas/bots/bidding"

_loaded: dict[str, ModuleType] = {}


def _repo_root() -> Path:
    here = Path(__file__).resolve()
    for parent in here.parents:
        if (parent / ".git").exists():
            return parent
    raise RuntimeError("the bidding package is not inside a git checkout: no history to load a bidder from")


def _git(root: Path, *args: str) -> str:
    try:
        return subprocess.run(["git", "-C", str(root), *args], check=True, capture_output=True, text=True).stdout
    except (OSError, subprocess.CalledProcessError) as exc:
        detail = getattr(exc, "stderr", "") or str(exc)
        raise RuntimeError(f"git {' '.join(args)} failed: {detail.strip()}") from exc


def load_package(commit: str) -> ModuleType:
    """The bidding package at ``commit``, imported as a temporary package (cached per commit)."""
    root = _repo_root()
    sha = _git(root, "rev-parse", "--verify", f"{commit}^{{commit}}").strip()
    if sha in _loaded:
        return _loaded[sha]
    names = [n for n in _git(root, "ls-tree", "--name-only", sha, f"{PACKAGE_PATH}/").split() if n.endswith(".py")]
    if not names:
        raise RuntimeError(f"commit {commit} has no {PACKAGE_PATH}/")
    top = f"_bazas_bidding_{sha[:12]}"
    base = Path(tempfile.mkdtemp(prefix="bazas-prev-bidder-"))
    pkg = base / top
    (pkg / "bidding").mkdir(parents=True)
    (pkg / "__init__.py").write_text("", encoding="utf-8")
    # The old package reaches the bots layer as ``..base``: today's module stands in.
    (pkg / "base.py").write_text("from bazas.bots.base import *  # noqa: F403\n", encoding="utf-8")
    for name in names:
        (pkg / "bidding" / Path(name).name).write_text(_git(root, "show", f"{sha}:{name}"), encoding="utf-8")
    sys.path.insert(0, str(base))
    try:
        module = importlib.import_module(f"{top}.bidding")
    except ImportError as exc:
        raise RuntimeError(f"the bidding package at {commit} no longer imports against today's code: {exc}") from exc
    finally:
        sys.path.remove(str(base))
    _loaded[sha] = module
    return module


def previous_bidder(commit: str) -> Any:
    """A :class:`~bazas.bots.base.Bot` for calls: the SAYC bidder as it was at ``commit``."""
    module = load_package(commit)
    return module.Bidder(module.SAYC)


__all__ = ["load_package", "previous_bidder"]
