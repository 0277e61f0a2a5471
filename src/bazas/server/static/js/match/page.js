// The match page (/match/{id}): a spectator's view of a team match, live over the WebSocket:
// the boards both tables have finished, compared, the running IMP total and its chart, and the
// review of each of those boards (hand record, double-dummy table and par, both tables' auction
// and play replayed card by card) -- nothing of a board before both tables finished it.
import { applyStatic, detectLang, loadLang, onLangChange, t } from "../i18n.js";
import { escapeHTML, initControls } from "../common.js";
import { installSprite } from "../cards.js";
import { Connection } from "../connection.js";
import { chartSVG, lineupHTML, renderComparison, standingText } from "./comparison.js";
import { boardPickerHTML, boardReviewHTML, fetchBoard, moveStep, stepOfClick } from "./board.js";

const $ = (s) => document.querySelector(s);
const page = { msg: null, status: "connecting" };
// The board under review: picked by the reader, else the last board both tables finished.
const review = { board: null, data: null, steps: {}, picked: false, error: null };
page.review = review;
window.bazasMatch = page; // for tests and the console

function completeBoards() {
  return (page.msg?.complete || []).map((c) => c.board);
}

function drawReview() {
  const boards = completeBoards();
  $("#match-boards").hidden = !boards.length;
  $("#board-picker").innerHTML = boardPickerHTML(boards, review.board);
  const box = $("#board-review");
  if (review.error) box.innerHTML = `<p class="muted">${escapeHTML(t("match.reviewError", { detail: review.error }))}</p>`;
  else if (!review.data) box.innerHTML = review.board ? `<p class="muted">${escapeHTML(t("history.loading"))}</p>` : "";
  else box.innerHTML = boardReviewHTML(review.data, review.steps);
}

async function loadBoard(board, keepSteps = false) {
  const same = review.board === board;
  review.board = board;
  review.error = null;
  if (!(same && keepSteps)) {
    review.data = null;
    review.steps = {};
  }
  drawReview();
  try {
    const data = await fetchBoard(page.msg.id, board);
    if (review.board !== board) return;
    review.data = data;
  } catch (err) {
    if (review.board !== board) return;
    review.error = err.message;
  }
  drawReview();
}

/** After a `match` message: follow the newest complete board, or reload an analysis that arrived. */
function updateReview() {
  const boards = completeBoards();
  if (!boards.length) {
    drawReview();
    return;
  }
  if (!review.picked || !boards.includes(review.board)) {
    const last = boards[boards.length - 1];
    if (review.board !== last) return loadBoard(last);
  }
  const ready = (page.msg.analysed || []).includes(review.board);
  if (review.data?.analysis_pending && ready) return loadBoard(review.board, true);
  drawReview();
}

function render() {
  const msg = page.msg;
  if (!msg) {
    $("#match-progress").textContent = page.status === "not_found" ? t("match.notFound") : t("match.waiting");
    return;
  }
  $("#match-title").textContent = `${msg.teams.A} – ${msg.teams.B}`;
  $("#match-standing").textContent = standingText(msg);
  $("#match-progress").textContent = t("match.progress", {
    one: msg.progress["1"], two: msg.progress["2"], boards: msg.boards,
  });
  $("#match-lineup").innerHTML = lineupHTML(msg);
  $("#match-chart").innerHTML = chartSVG(msg);
  $("#match-table").innerHTML = renderComparison(msg);
  const base = `/api/matches/${encodeURIComponent(msg.id)}`;
  $("#rec-pbn").href = `${base}.pbn`;
  $("#rec-lin").href = `${base}.lin`;
  $("#rec-hand").href = `${base}/hand-record?lang=${document.documentElement.lang}`;
  $("#match-records").hidden = !(msg.complete || []).length;
  document.body.dataset.over = msg.over ? "1" : "0";
}

function onClick(e) {
  const pick = e.target.closest("[data-review-board], tr.complete[data-board]");
  if (pick) {
    review.picked = true;
    loadBoard(Number(pick.dataset.reviewBoard || pick.dataset.board));
    if (pick.matches("tr")) $("#match-boards").scrollIntoView?.({ behavior: "smooth", block: "start" });
    return;
  }
  const step = stepOfClick(e.target);
  if (step && review.data) {
    const rec = review.data.tables.find((r) => r.table === step.table);
    if (!rec) return;
    review.steps[step.table] = moveStep(rec, step.how, review.steps[step.table] || 0, step.target);
    drawReview();
  }
}

async function main() {
  const parts = location.pathname.split("/").filter(Boolean);
  const id = decodeURIComponent(parts[1] || "");
  installSprite();
  await loadLang(detectLang());
  applyStatic();
  initControls();
  onLangChange(() => {
    applyStatic();
    render();
    drawReview();
  });
  render();
  document.addEventListener("click", onClick);
  const conn = new Connection(`${id}.1`, null, {
    message: (msg) => {
      if (msg.type !== "match") return;
      if (page.msg && msg.version < page.msg.version) return;
      page.msg = msg;
      render();
      updateReview();
    },
    status: (s) => {
      page.status = s;
      if (!page.msg) render();
    },
  });
  conn.connect();
}

main();
