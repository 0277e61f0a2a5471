// The home page's one-table form, its pure part: the body of POST /api/tables from the seats chosen
// (a bot, a friend with an invitation link, or an outside program: issue 9, `bazas serve --tm-port`).
import { programNamesOf } from "./match/home_form.js";

/** The seats and program names of POST /api/tables: every seat but mine, as chosen; a name only
 * for a program seat that has one (trimmed, 40 characters at most). */
export function tableBody(players, me, kinds, programNames = {}) {
  const seats = {};
  for (const s of players) if (s !== me) seats[s] = kinds[s];
  const names = programNamesOf(seats, programNames);
  return Object.keys(names).length ? { seats, program_names: names } : { seats };
}
