"""Record modes, as the Swift trait has them: none, once, new, all."""

MODES = ("none", "once", "new", "all")
VARIABLE = "MOCKAPI_RECORD"


def parse_mode(text, where):
    """Reads none, once, new (also new_episodes) or all, in any case; raises ValueError naming `where` otherwise."""
    mode = text.strip().lower().replace("-", "_")
    if mode in ("new_episodes", "newepisodes"):
        mode = "new"
    if mode not in MODES:
        raise ValueError(f"mockapi: {where}={text} is not a record mode; use none, once, new or all")
    return mode


def resolve_mode(requested, option, environment):
    """The mode a test runs in: --mockapi-record, else MOCKAPI_RECORD, else none when CI is set (CI never records by
    accident), else the test's own (`record=` of its marker, once by default)."""
    if option:
        return parse_mode(option, "--mockapi-record")
    if environment.get(VARIABLE):
        return parse_mode(environment[VARIABLE], VARIABLE)
    if environment.get("CI"):
        return "none"
    return parse_mode(requested or "once", "record")
