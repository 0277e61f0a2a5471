// Issue 11: three-handed Auction at the table page: the auction of three players (facts `seats`),
// and the per-player score sheet (facts `per_player`) with each player's totals and the settlement.
import { test } from "node:test";
import assert from "node:assert/strict";
import { catalogue, facts, text, ui } from "./helpers.mjs";

const i18n = await import(ui("i18n.js"));
const auction = await import(ui("table/auction.js"));
const score = await import(ui("score.js"));
i18n.useStrings("en", catalogue("en"));

const GAME = facts("three-handed-auction");

test("issue 11: three players call in turn N, E, S: rows of three from the dealer", () => {
  const seats = GAME.seats;
  assert.deepEqual(seats, ["N", "E", "S"]);
  const rows = auction.auctionRows(["1S", "P", "2H", "P"], "E", false, seats);
  assert.deepEqual(rows, [[null, { call: "1S", i: 0 }, { call: "P", i: 1 }], [{ call: "2H", i: 2 }, { call: "P", i: 3 }]]);
  assert.equal(auction.callerOf("E", 2, seats), "N");
  const html = auction.auctionHTML(["1S", "P"], "S", { seats });
  assert.equal((html.match(/<th /g) || []).length, 3);
});

// `bazas score --json` of a three-handed record (players N, E, S) plus the table's extras.
const SHEET = {
  ruleset: "three-handed-auction", players: ["N", "E", "S"], dummy: "W",
  deals: [
    { deal: 1, dealer: "N", contract: "2H", declarer: "E", tricks: 7, points: { N: 50, E: 0, S: 50 }, items: [], game_won_by: null },
    { deal: 2, dealer: "E", contract: "passed", declarer: null, tricks: null, points: { N: 0, E: 0, S: 0 }, items: [], game_won_by: null },
  ],
  totals: { N: 50, E: 0, S: 50 }, above: { N: 50, E: 0, S: 50 }, below: { N: 0, E: 0, S: 0 },
  games: { N: 0, E: 0, S: 0 }, finished: false, winner: null,
  settlement: { N: { E: 50, S: 0 }, E: { N: -50, S: -50 }, S: { N: 0, E: 50 } }, net: { N: 50, E: -100, S: 50 },
  first_dealer: "N", part_scores: { N: 0, E: 0, S: 0 }, rubber: 1, rubbers: [],
};

test("issue 11: the per-player sheet: a column per player, totals, net and who pays whom", () => {
  const html = score.renderScoreSheet(SHEET, { facts: GAME, vulnerable: { NS: false, EW: false }, me: "S" });
  assert.match(html, /players-sheet/);
  assert.equal((html.match(/data-player=/g) || []).length, 3);
  const plain = text(html);
  assert.match(plain, /E pays N 50/);
  assert.match(plain, /E pays S 50/);
  assert.match(plain, /N and S are even/);
  assert.match(html, /data-net="E">-100/);
  const mini = score.renderScoreMini(SHEET, { facts: GAME, vulnerable: { NS: false, EW: false }, me: "S" });
  assert.equal((mini.match(/<tr class/g) || []).length, 3);
});

test("issue 11: the history lists each player's points, a column per player", async () => {
  const { historyHTML } = await import(ui("table/dialogs.js"));
  const deal = { number: 1, rubber: 1, dealer: "N", vulnerable: { NS: false, EW: false }, contract: "2H", declarer: "E",
    tricks: 7, passed_out: false, points: { N: 50, E: 0, S: 50 }, pbn: "/api/tables/x/deals/1.pbn" };
  const html = historyHTML({ deals: [deal], pbn: "/api/tables/x.pbn" }, "NS");
  assert.match(text(html), /# Dealer Contract N E S/);
  assert.equal((html.match(/<td class="num">50<\/td>/g) || []).length, 2);
});
