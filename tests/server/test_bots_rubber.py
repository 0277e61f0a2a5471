"""A whole rubber played by four computer players (the real ones, with a tiny time budget) while a
spectator watches over a real WebSocket: the spectator never sees a hidden card, the score sheet
ends with a winner, the double-dummy analysis of each deal arrives, history and PBN agree."""

from __future__ import annotations

import asyncio
import time
from pathlib import Path
from typing import Any

import pytest

from bazas.engine.seats import SEATS
from bazas.formats.pbn import loads
from bazas.server.protocol import SERVER_MESSAGE

from .harness import Client, ServerProcess, cards_in

REAL_BOTS = {"BAZAS_BOTS": "dds", "BAZAS_BOT_SECONDS": "0.01", "BAZAS_BOT_STRENGTH": "fast",
             "BAZAS_ANALYSIS": "1", "BAZAS_AUTO_NEXT_DELAY": "0.2"}


@pytest.fixture(scope="module")
def bots_server(tmp_path_factory: pytest.TempPathFactory) -> Any:
    with ServerProcess(tmp_path_factory.mktemp("bots"), REAL_BOTS) as srv:
        yield srv


async def watch(server: ServerProcess, ruleset: str) -> tuple[str, Client]:
    created = server.create(ruleset=ruleset, seats={s: "bot" for s in "NESW"}, me=None, bot_seconds=0.01)
    assert created["links"] == {} and created["me"] is None
    spectator = Client(server, created["table_id"], None, name="spectator")
    await spectator.connect()
    await spectator.until(lambda m: m["table"]["status"] == "over", timeout=170)
    # The last deal's analysis arrives after the deal is over.
    await spectator.until(lambda m: m["analysis"] is not None, timeout=60)
    await spectator.close()
    return created["table_id"], spectator


def played(view: dict[str, Any]) -> set[str]:
    cards = {c for t in view["tricks"] for _, c in t["cards"]}
    if view["current"]:
        cards |= {c for _, c in view["current"]["cards"]}
    return cards


@pytest.mark.slow
def test_four_bots_play_a_rubber(bots_server: ServerProcess, tmp_path: Path) -> None:
    table_id, spectator = asyncio.run(watch(bots_server, "rubber"))
    deals: dict[int, dict[str, Any]] = {}
    history = bots_server.get(f"/api/tables/{table_id}/history").json()
    # Each deal's analysis runs in the worker pool while play goes on: an earlier deal's may still
    # be running when the last one's has arrived, so wait (bounded) for every one of them.
    deadline = time.monotonic() + 90
    while True:
        for d in history["deals"]:
            r = bots_server.get(f"/api/tables/{table_id}/deals/{d['number']}")
            assert r.status_code == 200
            deals[d["number"]] = r.json()
        pending = [n for n, d in deals.items() if not d["passed_out"] and d["analysis"] is None]
        if not pending or time.monotonic() > deadline:
            break
        time.sleep(0.5)
    assert len(deals) >= 2
    analysed = set()
    for msg in spectator.messages:
        SERVER_MESSAGE.validate_python(msg)
        if msg["type"] != "state":
            continue
        view = msg["view"]
        assert view["seat"] is None and view["hand"] is None and view["legal"] == []
        deal = deals[msg["table"]["deal_number"]]
        if view["phase"] == "done":
            if msg["analysis"] is not None:
                analysed.add(msg["table"]["deal_number"])
            continue
        allowed = played(view)
        if allowed and view["dummy"]:
            allowed |= set(deal["all_hands"][view["dummy"]])
        leak = cards_in(msg) - allowed
        assert not leak, f"the spectator saw {sorted(leak)} at v{msg['version']}"
    contracted = {n for n, d in deals.items() if not d["passed_out"]}
    assert analysed, "no analysis reached the spectator"
    assert all(deals[n]["analysis"] is not None for n in contracted), "analysis missing from the review"
    last = spectator.state
    assert last is not None
    score = last["score"]
    assert score["finished"] and score["winner"] in ("NS", "EW", "tie")
    assert max(score["games"].values()) == 2
    # History and PBN agree with the deals.
    text = bots_server.get(f"/api/tables/{table_id}.pbn").text
    games = loads(text).games
    assert len(games) == len(deals)
    for game, (n, d) in zip(games, sorted(deals.items()), strict=True):
        assert game.board == n
        if d["passed_out"]:
            assert game.passed_out
        else:
            assert str(game.contract) == d["contract"] and game.declarer is not None
            assert game.declarer.name == d["declarer"] and game.result == d["result"]
        assert game.deal is not None
        assert {s.name: sorted(str(c) for c in game.deal.hand(s)) for s in SEATS} == \
            {s: sorted(h) for s, h in d["all_hands"].items()}
