// Issue 7.3: table/auction.js and table/hands.js, the auction and the hands as HTML.
import { test } from "node:test";
import assert from "node:assert/strict";
import { catalogue, fixture, text, ui } from "./helpers.mjs";

const i18n = await import(ui("i18n.js"));
const auction = await import(ui("table/auction.js"));
const hands = await import(ui("table/hands.js"));
const { escapeHTML } = await import(ui("common.js"));
i18n.useStrings("en", catalogue("en"));

test("issue 7.3: the auction grid starts at the dealer's column", () => {
  const rows = auction.auctionRows(["1D", "P", "1S"], "E");
  assert.deepEqual(rows, [[null, { call: "1D", i: 0 }, { call: "P", i: 1 }, { call: "1S", i: 2 }]]);
  const live = auction.auctionRows(["P"], "W", true);
  assert.deepEqual(live, [[null, null, null, { call: "P", i: 0 }], [{ next: true }]]);
  assert.equal(auction.callerOf("W", 1), "N");
});

test("issue 7.3: vulnerable seats and explained calls are marked", () => {
  const { view, explanations } = fixture("state-done.json");
  const html = auction.auctionHTML(view.calls, view.dealer, { vulnerable: { NS: true, EW: false }, explanations });
  assert.equal((html.match(/<th class="vul/g) || []).length, 2);
  assert.equal((html.match(/call-cell explained/g) || []).length, explanations.filter(Boolean).length);
  const none = auction.auctionHTML(view.calls, view.dealer, { vulnerable: null });
  assert.doesNotMatch(none, /<th class="vul/);
});

test("issue 7.3: the bidding box enables only legal calls on the player's turn", () => {
  const legal = new Set(["P", "2C", "7NT"]);
  const html = auction.bidBoxHTML({ legal, myTurn: true, hint: "2C", selected: null, waitingFor: "" });
  const enabled = [...html.matchAll(/data-call="(\w+)" (disabled)?/g)].filter((m) => !m[2]).map((m) => m[1]);
  assert.deepEqual(enabled.sort(), ["2C", "7NT", "P"]);
  assert.match(html, /class="bid strain-C hinted" data-call="2C"/);
  const waiting = auction.bidBoxHTML({ legal, myTurn: false, hint: null, selected: null, waitingFor: "Bot W" });
  assert.doesNotMatch(waiting, /data-call="\w+" >/, "nothing enabled");
  assert.match(text(waiting), /Bot W/);
  const touch = auction.bidBoxHTML({ legal, myTurn: true, hint: null, selected: "2C", waitingFor: "" });
  assert.match(touch, /id="bb-ok"/);
});

test("issue 7.3: constraints as the bidding system sends them", () => {
  // as recorded: a 1D opening's {hcp: [10, 21], lengths: {D: [3, 13]}}
  assert.deepEqual(auction.constraintPairs({ hcp: [10, 21], lengths: { D: [3, 13] } }), [["hcp", "10–21"], ["D", "3+"]]);
  const recorded = fixture("state-done.json").explanations.filter(Boolean);
  for (const e of recorded) assert.ok(auction.constraintPairs(e.constraints).every(([, v]) => !v.includes("undefined")));
  assert.deepEqual(auction.constraintPairs({ hcp: [0, 37], stoppers: ["S", "H"], balanced: true }), [["hcp", "0+"], ["stoppers", "S, H"], ["balanced", "true"]]);
  assert.equal(auction.rangeText([15, 17], 37), "15–17");
});

test("issue 7.3: a meaning is the sentence; the constraints only without one", () => {
  const said = fixture("state-done.json").explanations.find((e) => e && e.en);
  assert.equal(auction.explanationText(said), escapeHTML(said.en));
  const bare = auction.explanationText({ en: "", es: "", constraints: { hcp: [12, 14] } });
  assert.match(bare, /class="cons"/);
  assert.match(text(bare), /12–14/);
  assert.equal(auction.explanationText(null), "");
  assert.match(auction.genericMeaning("4H"), /10/);
});

test("issue 7.3: hands grouped by suit, trumps first", () => {
  const cards = ["C2", "SA", "HK", "D3", "S5", "HT"];
  assert.deepEqual(hands.groupBySuit(cards, ["S", "H", "C", "D"]), [["S", ["SA", "S5"]], ["H", ["HK", "HT"]], ["C", ["C2"]], ["D", ["D3"]]]);
  const fan = hands.handHTML("S", cards, "fan", { trump: "D" });
  assert.deepEqual([...fan.matchAll(/<span class="card-slot[^"]*" data-card="(\w+)"/g)].map((m) => m[1]), ["D3", "SA", "S5", "HK", "HT", "C2"]);
});

test("issue 7.3: clickable hands: legal cards enabled, the hinted one marked", () => {
  const html = hands.handHTML("S", ["SA", "S5", "HK"], "fan", { clickable: true, legal: new Set(["S5", "SA"]), hint: "S5" });
  assert.match(html, /class="card-btn  legal" data-card="SA"\s+aria-label/);
  assert.match(html, /class="card-btn  legal hinted" data-card="S5"/);
  assert.match(html, /data-card="HK" disabled/);
  const rows = hands.handHTML("W", ["SA", "HT"], "rows", {});
  assert.match(text(rows), /A/);
  assert.match(rows, /<span class="void">—<\/span>/, "an empty suit");
  const hidden = hands.hiddenHTML("N", 11);
  assert.equal((hidden.match(/bz-card back/g) || []).length, 11);
});
