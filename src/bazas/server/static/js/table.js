// The table page: renders the newest `state` from the server and sends the player's actions.
import { backSVG, cardSVG, installSprite, sortHand, suitIcon, suitOrder, HAND_ORDER } from "./cards.js";
import {
  applyStatic, callHTML, callText, cardHTML, contractHTML, contractText, detectLang, lang, loadLang,
  onLangChange, pick, seatLetter, seatName, strainHTML, t,
} from "./i18n.js";
import { copyText, escapeHTML, initControls, rememberTable, toast } from "./common.js";
import { Connection } from "./connection.js";
import { parseInput } from "./parse.js";
import { dealPoints, normScore, renderScoreMini, renderScoreSheet, resultText } from "./score.js";
import { playedSequence, renderAnalysis, replayAt } from "./review.js";

const SEATS = ["N", "E", "S", "W"];
const POSITIONS = ["bottom", "left", "top", "right"];
const seatAfter = (s, n = 1) => SEATS[(SEATS.indexOf(s) + n) % 4];
const sideOf = (s) => (s === "N" || s === "S" ? "NS" : "EW");
const $ = (sel) => document.querySelector(sel);
const coarse = () => window.matchMedia?.("(pointer: coarse)").matches;
const NARROW = window.matchMedia?.("(max-width: 700px)");
const narrow = () => Boolean(NARROW?.matches);

const app = {
  tableId: null,
  key: null,
  conn: null,
  msg: null,
  view: null,
  table: {},
  score: null,
  pending: null,
  explanations: [],
  analysis: null,
  hint: null,
  explainCache: new Map(),
  review: null, // {step, dealKey}
  shownCards: new Set(), // trick cards already drawn (new ones fly in)
  lastTrickKey: "",
  showLastTrick: false,
  selectedBid: null,
  connStatus: "connecting",
  nameSent: false,
  history: null,
};
window.bazas = app; // handy in the console and for tests

// ---- helpers ------------------------------------------------------------------------------------

function me() {
  return app.view?.seat || app.table?.you || null;
}
function bottomSeat() {
  return me() || "S";
}
function posOf(seat) {
  const off = (SEATS.indexOf(seat) - SEATS.indexOf(bottomSeat()) + 4) % 4;
  return POSITIONS[off];
}
function mySide() {
  return me() ? sideOf(me()) : "NS";
}
function seatInfo(seat) {
  const raw = app.table?.seats?.[seat] || app.table?.players?.[seat] || {};
  // the engine's Player.to_dict(): a human seat nobody has joined yet is an open seat
  const kind = raw.kind === "human" && raw.joined === false ? "open" : raw.kind;
  return { ...raw, kind };
}
function playerName(seat) {
  const info = seatInfo(seat);
  if (info.name) return escapeHTML(info.name);
  if (info.kind === "bot") return `${t("seat.bot")} ${seatLetter(seat)}`;
  if (info.kind === "open") return t("seat.open");
  return seatName(seat);
}
function legalSet() {
  return new Set(app.view?.legal || []);
}
function isMyTurn() {
  const v = app.view;
  return Boolean(v && me() && v.actor === me() && (v.phase === "auction" || v.phase === "play"));
}
function trumpOf(contract) {
  if (!contract) return null;
  const m = /^[1-7](NT|[CDHS])/.exec(contract);
  return m && m[1] !== "NT" ? m[1] : null;
}
function playedBy(view) {
  const counts = { N: 0, E: 0, S: 0, W: 0 };
  for (const tr of [...(view.tricks || []), view.current].filter(Boolean)) for (const [s] of tr.cards || []) counts[s] += 1;
  return counts;
}
function vulnerable(side) {
  const v = app.table?.vulnerability || app.score?.vulnerable || {};
  return Boolean(v[side]);
}
function dealKey() {
  const v = app.view;
  return `${app.table?.deal_number ?? ""}:${v?.dealer ?? ""}:${(v?.original_hand || []).join("")}`;
}
/** Calls and cards so far in this deal: a hint is good for one decision only. */
function actionCount() {
  return `${dealKey()}:${(app.view?.calls || []).length + playedSequence(app.view || {}).length}`;
}

function send(msg) {
  if (!app.conn.send(msg)) {
    toast(t("conn.notConnected"), "warn");
    return false;
  }
  return true;
}

// ---- actions ------------------------------------------------------------------------------------

/** One action per state: a second click before the server answered is ignored (no double plays). */
function busy() {
  return app.sentAt != null && app.sentAt === app.msg?.version;
}

function makeCall(call) {
  if (busy()) return;
  if (!isMyTurn() || app.view.phase !== "auction") return toast(t("error.turn"), "warn");
  if (!legalSet().has(call)) return toast(t("error.illegalCall", { call: callText(call) }), "warn");
  app.selectedBid = null;
  hideTip();
  if (send({ type: "call", call })) {
    app.sentAt = app.msg?.version;
    markSent(`[data-call="${call}"]`);
  }
}

function playCard(card) {
  if (busy()) return;
  if (!isMyTurn() || app.view.phase !== "play") return toast(t("error.turn"), "warn");
  if (!legalSet().has(card)) return toast(t("error.illegalCard", { card: cardHTML(card) }), "warn");
  if (send({ type: "card", card })) {
    app.sentAt = app.msg?.version;
    markSent(`.card-btn[data-card="${card}"]`);
  }
}

function markSent(selector) {
  const el = document.querySelector(selector);
  if (el) el.classList.add("sent");
}

function askHint() {
  if (!isMyTurn()) return toast(t("hint.notYourTurn"), "warn");
  send({ type: "hint" });
}

function askUndo() {
  if (!me()) return toast(t("error.not_seated"), "warn");
  send({ type: "undo" });
}

function openClaim() {
  const v = app.view;
  if (!v || v.phase !== "play" || !me() || (v.declarer !== me())) return toast(t("claim.onlyDeclarer"), "warn");
  const left = 13 - (v.tricks || []).length;
  const body = $("#claim-body");
  const buttons = [];
  for (let n = left; n >= 0; n--) buttons.push(`<button type="button" class="btn claim-n${n === left ? " primary" : ""}" data-claim="${n}">${n}</button>`);
  body.innerHTML = `<p>${t("claim.question", { left })}</p><div class="claim-grid">${buttons.join("")}</div><p class="muted small">${t("claim.keyboard")}</p>`;
  $("#dlg-claim").showModal();
  body.querySelector(".claim-n")?.focus();
}

function claim(n) {
  const v = app.view;
  const left = 13 - (v?.tricks || []).length;
  if (!(n >= 0 && n <= left)) return toast(t("claim.range", { left }), "warn");
  if (send({ type: "claim", tricks: n })) $("#dlg-claim").close();
}

function nextDeal() {
  send({ type: "next" });
}

function reply(kind, accept) {
  send({ type: kind === "claim" ? "claim_reply" : "undo_reply", accept });
}

// ---- rendering: seats and hands ----------------------------------------------------------------------

function plateHTML(seat) {
  const v = app.view;
  const info = seatInfo(seat);
  const tags = [];
  if (v.dealer === seat) tags.push(`<span class="tag dealer" title="${t("seat.dealer")}">${t("seat.dealerShort")}</span>`);
  if (v.declarer === seat) tags.push(`<span class="tag decl">${t("seat.declarer")}</span>`);
  if (v.dummy === seat) tags.push(`<span class="tag dummy">${t("seat.dummy")}</span>`);
  if (seat === me()) tags.push(`<span class="tag you">${t("seat.you")}</span>`);
  if (info.kind === "human" && info.substitute) tags.push(`<span class="tag substitute" title="${t("seat.substituteTitle")}">${t("seat.substitute")}</span>`);
  else if (info.kind === "human" && info.connected === false) tags.push(`<span class="tag away">${t("seat.away")}</span>`);
  const turn = v.turn === seat && v.phase !== "done";
  const waitingForReply = Boolean(app.pending?.claim || app.pending?.undo);
  const byBot = (s) => seatInfo(s).kind === "bot" || Boolean(seatInfo(s).substitute);
  const thinking = turn && !waitingForReply && (byBot(seat) || (v.actor && v.actor !== me() && byBot(v.actor)));
  const vul = app.table?.ruleset !== "auction-1920" && vulnerable(sideOf(seat));
  return `<div class="plate${turn ? " turn" : ""}${vul ? " vul" : ""}" data-seat="${seat}"${turn ? ' aria-current="true"' : ""}>
      <span class="seat-badge" title="${seatName(seat)}${vul ? ` · ${t("vul.vulnerable")}` : ""}">${seatLetter(seat)}</span>
      <span class="pname">${playerName(seat)}</span>
      <span class="tags">${tags.join("")}</span>
      ${thinking ? '<span class="dots" aria-hidden="true"><i></i><i></i><i></i></span>' : ""}
      ${turn ? `<span class="visually-hidden">${t("seat.toPlay")}</span>` : ""}
    </div>`;
}

function groupBySuit(cards, order) {
  const groups = {};
  for (const s of order) groups[s] = [];
  for (const c of sortHand(cards, order)) groups[c[0]].push(c);
  return order.map((s) => [s, groups[s]]);
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

function cardName(card) {
  const rank = { A: t("rank.A"), K: t("rank.K"), Q: t("rank.Q"), J: t("rank.J"), T: "10" }[card.slice(1)] || card.slice(1);
  return t("card.name", { rank, suit: t(`suit.${card[0]}`) });
}

function handHTML(seat, cards, layout, opts = {}) {
  const trump = trumpOf(app.view?.contract);
  const order = suitOrder(trump);
  const legal = opts.legal || new Set();
  const hint = app.hint?.action;
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
  // rows: one line per suit, the ranks as text (narrow places: the sides of a phone)
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

function hiddenHTML(seat, count) {
  const n = Math.max(0, count);
  const backs = Array.from({ length: Math.min(n, 13) }, () => backSVG()).join("");
  return `<div class="hand hidden-hand" data-seat="${seat}" data-count="${n}" aria-label="${t("hand.hidden", { n })}"><div class="backs">${backs}</div><span class="count">${n}</span></div>`;
}

/** Which cards of `seat` this page shows, and how. */
function visibleCards(seat) {
  const v = app.view;
  if (app.review && v.phase === "done" && v.all_hands) return replayAt(reviewDeal(), app.review.step).hands[seat];
  if (seat === me() && v.hand) return v.hand;
  if (seat === v.dummy && v.dummy_hand) return v.dummy_hand;
  if (v.all_hands?.[seat]) return v.all_hands[seat];
  return null;
}

function renderSeats() {
  const v = app.view;
  const played = playedBy(v);
  const legal = legalSet();
  for (const seat of SEATS) {
    const pos = posOf(seat);
    const box = document.getElementById(`pos-${pos}`);
    const cards = visibleCards(seat);
    let hand;
    // cards are clickable for the seat whose card is due, when this page acts for it
    const clickable = v.phase === "play" && isMyTurn() && v.turn === seat && !app.review;
    if (cards == null) {
      hand = hiddenHTML(seat, 13 - played[seat]);
    } else if (pos === "bottom") {
      hand = handHTML(seat, cards, "fan", { clickable, legal });
    } else if (pos === "top") {
      const isDummy = seat === v.dummy && !app.review;
      hand = handHTML(seat, cards, isDummy ? "cols" : "fan", { clickable, legal, size: isDummy ? "" : "mid" });
    } else {
      hand = handHTML(seat, cards, narrow() ? "rows" : "cols", { clickable, legal });
    }
    box.dataset.seat = seat;
    box.className = `seat-area pos-${pos}${v.turn === seat && v.phase !== "done" ? " turn" : ""}${seat === v.dummy ? " is-dummy" : ""}`;
    box.innerHTML = pos === "bottom" ? `${hand}${plateHTML(seat)}` : `${plateHTML(seat)}${hand}`;
  }
}

// ---- rendering: auction -------------------------------------------------------------------------

function auctionHTML(calls, dealer, { live = false, big = false } = {}) {
  const start = SEATS.indexOf(dealer);
  const cells = Array(start).fill(null).concat(calls.map((c, i) => ({ call: c, i })));
  const done = !live;
  if (live) cells.push({ next: true });
  const rows = [];
  for (let r = 0; r * 4 < cells.length; r++) rows.push(cells.slice(r * 4, r * 4 + 4));
  const head = SEATS.map((s) => {
    const vul = app.table?.ruleset !== "auction-1920" && vulnerable(sideOf(s));
    return `<th class="${vul ? "vul" : ""}${s === dealer ? " dealer" : ""}" scope="col" title="${seatName(s)}${vul ? ` · ${t("vul.vulnerable")}` : ""}">${seatLetter(s)}</th>`;
  }).join("");
  const body = rows
    .map(
      (row) =>
        `<tr>${[0, 1, 2, 3]
          .map((k) => {
            const c = row[k];
            if (!c) return "<td></td>";
            if (c.next) return `<td class="next-call"><span aria-label="${t("auction.next")}">?</span></td>`;
            const expl = app.explanations?.[c.i];
            const alert = expl && (expl.es || expl.en || typeof expl === "string") ? " explained" : "";
            return `<td><button type="button" class="call-cell${alert}" data-call-index="${c.i}" aria-label="${callText(c.call)}">${callHTML(c.call)}</button></td>`;
          })
          .join("")}</tr>`,
    )
    .join("");
  return `<table class="auction${big ? " big" : ""}${done ? " done" : ""}"><thead><tr>${head}</tr></thead><tbody>${body || "<tr><td colspan=4></td></tr>"}</tbody></table>`;
}

function renderBidBox() {
  const v = app.view;
  const box = $("#bidbox");
  const show = v.phase === "auction" && me();
  box.hidden = !show;
  if (!show) {
    box.innerHTML = "";
    return;
  }
  const legal = legalSet();
  const myTurn = isMyTurn();
  const hint = app.hint?.action;
  const btn = (call, extra = "") => {
    const ok = myTurn && legal.has(call);
    const sel = app.selectedBid === call ? " selected" : "";
    const hinted = hint === call ? " hinted" : "";
    return `<button type="button" class="bid ${extra}${sel}${hinted}" data-call="${call}" ${ok ? "" : "disabled"} aria-label="${callText(call)}">${callHTML(call, { short: extra === "special" ? false : true })}</button>`;
  };
  let grid = "";
  for (let level = 1; level <= 7; level++) {
    grid += `<div class="bb-row" data-level="${level}">${["C", "D", "H", "S", "NT"].map((s) => btn(`${level}${s}`, `strain-${s}`)).join("")}</div>`;
  }
  const special = `<div class="bb-special">${btn("P", "special pass")}${btn("X", "special dbl")}${btn("XX", "special rdbl")}</div>`;
  const title = `<h2 class="bb-title"><span>${myTurn ? t("bid.yourCall") : t("bid.box")}</span><span class="muted">${myTurn ? "" : t("bid.wait", { seat: playerName(v.turn) })}</span></h2>`;
  const confirm = app.selectedBid
    ? `<div class="bb-confirm"><span>${callHTML(app.selectedBid)}</span> <span class="bb-meaning" id="bb-meaning"></span><button type="button" class="btn primary" id="bb-ok">${t("bid.confirm", { call: callText(app.selectedBid) })}</button></div>`
    : "";
  box.classList.toggle("waiting", !myTurn);
  box.innerHTML = `${title}<div class="bb-grid">${grid}</div>${special}${confirm}`;
  if (app.selectedBid) explainInto(app.selectedBid, $("#bb-meaning"));
}

// ---- rendering: centre ---------------------------------------------------------------------------

function trickHTML(trick, { last = false, animate = true } = {}) {
  const slots = {};
  for (const [seat, card] of trick?.cards || []) {
    const pos = posOf(seat);
    const key = `${card}`;
    // only a card that arrives while the page is open flies in (not the ones already there on load)
    const fresh = animate && app.rendered && !app.shownCards.has(key);
    app.shownCards.add(key);
    const win = trick.winner === seat;
    slots[pos] = `<div class="tcard pos-${pos}${fresh ? ` fly-${pos}` : ""}${win ? " winner" : ""}" data-seat="${seat}" data-card="${card}">${cardSVG(card)}</div>`;
  }
  return `<div class="trick${last ? " last" : ""}">${POSITIONS.map((p) => slots[p] || "").join("")}</div>`;
}

function resultSummary() {
  const v = app.view;
  if (v.passed_out) return `<div class="result"><strong>${t("result.passedOut")}</strong></div>`;
  const side = sideOf(v.declarer);
  const tricks = v.won?.[side] ?? 0;
  const res = resultText(v.contract, tricks);
  const deals = app.score?.deals || [];
  const d = deals[deals.length - 1];
  let pts = "";
  if (d) {
    const p = dealPoints(d);
    const mine = p[mySide()] - p[mySide() === "NS" ? "EW" : "NS"];
    pts = `<span class="pts ${mine >= 0 ? "plus" : "minus"}">${mine >= 0 ? "+" : "−"}${Math.abs(mine)}</span>`;
  }
  return `<div class="result"><strong>${contractHTML(v.contract)} ${seatLetter(v.declarer)} ${res}</strong> <span class="muted">${t("result.tricks", { n: tricks })}</span> ${pts}</div>`;
}

function reviewDeal() {
  const v = app.view;
  return { all_hands: v.all_hands, tricks: v.tricks, current: v.current, calls: v.calls, contract: v.contract, declarer: v.declarer, dealer: v.dealer };
}

function renderCenter() {
  const v = app.view;
  const c = $("#center");
  if (v.phase === "auction") {
    const vulTxt = app.table?.ruleset === "auction-1920" ? "" : ` · ${vulText()}`;
    c.innerHTML = `<div class="center-auction">${auctionHTML(v.calls || [], v.dealer, { live: true, big: true })}
      <p class="caption">${t("auction.dealer", { seat: seatName(v.dealer) })}${vulTxt}</p></div>`;
    c.className = "center phase-auction";
    return;
  }
  if (v.phase === "dealing") {
    c.innerHTML = `<p class="caption">${t("info.dealing")}</p>`;
    c.className = "center phase-dealing";
    return;
  }
  if (v.phase === "play") {
    let trick = v.current;
    let last = false;
    if ((!trick || !trick.cards?.length) && v.tricks?.length) {
      trick = v.tricks[v.tricks.length - 1];
      last = true;
    }
    if (app.showLastTrick && v.tricks?.length) {
      trick = v.tricks[v.tricks.length - 1];
      last = true;
    }
    const lead = !v.tricks?.length && !v.current?.cards?.length;
    c.innerHTML = `${trickHTML(trick, { last })}${lead ? `<p class="caption lead-caption">${t("play.lead", { seat: playerName(v.turn) })}</p>` : ""}`;
    c.className = "center phase-play";
    return;
  }
  // done: the result and the next deal; the trick of the replay position
  const deal = reviewDeal();
  const r = app.review ? replayAt(deal, app.review.step) : { trick: null, total: 0, step: 0 };
  const over = app.score?.over || app.table?.status === "over";
  // with other people at the table the next deal waits for everybody's "next"
  const ready = app.table?.ready || [];
  const waiting = me() && ready.includes(me())
    ? SEATS.filter((s) => seatInfo(s).kind === "human" && !ready.includes(s)).map(playerName)
    : null;
  const nextBtn = waiting && waiting.length
    ? `<button type="button" class="btn" id="btn-next" disabled>${t("next.waiting", { names: waiting.join(", ") })}</button>`
    : me() ? `<button type="button" class="btn primary" id="btn-next">${over ? t("next.newRubber") : t("next.deal")}</button>` : "";
  c.innerHTML = `${r.trick ? trickHTML(r.trick, { animate: false }) : ""}<div class="done-box">${resultSummary()}${nextBtn}</div>`;
  c.className = `center phase-done${r.trick ? " replaying" : ""}`;
}

const ICONS = {
  first: '<svg viewBox="0 0 24 24" aria-hidden="true"><path d="M6 5h2v14H6zM20 5v14L9 12z"/></svg>',
  prev: '<svg viewBox="0 0 24 24" aria-hidden="true"><path d="M17 5v14L6 12z"/></svg>',
  next: '<svg viewBox="0 0 24 24" aria-hidden="true"><path d="M7 5v14l11-7z"/></svg>',
  last: '<svg viewBox="0 0 24 24" aria-hidden="true"><path d="M16 5h2v14h-2zM4 5v14l11-7z"/></svg>',
};

function renderReplayBar() {
  const v = app.view;
  const bar = $("#replay-bar");
  if (v.phase !== "done" || v.passed_out || !app.review) {
    bar.hidden = true;
    bar.innerHTML = "";
    return;
  }
  const r = replayAt(reviewDeal(), app.review.step);
  const trickNo = r.trick ? r.trick.index + 1 : 0;
  bar.hidden = false;
  bar.innerHTML = `<span class="replay-title">${t("review.replay")}</span>
    <div class="replay" role="group" aria-label="${t("review.replay")}">
      ${["first", "prev", "next", "last"].map((k) => `<button type="button" class="btn small icon-btn" data-replay="${k}" aria-label="${t(`review.${k}`)}" title="${t(`review.${k}`)}">${ICONS[k]}</button>`).join("")}
    </div>
    <span class="replay-pos" aria-live="polite">${t("review.step", { n: r.step, total: r.total })}${trickNo ? ` · ${t("review.trick", { n: trickNo })}` : ""}</span>
    <span class="muted small replay-keys">${t("review.keys")}</span>`;
}

function vulText() {
  const ns = vulnerable("NS");
  const ew = vulnerable("EW");
  return ns && ew ? t("vul.both") : ns ? t("vul.NS") : ew ? t("vul.EW") : t("vul.none");
}

// ---- rendering: side panels ------------------------------------------------------------------------

function renderDealInfo() {
  const v = app.view;
  const tb = app.table || {};
  const ruleset = tb.ruleset ? t(`ruleset.${tb.ruleset}`) : "";
  const n = tb.deal_number ?? (app.score?.deals?.length ?? 0) + 1;
  const dealTxt = tb.ruleset === "chicago" ? t("info.dealOf", { n, total: 4 }) : t("info.deal", { n });
  let contract = "";
  if (v.contract) {
    const won = v.won || {};
    contract = `<span class="chip contract-chip">${contractHTML(v.contract)} ${seatLetter(v.declarer)}</span>
      <span class="chip tricks-chip" title="${t("info.tricksTitle")}">${t("info.tricks", { we: won[mySide()] ?? 0, they: won[mySide() === "NS" ? "EW" : "NS"] ?? 0 })}</span>`;
  }
  const vul = tb.ruleset === "auction-1920" ? "" : `<span class="chip vul-info">${vulText()}</span>`;
  $("#deal-info").innerHTML = `<span class="ruleset">${ruleset}</span><span class="chip">${dealTxt}</span>${vul}${contract}`;
}

function renderContractBox() {
  const v = app.view;
  const box = $("#contract-box");
  const lines = [];
  lines.push(`<div class="kv"><span>${t("info.dealer")}</span><b>${seatName(v.dealer)}</b></div>`);
  if (app.table?.ruleset !== "auction-1920") lines.push(`<div class="kv"><span>${t("info.vul")}</span><b>${vulText()}</b></div>`);
  if (v.contract) {
    const side = sideOf(v.declarer);
    const need = Number(v.contract[0]) + 6;
    const won = v.won || { NS: 0, EW: 0 };
    lines.push(`<div class="kv"><span>${t("info.contract")}</span><b>${contractHTML(v.contract)} ${t("info.by", { seat: seatName(v.declarer) })}</b></div>`);
    lines.push(`<div class="kv"><span>${t("info.tricksDecl")}</span><b class="tricks-count" data-side="${side}">${won[side]} / ${need}</b></div>`);
    lines.push(`<div class="kv"><span>${t("info.tricksDef")}</span><b>${won[side === "NS" ? "EW" : "NS"]} / ${14 - need}</b></div>`);
  } else if (v.passed_out) {
    lines.push(`<div class="kv"><b>${t("result.passedOut")}</b></div>`);
  }
  if (v.phase !== "done" && v.turn) {
    const actor = v.actor && v.actor !== v.turn ? ` (${t("info.playedBy", { seat: seatName(v.actor) })})` : "";
    lines.push(`<div class="kv turn-line"><span>${t("info.turn")}</span><b>${seatName(v.turn)}${actor}</b></div>`);
  }
  if (!me()) lines.push(`<p class="muted small">${t("info.spectator")}</p>`);
  if (app.table?.spectators) lines.push(`<p class="muted small">${t("info.spectators", { n: app.table.spectators })}</p>`);
  box.innerHTML = lines.join("");
}

function renderSideAuction() {
  const v = app.view;
  const panel = $("#panel-auction");
  // during the auction the grid is in the middle of the table; the panel keeps the explanations
  $("#side-auction").innerHTML = v.phase === "auction" ? "" : v.calls?.length ? auctionHTML(v.calls, v.dealer) : "";
  panel.hidden = v.phase === "auction" && !$("#explain-box").innerHTML;
}

function renderScorePanel() {
  $("#score-mini").innerHTML = renderScoreMini(app.score, mySide(), app.table?.ruleset || app.score?.ruleset);
  const dlg = $("#dlg-score");
  if (dlg.open) $("#score-sheet").innerHTML = renderScoreSheet(app.score, mySide());
}

function renderAnalysisPanel() {
  const v = app.view;
  const panel = $("#panel-analysis");
  if (v.phase !== "done" || v.passed_out || !v.all_hands) {
    panel.hidden = true;
    return;
  }
  panel.hidden = false;
  $("#analysis-box").innerHTML = renderAnalysis(reviewDeal(), app.analysis, app.review?.step ?? 0);
}

function renderHint() {
  const panel = $("#panel-hint");
  if (!app.hint) {
    panel.hidden = true;
    return;
  }
  panel.hidden = false;
  const a = app.hint.action;
  const what = !a ? "" : /^[SHDC][2-9TJQKA]$/.test(a) ? cardHTML(a) : callHTML(a);
  $("#hint-box").innerHTML = `<p class="hint-action">${t("hint.suggests", { action: what })}</p><p>${escapeHTML(pick(app.hint.explanation))}</p>`;
}

/** Whether this seat is asked to answer a claim or undo request (the server lists who is asked). */
function mayReply(request, mine) {
  if (!mine) return false;
  if (request.replies && typeof request.replies === "object") {
    return Object.prototype.hasOwnProperty.call(request.replies, mine) && request.replies[mine] == null;
  }
  return sideOf(mine) !== sideOf(request.by) && mine !== app.view.dummy;
}

function renderBanner() {
  const banner = $("#banner");
  const p = app.pending || {};
  const parts = [];
  const mine = me();
  if (p.claim) {
    const c = p.claim;
    const left = 13 - (app.view.tricks || []).length;
    const canReply = mayReply(c, mine);
    parts.push(`<div class="pending claim"><p>${t("claim.pending", { seat: playerName(c.by), n: c.tricks, left })}</p>
      ${canReply ? `<div class="btns"><button type="button" class="btn primary" data-reply="claim" data-accept="1">${t("reply.accept")}</button><button type="button" class="btn" data-reply="claim" data-accept="0">${t("reply.reject")}</button></div>` : `<p class="muted small">${t("claim.waiting")}</p>`}</div>`);
  }
  if (p.undo) {
    const u = p.undo;
    const canReply = mayReply(u, mine);
    parts.push(`<div class="pending undo"><p>${t("undo.pending", { seat: playerName(u.by) })}</p>
      ${canReply ? `<div class="btns"><button type="button" class="btn primary" data-reply="undo" data-accept="1">${t("reply.accept")}</button><button type="button" class="btn" data-reply="undo" data-accept="0">${t("reply.reject")}</button></div>` : `<p class="muted small">${t("undo.waiting")}</p>`}</div>`);
  }
  const info = seatInfo(mine);
  if (mine && !info.name && !app.nameSent && info.kind !== "bot") {
    parts.push(`<form class="pending name-form" id="name-form"><label for="name-input">${t("name.ask")}</label>
      <input id="name-input" maxlength="24" value="${escapeHTML(localStorage.getItem("bazas.name") || "")}"><button class="btn primary" type="submit">${t("name.save")}</button></form>`);
  }
  banner.hidden = !parts.length;
  banner.innerHTML = parts.join("");
}

function renderActions() {
  const v = app.view;
  const seated = Boolean(me());
  $("#btn-hint").disabled = !isMyTurn();
  $("#btn-undo").disabled = !seated || v.phase === "done" || !(v.calls || []).length;
  $("#btn-claim").disabled = !(seated && v.phase === "play" && v.declarer === me() && !app.pending?.claim);
  $("#btn-lasttrick").disabled = !(v.phase === "play" && v.tricks?.length);
  $("#btn-lasttrick").setAttribute("aria-pressed", String(app.showLastTrick));
  $("#actions").hidden = !seated;
  $("#cmd-form").hidden = !seated && v.phase !== "done";
}

function renderInvites() {
  const links = JSON.parse(localStorage.getItem(`bazas.links.${app.tableId}`) || "null");
  const open = SEATS.filter((s) => seatInfo(s).kind === "open" || (seatInfo(s).kind === "human" && !seatInfo(s).name && s !== me()));
  const panel = $("#panel-invite");
  if (!links || !open.length) {
    panel.hidden = true;
    return;
  }
  panel.hidden = false;
  $("#invite-box").innerHTML = open
    .filter((s) => links[s])
    .map((s) => {
      const url = new URL(links[s], location.origin).href;
      return `<div class="invite"><span class="seat-badge">${seatLetter(s)}</span><input readonly value="${escapeHTML(url)}" aria-label="${t("invite.link", { seat: seatName(s) })}"><button type="button" class="btn small" data-copy="${escapeHTML(url)}">${t("invite.copy")}</button></div>`;
    })
    .join("");
}

function renderConn() {
  const el = $("#conn");
  const s = app.connStatus;
  el.hidden = s === "open";
  el.className = `conn ${s}`;
  el.textContent = s === "open" ? "" : t(`conn.${s}`);
}

/** Spread each fanned hand over the room it has: the visible strip of every card but the last. */
function fitFans() {
  for (const hand of document.querySelectorAll(".hand.fan")) {
    const cards = hand.querySelectorAll(".card-btn, .card-slot");
    if (!cards.length) continue;
    const cardW = cards[0].getBoundingClientRect().width || 80;
    const groups = hand.querySelectorAll(".suit-group").length;
    const gap = parseFloat(getComputedStyle(hand).getPropertyValue("--suit-gap")) || 0;
    const avail = (hand.parentElement?.clientWidth || window.innerWidth) - 8;
    const n = cards.length;
    const max = cardW * (narrow() ? 0.5 : 0.46);
    const strip = n > 1 ? Math.max(12, Math.min(max, (avail - cardW - gap * (groups - 1)) / (n - 1))) : max;
    hand.style.setProperty("--strip", `${strip.toFixed(1)}px`);
  }
}

/** What has the keyboard focus, so that a re-render can give it back. */
function focusKey() {
  const el = document.activeElement;
  if (!el || el === document.body) return null;
  if (el.id) return `#${CSS.escape(el.id)}`;
  for (const attr of ["data-card", "data-call", "data-call-index", "data-replay", "data-reply", "data-step"]) {
    const v = el.getAttribute(attr);
    if (v != null) return `[${attr}="${CSS.escape(v)}"]${attr === "data-reply" ? `[data-accept="${el.dataset.accept}"]` : ""}`;
  }
  return null;
}

function render() {
  if (!app.view) return;
  const focused = focusKey();
  renderAll();
  if (focused && (!document.activeElement || document.activeElement === document.body)) {
    const el = document.querySelector(focused);
    if (el && !el.disabled) el.focus({ preventScroll: true });
  }
}

function renderAll() {
  const key = dealKey();
  if (app.review && app.review.dealKey !== key) app.review = null;
  if (app.view.phase === "done" && app.view.all_hands && !app.review) app.review = { step: 0, dealKey: key };
  if (app.view.phase !== "done") app.review = null;
  const trickKey = `${key}:${(app.view.tricks || []).length}`;
  if (app.lastTrickKey !== trickKey) {
    app.showLastTrick = false;
    app.lastTrickKey = trickKey;
  }
  document.body.dataset.phase = app.view.phase;
  document.body.dataset.seat = me() || "spectator";
  document.body.classList.toggle("my-turn", isMyTurn());
  renderDealInfo();
  renderSeats();
  fitFans();
  renderCenter();
  renderReplayBar();
  renderBidBox();
  renderContractBox();
  renderSideAuction();
  renderScorePanel();
  renderAnalysisPanel();
  renderHint();
  renderBanner();
  renderActions();
  renderInvites();
  updateCmdPreview();
  app.rendered = true;
}

// ---- explanations --------------------------------------------------------------------------------

function explanationText(e) {
  if (!e) return "";
  const text = escapeHTML(pick(e));
  // the sentence already says what the constraints say; show them only when there is no sentence
  const cons = !text && e.constraints && typeof e.constraints === "object" ? constraintsText(e.constraints) : "";
  return `${text}${cons ? `<span class="cons">${cons}</span>` : ""}`;
}

function constraintsText(cons) {
  const out = [];
  for (const [k, v] of Object.entries(cons)) {
    let range = v;
    if (Array.isArray(v)) range = v.length === 2 ? (v[1] >= 37 || v[1] >= 13 && k.length === 1 ? `${v[0]}+` : `${v[0]}–${v[1]}`) : v.join(", ");
    else if (v && typeof v === "object") range = v.max == null ? `${v.min}+` : `${v.min ?? 0}–${v.max}`;
    const label = ["S", "H", "D", "C"].includes(k) ? suitIcon(k) : escapeHTML(t(`cons.${k}`) === `cons.${k}` ? k : t(`cons.${k}`));
    out.push(`${label} ${escapeHTML(String(range))}`);
  }
  return out.join(" · ");
}

function genericMeaning(call) {
  if (call === "P") return t("meaning.P");
  if (call === "X") return t("meaning.X");
  if (call === "XX") return t("meaning.XX");
  const level = Number(call[0]);
  const strain = call.slice(1);
  return t("meaning.bid", { tricks: level + 6, strain: strain === "NT" ? t("meaning.nt") : t("meaning.trumps", { suit: t(`suit.${strain}`) }) });
}

/** Meaning of call number `index` of the auction: from `explanations`, else ask the server. */
function explainIndex(index) {
  const e = app.explanations?.[index];
  if (e) return explanationText(e);
  const key = `i:${dealKey()}:${index}`;
  if (app.explainCache.has(key)) return explanationText(app.explainCache.get(key));
  send({ type: "explain", index: Number(index) });
  app.explainCache.set(key, null);
  return `<span class="muted">${genericMeaning(app.view.calls[index])}</span>`;
}

function explainInto(call, el) {
  if (!el) return;
  const key = `c:${dealKey()}:${(app.view.calls || []).length}:${call}`;
  const known = app.explainCache.get(key);
  if (known) {
    el.innerHTML = explanationText(known);
    return;
  }
  el.innerHTML = `<span class="muted">${genericMeaning(call)}</span>`;
  if (!app.explainCache.has(key)) {
    app.explainCache.set(key, null);
    send({ type: "explain", call });
  }
}

function showTip(target, html) {
  const tip = $("#tip");
  tip.innerHTML = html;
  tip.hidden = false;
  const r = target.getBoundingClientRect();
  const tr = tip.getBoundingClientRect();
  let left = r.left + r.width / 2 - tr.width / 2;
  left = Math.max(6, Math.min(left, window.innerWidth - tr.width - 6));
  let top = r.top - tr.height - 8;
  if (top < 6) top = r.bottom + 8;
  tip.style.left = `${left + window.scrollX}px`;
  tip.style.top = `${top + window.scrollY}px`;
  tip.dataset.for = target.dataset.callIndex ?? target.dataset.call ?? "";
}

function hideTip() {
  const tip = $("#tip");
  tip.hidden = true;
  tip.dataset.for = "";
}

function tipForCallCell(el) {
  const i = Number(el.dataset.callIndex);
  const call = app.view.calls[i];
  const seat = SEATS[(SEATS.indexOf(app.view.dealer) + i) % 4];
  const html = `<div class="tip-head">${callHTML(call)} <span class="muted">${seatName(seat)}</span></div><div class="tip-body">${explainIndex(i)}</div>`;
  showTip(el, html);
  $("#explain-box").innerHTML = html;
}

function tipForBid(el) {
  const call = el.dataset.call;
  const holder = document.createElement("div");
  explainInto(call, holder);
  showTip(el, `<div class="tip-head">${callHTML(call)}</div><div class="tip-body">${holder.innerHTML}</div>`);
}

// ---- server messages -----------------------------------------------------------------------------

function onState(msg) {
  const prevPhase = app.view?.phase;
  app.msg = msg;
  app.table = msg.table || {};
  // no deal on the table (being dealt): an empty view so the seats still show
  app.view = msg.view || {
    seat: app.table.you ?? null, dealer: app.table.dealer || "N", phase: "dealing", calls: [], turn: null, actor: null,
    contract: null, declarer: null, dummy: null, hand: null, original_hand: null, dummy_hand: null, tricks: [],
    current: null, won: { NS: 0, EW: 0 }, legal: [], all_hands: null, passed_out: false,
  };
  app.score = normScore(msg.score);
  app.pending = msg.pending || null;
  app.explanations = msg.explanations || [];
  app.analysis = msg.analysis || msg.view?.analysis || null;
  // a hint is for one decision only
  if (app.hint && app.hint.step !== actionCount()) app.hint = null;
  if (prevPhase && prevPhase !== app.view.phase) hideTip();
  if (app.view.phase === "auction" && prevPhase !== "auction") app.shownCards.clear();
  document.body.classList.add("ready");
  render();
  if (!app.nameSent && me()) maybeSendName();
}

function onMessage(msg) {
  if (msg.type === "error") {
    const key = `error.${msg.code}`;
    const text = t(key) === key ? t("error.generic") : t(key);
    toast(`${text}${msg.message ? ` <span class="muted">(${escapeHTML(msg.message)})</span>` : ""}`, "error");
    for (const el of document.querySelectorAll(".sent")) el.classList.remove("sent");
    app.sentAt = null;
    return;
  }
  if (msg.type === "hint") {
    app.hint = { action: msg.action, explanation: msg.explanation, step: actionCount() };
    render();
    const a = msg.action;
    const what = !a ? "" : /^[SHDC][2-9TJQKA]$/.test(a) ? cardHTML(a) : callHTML(a);
    toast(t("hint.suggests", { action: what }), "info");
    return;
  }
  if (msg.type === "explanation") {
    const key = msg.index != null ? `i:${dealKey()}:${msg.index}` : `c:${dealKey()}:${(app.view.calls || []).length}:${msg.call}`;
    app.explainCache.set(key, msg.explanation || { en: "", es: "" });
    if (msg.index != null && app.explanations && !app.explanations[msg.index]) app.explanations[msg.index] = msg.explanation;
    const tip = $("#tip");
    if (!tip.hidden) {
      const el = msg.index != null ? document.querySelector(`[data-call-index="${msg.index}"]`) : document.querySelector(`.bid[data-call="${msg.call}"]`);
      if (el && tip.dataset.for === String(msg.index ?? msg.call)) (msg.index != null ? tipForCallCell : tipForBid)(el);
    }
    if (app.selectedBid === msg.call) explainInto(msg.call, $("#bb-meaning"));
    return;
  }
}

function maybeSendName() {
  const info = seatInfo(me());
  const saved = localStorage.getItem("bazas.name");
  if (info.kind !== "bot" && !info.name && saved) {
    app.nameSent = send({ type: "name", name: saved });
  }
}

// ---- keyboard and typed commands ------------------------------------------------------------------

function runCommand(text) {
  const v = app.view;
  if (!v) return false;
  const parsed = parseInput(text, v.phase);
  if (!parsed) {
    toast(t("cmd.unknown", { text: escapeHTML(text) }), "warn");
    return false;
  }
  if (parsed.kind === "call") makeCall(parsed.value);
  else if (parsed.kind === "card") playCard(parsed.value);
  else if (parsed.kind === "claim") claim(parsed.value);
  else {
    const c = parsed.value;
    if (c === "hint") askHint();
    else if (c === "undo") askUndo();
    else if (c === "score") openScore();
    else if (c === "history") openHistory();
    else if (c === "next") nextDeal();
    else if (c === "claim") openClaim();
    else if (c === "review") replayStep("first");
    else if (c === "accept" || c === "reject") {
      const kind = app.pending?.claim ? "claim" : app.pending?.undo ? "undo" : null;
      if (kind) reply(kind, c === "accept");
    }
  }
  return true;
}

function updateCmdPreview() {
  const input = $("#cmd");
  const out = $("#cmd-preview");
  if (!input || !out || !app.view) return;
  const parsed = parseInput(input.value, app.view.phase);
  if (!input.value.trim()) {
    out.innerHTML = "";
    out.className = "cmd-preview";
    return;
  }
  if (!parsed) {
    out.innerHTML = "?";
    out.className = "cmd-preview bad";
    return;
  }
  if (parsed.kind === "call" || parsed.kind === "card") {
    const ok = isMyTurn() && legalSet().has(parsed.value);
    out.innerHTML = parsed.kind === "call" ? callHTML(parsed.value) : cardHTML(parsed.value);
    out.className = `cmd-preview ${ok ? "ok" : "bad"}`;
  } else {
    out.innerHTML = t(`cmd.${parsed.kind === "claim" ? "claim" : parsed.value}`);
    out.className = "cmd-preview ok";
  }
}

function onKeyDown(e) {
  const target = e.target;
  const inField = target.closest && target.closest("input, textarea, select, [contenteditable]");
  const dialogOpen = document.querySelector("dialog[open]");
  if (e.key === "Escape") {
    hideTip();
    if (app.selectedBid) {
      app.selectedBid = null;
      renderBidBox();
    }
    if (target.id === "cmd") target.value = "";
    updateCmdPreview();
    return;
  }
  if (dialogOpen) return;
  if (inField) return;
  if (e.ctrlKey || e.metaKey || e.altKey) return;
  // arrows step through the replay after a deal
  if (app.view?.phase === "done" && app.review && ["ArrowLeft", "ArrowRight", "Home", "End"].includes(e.key)) {
    replayStep({ ArrowLeft: "prev", ArrowRight: "next", Home: "first", End: "last" }[e.key]);
    e.preventDefault();
    return;
  }
  if (e.key.length === 1 && /[0-9a-zA-Z♠♥♦♣?\-ñÑ]/.test(e.key)) {
    const input = $("#cmd");
    if (input && !$("#cmd-form").hidden) {
      input.focus();
      input.value += e.key;
      updateCmdPreview();
      e.preventDefault();
    }
  }
}

// ---- dialogs ------------------------------------------------------------------------------------

function openScore() {
  $("#score-sheet").innerHTML = renderScoreSheet(app.score, mySide());
  $("#dlg-score").showModal();
}

async function openHistory() {
  const box = $("#history-list");
  box.innerHTML = `<p class="muted">${t("history.loading")}</p>`;
  $("#dlg-history").showModal();
  try {
    const res = await fetch(`/api/tables/${encodeURIComponent(app.tableId)}/history`);
    if (!res.ok) throw new Error(String(res.status));
    const data = await res.json();
    app.history = Array.isArray(data) ? { deals: data } : data;
    box.innerHTML = historyHTML(app.history);
  } catch {
    box.innerHTML = `<p class="muted">${t("history.error")}</p>`;
  }
}

function historyHTML(h) {
  const deals = h?.deals || [];
  if (!deals.length) return `<p class="muted">${t("history.empty")}</p>`;
  const my = mySide();
  const they = my === "NS" ? "EW" : "NS";
  const rows = deals
    .map((d) => {
      const p = d.points || dealPoints(d);
      const contract = d.passed_out || !d.contract || String(d.contract).toLowerCase() === "pass" ? t("result.passedOut") : `${contractHTML(d.contract)} ${seatLetter(d.declarer)} ${resultText(d.contract, d.tricks)}`;
      const pbn = d.pbn || `/api/tables/${encodeURIComponent(app.tableId)}/deals/${d.number}.pbn`;
      return `<tr><td>${d.rubber ? `${d.rubber}·` : ""}${d.number}</td><td>${seatLetter(d.dealer)}</td><td>${contract}</td>
        <td class="num">${p[my] || ""}</td><td class="num">${p[they] || ""}</td>
        <td><a href="${escapeHTML(pbn)}" download class="pbn-link">PBN</a>
        <button type="button" class="btn small" data-review-deal="${d.number}">${t("history.review")}</button></td></tr>`;
    })
    .join("");
  const all = h.pbn || `/api/tables/${encodeURIComponent(app.tableId)}.pbn`;
  return `<table class="grid history"><thead><tr><th>#</th><th>${t("score.dealer")}</th><th>${t("score.contract")}</th><th>${t("score.we")}</th><th>${t("score.they")}</th><th></th></tr></thead><tbody>${rows}</tbody></table>
    <p><a class="btn" href="${escapeHTML(all)}" download>${t("history.allPbn")}</a></p><div id="history-review"></div>`;
}

async function reviewHistoryDeal(number) {
  const holder = $("#history-review");
  holder.innerHTML = `<p class="muted">${t("history.loading")}</p>`;
  try {
    const res = await fetch(`/api/tables/${encodeURIComponent(app.tableId)}/deals/${number}`);
    if (!res.ok) throw new Error(String(res.status));
    const deal = await res.json();
    app.historyReview = { deal, step: 0, number };
    drawHistoryReview();
  } catch {
    holder.innerHTML = `<p class="muted">${t("history.noReview")}</p>`;
  }
}

function drawHistoryReview() {
  const hr = app.historyReview;
  if (!hr) return;
  const { deal } = hr;
  const r = replayAt(deal, hr.step);
  const hand = (s) => `<div class="hr-hand hr-${s}"><div class="hr-seat">${seatName(s)}</div>${handHTML(s, r.hands[s] || [], "rows", { size: "small" })}</div>`;
  const trick = (r.trick?.cards || []).map(([s, c]) => `<span>${seatLetter(s)} ${cardHTML(c)}</span>`).join(" ");
  $("#history-review").innerHTML = `<h3>${t("history.dealN", { n: hr.number })} · ${contractHTML(deal.contract)} ${deal.declarer ? seatLetter(deal.declarer) : ""}</h3>
    <div class="hr-board">${SEATS.map(hand).join("")}<div class="hr-center">${trick || "&nbsp;"}</div></div>
    <div class="replay">${["first", "prev"].map(hreplayButton).join("")}
    <span class="replay-pos">${t("review.step", { n: r.step, total: r.total })}</span>
    ${["next", "last"].map(hreplayButton).join("")}</div>
    ${auctionHTML(deal.calls || [], deal.dealer || "N")}
    ${renderAnalysis(deal, deal.analysis, hr.step)}`;
}

function hreplayButton(k) {
  return `<button type="button" class="btn small icon-btn" data-hreplay="${k}" aria-label="${t(`review.${k}`)}" title="${t(`review.${k}`)}">${ICONS[k]}</button>`;
}

function replayStep(how, target) {
  if (!app.review) return;
  const total = playedSequence(reviewDeal()).length;
  let s = app.review.step;
  if (how === "first") s = 0;
  else if (how === "prev") s -= 1;
  else if (how === "next") s += 1;
  else if (how === "last") s = total;
  else if (how === "to") s = target;
  app.review.step = Math.max(0, Math.min(total, s));
  renderSeats();
  fitFans();
  renderCenter();
  renderReplayBar();
  renderAnalysisPanel();
  document.querySelector(`[data-replay="${how}"]`)?.focus();
}

// ---- wiring --------------------------------------------------------------------------------------

function wire() {
  document.addEventListener("keydown", onKeyDown);
  $("#cmd-form").addEventListener("submit", (e) => {
    e.preventDefault();
    const input = $("#cmd");
    const text = input.value;
    if (text.trim() && runCommand(text)) input.value = "";
    updateCmdPreview();
  });
  $("#cmd").addEventListener("input", updateCmdPreview);

  document.addEventListener("click", async (e) => {
    const el = e.target.closest("button, a");
    if (!el) {
      if (!e.target.closest("#tip")) hideTip();
      return;
    }
    if (el.matches(".card-btn[data-card]")) return playCard(el.dataset.card);
    if (el.matches(".bid[data-call]")) {
      const call = el.dataset.call;
      if (coarse()) {
        // touch: first tap shows the meaning, the confirm button bids
        app.selectedBid = app.selectedBid === call ? null : call;
        renderBidBox();
        return;
      }
      return makeCall(call);
    }
    if (el.id === "bb-ok" && app.selectedBid) return makeCall(app.selectedBid);
    if (el.matches(".call-cell")) return tipForCallCell(el);
    if (el.dataset.reply) return reply(el.dataset.reply, el.dataset.accept === "1");
    if (el.dataset.claim != null) return claim(Number(el.dataset.claim));
    if (el.dataset.replay) return replayStep(el.dataset.replay);
    if (el.matches(".rc[data-step]")) {
      if (el.closest("#history-review")) {
        app.historyReview.step = Number(el.dataset.step);
        return drawHistoryReview();
      }
      return replayStep("to", Number(el.dataset.step));
    }
    if (el.dataset.hreplay && app.historyReview) {
      const total = playedSequence(app.historyReview.deal).length;
      const h = app.historyReview;
      h.step = { first: 0, prev: h.step - 1, next: h.step + 1, last: total }[el.dataset.hreplay];
      h.step = Math.max(0, Math.min(total, h.step));
      return drawHistoryReview();
    }
    if (el.dataset.reviewDeal) return reviewHistoryDeal(el.dataset.reviewDeal);
    if (el.dataset.copy) {
      const ok = await copyText(el.dataset.copy);
      toast(ok ? t("invite.copied") : t("invite.copyFailed"), ok ? "info" : "warn");
      return;
    }
    if (el.hasAttribute("data-close")) return el.closest("dialog")?.close();
    switch (el.id) {
      case "btn-hint": return askHint();
      case "btn-undo": return askUndo();
      case "btn-claim": return openClaim();
      case "btn-next": return nextDeal();
      case "btn-score":
      case "btn-score2": return openScore();
      case "btn-history": return openHistory();
      case "btn-lasttrick":
        app.showLastTrick = !app.showLastTrick;
        return render();
      default:
    }
  });

  document.addEventListener("submit", (e) => {
    if (e.target.id === "name-form") {
      e.preventDefault();
      const name = $("#name-input").value.trim();
      if (!name) return;
      localStorage.setItem("bazas.name", name);
      app.nameSent = send({ type: "name", name });
      renderBanner();
    }
  });

  // hover (mouse) shows meanings: calls made in the auction, and bids in the box
  document.addEventListener("mouseover", (e) => {
    const cell = e.target.closest?.(".call-cell");
    if (cell) return tipForCallCell(cell);
    const bid = e.target.closest?.(".bid[data-call]");
    if (bid && !bid.disabled) return tipForBid(bid);
  });
  document.addEventListener("mouseout", (e) => {
    if (e.target.closest?.(".call-cell, .bid")) hideTip();
  });
  document.addEventListener("focusin", (e) => {
    const cell = e.target.closest?.(".call-cell");
    if (cell) tipForCallCell(cell);
    const bid = e.target.closest?.(".bid[data-call]");
    if (bid) tipForBid(bid);
  });
  window.addEventListener("scroll", hideTip, { passive: true });
  let resizeTimer = null;
  window.addEventListener("resize", () => {
    clearTimeout(resizeTimer);
    resizeTimer = setTimeout(() => app.view && render(), 120);
  });
  for (const d of document.querySelectorAll("dialog")) {
    d.addEventListener("click", (e) => {
      if (e.target === d) d.close(); // backdrop click
    });
  }
}

async function main() {
  installSprite();
  const parts = location.pathname.split("/").filter(Boolean);
  app.tableId = parts[0] === "t" ? decodeURIComponent(parts[1] || "") : new URLSearchParams(location.search).get("table");
  app.key = new URLSearchParams(location.search).get("k");
  await loadLang(detectLang());
  applyStatic();
  initControls();
  onLangChange(() => {
    applyStatic();
    renderConn();
    render();
    const rl = $("#rules-link");
    if (rl && app.table?.ruleset) rl.href = `/rules/${app.table.ruleset}?lang=${lang()}`;
  });
  wire();
  rememberTable({ url: location.pathname + location.search, id: app.tableId, seated: Boolean(app.key) });
  app.conn = new Connection(app.tableId, app.key, {
    state: (msg) => {
      onState(msg);
      const rl = $("#rules-link");
      if (rl && app.table?.ruleset) rl.href = `/rules/${app.table.ruleset}?lang=${lang()}`;
    },
    message: onMessage,
    status: (s) => {
      app.connStatus = s;
      renderConn();
    },
  });
  app.conn.connect();
}

main();
