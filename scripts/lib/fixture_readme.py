"""Fixtures/README.md and the list of hand-written cassettes: what scripts/build-fixtures says about every file.

The table of each section is made from the cassettes themselves (read, never written here), so it cannot drift.
"""
import json

from fixture_graphql import GRAPHQL_SECTION, licences as graphql_licences

from fixture_qiita import QIITA_COMMIT, QIITA_REPO, QIITA_LICENSE_OUT, QIITA_RATE_LIMIT, QIITA_RATE_RESET, \
    QIITA_INVENTED_ITEM_IDS, QIITA_PER_PAGE, QIITA_MISSING_ITEM_ID, QIITA_MISSING_USER_ID

OCTOKIT_REPO = "octokit/fixtures"
OCTOKIT_COMMIT = "cb8bc9dafc55a3837be4434ff4ba7acf3d9cadde"
OCTOKIT_LICENSE_OUT = "LICENSE-octokit-fixtures.md"


# Hand-written cassettes (NOT recorded traffic): the files under Fixtures/ are the source. Each says in its own
# `source` field where every part comes from; this list gives the README's provenance and licence cells. A cassette
# that keeps literal (invented, non-secret) credentials acknowledges them in its own `lint.allow` list.

GITHUB_DOCS = "GitHub REST API documentation (docs.github.com/rest)"
GITHUB_DOCS_LICENCE = "CC BY 4.0 (GitHub Docs example, shortened)"
INVENTED_LICENCE = "n/a (invented from the documented error format)"

HAND_WRITTEN = {
    "github/client/zen.json": {
        "provenance": GITHUB_DOCS + ", Get the Zen of GitHub; headers invented",
        "licence": "n/a (one line of GitHub's Zen)"},
    "github/client/get-user.json": {
        "provenance": GITHUB_DOCS + ", Get a user: example response (octocat); headers invented",
        "licence": GITHUB_DOCS_LICENCE},
    "github/client/get-authenticated-user.json": {
        "provenance": GITHUB_DOCS + ", Get the authenticated user: example response; headers invented",
        "licence": GITHUB_DOCS_LICENCE},
    "github/client/get-rate-limit.json": {
        "provenance": GITHUB_DOCS + ", Get rate limit status: example response (core, search, graphql)",
        "licence": GITHUB_DOCS_LICENCE},
    "github/client/following.json": {
        "provenance": GITHUB_DOCS + ", Check if a person is followed: 204/404 rule; logins and body invented",
        "licence": INVENTED_LICENCE},
    "github/client/requires-authentication.json": {
        "provenance": GITHUB_DOCS + ": 401 Requires authentication (basic-error form); login invented",
        "licence": INVENTED_LICENCE},
    "github/client/resource-not-accessible.json": {
        "provenance": GITHUB_DOCS + ", Lock an issue: 403 (basic-error form); repository and values invented",
        "licence": INVENTED_LICENCE},
    "github/client/retry-server-error.json": {
        "provenance": "invented 503, then " + GITHUB_DOCS + ", Get an organization: example response (github)",
        "licence": GITHUB_DOCS_LICENCE},
    "github/client/retry-rate-limited.json": {
        "provenance": "invented 429 (retry-after 1), then " + GITHUB_DOCS
                      + ", Search issues: example query and response",
        "licence": GITHUB_DOCS_LICENCE},
    "github/client/refresh-token.json": {
        "provenance": "invented 401 Bad credentials for `Bearer expired-token`, then " + GITHUB_DOCS
                      + ", Get a repository: example response (octocat/Hello-World) for `Bearer renewed-token`",
        "licence": GITHUB_DOCS_LICENCE},
    "github/client/following-sequence.json": {
        "provenance": GITHUB_DOCS + ", Check if a person is followed / Follow / Unfollow a user: 204/404 rules; "
                      "login, order of calls and headers invented",
        "licence": INVENTED_LICENCE},
    "github/client/poll-events.json": {
        "provenance": GITHUB_DOCS + ", GitHub event types: WatchEvent example; events: x-poll-interval and etag "
                      "example; later events, rising interval, cut-short body and 404 invented",
        "licence": GITHUB_DOCS_LICENCE},
    "github/client/search-repositories.json": {
        "provenance": GITHUB_DOCS + ", Search repositories: example query and response (dtrupenn/Tetris); the "
                      "`language:c++` search and its empty result invented",
        "licence": GITHUB_DOCS_LICENCE},
    "github/client/poll-events-conditional.json": {
        "section": "status",
        "provenance": GITHUB_DOCS + ", events and best practices: polling with ETag / If-None-Match / 304 and "
                      "X-Poll-Interval; example ETag; WatchEvent example; repository, events, later ETag, intervals "
                      "and the final 404 invented",
        "licence": GITHUB_DOCS_LICENCE},
    "qiita/client/tagged-items.json": {
        "provenance": "`%s` @ `%s`, `qiita/testdata/list_tagged_items.json`; the 404 for an unused tag (Qiita's "
                      "documented error form), tag ids and headers invented" % (QIITA_REPO, QIITA_COMMIT),
        "licence": "MIT (`%s`)" % QIITA_LICENSE_OUT},
}

GITHUB_STATUS_DOCS = ("GitHub Status API documentation (https://www.githubstatus.com/api, Statuspage API v2): example "
                      "answer of `%s`, as reproduced in `sanders41/github-status` `src/github_api.rs`; headers invented")
for _name, _path in (("status", "status"), ("summary", "summary"), ("components", "components"),
                     ("incidents", "incidents"), ("incidents-unresolved", "incidents/unresolved"),
                     ("scheduled-maintenances", "scheduled-maintenances"),
                     ("scheduled-maintenances-upcoming", "scheduled-maintenances/upcoming"),
                     ("scheduled-maintenances-active", "scheduled-maintenances/active")):
    HAND_WRITTEN["githubstatus/%s.json" % _name] = {
        "section": "status",
        "provenance": GITHUB_STATUS_DOCS % ("GET /api/v2/%s.json" % _path),
        "licence": "n/a (documented example data of the API)"}



README_HEAD = """\
# Fixtures

Cassettes (mockapi format version 1) for the project's tests. **Generated — do not edit by hand.**
This file is written by `scripts/build-fixtures`, and every other cassette by `mockapi import`, which the script calls
with what to import from where; change the script (or the importer) and rerun it.
The one exception is the hand-written cassettes under `github/client/`, `qiita/client/` and `githubstatus/` (listed in
`HAND_WRITTEN` in `scripts/lib/fixture_readme.py`):
their files are the source, edited by hand in the layout below; the script lints and describes them.

## Regenerate

```sh
scripts/build-fixtures                 # reads ../shared/data (relative to the repository root)
scripts/build-fixtures /path/to/data   # or an explicit data folder
scripts/build-fixtures --check         # compare a fresh build with Fixtures/ (when the data is there), then lint
```

The script also writes the decap-cms sessions that cannot be served with `Fixtures/` (see the GraphQL section) into
`Tests/IntegrationTests/Recordings/decap-cms/`, and checks them the same way.

The script is Python 3, standard library only, and deterministic: a second run changes nothing. It runs the built
`mockapi` (`$MOCKAPI`, else `.build/debug/mockapi` or `.build/release/mockapi` when newer than the sources, else it
builds the debug one) for `mockapi import` and `mockapi lint Fixtures`.
The repository does not need the data folder: the generated files are committed.

## Format and conversion rules

- Layout: as `mockapi` writes every cassette: UTF-8, two-space indentation, one object member per line, arrays of
  scalars on one line when the line stays under 100 columns, a final newline. Re-saving a fixture must not change
  a byte.
- Headers are ordered `[name, value]` string pairs with lower-case names; nock's header numbers become strings.
  Left out, as `mockapi import` leaves them out (the replay server supplies them): `content-length`,
  `transfer-encoding`, `content-encoding`, `connection`, `keep-alive` (and the other framing fields).
  Scrubbed with `mockapi import`'s default rules: `authorization` keeps its scheme (`token <redacted>`), `cookie`
  and `set-cookie` values become `<redacted>`.
- Bodies: `null` when empty, else `{"json": …}`, `{"text": …}` or `{"base64": …}` (nock's hex binary
  responses decoded and re-encoded as standard base64).
- Paths and queries are byte-for-byte as recorded (still percent-encoded); absolute URLs in bodies and in
  `link`/`location` headers are kept as recorded (the server rewrites them at replay time).

## GitHub (`github/`) — recorded traffic

Imported one-to-one with `mockapi import` from [octokit/fixtures](https://github.com/octokit/fixtures) at commit
`%(octokit_commit)s`, `scenarios/api.github.com/<scenario>/normalized-fixture.json` (nock recordings
of the real API, normalised by their authors: fake token, ids from 1000, timestamps on 2017-10-10).
Same interaction count, order, statuses, bodies and remaining headers as the recording. `recordedAt` is the
recorded (normalised) `date` header, as `mockapi import` takes it from any nock recording. `upstream` is nock's
`scope` without the default port
(`https://api.github.com`, `https://uploads.github.com`, `https://codeload.github.com`).
octokit normalises tokens and commit shas to the same value (`0000000000000000000000000000000000000001`), so
they are imported with `--no-echo`: the token is scrubbed in `authorization` and the shas stay as recorded.
Licence: MIT, copied as `github/%(octokit_license)s`.

## Qiita (`qiita/`) — NOT recorded traffic

Synthesised (as nock definitions, imported with `mockapi import`) from the documented Qiita API v2 example response
bodies kept in
[ktsujichan/qiita-sdk-go](https://github.com/ktsujichan/qiita-sdk-go) at commit `%(qiita_commit)s`,
`qiita/testdata/` (user "yaotti"). Licence: MIT, copied as `qiita/%(qiita_license)s`.
Statuses and headers follow Qiita's documented rules: 200 for GET/PATCH, 201 for POST, 204 with no body for
DELETE; errors are `{"message": …, "type": …}`; lists page with `page`/`per_page` and answer with `Link`
(rel first/prev/next/last) and `Total-Count`; JSON answers have `content-type: application/json; charset=utf-8`.
Each cassette's `source` says the same. Documented bodies are used verbatim where they exist.

Invented (and labelled as such in each cassette's `source`):

- request headers: `authorization` (always `<redacted>`) and `content-type: application/json` on JSON bodies;
- `rate-limit: %(rate_limit)d`, `rate-remaining` counting down from %(rate_first)d within each cassette,
  `rate-reset: %(rate_reset)d` (2000-01-01T01:00:00Z, an hour after the examples' timestamps);
- `items.json`: the POST and PATCH request bodies (built from the documented item's own values, so request and
  answer agree); the items on pages 2 and 3 (copies of the documented item with ids %(invented_ids)s and the
  matching `url`, nothing else changed); `total-count: %(total)d`, `per_page=%(per_page)d` and the `link` URLs;
  the POST 201 answers with `get_item.json` because the test data has no create example;
- `errors.json`: the missing ids `%(missing_item)s` and `%(missing_user)s`;
- no `recordedAt` and no `date` header anywhere (nothing was recorded).
%(graphql_section)s
## Cassettes

| File | Interactions (method path → status) | Source | Licence |
|---|---|---|---|
"""


HAND_WRITTEN_HEAD = """
## Hand-written for the client tests (`github/client/`, `qiita/client/`) — NOT recorded traffic

Written by hand for `Tests/IntegrationTests` where no recording covers an endpoint or a case: the Zen, users,
rate limits, following (also as one follow/unfollow session), 401/403 error bodies, retries after a 503 or a 429,
a token refresh, polling events (`x-poll-interval`), repository search with `+` in the query, a Qiita tag list
whose 404 means "no items". GitHub bodies follow the example responses of the GitHub REST API documentation
(docs.github.com, CC BY 4.0), shortened; error bodies use GitHub's documented error form (`message`,
`documentation_url`, `status`); the Qiita body is a documented example from the data folder, verbatim; headers,
logins, repository names, the 503/429 answers and the later answers of repeated requests are invented. Each
cassette's `source` says which part is which. None has `recordedAt`.
Every request is one no other cassette records, so serving the whole folder answers each from its own cassette
(`Tests/IntegrationTests` checks this). `refresh-token.json` keeps two invented, non-secret `authorization` values
(`Bearer expired-token`, `Bearer renewed-token`) so that replay with `--match-header authorization` tells them
apart; the cassette's `lint.allow` list acknowledges them to `mockapi lint` (which reports every other unredacted
credential).

| File | Interactions (method path → status) | Source | Licence |
|---|---|---|---|
"""


STATUS_HEAD = """
## GitHub Status and conditional polling (`githubstatus/`, `github/client/poll-events-conditional.json`) — NOT recorded traffic

Hand-written for the `GitHubStatusAPI` client and for conditional polling in `Tests/IntegrationTests`.
The `githubstatus/` bodies are the example answers that GitHub's status page documents for its public API
(https://www.githubstatus.com/api, Atlassian Statuspage API v2, behind each endpoint's "Click for example"; page
`kctbh9vrtdwd`). The project keeps no copy of that page, so the bodies were taken, unchanged, from the copy of those
examples in the tests of [sanders41/github-status](https://github.com/sanders41/github-status) (`src/github_api.rs`,
whose page `updated_at` is `2022-09-05T08:07:25Z`): one cassette per endpoint, one `GET` each. Invented there: the
request header `accept: application/json` and the response header `content-type: application/json; charset=utf-8`.
`poll-events-conditional.json` follows GitHub's documented polling rules for events (`ETag`, `If-None-Match`,
`304 Not Modified` without a body that costs no rate limit, `X-Poll-Interval`): 200 with an `ETag`, 304 for that
`ETag`, 200 with a new `ETag`, 304 for it, then 404. Its request headers hold `if-none-match`, so replaying it with
`--match-header if-none-match` (as its test does) answers a request without the header only with the first 200:
a client that does not send `If-None-Match` cannot get the 304s. Each cassette's `source` says which part is which.
None has `recordedAt`.

| File | Interactions (method path → status) | Source | Licence |
|---|---|---|---|
"""


# Cassettes that hold no third-party data.
LICENCES = {"qiita/errors.json": "n/a (no example data; Qiita's documented error format)"}


def interaction_summary(interaction):
    request = interaction["request"]
    target = request["path"] + ("?" + request["query"] if "query" in request else "")
    response = interaction["response"]
    note = ""
    body = response["body"]
    if body is None:
        note = ", no body"
    elif "base64" in body:
        note = ", binary body"
    elif "text" in body:
        note = ", text body"
    return "`%s %s` → %d%s" % (request["method"], target, response["status"], note)


def build_readme(outputs, provenance):
    text = README_HEAD % {
        "octokit_commit": OCTOKIT_COMMIT,
        "octokit_license": OCTOKIT_LICENSE_OUT,
        "qiita_commit": QIITA_COMMIT,
        "qiita_license": QIITA_LICENSE_OUT,
        "rate_limit": QIITA_RATE_LIMIT,
        "rate_first": QIITA_RATE_LIMIT - 1,
        "rate_reset": QIITA_RATE_RESET,
        "invented_ids": " and ".join("`%s`" % i for i in QIITA_INVENTED_ITEM_IDS),
        "total": (1 + len(QIITA_INVENTED_ITEM_IDS)) * QIITA_PER_PAGE,
        "per_page": QIITA_PER_PAGE,
        "missing_item": QIITA_MISSING_ITEM_ID,
        "missing_user": QIITA_MISSING_USER_ID,
        "graphql_section": GRAPHQL_SECTION,
    }
    rows = []
    for rel in sorted(provenance):
        cassette = json.loads(outputs[rel].decode("utf-8"))
        interactions = cassette["interactions"]
        cells = "<br>".join(interaction_summary(i) for i in interactions)
        licence = LICENCES.get(rel) or graphql_licences().get(rel) or "MIT (`%s`)" % (
            OCTOKIT_LICENSE_OUT if rel.startswith("github/") else QIITA_LICENSE_OUT)
        rows.append("| [`%s`](%s) | %d: %s | %s | %s |" % (rel, rel, len(interactions), cells, provenance[rel], licence))
    sections = {"client": [], "status": []}
    for rel in sorted(HAND_WRITTEN):
        interactions = json.loads(outputs[rel].decode("utf-8"))["interactions"]
        cells = "<br>".join(interaction_summary(i) for i in interactions)
        entry = HAND_WRITTEN[rel]
        sections[entry.get("section", "client")].append("| [`%s`](%s) | %d: %s | %s | %s |" % (
            rel, rel, len(interactions), cells, entry["provenance"], entry["licence"]))
    return (text + "\n".join(rows) + "\n" + HAND_WRITTEN_HEAD + "\n".join(sections["client"]) + "\n"
            + STATUS_HEAD + "\n".join(sections["status"]) + "\n").encode("utf-8")


