// Home page: choose the ruleset, your seat, and bot or friend for each other seat; start the table.
import { cardSVG, installSprite } from "./cards.js";
import { applyStatic, detectLang, has, lang, loadLang, onLangChange, seatLetter, seatName, t } from "./i18n.js";
import { copyText, escapeHTML, initControls, recentTables, rememberTable, toast } from "./common.js";
import { SEATS } from "./bridge.js";
import { chosenRuleset, fetchRulesets, rulesetName } from "./facts.js";

/** The games one table can play (GET /api/rulesets), in the server's order. */
let rulesets = [];
const form = {
  ruleset: localStorage.getItem("bazas.home.ruleset"),
  me: localStorage.getItem("bazas.home.me") || "S",
  seats: { N: "bot", E: "bot", S: "bot", W: "bot" },
};
const $ = (s) => document.querySelector(s);

/** A game's description: the catalogue's (`ruleset.desc.<id>`), else the server's title. */
function description(facts) {
  const key = `ruleset.desc.${facts.id}`;
  return has(key) ? t(key) : escapeHTML(facts.title);
}

function renderRulesets() {
  $("#rulesets").innerHTML = rulesets.map(
    (r) => `<label class="ruleset-opt" data-ruleset="${escapeHTML(r.id)}">
      <input type="radio" name="ruleset" value="${escapeHTML(r.id)}" ${form.ruleset === r.id ? "checked" : ""}>
      <span class="name">${escapeHTML(rulesetName(r, lang()))}</span>
      <span class="desc">${description(r)}</span>
      <a href="/rules/${encodeURIComponent(r.id)}?lang=${lang()}" target="_blank" rel="noopener">${t("home.rulesLink")} →</a>
    </label>`,
  ).join("");
}

function renderSeats() {
  $("#seat-picker").innerHTML =
    SEATS.map((s) => {
      const mine = s === form.me;
      const body = mine
        ? `<span class="muted small">${t("home.you")}</span>`
        : `<div class="seg" role="group" aria-label="${seatName(s)}">
            <button type="button" data-seat="${s}" data-kind="bot" aria-pressed="${form.seats[s] === "bot"}">${t("home.bot")}</button>
            <button type="button" data-seat="${s}" data-kind="open" aria-pressed="${form.seats[s] === "open"}">${t("home.open")}</button>
          </div>
          <button type="button" class="btn small sit-here" data-sit="${s}">${t("home.sitHere")}</button>`;
      return `<div class="seat-box${mine ? " me" : ""}" style="grid-area:${s}" data-seat-box="${s}">
        <div class="seat-title"><span>${seatName(s)} <span class="muted">(${seatLetter(s)})</span></span>${mine ? `<span class="tag you" style="color:#fff">${t("home.you")}</span>` : ""}</div>
        ${body}</div>`;
    }).join("") + '<div class="c"></div>';
}

function renderRecent() {
  const list = recentTables();
  const name = (id) => {
    const facts = rulesets.find((r) => r.id === id);
    return escapeHTML(facts ? rulesetName(facts, lang()) : id || "");
  };
  $("#recent").hidden = !list.length;
  $("#recent-list").innerHTML = list
    .map((e) => `<li><a href="${escapeHTML(e.url)}">${escapeHTML(e.id || e.url)}</a> <span class="muted small">${name(e.ruleset)} ${new Date(e.at).toLocaleString(lang())}</span></li>`)
    .join("");
}

function renderHero() {
  const cards = ["SA", "HK", "DQ", "CJ", "ST"];
  $("#hero-cards").innerHTML = cards
    .map((c, i) => cardSVG(c).replace('class="bz-card ', `style="left:${14 + i * 15}%;top:${10 + Math.abs(2 - i) * 6}%;transform:rotate(${(i - 2) * 9}deg)" class="bz-card `))
    .join("");
}

function renderAll() {
  applyStatic();
  renderRulesets();
  renderSeats();
  renderRecent();
}

async function start(e) {
  e.preventDefault();
  const btn = $("#start");
  btn.disabled = true;
  btn.textContent = t("home.starting");
  $("#form-error").textContent = "";
  const name = $("#name").value.trim();
  if (name) localStorage.setItem("bazas.name", name);
  const seats = {};
  for (const s of SEATS) if (s !== form.me) seats[s] = form.seats[s];
  try {
    const res = await fetch("/api/tables", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ ruleset: form.ruleset, seats, me: form.me, name: name || null, lang: lang(), public: Boolean($("#public")?.checked) }),
    });
    const data = await res.json().catch(() => ({}));
    if (!res.ok) throw new Error(typeof data.detail === "string" ? data.detail : JSON.stringify(data.detail || res.status));
    const id = data.table_id;
    localStorage.setItem(`bazas.links.${id}`, JSON.stringify(data.links || {}));
    rememberTable({ url: data.me, id, ruleset: form.ruleset, seated: true });
    const open = SEATS.filter((s) => s !== form.me && form.seats[s] === "open");
    if (!open.length) {
      location.href = data.me;
      return;
    }
    showLinks(data, open);
  } catch (err) {
    $("#form-error").textContent = t("home.error", { detail: err.message });
  } finally {
    btn.disabled = false;
    btn.textContent = t("home.start");
  }
}

function showLinks(data, open) {
  const abs = (u) => new URL(u, location.origin).href;
  const rows = open.map((s) => {
    const url = abs(data.links[s]);
    return `<div class="invite" data-invite="${s}"><span class="seat-badge">${seatLetter(s)}</span>
      <input readonly value="${escapeHTML(url)}" aria-label="${t("invite.link", { seat: seatName(s) })}">
      <button type="button" class="btn small" data-copy="${escapeHTML(url)}">${t("invite.copy")}</button></div>`;
  });
  if (data.spectate) {
    const url = abs(data.spectate);
    rows.push(`<div class="invite" data-invite="spectate"><span class="seat-badge" aria-hidden="true">◉</span><input readonly value="${escapeHTML(url)}" aria-label="${t("home.spectate")}">
      <button type="button" class="btn small" data-copy="${escapeHTML(url)}">${t("invite.copy")}</button></div>`);
  }
  $("#links-list").innerHTML = rows.join("");
  $("#go").href = data.me;
  $("#links").hidden = false;
  $("#links").scrollIntoView({ behavior: "smooth", block: "start" });
}

async function main() {
  installSprite();
  await loadLang(detectLang());
  initControls();
  $("#name").value = localStorage.getItem("bazas.name") || "";
  try {
    rulesets = await fetchRulesets();
  } catch (err) {
    $("#form-error").textContent = t("home.error", { detail: err.message });
  }
  form.ruleset = chosenRuleset(rulesets, form.ruleset)?.id ?? null;
  renderHero();
  renderAll();
  onLangChange(renderAll);
  $("#new-table").addEventListener("submit", start);
  $("#rulesets").addEventListener("change", (e) => {
    form.ruleset = e.target.value;
    localStorage.setItem("bazas.home.ruleset", form.ruleset);
  });
  document.addEventListener("click", async (e) => {
    const b = e.target.closest("button");
    if (!b) return;
    if (b.dataset.kind) {
      form.seats[b.dataset.seat] = b.dataset.kind;
      renderSeats();
      $(`[data-seat="${b.dataset.seat}"][data-kind="${b.dataset.kind}"]`)?.focus();
    } else if (b.dataset.sit) {
      form.me = b.dataset.sit;
      localStorage.setItem("bazas.home.me", form.me);
      renderSeats();
    } else if (b.dataset.copy) {
      const ok = await copyText(b.dataset.copy);
      toast(ok ? t("invite.copied") : t("invite.copyFailed"), ok ? "info" : "warn");
    }
  });
}

main();
