// Draw the whole page from the store, keeping the keyboard focus where it was.
import { app, me, myTurn } from "./store.js";
import { dealKey } from "./model.js";
import { fitFans, renderSeats } from "./seats.js";
import { renderCenter, renderReplayBar } from "./play.js";
import { renderBidBox } from "./bidding.js";
import { renderAnalysisPanel, renderContractBox, renderDealInfo, renderInvites, renderScorePanel, renderSideAuction } from "./info.js";
import { renderActions, renderBanner, renderHint } from "./controls.js";
import { updateCmdPreview } from "./keyboard.js";
import { renderPaceControls } from "./pace.js";
import { updateDock, watchDock } from "./dock.js";

/** What has the keyboard focus, so that a re-render can give it back. */
function focusKey() {
  const el = document.activeElement;
  if (!el || el === document.body) return null;
  if (el.id) return `#${CSS.escape(el.id)}`;
  for (const attr of ["data-card", "data-call", "data-call-index", "data-replay", "data-reply", "data-step"]) {
    const v = el.getAttribute(attr);
    if (v != null) return `[${attr}="${CSS.escape(v)}"]${attr === "data-reply" ? `[data-accept="${el.dataset.accept}"]` : ""}`;
  }
  return null;
}

/** The replay of a finished deal starts at its first card; a new deal or trick resets the views. */
function updateLocalState() {
  const key = dealKey(app.table, app.view);
  if (app.view.phase !== "done" || (app.review && app.review.dealKey !== key)) app.review = null;
  if (app.view.phase === "done" && app.view.all_hands && !app.review) app.review = { step: 0, dealKey: key };
  const trickKey = `${key}:${app.view.tricks.length}`;
  if (app.lastTrickKey !== trickKey) {
    app.showLastTrick = false;
    app.lastTrickKey = trickKey;
  }
}

function renderAll() {
  updateLocalState();
  document.body.dataset.phase = app.view.phase;
  document.body.dataset.seat = me() || "spectator";
  document.body.classList.toggle("my-turn", myTurn());
  renderDealInfo();
  renderSeats();
  fitFans();
  renderCenter();
  renderReplayBar();
  renderBidBox();
  renderContractBox();
  renderSideAuction();
  renderScorePanel();
  renderAnalysisPanel();
  renderHint();
  renderBanner();
  renderActions();
  renderInvites();
  renderPaceControls();
  updateCmdPreview();
  updateDock();
  watchDock();
  app.rendered = true;
}

/** Draw the page (once the state and the ruleset's facts are both known). */
export function render() {
  if (!app.view || !app.facts) return;
  const focused = focusKey();
  renderAll();
  if (focused && (!document.activeElement || document.activeElement === document.body)) {
    const el = document.querySelector(focused);
    if (el && !el.disabled) el.focus({ preventScroll: true });
  }
}
