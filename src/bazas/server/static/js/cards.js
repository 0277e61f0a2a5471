// SVG playing cards drawn in the browser: large corner indices (readable when fanned),
// pips for 2-10, framed faces for J Q K, one big pip for the ace, and a patterned back.
// Suit colours come from CSS classes (.s-S .s-H .s-D .s-C) so the four-colour deck and the
// dark theme are a stylesheet matter.

export const SUITS = ["S", "H", "D", "C"];
// Display order in a hand: alternating colours (black, red, black, red).
export const HAND_ORDER = ["S", "H", "C", "D"];
export const RANKS = "23456789TJQKA";

const SVGNS = "http://www.w3.org/2000/svg";

// Suit shapes in a 100x100 box (drawn, not font glyphs: identical on every machine).
const SUIT_PATHS = {
  H: "M50 92 C 22 68 2 50 2 28 C 2 12 14 2 28 2 C 39 2 46 9 50 19 C 54 9 61 2 72 2 C 86 2 98 12 98 28 C 98 50 78 68 50 92 Z",
  D: "M50 2 C 62 22 74 36 90 50 C 74 64 62 78 50 98 C 38 78 26 64 10 50 C 26 36 38 22 50 2 Z",
  S: "M50 2 C 60 20 98 38 98 62 C 98 78 86 88 72 88 C 63 88 57 84 54 78 C 55 88 60 95 68 99 L 32 99 C 40 95 45 88 46 78 C 43 84 37 88 28 88 C 14 88 2 78 2 62 C 2 38 40 20 50 2 Z",
  C: "M50 3 C 63 3 73 13 73 26 C 73 33 70 39 66 43 C 70 41 74 40 77 40 C 90 40 99 50 99 63 C 99 76 89 86 77 86 C 67 86 59 80 55 72 C 56 84 60 93 68 99 L 32 99 C 40 93 44 84 45 72 C 41 80 33 86 23 86 C 11 86 1 76 1 63 C 1 50 10 40 23 40 C 26 40 30 41 34 43 C 30 39 27 33 27 26 C 27 13 37 3 50 3 Z",
};

export function rankLabel(rank) {
  return rank === "T" ? "10" : rank;
}

export function parseCard(card) {
  // "SA" -> {suit: "S", rank: "A"}
  return { suit: card[0], rank: card.slice(1) === "10" ? "T" : card.slice(1) };
}

export function rankValue(rank) {
  return RANKS.indexOf(rank);
}

/** Sort cards by suit (HAND_ORDER, alternating colours), high to low. */
export function sortHand(cards, order = HAND_ORDER) {
  return [...cards].sort((a, b) => {
    const sa = order.indexOf(a[0]);
    const sb = order.indexOf(b[0]);
    if (sa !== sb) return sa - sb;
    return rankValue(b.slice(1)) - rankValue(a.slice(1));
  });
}

/** Suit order for a hand with a trump suit: still alternating colours, trumps on the left. */
export function suitOrder(trump) {
  if (!trump || !SUITS.includes(trump)) return HAND_ORDER;
  const orders = {
    S: ["S", "H", "C", "D"],
    H: ["H", "S", "D", "C"],
    D: ["D", "S", "H", "C"],
    C: ["C", "H", "S", "D"],
  };
  return orders[trump];
}

let spriteInstalled = false;
/** Put the suit shapes in the page once, as <symbol>s the cards <use>. */
export function installSprite(doc = document) {
  if (spriteInstalled || doc.getElementById("bz-suit-sprite")) return;
  const svg = doc.createElementNS(SVGNS, "svg");
  svg.setAttribute("id", "bz-suit-sprite");
  svg.setAttribute("aria-hidden", "true");
  svg.style.cssText = "position:absolute;width:0;height:0;overflow:hidden";
  let inner = "";
  for (const [s, d] of Object.entries(SUIT_PATHS)) {
    inner += `<symbol id="bz-suit-${s}" viewBox="0 0 100 100"><path d="${d}"/></symbol>`;
  }
  inner += `<pattern id="bz-back-pattern" width="12" height="12" patternUnits="userSpaceOnUse" patternTransform="rotate(45)">
      <rect width="12" height="12" class="back-bg"/>
      <path d="M0 6 H12 M6 0 V12" class="back-line" stroke-width="2"/>
    </pattern>`;
  svg.innerHTML = `<defs>${inner}</defs>`;
  doc.body.prepend(svg);
  spriteInstalled = true;
}

/** A suit shape as inline SVG (for text: auction, contract, buttons). */
export function suitIcon(suit, cls = "") {
  return `<svg class="suit-icon s-${suit} ${cls}" viewBox="0 0 100 100" aria-hidden="true"><use href="#bz-suit-${suit}"/></svg>`;
}

function pip(suit, x, y, size, flip = false) {
  const t = flip ? ` transform="rotate(180 ${x} ${y})"` : "";
  return `<use href="#bz-suit-${suit}" x="${x - size / 2}" y="${y - size / 2}" width="${size}" height="${size}"${t}/>`;
}

// Pip positions for 2..10 in the card's body (x 38..92, y 16..124 of a 100x140 card): the
// large index on the left stays free.
const PIPS = (() => {
  const L = 50, C = 66, R = 82;
  const y = (f) => 22 + f * 96; // f in [0, 1]
  return {
    2: [[C, y(0)], [C, y(1), 1]],
    3: [[C, y(0)], [C, y(0.5)], [C, y(1), 1]],
    4: [[L, y(0)], [R, y(0)], [L, y(1), 1], [R, y(1), 1]],
    5: [[L, y(0)], [R, y(0)], [C, y(0.5)], [L, y(1), 1], [R, y(1), 1]],
    6: [[L, y(0)], [R, y(0)], [L, y(0.5)], [R, y(0.5)], [L, y(1), 1], [R, y(1), 1]],
    7: [[L, y(0)], [R, y(0)], [C, y(0.25)], [L, y(0.5)], [R, y(0.5)], [L, y(1), 1], [R, y(1), 1]],
    8: [[L, y(0)], [R, y(0)], [C, y(0.25)], [L, y(0.5)], [R, y(0.5)], [C, y(0.75), 1], [L, y(1), 1], [R, y(1), 1]],
    9: [[L, y(0)], [R, y(0)], [L, y(1 / 3)], [R, y(1 / 3)], [C, y(0.5)], [L, y(2 / 3), 1], [R, y(2 / 3), 1], [L, y(1), 1], [R, y(1), 1]],
    10: [[L, y(0)], [R, y(0)], [C, y(1 / 6)], [L, y(1 / 3)], [R, y(1 / 3)], [L, y(2 / 3), 1], [R, y(2 / 3), 1], [C, y(5 / 6), 1], [L, y(1), 1], [R, y(1), 1]],
  };
})();

const FACE_NAMES = { J: "J", Q: "Q", K: "K" };

function faceBody(suit, rank) {
  // A framed panel with the letter, a crown band and suit marks: a clean modern court card.
  const letter = FACE_NAMES[rank];
  return `
    <rect x="36" y="14" width="56" height="112" rx="6" class="face-panel"/>
    <rect x="39" y="17" width="50" height="106" rx="4" class="face-frame"/>
    <path d="M46 40 L52 28 L58 38 L64 24 L70 38 L76 28 L82 40 Z" class="face-crown"/>
    <text x="64" y="86" text-anchor="middle" class="face-letter s-${suit}">${letter}</text>
    ${pip(suit, 64, 108, 16)}
    ${pip(suit, 49, 52, 10)}${pip(suit, 79, 52, 10)}`;
}

/**
 * One card as an SVG string. `card` is "SA", "HT", ...; options: {cls, title}.
 */
export function cardSVG(card, { cls = "", title = "" } = {}) {
  const { suit, rank } = parseCard(card);
  const label = rankLabel(rank);
  let body = "";
  if (rank === "A") {
    body = pip(suit, 64, 70, 46);
  } else if (FACE_NAMES[rank]) {
    body = faceBody(suit, rank);
  } else {
    const n = Number(label);
    const size = n >= 9 ? 17 : 19;
    body = PIPS[n].map(([x, y, f]) => pip(suit, x, y, size, Boolean(f))).join("");
  }
  const ten = label === "10";
  const index = `
    <text x="${ten ? 4 : 6}" y="33" class="idx-rank${ten ? " ten" : ""}" ${ten ? 'textLength="30" lengthAdjust="spacingAndGlyphs"' : ""}>${label}</text>
    ${pip(suit, 19, 50, 24)}`;
  const small = `<g transform="rotate(180 50 70)"><text x="7" y="20" class="idx-small">${label}</text></g>`;
  return `<svg class="bz-card ${cls}" viewBox="0 0 100 140" data-card="${card}" role="img" aria-label="${title || card}">
    <rect x="1" y="1" width="98" height="138" rx="8" class="card-face"/>
    <g class="s-${suit}">${index}${body}${small}</g>
  </svg>`;
}

export function backSVG(cls = "") {
  return `<svg class="bz-card back ${cls}" viewBox="0 0 100 140" aria-hidden="true">
    <rect x="1" y="1" width="98" height="138" rx="8" class="card-face"/>
    <rect x="7" y="7" width="86" height="126" rx="5" fill="url(#bz-back-pattern)" class="back-inner"/>
    <rect x="7" y="7" width="86" height="126" rx="5" class="back-border"/>
  </svg>`;
}
