import json
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import pytest

pytest_plugins = ["pytester"]

TOKEN = "sk-live-Zq4mTr8WvY2pLx6N"


class StandIn:
    """A stand-in API on 127.0.0.1: GET /repos/NAME answers {"name": NAME, "generation": N, "echo": TOKEN} when the
    request carries the token, 401 otherwise. `hits` counts requests; `generation` changes what it answers."""

    def __init__(self):
        self.hits = 0
        self.generation = 1
        stand_in = self

        class Handler(BaseHTTPRequestHandler):
            def do_GET(self):
                stand_in.hits += 1
                if self.headers.get("Authorization") != f"Bearer {TOKEN}":
                    self.answer(401, {"message": "Bad credentials"})
                elif self.path.startswith("/repos/"):
                    name = self.path[len("/repos/"):]
                    self.answer(200, {"name": name, "generation": stand_in.generation, "echo": TOKEN})
                else:
                    self.answer(404, {"message": "Not Found"})

            def answer(self, status, document):
                body = json.dumps(document).encode()
                self.send_response(status)
                self.send_header("Content-Type", "application/json")
                self.send_header("Content-Length", str(len(body)))
                self.end_headers()
                self.wfile.write(body)

            def log_message(self, *arguments):
                pass

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.url = f"http://127.0.0.1:{self.server.server_address[1]}"
        self.thread = threading.Thread(target=self.server.serve_forever, daemon=True)
        self.thread.start()

    def stop(self):
        self.server.shutdown()
        self.server.server_close()


@pytest.fixture
def stand_in():
    server = StandIn()
    yield server
    server.stop()


SAMPLE = '''
import os

import httpx
import pytest
import requests

UPSTREAM = os.environ.get("STAND_IN", "http://127.0.0.1:9")
HEADERS = {"Authorization": "Bearer " + os.environ["API_TOKEN"]} if os.environ.get("API_TOKEN") else {}  # while recording
REPO = os.environ.get("REPO", "hello")


@pytest.mark.mockapi("sample/requests-repo", upstream=UPSTREAM)
def test_requests(mockapi_cassette):
    answer = requests.get(f"{mockapi_cassette.base_url}/repos/{REPO}", headers=HEADERS)
    if os.environ.get("SWALLOW") is None:  # a client that checks; with SWALLOW, one that ignores the 404
        answer.raise_for_status()
        assert answer.json()["name"] == REPO


@pytest.mark.mockapi("sample/httpx-repo", upstream=UPSTREAM)
def test_httpx(mockapi_cassette):
    with httpx.Client(base_url=mockapi_cassette.base_url, headers=HEADERS) as client:
        answer = client.get("/repos/world")
        answer.raise_for_status()
        assert answer.json()["name"] == "world"
    assert os.environ.get("FAIL") is None, "this run was asked to fail"
'''


@pytest.fixture
def sample(pytester, monkeypatch):
    """A project with a requests client and an httpx client, with no record mode or CI from outside."""
    for variable in ("CI", "MOCKAPI_RECORD", "MOCKAPI_REDACT_ENV", "REPO", "SWALLOW", "STAND_IN", "API_TOKEN"):
        monkeypatch.delenv(variable, raising=False)
    pytester.makepyfile(test_sample=SAMPLE)
    return pytester
