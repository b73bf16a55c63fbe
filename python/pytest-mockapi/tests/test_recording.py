"""The sample project's life: record once, replay with no upstream, re-record one test, CI, a changed request."""

import json
import os

from conftest import TOKEN


def cassette(pytester, name):
    with open(pytester.path / "Fixtures" / "sample" / f"{name}.json", encoding="utf-8") as file:
        return json.load(file)


def record_once(sample, stand_in, monkeypatch):
    monkeypatch.setenv("STAND_IN", stand_in.url)
    monkeypatch.setenv("API_TOKEN", TOKEN)
    monkeypatch.setenv("MOCKAPI_REDACT_ENV", "API_TOKEN")
    monkeypatch.setenv("MOCKAPI_RECORD", "once")
    result = sample.runpytest_subprocess("-p", "no:cacheprovider")
    result.assert_outcomes(passed=2)
    monkeypatch.delenv("MOCKAPI_RECORD")
    monkeypatch.delenv("API_TOKEN")


def answer_of(interaction):
    """The recorded answer's JSON document (stored as `json`, or as `text` when that keeps the bytes exact)."""
    body = interaction["response"]["body"]
    return body["json"] if "json" in body else json.loads(body["text"])


def files_holding(root, secret):
    found = []
    for folder, _, names in os.walk(root):
        for name in names:
            path = os.path.join(folder, name)
            with open(path, "rb") as file:
                if secret.encode() in file.read():
                    found.append(path)
    return found


def test_recordsOnce_replaysWithoutUpstream_reRecordsOneWithAll(sample, stand_in, monkeypatch):
    record_once(sample, stand_in, monkeypatch)
    assert stand_in.hits == 2
    recorded = cassette(sample, "requests-repo")["interactions"]
    assert [item["request"]["path"] for item in recorded] == ["/repos/hello"]
    assert answer_of(cassette(sample, "httpx-repo")["interactions"][0])["generation"] == 1

    stand_in.stop()
    monkeypatch.setenv("STAND_IN", "http://127.0.0.1:9")  # nothing listens there
    result = sample.runpytest_subprocess("-p", "no:cacheprovider")
    result.assert_outcomes(passed=2)

    again = type(stand_in)()
    try:
        again.generation = 2
        monkeypatch.setenv("STAND_IN", again.url)
        monkeypatch.setenv("API_TOKEN", TOKEN)
        result = sample.runpytest_subprocess("-p", "no:cacheprovider", "--mockapi-record", "all", "-k", "test_httpx")
        result.assert_outcomes(passed=1, deselected=1)
        assert again.hits == 1
    finally:
        again.stop()
    assert answer_of(cassette(sample, "httpx-repo")["interactions"][0])["generation"] == 2
    assert cassette(sample, "requests-repo")["interactions"] == recorded, "the other test's cassette is untouched"

    assert files_holding(sample.path, TOKEN) == []
    assert files_holding(str(sample.path) + "/../", TOKEN) == [], "nor in pytest's temporary folders"


def test_reRecordingAnUnchangedAPI_leavesTheCassetteBytes_andSaysSo(sample, stand_in, monkeypatch):
    record_once(sample, stand_in, monkeypatch)
    path = sample.path / "Fixtures" / "sample" / "httpx-repo.json"
    before = path.read_bytes()
    monkeypatch.setenv("STAND_IN", stand_in.url)
    monkeypatch.setenv("API_TOKEN", TOKEN)
    result = sample.runpytest_subprocess("-p", "no:cacheprovider", "--mockapi-record", "all", "-k", "test_httpx")
    result.assert_outcomes(passed=1, deselected=1)
    assert path.read_bytes() == before, "the answer did not change, so neither did the file (Date aside)"
    result.stdout.fnmatch_lines([
        "*mockapi re-recordings*",
        "mockapi: *httpx-repo.json: 1 answer unchanged in meaning, kept exactly as recorded before",
        "mockapi: *httpx-repo.json: changes: none (0 interactions changed, 0 added, 0 removed, 1 unchanged; 0 of 1 cassette changed)",
    ])


def test_ci_failsOnAMissingCassette_namingTheCommandThatRecordsIt(sample, stand_in, monkeypatch):
    monkeypatch.setenv("CI", "true")
    monkeypatch.setenv("STAND_IN", stand_in.url)
    result = sample.runpytest_subprocess("-p", "no:cacheprovider")
    result.assert_outcomes(errors=2)
    result.stdout.fnmatch_lines([
        "*no cassette sample/requests-repo (*Fixtures/sample/requests-repo.json), and the record mode is none (CI is set)*",
        "*MOCKAPI_RECORD=once pytest 'test_sample.py::test_requests'",
    ])
    assert stand_in.hits == 0
    assert not (sample.path / "Fixtures").exists()


def test_aChangedRequest_failsWithItsNearMiss_evenWhenTheClientSwallowsThe404(sample, stand_in, monkeypatch):
    record_once(sample, stand_in, monkeypatch)
    monkeypatch.setenv("REPO", "goodbye")
    monkeypatch.setenv("SWALLOW", "1")
    result = sample.runpytest_subprocess("-p", "no:cacheprovider")
    result.assert_outcomes(passed=1, failed=1)
    result.stdout.fnmatch_lines([
        "*1 request(s) matched no recording in cassette sample/requests-repo*",
        "*GET /repos/goodbye*",
        "*nearest: sample/requests-repo[[]0] GET /repos/hello: path: /repos/goodbye (recorded /repos/hello)*",
    ])


def test_aChangedRequest_thatRaises_showsTheNearMissAndTheError(sample, stand_in, monkeypatch):
    record_once(sample, stand_in, monkeypatch)
    monkeypatch.setenv("REPO", "goodbye")
    result = sample.runpytest_subprocess("-p", "no:cacheprovider", "-k", "test_requests")
    result.assert_outcomes(failed=1, deselected=1)
    result.stdout.fnmatch_lines(["*nearest: sample/requests-repo[[]0] GET /repos/hello*",
                                 "*(and then the test raised HTTPError at test_sample.py:*: 404*"])


def failure_section(result, test):
    """The lines pytest shows for one failed test: from its `___ test ___` header to the next header or summary."""
    lines = result.outlines
    start = next(index for index, line in enumerate(lines) if line.strip("_ ") == test)
    end = next((index for index in range(start + 1, len(lines))
                if lines[index].startswith("___") or lines[index].startswith("===")), len(lines))
    return lines[start + 1:end]


def test_aNearMiss_failsOnce_readably_withTheCommandThatRecordsItAfresh(sample, stand_in, monkeypatch):
    record_once(sample, stand_in, monkeypatch)
    monkeypatch.setenv("REPO", "goodbye")
    result = sample.runpytest_subprocess("-p", "no:cacheprovider", "-k", "test_requests")
    result.assert_outcomes(failed=1, deselected=1)
    section = failure_section(result, "test_requests")
    text = "\n".join(section)
    assert "During handling of the above exception" not in result.stdout.str()
    assert "The above exception was the direct cause" not in result.stdout.str()
    assert len([line for line in section if line.strip()]) <= 15, text
    assert text.count("GET /repos/goodbye") == 1, text
    assert "test_sample.py:" in section[0], "the failure starts at the test's place"
    assert "pytest 'test_sample.py::test_requests' --mockapi-record=all" in text
    assert "MOCKAPI_RECORD=new" not in text and "--mockapi-record=new" not in text


OTHER_REQUEST = """
import requests, pytest

@pytest.mark.mockapi("sample/requests-repo")
def test_other(mockapi_cassette):
    requests.delete(mockapi_cassette.base_url + "/somewhere/else/entirely", data=b"x" * 3000)
"""


def test_aRequestWithNothingNear_suggestsAddingIt(sample, stand_in, monkeypatch):
    record_once(sample, stand_in, monkeypatch)
    sample.makepyfile(test_other=OTHER_REQUEST)
    result = sample.runpytest_subprocess("-p", "no:cacheprovider", "test_other.py")
    result.assert_outcomes(failed=1)
    text = "\n".join(failure_section(result, "test_other"))
    assert "pytest 'test_other.py::test_other' --mockapi-record=new" in text, text
    assert "--mockapi-record=all" not in text


def test_CIfalse_isNotCI_andRecords(sample, stand_in, monkeypatch):
    monkeypatch.setenv("CI", "false")
    monkeypatch.setenv("STAND_IN", stand_in.url)
    monkeypatch.setenv("API_TOKEN", TOKEN)
    monkeypatch.setenv("MOCKAPI_REDACT_ENV", "API_TOKEN")
    result = sample.runpytest_subprocess("-p", "no:cacheprovider")
    result.assert_outcomes(passed=2)
    assert stand_in.hits == 2
    assert (sample.path / "Fixtures" / "sample" / "requests-repo.json").exists()


def test_oneTruncatedCassette_failsOnlyItsTest_withTheFileLineAndColumn(sample, stand_in, monkeypatch):
    record_once(sample, stand_in, monkeypatch)
    broken = sample.path / "Fixtures" / "sample" / "httpx-repo.json"
    text = broken.read_text(encoding="utf-8")
    broken.write_text(text[: len(text) // 2], encoding="utf-8")
    result = sample.runpytest_subprocess("-p", "no:cacheprovider")
    result.assert_outcomes(passed=1, failed=1)
    result.stdout.fnmatch_lines([f"*cannot replay {broken}*line *, column *"])
    result = sample.runpytest_subprocess("-p", "no:cacheprovider", "-k", "test_requests")
    result.assert_outcomes(passed=1, deselected=1)


UNNAMED_UPSTREAM = """
import os, requests, pytest

@pytest.mark.mockapi("sample/ini-repo")
def test_ini(mockapi_cassette):
    headers = {"Authorization": "Bearer " + os.environ["API_TOKEN"]}
    assert requests.get(mockapi_cassette.base_url + "/repos/ini", headers=headers).json()["name"] == "ini"
"""


def test_theIniNamesTheUpstream_byFolder_andTheOptionOverridesItsDefault(pytester, stand_in, monkeypatch):
    for variable in ("CI", "MOCKAPI_RECORD"):
        monkeypatch.delenv(variable, raising=False)
    monkeypatch.setenv("API_TOKEN", TOKEN)
    monkeypatch.setenv("MOCKAPI_REDACT_ENV", "API_TOKEN")
    pytester.makepyfile(test_ini=UNNAMED_UPSTREAM)
    pytester.makeini(f"[pytest]\nmockapi_upstream =\n    http://127.0.0.1:9\n    sample/ = {stand_in.url}\n")
    result = pytester.runpytest_subprocess("-p", "no:cacheprovider")
    result.assert_outcomes(passed=1)
    assert stand_in.hits == 1, "recorded from the folder's upstream"

    pytester.makeini("[pytest]\nmockapi_upstream = http://127.0.0.1:9\n")
    result = pytester.runpytest_subprocess("-p", "no:cacheprovider", "--mockapi-record", "all",
                                           "--mockapi-upstream", stand_in.url)
    result.assert_outcomes(passed=1)
    assert stand_in.hits == 2, "recorded from --mockapi-upstream"


def test_newMode_recordsWhatIsMissing_andKeepsWhatIsRecorded(sample, stand_in, monkeypatch):
    record_once(sample, stand_in, monkeypatch)
    monkeypatch.setenv("REPO", "again")
    monkeypatch.setenv("API_TOKEN", TOKEN)
    monkeypatch.setenv("MOCKAPI_RECORD", "new")
    result = sample.runpytest_subprocess("-p", "no:cacheprovider", "-k", "test_requests")
    result.assert_outcomes(passed=1, deselected=1)
    paths = [item["request"]["path"] for item in cassette(sample, "requests-repo")["interactions"]]
    assert paths == ["/repos/hello", "/repos/again"]
    assert stand_in.hits == 3
    assert files_holding(sample.path, TOKEN) == []


def test_strict_failsOnUnusedRecordings(sample, stand_in, monkeypatch):
    record_once(sample, stand_in, monkeypatch)
    sample.makepyfile(test_strict='''
import requests, pytest

@pytest.mark.mockapi("sample/requests-repo", strict=True)
def test_strict(mockapi_cassette):
    pass
''')
    result = sample.runpytest_subprocess("-p", "no:cacheprovider", "test_strict.py")
    result.assert_outcomes(failed=1)
    result.stdout.fnmatch_lines(["*strict: 1 recording(s) of sample/requests-repo were not used:*",
                                 "*sample/requests-repo[[]0] GET /repos/hello*"])


def test_xdist_oneServerPerWorker(sample, stand_in, monkeypatch):
    record_once(sample, stand_in, monkeypatch)
    stand_in.stop()
    result = sample.runpytest_subprocess("-p", "no:cacheprovider", "-n", "2")
    result.assert_outcomes(passed=2)


def test_aTestWithoutAMarker_isNamedAfterItsModuleAndFunction(pytester, monkeypatch):
    monkeypatch.setenv("CI", "1")
    monkeypatch.delenv("MOCKAPI_RECORD", raising=False)
    pytester.makepyfile(test_unnamed='''
def test_listing(mockapi_cassette):
    pass
''')
    result = pytester.runpytest_subprocess("-p", "no:cacheprovider")
    result.assert_outcomes(errors=1)
    result.stdout.fnmatch_lines(["*no cassette test_unnamed/test_listing (*Fixtures/test_unnamed/test_listing.json)*"])


def test_theFixturesFolder_isTheOptionsFolder(sample, stand_in, monkeypatch):
    monkeypatch.setenv("STAND_IN", stand_in.url)
    monkeypatch.setenv("API_TOKEN", TOKEN)
    result = sample.runpytest_subprocess("-p", "no:cacheprovider", "--mockapi-fixtures", "cassettes", "-k", "test_httpx")
    result.assert_outcomes(passed=1, deselected=1)
    assert (sample.path / "cassettes" / "sample" / "httpx-repo.json").exists()
    assert not (sample.path / "Fixtures").exists()


def test_all_keepsTheOldCassette_whenTheTestFails(sample, stand_in, monkeypatch):
    record_once(sample, stand_in, monkeypatch)
    stand_in.generation = 2
    monkeypatch.setenv("API_TOKEN", TOKEN)
    monkeypatch.setenv("FAIL", "1")
    result = sample.runpytest_subprocess("-p", "no:cacheprovider", "--mockapi-record", "all", "-k", "test_httpx")
    result.assert_outcomes(failed=1, deselected=1)
    assert stand_in.hits == 3, "it did record"
    assert answer_of(cassette(sample, "httpx-repo")["interactions"][0])["generation"] == 1, "but kept the old cassette"
