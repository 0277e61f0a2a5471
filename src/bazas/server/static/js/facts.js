// What the server says about each game (GET /api/rulesets, GET /api/rulesets/{id}): the pages
// decide what to show from these facts, never from a ruleset's id.
//   {id, title, aliases, source, names: {en, es}, seats, players, game_target, has_vulnerability,
//    session_deals, one_table, counts_honours, bidding_system, bot_scoring,
//    sheet: "rubber" | "chicago" | "duplicate", pbn_scoring, ...}  (the server's RulesetFacts)

async function getJSON(url) {
  const res = await fetch(url);
  if (!res.ok) throw new Error(`${url}: ${res.status}`);
  return res.json();
}

/** The games one table can play, in the server's order. */
export async function fetchRulesets() {
  return (await getJSON("/api/rulesets")).rulesets;
}

/** The facts of one ruleset (by id or alias). */
export async function fetchRuleset(id) {
  return getJSON(`/api/rulesets/${encodeURIComponent(id)}`);
}

/** The game's name in `lang`. */
export function rulesetName(facts, lang) {
  return facts.names[lang] ?? facts.names.en;
}

/** The name in `lang` of the game `id` among `list`; a game with table options
 * ("auction-1920+1-deals") by its base game's name and the options; an unknown game by its id. */
export function gameName(list, id, lang) {
  const [base, ...options] = String(id || "").split("+");
  const facts = list.find((r) => r.id === id) || list.find((r) => r.id === base);
  if (!facts) return id || "";
  return rulesetName(facts, lang) + (facts.id !== id && options.length ? ` (${options.join(", ")})` : "");
}

/** The ruleset `id` among `list`, else the first one (a choice remembered from an older server). */
export function chosenRuleset(list, id) {
  return list.find((r) => r.id === id) ?? list[0] ?? null;
}
