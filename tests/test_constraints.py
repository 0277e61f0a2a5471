"""Issue 13, dependencies: every package bazas installs is pinned in constraints.txt, which
``make install`` installs from, and the environment running the tests is the pinned one."""

from __future__ import annotations

import re
import tomllib
from importlib import metadata
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]


def _name(requirement: str) -> str:
    return re.split(r"[<>=!~\[; ]", requirement, maxsplit=1)[0].strip().lower().replace("_", "-")


def pins() -> dict[str, str]:
    out = {}
    for line in (REPO / "constraints.txt").read_text().splitlines():
        line = line.strip()
        if not line or line.startswith("#"):
            continue
        name, sep, version = line.partition("==")
        assert sep, f"constraints.txt: {line!r} is not an exact pin (name==version)"
        out[name.strip().lower().replace("_", "-")] = version.strip()
    return out


def test_issue13_every_declared_dependency_is_pinned() -> None:
    project = tomllib.loads((REPO / "pyproject.toml").read_text())["project"]
    declared = [*project["dependencies"], *project["optional-dependencies"]["dev"]]
    pinned = pins()
    missing = [r for r in declared if _name(r) not in pinned]
    assert not missing, f"add to constraints.txt (make lock): {missing}"


def test_issue13_the_installed_packages_are_the_pinned_versions() -> None:
    wrong = {}
    for name, version in pins().items():
        try:
            installed = metadata.version(name)
        except metadata.PackageNotFoundError:
            continue   # a platform-specific pin not needed here
        if installed != version:
            wrong[name] = (installed, version)
    assert not wrong, f"installed vs pinned: {wrong} (run make install, or make lock after an upgrade)"


def test_issue13_make_installs_from_the_constraints() -> None:
    makefile = (REPO / "Makefile").read_text()
    assert "-c constraints.txt" in makefile and "audit:" in makefile
