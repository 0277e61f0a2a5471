// The score sheet: We/They, above and below the line (a line at each game), vulnerability, rubber
// bonus and the winner; Chicago deal by deal; auction-1920 with its own values and honours.
import { t, seatLetter, contractHTML } from "./i18n.js";
import { suitIcon } from "./cards.js";

const other = (side) => (side === "NS" ? "EW" : "NS");

/**
 * The score as the UI uses it, from either shape the server may send: the one proposed in
 * docs/protocol.md ("below": true, "passed_out", "over") or bazas.formats.records.dump_session()
 * ("line": "below", "contract": "pass", "finished"). Part scores are worked out when missing.
 */
export function normScore(raw) {
  if (!raw) return null;
  const deals = (raw.deals || []).map((d, i) => {
    const passed = Boolean(d.passed_out) || !d.contract || String(d.contract).toLowerCase() === "pass";
    return {
      ...d,
      number: d.number ?? i + 1,
      contract: passed ? null : d.contract,
      passed_out: passed,
      items: (d.items || []).map((it) => ({ ...it, below: it.below === true || it.line === "below" })),
    };
  });
  const unfinished = (raw.unfinished || []).map((it) => ({ ...it, below: it.below === true || it.line === "below" }));
  let parts = raw.part_scores;
  if (!parts) {
    parts = { NS: 0, EW: 0 };
    for (const d of deals) {
      for (const it of d.items) if (it.below) parts[it.side] += it.points;
      if (d.game_won_by) parts = { NS: 0, EW: 0 };
    }
  }
  const over = Boolean(raw.over ?? raw.finished);
  return { ...raw, deals, unfinished, part_scores: parts, over };
}

export function sideTotals(score) {
  if (score?.totals) return score.totals;
  const tot = { NS: 0, EW: 0 };
  for (const d of score?.deals || []) for (const it of d.items || []) tot[it.side] = (tot[it.side] || 0) + it.points;
  for (const it of score?.unfinished || []) tot[it.side] = (tot[it.side] || 0) + it.points;
  return tot;
}

export function dealPoints(deal) {
  const p = { NS: 0, EW: 0 };
  for (const it of deal.items || []) p[it.side] = (p[it.side] || 0) + it.points;
  return p;
}

/** "=", "+2", "−1" for a deal record (contract, tricks). */
export function resultText(contract, tricks) {
  if (!contract || tricks == null) return "";
  const need = Number(contract[0]) + 6;
  const d = tricks - need;
  return d === 0 ? "=" : d > 0 ? `+${d}` : `−${-d}`;
}

function itemLabel(kind) {
  const key = `item.${kind}`;
  const s = t(key);
  return s === key ? kind : s;
}

function vulChip(vul) {
  return vul ? `<span class="vul-chip on">${t("vul.vulnerable")}</span>` : `<span class="vul-chip">${t("vul.not")}</span>`;
}

function contractCell(d) {
  if (d.passed_out || !d.contract) return `<span class="muted">${t("result.passedOut")}</span>`;
  return `${contractHTML(d.contract)} <span class="by">${seatLetter(d.declarer)}</span> <span class="res">${resultText(d.contract, d.tricks)}</span>`;
}

function entry(item, deal) {
  const title = `${t("score.deal")} ${deal.number}: ${itemLabel(item.kind)}`;
  const cls = item.kind === "rubber bonus" ? "entry bonus" : item.kind === "honours" ? "entry honours" : "entry";
  return `<div class="${cls}" title="${title}"><span class="pts">${item.points}</span><span class="ref">${deal.number}</span><span class="kind">${itemLabel(item.kind)}</span></div>`;
}

function legend(ruleset) {
  if (ruleset === "auction-1920") {
    const v = [["C", 6], ["D", 7], ["H", 8], ["S", 9]].map(([s, n]) => `${suitIcon(s)}${n}`).join(" ");
    return `<p class="legend">${t("score.legend.auction", { values: `${v} ${t("strain.NT")}10` })}</p>`;
  }
  if (ruleset === "chicago") return `<p class="legend">${t("score.legend.chicago")}</p>`;
  return `<p class="legend">${t("score.legend.rubber")}</p>`;
}

function winnerLine(score, mySide) {
  const tot = sideTotals(score);
  if (!score.over && !score.winner) return "";
  const w = score.winner;
  if (w === "tie" || (w == null && tot.NS === tot.EW)) return `<div class="winner">${t("score.tie")}</div>`;
  const side = w || (tot.NS > tot.EW ? "NS" : "EW");
  const margin = Math.abs(tot.NS - tot.EW);
  const who = side === mySide ? t("score.we") : t("score.they");
  return `<div class="winner" data-winner="${side}">${t("score.winner", { who, margin })}</div>`;
}

function rubberSheet(score, mySide) {
  const sides = [mySide, other(mySide)];
  const above = { NS: [], EW: [] };
  const games = [{ NS: [], EW: [], closed: false }];
  for (const d of score.deals || []) {
    for (const it of d.items || []) {
      if (it.below) games[games.length - 1][it.side].push(entry(it, d));
      else above[it.side].push(entry(it, d));
    }
    if (d.game_won_by) {
      games[games.length - 1].closed = true;
      games[games.length - 1].winner = d.game_won_by;
      games.push({ NS: [], EW: [], closed: false });
    }
  }
  for (const it of score.unfinished || []) above[it.side].push(entry(it, { number: "·" }));
  if (!games[games.length - 1].NS.length && !games[games.length - 1].EW.length && games.length > 1) games.pop();
  const vul = score.vulnerable || {};
  const tot = sideTotals(score);
  const gamesWon = score.games || {};
  const head = sides
    .map((s) => `<div class="col"><strong>${s === mySide ? t("score.we") : t("score.they")}</strong> <span class="side-seats">${s === "NS" ? `${seatLetter("N")}–${seatLetter("S")}` : `${seatLetter("E")}–${seatLetter("W")}`}</span>${score.ruleset === "auction-1920" ? "" : vulChip(vul[s])}</div>`)
    .join("");
  const aboveCols = sides.map((s) => `<div class="col above-col">${above[s].join("")}</div>`).join("");
  const belowBlocks = games
    .map(
      (g) => `<div class="game${g.closed ? " closed" : ""}">${sides.map((s) => `<div class="col">${g[s].join("")}${g.closed && g.winner === s ? `<span class="game-mark">${t("score.game")}</span>` : ""}</div>`).join("")}</div>`,
    )
    .join("");
  const totals = sides.map((s) => `<div class="col"><span class="tlabel">${t("score.total")}</span> <span class="total">${tot[s] ?? 0}</span></div>`).join("");
  const gamesRow = sides.map((s) => `<div class="col">${t("score.gamesWon", { n: gamesWon[s] ?? 0 })}</div>`).join("");
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

function chicagoSheet(score, mySide) {
  const they = other(mySide);
  let run = { [mySide]: 0, [they]: 0 };
  const rows = (score.deals || []).map((d) => {
    const p = dealPoints(d);
    run = { [mySide]: run[mySide] + p[mySide], [they]: run[they] + p[they] };
    const v = d.vulnerable || {};
    const vtxt = v.NS && v.EW ? t("vul.both") : v.NS ? t("vul.NS") : v.EW ? t("vul.EW") : t("vul.none");
    const items = (d.items || []).map((it) => `${itemLabel(it.kind)} ${it.points}`).join(", ");
    return `<tr title="${items}">
      <td>${d.number}</td><td>${seatLetter(d.dealer)}</td><td>${vtxt}</td><td>${contractCell(d)}</td>
      <td class="num">${p[mySide] || ""}</td><td class="num">${p[they] || ""}</td>
      <td class="num run">${run[mySide]}</td><td class="num run">${run[they]}</td></tr>`;
  });
  const tot = sideTotals(score);
  const parts = score.part_scores || {};
  return `<div class="sheet chicago-sheet">
    <table class="grid">
      <thead><tr><th>#</th><th>${t("score.dealer")}</th><th>${t("score.vul")}</th><th>${t("score.contract")}</th>
      <th>${t("score.we")}</th><th>${t("score.they")}</th><th>Σ ${t("score.we")}</th><th>Σ ${t("score.they")}</th></tr></thead>
      <tbody>${rows.join("") || `<tr><td colspan="8" class="muted">${t("score.empty")}</td></tr>`}</tbody>
      <tfoot><tr><th colspan="4">${t("score.total")}</th><th class="num">${tot[mySide] ?? 0}</th><th class="num">${tot[they] ?? 0}</th><th></th><th></th></tr></tfoot>
    </table>
    <p class="muted small">${t("score.partScores", { we: parts[mySide] ?? 0, they: parts[they] ?? 0 })}</p>
    ${winnerLine(score, mySide)}
  </div>`;
}

function dealByDeal(score, mySide) {
  const they = other(mySide);
  const rows = (score.deals || [])
    .map((d) => {
      const items = (d.items || [])
        .map((it) => `<li class="${it.side === mySide ? "we" : "they"}">${it.side === mySide ? t("score.we") : t("score.they")}: ${itemLabel(it.kind)} <b>${it.points}</b> <span class="muted">${it.below ? t("score.below") : t("score.above")}</span></li>`)
        .join("");
      const p = dealPoints(d);
      return `<tr><td>${d.number}</td><td>${contractCell(d)}</td><td class="num">${p[mySide] || ""}</td><td class="num">${p[they] || ""}</td><td><ul class="items">${items}</ul></td></tr>`;
    })
    .join("");
  if (!rows) return "";
  return `<details class="deal-by-deal"${score.ruleset === "chicago" ? "" : ""}><summary>${t("score.dealByDeal")}</summary>
    <table class="grid"><thead><tr><th>#</th><th>${t("score.contract")}</th><th>${t("score.we")}</th><th>${t("score.they")}</th><th>${t("score.items")}</th></tr></thead><tbody>${rows}</tbody></table></details>`;
}

/** Earlier rubbers (or Chicago matches) at this table: their totals and winners. */
function earlier(score, mySide) {
  const list = score.rubbers || [];
  if (!list.length) return "";
  const they = other(mySide);
  const rows = list
    .map((r, i) => {
      const tot = r.totals || {};
      const w = r.winner === "tie" ? t("score.tieShort") : r.winner === mySide ? t("score.we") : r.winner ? t("score.they") : "";
      return `<tr><td>${r.rubber ?? i + 1}</td><td class="num">${tot[mySide] ?? ""}</td><td class="num">${tot[they] ?? ""}</td><td>${w}</td></tr>`;
    })
    .join("");
  return `<details class="deal-by-deal" open><summary>${t("score.earlier")}</summary>
    <table class="grid"><thead><tr><th>#</th><th>${t("score.we")}</th><th>${t("score.they")}</th><th>${t("score.won")}</th></tr></thead><tbody>${rows}</tbody></table></details>`;
}

export function renderScoreSheet(score, mySide = "NS") {
  if (!score) return `<p class="muted">${t("score.none")}</p>`;
  const main = score.ruleset === "chicago" ? chicagoSheet(score, mySide) : rubberSheet(score, mySide);
  return `${legend(score.ruleset)}${main}${dealByDeal(score, mySide)}${earlier(score, mySide)}`;
}

/** The small always-visible summary in the side panel. */
export function renderScoreMini(score, mySide = "NS", ruleset = "rubber") {
  if (!score) return `<p class="muted">${t("score.none")}</p>`;
  const they = other(mySide);
  const tot = sideTotals(score);
  const games = score.games || {};
  const parts = score.part_scores || {};
  const vul = score.vulnerable || {};
  const showVul = ruleset !== "auction-1920";
  const row = (side, label) => `<tr class="${vul[side] && showVul ? "vul" : ""}"><th>${label}${showVul && vul[side] ? ` <span class="vul-dot" title="${t("vul.vulnerable")}"></span>` : ""}</th>
    ${ruleset === "chicago" ? "" : `<td class="num">${games[side] ?? 0}</td>`}<td class="num">${parts[side] ?? 0}</td><td class="num total">${tot[side] ?? 0}</td></tr>`;
  return `<table class="mini-score">
    <thead><tr><th></th>${ruleset === "chicago" ? "" : `<th>${t("score.games")}</th>`}<th>${t("score.part")}</th><th>${t("score.total")}</th></tr></thead>
    <tbody>${row(mySide, t("score.we"))}${row(they, t("score.they"))}</tbody></table>
    ${winnerLine(score, mySide)}`;
}
