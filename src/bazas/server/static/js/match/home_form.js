// The home page's "team match" form: team names, boards (dealt by the server, or a PBN file's),
// each of the eight seats a bot, a person (an invitation link) or an outside program; POST
// /api/matches, then the links, the programs' connection lines and the match page. A bad PBN file
// is refused by the server naming the line and the tag.
import { applyStatic, detectLang, loadLang, onLangChange, seatName, t } from "../i18n.js";
import { copyText, escapeHTML, toast } from "../common.js";

const $ = (s) => document.querySelector(s);
export const MATCH_SEATS = ["1N", "1E", "1S", "1W", "2N", "2E", "2S", "2W"];
// A seat is a bot, a person (an invitation link) or an outside program (issue 9: it connects to the
// server's table-manager port, `bazas serve --tm-port`, with the line the server answers).
export const SEAT_KINDS = ["bot", "open", "program"];
const kinds = Object.fromEntries(MATCH_SEATS.map((s) => [s, "bot"]));
// The largest PBN the server takes (characters; its request bodies are limited too).
export const MAX_PBN = 60000;
const upload = { name: "", text: null };
const programNames = {};

/** The body of POST /api/matches from the form's values (`pbn`: a file's text, or null). */
export function matchBody(teamA, teamB, boards, seatKinds, lang, pbn = null, programNames = {}) {
  const n = Math.min(32, Math.max(1, Math.round(Number(boards) || 4)));
  const seats = {};
  for (const s of MATCH_SEATS) seats[s] = SEAT_KINDS.includes(seatKinds[s]) ? seatKinds[s] : "bot";
  const body = { team_a: String(teamA || "").trim() || "A", team_b: String(teamB || "").trim() || "B", boards: n, seats, lang };
  if (pbn) body.pbn = pbn;
  // Each program seat's name (issue 9: shown on the match page and written in the records).
  const names = programNamesOf(seats, programNames);
  if (Object.keys(names).length) body.program_names = names;
  return body;
}

/** The names of the program seats among ``seats`` (seat -> kind) that have one: trimmed, at most
 * 40 characters (the server's limit), as POST /api/tables and /api/matches take them (issue 9). */
export function programNamesOf(seats, programNames) {
  const names = {};
  for (const [s, kind] of Object.entries(seats)) {
    const name = String(programNames[s] || "").trim().slice(0, 40);
    if (kind === "program" && name) names[s] = name;
  }
  return names;
}

/** The board numbers of a PBN text whose game has a Deal (a first look; the server checks it all). */
export function pbnBoards(text) {
  const boards = new Set();
  for (const game of String(text || "").split(/\r?\n\s*\r?\n/)) {
    const board = /^\[Board\s+"(\d+)"\]/m.exec(game);
    if (board && /^\[Deal\s+"[^"]+"\]/m.test(game)) boards.add(Number(board[1]));
  }
  return [...boards].sort((a, b) => a - b);
}

function showUpload(message = null, bad = false) {
  const status = $("#match-pbn-status");
  if (!status) return;
  const n = upload.text ? pbnBoards(upload.text).length : 0;
  status.textContent = message ?? (upload.text ? t("match.pbnLoaded", { name: upload.name, n }) : "");
  status.classList.toggle("error", bad);
  $("#match-pbn-clear").hidden = !upload.text;
  $("#match-boards").disabled = Boolean(upload.text);
  if (upload.text && n) $("#match-boards").value = String(n);
}

async function readUpload(e) {
  const file = e.target.files?.[0];
  upload.name = file?.name || "";
  upload.text = null;
  if (!file) return showUpload();
  if (file.size > MAX_PBN) {
    e.target.value = "";
    return showUpload(t("match.pbnTooBig"), true);
  }
  const text = await file.text();
  if (!pbnBoards(text).length) {
    e.target.value = "";
    return showUpload(t("match.pbnNone", { name: upload.name }), true);
  }
  upload.text = text;
  showUpload();
}

function clearUpload() {
  upload.name = "";
  upload.text = null;
  $("#match-pbn").value = "";
  showUpload();
}

const KIND_LABELS = { bot: "home.bot", open: "match.personLink", program: "match.program" };

/** A program seat's row: where to connect and the line to send (issue 9). */
export function programRowHTML(seat, details) {
  const where = `${details.host}:${details.port}`;
  return `<div class="invite" data-program="${escapeHTML(seat)}"><span class="seat-badge">${escapeHTML(seat)}</span>
    <span class="program-where">${escapeHTML(t("match.programAt", { where }))}</span>
    <input readonly value="${escapeHTML(details.connect)}" aria-label="${escapeHTML(seat)}">
    <button type="button" class="btn small" data-copy="${escapeHTML(details.connect)}">${escapeHTML(t("invite.copy"))}</button></div>`;
}

/** Team A sits N/S at table 1 and E/W at table 2 (seed 002). */
export function teamOfSeat(seat) {
  const ns = seat[1] === "N" || seat[1] === "S";
  return ns === (seat[0] === "1") ? "A" : "B";
}

function renderSeats() {
  const box = $("#match-seats");
  if (!box) return;
  box.innerHTML = [1, 2].map((tb) => `<fieldset class="match-table"><legend>${escapeHTML(t("match.atTable", { table: tb }))}</legend>`
    + MATCH_SEATS.filter((s) => s[0] === String(tb)).map((s) => `<label class="field"><span>${escapeHTML(seatName(s[1]))} (${escapeHTML(t("match.team", { team: teamOfSeat(s) }))})</span>
      <select data-match-seat="${s}">${SEAT_KINDS.map((k) => `<option value="${k}"${kinds[s] === k ? " selected" : ""}>${escapeHTML(t(KIND_LABELS[k]))}</option>`).join("")}</select>${kinds[s] === "program"
        ? `<input data-program-name="${s}" maxlength="40" value="${escapeHTML(programNames[s] || "")}" placeholder="${escapeHTML(t("match.programName"))}" aria-label="${escapeHTML(t("match.programName"))}">`
        : ""}</label>`).join("")
    + "</fieldset>").join("");
}

function showLinks(data) {
  const abs = (u) => new URL(u, location.origin).href;
  const rows = Object.entries(data.links || {}).map(([s, link]) => {
    const url = abs(link);
    return `<div class="invite" data-invite="${s}"><span class="seat-badge">${escapeHTML(s)}</span>
      <input readonly value="${escapeHTML(url)}" aria-label="${escapeHTML(s)}">
      <button type="button" class="btn small" data-copy="${escapeHTML(url)}">${escapeHTML(t("invite.copy"))}</button></div>`;
  });
  for (const [s, details] of Object.entries(data.programs || {})) rows.push(programRowHTML(s, details));
  const page = abs(data.spectate);
  rows.push(`<div class="invite" data-invite="match"><span class="seat-badge" aria-hidden="true">◉</span>
    <a href="${escapeHTML(page)}" id="match-page-link">${escapeHTML(t("match.page"))}</a></div>`);
  $("#match-links-list").innerHTML = rows.join("");
  $("#match-links").hidden = false;
}

async function create(e) {
  e.preventDefault();
  const btn = $("#match-start");
  btn.disabled = true;
  $("#match-error").textContent = "";
  try {
    const body = matchBody($("#team-a").value, $("#team-b").value, $("#match-boards").value, kinds,
      document.documentElement.lang, upload.text, programNames);
    const res = await fetch("/api/matches", {
      method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body),
    });
    const data = await res.json().catch(() => ({}));
    if (!res.ok) {
      const err = new Error(typeof data.detail === "string" ? data.detail : JSON.stringify(data.detail || res.status));
      err.pbn = res.status === 400 || JSON.stringify(data.detail || "").includes("pbn");
      throw err;
    }
    showLinks(data);
  } catch (err) {
    $("#match-error").textContent = upload.text && err.pbn
      ? t("match.pbnError", { detail: err.message })
      : t("match.error", { detail: err.message });
  } finally {
    btn.disabled = false;
  }
}

async function main() {
  if (!$("#new-match")) return;
  await loadLang(detectLang());
  applyStatic();
  renderSeats();
  onLangChange(renderSeats);
  $("#new-match").addEventListener("submit", create);
  $("#match-pbn")?.addEventListener("change", readUpload);
  $("#match-pbn-clear")?.addEventListener("click", clearUpload);
  onLangChange(() => showUpload());
  $("#new-match").addEventListener("change", (e) => {
    const seat = e.target.dataset?.matchSeat;
    if (seat) {
      kinds[seat] = e.target.value;
      renderSeats();   // a program seat gets a field for the program's name
    }
  });
  $("#new-match").addEventListener("input", (e) => {
    const seat = e.target.dataset?.programName;
    if (seat) programNames[seat] = e.target.value;
  });
  $("#new-match").addEventListener("click", async (e) => {
    const b = e.target.closest("button[data-copy]");
    if (!b) return;
    e.stopPropagation();
    const ok = await copyText(b.dataset.copy);
    toast(ok ? t("invite.copied") : t("invite.copyFailed"), ok ? "info" : "warn");
  });
}

if (typeof document !== "undefined") main();
