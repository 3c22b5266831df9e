/**
 * `npm run inspect`: the offline home of the Stately inspector's events. Open the console with `?inspect` and it
 * sends every actor's start, events and snapshots here over a websocket (@statelyai/inspect's
 * createWebSocketInspector). This relay keeps them (start-up events included) and serves a viewer at
 * http://127.0.0.1:5678 that lists every actor with its current state and the event log, without the internet.
 *
 *   npm run inspect                 # relay + offline viewer on port 5678 (INSPECT_PORT overrides)
 *   npm run inspect -- --stately    # @statelyai/inspect/server instead: bridges to stately.ai's visual inspector (online)
 */
import { createServer } from "node:http"
import { WebSocket, WebSocketServer } from "ws"

const port = Number(process.env.INSPECT_PORT ?? 5678)

if (process.argv.includes("--stately")) {
  const { createInspectorServer } = await import("@statelyai/inspect/server")
  createInspectorServer({ port, autoOpen: false })
  console.log(
    `Stately inspector bridge on http://127.0.0.1:${port} (needs stately.ai); open the console with ?inspect=ws://127.0.0.1:${port}`,
  )
} else {
  const history: string[] = []
  const MAX = 5000
  const http = createServer((request, response) => {
    if (request.url === "/events.json") {
      response.writeHead(200, { "content-type": "application/json" })
      response.end(`[${history.join(",")}]`)
      return
    }
    response.writeHead(200, { "content-type": "text/html; charset=utf-8" })
    response.end(viewer)
  })
  const wss = new WebSocketServer({ server: http })
  wss.on("connection", (socket, request) => {
    const isViewer = request.url === "/viewer"
    if (isViewer) for (const message of history) socket.send(message)
    socket.on("message", (data) => {
      const message = data.toString()
      history.push(message)
      if (history.length > MAX) history.shift()
      for (const client of wss.clients) {
        if (client !== socket && client.readyState === WebSocket.OPEN) client.send(message)
      }
    })
  })
  http.listen(port, "127.0.0.1", () => {
    console.log(`Inspector relay and viewer on http://127.0.0.1:${port}`)
    console.log(`Open the console with ?inspect (or ?inspect=ws://127.0.0.1:${port}) to record its actors.`)
  })
}

const viewer = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Console actors</title>
<style>
  body { font: 13px/1.4 system-ui, sans-serif; margin: 0; display: grid; grid-template-columns: 420px 1fr; height: 100vh; color: #1c2127; }
  aside, main { overflow: auto; padding: 12px 16px; } aside { border-right: 1px solid #ddd; background: #f6f7f9; }
  h1 { font-size: 15px; margin: 0 0 8px; } .actor { padding: 6px 8px; border-radius: 6px; margin-bottom: 4px; background: #fff; cursor: pointer; }
  .actor.selected { outline: 2px solid #2d72d2; } code, pre { font: 12px ui-monospace, monospace; } .muted { color: #5f6b7c; }
  .row { border-bottom: 1px solid #eee; padding: 4px 0; } .event { color: #215db0; font-weight: 600; }
  pre { white-space: pre-wrap; margin: 4px 0; background: #f6f7f9; padding: 6px; border-radius: 4px; max-height: 240px; overflow: auto; }
</style></head>
<body><aside><h1>Actors</h1><div id="actors"></div></aside>
<main><h1 id="title">Events</h1><div id="log"></div></main>
<script>
  const actors = new Map(); const log = []; let selected = null;
  const name = (a) => a.systemId || a.id || a.sessionId;
  const render = () => {
    const list = document.getElementById("actors"); list.innerHTML = "";
    for (const [id, a] of actors) {
      const div = document.createElement("div"); div.className = "actor" + (id === selected ? " selected" : "");
      div.innerHTML = "<b>" + name(a) + "</b> <span class=muted>" + id + "</span><br><code>" + JSON.stringify(a.value ?? a.status ?? "") + "</code>";
      div.onclick = () => { selected = selected === id ? null : id; render(); }; list.appendChild(div);
    }
    const rows = log.filter((e) => !selected || e.sessionId === selected).slice(-300).reverse();
    document.getElementById("title").textContent = selected ? "Events of " + name(actors.get(selected)) : "Events (all actors)";
    document.getElementById("log").innerHTML = rows.map((e) => "<div class=row><span class=event>" + (e.event?.type ?? e.type) + "</span> <span class=muted>→ " +
      name(actors.get(e.sessionId) || {}) + "</span><pre>" + JSON.stringify(e.event ?? {}, null, 1).slice(0, 2000) + "</pre></div>").join("");
  };
  const take = (raw) => {
    let e; try { e = JSON.parse(raw); } catch { return; }
    const a = actors.get(e.sessionId) || { sessionId: e.sessionId };
    if (e.type === "@xstate.actor") { a.id = e.name ?? e.id ?? a.id; }
    if (e.snapshot) { a.value = e.snapshot.value; a.status = e.snapshot.status; }
    if (e.id && !a.id) a.id = e.id;
    actors.set(e.sessionId, a);
    if (e.type === "@xstate.event") log.push(e);
    if (log.length > 3000) log.shift();
  };
  const ws = new WebSocket("ws://" + location.host + "/viewer");
  let pending = false;
  ws.onmessage = (m) => { take(m.data); if (!pending) { pending = true; requestAnimationFrame(() => { pending = false; render(); }); } };
</script></body></html>`
