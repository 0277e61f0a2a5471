// The player's own record (issue 12, /me): the name, and the results of every finished deal and
// game played on this device (table/record.js keeps them), with a chart of the score over time.
import { applyStatic, contractHTML, detectLang, lang, loadLang, onLangChange, seatLetter, t } from "./i18n.js";
import { escapeHTML, initControls, toast } from "./common.js";
import { fetchRulesets, gameName as gameNameOf } from "./facts.js";
import { loadRecord, saveRecord, syncFromServer } from "./record.js";
import { installSprite } from "./cards.js";

const $ = (s) => document.querySelector(s);
// ready: the page is drawn from the record (main() awaits the language first); synced: the
// server's copy of this device's seats has been merged.
const page = { record: null, rulesets: [], filter: "", ready: false, synced: false };
window.bazasMe = page; // for the console and the browser tests

/** A game's name (facts.js); a team match's record is named as such. */
function gameName(id) {
  if (id === "team-match") return t("me.teamMatch");
  return gameNameOf(page.rulesets, id, lang());
}

const when = (ms) => new Date(ms).toLocaleString(lang(), { dateStyle: "short", timeStyle: "short" });
const who = (p) => (p?.kind === "bot" ? t("lobby.bot") : escapeHTML(p?.name || t("lobby.noName")));
const signed = (n) => (n > 0 ? `+${n}` : String(n));

function shown() {
  const all = page.record.entries;
  return page.filter ? all.filter((e) => e.ruleset === page.filter) : all;
}

/** Cumulative net points after each finished deal, as an SVG line. */
export function chartSVG(deals, width = 640, height = 200) {
  if (!deals.length) return `<p class="muted">${t("me.noChart")}</p>`;
  const points = [];
  let sum = 0;
  for (const d of deals) {
    sum += d.net;
    points.push(sum);
  }
  const lo = Math.min(0, ...points);
  const hi = Math.max(0, ...points);
  const pad = 28;
  const xs = (i) => pad + (points.length === 1 ? (width - 2 * pad) / 2 : (i * (width - 2 * pad)) / (points.length - 1));
  const ys = (v) => height - pad - ((v - lo) * (height - 2 * pad)) / (hi - lo || 1);
  const path = points.map((v, i) => `${i ? "L" : "M"}${xs(i).toFixed(1)},${ys(v).toFixed(1)}`).join(" ");
  const dots = points.map((v, i) => `<circle class="dot${v < 0 ? " neg" : ""}" cx="${xs(i).toFixed(1)}" cy="${ys(v).toFixed(1)}" r="3.5"><title>${escapeHTML(when(deals[i].at))}: ${signed(v)}</title></circle>`).join("");
  return `<svg class="me-chart" id="me-chart-svg" viewBox="0 0 ${width} ${height}" role="img" aria-label="${escapeHTML(t("me.chartAria", { n: points.length, total: signed(sum) }))}" data-points="${points.length}" data-total="${sum}">
    <line class="axis" x1="${pad}" x2="${width - pad}" y1="${ys(0)}" y2="${ys(0)}"/>
    <text x="4" y="${ys(hi) + 4}">${signed(hi)}</text><text x="4" y="${ys(lo) + 4}">${signed(lo)}</text>
    <text x="${pad}" y="${height - 6}">${escapeHTML(when(deals[0].at))}</text>
    <text x="${width - pad}" y="${height - 6}" text-anchor="end">${escapeHTML(when(deals[deals.length - 1].at))}</text>
    <path class="line" d="${path}"/>${dots}</svg>`;
}

function render() {
  applyStatic();
  const entries = shown();
  const games = entries.filter((e) => e.kind === "game");
  const deals = entries.filter((e) => e.kind === "deal");
  const won = games.filter((g) => g.winner === "us").length;
  const total = deals.reduce((a, d) => a + d.net, 0);
  $("#me-stats").innerHTML = [
    t("me.statGames", { n: games.length }), t("me.statWon", { n: won }),
    t("me.statDeals", { n: deals.length }), t("me.statPoints", { n: signed(total) }),
  ].map((s) => `<span class="chip">${s}</span>`).join("");
  const rulesets = [...new Set(page.record.entries.map((e) => e.ruleset))];
  $("#me-filter").innerHTML = `<option value="">${t("me.all")}</option>` +
    rulesets.map((r) => `<option value="${escapeHTML(r)}" ${r === page.filter ? "selected" : ""}>${escapeHTML(gameName(r))}</option>`).join("");
  $("#me-chart").innerHTML = chartSVG(deals);
  $("#me-empty").hidden = entries.length > 0;
  const head = (cols) => `<thead><tr>${cols.map((c) => `<th>${t(c)}</th>`).join("")}</tr></thead>`;
  const cls = (n) => `num${n < 0 ? " neg" : ""}`;
  $("#me-games").innerHTML = games.length
    ? head(["me.col.date", "me.col.game", "me.col.partner", "me.col.score", "me.col.result"]) +
      `<tbody>${games.slice().reverse().map((g) => `<tr data-key="${escapeHTML(g.key)}"><td>${escapeHTML(when(g.at))}</td><td>${escapeHTML(gameName(g.ruleset))}</td><td>${who(g.partner)}</td><td class="${cls(g.net)}">${g.us} – ${g.them}</td><td>${t(`me.result.${g.winner}`)}</td></tr>`).join("")}</tbody>`
    : "";
  $("#me-deals").innerHTML = deals.length
    ? head(["me.col.date", "me.col.game", "me.col.contract", "me.col.partner", "me.col.score"]) +
      `<tbody>${deals.slice(-100).reverse().map((d) => {
        const contract = d.contract === "pass" || !d.contract ? t("me.passedOut") : `${contractHTML(d.contract)} ${d.declarer ? seatLetter(d.declarer) : ""} ${d.tricks != null ? `(${d.tricks})` : ""}`;
        return `<tr data-key="${escapeHTML(d.key)}"><td>${escapeHTML(when(d.at))}</td><td>${escapeHTML(gameName(d.ruleset))}</td><td>${contract}</td><td>${who(d.partner)}</td><td class="${cls(d.net)}">${signed(d.net)}</td></tr>`;
      }).join("")}</tbody>`
    : "";
}

async function main() {
  installSprite();
  await loadLang(detectLang());
  initControls();
  page.record = loadRecord();
  $("#me-name").value = page.record.name;
  $("#me-device").textContent = page.record.device;
  try {
    page.rulesets = await fetchRulesets();
  } catch {
    page.rulesets = [];
  }
  render();
  onLangChange(render);
  // What the server keeps for this device's seats and the record lacks (deals played away).
  syncFromServer().then((added) => {
    page.synced = true;
    if (added) {
      page.record = loadRecord();
      render();
    }
  });
  $("#me-name-form").addEventListener("submit", (e) => {
    e.preventDefault();
    page.record.name = $("#me-name").value.trim();
    saveRecord(page.record);
    toast(t("me.saved"));
  });
  $("#me-filter").addEventListener("change", (e) => {
    page.filter = e.target.value;
    render();
  });
  $("#me-clear").addEventListener("click", () => {
    if (!confirm(t("me.clearConfirm"))) return;
    page.record.entries = [];
    saveRecord(page.record);
    render();
  });
  window.addEventListener("storage", () => {
    page.record = loadRecord(); // a table in another tab finished a deal
    render();
  });
  page.ready = true;
}

main();
