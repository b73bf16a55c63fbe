"""A client of mockapi's control API under /__mockapi/ (docs/control-api.openapi.json), on the standard library."""

import json
import urllib.error
import urllib.parse
import urllib.request


class MockapiError(Exception):
    """mockapi could not be started or asked, or a cassette could not be used: the message says what to do."""


class NotLoaded(MockapiError):
    """The server has no cassette of that name (404); the message says why when its file did not load."""


class ControlClient:
    def __init__(self, url, timeout=30.0):
        self.url = url.rstrip("/")
        self.timeout = timeout

    def call(self, method, endpoint, accept=(200,), **query):
        """The JSON answer of `method /__mockapi/endpoint?query`; a status outside `accept` raises MockapiError, and
        404 (no such cassette) raises NotLoaded with the server's reason."""
        target = f"{self.url}/__mockapi/{endpoint}"
        query = {name: value for name, value in query.items() if value is not None}
        if query:
            target += "?" + urllib.parse.urlencode(query, safe="/,")
        request = urllib.request.Request(target, method=method, data=b"" if method == "POST" else None)
        try:
            with urllib.request.urlopen(request, timeout=self.timeout) as answer:
                status, body = answer.status, answer.read()
        except urllib.error.HTTPError as error:
            status, body = error.code, error.read()
        document = json.loads(body) if body else {}
        if status == 404:
            raise NotLoaded(document.get("error", f"{method} {target} answered 404"))
        if status not in accept:
            raise MockapiError(f"mockapi: {method} {target} answered {status}: {document.get('error', body[:200])}")
        return document

    def cassettes(self):
        return self.call("GET", "cassettes")

    def health(self):
        return self.call("GET", "health")

    def unmatched(self, since, cassette=None):
        return self.call("GET", "unmatched", since=since, cassette=cassette)

    def unused(self, cassette):
        return self.call("GET", "unused", cassette=cassette)

    def reset(self, cassette=None, scope=None):
        return self.call("POST", "reset", cassette=cassette, scope=scope)

    def reload(self):
        return self.call("POST", "reload", accept=(200, 422))


def describe_misses(requests):
    """Each unmatched request with its nearest recordings and what differs, one per line, as pytest shows it."""
    lines = []
    for entry in requests:
        report = entry.get("unmatched", {})
        lines.append(report.get("error", f"mockapi: unmatched {entry.get('method')} {entry.get('path')}"))
        nearest = report.get("nearest", [])
        if not nearest:
            lines.append("  nothing recorded is close")
        for miss in nearest:
            differences = "; ".join(miss.get("differences", []))
            lines.append(f"  nearest: {miss['cassette']}[{miss['index']}] {miss['request']}"
                         + (f": {differences}" if differences else ""))
    return lines
