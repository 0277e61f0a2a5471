// The table page at a seat of a team match: a banner saying which table and board this is and
// how the match stands, with a link to the match page. It is fed the `match` messages only.
import { escapeHTML } from "../common.js";
import { t } from "../i18n.js";
import { bannerText } from "./comparison.js";

let last = null;

/** Draw (or redraw) the banner from the latest `match` message and table state. */
export function showMatch(msg, state) {
  if (msg) last = msg;
  if (!last) return;
  let el = document.getElementById("match-banner");
  if (!el) {
    el = document.createElement("div");
    el.id = "match-banner";
    el.className = "match-banner";
    el.setAttribute("role", "status");
    const anchor = document.getElementById("conn");
    if (anchor?.parentNode) anchor.parentNode.insertBefore(el, anchor.nextSibling);
    else document.body.prepend(el);
  }
  // A match's table has no public history: its results stay hidden until both tables finish.
  const history = document.getElementById("btn-history");
  if (history) history.style.display = "none";
  el.dataset.table = String(last.participant?.table ?? "");
  el.dataset.board = String(state?.table?.deal_number ?? "");
  el.innerHTML = `<span class="match-line">${escapeHTML(bannerText(last, state))}</span> `
    + `<a href="/match/${encodeURIComponent(last.id)}" target="_blank" rel="noopener">${escapeHTML(t("match.page"))}</a>`;
}
