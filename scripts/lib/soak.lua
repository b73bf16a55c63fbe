-- wrk script of scripts/soak: sends a mix of requests in turn and checks every answer against the one expected.
--
-- SOAK_MANIFEST names a file with one request per line, tab-separated:
--   kind  method  target  body-file  content-type  expected-status  expected-body-file
-- (an empty body file or content type means none). An answer counts as expected when its status and its whole body
-- are those of some request of the mix: wrk does not say which request an answer belongs to, and the bodies of the
-- mix differ. Anything else (another status, another body) counts as unexpected; the first one is kept as a sample.

local threads = {}

function setup(thread)
    table.insert(threads, thread)
end

local function slurp(path)
    if path == "" then return nil end
    local file = assert(io.open(path, "rb"))
    local data = file:read("*a")
    file:close()
    return data
end

local requests, kinds, expected = {}, {}, {}
local position = 0
kind_names = {}

function init(args)
    for line in io.lines(os.getenv("SOAK_MANIFEST")) do
        local kind, method, target, body_file, content_type, status, expected_file =
            line:match("^([^\t]*)\t([^\t]*)\t([^\t]*)\t([^\t]*)\t([^\t]*)\t([^\t]*)\t([^\t]*)$")
        local headers = {}
        if content_type ~= "" then headers["Content-Type"] = content_type end
        table.insert(requests, wrk.format(method, target, headers, slurp(body_file)))
        table.insert(kinds, kind)
        expected[status .. "\n" .. slurp(expected_file)] = kind
        if _G["sent_" .. kind] == nil then
            table.insert(kind_names, kind)
            _G["sent_" .. kind] = 0
            _G["ok_" .. kind] = 0
        end
    end
    unexpected = 0
    sample = ""
end

function request()
    position = position % #requests + 1
    local kind = kinds[position]
    _G["sent_" .. kind] = _G["sent_" .. kind] + 1
    return requests[position]
end

function response(status, headers, body)
    local kind = expected[status .. "\n" .. body]
    if kind then
        _G["ok_" .. kind] = _G["ok_" .. kind] + 1
    else
        unexpected = unexpected + 1
        if sample == "" then sample = status .. " " .. string.sub(body, 1, 200) end
    end
end

function done(summary, latency, _)
    local sent, ok = {}, {}
    local unexpected_total, first = 0, ""
    local names = {}
    for _, thread in ipairs(threads) do
        for _, kind in ipairs(thread:get("kind_names")) do
            if sent[kind] == nil then
                table.insert(names, kind)
                sent[kind], ok[kind] = 0, 0
            end
            sent[kind] = sent[kind] + thread:get("sent_" .. kind)
            ok[kind] = ok[kind] + thread:get("ok_" .. kind)
        end
        unexpected_total = unexpected_total + thread:get("unexpected")
        if first == "" then first = thread:get("sample") end
    end
    local errors = summary.errors
    io.write(string.format("soak-result requests %d seconds %.1f\n", summary.requests, summary.duration / 1e6))
    io.write(string.format("soak-result socket-errors connect %d read %d write %d timeout %d\n",
        errors.connect, errors.read, errors.write, errors.timeout))
    io.write(string.format("soak-result latency p50 %.2f p99 %.2f max %.2f\n",
        latency:percentile(50) / 1000, latency:percentile(99) / 1000, latency.max / 1000))
    for _, kind in ipairs(names) do
        io.write(string.format("soak-result kind %s sent %d expected %d\n", kind, sent[kind], ok[kind]))
    end
    io.write(string.format("soak-result unexpected %d\n", unexpected_total))
    if first ~= "" then io.write("soak-result sample " .. first:gsub("\n", " ") .. "\n") end
end
