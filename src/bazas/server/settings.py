"""Server settings: where data lives, which database, how bots think.

Every field has an environment variable (``BAZAS_<FIELD>``, upper case), read by
:meth:`Settings.from_env`; command-line options override them.
"""

from __future__ import annotations

import os
from dataclasses import dataclass, field, fields, replace
from pathlib import Path
from typing import Any


def default_data_dir() -> Path:
    """``./data`` when it exists (a checkout), else ``$XDG_DATA_HOME/bazas`` (``~/.local/share/bazas``)."""
    local = Path.cwd() / "data"
    if local.is_dir():
        return local
    xdg = os.environ.get("XDG_DATA_HOME")
    base = Path(xdg) if xdg else Path.home() / ".local" / "share"
    return base / "bazas"


@dataclass(frozen=True)
class Settings:
    #: Directory for the SQLite database (and anything else the server keeps).
    data_dir: Path = field(default_factory=default_data_dir)
    #: SQLAlchemy URL; empty: SQLite file ``bazas.sqlite3`` in ``data_dir``.
    database_url: str = ""
    #: Bots: "dds" (the real computer players, in a process pool), "simple" (the baseline bots, in
    #: the pool too) or "scripted" (first legal action, instantly, in the server: benchmarks).
    bots: str = "dds"
    #: Strength preset of the real bots (bazas.bots.player.STRENGTHS).
    bot_strength: str = "fast"
    #: Time budget per bot action (seconds) unless the table sets its own.
    bot_seconds: float = 1.0
    #: Worker processes for bots, hints and analysis (0: one per core).
    bot_workers: int = 0
    #: A bot decision that takes longer than budget * factor + grace is replaced by a safe default.
    bot_deadline_factor: float = 4.0
    bot_deadline_grace: float = 2.0
    #: Pause before a bot acts (seconds), so people can follow the play.
    bot_delay: float = 0.0
    #: Speed of a table with people that has not chosen one (issue 12; :mod:`bazas.server.pace`):
    #: slow, normal, fast or instant. Tables of bots only and scripted bots are instant.
    table_speed: str = "normal"
    #: Issue 9: the table-manager port where outside programs connect to their program seats
    #: (``bazas serve --tm-port``; -1: off, 0: any free port) and its address.
    tm_port: int = -1
    tm_host: str = "127.0.0.1"
    #: The table-manager address programs are told to connect to ("HOST:PORT"), when it is not this
    #: server's own: on a site of several servers, the balancer's (deploy/haproxy.cfg routes each
    #: program to the server holding its table). Empty: this server's ``tm_host``:``tm_port``.
    tm_public: str = ""
    #: Seconds before a table of bots only moves on to its next deal.
    auto_next_delay: float = 1.0
    #: Double-dummy analysis of every finished deal.
    analysis: bool = True
    #: Meanings of the calls in every state message.
    explanations: bool = True
    #: Load every unfinished table at startup (bots resume their turn).
    resume: bool = True
    #: Seconds a seated person may be away (no open connection) before a substitute, the table's
    #: bot, plays for their seat while the table waits for it; they take the seat back on return.
    absent_seconds: float = 60.0
    #: Seconds after which a table nobody is connected to, and that cannot move by itself, is
    #: unloaded from memory (it loads again, from the database, when somebody comes back).
    unload_after: float = 1800.0
    #: Directory of the web UI (default: the package's static files).
    static_dir: Path | None = None
    # -- limits (issue 13) --
    #: Client addresses the per-address limits do not apply to (comma-separated; tests and
    #: benchmarks on loopback). Behind a reverse proxy, the proxy's address must NOT be here: let
    #: uvicorn trust its X-Forwarded-For instead (``bazas serve --forwarded-allow-ips``).
    trusted_clients: str = ""
    #: Allow ``seed`` (prepared deals) at tables with seats open to other people (tests only).
    seed_open_tables: bool = False
    #: Tables one client address may create per minute (a token bucket; ``tables_burst`` at once).
    tables_per_minute: float = 10.0
    tables_burst: int = 10
    #: Hints one seat may ask for per minute (``hints_burst`` at once; one at a time).
    hints_per_minute: float = 12.0
    hints_burst: int = 3
    #: Name changes one seat may make per minute (``names_burst`` at once).
    names_per_minute: float = 6.0
    names_burst: int = 3
    #: Lesson answers (POST /api/learn/deals/{id}/auction|play: bots think) one client address may
    #: ask for per minute (``lessons_burst`` at once); a lesson is a few dozen answers.
    lessons_per_minute: float = 60.0
    lessons_burst: int = 20
    #: Open WebSockets per client address (more are refused with close code 4429).
    ws_per_address: int = 32
    #: Largest request body accepted on any route (bytes; larger: 413).
    max_body_bytes: int = 65536
    #: Connections uvicorn serves at once (more get 503) and seconds an idle keep-alive is kept.
    #: Sized for the bench's 1,000 tables of four players and their spectators, under the 20,000
    #: file descriptors of a default deployment (the per-address cap stops one client taking them).
    limit_concurrency: int = 8000
    timeout_keep_alive: int = 5
    #: Seconds a request (its head and body) may take to arrive; then its connection is closed.
    #: And HTTP connections one client address may hold open (more are refused with 503; those
    #: upgraded to a WebSocket count in ``ws_per_address``). ``bazas serve`` (server/connguard.py).
    request_timeout: float = 10.0
    http_per_address: int = 64
    #: Operator's token for ``GET /api/health?reset=1`` (header ``X-Bazas-Admin``); empty: nobody.
    admin_token: str = ""

    @property
    def trusted(self) -> frozenset[str]:
        return frozenset(a.strip() for a in self.trusted_clients.split(",") if a.strip())

    @property
    def tm_public_address(self) -> tuple[str, int] | None:
        """``tm_public`` as (host, port); None when unset. A malformed value is refused by name."""
        if not self.tm_public.strip():
            return None
        host, sep, port = self.tm_public.strip().rpartition(":")
        if not sep or not host or not port.isdigit() or not 0 < int(port) < 65536:
            raise ValueError(f"BAZAS_TM_PUBLIC / --tm-public: expected HOST:PORT, got {self.tm_public!r}")
        return host.strip("[]"), int(port)

    @property
    def url(self) -> str:
        if self.database_url:
            return self.database_url
        return f"sqlite:///{Path(self.data_dir) / 'bazas.sqlite3'}"

    @staticmethod
    def from_env(env: dict[str, str] | None = None, **overrides: Any) -> Settings:
        source = os.environ if env is None else env
        values: dict[str, Any] = {}
        for f in fields(Settings):
            raw = source.get(f"BAZAS_{f.name.upper()}")
            if raw is None or raw == "":
                continue
            values[f.name] = _convert(f.name, raw)
        settings = Settings(**values)
        return replace(settings, **{k: v for k, v in overrides.items() if v is not None})


def _convert(name: str, raw: str) -> Any:
    default = getattr(Settings(data_dir=Path(".")), name)
    if name in ("data_dir", "static_dir"):
        return Path(raw).expanduser()
    if isinstance(default, bool):
        return raw.strip().lower() in ("1", "true", "yes", "on")
    if isinstance(default, int):
        return int(raw)
    if isinstance(default, float):
        return float(raw)
    return raw
