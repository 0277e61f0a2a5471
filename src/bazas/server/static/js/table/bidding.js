// The bidding box on the page and the meanings of calls: asked from the server once per call,
// shown in a tip on hover/focus/tap and under the selected bid.
import { drawHTML } from "../common.js";
import { callHTML, seatName } from "../i18n.js";
import { app, legalSet, me, myTurn, send } from "./store.js";
import { bidBoxHTML, boxStrains, callerOf, explanationText, genericMeaning } from "./auction.js";
import { dealKey } from "./model.js";
import { playerName } from "./seats.js";

const $ = (sel) => document.querySelector(sel);

export function renderBidBox() {
  const v = app.view;
  const box = $("#bidbox");
  const show = v.phase === "auction" && me();
  box.hidden = !show;
  if (!show) {
    drawHTML(box, "");
    return;
  }
  box.classList.toggle("waiting", !myTurn());
  drawHTML(box, bidBoxHTML({ legal: legalSet(), myTurn: myTurn(), hint: app.hint?.action, selected: app.selectedBid, waitingFor: playerName(v.turn), calls: v.calls || [], strains: boxStrains(app.facts), byValue: app.facts?.bid_order === "value" }));
  if (app.selectedBid) explainInto(app.selectedBid, $("#bb-meaning"));
}

const indexKey = (index) => `i:${dealKey(app.table, app.view)}:${index}`;
const callKey = (call) => `c:${dealKey(app.table, app.view)}:${(app.view.calls || []).length}:${call}`;

/** Meaning of call number `index` of the auction: from `explanations`, else ask the server. */
function explainIndex(index) {
  const e = app.explanations[index];
  if (e) return explanationText(e);
  const key = indexKey(index);
  if (app.explainCache.has(key)) return explanationText(app.explainCache.get(key));
  send({ type: "explain", index: Number(index) });
  app.explainCache.set(key, null);
  return `<span class="muted">${genericMeaning(app.view.calls[index])}</span>`;
}

/** What `call` would mean if made now, into `el` (the generic meaning until the server answers). */
function explainInto(call, el) {
  if (!el) return;
  const key = callKey(call);
  const known = app.explainCache.get(key);
  if (known) {
    el.innerHTML = explanationText(known);
    return;
  }
  el.innerHTML = `<span class="muted">${genericMeaning(call)}</span>`;
  if (!app.explainCache.has(key)) {
    app.explainCache.set(key, null);
    send({ type: "explain", call });
  }
}

function showTip(target, html) {
  const tip = $("#tip");
  tip.innerHTML = html;
  tip.hidden = false;
  const r = target.getBoundingClientRect();
  const tr = tip.getBoundingClientRect();
  let left = r.left + r.width / 2 - tr.width / 2;
  left = Math.max(6, Math.min(left, window.innerWidth - tr.width - 6));
  let top = r.top - tr.height - 8;
  if (top < 6) top = r.bottom + 8;
  tip.style.left = `${left + window.scrollX}px`;
  tip.style.top = `${top + window.scrollY}px`;
  tip.dataset.for = target.dataset.callIndex ?? target.dataset.call ?? "";
}

export function hideTip() {
  const tip = $("#tip");
  tip.hidden = true;
  tip.dataset.for = "";
}

/**
 * The meaning of a call of an auction (a cell of the grid), in a tip; for the deal on the table
 * also in the side panel. A deal of the history carries its own meanings.
 */
export function tipForCallCell(el) {
  const i = Number(el.dataset.callIndex);
  const past = el.closest("#history-review") ? app.historyReview?.deal : null;
  const { calls, dealer } = past || app.view;
  const meaning = past ? explanationText(past.explanations[i]) || `<span class="muted">${genericMeaning(calls[i])}</span>` : explainIndex(i);
  const html = `<div class="tip-head">${callHTML(calls[i])} <span class="muted">${seatName(callerOf(dealer, i, app.facts?.seats))}</span></div><div class="tip-body">${meaning}</div>`;
  showTip(el, html);
  if (!past) $("#explain-box").innerHTML = html;
}

/** What a bid of the box would mean. */
export function tipForBid(el) {
  const call = el.dataset.call;
  const holder = document.createElement("div");
  explainInto(call, holder);
  showTip(el, `<div class="tip-head">${callHTML(call)}</div><div class="tip-body">${holder.innerHTML}</div>`);
}

/** An `explanation` message: remember it and refresh whatever shows it. */
export function onExplanation(msg) {
  const key = msg.index != null ? indexKey(msg.index) : callKey(msg.call);
  app.explainCache.set(key, msg.explanation);
  if (msg.index != null && !app.explanations[msg.index]) app.explanations[msg.index] = msg.explanation;
  const tip = $("#tip");
  if (!tip.hidden) {
    const el = msg.index != null ? document.querySelector(`[data-call-index="${msg.index}"]`) : document.querySelector(`.bid[data-call="${msg.call}"]`);
    if (el && tip.dataset.for === String(msg.index ?? msg.call)) (msg.index != null ? tipForCallCell : tipForBid)(el);
  }
  if (app.selectedBid === msg.call) explainInto(msg.call, $("#bb-meaning"));
}
