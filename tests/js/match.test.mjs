// Issue 10: the team match page's pure parts (static/js/match/): the comparison filled in from
// the boards both tables finished, the running total, the banner, the home form's body.
import { test } from "node:test";
import assert from "node:assert/strict";
import { fixture, text, ui } from "./helpers.mjs";

const cmp = await import(ui("match/comparison.js"));
const form = await import(ui("match/home_form.js"));

test("issue 10: the comparison shows complete boards in full and only progress for the others", () => {
  const msg = fixture("match_spectator.json");
  const rows = cmp.matchRows(msg);
  assert.equal(rows.length, 3);
  assert.equal(rows[0].complete, true);
  assert.equal(rows[0].tables[0].contract, msg.complete[0].tables[0].contract);
  assert.equal(rows[0].tables[1].contract, "pass");
  assert.equal(rows[0].imps, msg.complete[0].imps_a);
  assert.deepEqual(rows[1], { board: 2, complete: false, finished: [1] });
  assert.deepEqual(rows[2], { board: 3, complete: false, finished: [] });
  const html = cmp.renderComparison(msg);
  assert.match(html, /data-board="1" class="complete"/);
  assert.match(html, /data-board="2" class="pending"/);
  // Issue 10: each table's contract, declarer, tricks and lead, both scores, the difference, IMPs.
  const c = msg.complete[0];
  const row = html.match(/<tr data-board="1" class="complete">(.*?)<\/tr>/)[1];
  const cells = [...row.matchAll(/<td[^>]*>(.*?)<\/td>/g)].map((m) => m[1]);
  assert.equal(cells.length, 12);
  assert.deepEqual(cells.filter((_, i) => [2, 5].includes(i)), c.tables.map((r) => (r.tricks === null ? "–" : String(r.tricks))));
  assert.deepEqual([cells[7], cells[8]], c.tables.map((r) => String(r.score_ns)));
  assert.equal(Number(cells[9]), c.difference);
  assert.equal(Number(cells[10]), c.imps_a);
  assert.ok(cells[1].includes(c.tables[0].contract) && cells[1].includes(c.tables[0].declarer));
  assert.equal(cells[3], c.tables[0].lead);
  // Nothing of board 2 is in the page: the message has none of it, and the rows add none.
  assert.ok(!text(html).includes("undefined"));
});

test("issue 10: the running IMP total and its chart", () => {
  const msg = fixture("match_spectator.json");
  assert.deepEqual(cmp.runningTotals(msg), [0, msg.complete[0].running_imps_a]);
  assert.match(cmp.chartSVG(msg), /<polyline [^>]*points="10,\d+ \d+,\d+"/);
});

test("issue 10: the standing names the leader, then the winner or a tie", () => {
  const msg = fixture("match_spectator.json");
  msg.imps_a = 6;
  assert.equal(cmp.standingText(msg), "Azul – Rojo: match.leads");
  Object.assign(msg, { over: true, winner: "tie", imps_a: 0 });
  assert.equal(cmp.standingText(msg), "match.tie");
});

test("issue 10: the banner of a match's table says which table and board", () => {
  const msg = { ...fixture("match_spectator.json"), participant: { table: 2, seat: "S", team: "B" } };
  const line = cmp.bannerText(msg, { table: { deal_number: 2 } });
  assert.equal(line.split(" · ").length, 4);
});

test("issue 10: the home form's body: boards clamped to 1-32, seats bot or open, team names", () => {
  const body = form.matchBody(" Azul ", "", "40", { "1N": "open", "2S": "open", "1E": "x" }, "es");
  assert.equal(body.boards, 32);
  assert.equal(body.team_a, "Azul");
  assert.equal(body.team_b, "B");
  assert.equal(body.seats["1N"], "open");
  assert.equal(body.seats["1E"], "bot");
  assert.equal(Object.keys(body.seats).length, 8);
  assert.deepEqual(form.MATCH_SEATS.map(form.teamOfSeat), ["A", "B", "A", "B", "B", "A", "B", "A"]);
});

test("issue 9: the home form's program seats: sent as program, shown with where to connect and the line to send", () => {
  const body = form.matchBody("A", "B", 4, { "1N": "program", "2E": "open", "2W": "robot" }, "en");
  assert.equal(body.seats["1N"], "program");
  assert.equal(body.seats["2E"], "open");
  assert.equal(body.seats["2W"], "bot");
  assert.equal("program_names" in body, false);
  const named = form.matchBody("A", "B", 4, { "1N": "program", "2E": "open" }, "en", null, { "1N": "  BEN ", "2E": "Ana" });
  assert.deepEqual(named.program_names, { "1N": "BEN" });   // a person's seat has no program name
  const line = 'Connecting "m1.1/k<x>" as North using protocol version 18';
  const html = form.programRowHTML("1N", { host: "127.0.0.1", port: 2001, connect: line });
  assert.match(html, /data-program="1N"/);
  assert.match(html, /match\.programAt/);   // t() of the test harness returns the key
  assert.ok(html.includes('value="Connecting &quot;m1.1/k&lt;x&gt;&quot; as North using protocol version 18"'));
});

const board = await import(ui("match/board.js"));

function review(complete) {
  const hands = { N: ["SA", "SK"], E: ["HA", "HK"], S: ["DA", "DK"], W: ["CA", "CK"] };
  const rec = (table) => ({
    table, contract: "4S", declarer: "N", result: "=", score_ns: 420, lead: "HA", calls: ["1S", "P", "4S", "P", "P", "P"],
    claim: null, analysis: null,
    replay: { all_hands: hands, tricks: [{ leader: "E", cards: [["E", "HA"], ["S", "DA"], ["W", "CA"], ["N", "SA"]], winner: "N" }], current: null },
  });
  return {
    board: 1, dealer: "N", vulnerability: "None", all_hands: hands, complete, analysis_pending: true, dd: null,
    tables: complete ? [rec(1), rec(2)] : [rec(1)], table1_ns: 420, table2_ns: 170, imps_a: 6,
  };
}

test("issue 10 point 1: a board's review has the hand record, both tables' columns and a replay per table", () => {
  const html = board.boardReviewHTML(review(true), { 1: 2 });
  assert.match(html, /data-board="1" data-complete="1"/);
  assert.equal((html.match(/class="match-table-review"/g) || []).length, 2);
  assert.match(html, /data-table="1" data-step="2" data-total="4"/);
  assert.match(html, /data-table="2" data-step="0" data-total="4"/);
  assert.match(html, /match\.ddPending/); // the analysis is on its way
  // Issue 10 "LIN export of each board": the board's LIN file and each table's play in BBO's hand viewer.
  const withLin = { ...review(true), lin: "/api/matches/m1/boards/1.lin" };
  withLin.tables = withLin.tables.map((r) => ({ ...r, lin: `qx|${r.table === 1 ? "o" : "c"}1|ah|Board 1|mb|1S|` }));
  const linHTML = board.boardReviewHTML(withLin);
  assert.match(linHTML, /class="match-board-lin" href="\/api\/matches\/m1\/boards\/1\.lin"/);
  const viewers = [...linHTML.matchAll(/class="match-hand-viewer"[^>]*href="([^"]+)"/g)].map((m) => m[1]);
  assert.deepEqual(viewers, withLin.tables.map((r) => board.HAND_VIEWER + encodeURIComponent(r.lin)));
  assert.ok(!html.includes("match-hand-viewer") && !html.includes("match-board-lin"));
  assert.equal(board.moveStep(review(true).tables[0], "next", 3), 4);
  assert.equal(board.moveStep(review(true).tables[0], "next", 4), 4);
  assert.equal(board.moveStep(review(true).tables[0], "prev", 0), 0);
});

test("issue 10 point 2: before both tables finish, a seat's review has its own table only", () => {
  const html = board.boardReviewHTML(review(false));
  assert.match(html, /data-complete="0"/);
  assert.equal((html.match(/class="match-table-review"/g) || []).length, 1);
  assert.match(html, /match\.ownOnly/);
  const msg = { complete: [{ board: 1 }], own: [{ board: 2 }, { board: 3 }] };
  assert.deepEqual(board.reviewableBoards(msg), [1, 2, 3]);
  assert.deepEqual(board.reviewableBoards({ complete: [], own: [] }), []);
});

test("issue 10 point 3: the home form reads a PBN's boards and sends the file", () => {
  const pbn = '% PBN 2.1\n\n[Board "1"]\n[Deal "N:AK.. ..."]\n\n[Board "2"]\n[Dealer "E"]\n[Deal "E:..."]\n\n[Board "3"]\n';
  assert.deepEqual(form.pbnBoards(pbn), [1, 2]);
  assert.deepEqual(form.pbnBoards("not a pbn"), []);
  assert.equal(form.matchBody("A", "B", 4, {}, "en", pbn).pbn, pbn);
  assert.equal("pbn" in form.matchBody("A", "B", 4, {}, "en"), false);
});

test("issue 10: the match page's line-up: each table's pairs with their team, team A N/S at table 1 and E/W at table 2", () => {
  const msg = fixture("match_spectator.json");
  msg.players[0].N = { kind: "human", name: "Ana", joined: true, team: "A" };
  msg.players[1].W = { kind: "human", name: "", joined: false, team: "A" };
  const html = cmp.lineupHTML(msg);
  const tables = [...html.matchAll(/<li data-lineup-table="(\d)">(.*?)<\/li>/g)];
  assert.deepEqual(tables.map((m) => m[1]), ["1", "2"]);
  const teams = tables.map((m) => [...m[2].matchAll(/data-team="(\w)"/g)].map((x) => x[1]));
  assert.deepEqual(teams, [["A", "B"], ["B", "A"]]);
  assert.match(tables[0][2], /match\.sideNS Azul: seat\.long\.N Ana, seat\.long\.S seat\.bot/);
  assert.match(tables[1][2], /match\.sideEW Azul: seat\.long\.E seat\.bot, seat\.long\.W seat\.open/);
  assert.equal(cmp.playerText({ kind: "human", name: "", joined: true }), "match.person");
});

test("issue 9: the one-table form's body seats programs, and names only the program seats that have a name", async () => {
  const { tableBody } = await import(ui("new_table.js"));
  const players = ["N", "E", "S", "W"];
  const kinds = { N: "program", E: "bot", S: "bot", W: "program" };
  const body = tableBody(players, "S", kinds, { N: "  BEN  ", E: "not a program", W: "   " });
  assert.deepEqual(body, { seats: { N: "program", E: "bot", W: "program" }, program_names: { N: "BEN" } });
  // My own seat is never sent, and without program names there is no program_names field.
  assert.deepEqual(tableBody(players, "N", { N: "program", E: "open", S: "bot", W: "bot" }),
    { seats: { E: "open", S: "bot", W: "bot" } });
  // A name longer than the server takes is cut to 40 characters.
  assert.equal(tableBody(players, "S", kinds, { N: "x".repeat(60) }).program_names.N.length, 40);
  // Three-handed Auction: only the game's seats.
  assert.deepEqual(Object.keys(tableBody(["N", "E", "S"], "S", kinds).seats), ["N", "E"]);
});
