// The table's pace and its clear moments (issue 12): the speed of the bots (the table's, set by
// any seated player on the server), what a finished trick does (stays until a delay passes, or
// until a click or tap: this player's preference, kept on this device), who the table waits for,
// and the creator's "hand this seat to a bot".
import { escapeHTML } from "../common.js";
import { seatName, t } from "../i18n.js";
import { app, me, send } from "./store.js";
import { SEATS, dealKey, seatInfo } from "./model.js";

const $ = (sel) => document.querySelector(sel);
export const SPEEDS = ["slow", "normal", "fast", "instant"];
const PREF = "bazas.trickPref";

/** "delay" (a finished trick clears by itself after the table's pause) or "click". */
export function trickPref() {
  return localStorage.getItem(PREF) === "click" ? "click" : "delay";
}

// -- the finished trick --------------------------------------------------------------------------
// `app.trickSeen` = {key, count}: finished tricks of this deal the player has seen; a newer one is
// "held" in the middle until released (timer or click).
let timer = null;

/** Call with each new state: a trick that has just finished starts being held. */
export function noteTricks() {
  const v = app.view;
  const key = dealKey(app.table, v);
  const count = v.tricks?.length || 0;
  if (!app.trickSeen || app.trickSeen.key !== key || !app.rendered || v.phase !== "play") {
    // a new deal, the first state of the page, or the deal is over: nothing held
    app.trickSeen = { key, count };
    clearTimeout(timer);
    timer = null;
    return;
  }
  if (count <= app.trickSeen.count) return;
  if (app.trickHeld === count) return;
  app.trickHeld = count;
  clearTimeout(timer);
  timer = null;
  if (trickPref() === "delay") {
    const ms = holdMs();
    if (ms <= 0) return releaseTrick(false);
    timer = setTimeout(() => releaseTrick(true), ms);
  }
}

/** How long a finished trick stays in the delay mode: the table's stated pause (0 at "instant"). */
export function holdMs() {
  return Math.round(1000 * (app.table?.pace?.trick ?? 0));
}

/** The finished trick held in the middle (its index + 1), or 0. */
export function heldTrick() {
  const v = app.view;
  if (v?.phase !== "play" || !app.trickSeen) return 0;
  const count = v.tricks?.length || 0;
  return count > app.trickSeen.count ? count : 0;
}

/** The player has seen the trick: show the table as it is now. */
export function releaseTrick(draw = true) {
  clearTimeout(timer);
  timer = null;
  if (app.trickSeen) app.trickSeen.count = app.view?.tricks?.length || 0;
  app.trickHeld = 0;
  if (draw) app.redraw?.();
}

// -- the controls ---------------------------------------------------------------------------------
function controlsHTML() {
  const speed = app.table?.speed || "instant";
  const seated = Boolean(me());
  const speedSel = `<label class="pace-field"><span>${t("speed.label")}</span><select id="speed-select" title="${t("speed.title")}"${seated ? "" : " disabled"}>${SPEEDS.map((s) => `<option value="${s}"${s === speed ? " selected" : ""}>${t(`speed.${s}`)}</option>`).join("")}</select></label>`;
  const pref = trickPref();
  const prefSel = `<label class="pace-field"><span>${t("trickpref.label")}</span><select id="trickpref-select" title="${t("trickpref.title")}">${["delay", "click"].map((p) => `<option value="${p}"${p === pref ? " selected" : ""}>${t(`trickpref.${p}`)}</option>`).join("")}</select></label>`;
  return speedSel + prefSel;
}

/** The speed and finished-trick selectors, under the action buttons (drawn once, kept in step). */
export function renderPaceControls() {
  let box = $("#pace-controls");
  if (!box) {
    const host = $("#controls");
    if (!host) return;
    box = document.createElement("div");
    box.id = "pace-controls";
    box.className = "pace-controls";
    host.appendChild(box);
    box.addEventListener("change", onChange);
  }
  const key = `${app.table?.speed}:${trickPref()}:${Boolean(me())}:${t("speed.label")}`;
  if (box.dataset.key === key) return;
  box.dataset.key = key;
  box.innerHTML = controlsHTML();
}

function onChange(e) {
  if (e.target.id === "speed-select") send({ type: "speed", speed: e.target.value });
  if (e.target.id === "trickpref-select") {
    localStorage.setItem(PREF, e.target.value);
    releaseTrick();
  }
}

// -- who the table waits for, and seats handed to bots ----------------------------------------------
/** The seat the table is waiting for a person to come to (open, or away with no robot), or null. */
export function waitingFor() {
  const tb = app.table;
  const seat = tb?.actor;
  if (!seat || !["auction", "play"].includes(tb.status)) return null;
  const info = seatInfo(tb, seat);
  if (info.kind === "bot" || info.substitute) return null;
  if (info.kind === "open" || (info.kind === "human" && info.connected === false)) return seat;
  return null;
}

/** Whether this page is the table's creator (who may hand seats to bots). */
export const isCreator = () => Boolean(me()) && app.table?.creator === me();

/** Seats the creator may hand to a bot now (people's seats nobody is connected to). */
export function seatsForBots() {
  if (!isCreator()) return [];
  return SEATS.filter((s) => {
    const info = seatInfo(app.table, s);
    return s !== me() && (info.kind === "open" || info.kind === "human") && !info.connected && !(app.table.robots || []).includes(s);
  });
}

export function seatBotButton(seat) {
  const robots = app.table?.robots || [];
  if (!isCreator() || seat === me()) return "";
  if (robots.includes(seat)) return `<button type="button" class="btn small seat-bot" data-seat-bot="${seat}" data-bot="0">${t("seat.takeBack")}</button>`;
  if (seatsForBots().includes(seat)) return `<button type="button" class="btn small seat-bot" data-seat-bot="${seat}" data-bot="1">${t("seat.giveBot")}</button>`;
  return "";
}

/** The banner's line "the table is waiting for …" (with the creator's button), or "". */
export function waitingHTML() {
  const seat = waitingFor();
  if (!seat) return "";
  const info = seatInfo(app.table, seat);
  const text = info.kind === "open" ? t("waiting.open", { seat: seatName(seat) }) : t("waiting.away", { name: escapeHTML(info.name || seatName(seat)), seat: seatName(seat) });
  const button = seatBotButton(seat);
  return `<div class="pending waiting" data-waiting="${seat}"><p>${text}${button ? ` ${t("waiting.giveHint")}` : ""}</p>${button ? `<div class="btns">${button}</div>` : ""}</div>`;
}

export function seatBot(seat, bot) {
  send({ type: "seat_bot", seat, bot });
}
