// The four seats round the felt: each one's name plate and hand, the viewer at the bottom.
import { escapeHTML } from "../common.js";
import { seatLetter, seatName, t } from "../i18n.js";
import { sideOf, trumpOf } from "../bridge.js";
import { replayAt } from "../review.js";
import { app, legalSet, me, myTurn, showsVulnerability, vulnerability } from "./store.js";
import { SEATS, fanStrip, handLayout, playedBy, playedByBot, positionOf, reviewDeal, seatInfo } from "./model.js";
import { handHTML, hiddenHTML } from "./hands.js";
import { seatBotButton } from "./pace.js";

/** A phone-sized window: the side hands go in rows. */
export const narrow = () => Boolean(window.matchMedia?.("(max-width: 700px)").matches);

/** The screen place of `seat` for this page (a spectator sees South at the bottom). */
export const posOf = (seat) => positionOf(seat, me() || "S");

export function playerName(seat) {
  const info = seatInfo(app.table, seat);
  if (info.name) return escapeHTML(info.name);
  if (info.kind === "bot") return `${t("seat.bot")} ${seatLetter(seat)}`;
  if (info.kind === "open") return t("seat.open");
  if (info.kind === "dummy") return t("seat.dummyHand");
  return seatName(seat);
}

function plateHTML(seat) {
  const v = app.view;
  const info = seatInfo(app.table, seat);
  const tags = [];
  if (v.dealer === seat) tags.push(`<span class="tag dealer" title="${t("seat.dealer")}">${t("seat.dealerShort")}</span>`);
  if (v.declarer === seat) tags.push(`<span class="tag decl">${t("seat.declarer")}</span>`);
  if (v.dummy === seat) tags.push(`<span class="tag dummy">${t("seat.dummy")}</span>`);
  if (seat === me()) tags.push(`<span class="tag you">${t("seat.you")}</span>`);
  if (info.kind === "human" && info.substitute) tags.push(`<span class="tag substitute" title="${t("seat.substituteTitle")}">${t("seat.substitute")}</span>`);
  else if (info.kind === "human" && info.connected === false) tags.push(`<span class="tag away">${t("seat.away")}</span>`);
  const turn = v.turn === seat && v.phase !== "done";
  const waitingForReply = Boolean(app.pending?.claim || app.pending?.undo);
  // A bot thinks for whoever acts for the seat: never when that is this page (its own dummy, issue 12).
  const actor = v.actor || seat;
  const thinking = turn && !waitingForReply && actor !== me() && playedByBot(app.table, actor);
  const vul = showsVulnerability() && vulnerability()[sideOf(seat)];
  return `<div class="plate${turn ? " turn" : ""}${vul ? " vul" : ""}" data-seat="${seat}"${turn ? ' aria-current="true"' : ""}>
      <span class="seat-badge" title="${seatName(seat)}${vul ? ` · ${t("vul.vulnerable")}` : ""}">${seatLetter(seat)}</span>
      <span class="pname">${playerName(seat)}</span>
      <span class="tags">${tags.join("")}</span>
      ${thinking ? '<span class="dots" aria-hidden="true"><i></i><i></i><i></i></span>' : ""}
      ${turn ? `<span class="visually-hidden">${t("seat.toPlay")}</span>` : ""}
      ${seatBotButton(seat)}
    </div>`;
}

/** Which cards of `seat` this page shows (null: hidden). */
function visibleCards(seat) {
  const v = app.view;
  if (app.review && v.phase === "done" && v.all_hands) return replayAt(reviewDeal(v), app.review.step).hands[seat];
  if (seat === me() && v.hand) return v.hand;
  if (seat === v.dummy && v.dummy_hand) return v.dummy_hand;
  if (v.all_hands?.[seat]) return v.all_hands[seat];
  return null;
}

export function renderSeats() {
  const v = app.view;
  const played = playedBy(v);
  const legal = legalSet();
  for (const seat of SEATS) {
    const pos = posOf(seat);
    const box = document.getElementById(`pos-${pos}`);
    const cards = visibleCards(seat);
    // cards are clickable for the seat whose card is due, when this page acts for it
    const clickable = v.phase === "play" && myTurn() && v.turn === seat && !app.review;
    let hand;
    if (cards == null) {
      hand = hiddenHTML(seat, 13 - played[seat]);
    } else {
      const { layout, size } = handLayout(pos, { isDummy: seat === v.dummy && !app.review, narrow: narrow() });
      hand = handHTML(seat, cards, layout, { clickable, legal, size, hint: app.hint?.action, trump: trumpOf(v.contract) });
    }
    box.dataset.seat = seat;
    box.className = `seat-area pos-${pos}${v.turn === seat && v.phase !== "done" ? " turn" : ""}${seat === v.dummy ? " is-dummy" : ""}`;
    box.innerHTML = pos === "bottom" ? `${hand}${plateHTML(seat)}` : `${plateHTML(seat)}${hand}`;
  }
}

/** Spread each fanned hand over the room it has: the visible strip of every card but the last. */
export function fitFans() {
  for (const hand of document.querySelectorAll(".hand.fan")) {
    const cards = hand.querySelectorAll(".card-btn, .card-slot");
    if (!cards.length) continue;
    const strip = fanStrip({
      n: cards.length,
      cardWidth: cards[0].getBoundingClientRect().width || 80,
      groups: hand.querySelectorAll(".suit-group").length,
      gap: parseFloat(getComputedStyle(hand).getPropertyValue("--suit-gap")) || 0,
      avail: (hand.parentElement?.clientWidth || window.innerWidth) - 8,
      narrow: narrow(),
    });
    hand.style.setProperty("--strip", `${strip.toFixed(1)}px`);
  }
}
