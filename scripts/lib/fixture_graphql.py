"""Fixtures/github-graphql/: real GitHub GraphQL traffic, imported with `mockapi import` (see scripts/build-fixtures);
and the decap-cms sessions that cannot be served together with it, test data in DECAP_SESSIONS_FOLDER.

Three sources from the shared data folder, each with its own commit and licence:
- mergestat/mergestat-lite: go-vcr cassettes (imported as they are);
- hub4j/github-api: WireMock stub mappings, one scenario folder each (imported as they are, files in call order);
- decaporg/decap-cms: JSON arrays of {method, url, body, status, headers, response}, turned into nock definitions
  here (the request body parsed, the response body parsed when it is JSON), then imported.
"""
import json
import os

MERGESTAT_REPO = "mergestat/mergestat-lite"
MERGESTAT_COMMIT = "5858dcafdee463ba29540ab75538666478c828dd"
MERGESTAT_LICENSE_OUT = "LICENSE-mergestat-lite"
HUB4J_REPO = "hub4j/github-api"
HUB4J_COMMIT = "79e0fc61d1c8ff61176bd11974b4a19bfe561293"
HUB4J_LICENSE_OUT = "LICENSE-hub4j-github-api.txt"
DECAP_REPO = "decaporg/decap-cms"
DECAP_COMMIT = "2f5c54d96d3eaf657d0b75a0a2578073731907a7"
DECAP_LICENSE_OUT = "LICENSE-decap-cms"

# go-vcr cassettes: output name -> file in mergestat-github-graphql/.
MERGESTAT = {
    "github-graphql/stargazers.json": "TestStargazers.yaml",
    "github-graphql/repo-info.json": "TestRepoInfo.yaml",
}
# WireMock scenarios: output name -> (folder in hub4j-github-graphql/, its GraphQL mappings in call order). Only the
# GraphQL calls: the REST calls around them (`GET /user`, the repository, its pulls) and the failure scenario's first
# query are the same requests as other cassettes', and `mockapi serve Fixtures` must answer each request from one.
HUB4J = {
    "github-graphql/enable-auto-merge.json": ("enablePullRequestAutoMerge", ["4-graphql.json", "5-graphql.json"]),
    "github-graphql/enable-auto-merge-failure.json": ("enablePullRequestAutoMergeFailure", ["5-graphql.json"]),
    "github-graphql/mark-ready-for-review.json": ("markReadyForReview", ["5-graphql.json"]),
}
# decap-cms recordings: file in decap-cms-github-graphql/ of each output. Five of the 28, chosen so that between them
# every operation decap-cms sends is here: the queries blob, branch, fileSha, files, repoPermission, statues,
# pullRequests and openAuthoringBranches, the anonymous viewer query, and the mutations createBranchAndPullRequest,
# closePullRequestAndDeleteBranch, deleteRef, updateRef, createBranch and createPullRequest. The other recordings
# repeat these operations with other entries.
# Each recording is a browser session from its start, so they share their opening calls, and some of those shared
# requests have different answers in different sessions: served together they would answer one session's request
# with another's recording. So one of them is served from Fixtures/ (name under Fixtures/ -> file) and the others are
# test data of GitHubGraphQLTests, in DECAP_SESSIONS_FOLDER (name there -> file), which tests serve one at a time.
DECAP_PREFIX = "GitHub Backend "
DECAP = {
    "github-graphql/decap-simple-workflow-loads.json": "Simple Workflow - GraphQL API__successfully loads.json",
}
DECAP_SESSIONS_FOLDER = "Tests/IntegrationTests/Recordings/decap-cms"  # relative to the repository root
DECAP_SESSIONS = {
    "decap-simple-workflow-create-entry.json": "Simple Workflow - GraphQL API__can create an entry.json",
    "decap-editorial-delete-entry.json": "Editorial Workflow - GraphQL API__can delete an entry.json",
    "decap-editorial-publish-entry.json": "Editorial Workflow - GraphQL API__can publish an editorial workflow entry.json",
    "decap-open-authoring-change-status.json":
        "Editorial Workflow - GraphQL API - Open Authoring__can change entry status from fork.json",
}
# Requests of the decap-cms recordings left out of the one in Fixtures/ because another cassette of Fixtures/ records
# them (github/client/get-authenticated-user.json: `GET /user`), and `mockapi serve Fixtures` must answer each request
# from one cassette. The sessions in DECAP_SESSIONS_FOLDER keep them.
DECAP_LEFT_OUT = {("GET", "/user")}

GRAPHQL_SECTION = """
## GitHub GraphQL (`github-graphql/`) — recorded traffic

Real GitHub GraphQL (v4) traffic, each cassette imported with `mockapi import` from one recording; its `source` says
which. `stargazers.json` (10 pages of `stargazers(first: 50, after: $stargazersCursor)`; the 10th still says
`hasNextPage: true`) and `repo-info.json` are go-vcr cassettes from [%(mergestat)s](https://github.com/%(mergestat)s)
at `%(mergestat_commit)s`, `extensions/internal/github/fixtures/` (recorded 2022; the `Authorization` header was
deleted by its authors). `enable-auto-merge*.json` and `mark-ready-for-review.json` are WireMock scenarios of
[%(hub4j)s](https://github.com/%(hub4j)s) at `%(hub4j_commit)s`,
`src/test/resources/org/kohsuke/github/GHPullRequestTest/wiremock/<scenario>/mappings/`, their GraphQL calls only
(the REST calls around them repeat requests other cassettes record, and serving `Fixtures/` must answer each request
from one cassette; WireMock keeps no host, so these have no `upstream`); `enable-auto-merge-failure.json` holds the
HTTP 200 answer with `errors`. `decap-simple-workflow-loads.json` is one of the 28 cypress recordings of
[%(decap)s](https://github.com/%(decap)s) at `%(decap_commit)s`, `cypress/fixtures/` (normalised by its authors:
owner, repo, tokens and users replaced, some response headers dropped), turned into nock definitions by
`scripts/lib/fixture_graphql.py` (host `https://api.github.com`) and imported; the calls that repeat an earlier one with
the same answer (decap-cms polls) are left out; its `source` says which. Four more decap-cms sessions (between them and
this one, every operation decap-cms sends, with named and inline fragments and aliases, and its six mutations) are
test data in [`%(decap_sessions)s/`](../%(decap_sessions)s/), not here: each recording is a session from its start, so they share their opening
calls and answer some of them differently; served together they would answer one session's request with another's
recording. Serve them one at a time (its README says more). Licences: MIT, copied as
`github-graphql/%(mergestat_license)s`, `github-graphql/%(hub4j_license)s` and `github-graphql/%(decap_license)s`.
""" % {
    "mergestat": MERGESTAT_REPO, "mergestat_commit": MERGESTAT_COMMIT, "hub4j": HUB4J_REPO, "hub4j_commit": HUB4J_COMMIT,
    "decap": DECAP_REPO, "decap_commit": DECAP_COMMIT, "mergestat_license": MERGESTAT_LICENSE_OUT,
    "hub4j_license": HUB4J_LICENSE_OUT, "decap_license": DECAP_LICENSE_OUT, "decap_sessions": DECAP_SESSIONS_FOLDER,
}



DECAP_SESSIONS_README = """\
# decap-cms sessions (GitHub GraphQL and REST) — recorded traffic

Test data of `Tests/IntegrationTests/GitHub/GitHubGraphQLTests.swift`. **Generated — do not edit by hand**: written,
with every cassette here, by `scripts/build-fixtures` (`scripts/lib/fixture_graphql.py`) with `mockapi import`.

Each cassette is one of the 28 cypress recordings of [%(decap)s](https://github.com/%(decap)s) at
`%(decap_commit)s`, `cypress/fixtures/` (normalised by its authors: owner, repo, tokens and users replaced, response
headers `Date`, `ETag`, `Last-Modified`, `X-RateLimit-Remaining`, `X-RateLimit-Reset` and `X-GitHub-Request-Id`
dropped), turned into nock definitions on `https://api.github.com` and imported. Left out: the calls that repeat an
earlier one with the same answer (decap-cms polls; replay repeats the last answer anyway); each cassette's `source`
lists them. Nothing else changed. With %(served)s they hold every operation decap-cms sends: its queries, with named
and inline fragments and aliases, and its six mutations. Licence: MIT, copied as `%(decap_license)s`.

**Why not in `Fixtures/`:** each recording is a browser session from its start, so the sessions share their opening
calls, and some of those shared requests are answered differently in different sessions. `mockapi serve Fixtures`
serves every cassette together through the plain URL and would answer one session's request with another session's
recording, depending on load order (`FixturesFolderTests` forbids a request recorded by two cassettes there). Serve
them one at a time: `mockapi serve Tests/IntegrationTests/Recordings/decap-cms/decap-editorial-delete-entry.json`, or
each through its scoped URL (`/@decap-editorial-delete-entry/`), as the tests do.

| File | Interactions | Recording |
|---|---|---|
"""

def licences():
    """README licence cell of each cassette."""
    cells = {}
    for rel in MERGESTAT:
        cells[rel] = "MIT (`%s`)" % MERGESTAT_LICENSE_OUT
    for rel in HUB4J:
        cells[rel] = "MIT (`%s`)" % HUB4J_LICENSE_OUT
    for rel in DECAP:
        cells[rel] = "MIT (`%s`)" % DECAP_LICENSE_OUT
    return cells


def decap_repeats(calls):
    """The numbers of the calls that repeat an earlier one with the same answer and nothing different after it (what
    `mockapi lint` reports as `duplicate`: replay repeats the last answer anyway). decap-cms polls its queries; the
    recordings keep every poll. Calls are the same request when method, url and parsed body are; answers the same when
    status, headers and body are."""
    sequences = {}
    for number, call in enumerate(calls):
        body = json.dumps(json.loads(call["body"]), sort_keys=True) if call.get("body") else ""
        sequences.setdefault((call["method"].upper(), call["url"], body), []).append(number)

    def answer(number):
        call = calls[number]
        return (call["status"], json.dumps(call.get("headers", {}), sort_keys=True), call.get("response", ""))

    repeats = []
    for numbers in sequences.values():
        start = len(numbers) - 1
        while start > 0 and answer(numbers[start - 1]) == answer(numbers[-1]):
            start -= 1
        repeats += numbers[start + 1:]
    return sorted(repeats)


def decap_nock(path, left_out_requests):
    """A decap-cms recording as nock definitions (bytes): the same calls, in order, on https://api.github.com, but the
    repeats of decap_repeats and the requests (method, url) of left_out_requests; and the numbers (from 0, in the
    recording) of those repeats and of those requests."""
    with open(path, encoding="utf-8") as f:
        calls = json.load(f)
    repeats = decap_repeats(calls)
    left_out = [n for n, call in enumerate(calls) if (call["method"].upper(), call["url"]) in left_out_requests]
    definitions = []
    for number, call in enumerate(calls):
        if number in repeats or number in left_out:
            continue
        definition = {"scope": "https://api.github.com:443", "method": call["method"].lower(), "path": call["url"],
                      "body": json.loads(call["body"]) if call.get("body") else "", "status": call["status"]}
        response = call.get("response", "")
        try:
            definition["response"] = json.loads(response) if response else ""
        except ValueError:
            definition["response"] = response
        definition["headers"] = call.get("headers", {})
        definitions.append(definition)
    return json.dumps(definitions, indent=2, ensure_ascii=False).encode("utf-8") + b"\n", repeats, left_out


def build_graphql(data, importer, scratch, read_bytes):
    """(outputs, provenance) of Fixtures/github-graphql/."""
    outputs, provenance = {}, {}
    folder = os.path.join(data, "mergestat-github-graphql")
    for rel, name in sorted(MERGESTAT.items()):
        source = ("Recorded GitHub GraphQL traffic from %s@%s extensions/internal/github/fixtures/%s (go-vcr, MIT, see "
                  "%s; Authorization deleted by its authors). Imported by scripts/build-fixtures with mockapi import: "
                  "duration became durationMs; nothing else changed." % (MERGESTAT_REPO, MERGESTAT_COMMIT, name,
                                                                         MERGESTAT_LICENSE_OUT))
        outputs[rel] = importer.run([os.path.join(folder, name)], rel, source)
        provenance[rel] = "`%s` @ `%s`, `extensions/internal/github/fixtures/%s`" % (MERGESTAT_REPO, MERGESTAT_COMMIT, name)
    outputs["github-graphql/" + MERGESTAT_LICENSE_OUT] = read_bytes(os.path.join(folder, "LICENSE"))

    folder = os.path.join(data, "hub4j-github-graphql")
    for rel, (scenario, files) in sorted(HUB4J.items()):
        mappings = os.path.join(folder, scenario, "mappings")
        source = ("Recorded GitHub GraphQL traffic from %s@%s src/test/resources/org/kohsuke/github/"
                  "GHPullRequestTest/wiremock/%s/mappings/%s (WireMock stub mappings, MIT, see %s; only the GraphQL "
                  "calls of the scenario). Imported by scripts/build-fixtures with mockapi import, in call order; "
                  "WireMock keeps no host, so no upstream; nothing else changed." % (
                      HUB4J_REPO, HUB4J_COMMIT, scenario, ", ".join(files), HUB4J_LICENSE_OUT))
        outputs[rel] = importer.run([os.path.join(mappings, f) for f in files], rel, source)
        provenance[rel] = "`%s` @ `%s`, `src/test/resources/org/kohsuke/github/GHPullRequestTest/wiremock/%s/mappings/` (%s)" % (
            HUB4J_REPO, HUB4J_COMMIT, scenario, ", ".join("`%s`" % f for f in files))
    outputs["github-graphql/" + HUB4J_LICENSE_OUT] = read_bytes(os.path.join(folder, "LICENSE.txt"))

    folder = os.path.join(data, "decap-cms-github-graphql")
    for rel, name in sorted(DECAP.items()):
        outputs[rel] = decap_cassette(folder, name, rel, importer, scratch, DECAP_LEFT_OUT)
        provenance[rel] = "`%s` @ `%s`, `cypress/fixtures/%s`" % (DECAP_REPO, DECAP_COMMIT, DECAP_PREFIX + name)
    outputs["github-graphql/" + DECAP_LICENSE_OUT] = read_bytes(os.path.join(folder, "LICENSE"))
    return outputs, provenance


def build_decap_sessions(data, importer, scratch, read_bytes):
    """The files of DECAP_SESSIONS_FOLDER (name there -> bytes): the session cassettes, their licence and README."""
    folder = os.path.join(data, "decap-cms-github-graphql")
    outputs = {}
    for name, recording in sorted(DECAP_SESSIONS.items()):
        outputs[name] = decap_cassette(folder, recording, "decap-sessions/" + name, importer, scratch, set())
    outputs[DECAP_LICENSE_OUT] = read_bytes(os.path.join(folder, "LICENSE"))
    rows = []
    for name, recording in sorted(DECAP_SESSIONS.items()):
        count = len(json.loads(outputs[name].decode("utf-8"))["interactions"])
        rows.append("| [`%s`](%s) | %d | `cypress/fixtures/%s` |" % (name, name, count, DECAP_PREFIX + recording))
    outputs["README.md"] = (DECAP_SESSIONS_README % {
        "decap": DECAP_REPO, "decap_commit": DECAP_COMMIT, "decap_license": DECAP_LICENSE_OUT,
        "served": ", ".join("`Fixtures/%s`" % rel for rel in sorted(DECAP)),
    } + "\n".join(rows) + "\n").encode("utf-8")
    return outputs


def decap_cassette(folder, name, rel, importer, scratch, left_out_requests):
    """The cassette (bytes) `mockapi import` makes of decap-cms recording NAME (without DECAP_PREFIX), without the
    requests of left_out_requests; rel names it in the scratch folder."""
    name = DECAP_PREFIX + name
    nock = os.path.join(scratch, rel.replace("/", "-"))
    definitions, repeats, requests = decap_nock(os.path.join(folder, name), left_out_requests)
    with open(nock, "wb") as f:
        f.write(definitions)
    left_out = ("the calls numbered %s (from 0) left out: each repeats an earlier call with the same answer, and "
                "replay repeats the last answer anyway; " % ", ".join(map(str, repeats))) if repeats else ""
    left_out += ("the call numbered %s left out: another cassette of Fixtures/ records %s; " % (
        ", ".join(map(str, requests)), " and ".join(sorted("%s %s" % r for r in left_out_requests)))) if requests else ""
    source = ("Recorded GitHub traffic (GraphQL and REST) from %s@%s cypress/fixtures/%s (MIT, see %s; owner, "
              "repo, tokens and users normalised by its authors, request bodies re-serialised, response headers "
              "Date/ETag/Last-Modified/X-RateLimit-Remaining/X-RateLimit-Reset/X-GitHub-Request-Id dropped). "
              "Turned into nock definitions on https://api.github.com by scripts/lib/fixture_graphql.py and "
              "imported with mockapi import; %snothing else changed." % (DECAP_REPO, DECAP_COMMIT, name,
                                                                         DECAP_LICENSE_OUT, left_out))
    return importer.run([nock], rel, source, ["--no-echo"])
