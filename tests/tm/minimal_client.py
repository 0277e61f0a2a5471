"""An independent, minimal client of the Blue Chip table-manager protocol (version 18), written
from the protocol's list of messages alone: it imports nothing of bazas.

It passes at every turn of the auction and plays the lowest card of the suit led (else its
lowest card); as declarer it plays dummy's cards the same way. It keeps every line it received.
"""

from __future__ import annotations

import asyncio
import re

SEATS = ["North", "East", "South", "West"]
RANKS = "23456789TJQKA"
STRAINS = ["C", "D", "H", "S", "NT"]


def lho(seat: str, n: int = 1) -> str:
    return SEATS[(SEATS.index(seat) + n) % 4]


def parse_hand(text: str) -> set[str]:
    cards = set()
    for chunk in text.split("."):
        chunk = chunk.strip()
        if not chunk:
            continue
        suit, *ranks = chunk.split()
        for r in ranks:
            if r != "-":
                cards.add(("T" if r == "10" else r) + suit)
    return cards


class MinimalClient:
    def __init__(self, port: int, seat: str, team: str) -> None:
        self.port, self.seat, self.team = port, seat, team
        self.received: list[str] = []
        self.boards_played = 0
        self.stopped = False

    def stop(self) -> None:
        """Hang up (a task's cancellation alone can be lost in ``asyncio.wait_for`` on Python 3.11
        when a line arrives at the same moment: the client would play on)."""
        self.stopped = True
        writer = getattr(self, "writer", None)
        if writer is not None:
            writer.close()

    async def run(self) -> None:
        reader, self.writer = await asyncio.open_connection("127.0.0.1", self.port)
        await self.say(f'Connecting "{self.team}" as {self.seat} using protocol version 18')
        while not self.stopped:
            raw = await asyncio.wait_for(reader.readline(), 60)
            if not raw or self.stopped:
                break
            line = raw.decode("ascii").strip()
            self.received.append(line)
            if line == "End of session":
                break
            await self.handle(line)
        self.writer.close()

    async def say(self, line: str) -> None:
        self.writer.write((line + "\r\n").encode("ascii"))
        await self.writer.drain()

    async def handle(self, line: str) -> None:
        me = self.seat
        if line.endswith("seated"):
            await self.say(f"{me} ready for teams")
        elif line.startswith("Teams"):
            await self.say(f"{me} ready to start")
        elif line == "Start of board":
            await self.say(f"{me} ready for deal")
        elif line.startswith("Board number"):
            self.dealer = re.search(r"Dealer (\w+)", line).group(1)  # type: ignore[union-attr]
            self.calls: list[tuple[str, str]] = []
            self.hand: set[str] = set()
            self.dummy_hand: set[str] = set()
            self.dummy_seen = False
            self.trick: list[tuple[str, str]] = []
            self.played = 0
            # A manager resends the board so far to a client that connects again, its own calls
            # and cards included: those it made itself already are counted once only.
            self.own_made = 0
            self.own_seen = 0
            await self.say(f"{me} ready for cards")
        elif line.startswith(f"{me}'s cards"):
            self.hand = parse_hand(line.split(":", 1)[1])
            await self.next_move()
        elif line.startswith("Dummy's cards"):
            self.dummy_hand = parse_hand(line.split(":", 1)[1])
            self.dummy_seen = True
            await self.next_move()
        else:
            m = re.match(r"(\w+) (passes|doubles|redoubles|bids (\w+))", line)
            if m:
                if self.already_made(m.group(1)):
                    return
                self.calls.append((m.group(1), m.group(3) or m.group(2)))
                await self.next_move()
                return
            m = re.match(r"(\w+) plays (\w+)", line)
            if m:
                if self.already_made(m.group(1)):
                    return
                self.card_played(m.group(1), m.group(2))
                await self.next_move()

    def already_made(self, seat: str) -> bool:
        """A line of one of our own actions (a resend): True when we made it ourselves already."""
        found = self.contract() if self.auction_over() else None
        if found is None:
            ours = seat == self.seat
        else:   # in the play: our cards (not as dummy: declarer plays them) and, as declarer, dummy's
            _, declarer, dummy = found
            ours = (seat == self.seat != dummy) or (self.seat == declarer and seat == dummy)
        if not ours:
            return False
        self.own_seen += 1
        if self.own_seen <= self.own_made:
            return True
        self.own_made += 1
        return False

    # -- the auction and the play, as the Laws have them ----------------------------------------
    def auction_over(self) -> bool:
        n = len(self.calls)
        if n == 4 and all(c == "passes" for _, c in self.calls):
            return True
        return n >= 4 and all(c == "passes" for _, c in self.calls[-3:]) and any(
            c not in ("passes", "doubles", "redoubles") for _, c in self.calls)

    def contract(self) -> tuple[str, str, str] | None:
        """(strain, declarer, dummy), None when passed out."""
        bids = [(s, c) for s, c in self.calls if c not in ("passes", "doubles", "redoubles")]
        if not bids:
            return None
        last_seat, last = bids[-1]
        strain = last[1:]
        side = {last_seat, lho(last_seat, 2)}
        declarer = next(s for s, c in bids if s in side and c[1:] == strain)
        return strain, declarer, lho(declarer, 2)

    def card_played(self, seat: str, card: str) -> None:
        self.trick.append((seat, card))
        self.played += 1
        hand = self.hand if seat == self.seat else self.dummy_hand
        hand.discard(card)
        if len(self.trick) == 4:
            strain = self.contract()[0]  # type: ignore[index]
            led = self.trick[0][1][1]

            def power(c: str) -> int:
                return (200 if c[1] == strain else 100 if c[1] == led else 0) + RANKS.index(c[0])

            self.leader = max(self.trick, key=lambda sc: power(sc[1]))[0]
            self.trick = []

    def choose(self, hand: set[str]) -> str:
        if self.trick:
            led = self.trick[0][1][1]
            follow = [c for c in hand if c[1] == led]
            if follow:
                return min(follow, key=lambda c: RANKS.index(c[0]))
        return min(hand, key=lambda c: (RANKS.index(c[0]), c[1]))

    async def next_move(self) -> None:
        me = self.seat
        if not self.auction_over():
            turn = lho(self.dealer, len(self.calls))
            if turn == me:
                await self.say(f"{me} passes")   # the manager does not send our own call back
                self.own_made += 1
                self.calls.append((me, "passes"))
                await self.next_move()
            else:
                await self.say(f"{me} ready for {turn}'s bid")
            return
        found = self.contract()
        if found is None:
            self.boards_played += 1
            return
        strain, declarer, dummy = found
        if self.played == 0:
            self.leader = lho(declarer)
        if self.played == 52:
            self.boards_played += 1
            return
        if self.played >= 1 and not self.dummy_seen and me != dummy:
            await self.say(f"{me} ready for dummy")
            return
        turn = lho(self.leader, len(self.trick))
        if turn == me and me != dummy:
            card = self.choose(self.hand)
            await self.say(f"{me} plays {card}")
            self.own_made += 1
            self.card_played(me, card)
            await self.next_move()
        elif turn == dummy and me == declarer:
            card = self.choose(self.dummy_hand)
            await self.say(f"{dummy} plays {card}")
            self.own_made += 1
            self.card_played(dummy, card)
            await self.next_move()
        else:
            whose = "dummy" if turn == dummy else turn
            await self.say(f"{me} ready for {whose}'s card to trick {self.played // 4 + 1}")
