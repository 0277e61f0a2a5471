// Shared by the home page and the table: theme, deck colours, language switch, toasts.
import { LANGS, lang, setLang, t } from "./i18n.js";

const THEME = "bazas.theme";
const DECK = "bazas.deck";

export function escapeHTML(s) {
  return String(s ?? "").replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]);
}

const drawnHTML = new WeakMap();

/** Give ``el`` this HTML unless it already shows exactly that (returns whether it redrew): a state
 * resent with nothing new for it (presence, meanings, analysis) leaves its buttons in place, so a
 * tap that lands meanwhile is not lost on a button being rebuilt. */
export function drawHTML(el, html) {
  if (drawnHTML.get(el) === html) return false;
  drawnHTML.set(el, html);
  el.innerHTML = html;
  return true;
}

export function initTheme() {
  const saved = localStorage.getItem(THEME);
  const dark = saved ? saved === "dark" : window.matchMedia?.("(prefers-color-scheme: dark)").matches;
  document.documentElement.dataset.theme = dark ? "dark" : "light";
  document.documentElement.dataset.deck = localStorage.getItem(DECK) === "4" ? "4" : "2";
}

export function toggleTheme() {
  const next = document.documentElement.dataset.theme === "dark" ? "light" : "dark";
  document.documentElement.dataset.theme = next;
  localStorage.setItem(THEME, next);
  updateToggles();
}

export function toggleDeck() {
  const next = document.documentElement.dataset.deck === "4" ? "2" : "4";
  document.documentElement.dataset.deck = next;
  localStorage.setItem(DECK, next);
  updateToggles();
}

/** Wire the header controls present on the page: #theme-toggle, #deck-toggle, #lang-switch. */
export function initControls() {
  document.getElementById("theme-toggle")?.addEventListener("click", toggleTheme);
  document.getElementById("deck-toggle")?.addEventListener("click", toggleDeck);
  const sw = document.getElementById("lang-switch");
  if (sw) {
    sw.innerHTML = LANGS.map((l) => `<button type="button" data-lang="${l}" aria-pressed="false">${l.toUpperCase()}</button>`).join("");
    sw.addEventListener("click", async (e) => {
      const b = e.target.closest("button[data-lang]");
      if (b) {
        await setLang(b.dataset.lang);
        updateToggles();
      }
    });
  }
  updateToggles();
}

export function updateToggles() {
  const dark = document.documentElement.dataset.theme === "dark";
  const theme = document.getElementById("theme-toggle");
  if (theme) {
    theme.setAttribute("aria-pressed", String(dark));
    theme.title = t(dark ? "theme.light" : "theme.dark");
    theme.setAttribute("aria-label", theme.title);
    theme.textContent = dark ? "☀" : "☾";
  }
  const deck = document.getElementById("deck-toggle");
  if (deck) {
    const four = document.documentElement.dataset.deck === "4";
    deck.setAttribute("aria-pressed", String(four));
    deck.title = t(four ? "deck.two" : "deck.four");
    deck.setAttribute("aria-label", deck.title);
  }
  for (const b of document.querySelectorAll("#lang-switch button")) {
    const on = b.dataset.lang === lang();
    b.setAttribute("aria-pressed", String(on));
    b.classList.toggle("on", on);
  }
}

let toastTimer = null;
export function toast(message, kind = "info", ms = 3500) {
  let box = document.getElementById("toast");
  if (!box) {
    box = document.createElement("div");
    box.id = "toast";
    box.setAttribute("role", "status");
    box.setAttribute("aria-live", "polite");
    document.body.append(box);
  }
  box.className = `toast show ${kind}`;
  box.innerHTML = message;
  clearTimeout(toastTimer);
  toastTimer = setTimeout(() => box.classList.remove("show"), ms);
}

export async function copyText(text) {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    const ta = document.createElement("textarea");
    ta.value = text;
    ta.style.position = "fixed";
    ta.style.opacity = "0";
    document.body.append(ta);
    ta.select();
    let ok = false;
    try {
      ok = document.execCommand("copy");
    } catch {
      ok = false;
    }
    ta.remove();
    return ok;
  }
}

// Tables this browser has been at (home page lists them to come back to).
const RECENT = "bazas.recent";
export function rememberTable(entry) {
  const list = recentTables().filter((e) => e.url !== entry.url);
  list.unshift({ ...entry, at: Date.now() });
  localStorage.setItem(RECENT, JSON.stringify(list.slice(0, 8)));
}
export function recentTables() {
  try {
    return JSON.parse(localStorage.getItem(RECENT) || "[]");
  } catch {
    return [];
  }
}
