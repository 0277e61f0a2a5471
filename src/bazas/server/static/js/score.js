// The score sheet: We/They, above and below the line (a line at each game), vulnerability, rubber
// bonus and the winner; or deal by deal (sheet "chicago"). The layout comes from the ruleset's
// facts (`sheet`, `has_vulnerability`), the legend from the catalogue (`score.legend.<ruleset id>`).
//
// `score` is what the server sends in every state: bazas.formats.records.dump_session() plus
// part_scores, rubber and rubbers (docs/protocol.md):
//   {ruleset, deals: [{number, dealer, declarer, contract: "4SX" | "pass", tricks, vulnerable,
//    points, game_won_by, items: [{kind, side, points, line: "above" | "below"}]}],
//    unfinished: [item], games, totals, finished, winner: "NS" | "EW" | "tie" | null, margin,
//    part_scores, rubbers: [{rubber, totals, winner, margin, deals}]}
import { has, t, seatLetter, contractHTML } from "./i18n.js";
import { suitIcon } from "./cards.js";
import { optionItems } from "./options.js";
import { otherSide as other, resultText, vulKey } from "./bridge.js";

export const passedOut = (deal) => deal.contract === "pass";
export const isBelow = (item) => item.line === "below";

/**
 * The rubber sheet's columns: the items above the line per side, and below the line one block
 * per game (closed when a side won it): {above: {NS, EW}, games: [{NS, EW, closed, winner}]},
 * each item with the deal it came from ({item, number}); the items of an unfinished rubber go
 * above the line without a deal number ("·").
 */
export function sheetColumns(score) {
  const above = { NS: [], EW: [] };
  const games = [{ NS: [], EW: [], closed: false, winner: null }];
  for (const d of score.deals) {
    for (const item of d.items) {
      if (isBelow(item)) games[games.length - 1][item.side].push({ item, number: d.number });
      else above[item.side].push({ item, number: d.number });
    }
    if (d.game_won_by) {
      Object.assign(games[games.length - 1], { closed: true, winner: d.game_won_by });
      games.push({ NS: [], EW: [], closed: false, winner: null });
    }
  }
  for (const item of score.unfinished) above[item.side].push({ item, number: "·" });
  const lastGame = games[games.length - 1];
  if (games.length > 1 && !lastGame.NS.length && !lastGame.EW.length) games.pop();
  return { above, games };
}

/** Deal by deal, each deal's points and the running totals from `mySide`'s point of view. */
export function runningTotals(score, mySide) {
  const they = other(mySide);
  const run = { [mySide]: 0, [they]: 0 };
  return score.deals.map((d) => {
    run[mySide] += d.points[mySide];
    run[they] += d.points[they];
    return { deal: d, points: d.points, run: { ...run } };
  });
}

function itemLabel(kind) {
  const key = `item.${kind}`;
  return has(key) ? t(key) : kind;
}

function vulChip(vul) {
  return vul ? `<span class="vul-chip on">${t("vul.vulnerable")}</span>` : `<span class="vul-chip">${t("vul.not")}</span>`;
}

function contractCell(d) {
  if (passedOut(d)) return `<span class="muted">${t("result.passedOut")}</span>`;
  return `${contractHTML(d.contract)} <span class="by">${seatLetter(d.declarer)}</span> <span class="res">${resultText(d.contract, d.tricks)}</span>`;
}

function entry({ item, number }) {
  const title = `${t("score.deal")} ${number}: ${itemLabel(item.kind)}`;
  const cls = item.kind === "rubber bonus" ? "entry bonus" : item.kind === "honours" ? "entry honours" : "entry";
  // points, what for, then which deal: "150 multas (mano 1)", never "150 1 multas" (issue 12)
  const ref = typeof number === "number" ? `<span class="ref">${t("score.dealRef", { n: number })}</span>` : "";
  return `<div class="${cls}" title="${title}"><span class="pts">${item.points}</span> <span class="kind">${itemLabel(item.kind)}</span>${ref ? ` ${ref}` : ""}</div>`;
}

/** The ruleset's legend, when the catalogue has one: {C} {D} {H} {S} {NT} stand for the strains. */
function legend(facts) {
  const key = `score.legend.${facts.id}`;
  if (!has(key)) return "";
  const strains = { C: suitIcon("C"), D: suitIcon("D"), H: suitIcon("H"), S: suitIcon("S"), NT: t("strain.NT") };
  return `<p class="legend">${t(key, strains)}</p>`;
}

/** The table's options above the sheet (issue 11), and a tie that one more deal settles. */
function optionsLine(score) {
  const items = optionItems(score.options);
  const opts = items.length ? `<p class="sheet-options muted small">${t("score.options", { list: items.join("; ") })}</p>` : "";
  return `${opts}${score.deciding ? `<p class="sheet-deciding">${t("score.deciding")}</p>` : ""}`;
}

function winnerLine(score, mySide) {
  if (!score.finished) return "";
  if (score.winner === "tie") return `<div class="winner">${t("score.tie")}</div>`;
  const who = score.winner === mySide ? t("score.we") : t("score.they");
  return `<div class="winner" data-winner="${score.winner}">${t("score.winner", { who, margin: score.margin })}</div>`;
}

function rubberSheet(score, { facts, mySide, vulnerable }) {
  const sides = [mySide, other(mySide)];
  const { above, games } = sheetColumns(score);
  const head = sides
    .map((s) => `<div class="col"><strong>${s === mySide ? t("score.we") : t("score.they")}</strong> <span class="side-seats">${s === "NS" ? `${seatLetter("N")}–${seatLetter("S")}` : `${seatLetter("E")}–${seatLetter("W")}`}</span>${facts.has_vulnerability ? vulChip(vulnerable[s]) : ""}</div>`)
    .join("");
  const aboveCols = sides.map((s) => `<div class="col above-col">${above[s].map(entry).join("")}</div>`).join("");
  const belowBlocks = games
    .map(
      (g) => `<div class="game${g.closed ? " closed" : ""}">${sides.map((s) => `<div class="col">${g[s].map(entry).join("")}${g.closed && g.winner === s ? `<span class="game-mark">${t("score.game")}</span>` : ""}</div>`).join("")}</div>`,
    )
    .join("");
  const totals = sides.map((s) => `<div class="col"><span class="tlabel">${t("score.total")}</span> <span class="total">${score.totals[s]}</span></div>`).join("");
  const gamesRow = sides.map((s) => `<div class="col">${t("score.gamesWon", { n: score.games[s] })}</div>`).join("");
  return `<div class="sheet rubber-sheet" data-ruleset="${score.ruleset}">
    <div class="sheet-row sheet-head">${head}</div>
    <div class="sheet-row sheet-above">${aboveCols}</div>
    <div class="the-line" role="separator"></div>
    <div class="sheet-below">${belowBlocks}</div>
    <div class="sheet-row sheet-games">${gamesRow}</div>
    <div class="sheet-row sheet-totals">${totals}</div>
    ${winnerLine(score, mySide)}
  </div>`;
}

function chicagoSheet(score, { mySide }) {
  const they = other(mySide);
  const rows = runningTotals(score, mySide).map(({ deal: d, points: p, run }) => {
    const items = d.items.map((it) => `${itemLabel(it.kind)} ${it.points}`).join(", ");
    return `<tr title="${items}">
      <td>${d.number}</td><td>${seatLetter(d.dealer)}</td><td>${t(vulKey(d.vulnerable))}</td><td>${contractCell(d)}</td>
      <td class="num">${p[mySide] || ""}</td><td class="num">${p[they] || ""}</td>
      <td class="num run">${run[mySide]}</td><td class="num run">${run[they]}</td></tr>`;
  });
  const parts = score.part_scores;
  return `<div class="sheet chicago-sheet">
    <table class="grid">
      <thead><tr><th>#</th><th>${t("score.dealer")}</th><th>${t("score.vul")}</th><th>${t("score.contract")}</th>
      <th>${t("score.we")}</th><th>${t("score.they")}</th><th>Σ ${t("score.we")}</th><th>Σ ${t("score.they")}</th></tr></thead>
      <tbody>${rows.join("") || `<tr><td colspan="8" class="muted">${t("score.empty")}</td></tr>`}</tbody>
      <tfoot><tr><th colspan="4">${t("score.total")}</th><th class="num">${score.totals[mySide]}</th><th class="num">${score.totals[they]}</th><th></th><th></th></tr></tfoot>
    </table>
    <p class="muted small">${t("score.partScores", { we: parts[mySide], they: parts[they] })}</p>
    ${winnerLine(score, mySide)}
  </div>`;
}

function dealByDeal(score, mySide) {
  const they = other(mySide);
  const rows = score.deals
    .map((d) => {
      const items = d.items
        .map((it) => `<li class="${it.side === mySide ? "we" : "they"}">${it.side === mySide ? t("score.we") : t("score.they")}: ${itemLabel(it.kind)} <b>${it.points}</b> <span class="muted">${isBelow(it) ? t("score.below") : t("score.above")}</span></li>`)
        .join("");
      return `<tr><td>${d.number}</td><td>${contractCell(d)}</td><td class="num">${d.points[mySide] || ""}</td><td class="num">${d.points[they] || ""}</td><td><ul class="items">${items}</ul></td></tr>`;
    })
    .join("");
  if (!rows) return "";
  return `<details class="deal-by-deal" data-part="by-deal"><summary>${t("score.dealByDeal")}</summary>
    <table class="grid"><thead><tr><th>#</th><th>${t("score.contract")}</th><th>${t("score.we")}</th><th>${t("score.they")}</th><th>${t("score.items")}</th></tr></thead><tbody>${rows}</tbody></table></details>`;
}

/** Earlier rubbers (or Chicago matches) at this table: their totals and winners. */
function earlier(score, mySide) {
  if (!score.rubbers.length) return "";
  const they = other(mySide);
  const rows = score.rubbers
    .map((r) => {
      const w = r.winner === "tie" ? t("score.tieShort") : r.winner === mySide ? t("score.we") : r.winner ? t("score.they") : "";
      return `<tr><td>${r.rubber}</td><td class="num">${r.totals[mySide]}</td><td class="num">${r.totals[they]}</td><td>${w}</td></tr>`;
    })
    .join("");
  return `<details class="deal-by-deal" data-part="earlier" open><summary>${t("score.earlier")}</summary>
    <table class="grid"><thead><tr><th>#</th><th>${t("score.we")}</th><th>${t("score.they")}</th><th>${t("score.won")}</th></tr></thead><tbody>${rows}</tbody></table></details>`;
}

const SHEETS = { rubber: rubberSheet, chicago: chicagoSheet };

// -- per player (three-handed Auction, facts `per_player`; issue 11) -----------------------------
// `score` is `bazas score --json` of the rubber in play: {players: ["N","E","S"], deals: [{deal,
// dealer, contract: "2HX" | "passed", declarer, tricks, points: {N, E, S}, game_won_by}], totals,
// games, part_scores, finished, winner, settlement: {A: {B: what B pays A}}, net, rubbers}.

function playerContractCell(d) {
  if (d.contract === "passed") return `<span class="muted">${t("result.passedOut")}</span>`;
  return contractCell(d);
}

/** Who pays whom: each pair once, the one behind paying the one ahead the difference of totals. */
function settlementLines(score) {
  const players = score.players;
  const lines = [];
  for (let i = 0; i < players.length; i++) {
    for (let j = i + 1; j < players.length; j++) {
      const [a, b] = [players[i], players[j]];
      const owed = score.settlement[a][b];
      if (!owed) lines.push(`<li>${t("score.settleEven", { a: seatLetter(a), b: seatLetter(b) })}</li>`);
      else {
        const [to, from] = owed > 0 ? [a, b] : [b, a];
        lines.push(`<li data-pays="${from}${to}">${t("score.settlePays", { from: seatLetter(from), to: seatLetter(to), n: Math.abs(owed) })}</li>`);
      }
    }
  }
  return lines.join("");
}

function playersSheet(score, { me = null } = {}) {
  const players = score.players;
  const head = players.map((p) => `<th class="num${p === me ? " me" : ""}" data-player="${p}">${seatLetter(p)}</th>`).join("");
  const rows = score.deals.map((d) => {
    const cells = players.map((p) => `<td class="num">${d.points[p] || ""}</td>`).join("");
    const game = d.game_won_by ? ` <span class="game-mark">${t("score.gameOf", { seat: seatLetter(d.game_won_by) })}</span>` : "";
    return `<tr><td>${d.deal}</td><td>${seatLetter(d.dealer)}</td><td>${playerContractCell(d)}${game}</td>${cells}</tr>`;
  });
  const cols = players.length + 3;
  const row = (label, values, cls = "") => `<tr class="${cls}"><th colspan="3">${label}</th>${players.map((p) => `<td class="num">${values[p]}</td>`).join("")}</tr>`;
  const net = players.map((p) => `<td class="num net ${score.net[p] >= 0 ? "plus" : "minus"}" data-net="${p}">${score.net[p] > 0 ? "+" : ""}${score.net[p]}</td>`).join("");
  const winner = score.finished && score.winner ? `<div class="winner" data-winner="${score.winner}">${t("score.playerWon", { seat: seatLetter(score.winner) })}</div>` : "";
  return `<div class="sheet players-sheet" data-players="${players.join("")}">
    <table class="grid">
      <thead><tr><th>#</th><th>${t("score.dealer")}</th><th>${t("score.contract")}</th>${head}</tr></thead>
      <tbody>${rows.join("") || `<tr><td colspan="${cols}" class="muted">${t("score.empty")}</td></tr>`}</tbody>
      <tfoot>${row(t("score.games"), score.games)}${row(t("score.part"), score.part_scores)}${row(t("score.total"), score.totals, "totals")}
      <tr class="settlement-row"><th colspan="3">${t("score.net")}</th>${net}</tr></tfoot>
    </table>
    <div class="settlement"><strong>${t("score.settlement")}</strong><ul>${settlementLines(score)}</ul></div>
    ${winner}
  </div>`;
}

function playersEarlier(score) {
  if (!score.rubbers.length) return "";
  const players = score.players;
  const rows = score.rubbers
    .map((r) => `<tr><td>${r.rubber}</td>${players.map((p) => `<td class="num">${r.totals[p]} (${r.net[p] > 0 ? "+" : ""}${r.net[p]})</td>`).join("")}<td>${r.winner ? seatLetter(r.winner) : ""}</td></tr>`)
    .join("");
  return `<details class="deal-by-deal" data-part="earlier" open><summary>${t("score.earlier")}</summary>
    <table class="grid"><thead><tr><th>#</th>${players.map((p) => `<th>${seatLetter(p)}</th>`).join("")}<th>${t("score.won")}</th></tr></thead><tbody>${rows}</tbody></table></details>`;
}

/**
 * The whole sheet. `facts`: the ruleset's facts; `mySide`: the viewer's side ("NS" for a
 * spectator); `vulnerable`: {NS, EW} of the deal on the table.
 */
export function renderScoreSheet(score, { facts, mySide = "NS", vulnerable, me = null }) {
  if (!score) return `<p class="muted">${t("score.none")}</p>`;
  if (facts.per_player && score.players) return `${legend(facts)}${playersSheet(score, { me })}${playersEarlier(score)}`;
  const sheet = SHEETS[facts.sheet] ?? rubberSheet;
  return `${legend(facts)}${optionsLine(score)}${sheet(score, { facts, mySide, vulnerable })}${dealByDeal(score, mySide)}${earlier(score, mySide)}`;
}

/** The small always-visible summary in the side panel (games only where games are counted). */
export function renderScoreMini(score, { facts, mySide = "NS", vulnerable, me = null }) {
  if (!score) return `<p class="muted">${t("score.none")}</p>`;
  if (facts.per_player && score.players) {
    const rows = score.players.map((p) => `<tr class="${p === me ? "me" : ""}"><th>${seatLetter(p)}</th><td class="num">${score.games[p]}</td><td class="num">${score.part_scores[p]}</td><td class="num total">${score.totals[p]}</td></tr>`).join("");
    const winner = score.finished && score.winner ? `<div class="winner" data-winner="${score.winner}">${t("score.playerWon", { seat: seatLetter(score.winner) })}</div>` : "";
    return `<table class="mini-score"><thead><tr><th></th><th>${t("score.games")}</th><th>${t("score.part")}</th><th>${t("score.total")}</th></tr></thead><tbody>${rows}</tbody></table>${winner}`;
  }
  const they = other(mySide);
  const showGames = facts.sheet === "rubber";
  const showVul = facts.has_vulnerability;
  const row = (side, label) => `<tr class="${vulnerable[side] && showVul ? "vul" : ""}"><th>${label}${showVul && vulnerable[side] ? ` <span class="vul-dot" title="${t("vul.vulnerable")}"></span>` : ""}</th>
    ${showGames ? `<td class="num">${score.games[side]}</td>` : ""}<td class="num">${score.part_scores[side]}</td><td class="num total">${score.totals[side]}</td></tr>`;
  return `<table class="mini-score">
    <thead><tr><th></th>${showGames ? `<th>${t("score.games")}</th>` : ""}<th>${t("score.part")}</th><th>${t("score.total")}</th></tr></thead>
    <tbody>${row(mySide, t("score.we"))}${row(they, t("score.they"))}</tbody></table>
    ${winnerLine(score, mySide)}`;
}
