"""Match rules, as the marker's keywords and as ini values: a request answered with a rule is unmatched without it."""

import json

import pytest

CASSETTE = {
    "mockapi": 1,
    "source": "Hand-made for pytest-mockapi's tests: a chat request as an older OpenAI-style SDK sent it (with n and a "
              "null previous_response_id), and a model list asked with a timestamp parameter and a tenant header.",
    "interactions": [
        {"request": {"method": "POST", "path": "/v1/chat", "headers": [["content-type", "application/json"]],
                     "body": {"json": {"model": "m", "n": 1, "previous_response_id": None,
                                       "messages": [{"role": "user", "content": "hi"}]}}},
         "response": {"status": 200, "headers": [["content-type", "application/json"]],
                      "body": {"json": {"id": "chat-1"}}}},
        {"request": {"method": "GET", "path": "/v1/models", "query": "ts=1700000000", "headers": [["x-tenant", "acme"]],
                     "body": None},
         "response": {"status": 200, "headers": [["content-type", "application/json"]],
                      "body": {"json": {"data": ["m"]}}}},
    ],
}

HEADER = '''
import pytest
import requests

def chat(base_url, body):
    answer = requests.post(f"{base_url}/v1/chat", json=body)
    answer.raise_for_status()
    assert answer.json() == {"id": "chat-1"}

def models(base_url, ts, tenant="acme"):
    answer = requests.get(f"{base_url}/v1/models", params={"ts": ts}, headers={"x-tenant": tenant})
    answer.raise_for_status()
    assert answer.json() == {"data": ["m"]}

NEW_SDK = {"model": "m", "messages": [{"role": "user", "content": "hi"}]}  # no n, no null member
'''


@pytest.fixture
def project(pytester, monkeypatch):
    """A project with the hand-made cassette Fixtures/llm/chat.json and no record mode or CI from outside."""
    for variable in ("CI", "MOCKAPI_RECORD", "MOCKAPI_REDACT_ENV"):
        monkeypatch.delenv(variable, raising=False)
    (pytester.path / "Fixtures" / "llm").mkdir(parents=True)
    (pytester.path / "Fixtures" / "llm" / "chat.json").write_text(json.dumps(CASSETTE, indent=2), encoding="utf-8")
    return pytester


def test_markerRules_answerTheNewSDKsBody_theSameTestWithoutThemFailsWithItsNearMiss(project):
    project.makepyfile(test_chat=HEADER + '''
@pytest.mark.mockapi("llm/chat", ignore_json_fields=["$.n"], null_matches_absent=True)
def test_with_rules(mockapi_cassette):
    chat(mockapi_cassette.base_url, NEW_SDK)

@pytest.mark.mockapi("llm/chat")
def test_without_rules(mockapi_cassette):
    chat(mockapi_cassette.base_url, NEW_SDK)
''')
    result = project.runpytest_subprocess("-p", "no:cacheprovider")
    result.assert_outcomes(passed=1, failed=1)
    result.stdout.fnmatch_lines([
        "*test_without_rules*",
        "*nearest: llm/chat[[]0] POST /v1/chat: body field $.n: absent (recorded 1); "
        "body field $.previous_response_id: absent (recorded null)*",
    ])
    assert "test_with_rules FAILED" not in result.stdout.str()


def test_iniRules_applyToEveryTest_andWithoutThemTheRequestsAreUnmatched(project):
    project.makepyfile(test_project=HEADER + '''
@pytest.mark.mockapi("llm/chat")
def test_chat(mockapi_cassette):
    chat(mockapi_cassette.base_url, {"model": "other", "messages": []})

@pytest.mark.mockapi("llm/chat")
def test_models(mockapi_cassette):
    models(mockapi_cassette.base_url, ts=1800000000)
''')
    project.makeini("[pytest]\nmockapi_ignore_body = true\nmockapi_ignore_query = ts\n")
    project.runpytest_subprocess("-p", "no:cacheprovider").assert_outcomes(passed=2)

    project.makeini("[pytest]\n")
    result = project.runpytest_subprocess("-p", "no:cacheprovider")
    result.assert_outcomes(failed=2)
    result.stdout.fnmatch_lines(["*nearest: llm/chat[[]1] GET /v1/models?ts=1700000000: "
                                 "query parameter ts: \"1800000000\" (recorded \"1700000000\")*"])


def test_markerRules_addToTheIniRules_aMatchedHeaderTellsTenantsApart(project):
    project.makepyfile(test_tenants=HEADER + '''
@pytest.mark.mockapi("llm/chat", match_headers="x-tenant")
def test_acme(mockapi_cassette):
    models(mockapi_cassette.base_url, ts=1800000000)

@pytest.mark.mockapi("llm/chat", match_headers="x-tenant")
def test_other_tenant(mockapi_cassette):
    models(mockapi_cassette.base_url, ts=1800000000, tenant="globex")
''')
    project.makeini("[pytest]\nmockapi_ignore_query = ts\n")
    result = project.runpytest_subprocess("-p", "no:cacheprovider")
    result.assert_outcomes(passed=1, failed=1)
    result.stdout.fnmatch_lines([
        "*test_other_tenant*",
        "*nearest: chat[[]1] GET /v1/models?ts=1700000000: header x-tenant: \"globex\" (recorded \"acme\")*",
    ])


def test_aRuleOfTheWrongTypeOrABadPath_failsTheTestNamingIt(project):
    project.makepyfile(test_bad=HEADER + '''
@pytest.mark.mockapi("llm/chat", ignore_body="yes")
def test_wrong_type(mockapi_cassette):
    pass

@pytest.mark.mockapi("llm/chat", ignore_json_fields=["n"])
def test_bad_path(mockapi_cassette):
    pass
''')
    result = project.runpytest_subprocess("-p", "no:cacheprovider")
    result.assert_outcomes(errors=2)
    result.stdout.fnmatch_lines_random([
        "*@pytest.mark.mockapi of test_bad.py::test_wrong_type: ignore_body='yes' is not True or False*",
        "*--ignore-json-field n: a JSON path starts with $*",
    ])


INTROSPECTION_CASSETTE = {
    "mockapi": 1,
    "source": "Hand-made for pytest-mockapi's tests: a schema introspection as one GraphQL client version wrote it.",
    "interactions": [
        {"request": {"method": "POST", "path": "/graphql", "headers": [["content-type", "application/json"]],
                     "body": {"json": {"query": "query IntrospectionQuery { __schema { queryType { name kind } "
                                                "types { name kind specifiedByURL } } }"}}},
         "response": {"status": 200, "headers": [["content-type", "application/json"]],
                      "body": {"json": {"data": {"__schema": {"queryType": {"name": "Query"}}}}}}},
    ],
}


def test_introspectionOfAnotherClientVersion_isAnswered_unlessTheMarkerSaysExact(project):
    (project.path / "Fixtures" / "gql").mkdir()
    (project.path / "Fixtures" / "gql" / "schema.json").write_text(json.dumps(INTROSPECTION_CASSETTE), encoding="utf-8")
    project.makepyfile(test_schema='''
import pytest
import requests

NEXT_VERSION = {"query": "query IntrospectionQuery { __schema { queryType { name } types { name kind } } }"}

@pytest.mark.mockapi("gql/schema")
def test_nearest(mockapi_cassette):
    answer = requests.post(f"{mockapi_cassette.base_url}/graphql", json=NEXT_VERSION)
    assert answer.json() == {"data": {"__schema": {"queryType": {"name": "Query"}}}}

@pytest.mark.mockapi("gql/schema", introspection="exact")
def test_exact(mockapi_cassette):
    requests.post(f"{mockapi_cassette.base_url}/graphql", json=NEXT_VERSION)
''')
    result = project.runpytest_subprocess("-p", "no:cacheprovider")
    result.assert_outcomes(passed=1, failed=1)
    result.stdout.fnmatch_lines(["*test_exact*", "*no recorded interaction matches: POST /graphql query IntrospectionQuery*"])
