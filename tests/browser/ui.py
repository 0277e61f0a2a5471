"""Driving the bazas table page from tests: start the server, open seats, act like a player.

Everything goes through the real page: cards and calls are clicked (or typed), never sent over a
side channel. What a page *knows* is read from ``window.bazas`` (the table page's own state: the
latest ``state`` message it rendered), which is how a test decides what a player would do next.
"""

from __future__ import annotations

import contextlib
import json
import os
import shutil
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from playwright.sync_api import Browser, BrowserContext, Page

REPO_ROOT = Path(__file__).resolve().parents[2]
SCREENSHOTS = REPO_ROOT / "artifacts" / "screenshots"
SEATS = ("N", "E", "S", "W")
#: Seconds a bot may think per action in the browser tests (sent when creating a table).
BOT_SECONDS = 0.05


# -- the server --------------------------------------------------------------------------------

def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def server_command(port: int, data_dir: Path) -> list[str]:
    """``bazas serve --port P --data-dir D`` from this virtualenv."""
    override = os.environ.get("BAZAS_BROWSER_SERVER")  # e.g. a server under development
    if override:
        return [*override.split(), "--port", str(port), "--data-dir", str(data_dir)]
    exe = Path(sys.executable).with_name("bazas")
    base = [str(exe)] if exe.exists() else [sys.executable, "-m", "bazas.cli.main"]
    return [*base, "serve", "--host", "127.0.0.1", "--port", str(port), "--data-dir", str(data_dir)]


@dataclass
class Server:
    """A real ``bazas serve`` process on loopback, restartable on the same port and data dir."""

    data_dir: Path
    log_path: Path
    port: int = field(default_factory=free_port)
    env: dict[str, str] = field(default_factory=dict)  # extra environment (BAZAS_RULESETS...)
    proc: subprocess.Popen[bytes] | None = None

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def start(self, timeout: float = 40.0) -> None:
        self.data_dir.mkdir(parents=True, exist_ok=True)
        log = self.log_path.open("ab")
        env = {**os.environ, "BAZAS_BOT_SECONDS": str(BOT_SECONDS), "PYTHONUNBUFFERED": "1",
               "BAZAS_TRUSTED_CLIENTS": "127.0.0.1",  # issue 13's per-address limits: not here
               "BAZAS_TABLE_SPEED": "instant",  # tables from the home page too (issue 12: test_table_pace.py)
               **self.env}
        self.proc = subprocess.Popen(server_command(self.port, self.data_dir), stdout=log, stderr=subprocess.STDOUT,
                                     env=env, cwd=REPO_ROOT, start_new_session=True)
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                raise RuntimeError(f"bazas serve exited with {self.proc.returncode}; see {self.log_path}:\n"
                                   + self.log_path.read_text(errors="replace")[-3000:])
            try:
                with urllib.request.urlopen(self.url + "/", timeout=2) as r:
                    if r.status == 200:
                        return
            except (urllib.error.URLError, ConnectionError, TimeoutError, OSError):
                time.sleep(0.15)
        self.stop()
        raise RuntimeError(f"bazas serve did not answer on {self.url} within {timeout}s; see {self.log_path}")

    def kill(self) -> None:
        """Kill the server abruptly (SIGKILL): nothing gets a chance to be flushed."""
        if self.proc and self.proc.poll() is None:
            os.killpg(self.proc.pid, signal.SIGKILL)
            self.proc.wait(10)

    def stop(self) -> None:
        if self.proc and self.proc.poll() is None:
            os.killpg(self.proc.pid, signal.SIGTERM)
            try:
                self.proc.wait(10)
            except subprocess.TimeoutExpired:
                os.killpg(self.proc.pid, signal.SIGKILL)
                self.proc.wait(10)

    # -- HTTP --------------------------------------------------------------------------------
    def post(self, path: str, body: dict[str, Any]) -> dict[str, Any]:
        req = urllib.request.Request(self.url + path, data=json.dumps(body).encode(),
                                     headers={"Content-Type": "application/json"})
        with urllib.request.urlopen(req, timeout=20) as r:
            return json.load(r)  # type: ignore[no-any-return]

    def get(self, path: str) -> bytes:
        with urllib.request.urlopen(self.url + path, timeout=20) as r:
            return r.read()  # type: ignore[no-any-return]

    def create_table(self, ruleset: str = "rubber", seats: dict[str, str] | None = None, me: str = "S",
                     name: str = "Ana", lang: str = "es", **extra: Any) -> dict[str, Any]:
        others = {s: "bot" for s in SEATS if s != me}
        others.update(seats or {})
        body = {"ruleset": ruleset, "seats": others, "me": me, "name": name, "lang": lang,
                "bot_seconds": BOT_SECONDS, "speed": "instant",  # issue 12's pace: test_table_pace.py
                "first_dealer": "N", **extra}  # issue 11: the server draws by default; these tests count on N
        return self.post("/api/tables", body)


@contextlib.contextmanager
def running_server(tmp: Path, name: str = "server", env: dict[str, str] | None = None) -> Iterator[Server]:
    server = Server(tmp / f"{name}-data", tmp / f"{name}.log", env=env or {})
    server.start()
    try:
        yield server
    finally:
        server.stop()
        shutil.rmtree(server.data_dir, ignore_errors=True)


def new_context(browser: Browser, lang: str = "es", width: int = 1366, height: int = 900,
                **extra: Any) -> BrowserContext:
    """A fresh browser profile (its own storage: one person) with a language and a window size."""
    ctx = browser.new_context(viewport={"width": width, "height": height}, locale=lang, **extra)
    ctx.set_default_timeout(30_000)
    return ctx


# -- reading a page ----------------------------------------------------------------------------

STATE_JS = """() => {
  const a = window.bazas;
  if (!a || !a.view) return null;
  return {view: a.view, table: a.table, score: a.score, pending: a.pending,
          version: a.msg ? a.msg.version : null, conn: a.connStatus, analysis: a.analysis};
}"""


def state(page: Page) -> dict[str, Any]:
    s = page.evaluate(STATE_JS)
    assert s is not None, "the page has no state yet"
    return s  # type: ignore[no-any-return]


def is_over(s: dict[str, Any]) -> bool:
    return bool(s["score"]["finished"]) or s["table"]["status"] == "over"


def reply_due(s: dict[str, Any]) -> str | None:
    """"claim" or "undo" when this seat is asked to answer a request (a bot may claim, too)."""
    me = s["view"].get("seat")
    for kind in ("claim", "undo"):
        req = (s.get("pending") or {}).get(kind)
        if me and req and me in (req.get("replies") or {}) and req["replies"][me] is None:
            return kind
    return None


def my_turn(s: dict[str, Any]) -> bool:
    v = s["view"]
    return bool(v.get("seat")) and v.get("actor") == v.get("seat") and v.get("phase") in ("auction", "play")


SNAPSHOT_JS = """() => {
  const a = window.bazas;
  return {state: {view: a.view, table: a.table, score: a.score, pending: a.pending,
                  version: a.msg ? a.msg.version : null},
          cards: [...document.querySelectorAll('[data-card]')].map(e => e.dataset.card)};
}"""


def snapshot(page: Page) -> tuple[dict[str, Any], list[str]]:
    """The page's state and the cards in its DOM, read at the same instant."""
    snap = page.evaluate(SNAPSHOT_JS)
    return snap["state"], snap["cards"]


def played_cards(view: dict[str, Any]) -> set[str]:
    out: set[str] = set()
    for trick in [*(view.get("tricks") or []), view.get("current")]:
        if trick:
            out.update(card for _, card in trick.get("cards") or [])
    return out


def open_seat(context: BrowserContext, base: str, link: str, frames: list[str] | None = None) -> Page:
    """Open a seat's link (or a spectator's) and wait for the first state; ``frames`` collects
    every WebSocket message the page receives."""
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.bazas_errors = errors  # type: ignore[attr-defined]
    if frames is not None:
        def on_ws(ws: Any) -> None:
            ws.on("framereceived", lambda payload: frames.append(payload if isinstance(payload, str) else payload.decode()))
        page.on("websocket", on_ws)
    page.goto(base + link)
    page.wait_for_function("() => window.bazas && window.bazas.view && document.body.classList.contains('ready')",
                           timeout=30_000)
    return page


def page_errors(page: Page) -> list[str]:
    return list(getattr(page, "bazas_errors", []))


# -- acting -------------------------------------------------------------------------------------

CLICK_POINT_JS = """(sel) => {
  for (const el of document.querySelectorAll(sel)) {
    if (el.disabled) continue;
    el.scrollIntoView({block: "nearest", inline: "nearest"});
    const r = el.getBoundingClientRect();
    for (let y = r.top + 3; y < r.bottom - 1; y += 3)
      for (let x = r.left + 3; x < r.right - 1; x += 3) {
        const hit = document.elementFromPoint(x, y);
        if (hit && (hit === el || el.contains(hit))) return [x, y];
      }
  }
  return null;
}"""


def click_visible(page: Page, selector: str, tries: int = 20) -> bool:
    """Click the first visible point of ``selector`` (cards of a fan overlap: their centre may be
    covered by the next card), as a player's mouse would. The page may re-render at any moment
    (another player connects...): the point is found and clicked again until it sticks."""
    for _ in range(tries):
        pt = page.evaluate(CLICK_POINT_JS, selector)
        if pt:
            page.mouse.click(pt[0], pt[1])
            return True
        time.sleep(0.1)
    return False


def wait_version_after(page: Page, version: int | None, timeout: float = 30_000) -> None:
    page.wait_for_function("(v) => window.bazas.msg && window.bazas.msg.version !== v", arg=version, timeout=timeout)


#: Where the deal stands: its phase and how many calls and cards it has. A call or card of this
#: page's changes it; a state about something else (a name, the pace, a seat) does not.
PROGRESS_JS = """() => { const v = window.bazas && window.bazas.view; if (!v) return null;
  const cards = [...(v.tricks || []), v.current].filter(Boolean).reduce((n, t) => n + (t.cards || []).length, 0);
  return `${v.phase}:${(v.calls || []).length}:${cards}`; }"""


def progress(page: Page) -> str | None:
    return page.evaluate(PROGRESS_JS)  # type: ignore[no-any-return]


def wait_progress_after(page: Page, before: str | None, timeout: float = 30_000) -> None:
    """Wait until the page shows the deal past ``before`` (a :func:`progress` read before acting):
    a later version alone may be another seat's news, read before this page's own action arrived,
    and acting on it again would click a button that is about to be disabled."""
    page.wait_for_function(f"(k) => ({PROGRESS_JS})() !== k", arg=before, timeout=timeout)


Chooser = Callable[[dict[str, Any]], str]


def pass_or_first_card(s: dict[str, Any]) -> str:
    """A quick player: passes in the auction, plays its first legal card."""
    legal: list[str] = s["view"]["legal"]
    if s["view"]["phase"] == "auction":
        return "P" if "P" in legal else legal[0]
    return legal[0]


def answer_request(page: Page, due: str, accept: bool, timeout: float = 30.0) -> bool:
    """Click this seat's answer to the pending ``due`` request ("claim" or "undo"); False when the
    request is settled by the other players before the click lands (another defender, or the
    substitute playing for one, refuses a claim: the banner's buttons go away under the click)."""
    from playwright.sync_api import TimeoutError as PlaywrightTimeout

    deadline = time.monotonic() + timeout
    while True:
        try:
            page.click(f'#banner [data-reply="{due}"][data-accept="{1 if accept else 0}"]', timeout=5_000)
            return True
        except PlaywrightTimeout:
            if reply_due(state(page)) != due:
                return False
            if time.monotonic() > deadline:
                raise


def act_once(page: Page, choose: Chooser = pass_or_first_card, accept: bool = True) -> str | None:
    """If it is this page's turn, click the chosen call or card and wait for the next state; if this
    seat is asked about a claim or an undo, answer it (accept by default)."""
    s = state(page)
    due = reply_due(s)
    if due:
        if not answer_request(page, due, accept):
            return None  # settled meanwhile by another seat (a substitute refusing a bot's claim)
        wait_version_after(page, s["version"])
        return f"{due}:{'accept' if accept else 'reject'}"
    if not my_turn(s):
        return None
    action = choose(s)
    v = s["view"]
    before = progress(page)
    if v["phase"] == "auction":
        page.click(f'.bid[data-call="{action}"]', timeout=10_000)
    else:
        assert click_visible(page, f'.card-btn[data-card="{action}"]'), f"card {action} not clickable"
    wait_progress_after(page, before)
    return action


def wait_for_turn_or_end(page: Page, timeout: float = 60_000) -> None:
    page.wait_for_function(
        """() => { const a = window.bazas; const v = a && a.view; if (!v) return false;
           const over = a.score.finished || a.table.status === 'over';
           const p = a.pending || {};
           const asked = [p.claim, p.undo].some(r => r && r.replies && v.seat in r.replies && r.replies[v.seat] === null);
           if (asked) return true;
           if (p.claim || p.undo) return false;
           return over || v.phase === 'done' || (v.seat && v.actor === v.seat && (v.phase === 'auction' || v.phase === 'play')); }""",
        timeout=timeout)


def next_deal(page: Page, tries: int = 3, timeout: float = 15_000) -> None:
    """Press "next deal" and wait for the table to move on. A press that brings nothing (lost
    on a loaded machine: one CI run in many waited 30 s for it) is pressed again, as a player
    would, up to ``tries`` times; the last failure says where the table stood."""
    from playwright.sync_api import TimeoutError as PlaywrightTimeout

    for attempt in range(tries):
        before = state(page)["version"]
        page.click("#btn-next")
        try:
            wait_version_after(page, before, timeout=timeout)
            return
        except PlaywrightTimeout:
            s = state(page)
            if attempt == tries - 1:
                raise AssertionError(f"{tries} presses of next brought nothing: version {s['version']}, "
                                     f"phase {s['view']['phase']}, status {s['table']['status']}, "
                                     f"pending {s.get('pending')}") from None


def play_deal(page: Page, choose: Chooser = pass_or_first_card, on_step: Callable[[Page], None] | None = None,
              timeout: float = 120.0) -> dict[str, Any]:
    """Play this seat's part of the current deal until it is over; returns the final state."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        wait_for_turn_or_end(page)
        s = state(page)
        if s["view"]["phase"] == "done" or is_over(s):
            return s
        act_once(page, choose)
        if on_step:
            on_step(page)
    raise AssertionError(f"deal not finished within {timeout}s")


def play_session(page: Page, choose: Chooser = pass_or_first_card, max_deals: int = 30,
                 on_deal_end: Callable[[Page, dict[str, Any]], None] | None = None) -> dict[str, Any]:
    """Play deals (pressing "next deal" after each) until the rubber / Chicago is over."""
    for _ in range(max_deals):
        s = play_deal(page, choose)
        if on_deal_end:
            on_deal_end(page, s)
        if is_over(s):
            return s
        next_deal(page)
        s = state(page)
        if is_over(s):
            return s
    raise AssertionError(f"the session did not end within {max_deals} deals")


def screenshot(page: Page, name: str) -> Path:
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    path = SCREENSHOTS / f"{name}.png"
    page.screenshot(path=str(path), full_page=False)
    return path
