"""HTTP routes: the web UI's files, rules pages, translations, table summary, history, review and
PBN export (a deal in progress is never exposed)."""

from __future__ import annotations

import asyncio

from bazas.engine.rulesets import get as get_ruleset
from bazas.engine.rulesets import one_table
from bazas.engine.seats import SEATS
from bazas.formats.pbn import loads
from bazas.server.protocol import CreatedTable

from .harness import Client, ServerProcess, drive, token


def test_pages_and_files(server: ServerProcess) -> None:
    home = server.get("/")
    assert home.status_code == 200 and "text/html" in home.headers["content-type"] and "<html" in home.text.lower()
    page = server.get("/t/anything")
    assert page.status_code == 200 and "text/html" in page.headers["content-type"]
    assert server.get("/static/css/bazas.css").status_code == 200
    for lang in ("es", "en"):
        r = server.get(f"/i18n/{lang}.json")
        assert r.status_code == 200 and isinstance(r.json(), dict)
    assert server.get("/i18n/fr.json").status_code == 404
    en = server.get("/rules/rubber?lang=en")
    es = server.get("/rules/rubber", )
    assert en.status_code == es.status_code == 200 and en.text != es.text
    import httpx

    negotiated = httpx.get(f"{server.http}/rules/chicago", headers={"Accept-Language": "en-GB,en;q=0.9,es;q=0.5"})
    assert negotiated.text == server.get("/rules/chicago?lang=en").text
    assert server.get("/rules/poker").status_code == 404
    # The playable games are the registry's one-table rulesets, with their facts (issue 7, point 1).
    rulesets = server.get("/api/rulesets").json()["rulesets"]
    # (The server loads only the package's games; this test process may have registered toy ones.)
    assert [r["id"] for r in rulesets] == [r.id for r in one_table() if type(r).__module__.startswith("bazas.")]
    assert {"rubber", "chicago", "auction-1920"} <= {r["id"] for r in rulesets}
    assert "duplicate" not in {r["id"] for r in rulesets}, "two tables: not playable at one"
    assert all(r == get_ruleset(r["id"]).facts() for r in rulesets)
    assert server.get("/api/rulesets/subasta").json()["id"] == "auction-1920"
    assert server.get("/api/rulesets/poker").status_code == 404


async def play_some(server: ServerProcess) -> tuple[str, Client]:
    created = server.create(ruleset="chicago", seats={"N": "bot", "E": "bot", "W": "bot"}, me="S", name="Ana", public=True,
                            seed=77, bot_seconds=0.01)
    CreatedTable.model_validate(created)
    me = Client(server, created["table_id"], token(created["me"]), name="S")
    await me.connect()
    await drive([me], lambda m: m["table"]["deal_number"] == 3 and m["view"]["phase"] == "play", timeout=60)
    await me.close()
    return created["table_id"], me


def test_history_review_and_pbn(server: ServerProcess) -> None:
    table_id, me = asyncio.run(play_some(server))
    summary = server.get(f"/api/tables/{table_id}").json()
    assert summary["id"] == table_id and summary["ruleset"] == "chicago" and summary["deal_number"] >= 3
    assert summary["seats"]["S"]["name"] == "Ana" and summary["seats"]["N"]["kind"] == "bot"
    assert summary["score"]["ruleset"] == "chicago" and len(summary["score"]["deals"]) >= 2
    history = server.get(f"/api/tables/{table_id}/history").json()
    assert [d["number"] for d in history["deals"]][:2] == [1, 2]
    # A deal being played is not reviewable: its cards are hidden.
    people = server.create(ruleset="rubber", seats={s: "open" for s in "NEW"}, me="S")["table_id"]
    for path in (f"/api/tables/{people}/deals/1", f"/api/tables/{people}/deals/1.pbn",
                 f"/api/tables/{table_id}/deals/99"):
        r = server.get(path)
        assert r.status_code == 404 and "not finished" in r.json()["detail"]
    whole = loads(server.get(f"/api/tables/{table_id}.pbn").text).games
    assert len(whole) == len(history["deals"])
    for d, game in zip(history["deals"], whole, strict=True):
        review = server.get(f"/api/tables/{table_id}/deals/{d['number']}").json()
        single = server.get(d["pbn"])
        assert single.status_code == 200 and "attachment" in single.headers["content-disposition"]
        assert loads(single.text).games == (game,)
        assert game.deal is not None
        assert {s.name: sorted(str(c) for c in game.deal.hand(s)) for s in SEATS} == \
            {s: sorted(h) for s, h in review["all_hands"].items()}
        assert game.tag("South") == "Ana" and game.tag("Scoring") == "Chicago"
        assert game.dealer is not None and game.dealer.name == review["dealer"] == d["dealer"]
        calls = review["calls"]
        assert game.auction is not None and [c.upper() for c in game.auction[1]] == \
            [("PASS" if c == "P" else c) for c in calls]
        if review["passed_out"]:
            assert game.passed_out and d["contract"] is None
        else:
            assert str(game.contract) == review["contract"] == d["contract"]
            assert game.result == review["result"] == d["tricks"]
            assert len(review["explanations"]) == len(calls)
            plays = [c for t in review["tricks"] for _, c in t["cards"]]
            section = " ".join(game.section("Play")).split()
            assert sorted(c for c in section if c not in ("-", "*")) == sorted(plays)
    recent = server.get("/api/tables").json()["tables"]
    assert table_id in {t["id"] for t in recent}
