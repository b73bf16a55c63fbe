"""The control API of a live `mockapi serve` and `mockapi record`, over HTTP, against docs/control-api.openapi.json:
the document is a valid OpenAPI 3.1 document, and each answer validates against the schema it gives for its path,
method and status (jsonschema, JSON Schema 2020-12 as OpenAPI 3.1 uses it)."""

import json
import os
import pathlib
import urllib.error
import urllib.request

import jsonschema
import pytest
from openapi_spec_validator import validate

from pytest_mockapi.process import MockapiProcess, find_binary

REPOSITORY = pathlib.Path(__file__).resolve().parents[3]
DOCUMENT = json.loads((REPOSITORY / "docs" / "control-api.openapi.json").read_text(encoding="utf-8"))


def test_theDocument_isValidOpenAPI31():
    validate(DOCUMENT)
    assert DOCUMENT["openapi"].startswith("3.1")


def send(url, method, target, body=None):
    request = urllib.request.Request(url + target, method=method, data=body)
    if body is not None:
        request.add_header("Content-Type", "application/json")
    try:
        with urllib.request.urlopen(request, timeout=30) as answer:
            return answer.status, dict(answer.headers), answer.read()
    except urllib.error.HTTPError as error:
        return error.code, dict(error.headers), error.read()


def check(url, method, target, body=None):
    """The answer's status is one the document lists, and its body has that status's schema; returns the body."""
    status, headers, raw = send(url, method, target, body)
    path = target.split("?")[0]
    operation = DOCUMENT["paths"][path].get(method.lower()) or next(iter(DOCUMENT["paths"][path].values()))
    response = operation["responses"].get(str(status))
    assert response is not None, f"{method} {target} answered {status}, which the document does not list"
    if "$ref" in response:
        response = DOCUMENT["components"]["responses"][response["$ref"].rsplit("/", 1)[1]]
    schema = response["content"]["application/json"]["schema"]
    document = json.loads(raw)
    jsonschema.Draft202012Validator(dict(DOCUMENT, **schema)).validate(document)
    if status == 405:
        assert headers.get("Allow")
    return status, document


@pytest.fixture
def served(tmp_path):
    server = MockapiProcess(find_binary(), ["serve", str(REPOSITORY / "Fixtures")], str(tmp_path))
    yield server.url
    server.stop()


def test_replayAnswers_matchTheDocument(served):
    name = "github/get-repository"
    send(served, "GET", f"/@{name}/repos/octokit-fixture-org/hello-world")
    send(served, "GET", f"/@{name}/repos/octokit-fixture-org/changed")
    assert check(served, "GET", "/__mockapi/health")[1]["next"] == 2
    status, misses = check(served, "GET", "/__mockapi/unmatched?since=0")
    assert misses["count"] == 1 and misses["requests"][0]["unmatched"]["nearest"]
    assert check(served, "GET", "/__mockapi/unmatched?since=2")[1]["count"] == 0
    check(served, "GET", f"/__mockapi/journal?since=1&limit=5&cassette={name}&outcome=unmatched")
    check(served, "GET", f"/__mockapi/unused?cassette={name}")
    check(served, "GET", "/__mockapi/cassettes")
    check(served, "POST", "/__mockapi/reset?scope=unmatched,positions")
    check(served, "POST", "/__mockapi/reset", json.dumps({"scopes": ["journal"], "cassette": name}).encode())
    check(served, "POST", "/__mockapi/reload")
    for method, target, status in [("GET", "/__mockapi/journal?since=soon", 400), ("POST", "/__mockapi/reset?scope=all", 400),
                                   ("GET", "/__mockapi/unused?cassette=nope", 404), ("PUT", "/__mockapi/health", 405),
                                   ("POST", "/__mockapi/reset", 400)]:
        body = b"[]" if method == "POST" and target.endswith("reset") else None
        assert check(served, method, target, body)[0] == status, target
    status, _, raw = send(served, "GET", "/__mockapi/openapi.json")
    assert status == 200 and json.loads(raw) == DOCUMENT


def test_recordAnswers_matchTheDocument(tmp_path):
    recorder = MockapiProcess(find_binary(), ["record", "--upstream", "http://127.0.0.1:9",
                                              "--cassette", str(tmp_path / "c.json")], str(tmp_path))
    try:
        assert check(recorder.url, "GET", "/__mockapi/health")[1]["mode"] == "record"
        check(recorder.url, "GET", "/__mockapi/journal")
        assert check(recorder.url, "GET", "/__mockapi/unmatched")[0] == 404, "a replay endpoint"
        assert check(recorder.url, "POST", "/__mockapi/reset")[0] == 404
    finally:
        recorder.stop()
