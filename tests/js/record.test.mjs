// Issue 12, "beyond the table": the player's own record (static/js/record.js). What a finished
// deal, rubber and team match add to the record, read from messages recorded from a real server.
import { test } from "node:test";
import assert from "node:assert/strict";
import { fixture, ui } from "./helpers.mjs";

const record = await import(ui("record.js"));

test("issue 12: every finished deal of the score is an entry, seen from the player's seat", () => {
  const msg = fixture("state-done.json");
  const entries = record.entriesOf(msg, "t1", "S", new Set(), 1000);
  const deals = entries.filter((e) => e.kind === "deal");
  assert.equal(deals.length, msg.score.deals.length);
  const first = deals[0];
  const points = msg.score.deals[0].points;
  assert.equal(first.net, points.NS - points.EW);
  assert.equal(first.contract, msg.score.deals[0].contract);
  assert.equal(first.partner.kind, "bot");
  assert.equal(first.at, 1000);
  // East-West see the same deal the other way round
  const east = record.entriesOf(msg, "t1", "E", new Set(), 1000).find((e) => e.key === first.key);
  assert.equal(east.net, -first.net);
});

test("issue 12: a deal or game already recorded is not recorded twice", () => {
  const msg = fixture("state-done.json");
  const once = record.entriesOf(msg, "t1", "S");
  assert.deepEqual(record.entriesOf(msg, "t1", "S", new Set(once.map((e) => e.key))), []);
});

test("issue 12: a finished rubber is a game entry with the totals and the winner", () => {
  const msg = fixture("state-done.json");
  msg.score.finished = true;
  msg.score.totals = { NS: 300, EW: 820 };
  msg.score.winner = "EW";
  const game = record.entriesOf(msg, "t1", "S").find((e) => e.kind === "game");
  assert.deepEqual([game.us, game.them, game.net, game.winner], [300, 820, -520, "them"]);
  const west = record.entriesOf(msg, "t1", "W").find((e) => e.kind === "game");
  assert.equal(west.winner, "us");
  // earlier rubbers of the table count too
  msg.score.finished = false;
  msg.score.rubbers = [{ rubber: 1, totals: { NS: 700, EW: 50 }, winner: "NS", margin: 650, deals: 3 }];
  const earlier = record.entriesOf(msg, "t1", "N").filter((e) => e.kind === "game");
  assert.deepEqual(earlier.map((e) => [e.number, e.winner, e.net]), [[1, "us", 650]]);
});

test("issue 12: a team match over is a game entry in IMPs for the player's team", () => {
  const msg = {
    type: "match", id: "m1", over: true, winner: "B", imps_a: -7, boards: 4, teams: { A: "Uno", B: "Dos" },
    participant: { table: 2, seat: "N", team: "B" },
    players: [{}, { N: { kind: "human", name: "Ana" }, S: { kind: "bot", name: "" }, E: { kind: "bot" }, W: { kind: "bot" } }],
  };
  const entry = record.matchEntryOf(msg, 5);
  assert.deepEqual([entry.us, entry.them, entry.winner, entry.partner.kind, entry.key], [7, 0, "us", "bot", "m1:match"]);
  assert.equal(record.matchEntryOf({ ...msg, over: false }), null);
});
