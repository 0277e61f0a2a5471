"""Schema, migrations and repository functions, on SQLite and PostgreSQL."""

from __future__ import annotations

import asyncio
import random
import threading

import pytest
from alembic.autogenerate import compare_metadata
from alembic.runtime.migration import MigrationContext
from sqlalchemy import inspect, select, text

from bazas.engine.deal import deal_from_seed
from bazas.engine.seats import Seat
from bazas.engine.table import (
    Act,
    Command,
    DealCards,
    Next,
    Player,
    Table,
    command_from_dict,
    command_to_dict,
)
from bazas.server.store import AsyncStore
from bazas.storage import (
    Append,
    ConflictError,
    DealRecord,
    EventRecord,
    Repository,
    SeatRecord,
    hash_token,
    make_engine,
    upgrade,
)
from bazas.storage.db import current_revision, downgrade, head_revision
from bazas.storage.models import Base, EventRow, SeatRow

SEATS = [SeatRecord("N", "bot"), SeatRecord("E", "bot"), SeatRecord("S", "human", hash_token("secret-s")),
         SeatRecord("W", "human", hash_token("secret-w"))]


def new_table(repo: Repository, table_id: str = "t1", status: str = "auction") -> None:
    first = Append(table_id, [EventRecord(1, "deal", {"type": "deal", "deal": "x"})],
                   [DealRecord(1, 1, "N", "None", "N:deal", [], new=True)], status)
    repo.create_table(table_id, "rubber", {"ruleset": "rubber"}, {"seed": 1}, SEATS, first, status)


def test_migrations_build_the_models_schema(db_url: str) -> None:
    engine = make_engine(db_url)
    upgrade(engine)
    assert current_revision(engine) == head_revision() is not None
    names = set(inspect(engine).get_table_names())
    assert {"tables", "seats", "events", "deals", "alembic_version"} <= names
    with engine.connect() as conn:
        diff = compare_metadata(MigrationContext.configure(conn, opts={"compare_type": True}), Base.metadata)
    assert diff == [], f"models and migrations disagree: {diff}"
    engine.dispose()


def test_upgrade_in_place_keeps_data(db_url: str) -> None:
    repo = Repository.open(db_url)
    new_table(repo)
    repo.close()
    again = Repository.open(db_url)  # a second start: migrations find nothing to do
    stored = again.load_table("t1")
    assert stored is not None and len(stored.events) == 1
    downgrade(again.engine, "base")
    assert "tables" not in set(inspect(again.engine).get_table_names())
    upgrade(again.engine)
    assert again.load_table("t1") is None
    again.close()


def test_table_round_trip_and_hashed_secrets(db_url: str) -> None:
    repo = Repository.open(db_url)
    new_table(repo)
    stored = repo.load_table("t1")
    assert stored is not None
    assert stored.ruleset == "rubber" and stored.config == {"ruleset": "rubber"} and stored.options == {"seed": 1}
    assert stored.status == "auction" and stored.version == 1
    assert [e.payload for e in stored.events] == [{"type": "deal", "deal": "x"}]
    assert stored.seats["N"].token_hash is None and stored.seats["S"].token_hash == hash_token("secret-s")
    assert repo.seat_for_token("t1", "secret-w") == "W"
    assert repo.seat_for_token("t1", "secret-x") is None
    with repo.engine.connect() as conn:
        stored_hashes = [r[0] for r in conn.execute(select(SeatRow.token_hash))]
    assert "secret-s" not in stored_hashes and all(h is None or len(h) == 64 for h in stored_hashes)
    repo.close()


def test_append_batches_many_tables(db_url: str) -> None:
    repo = Repository.open(db_url)
    new_table(repo, "a")
    new_table(repo, "b")
    repo.append([
        Append("a", [EventRecord(2, "act", {"n": 2})], [DealRecord(1, 1, "N", "None", "N:deal", ["1S"])]),
        Append("b", [EventRecord(2, "act", {"n": 2}), EventRecord(3, "act", {"n": 3})],
               [DealRecord(1, 1, "N", "None", "N:deal", ["P", "P"])]),
        Append("a", [EventRecord(3, "act", {"n": 3})],
               [DealRecord(1, 1, "N", "None", "N:deal", ["1S", "P", "P", "P"], "done", "1S", "N", 8,
                           {"points": 1})], status="review"),
        Append("a", [EventRecord(4, "deal", {"n": 4})], [DealRecord(2, 1, "E", "None", "N:deal2", [], new=True)],
               status="auction"),
    ])
    a = repo.load_table("a")
    b = repo.load_table("b")
    assert a is not None and b is not None
    # The table row's version is the one of its last status change (the events are the log).
    assert [e.version for e in a.events] == [1, 2, 3, 4] and a.version == 4 and a.status == "auction"
    assert [e.version for e in b.events] == [1, 2, 3] and b.version == 1
    deals = repo.deals("a")
    assert [d.number for d in deals] == [1, 2]
    assert deals[0].actions == ["1S", "P", "P", "P"] and deals[0].status == "done" and deals[0].tricks == 8
    assert deals[0].score == {"points": 1} and deals[1].status == "play"
    assert [d.number for d in repo.deals("a", status="done")] == [1]
    repo.set_analysis("a", 1, {"par": 1})
    one = repo.deal("a", 1)
    assert one is not None and one.analysis == {"par": 1}
    assert repo.deal("a", 9) is None
    assert set(repo.table_ids()) == {"a", "b"}
    repo.append([Append("b", [EventRecord(4, "x", {})], status="over")])
    assert repo.table_ids(exclude_status=["over"]) == ["a"]
    assert {r["id"] for r in repo.recent_tables()} == {"a", "b"}
    repo.close()


def test_a_conflicting_batch_stores_nothing(db_url: str) -> None:
    repo = Repository.open(db_url)
    new_table(repo)
    with pytest.raises(ConflictError):
        repo.append([Append("t1", [EventRecord(2, "act", {})], [DealRecord(1, 1, "N", "None", "N:deal", ["1S"])]),
                     Append("t1", [EventRecord(1, "act", {})])])
    stored = repo.load_table("t1")
    assert stored is not None and [e.version for e in stored.events] == [1]
    assert repo.deals("t1")[0].actions == []
    repo.close()


def test_a_played_table_replays_from_the_database(db_url: str) -> None:
    """Every accepted command stored as an event: the table rebuilt from the database is equal."""
    repo = Repository.open(db_url)
    players = [Player.bot(), Player.bot(), Player.human("Ana"), Player.bot()]
    table = Table.create("rubber", players, Seat.E)
    config = table.config()
    repo.create_table("t", "rubber", config, {}, [SeatRecord(s, "bot") for s in "NESW"])
    rng = random.Random(5)
    version = 0
    for deal_no in range(3):
        commands: list[Command] = [DealCards(deal_from_seed(deal_no))]
        table, _ = table.handle(commands[0])
        state = table.current
        assert state is not None
        while state.phase != "done":
            action = rng.choice(state.legal_actions())
            cmd = Act(state.actor, action)  # type: ignore[arg-type]
            table, _ = table.handle(cmd)
            commands.append(cmd)
            state = table.current
            assert state is not None
        if deal_no < 2:
            table, _ = table.handle(Next(Seat.S))
            commands.append(Next(Seat.S))
        repo.append([Append("t", [EventRecord(version + i + 1, command_to_dict(c)["type"], command_to_dict(c))
                                  for i, c in enumerate(commands)], status=table.status)])
        version += len(commands)
    stored = repo.load_table("t")
    assert stored is not None and len(stored.events) == table.version
    again = Table.replay(stored.config, [command_from_dict(e.payload) for e in stored.events])
    assert again == table
    repo.close()


def test_group_commit_from_the_event_loop(db_url: str) -> None:
    repo = Repository.open(db_url)
    for i in range(20):
        new_table(repo, f"g{i}")
    store = AsyncStore(repo)

    async def writer(i: int) -> None:
        for v in range(2, 12):
            await store.append(Append(f"g{i}", [EventRecord(v, "act", {"v": v})]))

    async def main() -> None:
        gate = threading.Event()
        if not store.inline:
            # Hold the writer thread until every writer has queued its first append, so that the
            # grouping this test checks does not depend on thread timing.
            held = asyncio.ensure_future(store.write(gate.wait, 30))
            await asyncio.sleep(0)
        writers = [asyncio.ensure_future(writer(i)) for i in range(20)]
        await asyncio.sleep(0)
        gate.set()
        if not store.inline:
            await held
        await asyncio.gather(*writers)
        # One bad append (a version already stored) fails alone; the others of its batch commit.
        results = await asyncio.gather(store.append(Append("g0", [EventRecord(3, "dup", {})])),
                                       store.append(Append("g1", [EventRecord(12, "ok", {})])),
                                       return_exceptions=True)
        assert isinstance(results[0], ConflictError) and results[1] is None
        count = await store.read(repo.count, EventRow)
        assert count == 20 * 11 + 1

    asyncio.run(main())
    assert store.stats.appends >= 200
    assert store.stats.commits < store.stats.appends, "appends were not grouped into fewer commits"
    store.close()


def test_sqlite_is_in_wal_mode(tmp_path: object) -> None:
    engine = make_engine(f"sqlite:///{tmp_path}/wal.sqlite3")
    with engine.connect() as conn:
        assert conn.execute(text("PRAGMA journal_mode")).scalar() == "wal"
    engine.dispose()
