// Issue 7.3: the small pure modules: facts.js (the games the server publishes), parse.js (what
// the keyboard may type), cards.js (hand order) and i18n.js (strings).
import { test } from "node:test";
import assert from "node:assert/strict";
import { catalogue, facts, fixture, ui } from "./helpers.mjs";

const factsJs = await import(ui("facts.js"));
const parse = await import(ui("parse.js"));
const cards = await import(ui("cards.js"));
const i18n = await import(ui("i18n.js"));

test("issue 7.3: games are named from their facts in the page's language", () => {
  assert.equal(factsJs.rulesetName(facts("chicago"), "es"), "Chicago");
  assert.equal(factsJs.rulesetName(facts("rubber"), "es"), "Bridge de rubber");
  assert.equal(factsJs.rulesetName(facts("rubber"), "en"), "Rubber bridge");
});

test("issue 7.3: a game with table options is named by its base game (the lobby and /me share it)", () => {
  const list = fixture("rulesets.json").rulesets;
  assert.equal(factsJs.gameName(list, "chicago", "es"), "Chicago");
  assert.equal(factsJs.gameName(list, "auction-1920+1-deals", "en"), `${factsJs.rulesetName(facts("auction-1920"), "en")} (1-deals)`);
  assert.equal(factsJs.gameName(list, "poker", "en"), "poker");
  assert.equal(factsJs.gameName(list, undefined, "en"), "");
});

test("issue 7.3: the chosen game is the remembered one if the server still offers it, else the first", () => {
  const list = fixture("rulesets.json").rulesets;
  assert.equal(factsJs.chosenRuleset(list, "chicago").id, "chicago");
  assert.equal(factsJs.chosenRuleset(list, "gone").id, list[0].id);
  assert.equal(factsJs.chosenRuleset(list, null).id, list[0].id);
  assert.equal(factsJs.chosenRuleset([], "rubber"), null);
});

test("issue 7.3: typed calls, cards and commands", () => {
  const cases = [["1s", "auction", ["call", "1S"]], ["3ST", "auction", ["call", "3NT"]], ["2♥", "auction", ["call", "2H"]],
    ["Paso", "auction", ["call", "P"]], ["Redoblo", "auction", ["call", "XX"]], ["10h", "play", ["card", "HT"]],
    ["♦q", "play", ["card", "DQ"]], ["claim 5", "play", ["claim", 5]], ["pista", "auction", ["command", "hint"]],
    ["1S", "play", null], ["zz", "auction", null]];
  for (const [typed, phase, want] of cases) {
    const got = parse.parseInput(typed, phase);
    assert.deepEqual(got && [got.kind, got.value], want, typed);
  }
});

test("issue 7.3: hands sort by alternating colours, trumps first", () => {
  assert.deepEqual(cards.sortHand(["D2", "SK", "CA", "HQ", "SA"]), ["SA", "SK", "HQ", "CA", "D2"]);
  assert.deepEqual(cards.suitOrder("H"), ["H", "S", "D", "C"]);
  assert.deepEqual(cards.suitOrder(null), cards.HAND_ORDER);
});

test("issue 7.3: strings fill their placeholders; has() tells known keys", () => {
  i18n.useStrings("es", catalogue("es"));
  assert.equal(i18n.t("info.dealOf", { n: 2, total: 4 }), "Mano 2 de 4");
  assert.equal(i18n.has("info.dealOf"), true);
  assert.equal(i18n.has("ruleset.desc.toy-game"), false);
  assert.equal(i18n.pick({ es: "hola", en: "hello" }), "hola");
});

test("issue 7.3: every legend and description key names a game the server publishes", () => {
  const ids = new Set(fixture("rulesets.json").rulesets.map((r) => r.id));
  for (const lang of ["en", "es"]) {
    for (const key of Object.keys(catalogue(lang))) {
      const m = /^(?:score\.legend|ruleset\.desc)\.(.+)$/.exec(key);
      if (m) assert.ok(ids.has(m[1]), `${lang}: ${key}`);
    }
  }
});

test("issue 7.3: the history as GET /api/tables/{id}/history sends it", async () => {
  const i18n = await import(ui("i18n.js"));
  i18n.useStrings("en", catalogue("en"));
  const { historyHTML } = await import(ui("table/dialogs.js"));
  const history = fixture("history.json");
  const html = historyHTML(history, "NS");
  assert.equal((html.match(/data-review-deal=/g) || []).length, history.deals.length);
  for (const d of history.deals) assert.ok(html.includes(`href="${d.pbn}"`), d.pbn);
  assert.ok(html.includes(`href="${history.pbn}"`));
  const passed = { ...history.deals[0], number: 9, contract: null, declarer: null, tricks: null, passed_out: true, points: { NS: 0, EW: 0 } };
  const withPass = historyHTML({ ...history, deals: [passed] }, "EW");
  assert.match(withPass, new RegExp(catalogue("en")["result.passedOut"]));
  assert.match(historyHTML({ ...history, deals: [] }, "NS"), new RegExp(catalogue("en")["history.empty"]));
});
