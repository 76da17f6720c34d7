"""Contract tests: openapi.yaml is a valid OpenAPI 3.1 document, and real answers of a live
layoutd match it — status codes declared for the operation, media types, and bodies valid
against the declared schemas.

Usage: check_openapi.py PATH/TO/layoutd   (prints 'N passed, M failed'; exit 1 on any failure)
"""
import json
import pathlib
import sys
import urllib.error
import urllib.request

import jsonschema
import yaml
from openapi_spec_validator import validate
sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[1] / "Support"))
from harness import Layoutd, Tally  # noqa: E402

ROOT = pathlib.Path(__file__).resolve().parents[2]
SPEC = yaml.safe_load((ROOT / "openapi.yaml").read_text())

tally = Tally()
check = tally.check


def schema_for(ref_or_schema):
    """A JSON Schema (2020-12) with the spec's components available for $ref."""
    return {"$schema": "https://json-schema.org/draft/2020-12/schema", "components": SPEC["components"], **ref_or_schema}


def response_spec(path, method, status):
    operations = SPEC["paths"][path]
    # A 405 answers a method the path has no operation for: it is declared on the path's operations.
    operation = operations.get(method) or next(
        (op for op in operations.values() if str(status) in op.get("responses", {})), {"responses": {}})
    spec = operation["responses"].get(str(status))
    if spec and "$ref" in spec:
        spec = SPEC["components"]["responses"][spec["$ref"].split("/")[-1]]
    return spec


def exchange(base, method, path, body=None, headers=None, raw=None):
    data = raw if raw is not None else (json.dumps(body).encode() if body is not None else None)
    request = urllib.request.Request(base + path, data=data, method=method, headers=headers or {})
    try:
        with urllib.request.urlopen(request, timeout=30) as reply:
            return reply.status, reply.headers, reply.read()
    except urllib.error.HTTPError as error:
        return error.code, error.headers, error.read()


def conforms(name, base, method, path, expected_status, **kwargs):
    status, headers, body = exchange(base, method.upper(), path, **kwargs)
    check(f"{name}: status {expected_status}", status == expected_status, f"got {status}: {body[:300]!r}")
    spec = response_spec(path.split("?")[0], method, status)
    check(f"{name}: {status} is declared for {method.upper()} {path.split('?')[0]}", spec is not None)
    if not spec or "content" not in spec:
        return status, body
    media = headers.get("Content-Type", "").split(";")[0]
    check(f"{name}: media type {media} is declared", media in spec["content"], f"declared {list(spec['content'])}")
    schema = spec["content"].get(media, {}).get("schema")
    if schema and media.endswith("json"):
        try:
            jsonschema.validate(json.loads(body), schema_for(schema), cls=jsonschema.Draft202012Validator)
            check(f"{name}: body matches the schema", True)
        except jsonschema.ValidationError as error:
            check(f"{name}: body matches the schema", False, error.message)
    return status, body


def main():
    try:
        validate(SPEC)
        check("openapi.yaml is a valid OpenAPI 3.1 document", True)
    except Exception as error:  # noqa: BLE001 — report any validator failure as a test failure
        check("openapi.yaml is a valid OpenAPI 3.1 document", False, str(error))

    server = Layoutd(sys.argv[1], "--max-body", "65536")
    try:
        base = server.base
        json_headers = {"Content-Type": "application/json"}
        box = {"size": {"width": 375, "height": 667},
               "views": [{"id": "root"}, {"id": "box", "parent": "root"}],
               "constraints": ["box.centerX == root.centerX", "box.centerY == root.centerY",
                               "box.width == 200", "box.height == 200"]}
        _, body = conforms("solve ok", base, "post", "/solve", 200, body=box, headers=json_headers)
        check("solve ok: the box is centred", json.loads(body)["frames"]["box"] == {"x": 87.5, "y": 233.5, "width": 200, "height": 200})

        status, body = conforms("solve svg", base, "post", "/solve", 200, body=box,
                                headers={**json_headers, "Accept": "image/svg+xml"})
        check("solve svg: a drawing", body.startswith(b"<?xml") and b'data-view="box"' in body)
        conforms("not acceptable", base, "post", "/solve", 406, body=box, headers={**json_headers, "Accept": "text/html"})

        conflict = {"size": {"width": 100, "height": 100}, "views": [{"id": "root"}, {"id": "a", "parent": "root"}],
                    "constraints": ["a.width == 10", "a.width == 20", "a.left == root.left", "a.top == root.top", "a.height == 5"]}
        conforms("solve conflict", base, "post", "/solve", 200, body=conflict, headers=json_headers)
        conforms("strict conflict", base, "post", "/solve?strict=true", 422, body=conflict, headers=json_headers)
        explained = {"size": {"width": 375, "height": 667},
                     "views": [{"id": "root"}, {"id": "label", "parent": "root", "intrinsicSize": {"width": 120, "height": 20}}],
                     "constraints": ["label.left == root.left + 20", "label.top == root.top + 8", "label.width == 100",
                                     "label.width == 100", "label.width == 300 @500"],
                     "explain": ["label", "root"]}
        _, body = conforms("solve explain and warnings", base, "post", "/solve", 200, body=explained, headers=json_headers)
        answer = json.loads(body)
        check("solve explain: width lists the label's intrinsic size and its widths",
              [entry["id"] for entry in answer["explanations"]["label"]["width"]]
              == ["label.hugging.horizontal", "label.compressionResistance.horizontal",
                  "constraints[2]", "constraints[3]", "constraints[4]"], body[:300])
        check("solve warnings: a duplicate, a never-active wish and the overridden compression resistance",
              [(w["constraint"], w["kind"]) for w in answer["warnings"]]
              == [("label.compressionResistance.horizontal", "neverActive"), ("constraints[3]", "redundant"),
                  ("constraints[4]", "neverActive")], body[:300])
        explained_sizes = dict(explained)
        del explained_sizes["size"]
        explained_sizes["sizes"] = [{"width": 320, "height": 568}, {"width": 414, "height": 896}]
        conforms("solve sizes with explain", base, "post", "/solve", 200, body=explained_sizes, headers=json_headers)
        sizes = dict(box)
        del sizes["size"]
        sizes["sizes"] = [{"width": 320, "height": 568}, {"width": 414, "height": 896}]
        conforms("solve sizes", base, "post", "/solve", 200, body=sizes, headers=json_headers)
        # Every constraint form, as the README shows it: the request matches SolveRequest, the answer is ok.
        for example in sorted((ROOT / "docs" / "examples").glob("forms-*.json")):
            request = json.loads(example.read_text())
            try:
                jsonschema.validate(request, schema_for({"$ref": "#/components/schemas/SolveRequest"}),
                                    cls=jsonschema.Draft202012Validator)
                check(f"{example.name} matches SolveRequest", True)
            except jsonschema.ValidationError as error:
                check(f"{example.name} matches SolveRequest", False, error.message)
            _, body = conforms(example.name, base, "post", "/solve", 200, body=request, headers=json_headers)
            check(f"{example.name}: ok", json.loads(body).get("status") == "ok")
        conforms("not JSON", base, "post", "/solve", 400, raw=b"{nope", headers=json_headers)
        conforms("schema", base, "post", "/solve", 400, body={"views": "no"}, headers=json_headers)
        conforms("unknown view", base, "post", "/solve", 422,
                 body={"views": [{"id": "root"}], "constraints": ["ghost.width == 3"]}, headers=json_headers)
        conforms("content type", base, "post", "/solve", 415, raw=b"{}", headers={"Content-Type": "text/plain"})
        conforms("too large", base, "post", "/solve", 413, raw=b" " * 70000, headers=json_headers)
        conforms("wrong method", base, "get", "/solve", 405)
        for path in ["/", "/healthz", "/readyz", "/version", "/metrics", "/openapi.yaml"]:
            conforms(f"GET {path}", base, "get", path, 200)
        status, _, _ = exchange(base, "GET", "/nowhere")
        check("unknown path: 404", status == 404, f"got {status}")
    finally:
        code = server.terminate(timeout=30)
        check("layoutd exits 0 on SIGTERM", code == 0, f"exit {code}")


main()
tally.finish()
