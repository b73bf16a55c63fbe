"""Writes the seed inputs of the fuzz targets (scripts/fuzz) from cassettes and, when present, ../shared/data.

    python3 fuzz_seeds.py TARGET OUTPUT_FOLDER CASSETTE_OR_DATA_FOLDER...

cassette:  each JSON file as it is when small (cassettes, and other JSON for the loader's error paths), else each of
           its interactions as a cassette of its own: small inputs keep the fuzzer fast.
matching:  each recorded request of each cassette, in the target's input format (method, target, headers, body).
redaction: a secret, a JSON path and each cassette (split as for cassette), in the target's input format.
import:    each HAR, VCR/vcrpy and nock file as it is, and each small cassette's interactions written as a HAR file
           and as a nock recording.
"""
import base64
import hashlib
import json
import os
import sys


def json_files(roots, extensions=(".json",)):
    for root in roots:
        if os.path.isfile(root):
            yield root
            continue
        for folder, subfolders, files in os.walk(root):
            subfolders[:] = sorted(s for s in subfolders if not s.startswith("."))
            for name in sorted(files):
                if name.endswith(extensions) and not name.startswith("."):
                    yield os.path.join(folder, name)


def body_bytes(body):
    if not body:
        return b""
    if "json" in body:
        return json.dumps(body["json"], separators=(",", ":"), ensure_ascii=False).encode()
    if "text" in body:
        return body["text"].encode()
    return b""


def interactions_of(data):
    """The interactions of a cassette's bytes, or [] when they are not a cassette."""
    try:
        interactions = json.loads(data)["interactions"]
    except (ValueError, KeyError, TypeError):
        return []
    return interactions if isinstance(interactions, list) else []


def request_seeds(data):
    for interaction in interactions_of(data):
        try:
            request = interaction["request"]
            mount = interaction.get("mount") or ""
            target = (mount if mount != "/" else "") + request["path"]
            if request.get("query") is not None:
                target += "?" + request["query"]
            lines = [request["method"], target]
            lines += ["%s: %s" % (name, value) for name, value in request.get("headers") or []]
            yield ("\n".join(lines) + "\n\n").encode() + body_bytes(request.get("body"))
        except (KeyError, TypeError, AttributeError):
            continue


SMALL = 8192


def cassette_seeds(data):
    """The file when it is small; otherwise one cassette per interaction (for a cassette), or nothing."""
    if len(data) <= SMALL:
        yield data
        return
    for interaction in interactions_of(data):
        yield json.dumps({"mockapi": 1, "interactions": [interaction]}, indent=2, ensure_ascii=False).encode()


def har_seed(data):
    """A small cassette's interactions as a HAR 1.2 file, or nothing (not a cassette, or too large)."""
    if len(data) > SMALL:
        return
    interactions = interactions_of(data)
    if not interactions:
        return
    try:
        entries = []
        for interaction in interactions:
            request, response = interaction["request"], interaction["response"]
            url = interaction.get("upstream", "https://api.example.com") + request["path"]
            if request.get("query") is not None:
                url += "?" + request["query"]
            body = response.get("body") or {}
            text = body_bytes(body).decode("utf-8", "replace")
            entry = {
                "startedDateTime": interaction.get("recordedAt", "2024-01-01T00:00:00Z"),
                "time": 1,
                "request": {
                    "method": request["method"], "url": url, "httpVersion": "HTTP/1.1",
                    "headers": [{"name": n, "value": v} for n, v in request.get("headers") or []],
                    "queryString": [], "cookies": [], "headersSize": -1, "bodySize": -1,
                },
                "response": {
                    "status": response["status"], "statusText": "", "httpVersion": "HTTP/1.1",
                    "headers": [{"name": n, "value": v} for n, v in response.get("headers") or []],
                    "cookies": [], "content": {"size": len(text), "mimeType": "application/json", "text": text},
                    "redirectURL": "", "headersSize": -1, "bodySize": -1,
                },
                "cache": {}, "timings": {"send": 0, "wait": 1, "receive": 0},
            }
            entries.append(entry)
    except (ValueError, KeyError, TypeError, AttributeError):
        return
    har = {"log": {"version": "1.2", "creator": {"name": "fuzz_seeds.py", "version": "1"}, "entries": entries}}
    yield json.dumps(har, indent=1, ensure_ascii=False).encode()


def is_nock(data):
    """A nock recording: a JSON array of definitions with a scope."""
    try:
        document = json.loads(data)
    except ValueError:
        return False
    return isinstance(document, list) and bool(document) and isinstance(document[0], dict) and "scope" in document[0]


def nock_seed(data):
    """A small cassette's interactions as a nock recording, or nothing (not a cassette, or too large)."""
    if len(data) > SMALL:
        return
    definitions = []
    try:
        for interaction in interactions_of(data):
            request, response = interaction["request"], interaction["response"]
            path = request["path"] + ("?" + request["query"] if request.get("query") is not None else "")
            body = response.get("body") or {}
            binary = "base64" in body
            definitions.append({
                "scope": interaction.get("upstream", "https://api.example.com"), "method": request["method"].lower(),
                "path": path, "body": (request.get("body") or {}).get("json", (request.get("body") or {}).get("text", "")),
                "status": response["status"],
                "response": base64.b64decode(body["base64"]).hex() if binary else body.get("json", body.get("text", "")),
                "reqheaders": dict(request.get("headers") or []), "headers": dict(response.get("headers") or []),
                "responseIsBinary": binary,
            })
    except (ValueError, KeyError, TypeError, AttributeError):
        return
    if definitions:
        yield json.dumps(definitions, indent=1, ensure_ascii=False).encode()


def main():
    target, output, roots = sys.argv[1], sys.argv[2], sys.argv[3:]
    os.makedirs(output, exist_ok=True)
    seeds = []
    extensions = (".json", ".har", ".yml", ".yaml") if target == "import" else (".json",)
    for path in json_files(roots, extensions):
        with open(path, "rb") as file:
            data = file.read()
        if target == "import":
            if path.endswith(".json") and is_nock(data):
                if len(data) <= 4 * SMALL:
                    seeds.append(data)
            elif path.endswith(".json"):
                seeds.extend(har_seed(data))
                seeds.extend(nock_seed(data))
            elif len(data) <= 4 * SMALL:
                seeds.append(data)
        elif target == "cassette":
            seeds.extend(cassette_seeds(data))
        elif target == "matching":
            seeds.extend(request_seeds(data))
        elif target == "redaction":
            secret = b"0000000000000000000000000000000000000001\n$..token\n"
            seeds.extend(secret + seed for seed in cassette_seeds(data))
    for seed in seeds:
        name = hashlib.sha1(seed).hexdigest()
        with open(os.path.join(output, name), "wb") as file:
            file.write(seed)
    print(len(seeds))


if __name__ == "__main__":
    main()
