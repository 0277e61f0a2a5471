"""The meanings of the calls of the deal in play, as every ``state`` message shows them.

Meanings come from the bidding system (in the worker pool, off the event loop) and are public:
they depend on the calls alone. :class:`CallMeanings` remembers the ones known for the current
deal, says which ones to ask for (each once), and takes the answers in.

>>> m = CallMeanings()
>>> q = m.update(1, ["1NT", "P"])
>>> q.indexes, m.current
((0, 1), [None, None])
>>> m.update(1, ["1NT", "P"]) is None                 # already asked
True
>>> m.learn(q, [{"en": "15-17"}, None], current_number=1)
>>> m.update(1, ["1NT", "P"]) is None, m.current
(True, [{'en': '15-17'}, None])
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from bazas.engine.auction import Auction
from bazas.engine.calls import parse_call
from bazas.engine.errors import BazasError, InvalidNotation
from bazas.engine.table import error_code

Meaning = dict[str, Any]
#: (deal number, the calls up to and including the call)
Key = tuple[int, tuple[str, ...]]


@dataclass(frozen=True, slots=True)
class Question:
    """Calls ``indexes`` of the auction ``calls`` of deal ``number`` to ask the meanings of."""

    number: int
    calls: tuple[str, ...]
    indexes: tuple[int, ...]

    def key(self, index: int) -> Key:
        return (self.number, self.calls[:index + 1])


class CallMeanings:
    def __init__(self) -> None:
        self._known: dict[Key, Meaning | None] = {}
        self._asked: set[Key] = set()
        #: One entry per call of the current auction: its meaning, None while unknown or none.
        self.current: list[Meaning | None] = []
        #: How many calls of the current auction, from the first, have a settled meaning (known,
        #: found to be none, or alerted): what a program seat may be sent with its alerts.
        self.settled = 0
        self._alert_indexes: tuple[int, ...] = ()

    def clear(self) -> None:
        """No deal on the table."""
        self.current = []
        self.settled = 0
        self._alert_indexes = ()

    def update(self, number: int, calls: Sequence[str], alerts: Sequence[tuple[int, str]] = ()) -> Question | None:
        """Follow the auction ``calls`` of deal ``number``: :attr:`current` from what is known,
        and the question to ask for the meanings neither known nor asked yet (None: none).
        ``alerts``: the calls an outside program alerted, (index, its explanation), as the table
        keeps them (``Table.alerts``): shown with that explanation, never read as natural.

        >>> m = CallMeanings()
        >>> m.update(1, ["2D", "P"], [(0, "Multi")]).indexes    # the alerted call needs no answer
        (1,)
        >>> m.current[0]["en"], m.alerts()
        ('Multi', ((0, 'Multi'),))
        """
        texts = tuple(calls)
        keys = [(number, texts[:i + 1]) for i in range(len(texts))]
        known = self._known
        if known and next(iter(known))[0] != number:
            for key in [k for k in known if k[0] != number]:
                del known[key]
        alerted: dict[Key, Meaning] = {keys[i]: {"es": text, "en": text, "constraints": {}, "artificial": True}
                                   for i, text in alerts if 0 <= i < len(keys)}
        self.current = [alerted[k] if k in alerted else known.get(k) for k in keys]
        self._alert_indexes = tuple(i for i, k in enumerate(keys) if k in alerted)
        self.settled = next((i for i, k in enumerate(keys) if k not in known and k not in alerted), len(keys))
        missing = tuple(i for i, k in enumerate(keys)
                        if k not in known and k not in alerted and k not in self._asked)
        if not missing:
            return None
        question = Question(number, texts, missing)
        self._asked.update(question.key(i) for i in missing)
        return question

    def learn(self, question: Question, found: Sequence[Meaning | None], current_number: int) -> None:
        """The answers to ``question`` (one per index; kept only while its deal is in play)."""
        for i, meaning in zip(question.indexes, found, strict=True):
            key = question.key(i)
            self._asked.discard(key)
            if question.number == current_number:
                self._known[key] = meaning

    def alerts(self) -> tuple[tuple[int, str], ...]:
        """The current auction's alerted calls: (index, explanation), as bots read them
        (``TableContext.alerts``)."""
        return tuple((i, str(self.current[i]["en"])) for i in self._alert_indexes  # type: ignore[index]
                     if i < len(self.current))

    def known(self, index: int) -> Meaning | None:
        """The meaning of call ``index`` of the current auction, if known."""
        return self.current[index] if index < len(self.current) else None


@dataclass(frozen=True, slots=True)
class ExplainRequest:
    """An ``explain`` message checked against the auction: the call ``position`` of ``calls``
    (the auction so far, plus the call asked about when it is not made yet), its text ``call``,
    and ``index`` (the call's number when it was made, None for a call not made yet)."""

    index: int | None
    position: int
    call: str
    calls: tuple[str, ...]


class ExplainError(ValueError):
    """An ``explain`` message that cannot be answered; ``code`` is the protocol's error code."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code


def explain_request(auction: Auction, index: int | None, call: str | None) -> ExplainRequest:
    """Check an ``explain`` message (``index`` of a call made, or the text of a ``call`` to
    make now) against ``auction``; raises :class:`ExplainError` naming what is wrong.

    >>> from bazas.engine.seats import Seat
    >>> a = Auction.from_calls(Seat.N, ["1NT"])
    >>> explain_request(a, None, "2c")
    ExplainRequest(index=None, position=1, call='2C', calls=('1NT', '2C'))
    >>> explain_request(a, 3, None)
    Traceback (most recent call last):
    ...
    bazas.server.meanings.ExplainError: there is no call number 3 in this auction (1 calls)
    """
    if index is not None:
        if not 0 <= index < len(auction.calls):
            raise ExplainError("illegal", f"there is no call number {index} in this auction ({len(auction.calls)} calls)")
        return ExplainRequest(index, index, str(auction.calls[index]), tuple(str(c) for c in auction.calls))
    if call is None:
        raise ExplainError("bad_message", "explain needs an index or a call")
    try:
        value = parse_call(call)
        auction = auction.apply(value)
    except InvalidNotation as exc:
        raise ExplainError("bad_message", str(exc)) from None
    except BazasError as exc:
        raise ExplainError(error_code(exc), str(exc)) from None
    return ExplainRequest(None, len(auction.calls) - 1, str(value), tuple(str(c) for c in auction.calls))
