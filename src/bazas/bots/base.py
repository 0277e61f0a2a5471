"""The one interface every computer player implements.

A bot sees exactly what its seat may see -- a :class:`~bazas.engine.views.SeatView` -- plus the
public table context (ruleset, vulnerability, score state, the meanings of the calls so far), and
returns a legal action with an explanation, deterministically for a given seed, within a budget.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any, Protocol

from bazas.engine.deal import Vulnerability
from bazas.engine.rulesets import BotScoring, Ruleset
from bazas.engine.rulesets import get as get_ruleset
from bazas.engine.seats import Seat, Side
from bazas.engine.session import Session
from bazas.engine.state import Action
from bazas.engine.views import SeatView


@dataclass(frozen=True, slots=True)
class Explanation:
    """A sentence in Spanish and English, plus machine-readable hand constraints (for calls)."""

    es: str
    en: str
    constraints: dict[str, Any] = field(default_factory=dict)
    #: An artificial call (it says nothing natural about the suit named): alerted to opponents.
    artificial: bool = False

    def to_dict(self) -> dict[str, Any]:
        return {"es": self.es, "en": self.en, "constraints": self.constraints, "artificial": self.artificial}


@dataclass(frozen=True, slots=True)
class TableContext:
    """Public facts about the table a bot plays at (nothing hidden).

    Everything about the game itself (its game target, its scoring style, its bidding system)
    comes from the ruleset named by ``ruleset``; the fields hold only what changes from deal to
    deal. Build one from a session with :meth:`for_session`.

    >>> TableContext(ruleset="subasta").game_target, TableContext(ruleset="teams").scoring == "imps"
    (30, True)
    """

    ruleset: str = "rubber"                 # ruleset id or alias (any registered ruleset)
    vulnerable_ns: bool = False
    vulnerable_ew: bool = False
    part_score_ns: int = 0                  # below-the-line points toward the current game
    part_score_ew: int = 0
    deal_number: int = 1                    # Chicago: 1-4; duplicate: the board number
    #: Seats played by computer players ("NESW", "NEW"...; "" when unknown): their card habits are
    #: known (lowest of equals, the signals), while a person is assumed to play equal cards at
    #: random (restricted choice).
    computer_seats: str = ""
    #: Calls of the auction so far that outside programs alerted: (index of the call, its
    #: explanation). Read as explained (artificial, in the program's words), never as natural;
    #: our own system's calls are not listed here (they are read in the system).
    alerts: tuple[tuple[int, str], ...] = ()

    @property
    def rules(self) -> Ruleset:
        """The ruleset this table plays."""
        return get_ruleset(self.ruleset)

    @property
    def game_target(self) -> int:
        """Points below the line that make a game (the ruleset's)."""
        return self.rules.game_target

    @property
    def scoring(self) -> BotScoring:
        """How the bots weigh results (the ruleset's scoring style)."""
        return self.rules.bot_scoring

    @property
    def bidding_system(self) -> str:
        return self.rules.bidding_system

    def vulnerable(self, seat: Seat) -> bool:
        return self.vulnerable_ew if seat & 1 else self.vulnerable_ns

    def part_score(self, seat: Seat) -> int:
        return self.part_score_ew if seat & 1 else self.part_score_ns

    @classmethod
    def at(cls, ruleset: str | Ruleset, vulnerability: Vulnerability = Vulnerability.NONE, part_ns: int = 0,
           part_ew: int = 0, deal_number: int = 1, computer_seats: str = "",
           alerts: tuple[tuple[int, str], ...] = ()) -> TableContext:
        """The context of a position described by its public facts: a board of a match or of an
        outside program (``ruleset="duplicate"``, the board's number and vulnerability), a bidding
        problem, ``bazas bid``. A vulnerability counts only in a game that has one
        (``has_vulnerability``); the ruleset is stored by its id. Every other constructor
        (:meth:`for_session`) goes through this one.

        >>> TableContext.at("duplicate", Vulnerability.NS, deal_number=5).vulnerable_ns
        True
        >>> c = TableContext.at("subasta", Vulnerability.BOTH, part_ns=20)
        >>> c.ruleset, c.vulnerable_ns, c.vulnerable_ew, c.part_score_ns
        ('auction-1920', False, False, 20)
        """
        rules = ruleset if isinstance(ruleset, Ruleset) else get_ruleset(ruleset)
        vul = vulnerability if rules.has_vulnerability else Vulnerability.NONE
        return cls(ruleset=rules.id, vulnerable_ns=vul.is_vulnerable(Side.NS), vulnerable_ew=vul.is_vulnerable(Side.EW),
                   part_score_ns=part_ns, part_score_ew=part_ew, deal_number=deal_number,
                   computer_seats=computer_seats, alerts=tuple(alerts))

    @classmethod
    def for_session(cls, session: Session, computer_seats: str = "NESW",
                    vulnerability: Vulnerability | None = None, deal_number: int | None = None) -> TableContext:
        """The context of the next deal of ``session`` (the one being played at a table: the
        session records a deal when it ends). ``vulnerability`` and ``deal_number`` override what
        the session says (a duplicate board played out of order).

        >>> from bazas.engine.session import Session
        >>> TableContext.for_session(Session.start("chicago", "N"))
        TableContext(ruleset='chicago', vulnerable_ns=False, vulnerable_ew=False, part_score_ns=0, part_score_ew=0, deal_number=1, computer_seats='NESW', alerts=())
        """
        vul = session.next_vulnerability if vulnerability is None else vulnerability
        parts = session.part_scores
        if deal_number is None:
            board = session.next_board
            deal_number = board[0] if board else session.standing.deal_number
        return cls.at(session.ruleset, vul, parts.ns, parts.ew, deal_number, computer_seats)

    def to_dict(self) -> dict[str, Any]:
        """Plain data (for a worker process or a record); :meth:`from_dict` reads it back."""
        out = {f: getattr(self, f) for f in self.__slots__}
        out["alerts"] = [list(a) for a in self.alerts]
        return out

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> TableContext:
        """Read :meth:`to_dict`'s data; keys that are facts of the ruleset are ignored."""
        fields = {k: v for k, v in data.items() if k in cls.__slots__}
        if "alerts" in fields:
            fields["alerts"] = tuple((int(i), str(text)) for i, text in fields["alerts"])
        return cls(**fields)


@dataclass(frozen=True, slots=True)
class Budget:
    """How long a bot may think for this action, in seconds."""

    seconds: float = 1.0


@dataclass(frozen=True, slots=True)
class Decision:
    action: Action
    explanation: Explanation | None = None


class Bot(Protocol):
    """A computer player for one seat."""

    def choose(self, view: SeatView, context: TableContext, rng: random.Random, budget: Budget) -> Decision:
        """A legal action for ``view.seat`` (who must be ``view.actor``)."""
        ...
