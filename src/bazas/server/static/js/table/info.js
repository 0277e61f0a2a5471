// What the page says around the felt: the header line (game, deal, vulnerability, contract), the
// side panels (this deal, the auction, the score, the analysis, invitations) and the connection.
import { escapeHTML } from "../common.js";
import { contractHTML, lang, seatLetter, seatName, t } from "../i18n.js";
import { isNullo, otherSide, sideOf, tricksNeeded, vulKey } from "../bridge.js";
import { rulesetName } from "../facts.js";
import { renderAnalysis } from "../review.js";
import { renderScoreMini, renderScoreSheet } from "../score.js";
import { cutText, optionsHTML } from "../options.js";
import { app, me, mySide, myTrickSide, showsVulnerability, vulnerability } from "./store.js";
import { dealCaption, reviewDeal, seatsToInvite } from "./model.js";
import { auctionHTML } from "./auction.js";

const $ = (sel) => document.querySelector(sel);

const vulText = () => t(vulKey(vulnerability()));

export function renderDealInfo() {
  const v = app.view;
  const tb = app.table;
  // the deal's number in this rubber or Chicago (issue 12: a new game never reads "deal 5 of 4")
  // The deals scored in this game (a passed-out deal redealt is the same deal), and the one on
  // the table: at the end of a Chicago "deal 4 of 4", never "deal 6 of 4".
  const scored = app.score?.deals;
  const earlier = (app.score?.rubbers || []).reduce((n, r) => n + (r.deals || 0), 0);
  const played = Array.isArray(scored) ? scored.filter((d) => d.contract !== "pass").length : 0;
  const justScored = v.phase === "done" && Array.isArray(scored) && scored.length && scored[scored.length - 1].contract !== "pass";
  const number = Array.isArray(scored) ? played + (justScored ? 0 : 1) : tb.deal_number - earlier;
  const caption = dealCaption(app.facts, Math.max(1, number));
  let contract = "";
  if (v.contract) {
    contract = `<span class="chip contract-chip">${contractHTML(v.contract)} ${seatLetter(v.declarer)}</span>
      <span class="chip tricks-chip" title="${t("info.tricksTitle")}">${t("info.tricks", { we: v.won[myTrickSide()], they: v.won[otherSide(myTrickSide())] })}</span>`;
  }
  const vul = showsVulnerability() ? `<span class="chip vul-info">${vulText()}</span>` : "";
  // issue 13: deals someone may know in advance (a seed, a match's boards from a file) say so
  const prepared = tb.prepared ? `<span class="chip prepared-chip" id="prepared-chip" title="${escapeHTML(t("info.preparedTitle"))}">${t("info.prepared")}</span>` : "";
  $("#deal-info").innerHTML = `<span class="ruleset">${escapeHTML(rulesetName(app.facts, lang()))}</span><span class="chip">${t(caption.key, caption.vars)}</span>${prepared}${vul}${contract}`;
}

export function renderContractBox() {
  const v = app.view;
  const lines = [];
  lines.push(`<div class="kv"><span>${t("info.dealer")}</span><b>${seatName(v.dealer)}</b></div>`);
  if (showsVulnerability()) lines.push(`<div class="kv"><span>${t("info.vul")}</span><b>${vulText()}</b></div>`);
  if (v.contract) {
    const side = sideOf(v.declarer);
    const need = tricksNeeded(v.contract);
    lines.push(`<div class="kv"><span>${t("info.contract")}</span><b>${contractHTML(v.contract)} ${t("info.by", { seat: seatName(v.declarer) })}</b></div>`);
    // at a nullo (issue 11) the declarer's side must LOSE `need` tricks: it may win at most 13 - need
    const nullo = isNullo(v.contract);
    lines.push(`<div class="kv"><span>${t("info.tricksDecl")}</span><b class="tricks-count" data-side="${side}">${v.won[side]} / ${nullo ? `≤${13 - need}` : need}</b></div>`);
    lines.push(`<div class="kv"><span>${t("info.tricksDef")}</span><b>${v.won[otherSide(side)]}${nullo ? "" : ` / ${14 - need}`}</b></div>`);
  } else if (v.passed_out) {
    lines.push(`<div class="kv"><b>${t("result.passedOut")}</b></div>`);
  }
  if (v.phase !== "done" && v.turn) {
    const actor = v.actor && v.actor !== v.turn ? ` (${t("info.playedBy", { seat: seatName(v.actor) })})` : "";
    lines.push(`<div class="kv turn-line"><span>${t("info.turn")}</span><b>${seatName(v.turn)}${actor}</b></div>`);
  }
  // issue 11: the draw for the first dealer (during the first deal) and the table's options
  if (app.table.cut && app.table.deal_number === 1) lines.push(`<p class="cut-line" id="cut-line" title="${t("cut.title")}">${escapeHTML(cutText(app.table.cut))}</p>`);
  const options = optionsHTML(app.table.options);
  if (options) lines.push(`<div class="kv options-line" id="options-line"><span>${t("table.options")}</span></div>${options}`);
  if (!me()) lines.push(`<p class="muted small">${t("info.spectator")}</p>`);
  if (app.table.spectators) lines.push(`<p class="muted small">${t("info.spectators", { n: app.table.spectators })}</p>`);
  $("#contract-box").innerHTML = lines.join("");
}

export function renderSideAuction() {
  const v = app.view;
  // during the auction the grid is in the middle of the table; the panel keeps the explanations
  const vul = showsVulnerability() ? vulnerability() : null;
  $("#side-auction").innerHTML = v.phase !== "auction" && v.calls.length ? auctionHTML(v.calls, v.dealer, { vulnerable: vul, explanations: app.explanations, seats: app.facts?.seats }) : "";
  $("#panel-auction").hidden = v.phase === "auction" && !$("#explain-box").innerHTML;
}

const sheetOptions = () => ({ facts: app.facts, mySide: mySide(), vulnerable: vulnerability(), me: me() });

export function scoreSheetHTML() {
  return renderScoreSheet(app.score, sheetOptions());
}

export function renderScorePanel() {
  $("#score-mini").innerHTML = renderScoreMini(app.score, sheetOptions());
  if ($("#dlg-score").open) redrawScoreSheet();
}

/** The open score sheet drawn again (a new state, or the page's language changed, issue 12): the
 * parts the reader opened ("deal by deal") stay open and the sheet stays where it was scrolled. */
export function redrawScoreSheet() {
  const dlg = $("#dlg-score");
  const box = $("#score-sheet");
  // Each part is known by its data-part, not its place: a new deal or rubber may add a part.
  const opened = new Map([...box.querySelectorAll("details[data-part]")].map((d) => [d.dataset.part, d.open]));
  const scrolled = [dlg.scrollTop, box.scrollTop];
  box.innerHTML = scoreSheetHTML();
  for (const d of box.querySelectorAll("details[data-part]")) {
    if (opened.has(d.dataset.part)) d.open = opened.get(d.dataset.part);
  }
  [dlg.scrollTop, box.scrollTop] = scrolled;
}

export function renderAnalysisPanel() {
  const v = app.view;
  const panel = $("#panel-analysis");
  if (v.phase !== "done" || v.passed_out || !v.all_hands) {
    panel.hidden = true;
    return;
  }
  panel.hidden = false;
  $("#analysis-box").innerHTML = renderAnalysis(reviewDeal(v), app.analysis, app.review?.step ?? 0);
}

export function renderInvites() {
  const links = JSON.parse(localStorage.getItem(`bazas.links.${app.tableId}`) || "null");
  const open = seatsToInvite(app.table, me());
  const panel = $("#panel-invite");
  if (!links || !open.length) {
    panel.hidden = true;
    return;
  }
  panel.hidden = false;
  $("#invite-box").innerHTML = open
    .filter((s) => links[s])
    .map((s) => {
      const url = new URL(links[s], location.origin).href;
      return `<div class="invite"><span class="seat-badge">${seatLetter(s)}</span><input readonly value="${escapeHTML(url)}" aria-label="${t("invite.link", { seat: seatName(s) })}"><button type="button" class="btn small" data-copy="${escapeHTML(url)}">${t("invite.copy")}</button></div>`;
    })
    .join("");
}

export function renderConn() {
  const el = $("#conn");
  const s = app.connStatus;
  el.hidden = s === "open";
  el.className = `conn ${s}`;
  el.textContent = s === "open" ? "" : t(`conn.${s}`);
}

/** The rules page of this table's game, in the page's language. */
export function renderRulesLink() {
  const rl = $("#rules-link");
  if (rl && app.facts) rl.href = `/rules/${app.facts.id}?lang=${lang()}`;
}
