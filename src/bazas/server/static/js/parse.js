// What the keyboard may type: calls (1S, 1NT, 1ST, 1SA, 1N, 2♥, P, Paso, X, Doblo, XX, Redoblo)
// and cards (SA, HT, H10, ♥10, AS, 10H). Returns the protocol's spelling or null. In Spanish
// ("es") the suit letters are the Spanish ones (issue 12): T tréboles ♣, D diamantes ♦,
// C corazones ♥, P picas ♠ (1C is one heart, CA the ace of hearts); S and H still mean ♠ and ♥.

const SUIT_CHARS = { S: "S", H: "H", D: "D", C: "C", "♠": "S", "♥": "H", "♦": "D", "♣": "C", "♤": "S", "♡": "H", "♢": "D", "♧": "C" };
// Royal Auction's royal spades ("lilies") and the nullo (issue 11); the server says which are legal.
const OWN = { RS: "RS", L: "RS", LILY: "RS", LILIES: "RS", ROYAL: "RS", ROYALS: "RS", PR: "RS", NU: "NU", NULLO: "NU", NULLOS: "NU", NULO: "NU", NULOS: "NU" };
const STRAINS = { ...SUIT_CHARS, N: "NT", NT: "NT", ST: "NT", SA: "NT", NOTRUMP: "NT", ...OWN };
const SUIT_CHARS_ES = { ...SUIT_CHARS, T: "C", D: "D", C: "H", P: "S" };
const STRAINS_ES = { ...STRAINS, ...SUIT_CHARS_ES, ...OWN };
const suitsOf = (lang) => (lang === "es" ? SUIT_CHARS_ES : SUIT_CHARS);
const WORDS = {
  P: "P", PASS: "P", PASO: "P", PA: "P", "-": "P",
  X: "X", DBL: "X", DOUBLE: "X", DOBLO: "X", DOB: "X",
  XX: "XX", R: "XX", RDBL: "XX", REDOUBLE: "XX", REDOBLO: "XX", REDOB: "XX",
};
const RANK_WORDS = { A: "A", K: "K", Q: "Q", J: "J", T: "T", "10": "T", 9: "9", 8: "8", 7: "7", 6: "6", 5: "5", 4: "4", 3: "3", 2: "2" };

export function normalise(text) {
  return String(text || "").trim().toUpperCase().replace(/\s+/g, "");
}

export function parseCall(text, lang = "en") {
  const s = normalise(text);
  if (!s) return null;
  if (WORDS[s]) return WORDS[s];
  const m = /^([1-7])(.+)$/.exec(s);
  if (!m) return null;
  const strain = (lang === "es" ? STRAINS_ES : STRAINS)[m[2]];
  return strain ? m[1] + strain : null;
}

export function parseCard(text, lang = "en") {
  const s = normalise(text);
  if (s.length < 2) return null;
  const suits = suitsOf(lang);
  // suit first: SA, H10, ♥Q
  const first = suits[s[0]];
  if (first && RANK_WORDS[s.slice(1)]) return first + RANK_WORDS[s.slice(1)];
  // rank first: AS, 10H, Q♥
  const last = suits[s[s.length - 1]];
  if (last && RANK_WORDS[s.slice(0, -1)]) return last + RANK_WORDS[s.slice(0, -1)];
  return null;
}

/** Commands typed instead of pressing a button (either language). */
const COMMANDS = {
  HINT: "hint", PISTA: "hint", AYUDA: "hint", "?": "hint",
  UNDO: "undo", DESHACER: "undo",
  SCORE: "score", MARCADOR: "score", TANTEO: "score",
  NEXT: "next", SIGUIENTE: "next", SIG: "next",
  CLAIM: "claim", RECLAMAR: "claim", RECLAMO: "claim",
  ACCEPT: "accept", ACEPTAR: "accept", SI: "accept", "SÍ": "accept", YES: "accept",
  REJECT: "reject", RECHAZAR: "reject", NO: "reject",
  HISTORY: "history", HISTORIAL: "history",
  REVIEW: "review", REVISAR: "review",
};

/** Parse a typed line for the given phase ("es": Spanish suit letters): {kind: "call"|"card"|"command"|"claim", value} or null. */
export function parseInput(text, phase, lang = "en") {
  const s = normalise(text);
  if (!s) return null;
  const claim = /^(CLAIM|RECLAMAR|RECLAMO)(\d{1,2})$/.exec(s);
  if (claim) return { kind: "claim", value: Number(claim[2]) };
  if (COMMANDS[s]) return { kind: "command", value: COMMANDS[s] };
  if (phase === "auction") {
    const c = parseCall(s, lang);
    return c ? { kind: "call", value: c } : null;
  }
  if (phase === "play") {
    const c = parseCard(s, lang);
    return c ? { kind: "card", value: c } : null;
  }
  return null;
}
