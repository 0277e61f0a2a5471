// Issue 11: Royal Auction and nullos at the table page. The bidding box takes the game's own
// denominations from its facts (`denominations`, `bid_order`), royal spades and nullos are drawn
// and read back, a nullo's result counts the tricks lost, royal spades are spades trumps.
import { test } from "node:test";
import assert from "node:assert/strict";
import { catalogue, text, ui } from "./helpers.mjs";

const i18n = await import(ui("i18n.js"));
const auction = await import(ui("table/auction.js"));
const bridge = await import(ui("bridge.js"));
const parse = await import(ui("parse.js"));
i18n.useStrings("en", catalogue("en"));

// As GET /api/rulesets/royal-auction+nullos gives them (Denominations.facts), codes in rank order.
const ROYAL_NULLOS = {
  bid_order: "value", dealer_must_bid: true,
  denominations: ["S", "C", "D", "H", "RS", "NU", "NT"].map((code) => ({ code })),
};

test("issue 11: the box's columns are the game's denominations, else the five strains", () => {
  assert.deepEqual(auction.boxStrains(ROYAL_NULLOS), ["S", "C", "D", "H", "RS", "NU", "NT"]);
  assert.deepEqual(auction.boxStrains({ id: "rubber" }), ["C", "D", "H", "S", "NT"]);
  assert.deepEqual(auction.boxStrains(null), ["C", "D", "H", "S", "NT"]);
});

test("issue 11: a royal spade and a nullo can be pressed; bids by value fold only rows with no legal bid", () => {
  // after 1NT (10 points) five spades (10, more tricks) and two clubs are still enough
  const legal = new Set(["5S", "2C", "2D", "6S", "2RS", "2NU", "2NT", "P", "X"]);
  const html = auction.bidBoxHTML({ legal, myTurn: true, calls: ["1NT"], strains: auction.boxStrains(ROYAL_NULLOS), byValue: true });
  assert.match(html, /class="bb-grid cols-7"/);
  for (const call of ["2RS", "2NU", "5S"]) {
    assert.match(html, new RegExp(`data-call="${call}" \\s*aria-label="[^"]*">`), call);
  }
  assert.match(html, /<div class="bb-row spent" data-level="1">/);
  assert.match(html, /<div class="bb-row" data-level="2">/);
  assert.match(html, /data-call="1RS" disabled/);
  // the four-player box is unchanged
  const plain = auction.bidBoxHTML({ legal: new Set(["2C"]), myTurn: true, calls: ["1NT"] });
  assert.match(plain, /class="bb-grid"/);
  assert.ok(!plain.includes("RS") && !plain.includes("NU"));
});

test("issue 11: royal spades and nullos in words and symbols", () => {
  const royal = i18n.callHTML("1RS");
  assert.match(royal, /<span class="royal" title="royal spades">R<svg class="suit-icon s-S /);
  assert.equal(text(royal), "1 R");
  assert.equal(i18n.callText("2NU"), "2Nullo");
  assert.match(i18n.contractHTML("3NUX"), /^<span class="contract">3<span class="nullo">Nullo<\/span><span class="dbl-mark">/);
  assert.equal(i18n.contractText("4RSXX"), "4R♠XX");
  assert.match(auction.genericMeaning("2NU"), /lose 8 tricks.*at most 5/);
  assert.match(auction.genericMeaning("1RS"), /royal spades/);
});

test("issue 11: a nullo's result counts the tricks lost; royal spades are spades trumps", () => {
  assert.equal(bridge.resultText("2NU", 2), "+3"); // lost 11 of the 8 to lose
  assert.equal(bridge.resultText("3NU", 5), "−1"); // lost 8 of 9
  assert.equal(bridge.resultText("1RS", 10), "+3");
  assert.equal(bridge.trumpOf("2RS"), "S");
  assert.equal(bridge.trumpOf("1NUX"), null);
  assert.equal(bridge.trumpOf("4H"), "H");
  assert.ok(bridge.isNullo("1NU") && !bridge.isNullo("1NT"));
});

test("issue 11: the keyboard reads royal spades and nullos in both languages", () => {
  assert.equal(parse.parseCall("1RS"), "1RS");
  assert.equal(parse.parseCall("2 L"), "2RS");
  assert.equal(parse.parseCall("1NU"), "1NU");
  assert.equal(parse.parseCall("1 nullo"), "1NU");
  assert.equal(parse.parseCall("2 nulo", "es"), "2NU");
  assert.equal(parse.parseCall("1PR", "es"), "1RS");
  assert.equal(parse.parseCall("1NT"), "1NT");
});
