// After a deal: replay card by card and the double-dummy analysis (makeable contracts per strain
// and seat, par, what each card cost). The analysis is the server's DealAnalysis.to_dict():
// {makeable: {strain: {seat: tricks}}, par: {score_ns, contracts: ["4SN=", "5DXE-2"]},
//  costs: [{number, seat, card, best, after, cost}]} (docs/protocol.md).
import { t, seatLetter, contractHTML, cardHTML, strainHTML } from "./i18n.js";
import { SEATS } from "./bridge.js";

const STRAIN_ORDER = ["NT", "S", "H", "D", "C"];

/** Every card played in order: {seat, card, trick, pos, winner}. */
export function playedSequence(deal) {
  const seq = [];
  const tricks = [...(deal.tricks || [])];
  if (deal.current && deal.current.cards?.length) tricks.push(deal.current);
  tricks.forEach((tr, i) =>
    (tr.cards || []).forEach(([seat, card], j) => seq.push({ seat, card, trick: i, pos: j, winner: tr.winner, leader: tr.leader })),
  );
  return seq;
}

/** The position after `step` cards: hands left, the trick on the table, tricks won per side. */
export function replayAt(deal, step) {
  const seq = playedSequence(deal);
  step = Math.max(0, Math.min(step, seq.length));
  const played = new Set(seq.slice(0, step).map((p) => p.card));
  const hands = {};
  for (const s of SEATS) hands[s] = (deal.all_hands?.[s] || []).filter((c) => !played.has(c));
  let trick = null;
  const won = { NS: 0, EW: 0 };
  if (step > 0) {
    const last = seq[step - 1];
    const cards = seq.filter((p, k) => k < step && p.trick === last.trick);
    trick = { cards: cards.map((p) => [p.seat, p.card]), winner: cards.length === 4 ? last.winner : null, index: last.trick, leader: cards[0].seat };
    for (let i = 0; i < step; i++) {
      const p = seq[i];
      const complete = seq.filter((q) => q.trick === p.trick).length === 4;
      if (p.pos === 3 && complete && p.winner) won[p.winner === "N" || p.winner === "S" ? "NS" : "EW"] += 1;
    }
  }
  return { hands, trick, won, step, total: seq.length, seq };
}

/** A par contract as the analysis writes it ("4SN=", "5DXE-2") -> {contract, seat, result}. */
export function parContract(text) {
  const m = /^([1-7](?:NT|[CDHS])X{0,2})([NESW])(.*)$/.exec(text);
  return m ? { contract: m[1], seat: m[2], result: m[3] } : { text };
}

/** Tricks the cards cost (double dummy), in play order: `analysis.costs[k].cost`. */
export function cardCosts(analysis) {
  return (analysis?.costs || []).map((c) => c.cost);
}

export function ddTable(analysis) {
  const mk = analysis?.makeable;
  if (!mk) return "";
  const head = STRAIN_ORDER.map((s) => `<th>${strainHTML(s)}</th>`).join("");
  const rows = ["N", "S", "E", "W"]
    .map((seat) => {
      const cells = STRAIN_ORDER.map((s) => {
        const n = mk[s]?.[seat];
        if (n == null) return "<td>–</td>";
        const level = n - 6;
        return `<td class="${level >= 1 ? "makes" : "fails"}" title="${t("dd.tricks", { n })}">${level >= 1 ? level : "–"}<small>${n}</small></td>`;
      }).join("");
      return `<tr><th>${seatLetter(seat)}</th>${cells}</tr>`;
    })
    .join("");
  return `<table class="dd grid"><caption>${t("dd.caption")}</caption><thead><tr><th></th>${head}</tr></thead><tbody>${rows}</tbody></table>`;
}

export function parLine(analysis) {
  const par = analysis?.par;
  if (!par) return "";
  const contracts = par.contracts
    .map(parContract)
    .map((c) => (c.text ? c.text : `${contractHTML(c.contract)} ${seatLetter(c.seat)}${c.result ? ` ${c.result.replace("-", "−")}` : ""}`))
    .join(", ");
  const score = par.score_ns;
  const sign = score > 0 ? `${seatLetter("N")}${seatLetter("S")} +${score}` : score < 0 ? `${seatLetter("E")}${seatLetter("W")} +${-score}` : "0";
  return `<p class="par"><strong>${t("dd.par")}:</strong> ${contracts || "–"} <span class="par-score">${sign}</span></p>`;
}

/** Trick-by-trick record (N E S W columns), each card with its double-dummy cost; clicking jumps the replay. */
export function playRecord(deal, analysis, step) {
  const seq = playedSequence(deal);
  if (!seq.length) return "";
  const costs = cardCosts(analysis);
  const tricks = [];
  seq.forEach((p, k) => {
    (tricks[p.trick] ||= { cells: {}, leader: p.leader, winner: p.winner });
    tricks[p.trick].cells[p.seat] = { card: p.card, k, cost: costs[k] || 0 };
  });
  const rows = tricks
    .map((tr, i) => {
      const cells = SEATS.map((s) => {
        const c = tr.cells[s];
        if (!c) return "<td></td>";
        const cls = ["rc"];
        if (s === tr.leader) cls.push("lead");
        if (s === tr.winner && Object.keys(tr.cells).length === 4) cls.push("win");
        if (c.k < step) cls.push("done");
        if (c.k === step - 1) cls.push("now");
        const cost = c.cost > 0 ? `<span class="cost" title="${t("dd.cost", { n: c.cost })}">−${c.cost}</span>` : "";
        return `<td><button type="button" class="${cls.join(" ")}" data-step="${c.k + 1}">${cardHTML(c.card)}${cost}</button></td>`;
      }).join("");
      return `<tr><th>${i + 1}</th>${cells}</tr>`;
    })
    .join("");
  const lost = costs.reduce((a, b) => a + (b > 0 ? b : 0), 0);
  return `<table class="record grid"><caption>${t("review.record")}${costs.length ? ` · ${t("dd.totalCost", { n: lost })}` : ""}</caption>
    <thead><tr><th></th>${SEATS.map((s) => `<th>${seatLetter(s)}</th>`).join("")}</tr></thead><tbody>${rows}</tbody></table>`;
}

export function renderAnalysis(deal, analysis, step) {
  const parts = [];
  if (analysis) parts.push(ddTable(analysis), parLine(analysis));
  else parts.push(`<p class="muted small">${t("dd.none")}</p>`);
  parts.push(playRecord(deal, analysis, step));
  return parts.join("");
}
