// The auction as HTML (no DOM, no page state): the grid of calls under N E S W, the bidding box,
// and the meaning of a call (the server's sentence, else its hand constraints, else what any
// call of that kind says).
import { escapeHTML } from "../common.js";
import { suitIcon } from "../cards.js";
import { callHTML, callText, has, pick, seatLetter, seatName, t } from "../i18n.js";
import { SEATS } from "../bridge.js";

export const STRAINS = ["C", "D", "H", "S", "NT"];

/**
 * The auction's rows of a cell per player (N E S W; three-handed: N E S), the first row starting at the dealer: each cell is
 * null (before the dealer), {call, i} (call number i), or {next: true} (the call awaited, `live`).
 */
export function auctionRows(calls, dealer, live = false, seats = SEATS) {
  const n = seats.length;
  const cells = Array(seats.indexOf(dealer)).fill(null).concat(calls.map((call, i) => ({ call, i })));
  if (live) cells.push({ next: true });
  const rows = [];
  for (let r = 0; r * n < cells.length; r++) rows.push(cells.slice(r * n, r * n + n));
  return rows;
}

/** The seat that made call number `index` (`seats`: the players who call, facts `seats`). */
export function callerOf(dealer, index, seats = SEATS) {
  return seats[(seats.indexOf(dealer) + index) % seats.length];
}

/** A call in the grid: on a phone, double and redouble as X and XX so that four columns keep
 * apart (issue 12 point 7: never "PasoPaso"). */
function gridCallHTML(call) {
  const phone = globalThis.matchMedia?.("(max-width: 700px)").matches;
  if (phone && (call === "X" || call === "XX")) return `<span class="call-word ${call === "X" ? "dbl" : "rdbl"}">${t(`contract.${call}`)}</span>`;
  return callHTML(call, { short: Boolean(phone) });
}

/**
 * The auction grid. `vulnerable`: {NS, EW} to mark the vulnerable seats, or null (a game
 * without vulnerability); `explanations`: the meanings known, one per call (calls with one are
 * marked).
 */
export function auctionHTML(calls, dealer, { live = false, big = false, vulnerable = null, explanations = [], seats = SEATS } = {}) {
  const head = seats.map((s) => {
    const vul = Boolean(vulnerable?.[s === "N" || s === "S" ? "NS" : "EW"]);
    return `<th class="${vul ? "vul" : ""}${s === dealer ? " dealer" : ""}" scope="col" title="${seatName(s)}${vul ? ` · ${t("vul.vulnerable")}` : ""}">${seatLetter(s)}</th>`;
  }).join("");
  const body = auctionRows(calls, dealer, live, seats)
    .map(
      (row) =>
        `<tr>${seats
          .map((_, k) => {
            const c = row[k];
            if (!c) return "<td></td>";
            if (c.next) return `<td class="next-call"><span aria-label="${t("auction.next")}">?</span></td>`;
            const expl = explanations[c.i];
            // every call with a meaning can be explained; only an artificial one is an alert (issue 12)
            const alert = `${expl && (expl.es || expl.en) ? " explained" : ""}${expl?.artificial ? " alert" : ""}`;
            return `<td><button type="button" class="call-cell${alert}" data-call-index="${c.i}" aria-label="${callText(c.call)}">${gridCallHTML(c.call)}</button></td>`;
          })
          .join("")}</tr>`,
    )
    .join("");
  return `<table class="auction${big ? " big" : ""}${live ? "" : " done"}"><thead><tr>${head}</tr></thead><tbody>${body || `<tr><td colspan=${seats.length}></td></tr>`}</tbody></table>`;
}

/**
 * The bidding box: 35 bids and pass, double, redouble. {legal: Set, myTurn, hint, selected: the
 * call tapped once on a touch screen, waitingFor: the name of whoever is to call, calls: the
 * auction so far (the levels below its last bid are marked "spent")}.
 */
/**
 * The denominations of the box's columns, lowest first: the game's own when it has them (issue 11:
 * Royal Auction's S, C, D, H, RS, NT and the nullo NU, from the facts' `denominations`), else the
 * five strains.
 */
export function boxStrains(facts) {
  const own = facts?.denominations;
  return Array.isArray(own) && own.length ? own.map((d) => d.code) : STRAINS;
}

export function bidBoxHTML({ legal, myTurn, hint, selected, waitingFor, calls = [], strains = STRAINS, byValue = false }) {
  // rows of levels no bid can reach any more (the last bid is higher): folded away on a phone;
  // when bids rank by their value (Royal Auction) a lower level may still be enough: rows with no
  // legal bid are folded instead, on the player's turn
  const last = [...calls].reverse().find((c) => /^[1-7]/.test(c));
  const open = byValue
    ? (myTurn ? Math.min(8, ...[...legal].filter((c) => /^[1-7]/.test(c)).map((c) => Number(c[0]))) : 1)
    : last ? Number(last[0]) + (last.endsWith("NT") ? 1 : 0) : 1;
  const btn = (call, extra = "") => {
    const ok = myTurn && legal.has(call);
    const sel = selected === call ? " selected" : "";
    const hinted = hint === call ? " hinted" : "";
    return `<button type="button" class="bid ${extra}${sel}${hinted}" data-call="${call}" ${ok ? "" : "disabled"} aria-label="${callText(call)}">${callHTML(call, { short: extra === "special" ? false : true })}</button>`;
  };
  let grid = "";
  for (let level = 1; level <= 7; level++) {
    grid += `<div class="bb-row${level < open ? " spent" : ""}" data-level="${level}">${strains.map((s) => btn(`${level}${s}`, `strain-${s}`)).join("")}</div>`;
  }
  const special = `<div class="bb-special">${btn("P", "special pass")}${btn("X", "special dbl")}${btn("XX", "special rdbl")}</div>`;
  const title = `<h2 class="bb-title"><span>${myTurn ? t("bid.yourCall") : t("bid.box")}</span><span class="muted">${myTurn ? "" : t("bid.wait", { seat: waitingFor })}</span></h2>`;
  const confirm = selected
    ? `<div class="bb-confirm"><span>${callHTML(selected)}</span> <span class="bb-meaning" id="bb-meaning"></span><button type="button" class="btn primary" id="bb-ok">${t("bid.confirm", { call: callText(selected) })}</button></div>`
    : "";
  const cols = strains.length === STRAINS.length ? "" : ` cols-${strains.length}`;
  return `${title}<div class="bb-grid${cols}">${grid}</div>${special}${confirm}`;
}

/** A range [min, max] as text: "12–14", or "5+" when the top is no limit (37 points, 13 cards). */
export function rangeText([min, max], limit) {
  return max >= limit ? `${min}+` : `${min}–${max}`;
}

/**
 * Hand constraints as [label, text] pairs, from the bidding system's Constraints.to_dict():
 * {hcp: [min, max], total_points: [min, max], lengths: {S: [min, max]}, balanced: bool,
 * stoppers: ["S", ...], ...} (suits are labelled by their letter; the caller draws them).
 */
export function constraintPairs(cons) {
  const out = [];
  for (const [k, v] of Object.entries(cons)) {
    if (k === "lengths") {
      for (const [suit, range] of Object.entries(v)) out.push([suit, rangeText(range, 13)]);
    } else if (Array.isArray(v)) {
      out.push([k, v.length === 2 && typeof v[0] === "number" ? rangeText(v, 37) : v.join(", ")]);
    } else {
      out.push([k, String(v)]);
    }
  }
  return out;
}

export function constraintsText(cons) {
  return constraintPairs(cons)
    .map(([k, text]) => {
      const label = ["S", "H", "D", "C"].includes(k) ? suitIcon(k) : escapeHTML(has(`cons.${k}`) ? t(`cons.${k}`) : k);
      return `${label} ${escapeHTML(text)}`;
    })
    .join(" · ");
}

/** The meaning of a call as HTML: the sentence; the constraints only when there is no sentence. */
export function explanationText(e) {
  if (!e) return "";
  const text = escapeHTML(pick(e));
  const cons = !text && e.constraints ? constraintsText(e.constraints) : "";
  return `${text}${cons ? `<span class="cons">${cons}</span>` : ""}`;
}

/** What any call of this kind says (shown until the server's meaning arrives). */
export function genericMeaning(call) {
  if (call === "P") return t("meaning.P");
  if (call === "X") return t("meaning.X");
  if (call === "XX") return t("meaning.XX");
  const level = Number(call[0]);
  const strain = call.slice(1);
  if (strain === "NU") return t("meaning.nullo", { tricks: level + 6, most: 7 - level });
  if (strain === "RS") return t("meaning.bid", { tricks: level + 6, strain: t("meaning.royal") });
  return t("meaning.bid", { tricks: level + 6, strain: strain === "NT" ? t("meaning.nt") : t("meaning.trumps", { suit: t(`suit.${strain}`) }) });
}
