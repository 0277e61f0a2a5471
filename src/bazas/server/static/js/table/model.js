// Pure facts about the table, worked out from a `state` message (no DOM): who sits where, whose
// turn it is, what a seat has played, the keys that say "same deal" / "same decision".
import { SEATS } from "../bridge.js";
import { playedSequence } from "../review.js";

export { SEATS };
/** Screen places, clockwise from the viewer: the viewer's seat is always at the bottom. */
export const POSITIONS = ["bottom", "left", "top", "right"];

export const seatAfter = (seat, n = 1) => SEATS[(SEATS.indexOf(seat) + n) % 4];

/** The screen place of `seat` when `bottom` sits at the bottom. */
export function positionOf(seat, bottom) {
  return POSITIONS[(SEATS.indexOf(seat) - SEATS.indexOf(bottom) + 4) % 4];
}

/** The seat this page plays (null for a spectator). */
export function mySeat(table, view) {
  return view?.seat || table?.you || null;
}

/** `state.table.seats[seat]`: {kind: "human"|"bot"|"open", name, connected, substitute}. */
export function seatInfo(table, seat) {
  return table?.seats?.[seat] || {};
}

/** A bot acts for this seat: a bot seat, or a substitute for an absent person. */
export function playedByBot(table, seat) {
  const info = seatInfo(table, seat);
  return info.kind === "bot" || Boolean(info.substitute);
}

export function isMyTurn(view) {
  return Boolean(view && view.seat && view.actor === view.seat && (view.phase === "auction" || view.phase === "play"));
}

/** Cards each seat has played in this deal. */
export function playedBy(view) {
  const counts = { N: 0, E: 0, S: 0, W: 0 };
  for (const tr of [...(view.tricks || []), view.current].filter(Boolean)) for (const [s] of tr.cards || []) counts[s] += 1;
  return counts;
}

/** Tricks not yet complete (the one in progress counts): what a claim may claim. */
export function tricksLeft(view) {
  return 13 - (view?.tricks || []).length;
}

/** The same string for as long as the same deal is on the table. */
export function dealKey(table, view) {
  return `${table?.deal_number ?? ""}:${view?.dealer ?? ""}:${(view?.original_hand || []).join("")}`;
}

/** Calls and cards so far in this deal: a hint is good for one decision only. */
export function decisionKey(table, view) {
  return `${dealKey(table, view)}:${(view?.calls || []).length + playedSequence(view || {}).length}`;
}

/** Whether `seat` is asked to answer a claim or undo request (the server lists who is asked). */
export function mayReply(request, seat) {
  return Boolean(seat && request?.replies) && Object.hasOwn(request.replies, seat) && request.replies[seat] == null;
}

/** The view while no deal is on the table (being dealt): the seats still show. */
export function emptyView(table) {
  return {
    seat: table.you ?? null, dealer: table.dealer || "N", phase: "dealing", calls: [], turn: null, actor: null,
    contract: null, declarer: null, dummy: null, hand: null, original_hand: null, dummy_hand: null, tricks: [],
    current: null, won: { NS: 0, EW: 0 }, legal: [], all_hands: null, passed_out: false,
  };
}

/** The deal caption: "deal n of N" when the ruleset plays a fixed number of deals, else "deal n". */
export function dealCaption(facts, dealNumber) {
  return facts?.session_deals
    ? { key: "info.dealOf", vars: { n: dealNumber, total: facts.session_deals } }
    : { key: "info.deal", vars: { n: dealNumber } };
}

/** The seats of people who have not pressed "next" yet, once `seat` has (else null). */
export function waitingForNext(table, seat) {
  const ready = table?.ready || [];
  if (!seat || !ready.includes(seat)) return null;
  return SEATS.filter((s) => seatInfo(table, s).kind === "human" && !ready.includes(s));
}

/** The seats whose invitation link is still worth showing: open, or taken by nobody named. */
export function seatsToInvite(table, me) {
  return SEATS.filter((s) => {
    const info = seatInfo(table, s);
    return info.kind === "open" || (info.kind === "human" && !info.name && s !== me);
  });
}

/** The replay position after a move ("first", "prev", "next", "last", or "to" `target`). */
export function replayMove(how, step, total, target) {
  const to = { first: 0, prev: step - 1, next: step + 1, last: total, to: target }[how];
  return Math.max(0, Math.min(total, to ?? step));
}

/** How a seat's cards are drawn at a screen place: {layout: "fan"|"cols"|"rows", size}. */
export function handLayout(position, { isDummy = false, narrow = false } = {}) {
  if (position === "bottom") return { layout: "fan", size: "" };
  if (position === "top") return isDummy ? { layout: "cols", size: "" } : { layout: "fan", size: "mid" };
  return { layout: narrow ? "rows" : "cols", size: "" };
}

/** The width of the visible strip of each fanned card so that `n` cards fit in `avail` pixels. */
export function fanStrip({ n, cardWidth, groups, gap, avail, narrow }) {
  const max = cardWidth * (narrow ? 0.5 : 0.46);
  return n > 1 ? Math.max(12, Math.min(max, (avail - cardWidth - gap * (groups - 1)) / (n - 1))) : max;
}

/** The deal on the table as the replay and the analysis read it (once it is over: all hands). */
export function reviewDeal(view) {
  return { all_hands: view.all_hands, tricks: view.tricks, current: view.current, calls: view.calls, contract: view.contract, declarer: view.declarer, dealer: view.dealer };
}
