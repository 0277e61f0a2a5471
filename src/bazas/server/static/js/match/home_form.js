// The home page's "team match" form: team names, boards, each of the eight seats a bot or a
// person (an invitation link); POST /api/matches, then the links and the match page.
import { applyStatic, detectLang, loadLang, onLangChange, seatName, t } from "../i18n.js";
import { copyText, escapeHTML, toast } from "../common.js";

const $ = (s) => document.querySelector(s);
export const MATCH_SEATS = ["1N", "1E", "1S", "1W", "2N", "2E", "2S", "2W"];
const kinds = Object.fromEntries(MATCH_SEATS.map((s) => [s, "bot"]));

/** The body of POST /api/matches from the form's values. */
export function matchBody(teamA, teamB, boards, seatKinds, lang) {
  const n = Math.min(32, Math.max(1, Math.round(Number(boards) || 4)));
  const seats = {};
  for (const s of MATCH_SEATS) seats[s] = seatKinds[s] === "open" ? "open" : "bot";
  return { team_a: String(teamA || "").trim() || "A", team_b: String(teamB || "").trim() || "B", boards: n, seats, lang };
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
      <select data-match-seat="${s}"><option value="bot"${kinds[s] === "bot" ? " selected" : ""}>${escapeHTML(t("home.bot"))}</option>
      <option value="open"${kinds[s] === "open" ? " selected" : ""}>${escapeHTML(t("match.person"))}</option></select></label>`).join("")
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
      document.documentElement.lang);
    const res = await fetch("/api/matches", {
      method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body),
    });
    const data = await res.json().catch(() => ({}));
    if (!res.ok) throw new Error(typeof data.detail === "string" ? data.detail : JSON.stringify(data.detail || res.status));
    showLinks(data);
  } catch (err) {
    $("#match-error").textContent = t("match.error", { detail: err.message });
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
  $("#new-match").addEventListener("change", (e) => {
    const seat = e.target.dataset?.matchSeat;
    if (seat) kinds[seat] = e.target.value;
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
