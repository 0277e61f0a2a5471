// The table's WebSocket: reconnects by itself (backoff), asks for a `sync` after every (re)open,
// and hands the caller only the newest `state` (by version).

export class Connection {
  constructor(tableId, key, handlers) {
    this.tableId = tableId;
    this.key = key;
    this.handlers = handlers; // {state(msg), message(msg), status(kind)}
    this.ws = null;
    this.version = -1;
    this.attempt = 0;
    this.timer = null;
    this.closedByUs = false;
    this.fallbackKey = null; // issue 13: the link's key, tried if the stored one is refused
    window.addEventListener("online", () => this.reconnectNow());
    document.addEventListener("visibilitychange", () => {
      if (document.visibilityState === "visible" && !this.isOpen()) this.reconnectNow();
    });
  }

  url() {
    const proto = location.protocol === "https:" ? "wss:" : "ws:";
    const q = this.key ? `?k=${encodeURIComponent(this.key)}` : "";
    // A table of a team match ("{match}.{table}") has its own socket route.
    const route = this.tableId.includes(".") ? "ws/m" : "ws";
    return `${proto}//${location.host}/${route}/${encodeURIComponent(this.tableId)}${q}`;
  }

  isOpen() {
    return this.ws && this.ws.readyState === WebSocket.OPEN;
  }

  connect() {
    clearTimeout(this.timer);
    this.timer = null;
    this.closedByUs = false;
    this.handlers.status?.(this.attempt ? "reconnecting" : "connecting");
    let ws;
    try {
      ws = new WebSocket(this.url());
    } catch {
      this.schedule();
      return;
    }
    this.ws = ws;
    // A fresh connection may talk to a restarted server: accept its first state whatever the version.
    this.version = -1;
    ws.onopen = () => {
      this.attempt = 0;
      this.handlers.status?.("open");
      this.send({ type: "sync" });
    };
    ws.onmessage = (ev) => {
      let msg;
      try {
        msg = JSON.parse(ev.data);
      } catch {
        return;
      }
      if (msg.type === "error" && msg.code === "not_seated" && this.fallbackKey) {
        this.key = this.fallbackKey;
        this.fallbackKey = null;
        this.ws = null;
        try {
          ws.close();
        } catch {
          /* ignore */
        }
        this.connect();
        return;
      }
      if (msg.type === "seat_key" && !msg.moved) {
        // Issue 13: the invitation is now this device's own seat; later connections (and a
        // reload of this page) use the key the server just gave it.
        this.key = msg.key;
        try {
          localStorage.setItem(`bazas.seat.${this.tableId}`, msg.key);
          const url = new URL(location.href);
          url.searchParams.set("k", msg.key);
          history.replaceState(history.state, "", url.pathname + url.search + url.hash);
        } catch {
          /* storage or history unavailable: the key lives in memory for this page */
        }
      }
      if (msg.type === "state") {
        const v = Number(msg.version ?? 0);
        if (v < this.version) return; // an older state overtaken by a newer one
        this.version = v;
        this.handlers.state?.(msg);
      } else {
        this.handlers.message?.(msg);
      }
    };
    ws.onclose = (ev) => {
      if (this.ws !== ws) return;
      this.ws = null;
      if (this.closedByUs) return;
      if (ev.code === 4404) {
        // no such table: trying again will not help
        this.handlers.status?.("not_found");
        return;
      }
      this.handlers.status?.("closed");
      this.schedule();
    };
    ws.onerror = () => {
      try {
        ws.close();
      } catch {
        /* closing anyway */
      }
    };
  }

  schedule() {
    if (this.timer) return;
    const delay = Math.min(4000, 250 * 2 ** Math.min(this.attempt, 4));
    this.attempt += 1;
    this.timer = setTimeout(() => {
      this.timer = null;
      this.connect();
    }, delay);
  }

  reconnectNow() {
    if (this.isOpen()) return;
    this.attempt = Math.max(this.attempt, 1);
    if (this.ws) {
      try {
        this.ws.close();
      } catch {
        /* ignore */
      }
      this.ws = null;
    }
    this.connect();
  }

  send(msg) {
    if (!this.isOpen()) return false;
    this.ws.send(JSON.stringify(msg));
    return true;
  }

  close() {
    this.closedByUs = true;
    clearTimeout(this.timer);
    this.ws?.close();
  }
}
