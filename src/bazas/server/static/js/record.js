// The player's own record on this device (issue 12): a name and the results of every finished
// deal and game (rubber, Chicago, session) at any table this browser sat at, kept in localStorage
// under a device id. The table page hands each `state` message to `recordState`; the /me page
// reads `loadRecord`.
//
// An entry: {key, kind: "deal" | "game", at (ms), table, ruleset, seat, partner, opponents,
//            number, contract, declarer, tricks, us, them, net, winner}
// (`us`/`them`: the points of the player's side and the other side; `net` = us - them;
//  `winner`: "us" | "them" | "tie" for a game).

const STORE = "bazas.record";
const DEVICE = "bazas.device";
/** At most this many entries are kept (the oldest go first). */
const MAX_ENTRIES = 2000;

const PARTNER = { N: "S", S: "N", E: "W", W: "E" };
const SIDE = (seat) => (seat === "N" || seat === "S" ? "NS" : "EW");
const OTHER = { NS: "EW", EW: "NS" };

/** This browser's device id (made once). */
export function deviceId() {
  let id = localStorage.getItem(DEVICE);
  if (!id) {
    const bytes = new Uint8Array(9);
    crypto.getRandomValues(bytes);
    id = Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
    localStorage.setItem(DEVICE, id);
  }
  return id;
}

/** The record of this device: {device, name, entries: [...]} (entries oldest first). */
export function loadRecord() {
  const device = deviceId();
  let data = null;
  try {
    data = JSON.parse(localStorage.getItem(`${STORE}.${device}`) || "null");
  } catch {
    data = null;
  }
  const entries = Array.isArray(data?.entries) ? data.entries : [];
  return { device, name: localStorage.getItem("bazas.name") || "", entries };
}

export function saveRecord(record) {
  const entries = record.entries.slice(-MAX_ENTRIES);
  localStorage.setItem(`${STORE}.${record.device}`, JSON.stringify({ entries }));
  if (record.name != null) {
    if (record.name) localStorage.setItem("bazas.name", record.name);
    else localStorage.removeItem("bazas.name");
  }
}

function seatPlayer(table, seat) {
  const info = table.seats?.[seat];
  if (!info) return { name: "", kind: "open" };
  return { name: info.name || "", kind: info.kind };
}

/**
 * Entries for the finished deals and games of a `state` message seen from `seat`, keyed by
 * table (a deal or game already recorded is skipped by its key). Pure: no storage.
 */
export function entriesOf(msg, tableId, seat, known = new Set(), now = Date.now()) {
  const out = [];
  const score = msg?.score;
  const table = msg?.table;
  if (!score || !table || !seat) return out;
  const us = SIDE(seat);
  const them = OTHER[us];
  const partnerSeat = PARTNER[seat];
  const partner = seatPlayer(table, partnerSeat);
  const opponents = [us === "NS" ? "E" : "N", us === "NS" ? "W" : "S"].map((s) => seatPlayer(table, s));
  const base = { table: tableId, ruleset: score.ruleset || table.ruleset, seat, partner, opponents };
  for (const d of score.deals || []) {
    const key = `${tableId}:deal:${d.rubber ?? score.rubber}:${d.number}`;
    if (known.has(key)) continue;
    const a = d.points?.[us] ?? 0;
    const b = d.points?.[them] ?? 0;
    out.push({ ...base, key, kind: "deal", at: now, number: d.number, rubber: d.rubber ?? score.rubber,
      contract: d.contract, declarer: d.declarer, tricks: d.tricks, us: a, them: b, net: a - b });
  }
  const games = [...(score.rubbers || [])];
  if (score.finished) {
    games.push({ rubber: score.rubber, totals: score.totals, winner: score.winner, deals: (score.deals || []).length });
  }
  for (const g of games) {
    const key = `${tableId}:game:${g.rubber}`;
    if (known.has(key)) continue;
    const a = g.totals?.[us] ?? 0;
    const b = g.totals?.[them] ?? 0;
    const winner = g.winner === "tie" ? "tie" : g.winner === us ? "us" : g.winner ? "them" : a > b ? "us" : a < b ? "them" : "tie";
    out.push({ ...base, key, kind: "game", at: now, number: g.rubber, deals: g.deals, us: a, them: b, net: a - b, winner });
  }
  return out;
}

let knownKeys = null; // this page's copy of the recorded keys (a state message comes with every card)

/** The table page's hook: record what this `state` message finished, for the seated player. */
export function recordState(msg, tableId) {
  try {
    const seat = msg?.table?.you;
    if (!seat || !tableId) return 0;
    const myName = msg.table.seats?.[seat]?.name;
    if (myName && !localStorage.getItem("bazas.name")) localStorage.setItem("bazas.name", myName); // the player's name
    if (!msg.score?.deals?.length && !msg.score?.rubbers?.length) return 0;
    knownKeys ??= new Set(loadRecord().entries.map((e) => e.key));
    if (!entriesOf(msg, tableId, seat, knownKeys).length) return 0;
    const record = loadRecord(); // another tab may have written meanwhile
    const known = new Set(record.entries.map((e) => e.key));
    const fresh = entriesOf(msg, tableId, seat, known);
    record.entries.push(...fresh);
    record.name = null; // leave the name alone
    saveRecord(record);
    knownKeys = new Set(record.entries.map((e) => e.key));
    return fresh.length;
  } catch {
    return 0; // the record never stops the table
  }
}

/**
 * The entry of a finished team match seen by `msg.participant` (a `match` message of a seat at
 * a match table), or null: {kind: "game", ruleset: "team-match", us/them: IMPs, winner}.
 */
export function matchEntryOf(msg, now = Date.now()) {
  const p = msg?.participant;
  if (!msg?.over || !p?.seat || !p.team || !msg.id) return null;
  const a = Math.max(0, msg.imps_a);
  const b = Math.max(0, -msg.imps_a);
  const us = p.team === "A" ? a : b;
  const them = p.team === "A" ? b : a;
  const winner = msg.winner === "tie" ? "tie" : msg.winner === p.team ? "us" : "them";
  const players = msg.players?.[p.table - 1] || {};
  const partner = players[PARTNER[p.seat]] || {};
  const opponents = Object.entries(players).filter(([s]) => SIDE(s) !== SIDE(p.seat)).map(([, pl]) => pl);
  return { key: `${msg.id}:match`, kind: "game", at: now, table: msg.id, ruleset: "team-match", seat: p.seat,
    partner: { name: partner.name || "", kind: partner.kind }, opponents, number: 1, deals: msg.boards,
    us, them, net: us - them, winner, teams: msg.teams };
}

/** The table page's hook for `match` messages: record a team match once it is over. */
export function recordMatch(msg) {
  try {
    const entry = matchEntryOf(msg);
    if (!entry) return 0;
    const record = loadRecord();
    if (record.entries.some((e) => e.key === entry.key)) return 0;
    record.entries.push(entry);
    record.name = null;
    saveRecord(record);
    return 1;
  } catch {
    return 0;
  }
}

/** The entries of a seat's record as the server keeps it (GET /api/tables/{id}/record). */
export function entriesOfServerRecord(rec, known = new Set(), now = Date.now()) {
  const msg = { table: { you: rec.seat, seats: rec.seats, ruleset: rec.ruleset }, score: { ...rec.score, deals: rec.deals } };
  return entriesOf(msg, rec.table_id, rec.seat, known, now).map((e) => ({ ...e, synced: true }));
}

/**
 * Copy from the server what this device's seats (their keys, `bazas.seat.<table>`) finished and
 * the record lacks: deals played while the page was closed (a robot playing for the player), or a
 * record kept by another browser profile. Returns the number of entries added.
 */
export async function syncFromServer(limit = 30) {
  const tables = [];
  for (let i = 0; i < localStorage.length; i++) {
    const name = localStorage.key(i);
    if (name?.startsWith("bazas.seat.")) tables.push([name.slice("bazas.seat.".length), localStorage.getItem(name)]);
  }
  const answers = await Promise.all(tables.slice(0, limit).map(async ([id, key]) => {
    try {
      const res = await fetch(`/api/tables/${encodeURIComponent(id)}/record?k=${encodeURIComponent(key)}`, { cache: "no-store" });
      return res.ok ? await res.json() : null;
    } catch {
      return null;
    }
  }));
  const record = loadRecord();
  const known = new Set(record.entries.map((e) => e.key));
  let added = 0;
  for (const rec of answers) {
    if (!rec) continue;
    const fresh = entriesOfServerRecord(rec, known);
    for (const e of fresh) known.add(e.key);
    record.entries.push(...fresh);
    added += fresh.length;
  }
  if (added) {
    record.entries.sort((a, b) => a.at - b.at);
    record.name = null;
    saveRecord(record);
  }
  return added;
}
