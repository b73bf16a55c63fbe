"""Match rules, as `mockapi serve` takes them: given as keywords of the `mockapi` marker or as ini values, passed on
as serve's flags (which add to each cassette's own `match` object)."""

from .control import MockapiError

LIST, FLAG, CHOICE = "list", "flag", "choice"

# keyword: (serve's flag, what it takes: a list of values, True or False, or one of CHOICES[keyword])
RULES = {
    "ignore_body": ("--ignore-body", FLAG),
    "ignore_json_fields": ("--ignore-json-field", LIST),
    "null_matches_absent": ("--null-matches-absent", FLAG),
    "ignore_query": ("--ignore-query", LIST),
    "match_headers": ("--match-header", LIST),
    "introspection": ("--introspection", CHOICE),
}

# The values of a CHOICE keyword; the first is serve's default, so it adds nothing.
CHOICES = {"introspection": ["nearest", "exact"]}

INI_HELP = {
    "ignore_body": "do not compare request bodies (mockapi serve --ignore-body)",
    "ignore_json_fields": "JSON paths left out of body comparison, one a line ($.n, $.messages[*].tool_call_id, $..id)",
    "null_matches_absent": "a JSON member whose value is null matches one that is absent",
    "ignore_query": "query parameters left out of the comparison, by name",
    "match_headers": "request headers that must match too, by name",
    "introspection": "nearest (a GraphQL introspection query is answered by its endpoint's recorded introspection) "
                     "or exact (only by an exact match)",
}


def add_ini_options(parser):
    """`mockapi_ignore_body`, `mockapi_ignore_json_fields`, … : rules for every test of the project."""
    for keyword, (_, kind) in RULES.items():
        if kind == LIST:
            parser.addini("mockapi_" + keyword, INI_HELP[keyword], type="linelist", default=[])
        elif kind == FLAG:
            parser.addini("mockapi_" + keyword, INI_HELP[keyword], type="bool", default=False)
        else:
            parser.addini("mockapi_" + keyword, INI_HELP[keyword], type="string", default=CHOICES[keyword][0])


def from_ini(config):
    """The rules the project's ini file gives, as marker keywords; a CHOICE value that is none of its choices raises
    MockapiError naming the ini value."""
    rules = {keyword: config.getini("mockapi_" + keyword) for keyword in RULES}
    for keyword, choices in CHOICES.items():
        rules[keyword] = rules[keyword].strip()
        if rules[keyword] not in choices:
            raise MockapiError(f"mockapi: ini value mockapi_{keyword} = {rules[keyword]!r} is not one of "
                               + ", ".join(choices))
    return rules


def take_from_marker(arguments, where):
    """The rule keywords in a marker's arguments, removed from them; a value of the wrong type raises MockapiError
    naming `where`, the keyword and what it takes. A list keyword takes a string or a list of strings."""
    rules = {}
    for keyword, (_, kind) in RULES.items():
        if keyword not in arguments:
            continue
        value = arguments.pop(keyword)
        if kind == LIST:
            values = [value] if isinstance(value, str) else value
            if not isinstance(values, (list, tuple)) or not all(isinstance(item, str) for item in values):
                raise MockapiError(f"mockapi: {where}: {keyword}={value!r} is not a string or a list of strings")
            rules[keyword] = list(values)
        elif kind == CHOICE:
            if value not in CHOICES[keyword]:
                raise MockapiError(f"mockapi: {where}: {keyword}={value!r} is not one of "
                                   + ", ".join(repr(choice) for choice in CHOICES[keyword]))
            rules[keyword] = value
        else:
            if not isinstance(value, bool):
                raise MockapiError(f"mockapi: {where}: {keyword}={value!r} is not True or False")
            rules[keyword] = value
    return rules


def combined(*rule_sets):
    """Rules that add up, as mockapi combines them: a flag set anywhere is set, lists are joined without repeats, and
    of a choice the stricter (later in CHOICES) wins."""
    merged = {}
    for rules in rule_sets:
        for keyword, value in rules.items():
            kind = RULES[keyword][1]
            if kind == LIST:
                known = merged.get(keyword, [])
                merged[keyword] = known + [item for item in value if item not in known]
            elif kind == CHOICE:
                choices = CHOICES[keyword]
                merged[keyword] = max(merged.get(keyword, choices[0]), value, key=choices.index)
            else:
                merged[keyword] = merged.get(keyword, False) or value
    return merged


def serve_arguments(rules):
    """`mockapi serve`'s flags for `rules`: `--ignore-json-field $.n --null-matches-absent …`."""
    arguments = []
    for keyword, (flag, kind) in RULES.items():
        value = rules.get(keyword)
        if kind == LIST:
            arguments += [part for item in value or [] for part in (flag, item)]
        elif kind == CHOICE:
            if value and value != CHOICES[keyword][0]:
                arguments += [flag, value]
        elif value:
            arguments.append(flag)
    return arguments
