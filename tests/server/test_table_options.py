"""House options at the table and the first dealer drawn (issue 11, "House options at the table" and
"The first dealer is drawn"; seeds 000 and 003: the first dealer is drawn by cutting).

``POST /api/tables`` takes the game's ``options`` (checked by ``Ruleset.with_options``: a bad one is
a 422 naming it, and no table is made) and ``first_dealer`` (``"draw"`` by default, or a seat).
The options and the cut are stored with the table, shown in its state, kept across a restart, and
written into its exported records (PBN ``[BazasRuleset]``/``[BazasOptions]``, the score sheet's
``options``). A nullo contract is bid, played and scored at a Royal Auction table.
"""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

import httpx
import pytest

from bazas.engine.cards import Card
from bazas.engine.cut import cut_order
from bazas.engine.rulesets.base import DealResult
from bazas.engine.rulesets.denominations import parse_contract
from bazas.engine.seats import Seat
from bazas.engine.session import Session
from bazas.formats.pbn import loads as pbn_loads
from bazas.formats.records import game_ruleset
from bazas.server.protocol import SERVER_MESSAGE, TableSummary

from .harness import Client, ServerProcess, drive, token

pytestmark = pytest.mark.xdist_group("table_options")


def post(server: ServerProcess, body: dict[str, Any]) -> httpx.Response:
    """POST /api/tables as is (the harness's ``create`` fixes North as the first dealer)."""
    return httpx.post(f"{server.http}/api/tables", json=body, timeout=30)


def create(server: ServerProcess, **body: Any) -> dict[str, Any]:
    """A table made with the server's defaults (the first dealer drawn unless ``first_dealer``)."""
    r = post(server, body)
    assert r.status_code == 200, r.text
    data: dict[str, Any] = r.json()
    return data


def summary(server: ServerProcess, table_id: str) -> dict[str, Any]:
    r = server.get(f"/api/tables/{table_id}")
    assert r.status_code == 200, r.text
    data: dict[str, Any] = r.json()
    TableSummary.model_validate(data)
    return data


def check_cut(cut: dict[str, Any], seats: str, lowest: bool) -> None:
    """Every player cut a different card and the rule picked the dealer."""
    assert sorted(cut["cards"]) == sorted(seats)
    cards = {s: Card.parse(c) for s, c in cut["cards"].items()}
    assert len(set(cards.values())) == len(cards)
    assert cut["rule"] == ("lowest" if lowest else "highest")
    assert cut["dealer"] == min(cards, key=lambda s: cut_order(cards[s], lowest))


def test_issue11_options_valid_are_the_tables_game(server: ServerProcess) -> None:
    created = server.create(ruleset="auction-1920", options={"honours": "later", "nullos": True, "tie": "one_more_deal"},
                            seats={s: "bot" for s in "NEW"}, me="S", seed=5)
    info = summary(server, created["table_id"])
    assert info["ruleset"] == "auction-1920+later-honours+tie-one-more-deal+nullos"
    assert info["options"] == {"honours": "later", "tie": "one_more_deal", "nullos": True}
    assert info["score"]["options"] == info["options"]


@pytest.mark.parametrize(("options", "named"), [
    ({"tie": "coin"}, "options.tie"),
    ({"colour": "red"}, "options.colour"),
    ({"deals": 0}, "options.deals"),
    ({"nullos": "yes"}, "options.nullos"),
])
def test_issue11_a_bad_option_is_a_422_naming_it_and_nothing_is_made(server: ServerProcess, options: dict[str, Any],
                                                                    named: str) -> None:
    before = server.get("/api/tables").json()["tables"]
    r = post(server, {"ruleset": "auction-1920", "options": options, "public": True})
    assert r.status_code == 422, r.text
    message = " ".join(d["msg"] for d in r.json()["detail"])
    assert named in message
    assert server.get("/api/tables").json()["tables"] == before


def test_issue11_an_option_of_another_game_is_refused(server: ServerProcess) -> None:
    r = post(server, {"ruleset": "rubber", "options": {"nullos": True}})
    assert r.status_code == 422
    assert "options.nullos" in r.text and "rubber has no option 'nullos'" in r.text


def test_seed000_first_dealer_is_drawn_by_default_and_shown(server: ServerProcess) -> None:
    # Auction Bridge: the lowest card deals (Whist Club laws); contract bridge: the highest.
    for ruleset, lowest in (("auction-1920", True), ("rubber", False)):
        created = create(server, ruleset=ruleset, seats={s: "bot" for s in "NEW"}, me="S")
        info = summary(server, created["table_id"])
        cut = info["cut"]
        check_cut(cut, "NESW", lowest)
        # The first deal is dealt by who the cut chose.
        assert info["score"]["first_dealer"] == cut["dealer"]


def test_issue11_the_creator_may_fix_the_first_dealer(server: ServerProcess) -> None:
    created = server.create(ruleset="auction-1920", seats={s: "bot" for s in "NEW"}, me="S", first_dealer="E")
    info = summary(server, created["table_id"])
    assert info["cut"] is None and info["score"]["first_dealer"] == "E"
    r = post(server, {"first_dealer": "X"})
    assert r.status_code == 422 and "first_dealer" in r.text


def test_seed003_a_seeded_table_cuts_the_same_cards_again(server: ServerProcess) -> None:
    cuts = [summary(server, create(server, seats={s: "bot" for s in "NEW"}, me="S", seed="cut-7")["table_id"])["cut"]
            for _ in range(2)]
    assert cuts[0] == cuts[1]


async def _state_shows(server: ServerProcess, created: dict[str, Any]) -> dict[str, Any]:
    async with Client(server, created["table_id"], token(created["me"]), name="S") as me:
        st = await me.wait(lambda m: m["type"] == "state")
    SERVER_MESSAGE.validate_python(st)
    return st


def test_issue11_state_message_carries_options_and_cut(server: ServerProcess) -> None:
    created = create(server, ruleset="royal-auction", options={"nullos": True}, seats={s: "bot" for s in "NEW"},
                     me="S", seed=9)
    st = asyncio.run(_state_shows(server, created))
    assert st["table"]["options"] == {"nullos": True}
    check_cut(st["table"]["cut"], "NESW", lowest=True)
    assert st["score"]["options"] == {"nullos": True}


async def _play_one_deal(server: ServerProcess, table_id: str) -> None:
    async with Client(server, table_id, None, name="watcher") as watcher:
        await watcher.until(lambda m: m["table"]["deal_number"] >= 2 or m["table"]["status"] == "review", timeout=90)


def test_issue11_options_written_into_exported_records(server: ServerProcess) -> None:
    created = server.create(ruleset="auction-1920", options={"honours": "later", "nullos": True},
                            seats={s: "bot" for s in "NESW"}, me=None, seed=12)
    table_id = created["table_id"]
    asyncio.run(_play_one_deal(server, table_id))
    text = server.get(f"/api/tables/{table_id}.pbn").text
    assert '[BazasRuleset "auction-1920+later-honours+nullos"]' in text
    assert '[BazasOptions "{\\"honours\\":\\"later\\",\\"nullos\\":true}"]' in text
    assert '{bazas table options: honours "later", nullos true}' in text
    game = pbn_loads(text).games[0]
    read = game_ruleset(game)
    assert read is not None and read.options() == {"honours": "later", "nullos": True}
    # The JSON record (history, score sheet) names the same game.
    assert server.get(f"/api/tables/{table_id}/history").json()["ruleset"] == "auction-1920+later-honours+nullos"


def test_issue11_restart_keeps_options_and_cut(tmp_path: Path) -> None:
    server = ServerProcess(tmp_path / "data").start()
    try:
        created = create(server, ruleset="royal-auction", options={"nullos": True, "tie": "one_more_deal"},
                         seats={s: "bot" for s in "NEW"}, me="S")
        before = summary(server, created["table_id"])
        server.kill()
        server.start()
        after = summary(server, created["table_id"])
        assert after["ruleset"] == before["ruleset"] == "royal-auction+tie-one-more-deal+nullos"
        assert after["options"] == before["options"] == {"tie": "one_more_deal", "nullos": True}
        assert after["cut"] == before["cut"] is not None
        assert after["score"]["first_dealer"] == before["cut"]["dealer"]
    finally:
        server.kill()


def nullo_player(state: dict[str, Any]) -> dict[str, Any]:
    """The first caller bids one nullo, the others pass; the first legal card."""
    view = state["view"]
    if view["phase"] == "auction":
        return {"type": "call", "call": "1NU" if not view["calls"] else "P"}
    return {"type": "card", "card": view["legal"][0]}


async def play_one_deal(server: ServerProcess, choose: Any, **body: Any) -> tuple[dict[str, Any], dict[str, Any]]:
    """A table created with ``body`` (its four seats people), played to the end of its first deal
    by ``choose``: the creation's answer and the last state."""
    created = create(server, seats={s: "open" for s in "NEW"}, me="S", **body)
    clients = [Client(server, created["table_id"], token(created["links"][s]), name=s) for s in "NESW"]
    for c in clients:
        await c.connect()
    try:
        done = await drive(clients, lambda m: m["table"]["status"] in ("review", "over"), choose=choose,
                           press_next=False, timeout=90)
    finally:
        for c in clients:
            await c.close()
    return created, done


async def _nullo_deal(server: ServerProcess) -> tuple[dict[str, Any], dict[str, Any]]:
    return await play_one_deal(server, nullo_player, ruleset="royal-auction", options={"nullos": True}, seed=31)


def test_issue11_nullo_contract_played_and_scored_at_the_table(server: ServerProcess) -> None:
    created, done = asyncio.run(_nullo_deal(server))
    SERVER_MESSAGE.validate_python(done)
    dealer = done["table"]["cut"]["dealer"]
    line = done["score"]["deals"][0]
    assert (line["contract"], line["declarer"]) == ("1NU", dealer)
    tricks = line["tricks"]
    # Scored as the engine scores one nullo by the dealer with those tricks (docs/rules/royal-auction-and-nullos.md).
    expected = Session.start("royal-auction+nullos", Seat.parse(dealer)).record(
        DealResult(parse_contract(Session.start("royal-auction+nullos").ruleset, "1NU"), Seat.parse(dealer), tricks))
    points = expected.entries[0].points
    assert line["points"] == {"NS": points.ns, "EW": points.ew}
    assert points.ns + points.ew > 0
    pbn = server.get(f"/api/tables/{created['table_id']}.pbn").text
    assert '[Contract "1NU"]' in pbn and '[BazasRuleset "royal-auction+nullos"]' in pbn


def test_issue11_every_published_option_has_readable_names_in_es_and_en() -> None:
    """The home page and the table show options by name, not id: every option and choice a game
    offers (``option_controls``) has its words in both catalogues."""
    import json as _json

    from bazas.engine.rulesets import one_table

    catalogues = {lang: _json.loads((Path(__file__).parents[2] / "src" / "bazas" / "server" / "i18n" /
                                     f"{lang}.json").read_text(encoding="utf-8")) for lang in ("en", "es")}
    offered = 0
    for game in one_table():
        for name, control in game.facts()["option_controls"].items():  # type: ignore[attr-defined]
            keys = [f"option.{name}"]
            keys += [f"option.{name}.{_json.dumps(c).strip(chr(34))}" for c in control.get("choices", [])]
            if "min" in control:
                keys += [f"option.{name}.n", f"option.{name}.none"]
            for lang, words in catalogues.items():
                missing = [k for k in keys if k not in words]
                assert not missing, f"{game.id} ({lang}): {missing}"
            offered += 1
    assert offered >= 7


def test_issue11_a_fixed_first_dealer_must_be_a_players_seat(server: ServerProcess) -> None:
    # Three-handed Auction: W holds the dummy hand, nobody deals from there.
    r = post(server, {"ruleset": "three-handed-auction", "me": "S", "first_dealer": "W"})
    assert r.status_code == 400 and "first_dealer: W is not a player's seat" in r.text
