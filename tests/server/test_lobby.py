"""Issue 12, "beyond the table", the lobby: ``GET /api/lobby`` lists the tables their creator opened
to the public (``public: true``) with their free seats; ``POST /api/lobby/{id}/join`` gives the
joiner an invitation to a free seat; a taken seat, a bot's seat and a private table are refused."""

from __future__ import annotations

import asyncio
from typing import Any

import httpx

from .harness import Client, ServerProcess, drive, token


def _join(server: ServerProcess, table_id: str, seat: str) -> httpx.Response:
    return httpx.post(f"{server.http}/api/lobby/{table_id}/join", json={"seat": seat}, timeout=30)


def _lobby(server: ServerProcess) -> dict[str, dict[str, Any]]:
    r = server.get("/api/lobby")
    assert r.status_code == 200, r.text
    return {t["id"]: t for t in r.json()["tables"]}


def test_issue12_lobby_lists_public_tables_only(server: ServerProcess) -> None:
    private = server.create(me="S", name="Priv", seats={"N": "open"})["table_id"]
    public = server.create(me="S", name="Pub", seats={"N": "open", "E": "bot", "W": "bot"}, public=True,
                           ruleset="chicago")["table_id"]
    tables = _lobby(server)
    assert public in tables and private not in tables
    entry = tables[public]
    assert entry["ruleset"] == "chicago"
    seats = entry["seats"]
    assert seats["S"]["kind"] == "human" and seats["S"]["name"] == "Pub" and not seats["S"]["free"]
    assert seats["E"]["kind"] == "bot" and not seats["E"]["free"]
    assert seats["N"]["kind"] == "open" and seats["N"]["free"]
    assert entry["free"] == ["N"]
    # GET /api/tables (issue 13) agrees: only the public one.
    listed = {t["id"] for t in server.get("/api/tables?limit=100").json()["tables"]}
    assert public in listed and private not in listed


def test_issue12_private_table_cannot_be_joined_from_the_lobby(server: ServerProcess) -> None:
    private = server.create(me="S", seats={"N": "open"})["table_id"]
    r = _join(server, private, "N")
    assert r.status_code == 404 and "public" in r.json()["detail"]
    assert _join(server, "no-such-table", "N").status_code == 404


def test_issue12_join_a_free_seat_then_it_is_taken(server: ServerProcess) -> None:
    created = server.create(me="S", name="Ana", seats={"N": "open", "E": "open"}, public=True)
    table_id = created["table_id"]
    r = _join(server, table_id, "N")
    assert r.status_code == 200, r.text
    link = r.json()["link"]
    assert link.startswith(f"/t/{table_id}?k=") and r.json()["seat"] == "N"
    # The seat is held for its joiner: nobody else gets it, and the lobby no longer offers it.
    again = _join(server, table_id, "N")
    assert again.status_code == 409 and "taken" in again.json()["detail"]
    assert _lobby(server)[table_id]["free"] == ["E"]
    # A bot's seat and the creator's seat are never free.
    assert _join(server, table_id, "W").status_code == 409
    assert _join(server, table_id, "S").status_code == 409

    async def sit() -> None:
        # The joiner's invitation seats them at N; the creator's old link for N no longer works.
        async with Client(server, table_id, token(link), name="joiner") as joiner:
            st = await joiner.until(lambda m: m["table"]["you"] == "N" and m["table"]["seats"]["N"]["connected"])
            assert st["view"]["seat"] == "N"
        async with Client(server, table_id, token(created["links"]["N"]), name="old link") as old:
            await old.wait(lambda m: m["type"] == "error" and m["code"] == "not_seated")
    asyncio.run(sit())
    assert _lobby(server)[table_id]["seats"]["N"]["kind"] == "human"
    assert _join(server, table_id, "N").status_code == 409


def test_issue12_join_refuses_a_seat_not_named(server: ServerProcess) -> None:
    table_id = server.create(me="S", seats={"N": "open"}, public=True)["table_id"]
    r = httpx.post(f"{server.http}/api/lobby/{table_id}/join", json={"seat": "X"}, timeout=30)
    assert r.status_code == 422 and "seat" in str(r.json()["detail"])


def test_issue12_seat_record_is_for_the_seated_player_only(server: ServerProcess) -> None:
    created = server.create(me="S", name="Ana")
    table_id = created["table_id"]

    async def sit() -> str:
        async with Client(server, table_id, token(created["me"]), name="ana") as ana:
            msg = await ana.wait(lambda m: m["type"] == "seat_key")
            await ana.until(lambda m: m["table"]["you"] == "S")
            return str(msg["key"])
    key = asyncio.run(sit())
    r = server.get(f"/api/tables/{table_id}/record?k={key}")
    assert r.status_code == 200, r.text
    record = r.json()
    assert record["seat"] == "S" and record["seats"]["S"]["name"] == "Ana"
    assert record["deals"] == [] and record["score"]["deals"] == []
    assert server.get(f"/api/tables/{table_id}/record?k=not-a-key").status_code == 403
    assert server.get(f"/api/tables/{table_id}/record").status_code == 403
    assert server.get("/api/tables/nope/record?k=x").status_code == 404


def test_laws_22a_passed_out_deal_is_in_the_seat_record_without_tricks(server: ServerProcess) -> None:
    """Law 22A: four passes end the deal with no play. The record keeps it with no contract,
    declarer or tricks (the /me page's copy failed on such a deal once: ``tricks`` was required)."""
    created = server.create(me="S", name="Ana", ruleset="rubber", seats={s: "open" for s in "NEW"})
    table_id = created["table_id"]
    links = {"S": created["me"], **created["links"]}

    async def pass_out() -> str:
        clients = [Client(server, table_id, token(links[s]), name=s) for s in "NESW"]
        for c in clients:
            await c.connect()
        try:
            def all_pass(st: dict[str, Any]) -> dict[str, Any]:
                return {"type": "call", "call": "P"}
            await drive(clients, lambda st: st["table"]["status"] == "review", choose=all_pass, press_next=False)
            south = clients[2]
            msg = await south.wait(lambda m: m["type"] == "seat_key")
            return str(msg["key"])
        finally:
            for c in clients:
                await c.close()
    key = asyncio.run(pass_out())
    r = server.get(f"/api/tables/{table_id}/record?k={key}")
    assert r.status_code == 200, r.text
    [deal] = r.json()["deals"]
    assert deal["contract"] == "pass" and deal["declarer"] is None and deal["tricks"] is None
    assert deal["points"] == {"NS": 0, "EW": 0}
