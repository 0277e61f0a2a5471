// Shared by the JS unit tests: the UI's modules, the real catalogue of strings and messages
// recorded from a real server (fixtures/, see fixtures/README.md).
import { readFileSync } from "node:fs";
import { fileURLToPath, pathToFileURL } from "node:url";
import { dirname, join } from "node:path";

const HERE = dirname(fileURLToPath(import.meta.url));
const SERVER = join(HERE, "..", "..", "src", "bazas", "server");

/** The URL of a module of static/js/ ("score.js", "table/model.js"), for `await import(...)`. */
export const ui = (path) => pathToFileURL(join(SERVER, "static", "js", path)).href;

/** A recorded server message (a fresh copy each time: tests may change it). */
export function fixture(name) {
  return JSON.parse(readFileSync(join(HERE, "fixtures", name), "utf-8"));
}

/** The UI's strings in `lang`, as the server serves them (/i18n/{lang}.json). */
export function catalogue(lang) {
  return JSON.parse(readFileSync(join(SERVER, "i18n", `${lang}.json`), "utf-8"));
}

/** The facts of a ruleset as GET /api/rulesets gave them. */
export function facts(id) {
  return fixture("rulesets.json").rulesets.find((r) => r.id === id);
}

/** The text of an HTML string, tags removed and spaces collapsed. */
export function text(html) {
  return html.replace(/<[^>]+>/g, " ").replace(/\s+/g, " ").trim();
}
