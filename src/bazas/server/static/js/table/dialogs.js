// The dialogs: the score sheet, and the history of the table's finished deals (each one with its
// PBN and a replay with its analysis).
import { escapeHTML } from "../common.js";
import { cardHTML, contractHTML, seatLetter, seatName, t } from "../i18n.js";
import { otherSide, resultText, trumpOf } from "../bridge.js";
import { playedSequence, renderAnalysis, replayAt } from "../review.js";
import { app, mySide, showsVulnerability } from "./store.js";
import { SEATS, replayMove } from "./model.js";
import { auctionHTML } from "./auction.js";
import { handHTML } from "./hands.js";
import { ICONS } from "./play.js";
import { scoreSheetHTML } from "./info.js";

const $ = (sel) => document.querySelector(sel);

export function openScore() {
  $("#score-sheet").innerHTML = scoreSheetHTML();
  $("#dlg-score").showModal();
}

/**
 * The history table. `history` is GET /api/tables/{id}/history: {deals: [{number, rubber, dealer,
 * contract: "4SX" | null, declarer, tricks, passed_out, points: {NS, EW}, pbn}], pbn}.
 */
export function historyHTML(history, my) {
  if (!history.deals.length) return `<p class="muted">${t("history.empty")}</p>`;
  const they = otherSide(my);
  // three-handed Auction (issue 11): each player's points, a column per player
  const players = history.deals.find((d) => d.points && !("NS" in d.points))?.points;
  const cols = players ? Object.keys(players) : [my, they];
  const rows = history.deals
    .map((d) => {
      const contract = d.passed_out ? t("result.passedOut") : `${contractHTML(d.contract)} ${seatLetter(d.declarer)} ${resultText(d.contract, d.tricks)}`;
      return `<tr><td>${d.rubber ? `${d.rubber}·` : ""}${d.number}</td><td>${seatLetter(d.dealer)}</td><td>${contract}</td>
        ${cols.map((c) => `<td class="num">${d.points[c] || ""}</td>`).join("")}
        <td><a href="${escapeHTML(d.pbn)}" download class="pbn-link">PBN</a>
        <button type="button" class="btn small" data-review-deal="${d.number}">${t("history.review")}</button></td></tr>`;
    })
    .join("");
  return `<table class="grid history"><thead><tr><th>#</th><th>${t("score.dealer")}</th><th>${t("score.contract")}</th>${players ? cols.map((c) => `<th>${seatLetter(c)}</th>`).join("") : `<th>${t("score.we")}</th><th>${t("score.they")}</th>`}<th></th></tr></thead><tbody>${rows}</tbody></table>
    <p><a class="btn" href="${escapeHTML(history.pbn)}" download>${t("history.allPbn")}</a></p><div id="history-review"></div>`;
}

export async function openHistory() {
  const box = $("#history-list");
  box.innerHTML = `<p class="muted">${t("history.loading")}</p>`;
  $("#dlg-history").showModal();
  try {
    const res = await fetch(`/api/tables/${encodeURIComponent(app.tableId)}/history`);
    if (!res.ok) throw new Error(String(res.status));
    app.history = await res.json();
    box.innerHTML = historyHTML(app.history, mySide());
  } catch {
    box.innerHTML = `<p class="muted">${t("history.error")}</p>`;
  }
}

/** The open history dialog again (the page's language changed): the list and the deal reviewed. */
export function redrawHistory() {
  if (!app.history) return;
  $("#history-list").innerHTML = historyHTML(app.history, mySide());
  if (app.historyReview) drawHistoryReview();
}

/** Replay deal `number` of the history (GET /api/tables/{id}/deals/{n}). */
export async function reviewHistoryDeal(number) {
  const holder = $("#history-review");
  holder.innerHTML = `<p class="muted">${t("history.loading")}</p>`;
  try {
    const res = await fetch(`/api/tables/${encodeURIComponent(app.tableId)}/deals/${number}`);
    if (!res.ok) throw new Error(String(res.status));
    app.historyReview = { deal: await res.json(), step: 0, number };
    drawHistoryReview();
  } catch {
    holder.innerHTML = `<p class="muted">${t("history.noReview")}</p>`;
  }
}

function replayButton(k) {
  return `<button type="button" class="btn small icon-btn" data-hreplay="${k}" aria-label="${t(`review.${k}`)}" title="${t(`review.${k}`)}">${ICONS[k]}</button>`;
}

export function drawHistoryReview() {
  const hr = app.historyReview;
  if (!hr) return;
  const { deal } = hr;
  const r = replayAt(deal, hr.step);
  const trump = trumpOf(deal.contract);
  const hand = (s) => `<div class="hr-hand hr-${s}"><div class="hr-seat">${seatName(s)}</div>${handHTML(s, r.hands[s], "rows", { size: "small", trump })}</div>`;
  let trick = (r.trick?.cards || []).map(([s, c]) => `<span>${seatLetter(s)} ${cardHTML(c)}</span>`).join(" ");
  // issue 12: a claimed deal's replay ends on the claim, the cards left showing in the hands
  if (deal.claim && r.step === r.total) {
    const left = 13 - (deal.tricks || []).filter((tr) => (tr.cards || []).length === 4).length;
    trick += `<p class="replay-claim">${t("review.claimStep", { seat: seatName(deal.claim.seat), n: deal.claim.tricks, left })}</p>`;
  }
  $("#history-review").innerHTML = `<h3>${t("history.dealN", { n: hr.number })} · ${contractHTML(deal.contract)} ${deal.declarer ? seatLetter(deal.declarer) : ""}</h3>
    <div class="hr-board">${SEATS.map(hand).join("")}<div class="hr-center">${trick || "&nbsp;"}</div></div>
    <div class="replay">${["first", "prev"].map(replayButton).join("")}
    <span class="replay-pos">${t("review.step", { n: r.step, total: r.total })}</span>
    ${["next", "last"].map(replayButton).join("")}</div>
    ${auctionHTML(deal.calls, deal.dealer, { explanations: deal.explanations, vulnerable: showsVulnerability() ? deal.vulnerable : null, seats: app.facts?.seats })}
    ${renderAnalysis(deal, deal.analysis, hr.step)}`;
}

/** Move the history replay ("first", "prev", "next", "last", or "to" `target`). */
export function historyStep(how, target) {
  const hr = app.historyReview;
  if (!hr) return;
  hr.step = replayMove(how, hr.step, playedSequence(hr.deal).length, target);
  drawHistoryReview();
}
