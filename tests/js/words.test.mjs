// Issue 7.3: table/words.js, what the table says in plain words (no DOM): counted sentences, the
// bot's hint, whether a player has anything to undo.
import { test } from "node:test";
import assert from "node:assert/strict";
import { catalogue, fixture, text, ui } from "./helpers.mjs";

const i18n = await import(ui("i18n.js"));
const words = await import(ui("table/words.js"));

test("issue 7.3: one thing is said in the singular, others in the plural (both languages)", () => {
  i18n.useStrings("es", catalogue("es"));
  assert.equal(words.tn("result.tricks", 1, { n: 1 }), catalogue("es")["result.tricks.one"]);
  assert.notEqual(words.tn("result.tricks", 2, { n: 2 }), catalogue("es")["result.tricks.one"]);
  i18n.useStrings("en", catalogue("en"));
  assert.equal(words.tn("result.tricks", 1, { n: 1 }), "1 trick");
});

test("issue 7.3: the card bot's figures become a sentence; a call's reason is its own words", () => {
  i18n.useStrings("en", catalogue("en"));
  const reason = "SA: best expected score +420 over 40 sampled layouts (10.25 tricks for my side; the contract makes 85%).";
  const said = words.hintReason("SA", { en: reason, es: "SA: ..." });
  assert.match(said, /Over 40 possible layouts/);
  assert.match(said, /10\.3 tricks/);  // one decimal
  assert.match(said, /85%/);
  assert.equal(words.hintReason("1NT", { en: "15-17 points, balanced", es: "15-17 puntos, equilibrada" }),
    "15-17 points, balanced");
  assert.equal(words.hintReason("SA", null), "");
  assert.match(text(words.hintHeadline("1NT")), /The bot would call 1/);
});

test("issue 7.3: undo is offered to a seat that has called or played (declarer: dummy's cards too)", () => {
  const { view } = fixture("state-done.json");
  for (const seat of ["N", "E", "S", "W"]) assert.equal(words.hasActed(view, seat), true, seat);
  const fresh = { dealer: "N", calls: [], tricks: [], current: null };
  assert.equal(words.hasActed(fresh, "N"), false);
  assert.equal(words.hasActed({ ...fresh, calls: ["P"] }, "N"), true);
  assert.equal(words.hasActed({ ...fresh, calls: ["P"] }, "E"), false);
  const dummyPlays = { dealer: "N", calls: [], declarer: "S", dummy: "N", tricks: [], current: { cards: [["N", "SA"]] } };
  assert.equal(words.hasActed(dummyPlays, "S"), true);
  assert.equal(words.hasActed(null, "S"), false);
});
