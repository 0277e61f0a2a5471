// Issue 7.3: table/model.js and bridge.js, the page's pure facts about the table.
import { test } from "node:test";
import assert from "node:assert/strict";
import { fixture, ui } from "./helpers.mjs";

const bridge = await import(ui("bridge.js"));
const model = await import(ui("table/model.js"));

test("issue 7.3: the viewer's seat is at the bottom, the others clockwise", () => {
  assert.deepEqual(["N", "E", "S", "W"].map((s) => model.positionOf(s, "S")), ["top", "right", "bottom", "left"]);
  assert.deepEqual(["N", "E", "S", "W"].map((s) => model.positionOf(s, "E")), ["right", "bottom", "left", "top"]);
});

test("issue 7.3: sides, results and trumps of contracts", () => {
  assert.equal(bridge.sideOf("W"), "EW");
  assert.equal(bridge.otherSide("NS"), "EW");
  assert.equal(bridge.resultText("4S", 10), "=");
  assert.equal(bridge.resultText("3NTX", 11), "+2");
  assert.equal(bridge.resultText("6H", 10), "−2");
  assert.equal(bridge.resultText(null, 7), "");
  assert.equal(bridge.trumpOf("4SX"), "S");
  assert.equal(bridge.trumpOf("3NT"), null);
  assert.equal(bridge.tricksNeeded("2D"), 8);
  assert.ok(bridge.isCard("HT") && !bridge.isCard("1NT") && !bridge.isCard("P"));
});

test("issue 7.3: vulnerability keys", () => {
  assert.equal(bridge.vulKey({ NS: false, EW: false }), "vul.none");
  assert.equal(bridge.vulKey({ NS: true, EW: false }), "vul.NS");
  assert.equal(bridge.vulKey({ NS: false, EW: true }), "vul.EW");
  assert.equal(bridge.vulKey({ NS: true, EW: true }), "vul.both");
});

test("issue 7.3: turn, seats and played cards from a recorded state", () => {
  const msg = fixture("state-done.json");
  const { table, view } = msg;
  assert.equal(model.mySeat(table, view), "S");
  assert.equal(model.isMyTurn(view), false, "nobody acts once the deal is over");
  assert.equal(model.isMyTurn({ ...view, phase: "play", actor: "S" }), true);
  assert.equal(model.isMyTurn({ ...view, phase: "play", actor: "N" }), false);
  assert.equal(model.seatInfo(table, "S").name, "Ana");
  assert.equal(model.playedByBot(table, "N"), true);
  assert.equal(model.playedByBot(table, "S"), false);
  assert.equal(model.playedByBot({ seats: { S: { kind: "human", substitute: true } } }, "S"), true, "a substitute plays for an absent person");
  const played = model.playedBy(view);
  const cards = view.tricks.reduce((n, tr) => n + tr.cards.length, 0) + (view.current?.cards.length ?? 0);
  assert.equal(Object.values(played).reduce((a, b) => a + b, 0), cards);
});

test("issue 7.3: a deal is known by its number, dealer and hand; a decision by its actions so far", () => {
  const { table, view } = fixture("state-done.json");
  const key = model.dealKey(table, view);
  assert.equal(key, model.dealKey(table, { ...view, calls: [] }));
  assert.notEqual(key, model.dealKey({ ...table, deal_number: 3 }, view));
  const auction = { ...view, phase: "auction", tricks: [], current: null };
  assert.notEqual(model.decisionKey(table, auction), model.decisionKey(table, { ...auction, calls: [...view.calls, "P"] }));
});

test("issue 7.3: a seat may answer a request only when the server lists it as asked", () => {
  const claim = { by: "S", tricks: 3, replies: { E: null, W: true } };
  assert.equal(model.mayReply(claim, "E"), true);
  assert.equal(model.mayReply(claim, "W"), false, "already answered");
  assert.equal(model.mayReply(claim, "N"), false, "not asked");
  assert.equal(model.mayReply(claim, null), false, "a spectator");
});

test("issue 7.3: 'deal n of N' comes from the ruleset's session_deals", () => {
  assert.deepEqual(model.dealCaption({ session_deals: 4 }, 2), { key: "info.dealOf", vars: { n: 2, total: 4 } });
  assert.deepEqual(model.dealCaption({ session_deals: null }, 7), { key: "info.deal", vars: { n: 7 } });
});

test("issue 7.3: the next deal waits for the people who have not pressed 'next'", () => {
  const table = { ready: ["S"], seats: { N: { kind: "human" }, E: { kind: "bot" }, S: { kind: "human" }, W: { kind: "open" } } };
  assert.deepEqual(model.waitingForNext(table, "S"), ["N"]);
  assert.equal(model.waitingForNext(table, "N"), null, "N has not pressed it");
  assert.deepEqual(model.seatsToInvite(table, "S"), ["N", "W"]);
});

test("issue 7.3: replay moves stay within the deal", () => {
  assert.equal(model.replayMove("first", 5, 52), 0);
  assert.equal(model.replayMove("prev", 0, 52), 0);
  assert.equal(model.replayMove("next", 52, 52), 52);
  assert.equal(model.replayMove("last", 3, 40), 40);
  assert.equal(model.replayMove("to", 3, 40, 17), 17);
  assert.equal(model.replayMove("to", 3, 40, 99), 40);
});

test("issue 7.3: hands are fanned at the bottom, in columns on the sides (rows on a phone)", () => {
  assert.deepEqual(model.handLayout("bottom"), { layout: "fan", size: "" });
  assert.deepEqual(model.handLayout("top"), { layout: "fan", size: "mid" });
  assert.deepEqual(model.handLayout("top", { isDummy: true }), { layout: "cols", size: "" });
  assert.deepEqual(model.handLayout("left", { narrow: true }), { layout: "rows", size: "" });
  assert.deepEqual(model.handLayout("right"), { layout: "cols", size: "" });
});

test("issue 7.3: a fan's strips fit the room, never narrower than 12px", () => {
  const wide = model.fanStrip({ n: 13, cardWidth: 100, groups: 4, gap: 6, avail: 2000, narrow: false });
  assert.equal(wide, 46);
  const tight = model.fanStrip({ n: 13, cardWidth: 100, groups: 4, gap: 6, avail: 400, narrow: false });
  assert.ok(tight < 46 && tight >= 12);
  assert.ok(100 + 12 * tight + 3 * 6 <= 400 + 1e-9);
  assert.equal(model.fanStrip({ n: 13, cardWidth: 100, groups: 4, gap: 6, avail: 50, narrow: true }), 12);
});

test("issue 7.3: the empty view while a deal is being dealt keeps the seat", () => {
  const v = model.emptyView({ you: "E", dealer: "W" });
  assert.equal(v.seat, "E");
  assert.equal(v.dealer, "W");
  assert.equal(v.phase, "dealing");
  assert.deepEqual(v.tricks, []);
});
