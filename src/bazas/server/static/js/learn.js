// The first lesson (issue 12, /learn): seed 004's primer on the auction as short steps — the
// levels (1 means 7 tricks), the ranking of the suits, how the auction ends, who wins it — each
// checked with a bidding box or a choice and explained; then prepared deals bid with a bot
// partner who explains every call (the server's bidding system: POST /api/learn/deals/{id}/auction);
// then a real table. Each prepared deal is then played out (POST /api/learn/deals/{id}/play): the
// learner plays South's cards (and dummy's when South declares), the bots the others, every card
// said in words; then the next step.
import { applyStatic, callHTML, callText, cardHTML, contractHTML, detectLang, lang, loadLang, onLangChange, pick, seatName, t } from "./i18n.js";
import { escapeHTML, initControls, toast } from "./common.js";
import { bidBoxHTML, STRAINS } from "./table/auction.js";
import { handHTML as cardsHTML, hiddenHTML } from "./table/hands.js";
import { hintReason } from "./table/words.js";
import { cardSVG, installSprite } from "./cards.js";
import { fetchRulesets } from "./facts.js";

const $ = (s) => document.querySelector(s);
const STORE = "bazas.learn.step";
const ORDER = ["N", "E", "S", "W"];
const COLUMNS = ["W", "N", "E", "S"]; // the auction as the learner (South) reads it
const SIDE = (seat) => (seat === "N" || seat === "S" ? "NS" : "EW");
const SUIT = { C: "♣", D: "♦", H: "♥", S: "♠" };

const STRAIN_WORD = {
  es: { C: "tréboles", D: "diamantes", H: "corazones", S: "picas", NT: "sin triunfo" },
  en: { C: "clubs", D: "diamonds", H: "hearts", S: "spades", NT: "notrump" },
};
const L = (es, en) => ({ es, en });

// ---- the steps ------------------------------------------------------------------------------------

const STEPS = [
  {
    kind: "text",
    title: L("La subasta decide el contrato", "The auction decides the contract"),
    body: L(
      "<p>Antes de jugar las cartas, los cuatro jugadores <b>subastan</b>: cada uno, por turno, promete un número de bazas con un palo como triunfo (o sin triunfo), o pasa.</p><p>Gana la subasta el bando (Norte-Sur o Este-Oeste) que anuncia el <b>contrato más alto</b>, es decir, el que promete hacer más bazas. Ese bando juega el contrato.</p><p>En esta lección aprenderás a leer y a usar la caja de subasta, y después subastarás y jugarás tres manos con un compañero bot que te explica cada voz y cada carta.</p>",
      "<p>Before the cards are played, the four players <b>bid</b>: each in turn promises a number of tricks with a suit as trumps (or no trumps), or passes.</p><p>The side (North-South or East-West) that names the <b>highest contract</b> — the one that promises the most tricks — wins the auction and plays that contract.</p><p>In this lesson you will learn to read and use the bidding box, then bid and play three deals with a bot partner who explains every call and every card.</p>",
    ),
  },
  {
    kind: "text",
    title: L("¿Por qué 1 significa 7 bazas?", "Why does 1 mean 7 tricks?"),
    body: L(
      "<p>Hay 13 bazas. El bando que haga más hará como mínimo 7 (el otro, 6). No tiene sentido prometer una sola baza: el contrato más bajo que gana a los contrarios es de 7 bazas.</p><p>Por eso, al subastar, el <b>nivel</b> se cuenta por encima de las 6 primeras bazas: decir 1 es comprometerse a 7 bazas, y decir 7 a hacerlas todas, 13.</p><table><tr><th>Nivel</th><td>1</td><td>2</td><td>3</td><td>4</td><td>5</td><td>6</td><td>7</td></tr><tr><th>Bazas</th><td>7</td><td>8</td><td>9</td><td>10</td><td>11</td><td>12</td><td>13</td></tr></table>",
      "<p>There are 13 tricks. The side that takes more takes at least 7 (the other, 6). Promising a single trick makes no sense: the lowest contract that beats the opponents is 7 tricks.</p><p>So in the auction the <b>level</b> counts above the first six tricks: bidding 1 promises 7 tricks, and bidding 7 promises all 13.</p><table><tr><th>Level</th><td>1</td><td>2</td><td>3</td><td>4</td><td>5</td><td>6</td><td>7</td></tr><tr><th>Tricks</th><td>7</td><td>8</td><td>9</td><td>10</td><td>11</td><td>12</td><td>13</td></tr></table>",
    ),
  },
  {
    kind: "choice",
    title: L("Comprueba: el nivel", "Check: the level"),
    body: L("<p>Un jugador dice <b>4♥</b>.</p>", "<p>A player bids <b>4♥</b>.</p>"),
    question: L("¿Cuántas bazas promete su bando?", "How many tricks does that side promise?"),
    choices: [["4", "4"], ["7", "7"], ["10", "10"], ["13", "13"]],
    answer: "10",
    right: L("Eso es: 6 + 4 = 10 bazas, con corazones como triunfo.", "Right: 6 + 4 = 10 tricks, with hearts as trumps."),
    wrong: L("No: el nivel se suma a las 6 primeras bazas. 4♥ son 6 + 4 = 10 bazas.", "No: the level adds to the first six tricks. 4♥ is 6 + 4 = 10 tricks."),
  },
  {
    kind: "bid",
    title: L("La caja de subasta", "The bidding box"),
    body: L(
      "<p>La caja tiene una fila por nivel (1 a 7) y una columna por denominación: ♣, ♦, ♥, ♠ y ST (sin triunfo). Abajo están Paso, Doblo y Redoblo.</p>",
      "<p>The box has one row per level (1 to 7) and one column per denomination: ♣, ♦, ♥, ♠ and NT (notrump). Pass, Double and Redouble are below.</p>",
    ),
    question: L("Eres el dador. Promete 9 bazas con corazones como triunfo.", "You are the dealer. Promise 9 tricks with hearts as trumps."),
    dealer: "S",
    calls: [],
    answer: "3H",
    right: L("Exacto: 3♥ son 6 + 3 = 9 bazas a corazones.", "Exactly: 3♥ is 6 + 3 = 9 tricks in hearts."),
  },
  {
    kind: "text",
    title: L("El orden de los palos", "The ranking of the suits"),
    body: L(
      "<p>¿Quién gana si un bando promete 10 bazas a ♣ y el otro 10 bazas a ♥? En la subasta los palos tienen un orden, de menor a mayor:</p><p class=\"learn-question\">♣ &lt; ♦ &lt; ♥ &lt; ♠ &lt; ST</p><p>Así, 4♦ es más que 4♣, 4♥ más que 4♦, y 4ST es más que cualquier 4 a palo. Cada voz debe ser <b>superior a la anterior</b>: el mismo nivel en una denominación más alta, o un nivel más alto.</p><p>El contrato más bajo es 1♣ y el más alto 7ST.</p>",
      "<p>Who wins if one side promises 10 tricks in ♣ and the other 10 tricks in ♥? In the auction the suits have a rank, from lowest to highest:</p><p class=\"learn-question\">♣ &lt; ♦ &lt; ♥ &lt; ♠ &lt; NT</p><p>So 4♦ is more than 4♣, 4♥ more than 4♦, and 4NT more than any suit at the 4 level. Every bid must be <b>higher than the one before</b>: the same level in a higher denomination, or a higher level.</p><p>The lowest contract is 1♣ and the highest 7NT.</p>",
    ),
  },
  {
    kind: "bid",
    title: L("Comprueba: mismo nivel, palo más alto", "Check: same level, higher suit"),
    body: L("<p>Este abrió 1♥. Tienes picas.</p>", "<p>East opened 1♥. You have spades.</p>"),
    question: L("Haz la voz más barata en picas.", "Make the cheapest bid in spades."),
    dealer: "E",
    calls: ["1H"],
    answer: "1S",
    right: L("Bien: las picas están por encima de los corazones, así que 1♠ basta para superar 1♥.", "Good: spades rank above hearts, so 1♠ is enough to beat 1♥."),
  },
  {
    kind: "bid",
    title: L("Comprueba: palo más bajo, nivel siguiente", "Check: lower suit, next level"),
    body: L("<p>Este abrió 1♠. Ahora tienes corazones.</p>", "<p>East opened 1♠. Now you have hearts.</p>"),
    question: L("Haz la voz más barata en corazones.", "Make the cheapest bid in hearts."),
    dealer: "E",
    calls: ["1S"],
    answer: "2H",
    right: L("Eso es: 1♥ no supera a 1♠ (los corazones están por debajo), así que hay que subir a 2♥. Fíjate en que la caja ni siquiera te deja decir 1♥.", "That's it: 1♥ does not beat 1♠ (hearts rank below spades), so you must go up to 2♥. Notice the box does not even let you bid 1♥."),
  },
  {
    kind: "bid",
    title: L("Comprueba: el contrato más alto", "Check: the highest contract"),
    body: L("<p>Trece bazas, y ninguna denominación está por encima de sin triunfo.</p>", "<p>Thirteen tricks, and no denomination ranks above notrump.</p>"),
    question: L("Anuncia el contrato más alto posible.", "Bid the highest possible contract."),
    dealer: "S",
    calls: [],
    answer: "7NT",
    right: L("Sí: 7ST, hacer las 13 bazas sin triunfo. Nadie puede decir nada por encima (solo doblar).", "Yes: 7NT, all 13 tricks at notrump. Nobody can bid above it (only double)."),
  },
  {
    kind: "text",
    title: L("Paso, Doblo y Redoblo; el final de la subasta", "Pass, Double, Redouble; the end of the auction"),
    body: L(
      "<p>Empieza a hablar el <b>dador</b> (quien repartió) y se sigue en el sentido de las agujas del reloj: si el dador es Sur, le sigue Oeste, luego Norte y Este.</p><p>Puedes decir <b>Paso</b> si no quieres anunciar nada; <b>Doblo</b> un contrato de los contrarios, y <b>Redoblo</b> uno de tu bando que ellos doblaron: multiplican los puntos por 2 y por 4.</p><p>La subasta termina cuando <b>tres jugadores seguidos pasan</b>, siempre que todos hayan hablado. Si los cuatro pasan de entrada, no hay contrato y se reparte otra mano.</p>",
      "<p>The <b>dealer</b> speaks first, and the auction goes clockwise: if South deals, West is next, then North and East.</p><p>You may <b>Pass</b> when you do not want to bid; <b>Double</b> a contract of the opponents; and <b>Redouble</b> one of your side's that they doubled: the points are multiplied by 2 and by 4.</p><p>The auction ends when <b>three players in a row pass</b>, once everybody has spoken. If all four pass at once there is no contract and a new deal is dealt.</p>",
    ),
  },
  {
    kind: "choice",
    title: L("Comprueba: ¿terminó la subasta?", "Check: is the auction over?"),
    body: L("<p>Sur es el dador.</p>", "<p>South is the dealer.</p>"),
    dealer: "S",
    calls: ["P", "P", "P"],
    question: L("Sur, Oeste y Norte han pasado. ¿Terminó la subasta?", "South, West and North have passed. Is the auction over?"),
    choices: [["yes", L("Sí", "Yes")], ["no", L("No", "No")]],
    answer: "no",
    right: L("Correcto: Este todavía no ha hablado. Puede pasar (y se reparte otra mano) o anunciar un contrato.", "Right: East has not spoken yet. East may pass (and a new deal is dealt) or bid."),
    wrong: L("Todavía no: Este no ha hablado. Tres pasos cierran la subasta solo cuando todos han hablado.", "Not yet: East has not spoken. Three passes end the auction only once everybody has spoken."),
  },
  {
    kind: "choice",
    title: L("Comprueba: ¿quién gana la subasta?", "Check: who wins the auction?"),
    body: L("<p>Sur es el dador.</p>", "<p>South is the dealer.</p>"),
    dealer: "S",
    calls: ["1H", "1S", "2H", "2S", "P", "P", "P"],
    question: L("¿Qué bando juega y cuántas bazas debe hacer?", "Which side plays, and how many tricks must it take?"),
    choices: [["ns8", L("Norte-Sur, 8 bazas", "North-South, 8 tricks")], ["ew8", L("Este-Oeste, 8 bazas", "East-West, 8 tricks")], ["ew2", L("Este-Oeste, 2 bazas", "East-West, 2 tricks")]],
    answer: "ew8",
    right: L("Eso es: 2♠ es la voz más alta (las picas superan a los corazones al mismo nivel). Este-Oeste deben hacer 6 + 2 = 8 bazas con picas de triunfo, y juega Oeste, el primero de su bando que dijo picas.", "That's it: 2♠ is the highest bid (spades beat hearts at the same level). East-West must take 6 + 2 = 8 tricks with spades as trumps, and West plays it: the first of that side to name spades."),
    wrong: L("Mira la última voz antes de los tres pasos: 2♠ de Este-Oeste. Es el contrato: 6 + 2 = 8 bazas.", "Look at the last bid before the three passes: East-West's 2♠. That is the contract: 6 + 2 = 8 tricks."),
  },
  {
    kind: "deal", id: "raise",
    title: L("Mano 1: abres y tu compañero apoya", "Deal 1: you open and partner raises"),
    body: L("<p>Eres Sur y das. Tu compañero, Norte, es un bot que explica cada voz (igual que los contrarios). Subasta con la caja; debajo verás qué habría dicho el bot en tu lugar.</p>", "<p>You are South and the dealer. Your partner, North, is a bot that explains every call (so do the opponents). Bid with the box; below you will see what the bot would have called in your place.</p>"),
  },
  {
    kind: "deal", id: "overcall",
    title: L("Mano 2: los contrarios abren", "Deal 2: the opponents open"),
    body: L("<p>Da Este. Recuerda: para mostrar un palo más bajo que el de ellos hay que subir de nivel.</p>", "<p>East deals. Remember: to show a suit lower than theirs you must go up a level.</p>"),
  },
  {
    kind: "deal", id: "notrump",
    title: L("Mano 3: tu compañero abre 1ST", "Deal 3: partner opens 1NT"),
    body: L("<p>Da Norte. Cuando el contrato sea vuestro, fíjate en quién lo juega: el primero del bando que nombró la denominación.</p>", "<p>North deals. When the contract is yours, see who plays it: the first of the side to name the denomination.</p>"),
  },
  {
    kind: "end",
    title: L("Ahora, una mesa de verdad", "Now, a real table"),
    body: L("<p>Ya sabes lo esencial de la subasta: el nivel (1 = 7 bazas), el orden ♣ &lt; ♦ &lt; ♥ &lt; ♠ &lt; ST, cuándo termina y quién la gana.</p><p>Juega una mesa con tres bots (puedes pedir una pista en cada voz), o busca compañeros en la sala.</p>", "<p>You know the essentials of the auction now: the level (1 = 7 tricks), the ranking ♣ &lt; ♦ &lt; ♥ &lt; ♠ &lt; NT, when it ends and who wins it.</p><p>Play a table with three bots (you can ask for a hint at every call), or find partners in the lobby.</p>"),
  },
];

// ---- state ------------------------------------------------------------------------------------------

const lesson = { step: 0, steps: STEPS.length, solved: new Set(), deal: null, deals: {} };
window.bazasLearn = lesson; // for the console and the browser tests

// ---- the auction's rules (the quizzes' bidding box) ----------------------------------------------------

const bidRank = (call) => (Number(call[0]) - 1) * 5 + STRAINS.indexOf(call.slice(1));
const isBid = (call) => /^[1-7]/.test(call);
const seatAt = (dealer, i) => ORDER[(ORDER.indexOf(dealer) + i) % 4];

/** The legal calls after `calls` from `dealer` (Law 18-19: a bid outranks the last; double an
 * opponent's undoubled bid; redouble your side's doubled bid). */
export function legalCalls(dealer, calls) {
  const me = seatAt(dealer, calls.length);
  let last = -1;
  let state = "";
  let lastBy = null;
  calls.forEach((c, i) => {
    if (isBid(c)) {
      last = bidRank(c);
      state = "";
      lastBy = seatAt(dealer, i);
    } else if (c === "X" || c === "XX") state = c;
  });
  const out = new Set(["P"]);
  for (let level = 1; level <= 7; level++) for (const s of STRAINS) if (bidRank(`${level}${s}`) > last) out.add(`${level}${s}`);
  if (lastBy && SIDE(lastBy) !== SIDE(me) && state === "") out.add("X");
  if (lastBy && SIDE(lastBy) === SIDE(me) && state === "X") out.add("XX");
  return out;
}

/** What a bid promises, in words: "3♥: 9 tricks with hearts as trumps". */
function promise(call) {
  if (!isBid(call)) return callText(call);
  const strain = call.slice(1);
  const word = STRAIN_WORD[lang()]?.[strain] ?? STRAIN_WORD.en[strain];
  const tricks = Number(call[0]) + 6;
  if (strain === "NT") return t("learn.promiseNT", { call: callText(call), n: tricks });
  return t("learn.promise", { call: callText(call), n: tricks, strain: word });
}

// ---- drawing ------------------------------------------------------------------------------------------

function auctionTable(dealer, calls, { turn = null } = {}) {
  const start = COLUMNS.indexOf(dealer);
  const cells = [...Array(start).fill(""), ...calls.map((c) => callHTML(c))];
  if (turn) cells.push(`<b aria-label="${escapeHTML(t("learn.yourTurn"))}">?</b>`);
  const rows = [];
  for (let i = 0; i < cells.length; i += 4) {
    rows.push(`<tr>${COLUMNS.map((s, j) => `<td class="${s === "S" ? "me" : ""}">${cells[i + j] ?? ""}</td>`).join("")}</tr>`);
  }
  return `<table class="learn-auction" data-calls="${escapeHTML(calls.join(" "))}"><thead><tr>${COLUMNS.map((s) => `<th>${seatName(s)}${s === dealer ? ` <span class="muted small">(${t("learn.dealerShort")})</span>` : ""}</th>`).join("")}</tr></thead><tbody>${rows.join("")}</tbody></table>`;
}

function handHTML(pbn) {
  return `<div class="learn-hand">${pbn.split(".").map((cards, i) => {
    const suit = "SHDC"[i];
    return `<span><span class="s-${suit}">${SUIT[suit]}</span> ${cards ? cards.replaceAll("T", "10").split("").join(" ").replaceAll("1 0", "10") : "—"}</span>`;
  }).join("")}</div>`;
}

function setFeedback(kind, html) {
  const box = $("#learn-feedback");
  box.hidden = !html;
  box.className = `learn-feedback ${kind}`;
  box.innerHTML = html || "";
}

function showBidBox(legal, enabled = true) {
  const box = $("#learn-bidbox");
  box.hidden = false;
  box.classList.toggle("waiting", !enabled);
  box.innerHTML = bidBoxHTML({ legal, myTurn: enabled, hint: null, selected: null, waitingFor: "" });
}

function render() {
  applyStatic();
  const step = STEPS[lesson.step];
  $("#learn-progress").innerHTML = STEPS.map((_, i) => `<i class="${i < lesson.step ? "done" : i === lesson.step ? "now" : ""}"></i>`).join("");
  $("#learn-card").dataset.step = String(lesson.step);
  $("#learn-card").dataset.kind = step.kind;
  $("#learn-title").textContent = `${lesson.step + 1}/${STEPS.length} · ${pick(step.title)}`;
  $("#learn-body").innerHTML = pick(step.body) + (step.question ? `<p class="learn-question">${pick(step.question)}</p>` : "");
  $("#learn-deal").innerHTML = "";
  $("#learn-choices").innerHTML = "";
  $("#learn-bidbox").hidden = true;
  setFeedback("", "");
  $("#learn-prev").disabled = lesson.step === 0;
  $("#learn-next").hidden = step.kind === "end";
  if (step.kind === "choice") renderChoice(step);
  else if (step.kind === "bid") renderBidStep(step);
  else if (step.kind === "deal") renderDeal(step);
  else if (step.kind === "end") renderEnd();
}

function renderChoice(step) {
  if (step.calls) $("#learn-deal").innerHTML = auctionTable(step.dealer, step.calls);
  $("#learn-choices").innerHTML = step.choices
    .map(([id, label]) => `<button type="button" class="btn" data-choice="${id}">${escapeHTML(typeof label === "string" ? label : pick(label))}</button>`)
    .join("");
  if (lesson.solved.has(lesson.step)) setFeedback("right", pick(step.right));
}

function renderBidStep(step) {
  $("#learn-deal").innerHTML = auctionTable(step.dealer, step.calls, { turn: "S" });
  showBidBox(legalCalls(step.dealer, step.calls));
  if (lesson.solved.has(lesson.step)) setFeedback("right", pick(step.right));
}

function answerChoice(id) {
  const step = STEPS[lesson.step];
  if (id === step.answer) {
    lesson.solved.add(lesson.step);
    setFeedback("right", pick(step.right));
  } else setFeedback("wrong", pick(step.wrong));
}

function answerBid(call) {
  const step = STEPS[lesson.step];
  if (call === step.answer) {
    lesson.solved.add(lesson.step);
    setFeedback("right", pick(step.right));
    return;
  }
  const yours = t("learn.yourBid", { promise: promise(call) });
  const wanted = t("learn.wanted", { promise: promise(step.answer) });
  setFeedback("wrong", `${yours} ${wanted} ${t("learn.tryAgain")}`);
}

// ---- prepared deals ------------------------------------------------------------------------------------------

async function auction(id, calls) {
  const res = await fetch(`/api/learn/deals/${encodeURIComponent(id)}/auction`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ calls }),
  });
  const data = await res.json().catch(() => ({}));
  if (!res.ok) throw new Error(typeof data.detail === "string" ? data.detail : String(res.status));
  return data;
}

async function renderDeal(step) {
  let deal = lesson.deals[step.id];
  if (!deal) {
    $("#learn-deal").innerHTML = `<p class="muted">${t("learn.loading")}</p>`;
    try {
      const [list, answer] = await Promise.all([fetch("/api/learn/deals").then((r) => r.json()), auction(step.id, [])]);
      const info = list.deals.find((d) => d.id === step.id);
      deal = { id: step.id, hand: info.hand, dealer: info.dealer, mine: [], answer, last: null };
      lesson.deals[step.id] = deal;
    } catch (err) {
      $("#learn-deal").innerHTML = `<p role="alert">${escapeHTML(t("learn.error", { detail: err.message }))}</p>`;
      return;
    }
    if (STEPS[lesson.step] !== step) return; // the learner moved on meanwhile
  }
  lesson.deal = deal;
  drawDeal(deal);
}

function saysHTML(calls) {
  return calls.map((c) => {
    const who = c.by === "you" ? t("learn.you") : c.seat === "N" ? t("learn.partner") : seatName(c.seat);
    const meaning = c.meaning ? escapeHTML(pick(c.meaning)) : `<span class="muted">${t("learn.noMeaning")}</span>`;
    return `<li data-seat="${c.seat}" data-by="${c.by}"><b>${who}</b>: ${callHTML(c.call)} — ${meaning}</li>`;
  }).join("");
}

function drawDeal(deal) {
  const a = deal.answer;
  const calls = a.calls.map((c) => c.call);
  let html = `<h3>${t("learn.yourHand")}</h3>${handHTML(deal.hand)}${auctionTable(a.dealer, calls, { turn: a.done ? null : "S" })}`;
  html += `<ul class="learn-says" id="learn-says">${saysHTML(a.calls)}</ul>`;
  if (a.done) html += summaryHTML(a);
  else html += `<p class="learn-question">${t("learn.yourCall")}</p>`;
  if (a.done && !a.passed_out && !deal.play) html += `<p><button type="button" class="btn primary" id="learn-play">${t("learn.playDeal")}</button></p>`;
  if (deal.play) html += `<div id="learn-play-box">${playHTML(deal)}</div>`;
  html += `<p><button type="button" class="btn small" id="learn-again">${t("learn.again")}</button></p>`;
  $("#learn-deal").innerHTML = html;
  if (deal.play) document.querySelector("#learn-play-box")?.scrollIntoView?.({ block: "nearest" });
  if (!a.done) showBidBox(new Set(a.legal));
  else $("#learn-bidbox").hidden = true;
  if (deal.last && !deal.play) setFeedback(deal.last.kind, deal.last.html);
  else setFeedback("", "");
}

function summaryHTML(a) {
  if (a.passed_out) return `<div class="learn-feedback right" id="learn-summary"><p>${t("learn.passedOut")}</p></div>`;
  const level = Number(a.contract[0]);
  const side = SIDE(a.declarer);
  const ours = side === "NS";
  const hands = Object.entries(a.hands).map(([s, pbn]) => `<div><b>${seatName(s)}</b>${handHTML(pbn)}</div>`).join("");
  return `<div class="learn-feedback right" id="learn-summary" data-contract="${escapeHTML(a.contract)}" data-declarer="${a.declarer}">
    <p><b>${t("learn.contract")}: ${contractHTML(a.contract)} ${t("learn.by", { seat: seatName(a.declarer) })}</b></p>
    <p>${t(ours ? "learn.wonUs" : "learn.wonThem", { n: level + 6, level })}</p>
    <p>${t("learn.declarerWhy", { seat: seatName(a.declarer) })}</p>
    <div class="learn-hands">${hands}</div></div>`;
}

async function bidInDeal(call) {
  const deal = lesson.deal;
  if (!deal || deal.answer.done || deal.busy) return;
  deal.busy = true;
  const before = deal.answer.suggestion;
  try {
    const answer = await auction(deal.id, [...deal.mine, call]);
    deal.mine.push(call);
    deal.answer = answer;
    const mineMade = answer.calls.filter((c) => c.by === "you").at(-1);
    const bot = mineMade?.bot || before;
    if (bot && bot.call === call) {
      deal.last = { kind: "right", html: t("learn.sameAsBot", { call: callText(call), why: escapeHTML(pick(bot.meaning)) }) };
    } else if (bot) {
      const own = mineMade?.meaning ? escapeHTML(pick(mineMade.meaning)) : promise(call);
      deal.last = { kind: "wrong", html: t("learn.botWould", { call: callText(bot.call), why: escapeHTML(pick(bot.meaning)), yours: callText(call), own }) };
    }
    drawDeal(deal);
  } catch (err) {
    toast(escapeHTML(t("learn.error", { detail: err.message })), "warn");
  } finally {
    deal.busy = false;
  }
}

// ---- playing a prepared deal out --------------------------------------------------------------------

const PLACE = { N: "top", E: "right", S: "bottom", W: "left" };
const pbnCards = (pbn) => pbn.split(".").flatMap((cards, i) => cards.split("").map((r) => "SHDC"[i] + r));
const learnerActs = (play, seat) => seat === "S" || (seat === "N" && play.declarer === "S");

async function playRequest(deal, cards) {
  const res = await fetch(`/api/learn/deals/${encodeURIComponent(deal.id)}/play`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ calls: deal.mine, cards }),
  });
  const data = await res.json().catch(() => ({}));
  if (!res.ok) throw new Error(typeof data.detail === "string" ? data.detail : String(res.status));
  return data;
}

/** The answer's new cards appear one by one (a short pause each), then the learner's turn. */
function reveal(deal) {
  const play = deal.play;
  clearTimeout(play.timer);
  if (play.shown >= play.answer.cards.length) {
    play.ready = true;
    redrawPlay(deal);
    return;
  }
  play.shown += 1;
  redrawPlay(deal);
  // (a pace of "instant" stored on this device shows them at once: the browser tests)
  const instant = localStorage.getItem("bazas.learn.pace") === "instant";
  play.timer = setTimeout(() => reveal(deal), instant ? 0 : play.shown % 4 === 0 ? 700 : 380);
}

function redrawPlay(deal) {
  const box = document.querySelector("#learn-play-box");
  if (box && lesson.deal === deal) box.innerHTML = playHTML(deal);
}

async function startPlay(deal) {
  deal.play = { answer: null, shown: 0, ready: false, busy: true, feedback: null };
  drawDeal(deal);
  try {
    deal.play.answer = await playRequest(deal, []);
  } catch (err) {
    deal.play = null;
    drawDeal(deal);
    toast(escapeHTML(t("learn.error", { detail: err.message })), "warn");
    return;
  }
  deal.play.busy = false;
  reveal(deal);
}

async function playInDeal(card) {
  const deal = lesson.deal;
  const play = deal?.play;
  if (!play || !play.ready || play.busy || !play.answer.legal.includes(card)) return;
  play.busy = true;
  play.ready = false;
  const suggestion = play.answer.suggestion;
  const cards = [...play.answer.cards.map((c) => c.card), card];
  try {
    const answer = await playRequest(deal, cards);
    play.answer = answer;
    play.shown = answer.new_from;
    if (suggestion) {
      const why = hintReason(suggestion.card, suggestion.why);
      play.feedback = suggestion.card === card
        ? { kind: "right", html: t("learn.sameCard", { card: cardHTML(card) }) }
        : { kind: "wrong", html: t("learn.botCard", { card: cardHTML(suggestion.card), why: escapeHTML(why) }) };
    }
  } catch (err) {
    toast(escapeHTML(t("learn.error", { detail: err.message })), "warn");
  } finally {
    play.busy = false;
  }
  reveal(deal);
}

function playHTML(deal) {
  const play = deal.play;
  const a = play.answer;
  if (!a) return `<p class="muted">${t("learn.loading")}</p>`;
  const shown = a.cards.slice(0, play.shown);
  const gone = new Set(shown.map((c) => c.card));
  const hands = deal.answer.hands;
  const exposed = shown.length > 0; // dummy goes face up after the opening lead
  const ready = play.ready && !a.done;
  const acting = ready ? a.turn : null;
  const seatBox = (seat) => {
    const left = pbnCards(hands[seat]).filter((c) => !gone.has(c));
    const visible = seat === "S" || (seat === a.dummy && exposed) || (seat === "N" && a.dummy === "S" && exposed);
    const clickable = Boolean(acting === seat && learnerActs(a, seat));
    const cards = visible
      ? cardsHTML(seat, left, "rows", { clickable, legal: new Set(clickable ? a.legal : []) })
      : hiddenHTML(seat, left.length);
    const tag = seat === a.declarer ? ` <span class="tag decl">${t("seat.declarer")}</span>` : seat === a.dummy ? ` <span class="tag dummy">${t("seat.dummy")}</span>` : "";
    const you = seat === "S" ? ` <span class="tag you">${t("seat.you")}</span>` : "";
    const turn = !a.done && ((play.ready && a.turn === seat) || (!play.ready && a.cards[play.shown]?.seat === seat));
    return `<div class="lp-seat lp-${PLACE[seat]}${turn ? " turn" : ""}" data-seat="${seat}"><div class="lp-name">${seatName(seat)}${tag}${you}</div>${cards}</div>`;
  };
  // the trick in the middle: the cards of the trick being played (a finished one until the next card)
  const inTrick = shown.length ? shown.slice(Math.floor((shown.length - 1) / 4) * 4) : [];
  const trick = inTrick.map((c) => `<div class="tcard pos-${PLACE[c.seat]}" data-seat="${c.seat}" data-card="${c.card}">${cardSVG(c.card)}</div>`).join("");
  const tricksDone = Math.floor(shown.length / 4);
  const won = { NS: 0, EW: 0 };
  for (const tr of a.tricks.slice(0, tricksDone)) won[SIDE(tr.winner)] += 1;
  const notes = shown.slice(-4).reverse().map((c) => `<li data-seat="${c.seat}" data-by="${c.by}">${escapeHTML(pick(c.note))}</li>`).join("");
  const contract = contractHTML(a.contract);
  const intro = t(a.dummy === "S" ? "learn.watchIntro" : "learn.playIntro", {
    declarer: seatName(a.declarer), contract, needed: a.needed, dummyToo: a.declarer === "S" ? t("learn.dummyToo") : "",
  });
  let status;
  const finished = a.done && play.shown >= a.cards.length;
  if (finished) {
    const n = won[SIDE(a.declarer)];
    const key = n < a.needed ? "learn.playDown" : n > a.needed ? "learn.playMadeOver" : "learn.playMade";
    status = `<div class="learn-feedback right" id="learn-result" data-tricks="${n}"><p><b>${t(key, { contract, declarer: seatName(a.declarer), n, over: n - a.needed, down: a.needed - n })}</b></p><p>${t("learn.playNext")}</p></div>`;
  } else if (ready && learnerActs(a, a.turn)) {
    status = `<p class="learn-question" id="learn-your-card">${t("learn.yourCard", { seat: seatName(a.turn) })}</p>`;
  } else status = `<p class="muted">${t("learn.waitCards")}</p>`;
  const feedback = play.feedback ? `<div class="learn-feedback ${play.feedback.kind}" id="learn-card-feedback">${play.feedback.html}</div>` : "";
  return `<h3>${t("learn.playDeal")}</h3><p>${intro}</p>
    <div class="learn-table" data-shown="${play.shown}" data-done="${finished ? 1 : 0}">
      ${["N", "W", "E", "S"].map(seatBox).join("")}
      <div class="lp-center"><div class="trick">${trick}</div><p class="lp-won">${t("learn.tricksWon", { ns: won.NS, ew: won.EW })}</p></div>
    </div>${status}${feedback}<ul class="learn-says learn-notes" id="learn-notes">${notes}</ul>`;
}

function renderEnd() {
  $("#learn-choices").innerHTML = `<button type="button" class="btn primary big" id="learn-real">${t("learn.realTable")}</button>
    <a class="btn big" href="/lobby" id="learn-lobby">${t("learn.toLobby")}</a>`;
}

async function realTable() {
  const btn = $("#learn-real");
  btn.disabled = true;
  try {
    const name = localStorage.getItem("bazas.name") || null;
    // The first game whose bots bid as in the lesson (SAYC), from the games the server offers.
    const games = await fetchRulesets();
    const game = games.find((r) => r.bidding_system === "sayc") ?? games[0];
    const res = await fetch("/api/tables", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ ruleset: game.id, me: "S", seats: { N: "bot", E: "bot", W: "bot" }, name, lang: lang() }),
    });
    const data = await res.json().catch(() => ({}));
    if (!res.ok) throw new Error(typeof data.detail === "string" ? data.detail : String(res.status));
    location.href = data.me;
  } catch (err) {
    toast(escapeHTML(t("learn.error", { detail: err.message })), "warn");
    btn.disabled = false;
  }
}

function go(step) {
  lesson.step = Math.max(0, Math.min(STEPS.length - 1, step));
  localStorage.setItem(STORE, String(lesson.step));
  render();
  $("#learn-title").focus?.();
}

async function main() {
  installSprite();
  await loadLang(detectLang());
  initControls();
  const saved = Number(new URLSearchParams(location.search).get("step") ?? localStorage.getItem(STORE) ?? 0);
  lesson.step = Number.isInteger(saved) && saved >= 0 && saved < STEPS.length ? saved : 0;
  $("#learn-title").tabIndex = -1;
  render();
  onLangChange(render);
  document.addEventListener("click", (e) => {
    const el = e.target.closest("button");
    if (!el) return;
    const step = STEPS[lesson.step];
    if (el.id === "learn-next") return go(lesson.step + 1);
    if (el.id === "learn-prev") return go(lesson.step - 1);
    if (el.id === "learn-real") return realTable();
    if (el.id === "learn-play" && lesson.deal) return startPlay(lesson.deal);
    if (el.matches(".learn-table .card-btn[data-card]") && !el.disabled) return playInDeal(el.dataset.card);
    if (el.id === "learn-again" && lesson.deal) {
      clearTimeout(lesson.deal.play?.timer);
      delete lesson.deals[lesson.deal.id];
      lesson.deal = null;
      return render();
    }
    if (el.dataset.choice) return answerChoice(el.dataset.choice);
    if (el.matches(".bid[data-call]") && !el.disabled) {
      if (step.kind === "bid") return answerBid(el.dataset.call);
      if (step.kind === "deal") return bidInDeal(el.dataset.call);
    }
  });
}

main();
