"""Checks HTTP responses against Clack's OpenAPI document (docs/openapi.yaml): the status is
one the operation documents, the content type matches, and a JSON body validates against the
documented schema (JSON Schema 2020-12, as OpenAPI 3.1 uses)."""
import json
import re
import warnings

import yaml
from jsonschema import Draft202012Validator, RefResolver

warnings.filterwarnings("ignore", category=DeprecationWarning)


class OpenAPIDocument:
    def __init__(self, path):
        with open(path) as f:
            self.doc = yaml.safe_load(f)
        self.resolver = RefResolver("", self.doc)
        self.used = set()
        self.routes = []
        for template, item in self.doc["paths"].items():
            pattern = "^" + re.sub(r"\{[^}]+\}", "[^/]+", template) + "$"
            self.routes.append((re.compile(pattern), template, item))

    def operations(self):
        return {(method.upper(), template) for _, template, item in self.routes
                for method in item if method in ("get", "post", "put", "delete", "patch")}

    def operation(self, method, path):
        path = path.split("?")[0]
        for pattern, template, item in self.routes:
            if pattern.match(path) and method.lower() in item:
                return template, item[method.lower()]
        return None, None

    def _resolve(self, node):
        while isinstance(node, dict) and "$ref" in node:
            _, node = self.resolver.resolve(node["$ref"])
        return node

    def problems(self, method, path, status, content_type, body):
        """What is wrong with this response, as a list of sentences (empty when it conforms)."""
        template, operation = self.operation(method, path)
        if operation is None:
            # Unknown endpoints answer 404 (or 405) with the JSON error body.
            if status in (404, 405):
                return self._body_problems(
                    {"$ref": "#/components/schemas/Error"}, "application/json", content_type,
                    body, f"{method} {path} {status}")
            return [f"{method} {path}: no such operation in the document, but got {status}"]
        self.used.add((method.upper(), template))
        responses = operation["responses"]
        response = responses.get(str(status))
        if response is None:
            return [f"{method} {template}: status {status} is not documented "
                    f"(documented: {', '.join(sorted(responses))})"]
        response = self._resolve(response)
        where = f"{method} {template} {status}"
        problems = []
        for name, header in response.get("headers", {}).items():
            if name.lower() == "retry-after" and status == 429 and not self._header:
                problems.append(f"{where}: no Retry-After header")
        content = response.get("content")
        if not content:
            if body:
                problems.append(f"{where}: a body where none is documented")
            return problems
        media = content_type.split(";")[0].strip()
        if media not in content:
            return problems + [f"{where}: content type {media!r}, documented {list(content)}"]
        return problems + self._body_problems(content[media].get("schema", {}), media,
                                              content_type, body, where)

    _header = True

    def _body_problems(self, schema, media, content_type, body, where):
        if not content_type.startswith(media):
            return [f"{where}: content type {content_type!r}, documented {media}"]
        if media == "text/event-stream":
            return []  # an endless stream: api_test.py reads its first line itself
        if media == "application/yaml":
            try:
                value = yaml.safe_load(body)
            except yaml.YAMLError as error:
                return [f"{where}: the body is not YAML: {error}"]
        elif media == "application/json":
            try:
                value = json.loads(body)
            except ValueError as error:
                return [f"{where}: the body is not JSON: {error}"]
        else:
            try:
                value = body.decode("utf-8")
            except UnicodeDecodeError:
                return [f"{where}: the body is not UTF-8"]
        validator = Draft202012Validator(schema, resolver=self.resolver)
        return [f"{where}: {'/'.join(map(str, error.absolute_path)) or 'body'}: {error.message}"
                for error in list(validator.iter_errors(value))[:3]]

    def check(self, method, path, status, headers, body):
        """problems() from an http.client response's parts; checks Retry-After on 429."""
        self._header = "Retry-After" in headers or "retry-after" in headers
        return self.problems(method, path, status, headers.get("Content-Type", ""), body)
