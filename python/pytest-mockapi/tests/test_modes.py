import pytest

from pytest_mockapi.modes import resolve_mode


@pytest.mark.parametrize("requested, option, environment, expected", [
    (None, None, {}, "once"),
    ("all", None, {}, "all"),
    ("once", None, {"CI": "true"}, "none"),
    ("once", None, {"CI": "true", "MOCKAPI_RECORD": "new_episodes"}, "new"),
    ("once", "ALL", {"MOCKAPI_RECORD": "none"}, "all"),
    # CI turned off is not CI; anything else a CI service sets is.
    ("once", None, {"CI": "false"}, "once"),
    ("all", None, {"CI": "FALSE"}, "all"),
    ("once", None, {"CI": "0"}, "once"),
    ("once", None, {"CI": "no"}, "once"),
    ("once", None, {"CI": ""}, "once"),
    ("once", None, {"CI": "1"}, "none"),
    ("once", None, {"CI": "yes"}, "none"),
])
def test_resolve(requested, option, environment, expected):
    assert resolve_mode(requested, option, environment) == expected


def test_aWordThatIsNoMode_isNamed():
    with pytest.raises(ValueError, match="MOCKAPI_RECORD=sometimes is not a record mode"):
        resolve_mode(None, None, {"MOCKAPI_RECORD": "sometimes"})
