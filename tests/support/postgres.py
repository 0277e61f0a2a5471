"""A throwaway, real PostgreSQL server for tests.

``start_postgres()`` finds Debian's server binaries (``/usr/lib/postgresql/<version>/bin``),
runs ``initdb`` into a fresh temporary directory and starts the server with ``pg_ctl``:

- listening on 127.0.0.1 only, on a free port, with its unix socket inside the temp dir
  (never the system's /var/run/postgresql, never port 5432 unless it happens to be free);
- ``trust`` authentication, superuser ``postgres``, no password;
- durability switched off (fsync, synchronous_commit, full_page_writes) since the data is
  thrown away: tests get speed, not crash safety;
- as the ``postgres`` OS user when we are root (PostgreSQL refuses to run as root), as the
  current user otherwise.

``PostgresServer.stop()`` stops it and deletes the directory. ``PostgresUnavailable`` is raised
when the binaries (or, as root, the ``postgres`` user) are missing; the pytest fixtures in
``tests/conftest.py`` turn it into a skip with the reason. Any other failure to start is an
error, with the server log in the message.

Environment overrides: ``BAZAS_PG_BINDIR`` (directory holding postgres/initdb/pg_ctl),
``BAZAS_PG_TMPDIR`` (parent of the temp dir).
"""

from __future__ import annotations

import atexit
import contextlib
import glob
import os
import pwd
import re
import shlex
import shutil
import signal
import socket
import subprocess
import tempfile
import time
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

SERVER_BINARIES = ("postgres", "initdb", "pg_ctl")
SUPERUSER = "postgres"
OS_USER = "postgres"


class PostgresUnavailable(RuntimeError):
    """PostgreSQL can't be run here (not installed); tests needing it should skip."""


def _version_key(bindir: str) -> tuple[int, ...]:
    version = Path(bindir).parent.name  # /usr/lib/postgresql/15/bin -> "15"
    return tuple(int(part) for part in re.findall(r"\d+", version)) or (0,)


def _has_server_binaries(bindir: Path) -> bool:
    return all(os.access(bindir / name, os.X_OK) for name in SERVER_BINARIES)


def find_bindir() -> Path:
    """The directory holding ``postgres``, ``initdb`` and ``pg_ctl`` (newest version wins)."""
    override = os.environ.get("BAZAS_PG_BINDIR")
    if override:
        if _has_server_binaries(Path(override)):
            return Path(override)
        raise PostgresUnavailable(f"BAZAS_PG_BINDIR={override} lacks one of {', '.join(SERVER_BINARIES)}")
    for bindir in sorted(glob.glob("/usr/lib/postgresql/*/bin"), key=_version_key, reverse=True):
        if _has_server_binaries(Path(bindir)):
            return Path(bindir)
    pg_ctl = shutil.which("pg_ctl")  # non-Debian layouts keep everything on PATH
    if pg_ctl and _has_server_binaries(Path(pg_ctl).parent):
        return Path(pg_ctl).parent
    raise PostgresUnavailable(
        "PostgreSQL server binaries not found (/usr/lib/postgresql/*/bin/{postgres,initdb,pg_ctl}); "
        "install them with `make system-deps` or `apt-get install postgresql`"
    )


def free_port(host: str = "127.0.0.1") -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        sock.bind((host, 0))
        port: int = sock.getsockname()[1]
        return port


@dataclass
class _RunAs:
    """Run commands as the OS user that owns the cluster (``postgres`` when we are root)."""

    user: str | None  # None: the current user
    uid: int
    gid: int
    home: str

    @classmethod
    def for_current_process(cls) -> _RunAs:
        if os.geteuid() != 0:
            return cls(user=None, uid=os.getuid(), gid=os.getgid(), home=os.environ.get("HOME", "/tmp"))
        try:
            entry = pwd.getpwnam(OS_USER)
        except KeyError:
            raise PostgresUnavailable(
                f"running as root but there is no '{OS_USER}' OS user to run the server as "
                "(it comes with Debian's postgresql package)"
            ) from None
        return cls(user=entry.pw_name, uid=entry.pw_uid, gid=entry.pw_gid, home="/tmp")

    def run(
        self, cmd: Sequence[str | os.PathLike[str]], *, cwd: Path, env: Mapping[str, str], timeout: float
    ) -> subprocess.CompletedProcess[str]:
        kwargs: dict[str, Any] = {}
        if self.user is not None:
            # Same effect as `runuser -u postgres -- cmd`, without needing runuser/su/PAM.
            kwargs = {"user": self.uid, "group": self.gid, "extra_groups": []}
        return subprocess.run(
            [os.fspath(c) for c in cmd],
            cwd=cwd,
            env=dict(env),
            stdin=subprocess.DEVNULL,
            capture_output=True,
            text=True,
            timeout=timeout,
            check=False,
            **kwargs,
        )


@dataclass
class PostgresServer:
    bindir: Path
    base_dir: Path
    host: str
    port: int
    run_as: _RunAs = field(repr=False)
    user: str = SUPERUSER
    _stopped: bool = field(default=False, repr=False)

    @property
    def data_dir(self) -> Path:
        return self.base_dir / "data"

    @property
    def socket_dir(self) -> Path:
        return self.base_dir

    @property
    def log_file(self) -> Path:
        return self.base_dir / "postgres.log"

    def url(self, database: str = "postgres", driver: str = "postgresql+psycopg") -> str:
        """SQLAlchemy URL, e.g. ``postgresql+psycopg://postgres@127.0.0.1:PORT/bazas_test``."""
        return f"{driver}://{self.user}@{self.host}:{self.port}/{database}"

    def conninfo(self, database: str = "postgres") -> str:
        """libpq connection string for ``psycopg.connect``."""
        return f"host={self.host} port={self.port} user={self.user} dbname={database} connect_timeout=10"

    def create_database(self, name: str) -> str:
        """Create database ``name`` (dropping an existing one) and return its SQLAlchemy URL."""
        import psycopg
        from psycopg import sql

        with psycopg.connect(self.conninfo(), autocommit=True) as conn:
            conn.execute(sql.SQL("DROP DATABASE IF EXISTS {} WITH (FORCE)").format(sql.Identifier(name)))
            conn.execute(sql.SQL("CREATE DATABASE {}").format(sql.Identifier(name)))
        return self.url(name)

    def drop_database(self, name: str) -> None:
        import psycopg
        from psycopg import sql

        with psycopg.connect(self.conninfo(), autocommit=True) as conn:
            conn.execute(sql.SQL("DROP DATABASE IF EXISTS {} WITH (FORCE)").format(sql.Identifier(name)))

    def log_tail(self, lines: int = 40) -> str:
        try:
            return "\n".join(self.log_file.read_text(errors="replace").splitlines()[-lines:])
        except OSError:
            return "(no server log)"

    def _pg_ctl(self, *args: str, timeout: float = 60) -> subprocess.CompletedProcess[str]:
        return self.run_as.run(
            [self.bindir / "pg_ctl", "-D", self.data_dir, *args],
            cwd=self.base_dir,
            env=_server_env(self.run_as),
            timeout=timeout,
        )

    def _postmaster_pid(self) -> int | None:
        try:
            return int((self.data_dir / "postmaster.pid").read_text().split("\n", 1)[0])
        except (OSError, ValueError):
            return None

    def stop(self) -> None:
        """Stop the server (fast, then immediate, then SIGKILL) and delete its directory."""
        if self._stopped:
            return
        self._stopped = True
        try:
            if (self.data_dir / "postmaster.pid").exists():
                for mode in ("fast", "immediate"):
                    with contextlib.suppress(subprocess.TimeoutExpired):
                        if self._pg_ctl("-m", mode, "-w", "-t", "30", "stop", timeout=40).returncode == 0:
                            break
                pid = self._postmaster_pid()
                if pid is not None:
                    with contextlib.suppress(ProcessLookupError, PermissionError):
                        os.kill(pid, signal.SIGKILL)
        finally:
            shutil.rmtree(self.base_dir, ignore_errors=True)


def _server_env(run_as: _RunAs) -> dict[str, str]:
    # A clean environment: no PG* variables of the caller (PGDATA, PGPORT, ...) leak in.
    return {
        "PATH": "/usr/local/bin:/usr/bin:/bin",
        "HOME": run_as.home,
        "LANG": "C.UTF-8",
        "LC_ALL": "C.UTF-8",
        "TZ": "UTC",
    }


def _fail(message: str, result: subprocess.CompletedProcess[str] | None, server: PostgresServer) -> str:
    parts = [message]
    if result is not None:
        parts.append(f"exit status {result.returncode}\nstdout:\n{result.stdout}\nstderr:\n{result.stderr}")
    parts.append(f"server log ({server.log_file}):\n{server.log_tail()}")
    return "\n".join(parts)


def start_postgres(*, host: str = "127.0.0.1", start_attempts: int = 5) -> PostgresServer:
    """initdb + start a private server; the caller must call ``.stop()``."""
    bindir = find_bindir()
    run_as = _RunAs.for_current_process()

    parent = os.environ.get("BAZAS_PG_TMPDIR") or ("/tmp" if run_as.user else tempfile.gettempdir())
    # Short path on purpose: the unix socket path (dir + "/.s.PGSQL.PORT") must stay < 108 bytes.
    base_dir = Path(tempfile.mkdtemp(prefix="bazas-pg-", dir=parent))
    if run_as.user is not None:
        os.chown(base_dir, run_as.uid, run_as.gid)
    os.chmod(base_dir, 0o700)

    server = PostgresServer(bindir=bindir, base_dir=base_dir, host=host, port=0, run_as=run_as)
    env = _server_env(run_as)
    try:
        result = run_as.run(
            [
                bindir / "initdb",
                "-D", server.data_dir,
                "-U", SUPERUSER,
                "--auth=trust",
                "--encoding=UTF8",
                "--no-locale",
                "--no-sync",
            ],
            cwd=base_dir,
            env=env,
            timeout=180,
        )
        if result.returncode != 0:
            raise RuntimeError(_fail("initdb failed", result, server))

        for _attempt in range(start_attempts):
            server.port = free_port(host)
            options = " ".join(
                shlex.quote(opt)
                for opt in (
                    "-c", f"listen_addresses={host}",
                    "-p", str(server.port),
                    "-k", str(server.socket_dir),
                    "-c", "fsync=off",
                    "-c", "synchronous_commit=off",
                    "-c", "full_page_writes=off",
                    "-c", "max_connections=200",
                )
            )
            result = server._pg_ctl("-l", str(server.log_file), "-o", options, "-w", "-t", "120", "start", timeout=150)
            if result.returncode == 0:
                break
            log = server.log_tail()
            if "could not bind" in log or "already in use" in log:
                time.sleep(0.2)  # lost the race for the port: try another one
                continue
            raise RuntimeError(_fail(f"pg_ctl start failed (port {server.port})", result, server))
        else:
            raise RuntimeError(_fail(f"pg_ctl start failed {start_attempts} times", result, server))
    except BaseException:
        server.stop()
        raise

    atexit.register(server.stop)  # belt and braces, should the caller never get to stop()
    return server
