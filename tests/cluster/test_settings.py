"""Issue 14: the cluster is opt-in. Without ``BAZAS_CLUSTER`` a server is the one-process hub of
``make run`` (SQLite, local process pool); wrong cluster settings are refused naming the variable."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest

from bazas.server.cluster import ClusterHub, ClusterSettings, make_hub
from bazas.server.hub import Hub
from bazas.server.scheduler import WorkerPool
from bazas.server.settings import Settings


def test_issue14_without_the_cluster_variable_the_server_is_one_process(tmp_path: Path,
                                                                         monkeypatch: pytest.MonkeyPatch) -> None:
    for name in ("BAZAS_CLUSTER", "BAZAS_WORKERS", "BAZAS_REDIS_URL"):
        monkeypatch.delenv(name, raising=False)
    plain = ClusterSettings.from_env()
    assert not plain.enabled and plain.workers == "local" and plain.name
    hub = make_hub(Settings(data_dir=tmp_path))
    try:
        assert type(hub) is Hub and not isinstance(hub, ClusterHub)
        assert type(hub.workers) is WorkerPool
        assert hub.repository.engine.dialect.name == "sqlite"
    finally:
        asyncio.run(hub.close())


@pytest.mark.parametrize(("env", "message"), [
    ({"BAZAS_WORKERS": "ray"}, "BAZAS_WORKERS='ray': expected local or redis"),
    ({"BAZAS_WORKERS": "redis"}, "BAZAS_WORKERS=redis needs BAZAS_REDIS_URL"),
])
def test_issue14_bad_cluster_settings_name_the_variable(env: dict[str, str], message: str) -> None:
    with pytest.raises(ValueError, match=message.replace("(", r"\(").replace(")", r"\)")):
        ClusterSettings.from_env(env)


def test_issue14_cluster_settings_from_the_environment() -> None:
    s = ClusterSettings.from_env({"BAZAS_CLUSTER": "1", "BAZAS_SERVER_NAME": "s7", "BAZAS_LEASE_SECONDS": "2.5",
                                  "BAZAS_WORKERS": "redis", "BAZAS_REDIS_URL": "redis://r:6379/0"})
    assert s == ClusterSettings(True, "s7", 2.5, "redis://r:6379/0", "redis")


@pytest.mark.parametrize(("value", "address"), [
    ("", None), ("lb.example.org:2000", ("lb.example.org", 2000)), ("[::1]:2001", ("::1", 2001)),
])
def test_issue9_the_public_table_manager_address(value: str, address: tuple[str, int] | None) -> None:
    """Behind a balancer, program seats are told its table-manager address (``BAZAS_TM_PUBLIC``)."""
    assert Settings.from_env({"BAZAS_TM_PUBLIC": value}).tm_public_address == address


@pytest.mark.parametrize("value", ["lb.example.org", ":2000", "lb:port", "lb:0", "lb:70000"])
def test_issue9_a_bad_public_table_manager_address_names_the_setting(value: str, tmp_path: Path) -> None:
    with pytest.raises(ValueError, match=r"BAZAS_TM_PUBLIC / --tm-public: expected HOST:PORT"):
        _ = Settings(tm_public=value).tm_public_address
    # `bazas serve` refuses to start, saying so, before it listens anywhere.
    import subprocess
    import sys

    out = subprocess.run([sys.executable, "-m", "bazas.cli.main", "serve", "--port", "0", "--tm-port", "0",
                          "--tm-public", value, "--data-dir", str(tmp_path)], capture_output=True, text=True,
                         timeout=60)
    assert out.returncode == 2 and "expected HOST:PORT" in out.stderr, out
