"""The Qiita cassettes of Fixtures/qiita/: NOT recorded traffic, synthesised from the documented Qiita API v2
example bodies (ktsujichan/qiita-sdk-go, qiita/testdata/) as nock recordings that scripts/build-fixtures hands to
`mockapi import`. Every invented value is named here and in each cassette's source line.
"""
import json
import os

QIITA_REPO = "ktsujichan/qiita-sdk-go"
QIITA_COMMIT = "a0ef480a72f2fbf04d4fc3dcd2857afd69104e88"
QIITA_LICENSE_OUT = "LICENSE-qiita-sdk-go.txt"
QIITA_SCOPE = "https://qiita.com:443"
QIITA_UPSTREAM = "https://qiita.com"
QIITA_JSON = "application/json; charset=utf-8"
# Invented: Qiita documents 1000 requests/hour for an authenticated user; the reset time is made up
# to fit the documented examples' timestamps (2000-01-01T00:00:00+00:00): 2000-01-01T01:00:00Z.
QIITA_RATE_LIMIT = 1000
QIITA_RATE_RESET = 946688400
QIITA_ITEM_ID = "4bd431809afb1bb99e4f"        # the documented example item
QIITA_INVENTED_ITEM_IDS = ["00000000000000000002", "00000000000000000003"]  # pages 2 and 3
QIITA_MISSING_ITEM_ID = "00000000000000000000"
QIITA_MISSING_USER_ID = "no-such-user"
QIITA_PER_PAGE = 1
QIITA_NOT_FOUND = {"message": "Not found", "type": "not_found"}  # Qiita's documented error body
# The placeholder itself: `mockapi import` leaves placeholders as they are, and no token was ever sent.
REDACTED = "<redacted>"

QIITA_INVENTED_NOTE = (
    "Invented by scripts/build-fixtures: request headers (authorization, always <redacted>; content-type), "
    "Rate-Limit %d / Rate-Remaining counting down from %d / Rate-Reset %d (2000-01-01T01:00:00Z)"
    % (QIITA_RATE_LIMIT, QIITA_RATE_LIMIT - 1, QIITA_RATE_RESET)
)


class QiitaRecording:
    """One cassette's interactions as nock definitions, and its source line."""

    def __init__(self, source):
        self.source = source
        self.definitions = []
        self.remaining = QIITA_RATE_LIMIT

    def add(self, method, path, status, body=None, query=None, request_body=None, extra_headers=()):
        request_headers = {"authorization": REDACTED}
        if request_body is not None:
            request_headers["content-type"] = "application/json"
        self.remaining -= 1
        headers = {}
        if body is not None:
            headers["content-type"] = QIITA_JSON
        headers.update(extra_headers)
        headers.update({"rate-limit": str(QIITA_RATE_LIMIT), "rate-remaining": str(self.remaining),
                        "rate-reset": str(QIITA_RATE_RESET)})
        self.definitions.append({
            "scope": QIITA_SCOPE, "method": method.lower(), "path": path + ("?" + query if query is not None else ""),
            "body": request_body if request_body is not None else "", "status": status,
            "response": body if body is not None else "", "reqheaders": request_headers, "headers": headers,
        })

    def nock_bytes(self):
        return (json.dumps(self.definitions, indent=2, ensure_ascii=False) + "\n").encode("utf-8")


def qiita_source(files, invented):
    return (
        "NOT recorded traffic: synthesised from the documented Qiita API v2 example bodies in %s@%s "
        "qiita/testdata/{%s} (MIT, see %s), statuses per Qiita's documented rules. %s; %s. No recordedAt."
        % (QIITA_REPO, QIITA_COMMIT, ",".join(files), QIITA_LICENSE_OUT, QIITA_INVENTED_NOTE, invented)
    )


def qiita_link(path, page, last):
    def url(n):
        return "<%s%s?page=%d&per_page=%d>" % (QIITA_UPSTREAM, path, n, QIITA_PER_PAGE)
    links = [url(1) + '; rel="first"']
    if page > 1:
        links.append(url(page - 1) + '; rel="prev"')
    if page < last:
        links.append(url(page + 1) + '; rel="next"')
    links.append(url(last) + '; rel="last"')
    return ", ".join(links)


def qiita_invented_item(item, item_id):
    """A copy of the documented item with only its id (and the url that contains it) replaced."""
    copy = json.loads(json.dumps(item))
    copy["id"] = item_id
    copy["url"] = copy["url"].replace(item["id"], item_id)
    return copy


def qiita_recordings(data):
    """{relative cassette path: (QiitaRecording, README provenance cell)} from DATA/qiita-examples."""
    folder = os.path.join(data, "qiita-examples")
    ex = {}
    for name in sorted(os.listdir(folder)):
        if name.endswith(".json"):
            with open(os.path.join(folder, name), encoding="utf-8") as f:
                ex[name[: -len(".json")]] = json.load(f)
    base = "`%s` @ `%s`, `qiita/testdata/` " % (QIITA_REPO, QIITA_COMMIT)

    def cell(files):
        return base + "(%s)" % ", ".join("`%s`" % f for f in files)

    # items.json: create -> list (3 pages) -> get -> update -> delete, one item's life.
    item = ex["get_item"]
    assert item["id"] == QIITA_ITEM_ID
    listed = ex["list_items"]
    assert len(listed) == QIITA_PER_PAGE and listed[0]["id"] == QIITA_ITEM_ID
    pages = [listed] + [[qiita_invented_item(listed[0], i)] for i in QIITA_INVENTED_ITEM_IDS]
    total = len(pages) * QIITA_PER_PAGE
    # Invented request bodies, using the values of the documented item so that request and answer agree.
    create_body = {
        "body": item["body"],
        "coediting": item["coediting"],
        "group_url_name": item["group"]["url_name"],
        "private": item["private"],
        "tags": item["tags"],
        "title": item["title"],
        "tweet": False,
    }
    update_body = {
        "body": ex["update_item"]["body"],
        "private": ex["update_item"]["private"],
        "tags": ex["update_item"]["tags"],
        "title": ex["update_item"]["title"],
    }
    items_files = ["get_item.json", "list_items.json", "update_item.json"]
    items = QiitaRecording(qiita_source(items_files, (
        "also invented: the POST and PATCH JSON request bodies (built from the documented item's values), "
        "the page 2 and 3 items (copies of the documented item with ids %s and the matching url), "
        "Total-Count %d and the Link URLs (per_page=%d); the POST 201 answers with get_item.json "
        "(testdata has no create example)" % ("/".join(QIITA_INVENTED_ITEM_IDS), total, QIITA_PER_PAGE))))
    items.add("POST", "/api/v2/items", 201, item, request_body=create_body)
    for number, page in enumerate(pages, start=1):
        items.add("GET", "/api/v2/items", 200, page,
                  query="page=%d&per_page=%d" % (number, QIITA_PER_PAGE),
                  extra_headers=[("link", qiita_link("/api/v2/items", number, len(pages))),
                                 ("total-count", str(total))])
    items.add("GET", "/api/v2/items/" + QIITA_ITEM_ID, 200, item)
    items.add("PATCH", "/api/v2/items/" + QIITA_ITEM_ID, 200, ex["update_item"], request_body=update_body)
    items.add("DELETE", "/api/v2/items/" + QIITA_ITEM_ID, 204)

    # users.json: the authenticated user, then the same user by id.
    users_files = ["get_authenticated_user.json", "get_user.json"]
    users = QiitaRecording(qiita_source(users_files, "bodies unchanged"))
    users.add("GET", "/api/v2/authenticated_user", 200, ex["get_authenticated_user"])
    users.add("GET", "/api/v2/users/" + ex["get_user"]["id"], 200, ex["get_user"])

    # tags.json: one tag.
    tags_files = ["get_tag.json"]
    tags = QiitaRecording(qiita_source(tags_files, "body unchanged"))
    tags.add("GET", "/api/v2/tags/" + ex["get_tag"]["id"], 200, ex["get_tag"])

    # errors.json: lookups of things that do not exist.
    errors = QiitaRecording(
        "NOT recorded traffic: synthesised from the Qiita API v2 documentation alone (no example file from %s "
        "is used): 404 with Qiita's documented error body {\"message\":\"Not found\",\"type\":\"not_found\"}. "
        "%s; also invented: the missing ids %s and %s. No recordedAt."
        % (QIITA_REPO, QIITA_INVENTED_NOTE, QIITA_MISSING_ITEM_ID, QIITA_MISSING_USER_ID))
    errors.add("GET", "/api/v2/items/" + QIITA_MISSING_ITEM_ID, 404, QIITA_NOT_FOUND)
    errors.add("GET", "/api/v2/users/" + QIITA_MISSING_USER_ID, 404, QIITA_NOT_FOUND)

    return {
        "qiita/items.json": (items, cell(items_files)),
        "qiita/users.json": (users, cell(users_files)),
        "qiita/tags.json": (tags, cell(tags_files)),
        "qiita/errors.json": (errors, "Qiita API v2 documentation (error format); no example file"),
    }
