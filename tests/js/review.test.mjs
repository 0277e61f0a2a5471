// Issue 7.3: review.js reads the one analysis shape the server sends (DealAnalysis.to_dict()).
import { test } from "node:test";
import assert from "node:assert/strict";
import { catalogue, fixture, text, ui } from "./helpers.mjs";

const i18n = await import(ui("i18n.js"));
const review = await import(ui("review.js"));
i18n.useStrings("en", catalogue("en"));

test("issue 7.3: the cards played in order, trick by trick", () => {
  const deal = fixture("deal-review.json");
  const seq = review.playedSequence(deal);
  assert.equal(seq.length, deal.tricks.reduce((n, tr) => n + tr.cards.length, 0));
  assert.deepEqual(seq[0], { seat: deal.tricks[0].cards[0][0], card: deal.tricks[0].cards[0][1], trick: 0, pos: 0, winner: deal.tricks[0].winner, leader: deal.tricks[0].leader });
});

test("issue 7.3: the replay position: hands left, the trick on the table, tricks won", () => {
  const deal = fixture("deal-review.json");
  const start = review.replayAt(deal, 0);
  assert.deepEqual(start.hands, deal.all_hands);
  assert.equal(start.trick, null);
  const five = review.replayAt(deal, 5);
  assert.equal(Object.values(five.hands).reduce((n, h) => n + h.length, 0), 52 - 5);
  assert.equal(five.trick.index, 1);
  assert.equal(five.trick.cards.length, 1);
  const won = five.won.NS + five.won.EW;
  assert.equal(won, 1);
  const end = review.replayAt(deal, 999);
  assert.equal(end.step, end.total);
});

test("issue 7.3: par contracts as the analysis writes them", () => {
  assert.deepEqual(review.parContract("4SN="), { contract: "4S", seat: "N", result: "=" });
  assert.deepEqual(review.parContract("5DXE-2"), { contract: "5DX", seat: "E", result: "-2" });
  assert.deepEqual(review.parContract("3NTS+1"), { contract: "3NT", seat: "S", result: "+1" });
});

test("issue 7.3: the double-dummy table reads makeable[strain][seat]", () => {
  const { analysis } = fixture("state-done.json");
  const html = review.ddTable(analysis);
  const rows = [...html.matchAll(/<tr><th>([NESW])<\/th>(.*?)<\/tr>/g)].map((m) => [m[1], [...m[2].matchAll(/<small>(\d+)<\/small>/g)].map((x) => Number(x[1]))]);
  const bySeat = Object.fromEntries(rows);
  for (const seat of ["N", "E", "S", "W"]) {
    assert.deepEqual(bySeat[seat], ["NT", "S", "H", "D", "C"].map((st) => analysis.makeable[st][seat]), seat);
  }
});

test("issue 7.3: par line and the cost of each card", () => {
  const { analysis, view } = fixture("state-done.json");
  const par = text(review.parLine(analysis));
  assert.match(par, new RegExp(`NS \\+${analysis.par.score_ns}`));
  assert.deepEqual(review.cardCosts(analysis), analysis.costs.map((c) => c.cost));
  const record = review.playRecord(view, analysis, 0);
  const lost = analysis.costs.reduce((a, c) => a + c.cost, 0);
  assert.match(text(record), new RegExp(catalogue("en")["dd.totalCost"].replace("{n}", String(lost))));
  assert.equal((record.match(/class="cost"/g) || []).length, analysis.costs.filter((c) => c.cost > 0).length);
});

test("issue 7.3: without an analysis the record still shows, with a note", () => {
  const deal = fixture("deal-review.json");
  const html = review.renderAnalysis(deal, null, 0);
  assert.match(html, new RegExp(catalogue("en")["dd.none"]));
  assert.match(html, /class="record grid"/);
});
