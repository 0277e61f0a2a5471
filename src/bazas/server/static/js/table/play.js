// The middle of the felt: the auction while bidding, the trick while playing, the result and the
// replay (card by card) once the deal is over.
import { cardSVG } from "../cards.js";
import { contractHTML, seatLetter, seatName, t } from "../i18n.js";
import { otherSide, resultText, sideOf, vulKey } from "../bridge.js";
import { playedSequence, replayAt } from "../review.js";
import { app, me, mySide, showsVulnerability, vulnerability } from "./store.js";
import { POSITIONS, replayMove, reviewDeal, waitingForNext } from "./model.js";
import { auctionHTML } from "./auction.js";
import { fitFans, playerName, posOf, renderSeats } from "./seats.js";
import { renderAnalysisPanel } from "./info.js";
import { heldTrick, holdMs, trickPref } from "./pace.js";
import { tn } from "./words.js";

const $ = (sel) => document.querySelector(sel);

export const ICONS = {
  first: '<svg viewBox="0 0 24 24" aria-hidden="true"><path d="M6 5h2v14H6zM20 5v14L9 12z"/></svg>',
  prev: '<svg viewBox="0 0 24 24" aria-hidden="true"><path d="M17 5v14L6 12z"/></svg>',
  next: '<svg viewBox="0 0 24 24" aria-hidden="true"><path d="M7 5v14l11-7z"/></svg>',
  last: '<svg viewBox="0 0 24 24" aria-hidden="true"><path d="M16 5h2v14h-2zM4 5v14l11-7z"/></svg>',
};

/** A trick at the four places round the centre; `fresh(card)` says whether a card flies in. */
export function trickHTML(trick, { last = false, place, fresh = () => false }) {
  const slots = {};
  for (const [seat, card] of trick?.cards || []) {
    const pos = place(seat);
    const win = trick.winner === seat;
    slots[pos] = `<div class="tcard pos-${pos}${fresh(card) ? ` fly-${pos}` : ""}${win ? " winner" : ""}" data-seat="${seat}" data-card="${card}">${cardSVG(card)}</div>`;
  }
  return `<div class="trick${last ? " last" : ""}">${POSITIONS.map((p) => slots[p] || "").join("")}</div>`;
}

/** Only a card that arrives while the page is open flies in (not the ones already there on load). */
function freshCard(card) {
  const fresh = app.rendered && !app.shownCards.has(card);
  app.shownCards.add(card);
  return fresh;
}

function resultSummary() {
  const v = app.view;
  if (v.passed_out) return `<div class="result"><strong>${t("result.passedOut")}</strong></div>`;
  const claimed = app.table?.claim;
  const claimLine = claimed ? `<p class="claim-result" data-claim-by="${claimed.seat}">${tn("claim.result", claimed.left, { seat: playerName(claimed.seat), n: claimed.tricks, left: claimed.left })}</p>` : "";
  const tricks = v.won[sideOf(v.declarer)];
  const deals = app.score?.deals || [];
  const d = deals[deals.length - 1];
  let pts = "";
  if (d) {
    // per player (three-handed): this page's own points; else its side's net
    const mine = app.facts?.per_player ? d.points[me() || "S"] ?? 0 : d.points[mySide()] - d.points[otherSide(mySide())];
    pts = `<span class="pts ${mine >= 0 ? "plus" : "minus"}">${mine >= 0 ? "+" : "−"}${Math.abs(mine)}</span>`;
  }
  return `<div class="result"><strong>${contractHTML(v.contract)} ${seatLetter(v.declarer)} ${resultText(v.contract, tricks)}</strong> <span class="muted">${tn("result.tricks", tricks, { n: tricks })}</span> ${pts}${claimLine}</div>`;
}

/** What a new game of this ruleset is called on the button after the last deal. */
function newGameLabel() {
  const sheet = app.facts?.sheet;
  if (sheet === "chicago") return t("next.newChicago");
  if (sheet === "rubber" && !app.facts?.session_deals) return t("next.newRubber");
  return t("next.newGame");
}

/** The banner at the end of a rubber, a Chicago or a short session: the winner and the totals. */
function finalHTML() {
  const sc = app.score;
  if (!sc) return "";
  if (app.facts?.per_player && sc.players) {
    // per player (three-handed Auction, issue 11): the winner, each player's total and net
    const head = sc.winner ? t("score.playerWon", { seat: seatLetter(sc.winner) }) : t("final.tie");
    const line = sc.players.map((p) => `${seatLetter(p)} ${sc.totals[p]} (${sc.net[p] > 0 ? "+" : ""}${sc.net[p]})`).join(" · ");
    return `<div class="final-banner" data-winner="${sc.winner || ""}"><h2>${t("final.rubber")}</h2><p class="final-winner">${head}</p><p class="final-totals">${line}</p></div>`;
  }
  const sheet = app.facts?.sheet;
  const title = sheet === "chicago" ? t("final.chicago") : sheet === "rubber" && !app.facts?.session_deals ? t("final.rubber") : t("final.session");
  const mine = mySide();
  const other = otherSide(mine);
  const totals = sc.totals || {};
  const winner = sc.winner;
  const sideName = (side) => `${t(side === mine ? "final.us" : "final.them")} (${t(`final.side${side}`)})`;
  const head = winner === "tie" || !winner ? t("final.tie") : t("final.wins", { side: sideName(winner), margin: Math.abs((totals[winner] ?? 0) - (totals[otherSide(winner)] ?? 0)) });
  const line = t("final.totals", { we: t("final.us"), a: totals[mine] ?? 0, they: t("final.them"), b: totals[other] ?? 0 });
  return `<div class="final-banner" data-winner="${winner || ""}"><h2>${title}</h2><p class="final-winner">${head}</p><p class="final-totals">${line}</p></div>`;
}

export function renderCenter() {
  const v = app.view;
  const c = $("#center");
  if (v.phase === "auction") {
    const vul = showsVulnerability() ? vulnerability() : null;
    const vulTxt = vul ? ` · ${t(vulKey(vul))}` : "";
    c.innerHTML = `<div class="center-auction">${auctionHTML(v.calls, v.dealer, { live: true, big: true, vulnerable: vul, explanations: app.explanations, seats: app.facts?.seats })}
      <p class="caption">${t("auction.dealer", { seat: seatName(v.dealer) })}${vulTxt}</p></div>`;
    c.className = "center phase-auction";
    return;
  }
  if (v.phase === "dealing") {
    c.innerHTML = `<p class="caption">${t("info.dealing")}</p>`;
    c.className = "center phase-dealing";
    return;
  }
  if (v.phase === "play") {
    let trick = v.current;
    let last = false;
    // issue 12: a trick just finished stays in the middle until seen (a pause, or a click or tap)
    const held = heldTrick();
    if (held) {
      trick = v.tricks[held - 1];
    } else if ((!trick || !trick.cards.length || app.showLastTrick) && v.tricks.length) {
      trick = v.tricks[v.tricks.length - 1];
      last = true;
    }
    const lead = !held && !v.tricks.length && !v.current?.cards.length;
    const click = held && trickPref() === "click";
    const fresh = (card) => (held ? (app.shownCards.add(card), false) : freshCard(card));
    c.innerHTML = `${trickHTML(trick, { last, place: posOf, fresh: held ? fresh : freshCard })}${lead ? `<p class="caption lead-caption">${t("play.lead", { seat: playerName(v.turn) })}</p>` : ""}${click ? `<p class="caption continue-caption">${t("trick.continue")}</p>` : ""}`;
    c.className = `center phase-play${held ? " held" : ""}`;
    if (held) {
      c.dataset.held = String(held);
      c.dataset.holdMs = trickPref() === "click" ? "click" : String(holdMs());
    } else {
      delete c.dataset.held;
      delete c.dataset.holdMs;
    }
    return;
  }
  // done: the result and the next deal; the trick of the replay position
  const r = app.review ? replayAt(reviewDeal(v), app.review.step) : { trick: null };
  const over = app.score.finished || app.table.status === "over";
  // with other people at the table the next deal waits for everybody's "next"
  const waiting = waitingForNext(app.table, me())?.map(playerName);
  const nextBtn = waiting && waiting.length
    ? `<button type="button" class="btn" id="btn-next" disabled>${t("next.waiting", { names: waiting.join(", ") })}</button>`
    : me() ? `<button type="button" class="btn primary" id="btn-next">${over ? newGameLabel() : t("next.deal")}</button>` : "";
  c.innerHTML = `${r.trick ? trickHTML(r.trick, { place: posOf }) : ""}<div class="done-box">${over ? finalHTML() : ""}${resultSummary()}${nextBtn}</div>`;
  c.className = `center phase-done${r.trick ? " replaying" : ""}`;
}

export function renderReplayBar() {
  const v = app.view;
  const bar = $("#replay-bar");
  if (v.phase !== "done" || v.passed_out || !app.review) {
    bar.hidden = true;
    bar.innerHTML = "";
    return;
  }
  const r = replayAt(reviewDeal(v), app.review.step);
  const trickNo = r.trick ? r.trick.index + 1 : 0;
  // issue 12: after the last card of a claimed deal the replay says so (the cards left show in the hands)
  const claimed = app.table?.claim;
  const claimStep = claimed && r.step === r.total ? ` · <span class="replay-claim">${t("review.claimStep", { seat: playerName(claimed.seat), n: claimed.tricks, left: claimed.left })}</span>` : "";
  bar.hidden = false;
  bar.innerHTML = `<span class="replay-title">${t("review.replay")}</span>
    <div class="replay" role="group" aria-label="${t("review.replay")}">
      ${["first", "prev", "next", "last"].map((k) => `<button type="button" class="btn small icon-btn" data-replay="${k}" aria-label="${t(`review.${k}`)}" title="${t(`review.${k}`)}">${ICONS[k]}</button>`).join("")}
    </div>
    <span class="replay-pos" aria-live="polite">${t("review.step", { n: r.step, total: r.total })}${trickNo ? ` · ${t("review.trick", { n: trickNo })}` : ""}${claimStep}</span>
    <span class="muted small replay-keys">${t("review.keys")}</span>`;
}

/** Move the replay of the finished deal ("first", "prev", "next", "last", or "to" `target`). */
export function replayStep(how, target) {
  if (!app.review) return;
  const total = playedSequence(reviewDeal(app.view)).length;
  app.review.step = replayMove(how, app.review.step, total, target);
  renderSeats();
  fitFans();
  renderCenter();
  renderReplayBar();
  renderAnalysisPanel();
  document.querySelector(`[data-replay="${how}"]`)?.focus();
}
