#!/usr/bin/env python3
"""A stand-in for a real API, on 127.0.0.1, for scripts/test-downstream: paginated items linked by absolute
`Link: <http://127.0.0.1:PORT/items?page=N>; rel="next"` URLs (as GitHub pages), a profile whose plan the caller
chooses (so a re-recording can be told from the old one), and an extra resource. Every request must carry
`Authorization: token $DOWNSTREAM_TOKEN`; the profile echoes the token in its body, as debug output of a real API
might, so only MOCKAPI_REDACT_ENV keeps it off disk.

  standin_api.py PORT_FILE PLAN      writes its port to PORT_FILE, serves until killed
"""
import json
import os
import sys
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from urllib.parse import parse_qs, urlsplit

TOKEN = os.environ["DOWNSTREAM_TOKEN"]
PLAN = sys.argv[2]
ITEMS = [{"id": n, "name": f"item {n}"} for n in range(1, 7)]
PER_PAGE = 2


class Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def log_message(self, *args):
        pass

    def answer(self, status, document, headers=()):
        body = json.dumps(document, separators=(",", ":")).encode()
        self.send_response(status)
        self.send_header("Content-Type", "application/json; charset=utf-8")
        self.send_header("Content-Length", str(len(body)))
        for name, value in headers:
            self.send_header(name, value)
        self.end_headers()
        self.wfile.write(body)

    def do_GET(self):
        if self.headers.get("Authorization") != f"token {TOKEN}":
            return self.answer(401, {"message": "Requires authentication"})
        url = urlsplit(self.path)
        origin = f"http://127.0.0.1:{self.server.server_port}"
        if url.path == "/items":
            page = int(parse_qs(url.query).get("page", ["1"])[0])
            start = (page - 1) * PER_PAGE
            links = []
            if start + PER_PAGE < len(ITEMS):
                links.append(("Link", f'<{origin}/items?page={page + 1}>; rel="next"'))
            return self.answer(200, ITEMS[start:start + PER_PAGE], links)
        if url.path == "/profile":
            return self.answer(200, {"login": "downstream", "plan": PLAN, "debug": f"authorised by {TOKEN}"})
        if url.path == "/extra":
            return self.answer(200, {"extra": True})
        return self.answer(404, {"message": "Not Found"})


server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
with open(sys.argv[1] + ".tmp", "w") as port_file:
    port_file.write(str(server.server_port))
os.replace(sys.argv[1] + ".tmp", sys.argv[1])
server.serve_forever()
