"""Issue 7, "done means": a new game is one engine module and its rules page, with no edit to the
server, the bots, the CLI or the JS.

The game is ``tests/support/games/double_bonus_rubber.py`` (rubber bridge with its bonuses
doubled) and its rules pages beside it. These tests load it the way an operator would
(``BAZAS_RULESETS``) and use it through every program: the scorepad, the bidding and autoplay
commands, and the table server with its bots, its rules page and its published facts.
"""

from __future__ import annotations

import asyncio
import json
import os
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from bazas.bots.base import TableContext
from bazas.bots.player import bot_for
from bazas.engine.calls import Contract
from bazas.engine.rulesets import RUBBER, DealResult, Item, get, one_table
from bazas.engine.seats import Seat
from bazas.engine.session import Session
from server.harness import Client, ServerProcess, drive, token
from support.games.double_bonus_rubber import DOUBLE_BONUS_RUBBER

REPO = Path(__file__).resolve().parents[1]
MODULE = "support.games.double_bonus_rubber"
ENV = {"BAZAS_RULESETS": MODULE,
       "PYTHONPATH": os.pathsep.join(filter(None, [str(REPO / "tests"), os.environ.get("PYTHONPATH")]))}


def bazas(*args: str, stdin: str | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "bazas.cli.main", *args], input=stdin, capture_output=True,
                          text=True, env={**os.environ, **ENV}, cwd=REPO, timeout=300)


def test_issue7_new_game_registers_with_its_facts() -> None:
    assert get("double bonus") is DOUBLE_BONUS_RUBBER
    assert DOUBLE_BONUS_RUBBER in one_table()
    facts = DOUBLE_BONUS_RUBBER.facts()
    assert facts["names"] == {"en": "Double-bonus rubber", "es": "Rubber con primas dobles"}
    assert (facts["game_target"], facts["has_vulnerability"], facts["bidding_system"]) == (100, True, "sayc")
    context = TableContext(ruleset="double-bonus-rubber", part_score_ns=60)
    assert (context.game_target, context.scoring, context.bidding_system) == (100, "rubber", "sayc")


def test_issue7_new_game_scores_only_its_bonuses_differently() -> None:
    """The same deals scored under rubber and under the new game differ by the bonuses alone."""
    deals = [DealResult(Contract.parse("4S"), Seat.N, 10),
             DealResult(Contract.parse("3NT"), Seat.E, 8),
             DealResult(Contract.parse("4H"), Seat.S, 11)]
    rubber = Session.replay(RUBBER, Seat.N, deals)
    doubled = Session.replay(DOUBLE_BONUS_RUBBER, Seat.N, deals)
    bonus = {Item.RUBBER, Item.HONOURS}
    for a, b in zip(rubber.entries, doubled.entries, strict=True):
        for x, y in zip(a.items, b.items, strict=True):
            assert y.points == (2 * x.points if x.kind in bonus else x.points), (x, y)
    assert doubled.totals.ns - rubber.totals.ns == 700  # the 700 rubber bonus, once more


def test_issue7_new_game_in_the_scorepad_cli() -> None:
    record = {"ruleset": "double-bonus-rubber", "first_dealer": "N",
              "deals": [{"contract": "4S", "declarer": "N", "tricks": 10},
                        {"contract": "4S", "declarer": "N", "tricks": 10}]}
    done = bazas("score", "-", "--json", stdin=json.dumps(record))
    assert done.returncode == 0, done.stderr
    sheet = json.loads(done.stdout)
    assert sheet["totals"] == {"NS": 1640, "EW": 0}


def test_issue7_new_game_with_the_bots_cli() -> None:
    bid = bazas("bid", "--ruleset", "double-bonus-rubber", "--hand", "AQ2.KJ5.QT98.K32", "--json")
    assert bid.returncode == 0, bid.stderr
    assert json.loads(bid.stdout)["call"] == "1NT"
    auto = bazas("autoplay", "--ruleset", "double-bonus-rubber", "--deals", "1", "--seed", "3",
                 "--strength", "baseline", "--json")
    assert auto.returncode == 0, auto.stderr
    assert "double-bonus-rubber" in auto.stdout
    with_bots = bot_for("double-bonus-rubber", "baseline")
    assert with_bots is not None


def test_issue7_new_game_with_bazas_play() -> None:
    """``bazas play``: a person (here 'auto' for every action) plays the game against the bots, and
    the sheet is the new game's (an unfinished rubber's part score or game doubled: 2 x 100, 2 x 300)."""
    played = bazas("play", "--ruleset", "double-bonus-rubber", "--deals", "1", "--seed", "3", "--dealer", "N",
                   "--strength", "baseline", "--budget", "0.01", stdin="auto\n" * 200)
    assert played.returncode == 0, played.stderr
    assert "Score sheet — double-bonus-rubber" in played.stdout
    unfinished = re.findall(r"(part score|game): (\d+) to", played.stdout)
    assert all(int(points) == {"part score": 200, "game": 600}[what] for what, points in unfinished), unfinished


@pytest.mark.timeout(180)
def test_issue7_new_game_at_the_table_server(tmp_path: Path) -> None:
    with ServerProcess(tmp_path, env=ENV) as server:
        listed = {r["id"]: r for r in server.get("/api/rulesets").json()["rulesets"]}
        assert listed["double-bonus-rubber"]["names"]["es"] == "Rubber con primas dobles"
        assert server.get("/api/rulesets/double%20bonus").json()["id"] == "double-bonus-rubber"
        page = server.get("/rules/double-bonus-rubber?lang=es")
        assert page.status_code == 200 and "primas dobles" in page.text
        created = server.create(ruleset="double-bonus-rubber", seats={"N": "bot", "E": "bot", "W": "bot"},
                                me="S", seed=5, bot_seconds=0.01)

        async def play() -> dict[str, Any]:
            me = Client(server, created["table_id"], token(created["me"]), name="S")
            await me.connect()
            try:
                return await drive([me], lambda m: m["table"]["status"] == "review", timeout=120, press_next=False)
            finally:
                await me.close()

        state = asyncio.run(play())
        assert state["table"]["ruleset"] == "double-bonus-rubber"
