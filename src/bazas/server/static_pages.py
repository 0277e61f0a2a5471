"""The web UI's pages as served: a page file of ``static/`` with the parts the pages share filled in.

What the pages have alike -- the top of the page (doctype, meta tags, title, icon, style sheet), the
script that applies the saved theme before the page is drawn, the top bar with the site's
navigation -- is written once, as a fragment ``static/_fragments/<name>.html``, and a page names it
where it goes with the include marker of the rules pages (:mod:`bazas.server.rules_pages`) on a
line of its own::

    <!-- include: page-head title-key="lobby.title" title="bazas · sala" -->
    <!-- include: theme-script -->
    <!-- include: topbar middle="page-nav" -->

(``middle``: the fragment in the middle of the top bar, ``page-nav`` or ``deal-info``). In the
site's navigation (``<nav class="page-nav">``) the link to the page being served is marked
``aria-current="page"`` (:func:`mark_current`). The pages speak no language of their own (the
browser translates them, ``data-i18n``), so the fragments have one file each, not one per language.

>>> html = assemble_page('<body>\\n<!-- include: topbar middle="page-nav" -->\\n</body>\\n', current="/me")
>>> '<a href="/me" aria-current="page" data-i18n="nav.me">' in html, html.count("aria-current")
(True, 1)
"""

from __future__ import annotations

from pathlib import Path

from fastapi.responses import HTMLResponse, Response

from .rules_pages import RulesPageError, assemble

STATIC_DIR = Path(__file__).resolve().parent / "static"
NAV = '<nav class="page-nav'


def fragments_dir(static_dir: Path = STATIC_DIR) -> Path:
    return static_dir / "_fragments"


def assemble_page(text: str, *, static_dir: Path = STATIC_DIR, source: str = "page",
                  current: str | None = None) -> str:
    """``text`` (a page file) with its include markers filled from ``static_dir/_fragments`` and
    the navigation's link to ``current`` (the page's own path) marked current; raises
    :class:`~bazas.server.rules_pages.RulesPageError` naming the page and the marker when a
    fragment is missing or lacks a value."""
    where = fragments_dir(static_dir)

    def fragment(name: str, lang: str) -> str:
        path = where / f"{name}.html"
        if not path.is_file():
            raise RulesPageError(f"no fragment {name!r} ({path.name} is not in {where})")
        return path.read_text(encoding="utf-8")

    html = assemble(text, "", source=source, fragment=fragment)
    return html if current is None else mark_current(html, current, source=source)


def mark_current(html: str, current: str, *, source: str = "page") -> str:
    """``html`` with ``aria-current="page"`` on its navigation's link to ``current``; unchanged
    when the page has no navigation (a page outside it, such as a team match's).

    >>> mark_current('<nav class="page-nav"><a href="/">Home</a> <a href="/me">Me</a></nav>', "/me")
    '<nav class="page-nav"><a href="/">Home</a> <a href="/me" aria-current="page">Me</a></nav>'
    """
    start = html.find(NAV)
    if start < 0:
        return html
    end = html.find("</nav>", start)
    end = len(html) if end < 0 else end
    link = f'<a href="{current}"'
    at = html.find(link, start, end)
    if at < 0:
        raise RulesPageError(f"{source}: the navigation has no link to {current!r} to mark as the current page")
    at += len(link)
    return f'{html[:at]} aria-current="page"{html[at:]}'


def static_page(static_dir: Path, name: str, current: str | None = None) -> Response:
    """The page ``name`` of ``static_dir`` as served (:func:`assemble_page`; ``current``: its own
    path, for the navigation); 404 when it is not installed."""
    path = static_dir / name
    if not path.is_file():
        return HTMLResponse(f"<!doctype html><title>bazas</title><p>{name} is not installed.</p>", 404)
    return HTMLResponse(assemble_page(path.read_text(encoding="utf-8"), static_dir=static_dir, source=name,
                                      current=current))
