// Team match (issue 10): the board-by-board comparison, the running IMP total and the banner of a
// match's table, built from a `match` message (docs/protocol.md, "Matches"). Pure: strings in,
// HTML out; the server only ever sends boards both tables have finished in `complete`.
import { t } from "../i18n.js";
import { escapeHTML } from "../common.js";

/** One row per board: complete ones with both tables' results, the others with who finished. */
export function matchRows(msg) {
  const done = new Map((msg.complete || []).map((c) => [c.board, c]));
  const rows = [];
  for (let b = 1; b <= (msg.boards || 0); b++) {
    const c = done.get(b);
    if (c) {
      rows.push({
        board: b, complete: true, imps: c.imps_a, running: c.running_imps_a, difference: c.difference,
        tables: c.tables.map((r) => ({
          table: r.table, contract: r.contract, declarer: r.declarer, lead: r.lead, tricks: r.tricks,
          result: r.result, score: r.score_ns,
        })),
      });
    } else {
      const finished = [1, 2].filter((tb) => Number(msg.progress?.[String(tb)] || 0) >= b);
      rows.push({ board: b, complete: false, finished });
    }
  }
  return rows;
}

/** Team A's running IMP total after each complete board (starting at 0). */
export function runningTotals(msg) {
  return [0, ...(msg.complete || []).map((c) => c.running_imps_a)];
}

function contractText(r) {
  if (!r.contract || r.contract === "pass") return t("match.passedOut");
  return `${escapeHTML(r.contract)} ${escapeHTML(r.declarer || "")} ${escapeHTML(r.result || "")}`;
}

/** The comparison as an HTML table (`data-board` on each row). */
export function renderComparison(msg) {
  const head = `<tr><th>${t("match.board")}</th>`
    + `<th>${t("match.table1")}</th><th>${t("match.tricks")}</th><th>${t("match.lead")}</th>`
    + `<th>${t("match.table2")}</th><th>${t("match.tricks")}</th><th>${t("match.lead")}</th>`
    + `<th>${t("match.score1")}</th><th>${t("match.score2")}</th><th>${t("match.difference")}</th>`
    + `<th>${t("match.imps")}</th><th>${t("match.running")}</th></tr>`;
  const body = matchRows(msg).map((row) => {
    if (!row.complete) {
      const who = row.finished.length ? t("match.finishedAt", { tables: row.finished.join(", ") }) : t("match.notYet");
      return `<tr data-board="${row.board}" class="pending"><td>${row.board}</td><td colspan="11" class="muted">${escapeHTML(who)}</td></tr>`;
    }
    const [a, b] = row.tables;
    const imps = row.imps > 0 ? `+${row.imps}` : String(row.imps);
    const difference = row.difference > 0 ? `+${row.difference}` : String(row.difference);
    const tricks = (r) => (r.tricks === null || r.tricks === undefined ? "–" : String(r.tricks));
    return `<tr data-board="${row.board}" class="complete"><td>${row.board}</td>`
      + `<td>${contractText(a)}</td><td class="tricks">${tricks(a)}</td><td>${escapeHTML(a.lead || "")}</td>`
      + `<td>${contractText(b)}</td><td class="tricks">${tricks(b)}</td><td>${escapeHTML(b.lead || "")}</td>`
      + `<td>${a.score}</td><td>${b.score}</td><td class="difference">${difference}</td>`
      + `<td class="imps-a">${imps}</td><td class="running">${row.running}</td></tr>`;
  }).join("");
  return `<table class="match-comparison"><thead>${head}</thead><tbody>${body}</tbody></table>`;
}

/** The running total as a small SVG line chart (one point per complete board). */
export function chartSVG(msg, width = 320, height = 120) {
  const totals = runningTotals(msg);
  const n = Math.max(1, (msg.boards || 1));
  const top = Math.max(1, ...totals.map((v) => Math.abs(v)));
  const x = (i) => Math.round((i / n) * (width - 20)) + 10;
  const y = (v) => Math.round(height / 2 - (v / top) * (height / 2 - 10));
  const points = totals.map((v, i) => `${x(i)},${y(v)}`).join(" ");
  return `<svg class="match-chart" viewBox="0 0 ${width} ${height}" style="width:100%;max-width:${width * 1.5}px;height:auto" role="img" aria-label="${escapeHTML(t("match.chart"))}">`
    + `<line x1="10" x2="${width - 10}" y1="${height / 2}" y2="${height / 2}" stroke="currentColor" stroke-opacity=".3"/>`
    + `<polyline fill="none" stroke="currentColor" stroke-width="2" points="${points}"/></svg>`;
}

/** Who sits in a seat of the line-up: the person's name, a bot, or a seat nobody has taken yet. */
export function playerText(p) {
  if (!p) return t("seat.open");
  if (p.kind === "bot") return p.name || t("seat.bot");
  if (!p.joined) return t("seat.open");
  return p.name || t("match.person");
}

/** The line-up (seed 002: team A N/S at table 1 and E/W at table 2): each table's pairs, with
 * their team and who sits in each seat. */
export function lineupHTML(msg) {
  const tables = (msg.players || []).map((table, i) => {
    const pair = (side, seats) => {
      const team = table[seats[0]]?.team;
      const who = seats.map((s) => `${escapeHTML(t(`seat.long.${s}`))} ${escapeHTML(playerText(table[s]))}`).join(", ");
      return `<span data-team="${escapeHTML(team || "")}">${escapeHTML(t(side))} ${escapeHTML(msg.teams?.[team] ?? team ?? "")}: ${who}</span>`;
    };
    return `<li data-lineup-table="${i + 1}"><strong>${escapeHTML(t("match.atTable", { table: i + 1 }))}</strong> · `
      + `${pair("match.sideNS", ["N", "S"])} · ${pair("match.sideEW", ["E", "W"])}</li>`;
  });
  return tables.length ? `<p class="small"><strong>${escapeHTML(t("match.lineup"))}</strong></p><ul class="match-lineup small">${tables.join("")}</ul>` : "";
}

/** The standing line: team names and IMPs, the winner once the match is over. */
export function standingText(msg) {
  const a = msg.teams?.A ?? "A";
  const b = msg.teams?.B ?? "B";
  const imps = Number(msg.imps_a || 0);
  const lead = imps === 0 ? t("match.level") : t("match.leads", { team: imps > 0 ? a : b, imps: Math.abs(imps) });
  if (msg.over) {
    if (msg.winner === "tie") return t("match.tie");
    return t("match.won", { team: msg.winner === "A" ? a : b, imps: Math.abs(imps) });
  }
  return `${a} – ${b}: ${lead}`;
}

/** The banner of a match's table page: which table, which board, how the match stands. */
export function bannerText(msg, state) {
  const p = msg.participant || {};
  const board = state?.table?.deal_number ?? null;
  const parts = [t("match.atTable", { table: p.table ?? "?" })];
  if (board) parts.push(t("match.boardOf", { board, boards: msg.boards }));
  if (p.team) parts.push(t("match.yourTeam", { team: msg.teams?.[p.team] ?? p.team }));
  parts.push(standingText(msg));
  return parts.join(" · ");
}
