// Issue 7.3: score.js reads the score the server sends (dump_session + part_scores, rubbers) as
// it is, and lays the sheet out from the ruleset's facts.
import { test } from "node:test";
import assert from "node:assert/strict";
import { catalogue, facts, fixture, text, ui } from "./helpers.mjs";

const i18n = await import(ui("i18n.js"));
const score = await import(ui("score.js"));
i18n.useStrings("en", catalogue("en"));

const NONE = { NS: false, EW: false };

test("issue 7.3: the rubber sheet's columns: items above, a block per game below", () => {
  const s = fixture("state-done.json").score;
  const items = (side, line) => s.deals.flatMap((d) => d.items.filter((i) => i.side === side && i.line === line).map((i) => [i.points, d.number]));
  const { above, games } = score.sheetColumns(s);
  for (const side of ["NS", "EW"]) assert.deepEqual(above[side].map((e) => [e.item.points, e.number]), items(side, "above"), side);
  const closing = s.deals.findIndex((d) => d.game_won_by);
  assert.equal(closing, s.deals.length - 1, "the recorded state is right after a game");
  assert.equal(games.length, 1, "the last deal closed the only game");
  assert.deepEqual([games[0].closed, games[0].winner], [true, s.deals[closing].game_won_by]);
  for (const side of ["NS", "EW"]) assert.deepEqual(games[0][side].map((e) => [e.item.points, e.number]), items(side, "below"), side);
});

test("issue 7.3: an open game after a closed one; unfinished items go above without a deal", () => {
  const s = fixture("state-done.json").score;
  s.deals.push({ ...s.deals[0], number: 3, game_won_by: null, items: [{ kind: "trick score", side: "NS", points: 30, line: "below" }] });
  s.unfinished = [{ kind: "unfinished part score", side: "NS", points: 50, line: "above" }];
  const { above, games } = score.sheetColumns(s);
  assert.equal(games.length, 2);
  assert.deepEqual([games[1].closed, games[1].NS.map((e) => e.item.points)], [false, [30]]);
  assert.deepEqual(above.NS.map((e) => [e.item.points, e.number]), [[50, "·"]]);
});

test("issue 7.3: running totals deal by deal from the viewer's side", () => {
  const s = fixture("state-done.json").score;
  s.deals = [
    { ...s.deals[0], points: { NS: 0, EW: 80 } },
    { ...s.deals[0], points: { NS: 620, EW: 0 } },
    { ...s.deals[0], points: { NS: 0, EW: 50 } },
  ];
  assert.deepEqual(score.runningTotals(s, "EW").map((r) => r.run), [{ EW: 80, NS: 0 }, { EW: 80, NS: 620 }, { EW: 130, NS: 620 }]);
  assert.deepEqual(score.runningTotals(s, "NS").map((r) => r.run.NS), [0, 620, 620]);
});

test("issue 7.3: totals, games and part scores are the server's, not worked out again", () => {
  const s = fixture("state-done.json").score;
  s.totals = { NS: 1234, EW: 5678 };
  s.games = { NS: 0, EW: 3 };
  s.part_scores = { NS: 70, EW: 0 };
  const mini = text(score.renderScoreMini(s, { facts: facts("rubber"), mySide: "NS", vulnerable: NONE }));
  assert.match(mini, /We 0 70 1234 They 3 0 5678/);
  const sheet = text(score.renderScoreSheet(s, { facts: facts("rubber"), mySide: "NS", vulnerable: NONE }));
  assert.match(sheet, /TOTAL|Total/i);
  assert.ok(sheet.includes("1234") && sheet.includes("5678"));
});

test("issue 7.3: the sheet's layout comes from facts.sheet", () => {
  const s = fixture("state-done.json").score;
  const rubber = score.renderScoreSheet(s, { facts: facts("rubber"), mySide: "NS", vulnerable: NONE });
  assert.ok(rubber.includes("rubber-sheet") && !rubber.includes("chicago-sheet"));
  const chicago = score.renderScoreSheet(s, { facts: facts("chicago"), mySide: "NS", vulnerable: NONE });
  assert.ok(chicago.includes("chicago-sheet") && !chicago.includes("rubber-sheet"));
  assert.equal((chicago.match(/<tr title=/g) || []).length, s.deals.length, "a row per deal");
  // a game the page has never heard of, laid out like rubber bridge
  const toy = { ...facts("rubber"), id: "toy-game", names: { en: "Toy", es: "Juguete" } };
  assert.ok(score.renderScoreSheet(s, { facts: toy, mySide: "NS", vulnerable: NONE }).includes("rubber-sheet"));
});

test("issue 7.3: games are counted in the mini score only on a rubber sheet", () => {
  const s = fixture("state-done.json").score;
  assert.match(score.renderScoreMini(s, { facts: facts("rubber"), mySide: "NS", vulnerable: NONE }), />Games</);
  assert.doesNotMatch(score.renderScoreMini(s, { facts: facts("chicago"), mySide: "NS", vulnerable: NONE }), />Games</);
});

test("issue 7.3: vulnerability is shown only when the game has it", () => {
  const s = fixture("state-done.json").score;
  const vul = { NS: true, EW: false };
  const rubber = score.renderScoreSheet(s, { facts: facts("rubber"), mySide: "NS", vulnerable: vul });
  assert.equal((rubber.match(/vul-chip on/g) || []).length, 1);
  assert.equal((rubber.match(/vul-chip/g) || []).length, 2);
  assert.match(score.renderScoreMini(s, { facts: facts("rubber"), mySide: "NS", vulnerable: vul }), /vul-dot/);
  const auction = { facts: facts("auction-1920"), mySide: "NS", vulnerable: vul };
  assert.doesNotMatch(score.renderScoreSheet(s, auction), /vul-chip/);
  assert.doesNotMatch(score.renderScoreMini(s, auction), /vul-dot/);
});

test("issue 7.3: the legend is the catalogue's score.legend.<id>, strains drawn", () => {
  const s = fixture("state-done.json").score;
  const auction = score.renderScoreSheet(s, { facts: facts("auction-1920"), mySide: "NS", vulnerable: NONE });
  assert.match(auction, /class="legend"/);
  assert.match(auction, /suit-icon s-C[^>]*>.*?<\/svg>6/);
  assert.match(text(auction), /NT10/);
  const toy = { ...facts("rubber"), id: "toy-game" };
  assert.doesNotMatch(score.renderScoreSheet(s, { facts: toy, mySide: "NS", vulnerable: NONE }), /class="legend"/, "no legend for a game the catalogue does not know");
});

test("issue 7.3: the winner line reads finished, winner and margin", () => {
  const s = fixture("state-done.json").score;
  const opts = { facts: facts("rubber"), mySide: "NS", vulnerable: NONE };
  assert.doesNotMatch(score.renderScoreMini(s, opts), /class="winner"/, "not over yet");
  Object.assign(s, { finished: true, winner: "EW", margin: 640 });
  assert.match(score.renderScoreMini(s, opts), /data-winner="EW"/);
  assert.match(text(score.renderScoreMini(s, opts)), /640/);
  Object.assign(s, { winner: "tie", margin: 0 });
  assert.match(text(score.renderScoreMini(s, opts)), new RegExp(catalogue("en")["score.tie"]));
});

test("issue 7.3: a passed-out deal is contract 'pass'", () => {
  const s = fixture("state-done.json").score;
  s.deals.push({ ...s.deals[0], number: 3, contract: "pass", declarer: null, tricks: null, items: [], points: { NS: 0, EW: 0 }, game_won_by: null });
  assert.equal(score.passedOut(s.deals[2]), true);
  assert.equal(score.passedOut(s.deals[0]), false);
  const sheet = text(score.renderScoreSheet(s, { facts: facts("chicago"), mySide: "NS", vulnerable: NONE }));
  assert.match(sheet, new RegExp(catalogue("en")["result.passedOut"]));
});

test("issue 7.3: earlier rubbers are listed with their totals", () => {
  const s = fixture("state-done.json").score;
  s.rubbers = [{ rubber: 1, totals: { NS: 900, EW: 120 }, winner: "NS", margin: 780, deals: 3 }];
  const sheet = text(score.renderScoreSheet(s, { facts: facts("rubber"), mySide: "NS", vulnerable: NONE }));
  assert.match(sheet, /1 900 120 We/);
});
