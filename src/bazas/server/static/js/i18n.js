// UI strings: /i18n/{lang}.json, Spanish when the browser prefers it, a switch to change.
import { suitIcon } from "./cards.js";

export const LANGS = ["es", "en"];
const STORE = "bazas.lang";
let current = "en";
let dict = {};
const cache = {};
const listeners = [];

export function detectLang() {
  const saved = localStorage.getItem(STORE);
  if (LANGS.includes(saved)) return saved;
  const prefs = navigator.languages && navigator.languages.length ? navigator.languages : [navigator.language || "en"];
  for (const p of prefs) {
    const base = String(p).toLowerCase().split("-")[0];
    if (LANGS.includes(base)) return base;
  }
  return "en";
}

export async function loadLang(lang) {
  if (!LANGS.includes(lang)) lang = "en";
  if (!cache[lang]) {
    const res = await fetch(`/i18n/${lang}.json`, { cache: "no-cache" });
    cache[lang] = res.ok ? await res.json() : {};
  }
  current = lang;
  dict = cache[lang];
  document.documentElement.lang = lang;
  return dict;
}

export async function setLang(lang) {
  localStorage.setItem(STORE, lang);
  await loadLang(lang);
  applyStatic();
  for (const fn of listeners) fn(lang);
}

export function onLangChange(fn) {
  listeners.push(fn);
}

export function lang() {
  return current;
}

/** Translate `key`, filling {placeholders} from `vars`. Missing keys show the key itself. */
export function t(key, vars = {}) {
  let s = dict[key];
  if (s === undefined) s = key;
  return String(s).replace(/\{(\w+)\}/g, (m, k) => (vars[k] !== undefined ? vars[k] : m));
}

/** Whether the catalogue has `key` (texts a ruleset may or may not bring: descriptions, legends). */
export function has(key) {
  return Object.hasOwn(dict, key);
}

/** Fill every [data-i18n] (text), [data-i18n-title], [data-i18n-placeholder], [data-i18n-aria]. */
export function applyStatic(root = document) {
  for (const el of root.querySelectorAll("[data-i18n]")) el.textContent = t(el.dataset.i18n);
  for (const el of root.querySelectorAll("[data-i18n-html]")) el.innerHTML = t(el.dataset.i18nHtml);
  for (const el of root.querySelectorAll("[data-i18n-title]")) el.title = t(el.dataset.i18nTitle);
  for (const el of root.querySelectorAll("[data-i18n-placeholder]")) el.placeholder = t(el.dataset.i18nPlaceholder);
  for (const el of root.querySelectorAll("[data-i18n-aria]")) el.setAttribute("aria-label", t(el.dataset.i18nAria));
  const title = document.querySelector("title[data-i18n]");
  if (title) document.title = t(title.dataset.i18n);
}

// ---- bridge vocabulary ------------------------------------------------------------------------

export function seatLetter(seat) {
  return t(`seat.${seat}`);
}

export function seatName(seat) {
  return t(`seat.long.${seat}`);
}

/** Strain for display: a suit shape, or NT / ST; Royal Auction's royal spades R♠ and the nullo
 * ("Nullo" / "Nulo") of the games that have them (issue 11). */
export function strainHTML(strain) {
  if (strain === "NT" || strain === "N") return `<span class="nt">${t("strain.NT")}</span>`;
  if (strain === "RS") return `<span class="royal" title="${t("strain.RS.name")}">R${suitIcon("S")}</span>`;
  if (strain === "NU") return `<span class="nullo">${t("strain.NU")}</span>`;
  return suitIcon(strain);
}

/** A strain as plain text: ♠, NT / ST, R♠, Nullo / Nulo. */
function strainText(s) {
  if (s === "NT") return t("strain.NT");
  if (s === "NU") return t("strain.NU");
  if (s === "RS") return "R♠";
  return { S: "♠", H: "♥", D: "♦", C: "♣" }[s];
}

/** A call as HTML: 1♠, 3ST, Paso, Doblo, Redoblo. */
export function callHTML(call, { short = false } = {}) {
  if (call === "P") return `<span class="call-word pass">${t(short ? "call.P.short" : "call.P")}</span>`;
  if (call === "X") return `<span class="call-word dbl">${t(short ? "call.X.short" : "call.X")}</span>`;
  if (call === "XX") return `<span class="call-word rdbl">${t(short ? "call.XX.short" : "call.XX")}</span>`;
  const level = call[0];
  return `<span class="call-bid">${level}${strainHTML(call.slice(1))}</span>`;
}

/** A call as plain text (aria labels, titles). */
export function callText(call) {
  if (call === "P" || call === "X" || call === "XX") return t(`call.${call}`);
  return call[0] + strainText(call.slice(1));
}

/** A contract ("4SX", "3NTXX") as HTML. */
export function contractHTML(contract) {
  if (!contract) return "";
  const m = /^([1-7])(NT|NU|RS|[CDHS])(X{0,2})$/.exec(contract);
  if (!m) return contract;
  const dbl = m[3] ? `<span class="dbl-mark">${m[3] === "X" ? t("contract.X") : t("contract.XX")}</span>` : "";
  return `<span class="contract">${m[1]}${strainHTML(m[2])}${dbl}</span>`;
}

export function contractText(contract) {
  if (!contract) return "";
  const m = /^([1-7])(NT|NU|RS|[CDHS])(X{0,2})$/.exec(contract);
  if (!m) return contract;
  return callText(m[1] + m[2]) + (m[3] || "");
}

/** A card for text: ♠A, ♥10. */
export function cardHTML(card) {
  const r = card.slice(1) === "T" ? "10" : card.slice(1);
  return `<span class="card-text">${suitIcon(card[0])}${r}</span>`;
}

/** Pick the page's language out of an {es, en} explanation. */
export function pick(obj) {
  if (obj == null) return "";
  return obj[current] || obj.en || obj.es || "";
}

/** Use `strings` as the catalogue of `lang` without fetching it (node tests, no page). */
export function useStrings(lang, strings) {
  cache[lang] = strings;
  current = lang;
  dict = strings;
}
