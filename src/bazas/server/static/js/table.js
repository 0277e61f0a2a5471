// The table page: keeps the newest `state` from the server (table/store.js), draws it
// (table/render.js) and sends the player's actions (table/controls.js). This file only wires the
// pieces to the connection and to the page's events.
import { installSprite } from "./cards.js";
import { applyStatic, detectLang, loadLang, onLangChange, t } from "./i18n.js";
import { copyText, initControls, rememberTable, toast } from "./common.js";
import { Connection } from "./connection.js";
import { fetchRuleset } from "./facts.js";
import { app, applyState } from "./table/store.js";
import { render } from "./table/render.js";
import { renderConn, renderRulesLink } from "./table/info.js";
import { hideTip, onExplanation, renderBidBox, tipForBid, tipForCallCell } from "./table/bidding.js";
import { askHint, askUndo, claim, makeCall, maybeSendName, nextDeal, onError, onEvents, onHint, openClaim, playCard, reply, sendName } from "./table/controls.js";
import { moveSeat, onSeatMoved, openMoveSeat, renderClaimDialog } from "./table/controls.js";
import { historyStep, openHistory, openScore, redrawHistory, reviewHistoryDeal } from "./table/dialogs.js";
import { onKeyDown, runCommand, updateCmdPreview } from "./table/keyboard.js";
import { replayStep } from "./table/play.js";
import { heldTrick, noteTricks, releaseTrick, seatBot } from "./table/pace.js";
import { showMatch } from "./match/banner.js";
import { recordMatch, recordState } from "./record.js";

window.bazas = app; // handy in the console and for tests
app.redraw = () => render();
const $ = (sel) => document.querySelector(sel);
const coarse = () => window.matchMedia?.("(pointer: coarse)").matches;

/** The ruleset's facts, fetched once for the table's game (until then nothing is drawn). */
let factsLoading = null;
function loadFacts(ruleset) {
  factsLoading ??= fetchRuleset(ruleset)
    .then((facts) => {
      app.facts = facts;
      renderRulesLink();
      show();
    })
    .catch(() => {
      factsLoading = null; // try again with the next state
      toast(t("conn.notConnected"), "warn");
    });
}

function show() {
  if (!app.facts) return;
  document.body.classList.add("ready");
  render();
  if (!app.nameSent && app.view.seat) maybeSendName();
}

function onState(msg) {
  app.lastState = msg;
  const prevPhase = applyState(msg);
  if (prevPhase && prevPhase !== app.view.phase) hideTip();
  if (app.view.phase === "auction" && prevPhase !== "auction") app.shownCards.clear();
  noteTricks();
  // A state is resent at the same version (presence, meanings, analysis) with the same events.
  if (msg.version !== app.eventsVersion) onEvents(msg.events || []);
  app.eventsVersion = msg.version;
  if (!app.facts) loadFacts(app.table.ruleset);
  show();
  if (app.match) showMatch(null, msg);
  recordState(msg, app.tableId); // the player's own record (issue 12, /me)
}

function onMessage(msg) {
  if (msg.type === "error") onError(msg);
  else if (msg.type === "hint") {
    onHint(msg);
    render();
  } else if (msg.type === "explanation") onExplanation(msg);
  else if (msg.type === "seat_key" && msg.moved) onSeatMoved(msg);
  else if (msg.type === "match") {
    app.match = msg; // a seat of a team match: which table and board, how the match stands
    showMatch(msg, app.lastState);
    recordMatch(msg); // the player's own record (issue 12, /me)
  }
}

/** Buttons and links anywhere on the page, by what they carry. */
async function onClick(e) {
  const el = e.target.closest("button, a");
  if (heldTrick() && (e.target.closest("#center") || el?.matches(".card-btn[data-card]"))) {
    releaseTrick(); // the finished trick was seen (issue 12: click or tap to continue)
    if (!el) return;
  }
  if (!el) {
    if (!e.target.closest("#tip")) hideTip();
    return;
  }
  if (el.dataset.seatBot) return seatBot(el.dataset.seatBot, el.dataset.bot === "1");
  if (el.matches(".card-btn[data-card]")) return playCard(el.dataset.card);
  if (el.matches(".bid[data-call]")) {
    const call = el.dataset.call;
    if (coarse()) {
      // touch: first tap shows the meaning, the confirm button bids
      app.selectedBid = app.selectedBid === call ? null : call;
      renderBidBox();
      return;
    }
    return makeCall(call);
  }
  if (el.id === "bb-ok" && app.selectedBid) return makeCall(app.selectedBid);
  if (el.matches(".call-cell")) return tipForCallCell(el);
  if (el.dataset.reply) return reply(el.dataset.reply, el.dataset.accept === "1");
  if (el.dataset.claim != null) return claim(Number(el.dataset.claim));
  if (el.dataset.replay) return replayStep(el.dataset.replay);
  if (el.matches(".rc[data-step]")) {
    if (el.closest("#history-review")) return historyStep("to", Number(el.dataset.step));
    return replayStep("to", Number(el.dataset.step));
  }
  if (el.dataset.hreplay) return historyStep(el.dataset.hreplay);
  if (el.dataset.reviewDeal) return reviewHistoryDeal(el.dataset.reviewDeal);
  if (el.dataset.copy) {
    const ok = await copyText(el.dataset.copy);
    toast(ok ? t("invite.copied") : t("invite.copyFailed"), ok ? "info" : "warn");
    return;
  }
  if (el.hasAttribute("data-close")) return el.closest("dialog")?.close();
  switch (el.id) {
    case "btn-hint": return askHint();
    case "btn-undo": return askUndo();
    case "btn-claim": return openClaim();
    case "btn-move": return openMoveSeat();
    case "move-confirm": return moveSeat();
    case "btn-next": return nextDeal();
    case "btn-score":
    case "btn-score2": return openScore();
    case "btn-history": return openHistory();
    case "btn-lasttrick":
      app.showLastTrick = !app.showLastTrick;
      return render();
    default:
  }
}

function wire() {
  document.addEventListener("keydown", onKeyDown);
  $("#cmd-form").addEventListener("submit", (e) => {
    e.preventDefault();
    const input = $("#cmd");
    if (input.value.trim() && runCommand(input.value)) input.value = "";
    updateCmdPreview();
  });
  $("#cmd").addEventListener("input", updateCmdPreview);
  document.addEventListener("click", onClick);
  document.addEventListener("submit", (e) => {
    if (e.target.id === "name-form") {
      e.preventDefault();
      const name = $("#name-input").value.trim();
      if (name) sendName(name);
    }
  });
  // hover (mouse) shows meanings: calls made in the auction, and bids in the box
  document.addEventListener("mouseover", (e) => {
    const cell = e.target.closest?.(".call-cell");
    if (cell) return tipForCallCell(cell);
    const bid = e.target.closest?.(".bid[data-call]");
    if (bid && !bid.disabled) return tipForBid(bid);
  });
  document.addEventListener("mouseout", (e) => {
    if (e.target.closest?.(".call-cell, .bid")) hideTip();
  });
  document.addEventListener("focusin", (e) => {
    const cell = e.target.closest?.(".call-cell");
    if (cell) tipForCallCell(cell);
    const bid = e.target.closest?.(".bid[data-call]");
    if (bid) tipForBid(bid);
  });
  window.addEventListener("scroll", hideTip, { passive: true });
  let resizeTimer = null;
  window.addEventListener("resize", () => {
    clearTimeout(resizeTimer);
    resizeTimer = setTimeout(render, 120);
  });
  for (const d of document.querySelectorAll("dialog")) {
    d.addEventListener("click", (e) => {
      if (e.target === d) d.close(); // backdrop click
    });
  }
}

async function main() {
  installSprite();
  const parts = location.pathname.split("/").filter(Boolean);
  app.tableId = parts[0] === "t" ? decodeURIComponent(parts[1] || "") : new URLSearchParams(location.search).get("table");
  // Issue 13: this device's own key for the seat (kept when an invitation was first used) goes
  // first; the link's key is tried when the stored one no longer works (the seat moved here).
  const linkKey = new URLSearchParams(location.search).get("k");
  const storedKey = localStorage.getItem(`bazas.seat.${app.tableId}`);
  app.key = storedKey || linkKey;
  await loadLang(detectLang());
  applyStatic();
  initControls();
  onLangChange(() => {
    applyStatic();
    renderConn();
    render();
    renderRulesLink();
    if ($("#dlg-claim").open) renderClaimDialog(); // an open dialog speaks the new language too
    if ($("#dlg-history").open) redrawHistory();
  });
  wire();
  rememberTable({ url: location.pathname + location.search, id: app.tableId, seated: Boolean(app.key) });
  app.conn = new Connection(app.tableId, app.key, {
    state: onState,
    message: onMessage,
    status: (s) => {
      app.connStatus = s;
      renderConn();
    },
  });
  app.conn.fallbackKey = storedKey && linkKey && linkKey !== storedKey ? linkKey : null;
  app.conn.connect();
}

main();
