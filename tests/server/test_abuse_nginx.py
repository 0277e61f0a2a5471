"""Issue 13, point 2: deploy/nginx.conf in front of a real server, nginx (Debian's) run on loopback
from a temporary prefix (as an unprivileged user when the tests run as root). Counts what the proxy
refused and what its access log kept; no timing."""

from __future__ import annotations

import os
import shutil
import socket
import subprocess
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest

from .harness import REPO, ServerProcess

NGINX = Path("/usr/sbin/nginx")
pytestmark = pytest.mark.skipif(not NGINX.exists(), reason="nginx is not installed (scripts/install-system-deps.sh nginx)")


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@pytest.fixture(scope="module")
def proxied(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, Path, str]]:
    with ServerProcess(tmp_path_factory.mktemp("behind"), env={"BAZAS_TRUSTED_CLIENTS": "127.0.0.1"}) as server:
        # Directly under /tmp: the unprivileged user must reach it (pytest's base dir is private).
        prefix = Path(tempfile.mkdtemp(prefix="bazas-nginx-"))
        port = _free_port()
        conf = (REPO / "deploy" / "nginx.conf").read_text()
        conf = conf.replace("@PREFIX@", str(prefix)).replace("@LISTEN@", f"127.0.0.1:{port}")
        conf = conf.replace("@UPSTREAM@", f"127.0.0.1:{server.port}")
        root = os.geteuid() == 0
        (prefix / "nginx.conf").write_text(conf)
        shutil.copy(REPO / "deploy" / "bazas_proxy.conf", prefix / "bazas_proxy.conf")
        cmd = [str(NGINX), "-p", str(prefix), "-c", str(prefix / "nginx.conf"), "-e", str(prefix / "error.log"),
               "-g", "daemon off;"]
        if root:  # nginx runs as nobody: the prefix must be its own
            shutil.chown(prefix, "nobody", "nogroup")
            for p in prefix.iterdir():
                shutil.chown(p, "nobody", "nogroup")
            cmd = ["setpriv", "--reuid=nobody", "--regid=nogroup", "--clear-groups", *cmd]
        proc = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, start_new_session=True)
        url = f"http://127.0.0.1:{port}"
        try:
            for _ in range(200):
                try:
                    if httpx.get(f"{url}/api/health", timeout=2).status_code == 200:
                        break
                except httpx.HTTPError:
                    pass
                if proc.poll() is not None:
                    out = proc.stdout.read().decode() if proc.stdout else ""
                    pytest.fail(f"nginx did not start: {out}")
                time.sleep(0.05)
            yield url, prefix, server.http
        finally:
            proc.terminate()
            proc.wait(10)
            shutil.rmtree(prefix, ignore_errors=True)


def test_issue13_2_nginx_refuses_large_bodies_and_table_floods(proxied: tuple[str, Path, str]) -> None:
    url, _, _ = proxied
    big = httpx.post(f"{url}/api/tables", content=b"{" + b" " * 70_000 + b"}", timeout=10,
                     headers={"content-type": "application/json"})
    assert big.status_code == 413
    codes = [httpx.post(f"{url}/api/tables", json={"me": None}, timeout=30).status_code for _ in range(20)]
    # burst 10 at 10 a minute: the first ten pass, the rest are refused by the proxy.
    assert codes.count(429) >= 9 and codes.count(200) <= 11, codes


def test_issue13_2_nginx_caps_connections_per_address(proxied: tuple[str, Path, str]) -> None:
    url, _, _ = proxied
    port = int(url.rsplit(":", 1)[1])
    # 40 requests held open (the head sent, the body never): nginx serves 32 per address at once.
    held = []
    for _ in range(40):
        s = socket.create_connection(("127.0.0.1", port))
        s.sendall(b"POST /api/tables HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 10\r\n\r\n{")
        held.append(s)
    time.sleep(0.5)  # let nginx read the heads (the assertion counts answers)
    refused = 0
    for s in held:
        s.settimeout(0.2)
        try:
            if b" 429 " in s.recv(200):
                refused += 1
        except OSError:
            pass
        s.close()
    assert refused >= 8, refused


def test_issue13_4_nginx_access_log_has_no_seat_secret(proxied: tuple[str, Path, str]) -> None:
    url, prefix, _ = proxied
    httpx.get(f"{url}/t/sometable?k=very-secret-seat-key", timeout=10)
    log = ""
    for _ in range(50):
        log = (prefix / "access.log").read_text() if (prefix / "access.log").exists() else ""
        if "/t/sometable" in log:
            break
        time.sleep(0.05)
    assert "/t/sometable" in log and "very-secret-seat-key" not in log
