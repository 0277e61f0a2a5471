// What the table says in plain words (issue 12): the bot's hint as a sentence, what a claim did,
// whether the player has anything to undo. No DOM.
import { callHTML, cardHTML, has, lang, pick, t } from "../i18n.js";
import { isCard } from "../bridge.js";
import { callerOf } from "./auction.js";

// The card-play bot's reason, as it writes it in English (bots/play.py).
const CARD_REASON = /^\S+: best expected score [+-]?\d+ over (\d+) (?:all|sampled) layouts \(([\d.]+) tricks for my side; the contract makes (\d+)%\)/;
const CARD_PREFIX = /^(?:[SHDC♠♥♦♣](?:10|[AKQJT2-9])|(?:10|[AKQJT2-9])[SHDC♠♥♦♣]):\s*/;

/** `key` said of `count` things (issue 12: "1 baza", never "1 bazas"): the catalogue's `key.one`
 * when the count is 1 (that sentence names the one thing), else `key` itself. */
export function tn(key, count, vars = {}) {
  return t(Number(count) === 1 && has(`${key}.one`) ? `${key}.one` : key, vars);
}

/** "The bot would play the ♥A" / "The bot would call 1NT" (HTML). */
export function hintHeadline(action) {
  return isCard(action) ? t("hint.play", { action: cardHTML(action) }) : t("hint.call", { action: callHTML(action) });
}

/** Why, in plain words (text, not HTML): the card bot's figures as a sentence, else its words. */
export function hintReason(action, explanation) {
  if (!explanation) return "";
  const m = CARD_REASON.exec(explanation.en || "");
  if (isCard(action) && m) {
    const tricks = Number(m[2]).toLocaleString(lang(), { maximumFractionDigits: 1 });
    return tn("hint.cardPlain", Number(m[2]), { n: m[1], tricks, pct: m[3] });
  }
  return String(pick(explanation) || "").replace(CARD_PREFIX, "");
}

/** Whether `seat` has made a call or played a card in this deal (declarer: dummy's cards too):
 * what undo takes back (engine: last_action_by). */
export function hasActed(view, seat) {
  if (!view || !seat) return false;
  if ((view.calls || []).some((_, i) => callerOf(view.dealer, i) === seat)) return true;
  const tricks = [...(view.tricks || []), view.current].filter(Boolean);
  return tricks.some((tr) => (tr.cards || []).some(([s]) => s === seat || (view.declarer === seat && s === view.dummy)));
}
