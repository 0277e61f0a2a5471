"""Types shared by the rulesets: no game constants live here.

Every number of every game is in that game's own module (``auction_1920``, ``rubber``, ``chicago``,
``duplicate``, ``imps``), or, for the Laws' figures contract bridge's games share, in
``contract_scoring``; this module only gives them a common vocabulary:

- :class:`LineItem` -- one named component of a deal's score (trick score, overtricks, insult,
  slam, game bonus, part score bonus, honours, undertricks, rubber bonus, unfinished-rubber
  bonuses), credited to a side, above or below the line;
- :class:`DealResult` -- what happened at the table (contract, declarer, tricks, honours);
- :class:`Standing` -- where a session stands between deals (games, part scores, next dealer...);
- :class:`DealScore` -- a scored deal: its line items and the standing after it;
- :class:`ContractScale` -- the *shape* of contract-bridge scoring; the Laws' figures and the
  items of one contract are in :mod:`.contract_scoring`, shared by the contract rulesets;
- :class:`Ruleset` -- the interface every ruleset implements.

>>> PerSide(30, 0).plus(Side.EW, 50)
PerSide(ns=30, ew=50)
>>> LineItem(Item.TRICK_SCORE, Side.NS, 36, below=True)
LineItem(kind=<Item.TRICK_SCORE: 'trick score'>, side=<Side.NS: 0>, points=36, below=True)
"""

from __future__ import annotations

import json
from abc import ABC, abstractmethod
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field, replace
from enum import StrEnum
from typing import NamedTuple

from ..calls import Contract, Doubling
from ..deal import Deal, Vulnerability
from ..errors import ScoringError
from ..honours import Honours, count
from ..seats import Seat, Side


class Item(StrEnum):
    """The kinds of score component a ruleset can award."""

    TRICK_SCORE = "trick score"
    OVERTRICKS = "overtricks"
    INSULT = "insult"
    SLAM = "slam"
    GAME = "game bonus"
    PART_SCORE = "part score bonus"
    HONOURS = "honours"
    UNDERTRICKS = "undertricks"
    RUBBER = "rubber bonus"
    UNFINISHED_GAME = "unfinished rubber: game"
    UNFINISHED_PART_SCORE = "unfinished rubber: part score"


class PerSide(NamedTuple):
    """A pair of numbers, one per side."""

    ns: int = 0
    ew: int = 0

    def of(self, side: Side) -> int:
        return self.ns if side is Side.NS else self.ew

    def plus(self, side: Side, points: int) -> PerSide:
        return PerSide(self.ns + points, self.ew) if side is Side.NS else PerSide(self.ns, self.ew + points)

    def swapped(self) -> PerSide:
        return PerSide(self.ew, self.ns)


@dataclass(frozen=True, slots=True)
class LineItem:
    """``points`` for ``side``, written below the line (``below``) or above it."""

    kind: Item
    side: Side
    points: int
    below: bool = False

    def swapped(self) -> LineItem:
        return replace(self, side=self.side.opponent)


def sum_items(items: Iterable[LineItem], *, below: bool | None = None) -> PerSide:
    """Add up ``items`` per side; ``below`` True/False restricts to one part of the sheet.

    >>> sum_items([LineItem(Item.TRICK_SCORE, Side.NS, 36, True), LineItem(Item.HONOURS, Side.EW, 72)])
    PerSide(ns=36, ew=72)
    """
    total = PerSide()
    for item in items:
        if below is None or item.below == below:
            total = total.plus(item.side, item.points)
    return total


def net_points(items: Iterable[LineItem], side: Side) -> int:
    """The points of ``items`` for ``side`` less those for the other side (a contract's score
    from its declarer's side).

    >>> net_points([LineItem(Item.TRICK_SCORE, Side.NS, 120, True), LineItem(Item.HONOURS, Side.EW, 100)], Side.NS)
    20
    """
    return sum(i.points if i.side is side else -i.points for i in items)


@dataclass(frozen=True, slots=True)
class DealResult:
    """What happened on one deal: ``contract`` by ``declarer`` (None, None when passed out) and the
    ``tricks`` declarer's side won; honours come from the original ``deal`` or from ``honours``
    given directly. ``board``/``table`` place a duplicate result.

    >>> r = DealResult(Contract.parse("4S"), Seat.N, 10)
    >>> r.passed_out, r.honour_holding()
    (False, None)
    >>> DealResult(Contract.parse("4S"), Seat.N, 14)
    Traceback (most recent call last):
    ...
    bazas.engine.errors.ScoringError: tricks must be 0-13, not 14
    """

    contract: Contract | None = None
    declarer: Seat | None = None
    tricks: int = 0
    deal: Deal | None = None
    honours: Honours | None = None
    board: int | None = None
    table: int | None = None

    def __post_init__(self) -> None:
        if (self.contract is None) != (self.declarer is None):
            raise ScoringError("a contract needs a declarer, and a passed-out deal has none")
        if not 0 <= self.tricks <= 13:
            raise ScoringError(f"tricks must be 0-13, not {self.tricks}")
        if self.contract is None and self.tricks:
            raise ScoringError("a passed-out deal has no tricks")
        if self.deal is not None and self.honours is not None:
            raise ScoringError("give the deal or the honours, not both")
        if self.honours is not None and self.contract is not None and self.honours.strain != self.contract.strain:
            raise ScoringError(f"honours counted at {self.honours.strain.name}, contract is {self.contract}")
        if self.board is not None and self.board < 1:
            raise ScoringError(f"board numbers start at 1, not {self.board}")
        if self.table is not None and self.table not in (1, 2):
            raise ScoringError(f"table must be 1 or 2, not {self.table}")

    @staticmethod
    def passed(deal: Deal | None = None, board: int | None = None, table: int | None = None) -> DealResult:
        """A passed-out deal."""
        return DealResult(None, None, 0, deal, None, board, table)

    @property
    def passed_out(self) -> bool:
        return self.contract is None

    def honour_holding(self) -> Honours | None:
        """Who held the honours of the contract's strain (None when unknown or passed out)."""
        if self.contract is None:
            return None
        if self.honours is not None:
            return self.honours
        if self.deal is not None:
            return count(self.deal, self.contract.strain)
        return None

    def rotated(self, steps: int = 1) -> DealResult:
        """The same result with every seat moved ``steps`` places clockwise."""
        deal = None
        if self.deal is not None:
            hands = [self.deal.hands[0]] * 4
            for seat in Seat:
                hands[seat.after(steps)] = self.deal.hands[seat]
            deal = Deal((hands[0], hands[1], hands[2], hands[3]))
        return replace(
            self,
            declarer=None if self.declarer is None else self.declarer.after(steps),
            deal=deal,
            honours=None if self.honours is None else self.honours.rotated(steps),
        )


@dataclass(frozen=True, slots=True)
class Standing:
    """Where a session stands before its next deal.

    ``deal_number`` is the 1-based number of the next deal that counts (Chicago: 1-4; duplicate:
    the next board); ``part_scores`` are the points below the line toward the current game;
    ``played`` lists the (board, table) pairs a duplicate match has scored.
    """

    dealer: Seat
    deal_number: int = 1
    table: int = 1
    games: PerSide = PerSide()
    part_scores: PerSide = PerSide()
    over: bool = False
    played: tuple[tuple[int, int], ...] = field(default=())


@dataclass(frozen=True, slots=True)
class DealScore:
    """One scored deal: its line items, the standing after it and what it decided."""

    dealer: Seat
    vulnerability: Vulnerability
    items: tuple[LineItem, ...]
    after: Standing
    game_won_by: Side | None = None
    rubber_over: bool = False
    board: int | None = None
    table: int | None = None

    @property
    def points(self) -> PerSide:
        return sum_items(self.items)

    @property
    def score_ns(self) -> int:
        """The deal's net score signed for N/S (as duplicate records it)."""
        p = self.points
        return p.ns - p.ew


@dataclass(frozen=True, slots=True)
class ContractScale:
    """The shape of contract-bridge scoring (Laws of Rubber Bridge 72, WBF Law 77), filled in with
    numbers: the Laws' are :data:`.contract_scoring.LAWS_SCALE`, which rubber, chicago and duplicate
    use; a game with other figures makes its own scale.

    ``first_trick``/``later_trick``: trick value per strain (C, D, H, S, NT) of the first and of
    each later contracted odd trick; ``overtrick``: undoubled overtrick value per strain;
    ``doubled_overtrick``: per doubled overtrick (not vulnerable, vulnerable), redoubled twice that;
    ``insult``: per doubling for making a doubled or redoubled contract; ``small_slam`` /
    ``grand_slam``: (not vulnerable, vulnerable); ``undertrick``: undoubled per trick (nv, v);
    ``doubled_undertricks_nv`` / ``_v``: the doubled penalty of the 1st, 2nd, ... undertrick, the
    last figure repeating; redoubled twice the doubled figures.
    """

    first_trick: tuple[int, int, int, int, int]
    later_trick: tuple[int, int, int, int, int]
    overtrick: tuple[int, int, int, int, int]
    doubled_overtrick: tuple[int, int]
    insult: Mapping[Doubling, int]
    small_slam: tuple[int, int]
    grand_slam: tuple[int, int]
    undertrick: tuple[int, int]
    doubled_undertricks_nv: tuple[int, ...]
    doubled_undertricks_v: tuple[int, ...]

    def trick_score(self, contract: Contract) -> int:
        """Contracted odd tricks, multiplied by the doubling."""
        s = contract.strain
        return (self.first_trick[s] + (contract.level - 1) * self.later_trick[s]) * contract.doubling

    def overtricks(self, contract: Contract, over: int, vulnerable: bool) -> int:
        if contract.doubling is Doubling.UNDOUBLED:
            return over * self.overtrick[contract.strain]
        return over * self.doubled_overtrick[vulnerable] * (contract.doubling // 2)

    def slam(self, contract: Contract, vulnerable: bool) -> int:
        if contract.level == 6:
            return self.small_slam[vulnerable]
        if contract.level == 7:
            return self.grand_slam[vulnerable]
        return 0

    def undertricks(self, contract: Contract, under: int, vulnerable: bool) -> int:
        if contract.doubling is Doubling.UNDOUBLED:
            return under * self.undertrick[vulnerable]
        steps = self.doubled_undertricks_v if vulnerable else self.doubled_undertricks_nv
        total = sum(steps[min(i, len(steps) - 1)] for i in range(under))
        return total * (contract.doubling // 2)


class BotScoring(StrEnum):
    """How the bots weigh a result when they bid and play: the scoring *style* of a game.

    ``RUBBER``: games and part scores carry over (a game is worth roughly its share of the rubber
    bonus); ``CHICAGO``: four deals, a part score on the last deal earns a bonus; ``IMPS``: each
    board on its own, thin vulnerable games pay; ``AUCTION_1920``: the 1920 count (every trick
    scores, game at 30), bid in the 1920 style.
    """

    RUBBER = "rubber"
    CHICAGO = "chicago"
    IMPS = "imps"
    AUCTION_1920 = "auction-1920"


class SheetKind(StrEnum):
    """How a score sheet is drawn: above/below the line with games (``RUBBER``), four deals with
    game bonuses (``CHICAGO``), or boards compared in IMPs (``DUPLICATE``)."""

    RUBBER = "rubber"
    CHICAGO = "chicago"
    DUPLICATE = "duplicate"


class RulesetOptionError(ScoringError):
    """A table option a game does not take, or a bad value for one; ``option`` names it."""

    def __init__(self, option: str, message: str) -> None:
        super().__init__(message)
        self.option = option


def shown(value: object) -> str:
    """``value`` as JSON writes it (as a record's reader saw it), else its repr."""
    try:
        return json.dumps(value)
    except (TypeError, ValueError):
        return repr(value)


#: Seed 001's tie rule, the option ``"tie"`` of the rubber games: an exact tie in an unfinished
#: rubber is a ``"tie"`` (the default) or is settled by ``"one_more_deal"``.
TIE_RULES = ("tie", "one_more_deal")
#: The form control of the ``tie`` option (see :attr:`Ruleset.option_controls`).
TIE_CONTROL: Mapping[str, object] = {"choices": list(TIE_RULES), "default": "tie"}
TIE_HELP = ("\"tie\" (the default) or \"one_more_deal\": an exact tie in an unfinished rubber is settled by one "
            "more deal (seed 001)")


def check_tie(options: Mapping[str, object]) -> str | None:
    """The value of the ``tie`` option (None when not given).

    >>> check_tie({"tie": "one_more_deal"}), check_tie({})
    ('one_more_deal', None)
    >>> check_tie({"tie": "coin"})
    Traceback (most recent call last):
    ...
    bazas.engine.rulesets.base.RulesetOptionError: expected "tie" or "one_more_deal", not "coin"
    """
    if "tie" not in options:
        return None
    value = options["tie"]
    if value not in TIE_RULES or not isinstance(value, str):
        raise RulesetOptionError("tie", f"expected \"tie\" or \"one_more_deal\", not {shown(value)}")
    return value


def check_bool(options: Mapping[str, object], name: str) -> bool | None:
    """The value of the yes/no option ``name`` (None when not given)."""
    if name not in options:
        return None
    value = options[name]
    if not isinstance(value, bool):
        raise RulesetOptionError(name, f"expected true or false, not {shown(value)}")
    return value


class Ruleset(ABC):
    """What every ruleset gives the session, the server and the bots.

    Besides scoring, a ruleset *declares* every fact the rest of the system asks of its game, so
    that no layer above the engine compares ruleset ids: the seats that hold players, the game
    target, whether vulnerability exists, the deals in a session, whether one table can play it,
    the bidding system and scoring style its bots use, how its sheet is drawn, its PBN
    ``[Scoring]`` tag. A new game that differs from rubber only in its bonuses is one subclass that
    overrides a few numbers; :meth:`facts` is what the server publishes to clients.

    >>> from bazas.engine.rulesets import get
    >>> [get(i).game_target for i in ("rubber", "auction-1920")]
    [100, 30]
    >>> get("duplicate").one_table, get("chicago").session_deals, get("auction-1920").has_vulnerability
    (False, 4, False)
    """

    #: Registry id, e.g. ``"rubber"``.
    id: str
    #: Other names the registry accepts (lower case).
    aliases: tuple[str, ...]
    #: Human title.
    title: str
    #: Where the rules come from: seed file and Laws.
    source: str

    # -- facts the rest of the system asks (class attributes; override in a subclass) ----------
    #: The seats that hold a player, in turn order from North.
    seats: tuple[Seat, ...] = (Seat.N, Seat.E, Seat.S, Seat.W)
    #: Points below the line that make a game (contract bridge 100; auction 30).
    game_target: int = 100
    #: Whether a side can ever be vulnerable (auction bridge has no vulnerability).
    has_vulnerability: bool = True
    #: Deals in one session when the number is fixed (Chicago: 4); None when games end it.
    session_deals: int | None = None
    #: Whether one table of four players can play it (a team match needs two tables).
    one_table: bool = True
    #: Who deals first after the cut (:mod:`bazas.engine.cut`): ``"highest"`` card (contract
    #: bridge, Laws of Rubber Bridge) or ``"lowest"`` (Auction Bridge, Whist Club laws).
    cut_deals: str = "highest"
    #: The bidding system of its bots (a system name the bots know: ``"sayc"``, ``"auction-1920"``).
    bidding_system: str = "sayc"
    #: How its bots weigh results.
    bot_scoring: BotScoring = BotScoring.RUBBER
    #: How its score sheet is drawn.
    sheet: SheetKind = SheetKind.RUBBER
    #: The PBN ``[Scoring]`` tag of its records ("" when PBN has none for it).
    pbn_scoring: str = ""
    #: Where it sorts in menus (lower first).
    menu_order: int = 100
    #: Short titles for menus, per language (the English one defaults to ``title``).
    names: Mapping[str, str] = {}

    @property
    @abstractmethod
    def counts_honours(self) -> bool:
        """Whether honours score in this ruleset."""

    def start(self, first_dealer: Seat) -> Standing:
        """The standing before the first deal."""
        return Standing(dealer=first_dealer)

    def next_dealer(self, standing: Standing) -> Seat:
        """Dealer of the next deal."""
        return standing.dealer

    @abstractmethod
    def vulnerability(self, standing: Standing) -> Vulnerability:
        """Vulnerability of each side on the next deal."""

    def part_scores(self, standing: Standing) -> PerSide:
        """Points each side has below the line toward the current game (for score-aware bidding)."""
        return standing.part_scores

    @abstractmethod
    def score(self, standing: Standing, result: DealResult) -> DealScore:
        """Score ``result`` as the next deal after ``standing``."""

    @abstractmethod
    def declarer_score(self, contract: Contract, tricks: int, vulnerable: bool) -> int:
        """Net points for declarer's side of one contract on its own, without honours and without
        game, part-score or rubber context (what a double-dummy bot optimises)."""

    def is_finished(self, standing: Standing) -> bool:
        return standing.over

    def unfinished(self, standing: Standing) -> tuple[LineItem, ...]:
        """Bonuses when the session stops before it is finished (none unless the ruleset says)."""
        return ()

    def winner(self, standing: Standing, totals: PerSide) -> Side | None:
        """The winning side on ``totals`` (None: a tie). Default: larger total wins."""
        if totals.ns == totals.ew:
            return None
        return Side.NS if totals.ns > totals.ew else Side.EW

    # -- table options ------------------------------------------------------------------------
    #: The table options the game takes, with what each means (name -> description), for the
    #: table's creation form and the records; empty: none.
    option_help: Mapping[str, str] = {}
    #: How a form offers each option (same names as :attr:`option_help`): ``{"choices": [...],
    #: "default": value}`` (one of the values) or ``{"min": n, "max": m, "default": None}`` (a
    #: number, or nothing). Published in :meth:`facts` so that clients build their controls from it.
    option_controls: Mapping[str, Mapping[str, object]] = {}
    #: How an exact tie that ends an unfinished rubber is settled (option ``"tie"``, seed 001):
    #: ``"tie"`` or ``"one_more_deal"`` (:class:`bazas.engine.session.Session` plays it).
    tie_rule: str = "tie"

    def _take_tie_rule(self, tie: str, game: type[Ruleset]) -> None:
        """For the constructor of ``game`` (a game taking the option ``tie``): settle an exact tie
        by ``tie``, one of :data:`TIE_RULES`; with ``"one_more_deal"`` this is the variant
        ``<game's id>+tie-one-more-deal``."""
        if tie not in TIE_RULES:
            raise ScoringError(f"tie must be one of {', '.join(TIE_RULES)}, not {tie!r}")
        self.tie_rule = tie
        if tie != "tie":
            self.id = f"{game.id}+tie-one-more-deal"
            self.aliases = (self.id,)
            self.title = f"{game.title}, an exact tie settled by one more deal"

    def ends_unfinished(self, standing: Standing) -> bool:
        """Whether ``standing``, finished (:meth:`is_finished`), ended a session with its rubber
        unfinished (a short session of a fixed number of deals) rather than with a rubber won.
        Default: False."""
        return False

    def with_options(self, options: Mapping[str, object]) -> Ruleset:
        """This game with the table ``options`` (``{}``: the game itself). A variant has an id of
        its own, ``<base id>+<token>...``, that :func:`bazas.engine.rulesets.get` reads back.
        Raises :class:`RulesetOptionError` naming a bad option.

        >>> from bazas.engine.rulesets import get
        >>> get("duplicate").with_options({"honours": False})
        Traceback (most recent call last):
        ...
        bazas.engine.rulesets.base.RulesetOptionError: duplicate has no option 'honours'
        """
        for name in options:
            raise RulesetOptionError(name, f"{self.id} has no option {name!r}")
        return self

    def options(self) -> dict[str, object]:
        """The options that made this ruleset from its game (``{}`` for the game itself)."""
        return {}

    def option_token(self, token: str) -> dict[str, object]:
        """The options one ``+token`` of a variant's id stands for."""
        raise RulesetOptionError(token, f"{self.id} has no option {token!r}")

    @property
    def base_id(self) -> str:
        """The game's id without its options."""
        return self.id.split("+", 1)[0]

    def bot_score(self, contract: Contract, tricks: int, vulnerable: bool, part_score: int = 0) -> int:
        """What a result is worth to declarer's side for a bot choosing its play: the contract on
        its own (:meth:`declarer_score`) plus, where this ruleset leaves the game bonus to the
        rubber, an estimate of what completing a game is worth with ``part_score`` already below
        the line. Default: :meth:`declarer_score`."""
        return self.declarer_score(contract, tricks, vulnerable)

    def name(self, language: str = "en") -> str:
        """The ruleset's short name in ``language`` (falls back to English, then ``title``)."""
        return self.names.get(language) or self.names.get("en") or self.title

    def facts(self) -> dict[str, object]:
        """The facts clients ask of this game, as plain JSON-able data.

        >>> from bazas.engine.rulesets import get
        >>> f = get("chicago").facts()
        >>> f["id"], f["seats"], f["game_target"], f["session_deals"], f["sheet"]
        ('chicago', ['N', 'E', 'S', 'W'], 100, 4, 'chicago')
        """
        return {
            "id": self.id, "title": self.title, "aliases": list(self.aliases), "source": self.source,
            "names": {lang: self.name(lang) for lang in ("en", "es")},
            "seats": [s.name for s in self.seats], "players": len(self.seats),
            "game_target": self.game_target, "has_vulnerability": self.has_vulnerability,
            "session_deals": self.session_deals, "one_table": self.one_table,
            "counts_honours": self.counts_honours, "bidding_system": self.bidding_system,
            "bot_scoring": self.bot_scoring.value, "sheet": self.sheet.value,
            "pbn_scoring": self.pbn_scoring, "base_id": self.base_id, "options": self.options(),
            "option_help": dict(self.option_help),
            "option_controls": {name: dict(control) for name, control in self.option_controls.items()},
        }

    def __repr__(self) -> str:
        return f"<Ruleset {self.id}>"


def rubber_deal(standing: Standing, dealer: Seat, vulnerability: Vulnerability, side: Side,
                items: list[LineItem], *, game: int, games_for_rubber: int,
                rubber_bonus: Callable[[int], int]) -> DealScore:
    """Close a deal of a rubber game: ``side``'s points below the line go toward the game; at
    ``game`` a line is drawn (both part scores stop counting) and the side wins a game; at
    ``games_for_rubber`` games the rubber is over and ``rubber_bonus(opponents' games)`` is added.
    The next dealer is the dealer's left-hand opponent. Shared by rubber bridge, 1920 Auction and
    Royal Auction (each with its own numbers).

    >>> s = rubber_deal(Standing(Seat.N), Seat.N, Vulnerability.NONE, Side.NS,
    ...                 [LineItem(Item.TRICK_SCORE, Side.NS, 120, below=True)],
    ...                 game=100, games_for_rubber=2, rubber_bonus=lambda theirs: 700)
    >>> s.game_won_by, s.after.games, s.after.dealer
    (<Side.NS: 0>, PerSide(ns=1, ew=0), <Seat.E: 1>)
    """
    below = sum(i.points for i in items if i.below and i.side is side)
    parts = standing.part_scores.plus(side, below)
    games = standing.games
    game_won_by: Side | None = None
    over = False
    if parts.of(side) >= game:
        game_won_by = side
        games = games.plus(side, 1)
        parts = PerSide()
        if games.of(side) >= games_for_rubber:
            over = True
            items = [*items, LineItem(Item.RUBBER, side, rubber_bonus(games.of(side.opponent)))]
    after = Standing(dealer.lho, standing.deal_number + 1, 1, games, parts, over)
    return DealScore(dealer, vulnerability, tuple(items), after, game_won_by, over)


def game_value(items: Iterable[LineItem], part_score: int, game: int, value: int) -> int:
    """``value`` when the points below the line among a made contract's ``items`` complete a game
    from ``part_score``, else 0: what a bot adds for a game that the ruleset leaves to the rubber.

    >>> game_value([LineItem(Item.TRICK_SCORE, Side.NS, 60, below=True)], 40, 100, 300)
    300
    """
    below = sum(i.points for i in items if i.below)
    return value if part_score + below >= game else 0


def check_tricks(tricks: int) -> None:
    """Raise :class:`ScoringError` unless 0 <= tricks <= 13."""
    if not 0 <= tricks <= 13:
        raise ScoringError(f"tricks must be 0-13, not {tricks}")
