"""The convention card of the system the bots play, generated from its rule table (es/en).

Every row of the table with a short auction pattern becomes a line of the card: an example
auction that the row's pattern matches, the call, and what it promises -- computed by the same
code that chooses and explains calls, so the card cannot drift from what the bots do. Rows are
grouped by the booklet section they cite; the sanity layer adds the forcing rules and the calls
the bots never make.

>>> html = convention_card("en")
>>> "Notrump Opening Bids" in html and "15–17 HCP, balanced" in html
True
>>> "Apertura de 1ST" in convention_card("es")
True
"""

from __future__ import annotations

from collections.abc import Iterator
from html import escape

from bazas.bots.base import TableContext
from bazas.engine.calls import ALL_BIDS, Call
from bazas.engine.errors import IllegalCall
from bazas.engine.seats import Seat

from .core import Rule, System
from .patterns import VARIABLES, Bindings, Token
from .sanity import CHECKS, FORCES

SECTIONS: tuple[tuple[str, str], ...] = (
    ("General Approach", "Enfoque general"),
    ("Notrump Opening Bids", "Aperturas a sin triunfo"),
    ("Major Suit Opening Bids", "Aperturas de palo mayor"),
    ("Minor Suit Opening Bids", "Aperturas de palo menor"),
    ("Rebids by Opener", "Segundas voces del abridor"),
    ("Rebids by Responder", "Segundas voces del respondedor"),
    ("Strong 2♣ Opening", "Apertura fuerte de 2♣"),
    ("Weak Two-Bids", "Dos débiles"),
    ("Preemptive Openings", "Aperturas de barrage"),
    ("Slam Conventions", "Convenciones de slam"),
    ("Competitive Bidding", "Subasta competitiva"),
)

#: SP-3's last sections, opening leads and defensive carding: the card player's habits (its lead
#: table, ``bots/leads.py``, and its signals, ``bots/signals.py``), each with an example hand and
#: contract whose lead the test checks against the lead table.
LEADS: tuple[tuple[str, str, str, str, str], ...] = (
    ("Against a suit contract: the ace from ace–king, the top of a sequence (the king from K-Q-J), "
     "a singleton for a ruff", "Contra palo: el as de as-rey, la mayor de una secuencia (el rey de R-D-V), "
     "un semifallo para fallar", "AK752.83.T94.852", "4H", "SA"),
    ("Against notrump: fourth best from the longest suit", "Contra sin triunfo: la cuarta mejor del palo más largo",
     "KJ752.Q83.T94.52", "3NT", "S5"),
    ("Against notrump with a sequence: its top card", "Contra sin triunfo con una secuencia: su carta más alta",
     "KQJ72.Q83.T94.52", "3NT", "SK"),
    ("Signals: standard attitude on partner's lead (a high spot card encourages: with the A, K or Q, and "
     "at notrump with the J under partner's K or the 10 under its Q), standard count on "
     "declarer's (high–low with an even number), attitude on discards",
     "Señales: actitud estándar en la salida del compañero (una carta alta anima: con el as, el rey o la "
     "dama, y en sin triunfo con la jota bajo el rey del compañero o el diez bajo su dama), cuenta estándar en las del "
     "declarante (alta-baja con un número par), actitud en los descartes", "", "", ""),
)

#: How the bots answer the opponents' artificial calls (issue 9: the table's alerts, and the
#: artificial calls of our own system): each line with an example auction (``"2D"``: the
#: opponent's call; an alert's explanation after "|"), a hand and the call the bidder makes with
#: it, which the test checks.
AGAINST_ARTIFICIAL: tuple[tuple[str, str, str, str, str], ...] = (
    ("A double of the artificial bid the opponents just made, our side silent so far: lead-directing, a good "
     "suit of its denomination (five or more cards, three of the top five honours)",
     "Doblo de la voz artificial que el contrario acaba de hacer, con nuestra línea callada: de salida, un buen "
     "palo de esa denominación (cinco o más cartas, tres de los cinco honores mayores)",
     "1NT P 2C", "2.432.432.AKQJ32", "X"),
    ("Over an artificial opening (alerted), the suit it only named is ours to bid: a natural overcall of that "
     "level, no Michaels cue-bid of it",
     "Sobre una apertura artificial (alertada), el palo que solo nombra es nuestro: intervención natural de ese "
     "nivel, sin cuebid Michaels",
     "2D|Multi: a weak two in either major", "A2.K3.AKJT92.Q43", "3D"),
    ("Over an artificial overcall of our 1NT (alerted): double shows values, 8+ HCP, to defend against the suits "
     "it showed; the suit it only named is natural, to play",
     "Sobre una intervención artificial a nuestro 1ST (alertada): el doblo muestra valores, 8+ PH, para defender "
     "contra los palos que mostró; el palo que solo nombra es natural, para jugar",
     "1NT 2C|Landy: both majors", "KQ93.A4.Q32.932", "X"),
    ("Another system's alerted call is read as its explanation says (points, lengths, the convention named), "
     "never as natural",
     "La voz alertada de otro sistema se lee como dice su explicación (puntos, largos, la convención que nombra), "
     "nunca como natural", "", "", ""),
)

TEXT = {
    "en": {"leads": "Opening leads and signals (the card player)", "artificial_calls": "Against artificial calls", "title": "Convention card", "auction": "Auction", "call": "Call", "meaning": "Meaning",
           "forcing": "forcing", "artificial": "artificial", "forces": "Forcing calls (whatever row made them)",
           "never": "Calls the bots never make", "source": "ACBL SAYC System Booklet (SP-3, revised 2006)",
           "sanity": "When no row fits, the bots choose among the legal calls by what each promises, and never "
                     "make the calls listed here."},
    "es": {"leads": "Salidas y señales (el carteo)", "artificial_calls": "Contra voces artificiales", "title": "Tarjeta de convenciones", "auction": "Subasta", "call": "Voz", "meaning": "Significado",
           "forcing": "forzante", "artificial": "artificial", "forces": "Voces forzantes (las haga la regla que las haga)",
           "never": "Voces que los robots nunca hacen", "source": "Folleto SAYC de la ACBL (SP-3, revisión de 2006)",
           "sanity": "Cuando ninguna regla encaja, los robots eligen entre las voces legales por lo que promete "
                     "cada una, y nunca hacen las voces de esta lista."},
}


#: Rows that repeat another section's structure (the 1NT responses over a 1NT overcall, after a
#: double of 1NT, after 2♣-2♦-2NT/3NT): the card says so once instead of listing them again.
REPEATS: tuple[str, ...] = ("ntov.", "r1ntx.", "r2c2nt.", "r3nt.2c.")


def _section(rule: Rule) -> str:
    return rule.source.split(", ", 1)[-1].split(" — ")[0]


def _token_calls(tok: Token, b: Bindings) -> Iterator[tuple[Call, Bindings]]:
    """Concrete calls a pattern token may stand for (the first few choices)."""
    k = tok.kind
    if k == "call":
        assert tok.call is not None
        yield tok.call, b
    elif k == "alt":
        for alt in tok.alts:
            yield from _token_calls(alt, b)
    elif k == "var":
        if tok.var in b:
            yield ALL_BIDS[(tok.level - 1) * 5 + b[tok.var]], b
            return
        for s in VARIABLES[tok.var]:
            if s in b.values():
                continue
            yield ALL_BIDS[(tok.level - 1) * 5 + s], {**b, tok.var: s}
    elif k == "anylevel" and tok.var in b:
        for level in range(1, 5):
            yield ALL_BIDS[(level - 1) * 5 + b[tok.var]], b


def _examples(rule: Rule, limit: int = 40) -> Iterator[tuple[Call, ...]]:
    """Example auctions (from the opening bid) that the row's pattern matches."""
    tokens = rule.pattern.tokens
    if any(t.kind in ("ellipsis", "any", "bid", "anynt") for t in tokens):
        return
    def walk(i: int, calls: tuple[Call, ...], b: Bindings) -> Iterator[tuple[Call, ...]]:
        if i == len(tokens):
            yield calls
            return
        for c, nb in _token_calls(tokens[i], b):
            yield from walk(i + 1, (*calls, c), nb)

    for n, calls in enumerate(walk(0, (), {}), start=1):
        yield calls
        if n >= limit:
            return


def card_lines(system: System, lang: str, max_calls: int = 6) -> dict[str, list[tuple[str, str, str, str]]]:
    """Per booklet section, the card's lines: (auction, call, meaning, marks)."""
    ctx = TableContext(ruleset="rubber")
    out: dict[str, list[tuple[str, str, str, str]]] = {}
    seen: set[tuple[str, str, str]] = set()
    for rule in system.rules:
        if rule.generic or len(rule.pattern.tokens) > max_calls:
            continue
        if rule.id.startswith(REPEATS) and not rule.id.endswith(".xx"):
            continue
        for calls in _examples(rule):
            try:
                sit = system.situation(Seat.N, calls, ctx)
            except IllegalCall:
                continue
            b = rule.pattern.match(sit.tail)
            if b is None:
                continue
            made = next(iter(rule.candidates(sit, b, None)), None)
            if made is None or not sit.legal(made[0]):
                continue
            call, bb = made
            promise = rule.hand(sit, bb)
            if not promise.is_satisfiable():
                continue
            desc = rule.describe(bb, lang)
            text = desc if promise.is_unconstrained else f"{desc}: {promise.text(lang)}"
            auction = " – ".join(c.text(lang) for c in calls) or ("(apertura)" if lang == "es" else "(opening)")
            key = (auction, str(call), text)
            if key in seen:
                break
            seen.add(key)
            marks = ", ".join(m for m, on in ((TEXT[lang]["forcing"], rule.forcing), (TEXT[lang]["artificial"], rule.artificial)) if on)
            out.setdefault(_section(rule), []).append((auction, call.text(lang), text, marks))
            break
    return out


def convention_card(lang: str = "en", system: System | None = None) -> str:
    """The convention card as an HTML fragment (``lang``: "es" or "en")."""
    from .sayc import SAYC

    lang = "es" if lang == "es" else "en"
    sys_ = system or SAYC
    t = TEXT[lang]
    lines = card_lines(sys_, lang)
    title = sys_.title_es if lang == "es" else sys_.title_en
    parts = [f'<article class="convention-card" lang="{lang}">',
             f"<h2>{escape(t['title'])}: {escape(title)}</h2>",
             f"<p class=\"source\">{escape(t['source'])}</p>"]
    names = {en: (es if lang == "es" else en) for en, es in SECTIONS}
    order = [en for en, _ in SECTIONS] + sorted(set(lines) - {en for en, _ in SECTIONS})
    for section in order:
        rows = lines.get(section)
        if not rows:
            continue
        parts.append(f"<section><h3>{escape(names.get(section, section))}</h3><table>")
        parts.append(f"<tr><th>{escape(t['auction'])}</th><th>{escape(t['call'])}</th><th>{escape(t['meaning'])}</th></tr>")
        for auction, call, text, marks in rows:
            extra = f" <em>({escape(marks)})</em>" if marks else ""
            parts.append(f"<tr><td>{escape(auction)}</td><td>{escape(call)}</td><td>{escape(text)}{extra}</td></tr>")
        parts.append("</table></section>")
    if sys_ is SAYC:
        parts.append(f"<section><h3>{escape(t['leads'])}</h3><ul>")
        parts += [f"<li>{escape(es if lang == 'es' else en)}</li>" for en, es, *_ in LEADS]
        parts.append("</ul></section>")
        parts.append(f"<section><h3>{escape(t['artificial_calls'])}</h3><ul>")
        parts += [f"<li>{escape(es if lang == 'es' else en)}</li>" for en, es, *_ in AGAINST_ARTIFICIAL]
        parts.append("</ul></section>")
    if sys_.sanity is not None:
        parts.append(f"<section><h3>{escape(t['forces'])}</h3><ul>")
        parts += [f"<li>{escape(f.es if lang == 'es' else f.en)}</li>" for f in FORCES]
        parts.append("</ul></section>")
        parts.append(f"<section><h3>{escape(t['never'])}</h3><p>{escape(t['sanity'])}</p><ul>")
        parts += [f"<li>{escape(c.es if lang == 'es' else c.en)}</li>" for c in CHECKS]
        parts.append("</ul></section>")
    parts.append("</article>")
    return "\n".join(parts)


__all__ = ["AGAINST_ARTIFICIAL", "LEADS", "SECTIONS", "card_lines", "convention_card"]
