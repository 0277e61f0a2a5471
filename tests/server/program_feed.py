"""What a program seat was sent of one board, checked against the board as it was played (issue 9,
the no-leak rule at the server's program seats): shared by the one-table and the team-match tests.

The lines are those the independent minimal client of tests/tm received; the board comes from the
server's own record of it (a table's deal review, or a match's table result).
"""

from __future__ import annotations

import asyncio
import contextlib
import threading
from collections.abc import Iterator, Sequence

from tm.minimal_client import MinimalClient, parse_hand

NAMES = {"N": "North", "E": "East", "S": "South", "W": "West"}
ORDER = ["North", "East", "South", "West"]
CALL_WORDS = (" bids ", " passes", " doubles", " redoubles")


def protocol_card(text: str) -> str:
    """The server's "SA" / "H10" as the protocol's (and the minimal client's) "AS" / "TH"."""
    rank = text[1:]
    return ("T" if rank == "10" else rank) + text[0]


def board_lines(lines: Sequence[str], number: int) -> list[str]:
    """The lines of board ``number``: from its ``Board number`` line to the next board's start."""
    start = lines.index(next(x for x in lines if x.startswith(f"Board number {number}.")))
    end = next((i for i in range(start + 1, len(lines)) if lines[i] == "Start of board"), len(lines))
    return list(lines[start:end])


def audit_board(lines: Sequence[str], me: str, hands: dict[str, set[str]], dealer: str, declarer: str | None,
                calls: int, plays: Sequence[tuple[str, str]]) -> None:
    """``lines``: what the program at ``me`` (a seat word) got of one board played to the end
    (``declarer`` None: passed out). ``hands``: every seat's cards (protocol notation); ``calls``:
    how many calls the auction had; ``plays``: every card in the order played, (seat word, card).
    The program must have been sent its own hand once, dummy's once after the opening lead (never
    its own as dummy), every other seat's call and card as made, and no card beyond those."""
    own = [x for x in lines if x.startswith(f"{me}'s cards")]
    assert len(own) == 1 and parse_hand(own[0].split(":", 1)[1]) == hands[me]
    shown = [i for i, x in enumerate(lines) if x.startswith("Dummy's cards")]
    played = [i for i, x in enumerate(lines) if " plays " in x]
    if declarer is None:
        assert not shown and not played and not plays
        dummy = ""
    else:
        dummy = ORDER[(ORDER.index(declarer) + 2) % 4]
        if dummy == me:
            assert not shown, "dummy is never sent its own cards as dummy's"
        else:
            assert len(shown) == 1 and parse_hand(lines[shown[0]].split(":", 1)[1]) == hands[dummy]
            # Dummy's cards come after the opening lead (sent first, or made by this seat).
            assert (played and played[0] < shown[0]) or ORDER[(ORDER.index(declarer) + 1) % 4] == me
    # No other card: every card a line names is this seat's own, dummy's once shown, or one just
    # played by the seat that held it.
    for line in lines:
        if " plays " in line:
            seat, _, card = line.split(" ")
            assert card in hands[seat], line
    # Every card it did not play itself reached it, in the order played: the others' and dummy's
    # (declarer plays them: sent to dummy too, but not back to declarer).
    expected = [f"{seat} plays {card}" for seat, card in plays
                if not ((seat == me != dummy) or (seat == dummy and declarer == me))]
    got = [x for x in lines if " plays " in x]
    assert got == expected, (me, declarer, got, expected)
    said = [x for x in lines if any(w in x for w in CALL_WORDS)]
    own_calls = sum(1 for i in range(calls) if ORDER[(ORDER.index(dealer) + i) % 4] == me)
    assert len(said) == calls - own_calls


@contextlib.contextmanager
def running(*clients: MinimalClient) -> Iterator[None]:
    """The clients connected and playing, on an event loop of their own in a thread, for the
    ``with`` block (the test's own code meanwhile polls the server over HTTP)."""
    loop = asyncio.new_event_loop()
    tasks: list[asyncio.Task[None]] = []
    started = threading.Event()

    async def main() -> None:
        tasks.extend(asyncio.create_task(c.run()) for c in clients)
        started.set()
        await asyncio.gather(*tasks, return_exceptions=True)

    def run() -> None:
        with contextlib.suppress(asyncio.CancelledError, Exception):
            loop.run_until_complete(main())

    thread = threading.Thread(target=run, daemon=True)
    thread.start()
    started.wait(10)
    try:
        yield
    finally:
        for client in clients:
            loop.call_soon_threadsafe(client.stop)
        for task in tasks:
            loop.call_soon_threadsafe(task.cancel)
        thread.join(10)
