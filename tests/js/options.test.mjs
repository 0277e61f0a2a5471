// Issue 11: a table's options and the cut for the first dealer, in words (static/js/options.js).
import { test } from "node:test";
import assert from "node:assert/strict";
import { catalogue, ui } from "./helpers.mjs";

const i18n = await import(ui("i18n.js"));
const options = await import(ui("options.js"));

test("issue 11: options read as names and values in the page's language", () => {
  i18n.useStrings("en", catalogue("en"));
  assert.deepEqual(options.optionItems({ honours: "later", nullos: true, deals: 8 }),
    ["Honours: the later table (seed 001)", "Nullos (bids to lose tricks): yes", "Short session: 8 deals"]);
  assert.deepEqual(options.optionItems({ tie: "one_more_deal" }), ["An exact tie: one more deal settles it"]);
  assert.deepEqual(options.optionItems({}), []);
  assert.equal(options.optionsHTML(null), "");
  // an option the catalogue does not know is shown as the server names it
  assert.deepEqual(options.optionItems({ colour: "red" }), ["colour: red"]);
  i18n.useStrings("es", catalogue("es"));
  assert.deepEqual(options.optionItems({ nullos: true, deals: 8 }), ["Nulos (pujas para perder bazas): sí", "Sesión corta: 8 manos"]);
});

test("issue 11 (seeds 000, 003): the cut for the first dealer in words", () => {
  const cut = { cards: { N: "S7", E: "HK", S: "DT", W: "C2" }, dealer: "W", rule: "lowest" };
  i18n.useStrings("en", catalogue("en"));
  assert.equal(options.cutText(cut), "N cut ♠7, E cut ♥K, S cut ♦10, W cut ♣2: W deals (lowest card deals).");
  i18n.useStrings("es", catalogue("es"));
  const es = options.cutText({ ...cut, dealer: "E", rule: "highest" });
  assert.match(es, /♥K/);
  assert.match(es, /reparte E \(la carta más alta\)/);
  assert.equal(options.cutText(null), "");
});
