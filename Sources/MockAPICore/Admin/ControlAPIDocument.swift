// Written by scripts/docs-openapi from docs/control-api.openapi.json; edit that file, then run the script.

/// The control API's OpenAPI document, served at `GET /__mockapi/openapi.json`.
enum ControlAPIDocument {
    static let prepared = PreparedResponse(HTTPResponse(
        status: 200,
        headers: [("Content-Type", "application/json; charset=utf-8"), ("Cache-Control", "no-store")],
        body: Array((text + "\n").utf8)))

    /// docs/control-api.openapi.json without its last newline.
    static let text = ##"""
{
  "openapi": "3.1.0",
  "info": {
    "title": "mockapi control API",
    "version": "1",
    "description": "The endpoints under /__mockapi/ of `mockapi serve` and `mockapi record`: health, the journal of requests, unmatched requests with their near misses, unused recordings, reset and reload. Every JSON answer is an object whose `apiVersion` is this document's info.version; it changes only when a shape changes incompatibly (members may be added). The journal, unmatched, health and reset answers carry `next`: pass it as `since` to see only what came after. Bad input gets a 4xx answer with `{\"apiVersion\": 1, \"error\": \"mockapi: …\"}`, never a 5xx. The endpoints answer clients on 127.0.0.1; other machines need `--admin-token` and its header. See docs/control-api.md."
  },
  "servers": [
    {
      "url": "http://127.0.0.1:8080",
      "description": "a local `mockapi serve` (any port; `--port 0 --ready-file` names it)"
    }
  ],
  "paths": {
    "/__mockapi/": {
      "get": {
        "operationId": "page",
        "summary": "A page for people: cassettes, the live journal, near-miss diffs",
        "responses": {
          "200": {
            "description": "One self-contained HTML document.",
            "content": {
              "text/html": {
                "schema": {
                  "type": "string"
                }
              }
            }
          },
          "403": {
            "$ref": "#/components/responses/Error403"
          },
          "405": {
            "$ref": "#/components/responses/Error405"
          }
        }
      }
    },
    "/__mockapi/health": {
      "get": {
        "operationId": "health",
        "summary": "Whether the server answers, its mode, and the journal cursor",
        "responses": {
          "200": {
            "description": "The server answers.",
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/Health"
                }
              }
            }
          },
          "403": {
            "$ref": "#/components/responses/Error403"
          },
          "405": {
            "$ref": "#/components/responses/Error405"
          }
        }
      }
    },
    "/__mockapi/openapi.json": {
      "get": {
        "operationId": "openapi",
        "summary": "This document",
        "responses": {
          "200": {
            "description": "The OpenAPI document.",
            "content": {
              "application/json": {
                "schema": {
                  "type": "object"
                }
              }
            }
          },
          "403": {
            "$ref": "#/components/responses/Error403"
          },
          "405": {
            "$ref": "#/components/responses/Error405"
          }
        }
      }
    },
    "/__mockapi/journal": {
      "get": {
        "operationId": "journal",
        "summary": "Counts, and the kept requests with what happened to each",
        "description": "Without `since`, the newest `limit` kept entries; with it, the oldest `limit` after it, so a reader pages forward with `next` and skips none. The journal keeps the most recent --journal-size entries; counts are exact.",
        "parameters": [
          {
            "$ref": "#/components/parameters/since"
          },
          {
            "$ref": "#/components/parameters/after"
          },
          {
            "$ref": "#/components/parameters/cassette"
          },
          {
            "$ref": "#/components/parameters/outcome"
          },
          {
            "$ref": "#/components/parameters/limit"
          }
        ],
        "responses": {
          "200": {
            "description": "Kept requests, oldest first.",
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/Journal"
                }
              }
            }
          },
          "400": {
            "$ref": "#/components/responses/Error400"
          },
          "403": {
            "$ref": "#/components/responses/Error403"
          },
          "404": {
            "$ref": "#/components/responses/Error404"
          },
          "405": {
            "$ref": "#/components/responses/Error405"
          }
        }
      }
    },
    "/__mockapi/unmatched": {
      "get": {
        "operationId": "unmatched",
        "summary": "Requests that matched no recording, each with its near misses",
        "description": "Replay only. A test takes `next` (from health, reset or an earlier call) before it runs and asks with `since` after it, to see only its own misses.",
        "parameters": [
          {
            "$ref": "#/components/parameters/since"
          },
          {
            "$ref": "#/components/parameters/cassette"
          }
        ],
        "responses": {
          "200": {
            "description": "Unmatched requests (after `since`), oldest first.",
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/Unmatched"
                }
              }
            }
          },
          "400": {
            "$ref": "#/components/responses/Error400"
          },
          "403": {
            "$ref": "#/components/responses/Error403"
          },
          "404": {
            "$ref": "#/components/responses/Error404"
          },
          "405": {
            "$ref": "#/components/responses/Error405"
          }
        }
      }
    },
    "/__mockapi/unused": {
      "get": {
        "operationId": "unused",
        "summary": "Recorded interactions no request used",
        "description": "Replay only.",
        "parameters": [
          {
            "$ref": "#/components/parameters/cassette"
          }
        ],
        "responses": {
          "200": {
            "description": "Unused interactions, in load order.",
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/Unused"
                }
              }
            }
          },
          "403": {
            "$ref": "#/components/responses/Error403"
          },
          "404": {
            "$ref": "#/components/responses/Error404"
          },
          "405": {
            "$ref": "#/components/responses/Error405"
          }
        }
      }
    },
    "/__mockapi/cassettes": {
      "get": {
        "operationId": "cassettes",
        "summary": "The loaded cassettes, with their scoped base URLs",
        "description": "Replay only.",
        "responses": {
          "200": {
            "description": "Each loaded cassette.",
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/Cassettes"
                }
              }
            }
          },
          "403": {
            "$ref": "#/components/responses/Error403"
          },
          "404": {
            "$ref": "#/components/responses/Error404"
          },
          "405": {
            "$ref": "#/components/responses/Error405"
          }
        }
      }
    },
    "/__mockapi/reset": {
      "post": {
        "operationId": "reset",
        "summary": "Start clean: forget journal entries, unmatched entries, replay positions",
        "description": "Replay only. Scopes come from the query (`scope=journal,positions`) or the body; none named means all three. With a cassette, only the entries that concern it (its scoped URL, or answered from it) and its queues; without, everything.",
        "parameters": [
          {
            "$ref": "#/components/parameters/cassette"
          },
          {
            "$ref": "#/components/parameters/scope"
          }
        ],
        "requestBody": {
          "required": false,
          "content": {
            "application/json": {
              "schema": {
                "$ref": "#/components/schemas/ResetBody"
              }
            }
          }
        },
        "responses": {
          "200": {
            "description": "What was reset, and the cursor after it.",
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/Reset"
                }
              }
            }
          },
          "400": {
            "$ref": "#/components/responses/Error400"
          },
          "403": {
            "$ref": "#/components/responses/Error403"
          },
          "404": {
            "$ref": "#/components/responses/Error404"
          },
          "405": {
            "$ref": "#/components/responses/Error405"
          }
        }
      }
    },
    "/__mockapi/reload": {
      "post": {
        "operationId": "reload",
        "summary": "Read changed cassette files again",
        "description": "Replay only.",
        "responses": {
          "200": {
            "description": "What changed.",
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/Reload"
                }
              }
            }
          },
          "422": {
            "description": "A file could not be loaded; its previous version is kept.",
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/Reload"
                }
              }
            }
          },
          "403": {
            "$ref": "#/components/responses/Error403"
          },
          "404": {
            "$ref": "#/components/responses/Error404"
          },
          "405": {
            "$ref": "#/components/responses/Error405"
          }
        }
      }
    }
  },
  "components": {
    "parameters": {
      "since": {
        "name": "since",
        "in": "query",
        "required": false,
        "schema": {
          "type": "integer",
          "minimum": 0,
          "maximum": 9223372036854775807
        },
        "description": "Only entries after this sequence number: the `next` of an earlier answer."
      },
      "after": {
        "name": "after",
        "in": "query",
        "required": false,
        "deprecated": true,
        "schema": {
          "type": "integer",
          "minimum": 0,
          "maximum": 9223372036854775807
        },
        "description": "The old name of `since`."
      },
      "limit": {
        "name": "limit",
        "in": "query",
        "required": false,
        "schema": {
          "type": "integer",
          "minimum": 0,
          "maximum": 9223372036854775807
        },
        "description": "At most this many entries."
      },
      "cassette": {
        "name": "cassette",
        "in": "query",
        "required": false,
        "schema": {
          "type": "string"
        },
        "description": "A loaded cassette's name (`github/issues`); one that is not loaded gets 404."
      },
      "outcome": {
        "name": "outcome",
        "in": "query",
        "required": false,
        "schema": {
          "$ref": "#/components/schemas/Outcome"
        }
      },
      "scope": {
        "name": "scope",
        "in": "query",
        "required": false,
        "style": "form",
        "explode": false,
        "schema": {
          "type": "array",
          "items": {
            "$ref": "#/components/schemas/ResetScope"
          },
          "minItems": 1
        },
        "description": "What to reset, comma-separated; all three when the parameter is absent (an empty value is refused)."
      }
    },
    "responses": {
      "Error400": {
        "description": "Bad input.",
        "content": {
          "application/json": {
            "schema": {
              "$ref": "#/components/schemas/Error"
            }
          }
        }
      },
      "Error403": {
        "description": "Not a client on this machine, and no admin token.",
        "content": {
          "application/json": {
            "schema": {
              "$ref": "#/components/schemas/Error"
            }
          }
        }
      },
      "Error404": {
        "description": "No such cassette or endpoint, or an endpoint of the other mode.",
        "content": {
          "application/json": {
            "schema": {
              "$ref": "#/components/schemas/Error"
            }
          }
        }
      },
      "Error405": {
        "description": "Wrong method.",
        "content": {
          "application/json": {
            "schema": {
              "$ref": "#/components/schemas/Error"
            }
          }
        }
      }
    },
    "schemas": {
      "Error": {
        "type": "object",
        "required": [
          "apiVersion",
          "error"
        ],
        "properties": {
          "apiVersion": {
            "const": 1
          },
          "error": {
            "type": "string",
            "description": "`mockapi: ` and what is wrong, naming the parameter."
          }
        }
      },
      "Outcome": {
        "type": "string",
        "enum": [
          "matched",
          "unmatched",
          "recorded",
          "admin",
          "failed",
          "fault"
        ]
      },
      "ResetScope": {
        "type": "string",
        "enum": [
          "journal",
          "unmatched",
          "positions"
        ]
      },
      "ResetBody": {
        "type": "object",
        "properties": {
          "scopes": {
            "type": "array",
            "items": {
              "$ref": "#/components/schemas/ResetScope"
            }
          },
          "cassette": {
            "type": "string"
          }
        }
      },
      "Counts": {
        "type": "object",
        "required": [
          "requests",
          "matched",
          "unmatched",
          "recorded",
          "failed",
          "faults",
          "admin"
        ],
        "properties": {
          "requests": {
            "type": "integer",
            "minimum": 0
          },
          "matched": {
            "type": "integer",
            "minimum": 0
          },
          "unmatched": {
            "type": "integer",
            "minimum": 0
          },
          "recorded": {
            "type": "integer",
            "minimum": 0
          },
          "failed": {
            "type": "integer",
            "minimum": 0
          },
          "faults": {
            "type": "integer",
            "minimum": 0
          },
          "admin": {
            "type": "integer",
            "minimum": 0
          }
        }
      },
      "NearMiss": {
        "type": "object",
        "required": [
          "cassette",
          "index",
          "request",
          "differences"
        ],
        "properties": {
          "cassette": {
            "type": "string"
          },
          "index": {
            "type": "integer",
            "minimum": 0
          },
          "request": {
            "type": "string",
            "description": "`GET /path?query` as recorded"
          },
          "differences": {
            "type": "array",
            "items": {
              "type": "string"
            }
          }
        }
      },
      "UnmatchedReport": {
        "type": "object",
        "required": [
          "error",
          "request",
          "nearest"
        ],
        "properties": {
          "error": {
            "type": "string",
            "description": "why, with the request line"
          },
          "request": {
            "type": "object",
            "required": [
              "method",
              "path"
            ],
            "properties": {
              "method": {
                "type": "string"
              },
              "path": {
                "type": "string"
              },
              "query": {
                "type": "string"
              },
              "operation": {
                "type": "string"
              }
            }
          },
          "nearest": {
            "type": "array",
            "items": {
              "$ref": "#/components/schemas/NearMiss"
            }
          },
          "matchRules": {
            "type": "array",
            "description": "the match rules in force (ignore body, ignore json $.n, null matches absent, ignore query ts, match header x-tenant); absent when everything was compared",
            "items": {
              "type": "string"
            }
          }
        }
      },
      "JournalEntry": {
        "type": "object",
        "required": [
          "sequence",
          "time",
          "method",
          "path",
          "status",
          "outcome"
        ],
        "properties": {
          "sequence": {
            "type": "integer",
            "minimum": 1
          },
          "time": {
            "type": "string",
            "format": "date-time"
          },
          "method": {
            "type": "string"
          },
          "path": {
            "type": "string"
          },
          "query": {
            "type": "string"
          },
          "operation": {
            "type": "string",
            "description": "for a GraphQL request, the operation it asked for: `query RepoStars`, `mutation`"
          },
          "scope": {
            "type": "string",
            "description": "the cassette named by a scoped base URL"
          },
          "status": {
            "type": "integer",
            "minimum": 0
          },
          "outcome": {
            "$ref": "#/components/schemas/Outcome"
          },
          "cassette": {
            "type": "string"
          },
          "index": {
            "type": "integer",
            "minimum": 0
          },
          "unmatched": {
            "$ref": "#/components/schemas/UnmatchedReport"
          },
          "error": {
            "type": "string"
          },
          "fault": {
            "type": "string"
          },
          "headersNotSent": {
            "type": "array",
            "items": {
              "type": "string"
            }
          },
          "stream": {
            "type": "object",
            "description": "for a streamed answer: its chunks and duration, and whether the client went away before its end",
            "required": [
              "chunks",
              "durationMs"
            ],
            "properties": {
              "chunks": {
                "type": "integer",
                "minimum": 0
              },
              "durationMs": {
                "type": "integer",
                "minimum": 0
              },
              "clientWentAway": {
                "type": "object",
                "required": [
                  "afterChunks",
                  "atMs"
                ],
                "properties": {
                  "afterChunks": {
                    "type": "integer",
                    "minimum": 0
                  },
                  "atMs": {
                    "type": "integer",
                    "minimum": 0,
                    "description": "when the server found the client gone (at its next write), in ms after the head"
                  }
                },
                "additionalProperties": false
              }
            },
            "additionalProperties": false
          }
        },
        "additionalProperties": false
      },
      "Health": {
        "type": "object",
        "required": [
          "apiVersion",
          "status",
          "mode",
          "next"
        ],
        "properties": {
          "apiVersion": {
            "const": 1
          },
          "status": {
            "const": "ok"
          },
          "mode": {
            "type": "string",
            "enum": [
              "replay",
              "record"
            ]
          },
          "cassettes": {
            "type": "integer",
            "minimum": 0
          },
          "interactions": {
            "type": "integer",
            "minimum": 0
          },
          "strict": {
            "type": "boolean"
          },
          "cassette": {
            "type": "string"
          },
          "recorded": {
            "type": "integer",
            "minimum": 0
          },
          "upstreams": {
            "type": "array",
            "items": {
              "type": "string"
            }
          },
          "writer": {
            "type": "object",
            "description": "Recording (record, serve --record-missing): the cassette writer's thread, read without waiting for its disk work.",
            "required": [
              "queued",
              "lastSyncMs"
            ],
            "properties": {
              "queued": {
                "type": "integer",
                "minimum": 0,
                "description": "Interactions waiting for the writer to take them into its next synced write."
              },
              "lastSyncMs": {
                "type": "number",
                "minimum": 0,
                "description": "How long the last write-ahead log write and its sync took, in milliseconds."
              },
              "stopped": {
                "type": "string",
                "description": "Why the writer no longer acknowledges (every recorded request is answered 502 with X-Mockapi-Error: write-failed)."
              },
              "lastFailure": {
                "type": "string",
                "description": "The last write that failed, and why."
              }
            },
            "additionalProperties": false
          },
          "next": {
            "type": "integer",
            "minimum": 0
          }
        }
      },
      "Journal": {
        "type": "object",
        "required": [
          "apiVersion",
          "counts",
          "dropped",
          "requests",
          "next"
        ],
        "properties": {
          "apiVersion": {
            "const": 1
          },
          "counts": {
            "$ref": "#/components/schemas/Counts"
          },
          "dropped": {
            "type": "integer",
            "minimum": 0
          },
          "requests": {
            "type": "array",
            "items": {
              "$ref": "#/components/schemas/JournalEntry"
            }
          },
          "next": {
            "type": "integer",
            "minimum": 0
          }
        }
      },
      "Unmatched": {
        "type": "object",
        "required": [
          "apiVersion",
          "count",
          "requests",
          "next"
        ],
        "properties": {
          "apiVersion": {
            "const": 1
          },
          "count": {
            "type": "integer",
            "minimum": 0
          },
          "requests": {
            "type": "array",
            "items": {
              "allOf": [
                {
                  "$ref": "#/components/schemas/JournalEntry"
                },
                {
                  "type": "object",
                  "required": [
                    "unmatched"
                  ]
                }
              ]
            }
          },
          "next": {
            "type": "integer",
            "minimum": 0
          }
        }
      },
      "Unused": {
        "type": "object",
        "required": [
          "apiVersion",
          "count",
          "interactions"
        ],
        "properties": {
          "apiVersion": {
            "const": 1
          },
          "count": {
            "type": "integer",
            "minimum": 0
          },
          "interactions": {
            "type": "array",
            "items": {
              "type": "object",
              "required": [
                "cassette",
                "index",
                "request"
              ],
              "properties": {
                "cassette": {
                  "type": "string"
                },
                "index": {
                  "type": "integer",
                  "minimum": 0
                },
                "request": {
                  "type": "string"
                }
              }
            }
          }
        }
      },
      "Cassettes": {
        "type": "object",
        "required": [
          "apiVersion",
          "baseURL",
          "cassettes",
          "unloadable",
          "conditions"
        ],
        "properties": {
          "apiVersion": {
            "const": 1
          },
          "baseURL": {
            "type": "string"
          },
          "cassettes": {
            "type": "array",
            "items": {
              "type": "object",
              "required": [
                "name",
                "file",
                "interactions",
                "used",
                "baseURL"
              ],
              "properties": {
                "name": {
                  "type": "string"
                },
                "file": {
                  "type": "string"
                },
                "interactions": {
                  "type": "integer",
                  "minimum": 0
                },
                "used": {
                  "type": "integer",
                  "minimum": 0
                },
                "baseURL": {
                  "type": "string",
                  "description": "the server's URL, /@ and the name"
                }
              }
            }
          },
          "unloadable": {
            "type": "array",
            "description": "cassette files that did not load (mockapi serve --skip-broken), with why; a request for one's scoped URL gets 404 with the same problem",
            "items": {
              "type": "object",
              "required": [
                "name",
                "file",
                "problem"
              ],
              "properties": {
                "name": {
                  "type": "string"
                },
                "file": {
                  "type": "string"
                },
                "problem": {
                  "type": "string",
                  "description": "the file, the place in it and why: Fixtures/x.json: line 23, column 41: not valid JSON"
                }
              }
            }
          },
          "conditions": {
            "type": "object",
            "required": [
              "latency",
              "faultRate",
              "faults",
              "seed"
            ],
            "properties": {
              "latency": {
                "type": "string"
              },
              "faultRate": {
                "type": "number"
              },
              "faults": {
                "type": "array",
                "items": {
                  "type": "string"
                }
              },
              "seed": {
                "type": "string"
              }
            }
          }
        }
      },
      "Reset": {
        "type": "object",
        "required": [
          "apiVersion",
          "reset",
          "scopes",
          "next"
        ],
        "properties": {
          "apiVersion": {
            "const": 1
          },
          "reset": {
            "type": "string",
            "description": "`all` or the cassette"
          },
          "scopes": {
            "type": "array",
            "items": {
              "$ref": "#/components/schemas/ResetScope"
            }
          },
          "next": {
            "type": "integer",
            "minimum": 0
          }
        }
      },
      "Reload": {
        "type": "object",
        "required": [
          "apiVersion",
          "reloaded",
          "added",
          "removed",
          "problems",
          "cassettes",
          "interactions"
        ],
        "properties": {
          "apiVersion": {
            "const": 1
          },
          "reloaded": {
            "type": "array",
            "items": {
              "type": "string"
            }
          },
          "added": {
            "type": "array",
            "items": {
              "type": "string"
            }
          },
          "removed": {
            "type": "array",
            "items": {
              "type": "string"
            }
          },
          "problems": {
            "type": "array",
            "items": {
              "type": "string"
            }
          },
          "cassettes": {
            "type": "integer",
            "minimum": 0
          },
          "interactions": {
            "type": "integer",
            "minimum": 0
          }
        }
      }
    }
  }
}
"""##
}
