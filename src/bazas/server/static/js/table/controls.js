// What the player does besides calls and cards, and the page's answers to it: hint, undo, claim,
// next deal, replies to a claim or undo request, the player's name; the action buttons, the
// banner of open requests and the hint panel.
import { drawHTML, escapeHTML, toast } from "../common.js";
import { callText, cardHTML, pick, t } from "../i18n.js";
import { app, busy, legalSet, me, myTurn, send } from "./store.js";
import { decisionKey, mayReply, seatInfo, tricksLeft } from "./model.js";
import { playerName } from "./seats.js";
import { hideTip } from "./bidding.js";
import { waitingHTML } from "./pace.js";
import { hasActed, hintHeadline, hintReason, tn } from "./words.js";

const $ = (sel) => document.querySelector(sel);

function markSent(selector) {
  document.querySelector(selector)?.classList.add("sent");
}

export function makeCall(call) {
  if (busy()) return;
  if (!myTurn() || app.view.phase !== "auction") return toast(t("error.turn"), "warn");
  if (!legalSet().has(call)) return toast(t("error.illegalCall", { call: callText(call) }), "warn");
  app.selectedBid = null;
  hideTip();
  if (send({ type: "call", call })) {
    app.sentAt = app.msg.version;
    markSent(`[data-call="${call}"]`);
  }
}

export function playCard(card) {
  if (busy()) return;
  if (!myTurn() || app.view.phase !== "play") return toast(t("error.turn"), "warn");
  if (!legalSet().has(card)) return toast(t("error.illegalCard", { card: cardHTML(card) }), "warn");
  if (send({ type: "card", card })) {
    app.sentAt = app.msg.version;
    markSent(`.card-btn[data-card="${card}"]`);
  }
}

export function askHint() {
  if (!myTurn()) return toast(t("hint.notYourTurn"), "warn");
  send({ type: "hint" });
}

export function askUndo() {
  if (!me()) return toast(t("error.not_seated"), "warn");
  if (!hasActed(app.view, me())) return toast(t("refusal.nothing_to_undo_deal"), "warn");
  send({ type: "undo" });
}

export function openClaim() {
  const v = app.view;
  if (v.phase !== "play" || !me() || v.declarer !== me()) return toast(t("claim.onlyDeclarer"), "warn");
  renderClaimDialog();
  $("#dlg-claim").showModal();
  $("#claim-body").querySelector(".claim-n")?.focus();
}

/** The claim dialog's question and buttons (again when the page's language changes). */
export function renderClaimDialog() {
  const left = tricksLeft(app.view);
  const buttons = [];
  for (let n = left; n >= 0; n--) buttons.push(`<button type="button" class="btn claim-n${n === left ? " primary" : ""}" data-claim="${n}">${n}</button>`);
  $("#claim-body").innerHTML = `<p>${tn("claim.question", left, { left })}</p><div class="claim-grid">${buttons.join("")}</div><p class="muted small">${t("claim.keyboard")}</p>`;
}

export function claim(n) {
  const left = tricksLeft(app.view);
  if (!(n >= 0 && n <= left)) return toast(tn("claim.range", left, { left }), "warn");
  if (send({ type: "claim", tricks: n })) $("#dlg-claim").close();
}

export function nextDeal() {
  send({ type: "next" });
}

/** Answer the open claim or undo request ("claim" | "undo"). */
export function reply(kind, accept) {
  send({ type: kind === "claim" ? "claim_reply" : "undo_reply", accept });
}

/** The kind of request open now ("claim" first), or null. */
export function openRequest() {
  return app.pending?.claim ? "claim" : app.pending?.undo ? "undo" : null;
}


/** A `hint` message: shown until the next decision. */
export function onHint(msg) {
  app.hint = { action: msg.action, explanation: msg.explanation, step: decisionKey(app.table, app.view) };
  toast(hintHeadline(msg.action), "info");
}

/** What the last command did, said to the player: a claim made, accepted, rejected (issue 12). */
export function onEvents(events) {
  for (const e of events) {
    const d = e.data || {};
    if (e.kind === "claim_requested" || (e.kind === "claim" && !events.some((x) => x.kind === "claim_requested"))) {
      const left = app.table?.claim?.left ?? tricksLeft(app.view);
      app.lastClaimBy = d.seat;
      toast(tn("claim.made", left, { seat: playerName(d.seat), n: d.tricks, left }), "info");
    } else if (e.kind === "claim_accepted" && app.table?.claim) {
      const c = app.table.claim;
      toast(tn("claim.accepted", c.left, { seat: playerName(c.seat), n: c.tricks, left: c.left }), "info");
    } else if (e.kind === "claim_rejected") {
      toast(t("claim.rejected", { seat: playerName(app.lastClaimBy || d.seat) }), "warn");
    }
  }
}

/** An `error` message: say it in the page's language (the server sends both, issue 12), and let
 * the player act again. */
export function onError(msg) {
  const key = `error.${msg.code}`;
  const fallback = t(key) === key ? t("error.generic") : t(key);
  const text = msg.text ? pick(msg.text) : fallback;
  toast(`<span class="refusal" data-reason="${escapeHTML(msg.reason || msg.code || "")}">${escapeHTML(text)}</span>`, "error");
  for (const el of document.querySelectorAll(".sent")) el.classList.remove("sent");
  app.sentAt = null;
}

export function renderHint() {
  const panel = $("#panel-hint");
  if (!app.hint) {
    panel.hidden = true;
    return;
  }
  panel.hidden = false;
  const why = hintReason(app.hint.action, app.hint.explanation);
  $("#hint-box").innerHTML = `<p class="hint-action">${hintHeadline(app.hint.action)}${why ? ":" : ""}</p>${why ? `<p class="hint-why">${escapeHTML(why)}</p>` : ""}`;
}

function requestHTML(kind, request, text, waiting) {
  const canReply = mayReply(request, me());
  return `<div class="pending ${kind}"><p>${text}</p>
      ${canReply ? `<div class="btns"><button type="button" class="btn primary" data-reply="${kind}" data-accept="1">${t("reply.accept")}</button><button type="button" class="btn" data-reply="${kind}" data-accept="0">${t("reply.reject")}</button></div>` : `<p class="muted small">${waiting}</p>`}</div>`;
}

/** Open requests (claim, undo) with their answer buttons, and the question of the player's name. */
export function renderBanner() {
  const p = app.pending || {};
  const parts = [];
  if (p.claim) parts.push(requestHTML("claim", p.claim, tn("claim.pending", tricksLeft(app.view), { seat: playerName(p.claim.by), n: p.claim.tricks, left: tricksLeft(app.view) }), t("claim.waiting")));
  if (p.undo) parts.push(requestHTML("undo", p.undo, t("undo.pending", { seat: playerName(p.undo.by) }), t("undo.waiting")));
  const waiting = waitingHTML(); // issue 12: who the table waits for (the creator may hand the seat to a bot)
  if (waiting) parts.push(waiting);
  const mine = me();
  const info = seatInfo(app.table, mine);
  if (mine && !info.name && !app.nameSent && info.kind !== "bot") {
    parts.push(`<form class="pending name-form" id="name-form"><label for="name-input">${t("name.ask")}</label>
      <input id="name-input" maxlength="24" value="${escapeHTML(localStorage.getItem("bazas.name") || "")}"><button class="btn primary" type="submit">${t("name.save")}</button></form>`);
  }
  const banner = $("#banner");
  const html = parts.join("");
  banner.hidden = !parts.length;
  // A state message may arrive while the player types a name: keep what was typed and the focus.
  const typing = $("#name-input");
  const typed = typing ? typing.value : null;
  const focused = typing && document.activeElement === typing;
  if (!drawHTML(banner, html)) return; // nothing new: the buttons (and what is typed) stay as they are
  const input = $("#name-input");
  if (input && typed !== null) {
    input.value = typed;
    if (focused) input.focus();
  }
}

/** The move-seat dialog (issue 13): first what moving does, then the link for the other device. */
export function openMoveSeat() {
  if (!me()) return toast(t("error.not_seated"), "warn");
  $("#move-body").innerHTML = `<p>${t("move.explain")}</p><p class="muted small">${t("move.warning")}</p>
    <div class="btns"><button type="button" class="btn primary" id="move-confirm">${t("move.confirm")}</button>
    <button type="button" class="btn" data-close>${t("move.cancel")}</button></div>`;
  $("#dlg-move").showModal();
}

export function moveSeat() {
  if (!me()) return;
  const button = $("#move-confirm");
  if (send({ type: "move_seat" }) && button) button.disabled = true;
}

/** A `seat_key` message with `moved`: this device gave the seat up; the link opens it elsewhere. */
export function onSeatMoved(msg) {
  const url = new URL(msg.link, location.origin).href;
  app.key = null;
  if (app.conn) {
    app.conn.key = null; // reconnecting, this page watches
    app.conn.fallbackKey = null;
  }
  try {
    localStorage.removeItem(`bazas.seat.${app.tableId}`);
    const here = new URL(location.href);
    here.searchParams.delete("k");
    history.replaceState(history.state, "", here.pathname + here.search + here.hash);
  } catch {
    /* storage or history unavailable */
  }
  $("#move-body").innerHTML = `<p>${t("move.done")}</p>
    <div class="invite"><input id="move-link" readonly value="${escapeHTML(url)}" aria-label="${t("move.link")}"><button type="button" class="btn small" data-copy="${escapeHTML(url)}">${t("invite.copy")}</button></div>
    <p class="muted small">${t("move.after")}</p>`;
  const dialog = $("#dlg-move");
  if (!dialog.open) dialog.showModal();
  $("#move-link")?.select();
}

export function renderActions() {
  const v = app.view;
  const seated = Boolean(me());
  $("#btn-hint").disabled = !myTurn();
  $("#btn-undo").disabled = !seated || v.phase === "done" || !hasActed(v, me());
  // (three-handed Auction, facts `dummy_seat`: the cards are played out, no claims; issue 11)
  $("#btn-claim").disabled = !(seated && v.phase === "play" && v.declarer === me() && !app.pending?.claim && !app.facts?.dummy_seat);
  $("#btn-lasttrick").disabled = !(v.phase === "play" && v.tricks.length);
  $("#btn-lasttrick").setAttribute("aria-pressed", String(app.showLastTrick));
  $("#btn-move").disabled = !seated;
  $("#actions").hidden = !seated;
  $("#cmd-form").hidden = !seated && v.phase !== "done";
}

/** Send the name saved in this browser for a seat that has none yet. */
export function maybeSendName() {
  const info = seatInfo(app.table, me());
  const saved = localStorage.getItem("bazas.name");
  if (info.kind !== "bot" && !info.name && saved) app.nameSent = send({ type: "name", name: saved });
}

export function sendName(name) {
  localStorage.setItem("bazas.name", name);
  app.nameSent = send({ type: "name", name });
  renderBanner();
}
