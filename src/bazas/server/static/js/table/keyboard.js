// The command line and the keyboard: typed calls, cards and commands (either language), a preview
// of what the line means, arrows to step through the replay.
import { escapeHTML, toast } from "../common.js";
import { callHTML, cardHTML, lang, t } from "../i18n.js";
import { parseInput } from "../parse.js";
import { app, legalSet, myTurn } from "./store.js";
import { askHint, askUndo, claim, makeCall, nextDeal, openClaim, openRequest, playCard, reply } from "./controls.js";
import { openHistory, openScore } from "./dialogs.js";
import { replayStep } from "./play.js";
import { hideTip, renderBidBox } from "./bidding.js";

const $ = (sel) => document.querySelector(sel);

const COMMANDS = {
  hint: askHint,
  undo: askUndo,
  score: openScore,
  history: openHistory,
  next: nextDeal,
  claim: openClaim,
  review: () => replayStep("first"),
  accept: () => openRequest() && reply(openRequest(), true),
  reject: () => openRequest() && reply(openRequest(), false),
};

/** Do what a typed line says; false (and a warning) when it means nothing now. */
export function runCommand(text) {
  if (!app.view) return false;
  const parsed = parseInput(text, app.view.phase, lang());
  if (!parsed) {
    toast(t("cmd.unknown", { text: escapeHTML(text) }), "warn");
    return false;
  }
  if (parsed.kind === "call") makeCall(parsed.value);
  else if (parsed.kind === "card") playCard(parsed.value);
  else if (parsed.kind === "claim") claim(parsed.value);
  else COMMANDS[parsed.value]();
  return true;
}

export function updateCmdPreview() {
  const input = $("#cmd");
  const out = $("#cmd-preview");
  if (!app.view) return;
  input.title = t("kbd.suits");
  if (!input.value.trim()) {
    out.innerHTML = "";
    out.className = "cmd-preview";
    return;
  }
  const parsed = parseInput(input.value, app.view.phase, lang());
  if (!parsed) {
    out.innerHTML = "?";
    out.className = "cmd-preview bad";
    return;
  }
  if (parsed.kind === "call" || parsed.kind === "card") {
    const ok = myTurn() && legalSet().has(parsed.value);
    // the suit in words too: with Spanish letters "1C" is one heart (issue 12)
    const suit = parsed.value.length > 1 ? parsed.value.replace(/^[1-7]/, "")[0] : "";
    const word = ["S", "H", "D", "C"].includes(suit) && !parsed.value.endsWith("NT") ? ` <span class="suit-word">${t(`suit.${suit}`)}</span>` : "";
    out.innerHTML = `${parsed.kind === "call" ? callHTML(parsed.value) : cardHTML(parsed.value)}${word}`;
    out.className = `cmd-preview ${ok ? "ok" : "bad"}`;
  } else {
    out.innerHTML = t(`cmd.${parsed.kind === "claim" ? "claim" : parsed.value}`);
    out.className = "cmd-preview ok";
  }
}

const REPLAY_KEYS = { ArrowLeft: "prev", ArrowRight: "next", Home: "first", End: "last" };

export function onKeyDown(e) {
  const target = e.target;
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
  if (document.querySelector("dialog[open]")) return;
  if (target.closest?.("input, textarea, select, [contenteditable]")) return;
  if (e.ctrlKey || e.metaKey || e.altKey) return;
  // arrows step through the replay after a deal
  if (app.view?.phase === "done" && app.review && REPLAY_KEYS[e.key]) {
    replayStep(REPLAY_KEYS[e.key]);
    e.preventDefault();
    return;
  }
  if (e.key.length === 1 && /[0-9a-zA-Z♠♥♦♣?\-ñÑ]/.test(e.key)) {
    const input = $("#cmd");
    if (!$("#cmd-form").hidden) {
      input.focus();
      input.value += e.key;
      updateCmdPreview();
      e.preventDefault();
    }
  }
}
