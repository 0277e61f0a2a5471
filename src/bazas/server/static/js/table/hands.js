// Cards and hands as HTML (no DOM, no page state): a fan, columns or rows of one suit each, the
// backs of a hidden hand. Which cards are clickable, legal or hinted comes in `opts`.
import { backSVG, cardSVG, sortHand, suitIcon, suitOrder } from "../cards.js";
import { cardHTML, t } from "../i18n.js";
import { tn } from "./words.js";

/** The cards grouped by suit in `order`, each suit high to low: [[suit, cards], ...]. */
export function groupBySuit(cards, order) {
  const groups = {};
  for (const s of order) groups[s] = [];
  for (const c of sortHand(cards, order)) groups[c[0]].push(c);
  return order.map((s) => [s, groups[s]]);
}

export function cardName(card) {
  const rank = { A: t("rank.A"), K: t("rank.K"), Q: t("rank.Q"), J: t("rank.J"), T: "10" }[card.slice(1)] || card.slice(1);
  return t("card.name", { rank, suit: t(`suit.${card[0]}`) });
}

function cardEl(card, { clickable, legal, hinted, size }) {
  const cls = ["card-btn", size || ""];
  if (legal) cls.push("legal");
  if (hinted) cls.push("hinted");
  const svg = cardSVG(card);
  const label = cardHTML(card).replace(/<[^>]+>/g, "");
  if (clickable) {
    return `<button type="button" class="${cls.join(" ")}" data-card="${card}" ${legal ? "" : 'disabled aria-disabled="true"'} aria-label="${t("card.label", { card: cardName(card) })}">${svg}</button>`;
  }
  return `<span class="${cls.join(" ").replace("card-btn", "card-slot")}" data-card="${card}" title="${label}">${svg}</span>`;
}

/**
 * A hand: `layout` "fan" (overlapping cards), "cols" (a column per suit) or "rows" (a line per
 * suit, ranks as text: the narrow sides of a phone). `opts`: {clickable, legal: Set, hint: the
 * hinted card, size, trump: the trump suit (it goes first)}.
 */
export function handHTML(seat, cards, layout, opts = {}) {
  const order = suitOrder(opts.trump);
  const legal = opts.legal || new Set();
  const hint = opts.hint;
  const groups = groupBySuit(cards, order);
  const mk = (c) => cardEl(c, { clickable: opts.clickable, legal: opts.clickable && legal.has(c), hinted: hint === c && opts.clickable, size: opts.size });
  if (layout === "fan") {
    const inner = groups
      .filter(([, cs]) => cs.length)
      .map(([s, cs]) => `<div class="suit-group s-${s}">${cs.map(mk).join("")}</div>`)
      .join("");
    return `<div class="hand fan${opts.size === "mid" ? " mid-fan" : ""}${opts.clickable ? " active" : ""}" data-seat="${seat}" data-count="${cards.length}">${inner}</div>`;
  }
  if (layout === "cols") {
    const inner = groups.map(([s, cs]) => `<div class="col s-${s}">${cs.map(mk).join("") || `<span class="void">${suitIcon(s)}—</span>`}</div>`).join("");
    return `<div class="hand cols${opts.clickable ? " active" : ""}" data-seat="${seat}" data-count="${cards.length}">${inner}</div>`;
  }
  const chip = (c) => {
    const r = c.slice(1) === "T" ? "10" : c.slice(1);
    const isLegal = opts.clickable && legal.has(c);
    const cls = `card-btn chip-card${isLegal ? " legal" : ""}${hint === c && opts.clickable ? " hinted" : ""}`;
    return opts.clickable
      ? `<button type="button" class="${cls}" data-card="${c}" ${isLegal ? "" : "disabled"} aria-label="${t("card.label", { card: cardName(c) })}">${r}</button>`
      : `<span class="chip-card card-slot" data-card="${c}" title="${cardName(c)}">${r}</span>`;
  };
  const inner = groups
    .map(([s, cs]) => `<div class="row s-${s}"><span class="row-suit">${suitIcon(s)}</span><span class="row-cards">${cs.map(chip).join("") || '<span class="void">—</span>'}</span></div>`)
    .join("");
  return `<div class="hand rows${opts.clickable ? " active" : ""}" data-seat="${seat}" data-count="${cards.length}">${inner}</div>`;
}

/** A hand this page may not see: its backs and how many cards it holds. */
export function hiddenHTML(seat, count) {
  const n = Math.max(0, count);
  const backs = Array.from({ length: Math.min(n, 13) }, () => backSVG()).join("");
  return `<div class="hand hidden-hand" data-seat="${seat}" data-count="${n}" aria-label="${tn("hand.hidden", n, { n })}"><div class="backs">${backs}</div><span class="count">${n}</span></div>`;
}
