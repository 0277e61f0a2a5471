// The lobby (issue 12): the tables their creators opened to the public, their free seats and who
// sits at the others, refreshed every few seconds; one click on a free seat takes it (the server
// hands out that seat's invitation and the table page opens with it).
import { applyStatic, detectLang, lang, loadLang, onLangChange, seatLetter, seatName, t } from "./i18n.js";
import { escapeHTML, initControls, toast } from "./common.js";
import { SEATS } from "./bridge.js";
import { fetchRulesets, gameName as gameNameOf } from "./facts.js";

const $ = (s) => document.querySelector(s);
/** Seconds between two readings of the lobby. */
const EVERY = 3000;
const lobby = { tables: [], rulesets: [], loaded: false, joining: null };
window.bazasLobby = lobby; // for the console and the browser tests

/** A game's name (facts.js). */
const gameName = (id) => gameNameOf(lobby.rulesets, id, lang());

function seatHTML(table, s) {
  const info = table.seats[s];
  let who;
  if (info.kind === "bot") who = t("lobby.bot");
  else if (info.kind === "human") who = escapeHTML(info.name || t("lobby.noName")) + (info.connected ? "" : ` <span class="muted small">(${t("lobby.away")})</span>`);
  else if (info.free) who = t("lobby.freeSeat");
  else who = `<span class="muted">${t("lobby.reserved")}</span>`;
  const button = info.free
    ? `<button type="button" class="btn small primary" data-join="${escapeHTML(table.id)}" data-seat="${s}" aria-label="${escapeHTML(t("lobby.sitAria", { seat: seatName(s) }))}">${t("lobby.sit")}</button>`
    : "";
  return `<li class="lobby-seat${info.free ? " free" : ""}" data-seat="${s}" data-kind="${info.kind}">
    <span class="seat-badge" title="${escapeHTML(seatName(s))}">${seatLetter(s)}</span><span class="who">${who}</span>${button}</li>`;
}

function render() {
  applyStatic();
  const list = $("#lobby-list");
  $("#lobby-empty").hidden = !lobby.loaded || lobby.tables.length > 0;
  list.innerHTML = lobby.tables.map((table) => {
    const free = table.free.length;
    const status = t(`lobby.status.${table.status}`);
    return `<li class="lobby-table" data-table="${escapeHTML(table.id)}">
      <h2><span class="lobby-game">${escapeHTML(gameName(table.ruleset))}</span><span class="chip">${free ? t("lobby.freeCount", { n: free }) : t("lobby.full")}</span></h2>
      <div class="muted small">${escapeHTML(status)} · ${t("lobby.deal", { n: table.deal_number || 1 })}</div>
      <ul class="lobby-seats">${SEATS.map((s) => seatHTML(table, s)).join("")}</ul>
      <p class="lobby-watch"><a href="/t/${encodeURIComponent(table.id)}" class="small">${t("lobby.watch")}</a></p>
    </li>`;
  }).join("");
}

async function refresh() {
  try {
    const res = await fetch("/api/lobby", { cache: "no-store" });
    if (!res.ok) throw new Error(String(res.status));
    // tables with a free seat first (the server's order, newest first, otherwise)
    const tables = (await res.json()).tables;
    lobby.tables = [...tables.filter((x) => x.free.length), ...tables.filter((x) => !x.free.length)];
    lobby.loaded = true;
    $("#lobby-error").textContent = "";
    render();
  } catch (err) {
    $("#lobby-error").textContent = t("lobby.error", { detail: err.message });
  }
}

async function join(tableId, seat) {
  if (lobby.joining) return;
  lobby.joining = `${tableId}:${seat}`;
  try {
    const res = await fetch(`/api/lobby/${encodeURIComponent(tableId)}/join`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ seat }),
    });
    const data = await res.json().catch(() => ({}));
    if (res.status === 409) {
      toast(t("lobby.taken"), "warn");
      await refresh();
      return;
    }
    if (!res.ok) throw new Error(typeof data.detail === "string" ? data.detail : String(res.status));
    location.href = data.link;
  } catch (err) {
    toast(t("lobby.error", { detail: escapeHTML(err.message) }), "warn");
  } finally {
    lobby.joining = null;
  }
}

async function main() {
  await loadLang(detectLang());
  initControls();
  applyStatic();
  onLangChange(render);
  try {
    lobby.rulesets = await fetchRulesets();
  } catch {
    lobby.rulesets = [];
  }
  document.addEventListener("click", (e) => {
    const b = e.target.closest("button[data-join]");
    if (b) join(b.dataset.join, b.dataset.seat);
  });
  await refresh();
  setInterval(() => {
    if (!document.hidden) refresh();
  }, EVERY);
  document.addEventListener("visibilitychange", () => {
    if (!document.hidden) refresh();
  });
}

main();
