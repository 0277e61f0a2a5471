// The match page (/match/{id}): a spectator's view of a team match, live over the WebSocket:
// the boards both tables have finished, compared, the running IMP total and its chart.
import { applyStatic, detectLang, loadLang, onLangChange, t } from "../i18n.js";
import { initControls } from "../common.js";
import { Connection } from "../connection.js";
import { chartSVG, renderComparison, standingText } from "./comparison.js";

const $ = (s) => document.querySelector(s);
const page = { msg: null, status: "connecting" };
window.bazasMatch = page; // for tests and the console

function render() {
  const msg = page.msg;
  if (!msg) {
    $("#match-progress").textContent = page.status === "not_found" ? t("match.notFound") : t("match.waiting");
    return;
  }
  $("#match-title").textContent = `${msg.teams.A} – ${msg.teams.B}`;
  $("#match-standing").textContent = standingText(msg);
  $("#match-progress").textContent = t("match.progress", {
    one: msg.progress["1"], two: msg.progress["2"], boards: msg.boards,
  });
  $("#match-chart").innerHTML = chartSVG(msg);
  $("#match-table").innerHTML = renderComparison(msg);
  const base = `/api/matches/${encodeURIComponent(msg.id)}`;
  $("#rec-pbn").href = `${base}.pbn`;
  $("#rec-lin").href = `${base}.lin`;
  $("#rec-hand").href = `${base}/hand-record?lang=${document.documentElement.lang}`;
  $("#match-records").hidden = !(msg.complete || []).length;
  document.body.dataset.over = msg.over ? "1" : "0";
}

async function main() {
  const parts = location.pathname.split("/").filter(Boolean);
  const id = decodeURIComponent(parts[1] || "");
  await loadLang(detectLang());
  applyStatic();
  initControls();
  onLangChange(() => {
    applyStatic();
    render();
  });
  render();
  const conn = new Connection(`${id}.1`, null, {
    message: (msg) => {
      if (msg.type !== "match") return;
      if (page.msg && msg.version < page.msg.version) return;
      page.msg = msg;
      render();
    },
    status: (s) => {
      page.status = s;
      if (!page.msg) render();
    },
  });
  conn.connect();
}

main();
