// The table page at a seat of a team match: a banner saying which table and board this is and
// how the match stands, with a link to the match page; "Our boards": the boards this table has
// finished, each replayed with its double-dummy analysis (the other table's play only once it
// finished the board too: the server answers a seat's key with its own table's record before);
// once the table has played every board, a "See the match" link instead of "Next". It is fed
// the `match` messages only (and the table's state for the board number).
import { escapeHTML } from "../common.js";
import { seatName, t } from "../i18n.js";
import { send } from "../table/store.js";
import { bannerText } from "./comparison.js";
import { boardPickerHTML, boardReviewHTML, fetchBoard, moveStep, reviewableBoards, stepOfClick } from "./board.js";

let last = null;
let lastState = null;
const own = { board: null, data: null, steps: {}, error: null };

/** This seat's key: the page's link (kept current by the connection), else the stored one. */
function seatKey() {
  try {
    const k = new URL(location.href).searchParams.get("k");
    if (k) return k;
    const id = decodeURIComponent(location.pathname.split("/").filter(Boolean)[1] || "");
    return localStorage.getItem(`bazas.seat.${id}`);
  } catch {
    return null;
  }
}

/** The banner's text: the match line, or the end of the match / of this table's boards. */
export function endText(msg, state) {
  if (msg.over) return t("match.over");
  if (state?.table?.status === "over") return t("match.tableDone");
  return "";
}

function dialog() {
  let dlg = document.getElementById("dlg-match-boards");
  if (dlg) return dlg;
  dlg = document.createElement("dialog");
  dlg.id = "dlg-match-boards";
  dlg.className = "dlg";
  dlg.innerHTML = `<h2 id="match-own-title"></h2><div id="match-own-picker" class="match-board-picker"></div>
    <div id="match-own-review" aria-live="polite"></div>
    <p><button type="button" class="btn" id="match-own-close"></button></p>`;
  document.body.appendChild(dlg);
  dlg.addEventListener("click", (e) => {
    // The table page's own click handler must not take these (its replay has the same buttons).
    e.stopPropagation();
    if (e.target.closest("#match-own-close")) return dlg.close();
    const pick = e.target.closest("[data-review-board]");
    if (pick) return loadOwn(Number(pick.dataset.reviewBoard));
    const step = stepOfClick(e.target);
    if (step && own.data) {
      const rec = own.data.tables.find((r) => r.table === step.table);
      if (!rec) return;
      own.steps[step.table] = moveStep(rec, step.how, own.steps[step.table] || 0, step.target);
      drawOwn();
    }
  });
  return dlg;
}

function drawOwn() {
  const dlg = document.getElementById("dlg-match-boards");
  if (!dlg || !last) return;
  dlg.querySelector("#match-own-title").textContent = t("match.ownBoardsTitle");
  dlg.querySelector("#match-own-close").textContent = t("dialog.close");
  dlg.querySelector("#match-own-picker").innerHTML = boardPickerHTML(reviewableBoards(last), own.board);
  const box = dlg.querySelector("#match-own-review");
  if (own.error) box.innerHTML = `<p class="muted">${escapeHTML(t("match.reviewError", { detail: own.error }))}</p>`;
  else if (!own.data) box.innerHTML = own.board ? `<p class="muted">${escapeHTML(t("history.loading"))}</p>` : "";
  else box.innerHTML = boardReviewHTML(own.data, own.steps);
}

async function loadOwn(board, keepSteps = false) {
  const same = own.board === board;
  own.board = board;
  own.error = null;
  if (!(same && keepSteps)) {
    own.data = null;
    own.steps = {};
  }
  drawOwn();
  try {
    const data = await fetchBoard(last.id, board, seatKey());
    if (own.board !== board) return;
    own.data = data;
  } catch (err) {
    if (own.board !== board) return;
    own.error = err.message;
  }
  drawOwn();
}

/** Open "Our boards" on the newest board this table may review. */
export function openOwnBoards() {
  if (!last) return;
  const dlg = dialog();
  const boards = reviewableBoards(last);
  if (!dlg.open) dlg.showModal();
  if (boards.length && !boards.includes(own.board)) loadOwn(boards[boards.length - 1]);
  else drawOwn();
}

/** A new `match` message while "Our boards" is open: the other table's play or an analysis may have come. */
function refreshOwn() {
  const dlg = document.getElementById("dlg-match-boards");
  if (!dlg?.open || !own.board) return;
  const complete = (last.complete || []).some((c) => c.board === own.board);
  const ready = (last.analysed || []).includes(own.board);
  if (own.data && ((complete && !own.data.complete) || (own.data.analysis_pending && ready))) {
    loadOwn(own.board, own.data.complete === complete);
  } else drawOwn();
}

/** Issue 13: a match on prepared boards (the creator's file) asks each person to agree before
 * the table starts; the server sends no card to a seat that has not agreed. */
export function agreementHTML(state) {
  const agreement = state?.table?.agreement;
  const you = state?.table?.you;
  if (!agreement || !you) return "";
  if (!agreement.agreed.includes(you)) {
    return `<div class="match-agree" id="match-agree"><p>${escapeHTML(t("match.agreeText"))}</p>`
      + `<button type="button" class="btn small primary" id="match-agree-btn">${escapeHTML(t("match.agree"))}</button></div>`;
  }
  if (!agreement.waiting.length) return "";
  const seats = agreement.waiting.map((s) => seatName(s)).join(", ");
  return `<span class="chip" id="match-agree-waiting">${escapeHTML(t("match.agreeWaiting", { seats }))}</span>`;
}

/** Draw (or redraw) the banner from the latest `match` message and table state. */
export function showMatch(msg, state) {
  if (msg) last = msg;
  if (state) lastState = state;
  if (!last) return;
  state = lastState;
  let el = document.getElementById("match-banner");
  if (!el) {
    el = document.createElement("div");
    el.id = "match-banner";
    el.className = "match-banner";
    el.setAttribute("role", "status");
    const anchor = document.getElementById("conn");
    if (anchor?.parentNode) anchor.parentNode.insertBefore(el, anchor.nextSibling);
    else document.body.prepend(el);
    el.addEventListener("click", (e) => {
      if (e.target.closest("#match-agree-btn")) {
        e.stopPropagation();
        send({ type: "agree_prepared" });
        return;
      }
      if (!e.target.closest("#match-own-boards")) return;
      e.stopPropagation();
      openOwnBoards();
    });
  }
  // A match's table has no public history: "Our boards" shows what this table may see.
  const history = document.getElementById("btn-history");
  if (history) history.style.display = "none";
  const tableOver = state?.table?.status === "over";
  // After the last board there is no "Next": the match page is where the match goes on.
  const next = document.getElementById("btn-next");
  if (next && tableOver) next.style.display = "none";
  el.dataset.table = String(last.participant?.table ?? "");
  el.dataset.board = String(state?.table?.deal_number ?? "");
  el.dataset.over = last.over ? "1" : "0";
  const href = `/match/${encodeURIComponent(last.id)}`;
  const end = endText(last, state);
  const boards = reviewableBoards(last);
  el.innerHTML = `<span class="match-line">${escapeHTML(bannerText(last, state))}</span> `
    + (end ? `<strong class="match-end">${escapeHTML(end)}</strong> ` : "")
    + (boards.length ? `<button type="button" class="btn small" id="match-own-boards">${escapeHTML(t("match.ownBoards"))}</button> ` : "")
    + (last.over || tableOver
      ? `<a class="btn small primary" id="match-see" href="${href}">${escapeHTML(t("match.see"))}</a>`
      : `<a href="${href}" target="_blank" rel="noopener">${escapeHTML(t("match.page"))}</a>`)
    + agreementHTML(state);
  if (msg) refreshOwn();
}
