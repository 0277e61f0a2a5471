// A board of a team match reviewed (issue 10): the hand record, its double-dummy table and par,
// and each table's auction and play side by side, replayed card by card. `review` is
// GET /api/matches/{id}/boards/{n} (docs/protocol.md, "Matches"): {board, dealer, vulnerability,
// all_hands, complete, dd: {makeable, par} | null, analysis_pending, tables: [{table, contract,
// declarer, result, score_ns, lead, calls, claim, replay: {all_hands, tricks, current}, analysis, lin}],
// and once both tables finished it table1_ns, table2_ns, difference, imps_a and lin (the board's
// LIN file)}. Each table's `lin` line opens in BBO's hand viewer. The server sends
// only the tables the reader may see: both once the board is complete, else the reader's own.
// Pure (strings in, HTML out) apart from `fetchBoard`.
import { escapeHTML } from "../common.js";
import { cardHTML, contractHTML, seatLetter, seatName, t } from "../i18n.js";
import { SEATS, trumpOf } from "../bridge.js";
import { ddTable, parLine, playedSequence, playRecord, replayAt } from "../review.js";
import { auctionHTML } from "../table/auction.js";
import { handHTML } from "../table/hands.js";
import { replayMove } from "../table/model.js";

/** BBO's hand viewer (https://www.bridgebase.com/tools/hvdoc.html): `?lin=` takes a LIN line. */
export const HAND_VIEWER = "https://www.bridgebase.com/tools/handviewer.html?lin=";

const STEP_ICONS = { first: "«", prev: "◀", next: "▶", last: "»" };

/** GET a board's review; `key`: a seat's key (its own table's boards before both finish). */
export async function fetchBoard(matchId, board, key = null) {
  const headers = key ? { "X-Bazas-Key": key } : {};
  const res = await fetch(`/api/matches/${encodeURIComponent(matchId)}/boards/${board}`, { headers });
  const data = await res.json().catch(() => ({}));
  if (!res.ok) throw new Error(typeof data.detail === "string" ? data.detail : String(res.status));
  return data;
}

/** The boards a `match` message lets its reader review: complete ones, then the own table's. */
export function reviewableBoards(msg) {
  const out = (msg?.complete || []).map((c) => c.board);
  for (const r of msg?.own || []) if (!out.includes(r.board)) out.push(r.board);
  return out.sort((a, b) => a - b);
}

/** How many cards table record `rec` shows in its replay. */
export function replayLength(rec) {
  return playedSequence(rec.replay || {}).length;
}

/** A table's replay step moved ("first", "prev", "next", "last", or "to" `target`). */
export function moveStep(rec, how, step, target) {
  return replayMove(how, step, replayLength(rec), target);
}

function vulnerable(vul) {
  return { NS: vul === "NS" || vul === "All" || vul === "Both", EW: vul === "EW" || vul === "All" || vul === "Both" };
}

/** "None", "NS", "EW", "All" (PBN) in words. */
export function vulnerabilityText(vul) {
  const key = { None: "none", NS: "NS", EW: "EW", All: "both", Both: "both" }[vul];
  return key ? t(`vul.${key}`) : String(vul ?? "");
}

function resultHTML(rec) {
  if (!rec.contract || rec.contract === "pass") return escapeHTML(t("match.passedOut"));
  return `${contractHTML(rec.contract)} ${seatLetter(rec.declarer)} ${escapeHTML(rec.result || "")}`;
}

/** The hand record: the four hands round the board, its dealer and vulnerability. */
export function handRecordHTML(review) {
  const hand = (s) => `<div class="hr-hand hr-${s}"><div class="hr-seat">${escapeHTML(seatName(s))}</div>`
    + `${handHTML(s, review.all_hands?.[s] || [], "rows", { size: "small" })}</div>`;
  const centre = `${escapeHTML(t("match.boardN", { board: review.board }))}<br>`
    + `${escapeHTML(t("match.dealerVul", { dealer: seatName(review.dealer), vul: vulnerabilityText(review.vulnerability) }))}`;
  return `<div class="hr-board match-hand-record">${SEATS.map(hand).join("")}<div class="hr-center">${centre}</div></div>`;
}

/** The double-dummy table and par (or why they are missing). */
export function ddHTML(review) {
  if (review.dd) return `<div class="match-dd">${ddTable(review.dd)}${parLine(review.dd)}</div>`;
  const why = review.analysis_pending ? t("match.ddPending") : t("dd.none");
  return `<p class="muted small match-dd-missing">${escapeHTML(why)}</p>`;
}

/** One table's column: its result, auction, the replay at `step` and the play record. */
export function tableColumnHTML(review, rec, step) {
  const r = replayAt(rec.replay || {}, step);
  const trump = trumpOf(rec.contract);
  const trick = (r.trick?.cards || []).map(([s, c]) => `<span>${seatLetter(s)} ${cardHTML(c)}</span>`).join(" ");
  const hands = SEATS.map((s) => `<div class="hr-hand hr-${s}"><div class="hr-seat">${escapeHTML(seatName(s))}</div>`
    + `${handHTML(s, r.hands[s], "rows", { size: "small", trump })}</div>`).join("");
  const buttons = (keys) => keys.map((k) => `<button type="button" class="btn small icon-btn" data-mstep="${k}" `
    + `data-mtable="${rec.table}" aria-label="${escapeHTML(t(`review.${k}`))}" title="${escapeHTML(t(`review.${k}`))}">`
    + `${STEP_ICONS[k]}</button>`).join("");
  const claim = rec.claim ? `<p class="muted small">${escapeHTML(t("match.claimed", { seat: seatName(rec.claim.seat), tricks: rec.claim.tricks }))}</p>` : "";
  const score = `<span class="match-score">${escapeHTML(t("match.nsScore", { score: rec.score_ns }))}</span>`;
  // This table's play in BBO's hand viewer (the LIN line travels in the link; nothing is sent before a click).
  const viewer = rec.lin ? `<p class="small"><a class="match-hand-viewer" target="_blank" rel="noopener noreferrer" `
    + `href="${escapeHTML(HAND_VIEWER + encodeURIComponent(rec.lin))}">${escapeHTML(t("match.handViewer"))}</a></p>` : "";
  return `<div class="match-table-review" data-table="${rec.table}" data-step="${r.step}" data-total="${r.total}">
    <h4>${escapeHTML(t("match.atTable", { table: rec.table }))}: ${resultHTML(rec)} · ${score}</h4>
    ${auctionHTML(rec.calls || [], review.dealer, { vulnerable: vulnerable(review.vulnerability) })}
    ${r.total ? `<div class="hr-board">${hands}<div class="hr-center">${trick || "&nbsp;"}</div></div>
    <div class="replay">${buttons(["first", "prev"])}
      <span class="replay-pos">${escapeHTML(t("review.step", { n: r.step, total: r.total }))}</span>${buttons(["next", "last"])}</div>
    ${claim}${playRecord(rec.replay, rec.analysis, r.step)}` : ""}
    ${viewer}
  </div>`;
}

/** The whole review of a board: steps[table] is each table's replay position. */
export function boardReviewHTML(review, steps = {}) {
  const head = review.complete
    ? t("match.boardImps", { board: review.board, one: review.table1_ns, two: review.table2_ns,
      imps: review.imps_a > 0 ? `+${review.imps_a}` : String(review.imps_a) })
    : t("match.ownOnly");
  const cols = (review.tables || []).map((rec) => tableColumnHTML(review, rec, steps[rec.table] || 0)).join("");
  return `<div class="match-board-review" data-board="${review.board}" data-complete="${review.complete ? 1 : 0}">
    <p class="match-board-head">${escapeHTML(head)}${review.lin ? ` · <a class="match-board-lin" href="${escapeHTML(review.lin)}" download>${escapeHTML(t("match.boardLin"))}</a>` : ""}</p>
    <div class="match-board-top" style="display:flex;flex-wrap:wrap;gap:12px;align-items:flex-start">
      ${handRecordHTML(review)}${ddHTML(review)}</div>
    <div class="match-board-tables" style="display:grid;grid-template-columns:repeat(auto-fit,minmax(300px,1fr));gap:12px">${cols}</div>
  </div>`;
}

/** The board picker: one button per reviewable board (`current` pressed). */
export function boardPickerHTML(boards, current) {
  if (!boards.length) return `<p class="muted">${escapeHTML(t("match.noBoards"))}</p>`;
  return boards.map((b) => `<button type="button" class="btn small" data-review-board="${b}" aria-pressed="${b === current}">`
    + `${escapeHTML(t("match.boardN", { board: b }))}</button>`).join(" ");
}

/** Step keys a click on the review asks for: {table, how, target} or null. */
export function stepOfClick(el) {
  const button = el.closest("[data-mstep], .rc[data-step]");
  if (!button) return null;
  const col = button.closest(".match-table-review");
  if (!col) return null;
  const table = Number(col.dataset.table);
  if (button.dataset.mstep) return { table, how: button.dataset.mstep };
  return { table, how: "to", target: Number(button.dataset.step) };
}
