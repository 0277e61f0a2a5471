"""The ``postgres_url`` fixture starts a real PostgreSQL server we can talk to."""

from __future__ import annotations

import psycopg
import pytest
from sqlalchemy.engine import make_url

pytestmark = pytest.mark.postgres


def _conninfo(url: str) -> str:
    u = make_url(url)
    return f"host={u.host} port={u.port} user={u.username} dbname={u.database}"


def test_postgres_url_select_1(postgres_url: str) -> None:
    u = make_url(postgres_url)
    assert u.drivername == "postgresql+psycopg"
    assert u.host == "127.0.0.1"
    assert u.database == "bazas_test"
    with psycopg.connect(_conninfo(postgres_url)) as conn:
        assert conn.execute("select 1").fetchone() == (1,)
        assert conn.execute("select current_database()").fetchone() == ("bazas_test",)


def test_fresh_database_is_separate(postgres_url: str, fresh_postgres_url: str) -> None:
    with psycopg.connect(_conninfo(fresh_postgres_url)) as conn:
        conn.execute("create table t (x int)")
        conn.execute("insert into t values (42)")
        assert conn.execute("select x from t").fetchone() == (42,)
    with psycopg.connect(_conninfo(postgres_url)) as conn:
        assert conn.execute("select to_regclass('public.t')").fetchone() == (None,)
