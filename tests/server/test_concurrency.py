"""Two clients acting at once on one table are serialised: one task per table, never corrupt state.

Every seat has two connections (two browser tabs) that both send the seat's action the moment
they see it is their turn, and a third party keeps firing out-of-turn calls; afterwards the stored
event log replays to exactly what every connection was last shown, versions are contiguous and
each connection saw versions only grow.
"""

from __future__ import annotations

import asyncio
import random

from .harness import Client, ServerProcess, first_legal_action, token
from .replay import stored_table, view_dict


async def storm(server: ServerProcess) -> tuple[str, list[tuple[str, Client]]]:
    created = server.create(ruleset="chicago", seats={s: "open" for s in "NEW"}, me="S", seed=3)
    table_id = created["table_id"]
    # One connection per seat: a second one to a taken seat is refused (issue 13, test_abuse).
    tabs = [(s, Client(server, table_id, token(link), name=f"{s}{i}")) for s, link in created["links"].items()
            for i in range(1)]
    for _, c in tabs:
        await c.connect()
    rng = random.Random(1)
    loop = asyncio.get_running_loop()
    deadline = loop.time() + 60
    acted: dict[str, int] = {}
    while True:
        st = tabs[0][1].state
        if st is not None and st["table"]["deal_number"] >= 3:
            break
        assert loop.time() < deadline
        sends = []
        for s, c in tabs:
            st = c.state
            if st is None:
                continue
            status = st["table"]["status"]
            key = c.name
            if acted.get(key, -1) >= st["version"]:
                continue
            acted[key] = st["version"]
            if status in ("auction", "play") and st["table"]["actor"] == s:
                sends.append(c.send(first_legal_action(st)))
            elif status in ("review", "over") and s not in st["table"]["ready"]:
                sends.append(c.send({"type": "next"}))
            else:  # out of turn: must be refused without harm
                sends.append(c.send({"type": "call", "call": rng.choice(["P", "1C", "X", "7NT"])}))
        await asyncio.gather(*sends)
        await asyncio.sleep(0.002)
    await asyncio.sleep(0.3)
    for _, c in tabs:
        await c.sync()
    for _, c in tabs:
        await c.close()
    return table_id, tabs


def test_concurrent_clients_are_serialised(server: ServerProcess) -> None:
    table_id, tabs = asyncio.run(storm(server))
    table, versions = stored_table(f"sqlite:///{server.data_dir / 'bazas.sqlite3'}", table_id)
    assert versions == list(range(1, len(versions) + 1)), "event versions must be contiguous"
    assert table.version == len(versions)
    for seat, c in tabs:
        seen = [m["version"] for m in c.states]
        assert seen == sorted(seen), f"{c.name}: versions went backwards"
        last = c.state
        assert last is not None and last["version"] == table.version, (c.name, last and last["version"])
        assert last["view"] == view_dict(table, seat), f"{c.name}: last view differs from the stored log"
        errors = [m for m in c.messages if m["type"] == "error"]
        assert all(e["code"] in ("turn", "illegal", "not_seated") for e in errors), errors[:3]
    assert table.number >= 3


async def same_time(server: ServerProcess) -> None:
    created = server.create(ruleset="rubber", seats={s: "open" for s in "NEW"}, me="S", seed=4)
    table_id = created["table_id"]
    n1 = Client(server, table_id, token(created["links"]["N"]), name="N1")
    await n1.connect()
    st = await n1.until(lambda m: m["table"]["actor"] == "N")
    # A second tab on North's seat (its own key) is refused while the first is open (issue 13).
    n2 = Client(server, table_id, token(n1.url), name="N2")
    await n2.connect()
    refused = await n2.wait(lambda m: m["type"] == "error")
    assert refused["code"] == "seat_taken" and not n2.states
    v = st["version"]
    # North bids with a burst of duplicates at the same moment: one is taken.
    await asyncio.gather(n1.send({"type": "call", "call": "1C"}),
                         *(n1.send({"type": "call", "call": "2C"}) for _ in range(5)))
    await asyncio.sleep(0.5)
    a = await n1.sync()
    assert a["version"] == v + 1
    assert a["view"]["calls"] == ["1C"]
    errors = [m for m in n1.messages if m["type"] == "error"]
    assert len(errors) == 5 and all(e["code"] == "turn" for e in errors)
    await n1.close()
    await n2.close()


def test_one_seat_two_tabs_same_moment(server: ServerProcess) -> None:
    asyncio.run(same_time(server))
