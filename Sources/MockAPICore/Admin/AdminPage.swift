/// The page at `GET /__mockapi/`: one self-contained HTML document (no external assets) that polls the admin
/// endpoints and shows the loaded cassettes, the live journal with each request's outcome, and, for a selected miss,
/// a diff of the request against its nearest recordings. Built once.
///
/// The empty inline icon keeps browsers from asking for `/favicon.ico`, which would be journaled as a miss (and fail
/// `--fail-on-unmatched`) just because someone looked at the page. Every value from a request is written with
/// `textContent`, never parsed as HTML. A streamed answer shows its chunks and duration; its row is asked for again
/// until the stream is due to be over, so a client that goes away mid-stream is noted on it. A WebSocket conversation
/// shows its messages each way and how it ended, asked for again until it has ended. For tests and people: the body
/// gets `data-ready="1"` after the first journal poll, and `data-last-sequence` is the newest entry shown.
enum AdminPage {
    static let prepared = PreparedResponse(HTTPResponse(
        status: 200,
        headers: [("Content-Type", "text/html; charset=utf-8"), ("Cache-Control", "no-store")],
        body: Array(html.utf8)))

    static let html = #"""
        <!doctype html>
        <html lang="en">
        <head>
        <meta charset="utf-8">
        <meta name="viewport" content="width=device-width, initial-scale=1">
        <title>mockapi</title>
        <link rel="icon" href="data:,">
        <style>
          body { font: 14px/1.4 system-ui, sans-serif; margin: 0; color: #1d232a; background: #f6f7f9; }
          header { display: flex; gap: 1.5em; align-items: baseline; padding: .6em 1em; background: #1d232a; color: #fff; }
          header h1 { font-size: 1.2em; margin: 0; }
          main { display: grid; grid-template-columns: minmax(16em, 1fr) 3fr; grid-template-rows: minmax(0, 1fr) minmax(0, 1fr);
                 gap: 1em; padding: 1em; height: calc(100vh - 3em); box-sizing: border-box; }
          section { background: #fff; border: 1px solid #d8dde3; border-radius: 6px; padding: .6em .8em; overflow: auto; }
          #cassettes-panel { grid-row: 1 / 3; }
          h2 { font-size: 1em; margin: 0 0 .5em; }
          table { border-collapse: collapse; width: 100%; }
          th, td { text-align: left; padding: .2em .5em; border-bottom: 1px solid #eef0f3; vertical-align: top; }
          td.code, .code { font-family: ui-monospace, monospace; font-size: 12px; word-break: break-all; }
          tr.unmatched { background: #fdecec; cursor: pointer; }
          tr.fault, tr.failed { background: #fff4e0; }
          tr.selected { outline: 2px solid #c62828; }
          .badge { display: inline-block; padding: 0 .5em; border-radius: 1em; font-size: 12px; color: #fff; }
          .badge.matched { background: #2e7d32; } .badge.unmatched { background: #c62828; }
          .badge.fault, .badge.failed { background: #ef6c00; } .badge.admin { background: #607d8b; }
          del { background: #ffd7d5; text-decoration: none; } ins { background: #ccf0d4; text-decoration: none; }
          .muted { color: #6b7580; }
          td.stream.left { color: #c62828; }
        </style>
        </head>
        <body>
        <header><h1>mockapi</h1><span id="status">connecting…</span><span id="counts"></span></header>
        <main>
          <section id="cassettes-panel"><h2>Cassettes</h2>
            <table id="cassettes"><thead><tr><th>name</th><th>used</th></tr></thead><tbody></tbody></table>
          </section>
          <section id="journal-panel"><h2>Journal <span class="muted">(newest last; click a miss)</span></h2>
            <table id="journal"><thead><tr><th>#</th><th>time</th><th>request</th><th>status</th><th>outcome</th><th>answered by</th><th>stream / conversation</th></tr></thead>
            <tbody></tbody></table>
          </section>
          <section id="miss-panel"><h2>Near miss</h2>
            <div id="miss" class="muted">Select an unmatched request to compare it with the nearest recordings.</div>
          </section>
        </main>
        <script>
        "use strict";
        const base = location.pathname.replace(/\/$/, "");
        const entries = new Map();
        let after = 0;
        // Streamed answers that may still change (a client leaving mid-stream is noted later): sequence → until when
        // (browser time, ms) to ask for them again.
        const streaming = new Map();
        function el(tag, text, cls) {
          const node = document.createElement(tag);
          if (text !== undefined) node.textContent = text;
          if (cls) node.className = cls;
          return node;
        }
        function target(e) {
          return (e.scope ? "/@" + e.scope : "") + e.path + (e.query !== undefined ? "?" + e.query : "");
        }
        function answeredBy(e) {
          if (e.outcome === "matched") return e.cassette + "[" + e.index + "]";
          if (e.outcome === "unmatched") return (e.unmatched.nearest.length ? "nearest: " + e.unmatched.nearest[0].cassette + "[" + e.unmatched.nearest[0].index + "]" : "nothing close");
          if (e.outcome === "fault") return "injected " + e.fault;
          return e.error || "";
        }
        function streamText(s) {
          if (!s) return "";
          const text = s.chunks + (s.chunks === 1 ? " chunk" : " chunks") + " · " + (s.durationMs / 1000).toFixed(2) + " s";
          if (!s.clientWentAway) return text;
          const away = s.clientWentAway;
          return text + " · client went away after " + away.afterChunks + (away.afterChunks === 1 ? " chunk" : " chunks")
            + " (found gone at " + (away.atMs / 1000).toFixed(2) + " s)";
        }
        const endings = { recorded: "ended as recorded", mismatch: "closed 1008", clientClosed: "client closed",
          clientWentAway: "client went away", refused: "refused", serverStopped: "server stopped",
          upstreamClosed: "upstream closed" };
        function conversationText(w) {
          if (!w) return "";
          const text = w.clientMessages + " from client · " + w.serverMessages + " from server";
          if (!w.end) return text + " · open";
          const how = w.end.how === "mismatch" ? "closed 1008 at client message " + (w.end.messageIndex + 1) : (endings[w.end.how] || w.end.how)
            + (w.end.code !== undefined ? " " + w.end.code : "");
          return text + " · " + how + (w.end.reason ? " (" + w.end.reason + ")" : "");
        }
        function addRow(e) {
          const known = entries.has(e.sequence);
          entries.set(e.sequence, e);
          if (e.stream && !e.stream.clientWentAway && !known) streaming.set(e.sequence, Date.now() + e.stream.durationMs + 3000);
          if (e.stream && e.stream.clientWentAway) streaming.delete(e.sequence);
          // An open conversation is asked for again (for up to an hour) until it has ended.
          if (e.webSocket && !e.webSocket.end && !known) streaming.set(e.sequence, Date.now() + 3600000);
          if (e.webSocket && e.webSocket.end) streaming.delete(e.sequence);
          const row = el("tr", undefined, e.outcome);
          row.id = "entry-" + e.sequence;
          row.dataset.sequence = e.sequence;
          row.append(el("td", String(e.sequence)), el("td", e.time.slice(11, 23)),
            el("td", e.method + " " + target(e) + (e.operation ? " " + e.operation : ""), "code"), el("td", String(e.status)));
          const outcome = el("td"); outcome.append(el("span", e.outcome, "badge " + e.outcome)); row.append(outcome);
          row.append(el("td", answeredBy(e), "code"));
          const left = (e.stream && e.stream.clientWentAway) || (e.webSocket && e.webSocket.end
            && ["mismatch", "clientWentAway", "refused"].includes(e.webSocket.end.how));
          row.append(el("td", streamText(e.stream) || conversationText(e.webSocket), "stream" + (left ? " left" : "")));
          if (e.outcome === "unmatched") row.addEventListener("click", () => select(e.sequence));
          const shown = document.getElementById("entry-" + e.sequence);
          if (shown) { shown.replaceWith(row); return; }
          document.querySelector("#journal tbody").append(row);
          document.body.dataset.lastSequence = e.sequence;
        }
        function parseTarget(text) {
          const space = text.indexOf(" ");
          const rest = text.slice(space + 1), mark = rest.indexOf("?");
          const path = mark < 0 ? rest : rest.slice(0, mark), query = mark < 0 ? "" : rest.slice(mark + 1);
          return { method: text.slice(0, space), path: path, query: query };
        }
        function params(query) {
          const map = new Map();
          for (const pair of query.split("&").filter(Boolean)) {
            const eq = pair.indexOf("="), name = decodeURIComponent((eq < 0 ? pair : pair.slice(0, eq)).replace(/\+/g, " "));
            const value = eq < 0 ? "" : decodeURIComponent(pair.slice(eq + 1).replace(/\+/g, " "));
            map.set(name, map.has(name) ? map.get(name) + ", " + value : value);
          }
          return map;
        }
        function diffRow(table, label, sent, recorded) {
          const row = el("tr", undefined, sent === recorded ? "same" : "differs");
          row.append(el("th", label));
          row.append(sent === recorded ? el("td", sent, "code") : el("td", undefined, "code"));
          row.append(sent === recorded ? el("td", recorded, "code") : el("td", undefined, "code"));
          if (sent !== recorded) {
            row.children[1].append(el("del", sent === undefined ? "(absent)" : sent));
            row.children[2].append(el("ins", recorded === undefined ? "(absent)" : recorded));
          }
          table.append(row);
        }
        function select(sequence) {
          const e = entries.get(sequence);
          document.querySelectorAll("tr.selected").forEach(r => r.classList.remove("selected"));
          document.getElementById("entry-" + sequence).classList.add("selected");
          const miss = document.getElementById("miss");
          miss.className = ""; miss.replaceChildren();
          miss.dataset.sequence = sequence;
          miss.append(el("p", e.unmatched.error, "code"));
          if (!e.unmatched.nearest.length) { miss.append(el("p", "Nothing recorded is close.", "muted")); return; }
          const sent = { method: e.method, path: e.path, query: e.query || "" };
          for (const near of e.unmatched.nearest) {
            miss.append(el("h3", near.cassette + "[" + near.index + "]: " + near.request, "code"));
            const recorded = parseTarget(near.request), table = el("table", undefined, "diff");
            const head = el("tr"); head.append(el("th", ""), el("th", "sent"), el("th", "recorded")); table.append(head);
            diffRow(table, "method", sent.method, recorded.method);
            diffRow(table, "path", sent.path, recorded.path);
            const a = params(sent.query), b = params(recorded.query);
            for (const name of new Set([...a.keys(), ...b.keys()])) diffRow(table, "query " + name, a.get(name), b.get(name));
            miss.append(table);
            const list = el("ul");
            for (const line of near.differences) list.append(el("li", line, "code"));
            miss.append(list);
          }
        }
        async function poll() {
          try {
            const now = Date.now();
            for (const [sequence, until] of streaming) if (until < now) streaming.delete(sequence);
            const from = streaming.size ? Math.min(after, Math.min(...streaming.keys()) - 1) : after;
            const answer = await fetch(base + "/journal?limit=500&after=" + from, { cache: "no-store" });
            const journal = await answer.json();
            for (const e of journal.requests) { addRow(e); after = Math.max(after, e.sequence); }
            const c = journal.counts;
            document.getElementById("counts").textContent = c.matched + " matched · " + c.unmatched + " unmatched · " + c.faults + " faults";
            document.getElementById("status").textContent = "live";
            document.body.dataset.ready = "1";
          } catch (error) {
            document.getElementById("status").textContent = "server unreachable (" + error + ")";
          }
          setTimeout(poll, 500);
        }
        async function cassettes() {
          try {
            const answer = await fetch(base + "/cassettes", { cache: "no-store" });
            if (answer.ok) {
              const list = (await answer.json()).cassettes, body = document.querySelector("#cassettes tbody");
              body.replaceChildren();
              for (const c of list) {
                const row = el("tr"); row.dataset.name = c.name;
                const name = el("td", undefined, "code"); name.append(el("div", c.name), el("div", c.baseURL, "muted"));
                row.append(name, el("td", c.used + " / " + c.interactions));
                body.append(row);
              }
            }
          } catch (error) {}
          setTimeout(cassettes, 2000);
        }
        poll(); cassettes();
        </script>
        </body>
        </html>
        """#
}
