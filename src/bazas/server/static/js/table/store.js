// The table page's state: the newest `state` message and what this page adds to it (replay
// position, hint, selected bid...). `window.bazas` is this object (the console and the browser
// tests read it).
import { t } from "../i18n.js";
import { toast } from "../common.js";
import { otherSide, sideOf } from "../bridge.js";
import { decisionKey, emptyView, isMyTurn, mySeat } from "./model.js";

export const app = {
  tableId: null,
  key: null,
  conn: null,
  msg: null, // the newest state message
  view: null,
  table: {},
  facts: null, // the ruleset's facts (GET /api/rulesets/{id}), fetched once
  score: null,
  pending: null,
  explanations: [],
  analysis: null,
  hint: null, // {action, explanation, step}
  explainCache: new Map(),
  review: null, // {step, dealKey}
  shownCards: new Set(), // trick cards already drawn (new ones fly in)
  lastTrickKey: "",
  showLastTrick: false,
  selectedBid: null,
  connStatus: "connecting",
  nameSent: false,
  sentAt: null, // the state version an action was sent at (one action per state)
  rendered: false,
  history: null,
  historyReview: null, // {deal, step, number}
};

export const me = () => mySeat(app.table, app.view);
export const mySide = () => (me() ? sideOf(me()) : "NS");
/** The key of `won` that counts this page's tricks: its partnership's; at three-handed Auction
 * (facts `dummy_seat`) the declarer's side (his and the dummy's tricks) or the defenders'. */
export const myTrickSide = () => {
  const v = app.view;
  if (!app.facts?.dummy_seat || !v?.declarer || !me()) return mySide();
  return me() === v.declarer ? sideOf(v.declarer) : otherSide(sideOf(v.declarer));
};
export const myTurn = () => isMyTurn(app.view);
export const legalSet = () => new Set(app.view?.legal || []);
/** The vulnerability of the deal on the table, {NS, EW}. */
export const vulnerability = () => app.table?.vulnerability || { NS: false, EW: false };
/** Whether this game has vulnerability at all (auction bridge has none). */
export const showsVulnerability = () => Boolean(app.facts?.has_vulnerability);

/** Take a `state` message in; returns the phase shown before it. */
export function applyState(msg) {
  const prevPhase = app.view?.phase;
  app.msg = msg;
  app.table = msg.table;
  app.view = msg.view || emptyView(app.table);
  app.score = msg.score;
  app.pending = msg.pending;
  app.explanations = msg.explanations;
  app.analysis = msg.analysis;
  // a hint is for one decision only
  if (app.hint && app.hint.step !== decisionKey(app.table, app.view)) app.hint = null;
  return prevPhase;
}

/** One action per state: a second click before the server answered is ignored (no double plays). */
export function busy() {
  return app.sentAt != null && app.sentAt === app.msg?.version;
}

export function send(msg) {
  if (!app.conn.send(msg)) {
    toast(t("conn.notConnected"), "warn");
    return false;
  }
  return true;
}
