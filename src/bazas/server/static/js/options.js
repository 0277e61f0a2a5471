// A game's table options and the cut for the first dealer, in words (issue 11). The options'
// names and values come from the server (GET /api/rulesets/{id}: option_help, option_controls;
// state.table.options); the catalogue gives them readable names (`option.<name>`,
// `option.<name>.<value>`), and an option it does not know is shown as the server names it.
import { escapeHTML } from "./common.js";
import { has, seatLetter, t } from "./i18n.js";

const SUIT_CHAR = { S: "♠", H: "♥", D: "♦", C: "♣" };

/** The option's name for people. */
export function optionLabel(name) {
  return has(`option.${name}`) ? t(`option.${name}`) : name;
}

/** An option's value for people (`null`: not set, e.g. no short session). */
export function optionValueText(name, value) {
  const key = `option.${name}.${value === null || value === undefined ? "none" : value}`;
  if (has(key)) return t(key);
  if (typeof value === "number" && has(`option.${name}.n`)) return t(`option.${name}.n`, { n: value });
  return value === null || value === undefined ? "—" : String(value);
}

/** The options chosen for a table, as a list of "name: value" in words ([] for none). */
export function optionItems(options) {
  return Object.entries(options || {}).map(([name, value]) => `${optionLabel(name)}: ${optionValueText(name, value)}`);
}

/** The options as escaped HTML (a `<ul>` of the items), "" for none. */
export function optionsHTML(options) {
  const items = optionItems(options);
  if (!items.length) return "";
  return `<ul class="table-options">${items.map((i) => `<li>${escapeHTML(i)}</li>`).join("")}</ul>`;
}

/** A cut card as text: ♠7, ♥10. */
export function cutCard(card) {
  const rank = card.slice(1) === "T" ? "10" : card.slice(1);
  return `${SUIT_CHAR[card[0]] || card[0]}${rank}`;
}

/** The cut in words: "N cut ♠7, E cut ♥K, S cut ♦2, W cut ♣4: S deals (lowest card deals)." */
export function cutText(cut) {
  if (!cut) return "";
  const cuts = Object.entries(cut.cards).map(([seat, card]) => t("cut.each", { seat: seatLetter(seat), card: cutCard(card) }));
  return t("cut.line", { cuts: cuts.join(", "), dealer: seatLetter(cut.dealer), rule: t(`cut.${cut.rule}`) });
}
