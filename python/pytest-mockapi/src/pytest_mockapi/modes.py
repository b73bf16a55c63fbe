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
    accident; see is_ci), else the test's own (`record=` of its marker, once by default)."""
    if option:
        return parse_mode(option, "--mockapi-record")
    if environment.get(VARIABLE):
        return parse_mode(environment[VARIABLE], VARIABLE)
    if is_ci(environment):
        return "none"
    return parse_mode(requested or "once", "record")


def is_ci(environment):
    """Whether this is a CI run: `CI` set to anything but nothing, 0, false or no (in any case), as CI services set it
    (`CI=true`) and people turn it off (`CI=false`). The Swift trait reads it the same way."""
    value = environment.get("CI")
    return value is not None and value.strip().lower() not in ("", "0", "false", "no")
