// Plain bridge facts every page uses (no DOM, no language): sides, contracts, results.

export const SEATS = ["N", "E", "S", "W"];

export const sideOf = (seat) => (seat === "N" || seat === "S" ? "NS" : "EW");
export const otherSide = (side) => (side === "NS" ? "EW" : "NS");

/**
 * A call or contract split into {level, strain, doubling}: "4SX" -> {4, "S", "X"}. Besides the five
 * strains, games with their own denominations (issue 11) have RS (Royal Auction's royal spades,
 * spades trumps) and NU (a nullo: no trumps, the declarer's side aims to lose tricks). Null when
 * it is no bid or contract.
 */
export function parseBid(text) {
  const m = /^([1-7])(NT|NU|RS|[CDHS])(X{0,2})$/.exec(text || "");
  return m ? { level: Number(m[1]), strain: m[2], doubling: m[3] } : null;
}

/** Whether a contract is a nullo (issue 11): the declarer's side must LOSE level + 6 tricks. */
export const isNullo = (contract) => parseBid(contract)?.strain === "NU";

/** Tricks the declarer's side must take: level + 6 (at a nullo: the tricks it must lose). */
export function tricksNeeded(contract) {
  return Number(contract[0]) + 6;
}

/** "=", "+2", "−1" for a contract and the declarer's tricks (at a nullo, counted on the tricks lost). */
export function resultText(contract, tricks) {
  if (!contract || tricks == null) return "";
  const d = (isNullo(contract) ? 13 - tricks : tricks) - tricksNeeded(contract);
  return d === 0 ? "=" : d > 0 ? `+${d}` : `−${-d}`;
}

/** The trump suit of a contract ("4SX" -> "S", royal spades "2RS" -> "S"), null for no trumps, a
 * nullo or no contract. */
export function trumpOf(contract) {
  const m = /^[1-7](NT|NU|RS|[CDHS])/.exec(contract || "");
  if (!m || m[1] === "NT" || m[1] === "NU") return null;
  return m[1] === "RS" ? "S" : m[1];
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
