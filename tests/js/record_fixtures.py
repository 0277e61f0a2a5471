"""Record the server messages the JS unit tests read (tests/js/fixtures/, see its README).

    .venv/bin/python tests/js/record_fixtures.py

Starts a real ``bazas serve``, opens a rubber table (seed 7, South a person, the others bots),
plays South over the WebSocket (passes, first legal card, accepts every request) until a deal
that closed a game is over with its analysis, and saves that state, the rulesets' facts, the
history and that deal's review.
"""

from __future__ import annotations

import asyncio
import json
import sys
import tempfile
from pathlib import Path
from typing import Any

import websockets

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))
from browser.ui import Server, running_server  # noqa: E402

OUT = HERE / "fixtures"


def save(name: str, data: Any) -> None:
    (OUT / name).write_text(json.dumps(data, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")


def game_closed(msg: dict[str, Any]) -> bool:
    return (msg["view"]["phase"] == "done" and msg["analysis"] is not None and not msg["view"]["passed_out"]
            and any(d["game_won_by"] for d in msg["score"]["deals"]))


async def play_south(server: Server, table: dict[str, Any]) -> dict[str, Any]:
    key = table["me"].split("k=")[1]
    async with websockets.connect(f"ws://127.0.0.1:{server.port}/ws/{table['table_id']}?k={key}", max_size=None) as ws:
        await ws.send(json.dumps({"type": "sync"}))
        while True:
            msg = json.loads(await asyncio.wait_for(ws.recv(), 120))
            v = msg.get("view")
            if msg["type"] != "state" or not v:
                continue
            if game_closed(msg):
                return msg  # type: ignore[no-any-return]
            for kind, request in (msg["pending"] or {}).items():
                if request and request["replies"].get("S", False) is None:
                    await ws.send(json.dumps({"type": f"{kind}_reply", "accept": True}))
            if v["phase"] == "done" and msg["analysis"] is not None and "S" not in msg["table"]["ready"]:
                await ws.send(json.dumps({"type": "next"}))
            elif v["phase"] in ("auction", "play") and v["actor"] == "S" and v["legal"] and not msg["pending"]:
                kind = "call" if v["phase"] == "auction" else "card"
                action = "P" if "P" in v["legal"] else v["legal"][0]
                await ws.send(json.dumps({"type": kind, kind: action}))


def main() -> None:
    with tempfile.TemporaryDirectory() as tmp, running_server(Path(tmp)) as server:
        save("rulesets.json", json.loads(server.get("/api/rulesets")))
        table = server.create_table("rubber", me="S", seed=7)
        msg = asyncio.run(play_south(server, table))
        msg.pop("events", None)
        save("state-done.json", msg)
        table_id = table["table_id"]
        save("history.json", json.loads(server.get(f"/api/tables/{table_id}/history")))
        number = msg["score"]["deals"][-1]["number"]
        save("deal-review.json", json.loads(server.get(f"/api/tables/{table_id}/deals/{number}")))


if __name__ == "__main__":
    main()
