// Plain bridge facts every page uses (no DOM, no language): sides, contracts, results.

export const SEATS = ["N", "E", "S", "W"];

export const sideOf = (seat) => (seat === "N" || seat === "S" ? "NS" : "EW");
export const otherSide = (side) => (side === "NS" ? "EW" : "NS");

/** Tricks the declarer's side must take: level + 6. */
export function tricksNeeded(contract) {
  return Number(contract[0]) + 6;
}

/** "=", "+2", "−1" for a contract and the declarer's tricks. */
export function resultText(contract, tricks) {
  if (!contract || tricks == null) return "";
  const d = tricks - tricksNeeded(contract);
  return d === 0 ? "=" : d > 0 ? `+${d}` : `−${-d}`;
}

/** The trump suit of a contract ("4SX" -> "S"), null for no trumps or no contract. */
export function trumpOf(contract) {
  if (!contract) return null;
  const m = /^[1-7](NT|[CDHS])/.exec(contract);
  return m && m[1] !== "NT" ? m[1] : null;
}

/** The i18n key of a vulnerability {NS, EW}. */
export function vulKey(vul) {
  const ns = Boolean(vul?.NS);
  const ew = Boolean(vul?.EW);
  return ns && ew ? "vul.both" : ns ? "vul.NS" : ew ? "vul.EW" : "vul.none";
}

/** A card ("SA", "HT") rather than a call. */
export function isCard(action) {
  return /^[SHDC][2-9TJQKA]$/.test(action || "");
}
