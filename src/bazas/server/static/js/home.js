// Home page: choose the ruleset, your seat, and bot, friend or outside program for each other seat;
// start the table.
import { cardSVG, installSprite } from "./cards.js";
import { applyStatic, detectLang, has, lang, loadLang, onLangChange, seatLetter, seatName, t } from "./i18n.js";
import { copyText, escapeHTML, initControls, recentTables, rememberTable, toast } from "./common.js";
import { SEATS } from "./bridge.js";
import { chosenRuleset, fetchRuleset, fetchRulesets, rulesetName } from "./facts.js";
import { optionLabel, optionValueText } from "./options.js";
import { programRowHTML } from "./match/home_form.js";
import { tableBody } from "./new_table.js";

/** The games one table can play (GET /api/rulesets), in the server's order. */
let rulesets = [];
const form = {
  ruleset: localStorage.getItem("bazas.home.ruleset"),
  me: localStorage.getItem("bazas.home.me") || "S",
  seats: { N: "bot", E: "bot", S: "bot", W: "bot" },
  // Issue 9: the name of each program seat's program (shown at the table and in the records).
  programNames: {},
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

/** The seats people or bots take in the chosen game (facts `seats`: three-handed Auction has three;
 * the other seat holds the dummy hand). */
function gameSeats() {
  return rulesets.find((r) => r.id === form.ruleset)?.seats || SEATS;
}

/** My seat, one of the game's seats. */
function mySeatIn(seats) {
  return seats.includes(form.me) ? form.me : seats[seats.length - 1];
}

function renderSeats() {
  const seats = gameSeats();
  const me = mySeatIn(seats);
  $("#seat-picker").innerHTML =
    SEATS.map((s) => {
      if (!seats.includes(s)) {
        return `<div class="seat-box dummy-seat" style="grid-area:${s}" data-seat-box="${s}">
        <div class="seat-title"><span>${seatName(s)} <span class="muted">(${seatLetter(s)})</span></span></div>
        <span class="muted small">${t("home.dummySeat")}</span></div>`;
      }
      const mine = s === me;
      const body = mine
        ? `<span class="muted small">${t("home.you")}</span>`
        : `<div class="seg" role="group" aria-label="${seatName(s)}">
            <button type="button" data-seat="${s}" data-kind="bot" aria-pressed="${form.seats[s] === "bot"}">${t("home.bot")}</button>
            <button type="button" data-seat="${s}" data-kind="open" aria-pressed="${form.seats[s] === "open"}">${t("home.open")}</button>
            <button type="button" data-seat="${s}" data-kind="program" aria-pressed="${form.seats[s] === "program"}" title="${escapeHTML(t("match.program"))}">${t("home.program")}</button>
          </div>${form.seats[s] === "program"
            ? `<input class="program-name" data-program-name="${s}" maxlength="40" value="${escapeHTML(form.programNames[s] || "")}" placeholder="${escapeHTML(t("match.programName"))}" aria-label="${escapeHTML(t("match.programName"))}">`
            : ""}
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

// ---- the game's table options and the first dealer (issue 11) -------------------------------------
/** What the creator chose: options that differ from the game's defaults, and the first dealer. */
const choice = { options: {}, firstDealer: localStorage.getItem("bazas.home.dealer") || "draw", facts: null };
const factsCache = {};

/** The chosen game's facts from GET /api/rulesets/{id} (option_help, option_controls, seats). */
async function chosenFacts() {
  const id = form.ruleset;
  if (!id) return null;
  if (!factsCache[id]) factsCache[id] = await fetchRuleset(id).catch(() => rulesets.find((r) => r.id === id) || null);
  return factsCache[id];
}

function optionControlHTML(name, control, help) {
  const value = Object.hasOwn(choice.options, name) ? choice.options[name] : control.default;
  const title = help ? ` title="${escapeHTML(help)}"` : "";
  const label = escapeHTML(optionLabel(name));
  if (Array.isArray(control.choices) && control.choices.length === 2 && control.choices.every((c) => typeof c === "boolean")) {
    return `<label class="field-check option"${title}><input type="checkbox" data-option="${escapeHTML(name)}" ${value ? "checked" : ""}> <span>${label}</span></label>`;
  }
  if (Array.isArray(control.choices)) {
    const opts = control.choices.map((c) => `<option value="${escapeHTML(JSON.stringify(c))}" ${c === value ? "selected" : ""}>${escapeHTML(optionValueText(name, c))}</option>`);
    return `<label class="field option"${title}><span>${label}</span><select data-option="${escapeHTML(name)}">${opts.join("")}</select></label>`;
  }
  const shown = value === null || value === undefined ? "" : String(value);
  return `<label class="field option"${title}><span>${label}</span><input type="number" data-option="${escapeHTML(name)}" min="${control.min ?? ""}" max="${control.max ?? ""}" value="${shown}" placeholder="${escapeHTML(optionValueText(name, null))}"></label>`;
}

async function renderOptions() {
  const facts = (choice.facts = await chosenFacts());
  const controls = facts?.option_controls || {};
  const names = Object.keys(controls);
  $("#ruleset-options").innerHTML = names.map((n) => optionControlHTML(n, controls[n], facts.option_help?.[n])).join("");
  $("#options-help").hidden = !names.length;
  const seats = facts?.seats || SEATS;
  if (choice.firstDealer !== "draw" && !seats.includes(choice.firstDealer)) choice.firstDealer = "draw";
  $("#first-dealer").innerHTML = ["draw", ...seats]
    .map((s) => `<button type="button" data-dealer="${s}" aria-pressed="${choice.firstDealer === s}">${s === "draw" ? t("home.dealerDraw") : seatLetter(s)}</button>`)
    .join("");
}

/** An option's value from its control (`undefined`: the game's default, left out). */
function readOption(el) {
  const name = el.dataset.option;
  const control = choice.facts?.option_controls?.[name] || {};
  let value;
  if (el.type === "checkbox") value = el.checked;
  else if (el.tagName === "SELECT") value = JSON.parse(el.value);
  else value = el.value === "" ? null : Number(el.value);
  if (value === control.default || value === null) delete choice.options[name];
  else choice.options[name] = value;
}

/** The table's options and first dealer, for POST /api/tables. */
function tableChoices() {
  return { options: { ...choice.options }, first_dealer: choice.firstDealer };
}

function initOptions() {
  $("#rulesets").addEventListener("change", (e) => {
    if (e.target.name === "ruleset") form.ruleset = e.target.value;
    choice.options = {};
    renderOptions();
  });
  $("#ruleset-options").addEventListener("change", (e) => {
    if (e.target.dataset.option) readOption(e.target);
  });
  $("#first-dealer").addEventListener("click", (e) => {
    const b = e.target.closest("button[data-dealer]");
    if (!b) return;
    choice.firstDealer = b.dataset.dealer;
    localStorage.setItem("bazas.home.dealer", choice.firstDealer);
    for (const x of $("#first-dealer").querySelectorAll("button")) x.setAttribute("aria-pressed", String(x === b));
  });
  onLangChange(renderOptions);
  renderOptions();
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
  const players = gameSeats();
  const me = mySeatIn(players);
  const body = tableBody(players, me, form.seats, form.programNames);
  try {
    const res = await fetch("/api/tables", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ ...tableChoices(), ...body, ruleset: form.ruleset, me, name: name || null, lang: lang(), public: Boolean($("#public")?.checked) }),
    });
    const data = await res.json().catch(() => ({}));
    if (!res.ok) throw new Error(typeof data.detail === "string" ? data.detail : JSON.stringify(data.detail || res.status));
    const id = data.table_id;
    localStorage.setItem(`bazas.links.${id}`, JSON.stringify(data.links || {}));
    rememberTable({ url: data.me, id, ruleset: form.ruleset, seated: true });
    const open = players.filter((s) => s !== me && form.seats[s] === "open");
    if (!open.length && !Object.keys(data.programs || {}).length) {
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
  // Issue 9: where each program connects and the line it sends (bazas serve --tm-port).
  for (const [s, details] of Object.entries(data.programs || {})) rows.push(programRowHTML(s, details));
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
  $("#seat-picker").addEventListener("input", (e) => {
    const seat = e.target.dataset?.programName;
    if (seat) form.programNames[seat] = e.target.value;
  });
  initOptions();
  $("#rulesets").addEventListener("change", (e) => {
    form.ruleset = e.target.value;
    localStorage.setItem("bazas.home.ruleset", form.ruleset);
    renderSeats();
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

if (typeof document !== "undefined") main();
