"""Match rules, as `mockapi serve` takes them: given as keywords of the `mockapi` marker or as ini values, passed on
as serve's flags (which add to each cassette's own `match` object)."""

from .control import MockapiError

# keyword: (serve's flag, whether it takes a list of values)
RULES = {
    "ignore_body": ("--ignore-body", False),
    "ignore_json_fields": ("--ignore-json-field", True),
    "null_matches_absent": ("--null-matches-absent", False),
    "ignore_query": ("--ignore-query", True),
    "match_headers": ("--match-header", True),
}

INI_HELP = {
    "ignore_body": "do not compare request bodies (mockapi serve --ignore-body)",
    "ignore_json_fields": "JSON paths left out of body comparison, one a line ($.n, $.messages[*].tool_call_id, $..id)",
    "null_matches_absent": "a JSON member whose value is null matches one that is absent",
    "ignore_query": "query parameters left out of the comparison, by name",
    "match_headers": "request headers that must match too, by name",
}


def add_ini_options(parser):
    """`mockapi_ignore_body`, `mockapi_ignore_json_fields`, … : rules for every test of the project."""
    for keyword, (_, listed) in RULES.items():
        parser.addini("mockapi_" + keyword, INI_HELP[keyword], type="linelist" if listed else "bool",
                      default=[] if listed else False)


def from_ini(config):
    """The rules the project's ini file gives, as marker keywords."""
    return {keyword: config.getini("mockapi_" + keyword) for keyword in RULES}


def take_from_marker(arguments, where):
    """The rule keywords in a marker's arguments, removed from them; a value of the wrong type raises MockapiError
    naming `where`, the keyword and what it takes. A list keyword takes a string or a list of strings."""
    rules = {}
    for keyword, (_, listed) in RULES.items():
        if keyword not in arguments:
            continue
        value = arguments.pop(keyword)
        if listed:
            values = [value] if isinstance(value, str) else value
            if not isinstance(values, (list, tuple)) or not all(isinstance(item, str) for item in values):
                raise MockapiError(f"mockapi: {where}: {keyword}={value!r} is not a string or a list of strings")
            rules[keyword] = list(values)
        else:
            if not isinstance(value, bool):
                raise MockapiError(f"mockapi: {where}: {keyword}={value!r} is not True or False")
            rules[keyword] = value
    return rules


def combined(*rule_sets):
    """Rules that add up, as mockapi combines them: a flag set anywhere is set, lists are joined without repeats."""
    merged = {}
    for rules in rule_sets:
        for keyword, value in rules.items():
            if RULES[keyword][1]:
                known = merged.get(keyword, [])
                merged[keyword] = known + [item for item in value if item not in known]
            else:
                merged[keyword] = merged.get(keyword, False) or value
    return merged


def serve_arguments(rules):
    """`mockapi serve`'s flags for `rules`: `--ignore-json-field $.n --null-matches-absent …`."""
    arguments = []
    for keyword, (flag, listed) in RULES.items():
        value = rules.get(keyword)
        if listed:
            arguments += [part for item in value or [] for part in (flag, item)]
        elif value:
            arguments.append(flag)
    return arguments
