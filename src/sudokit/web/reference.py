"""The API reference page at /docs: plain HTML and CSS rendered on the server from the OpenAPI schema.

FastAPI's own pages (Swagger UI, ReDoc) load their scripts and styles from a CDN, so they are blank
without a network; this page asks nothing of any other host, and shows the same schema: each
endpoint's method, path, summary and description, its request body's fields (types, limits, defaults,
descriptions) and its responses.
"""

from __future__ import annotations

import html
import json
import re
from collections.abc import Mapping, Sequence
from typing import Any

_STYLE = """
:root { --bg: #fafafa; --fg: #1b1b1b; --muted: #666; --panel: #fff; --line: #d6d9de; --accent: #1f5fbf;
  --get: #2e7d32; --post: #1f5fbf; --code: #eef1f6; color-scheme: light dark; }
@media (prefers-color-scheme: dark) {
  :root { --bg: #121416; --fg: #e6e6e6; --muted: #9aa0a6; --panel: #1c1f22; --line: #3a3f45;
    --accent: #8ab4f8; --get: #81c784; --post: #8ab4f8; --code: #2a2f35; } }
* { box-sizing: border-box; }
body { margin: 0; background: var(--bg); color: var(--fg); line-height: 1.5;
  font: 15px/1.5 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; }
main { max-width: 60rem; margin: 0 auto; padding: 1rem 1.25rem 3rem; }
h1 { margin: .5rem 0 0; font-size: 1.6rem; }
h1 small { color: var(--muted); font-weight: normal; font-size: 1rem; }
h2 { font-size: 1.15rem; margin: 0 0 .25rem; word-break: break-all; }
h3 { font-size: .8rem; text-transform: uppercase; letter-spacing: .05em; color: var(--muted);
  margin: 1rem 0 .25rem; }
a { color: var(--accent); }
code { background: var(--code); border-radius: 3px; padding: 0 .25em; font-size: .92em;
  font-family: ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; }
nav ul { list-style: none; padding: 0; columns: 2 18rem; }
nav li { margin: .1rem 0; }
section.op { background: var(--panel); border: 1px solid var(--line); border-radius: 6px; padding: .9rem 1rem;
  margin: 1rem 0; }
.method { display: inline-block; min-width: 3.6em; text-align: center; border-radius: 3px; padding: 0 .35em;
  margin-right: .4em; font-size: .8rem; font-weight: 600; color: var(--panel); background: var(--post); }
.method.get { background: var(--get); }
.summary { margin: 0 0 .25rem; font-weight: 600; }
.muted { color: var(--muted); }
table { border-collapse: collapse; width: 100%; font-size: .92rem; }
th, td { text-align: left; vertical-align: top; padding: .3rem .5rem; border-top: 1px solid var(--line); }
th { font-weight: 600; color: var(--muted); border-top: none; }
td.type { white-space: nowrap; }
p { margin: .25rem 0; }
"""


def reference_page(schema: Mapping[str, Any]) -> str:
    """The whole page for an OpenAPI schema (``app.openapi()``): every operation, in the schema's order."""
    info = schema.get("info", {})
    components = schema.get("components", {}).get("schemas", {})
    operations = [
        (method.upper(), path, operation)
        for path, item in schema.get("paths", {}).items()
        for method, operation in item.items()
        if isinstance(operation, dict)
    ]
    title = html.escape(str(info.get("title", "API")))
    out = [
        "<!doctype html>",
        '<html lang="en"><head><meta charset="utf-8">',
        '<meta name="viewport" content="width=device-width, initial-scale=1">',
        f"<title>{title} API reference</title>",
        f"<style>{_STYLE}</style></head><body><main>",
        f"<h1>{title} API <small>{html.escape(str(info.get('version', '')))}</small></h1>",
    ]
    if info.get("description"):
        out.append(f"<p>{_prose(str(info['description']))}</p>")
    out.append(
        "<p>Requests and answers are JSON unless an endpoint says otherwise.  Every error is a 4xx JSON "
        "object with a readable <code>error</code> message (and <code>line</code> and <code>column</code> "
        "for a puzzle that cannot be read).  The same schema as JSON: "
        '<a href="openapi.json">openapi.json</a>.  Back to <a href="/">the app</a>.</p>'
    )
    out.append("<nav><h3>Endpoints</h3><ul>")
    for method, path, operation in operations:
        summary = html.escape(str(operation.get("summary", "")))
        out.append(
            f'<li><a href="#{_anchor(method, path)}"><span class="method {method.lower()}">{method}</span>'
            f'<code>{html.escape(path)}</code></a> <span class="muted">{summary}</span></li>'
        )
    out.append("</ul></nav>")
    for method, path, operation in operations:
        out.append(_operation(method, path, operation, components))
    answered = dict.fromkeys(
        _ref_name(content.get("schema", {}))
        for _, _, operation in operations
        for response in operation.get("responses", {}).values()
        for content in (response.get("content") or {}).values()
    )
    for name in answered:
        model = components.get(name)
        if name and isinstance(model, Mapping):
            out.append(f'<section class="op" id="schema-{html.escape(name)}"><h2>{html.escape(name)}</h2>')
            if model.get("description"):
                out.append(f"<p>{_prose(str(model['description']))}</p>")
            out.append(_fields(model, components) + "</section>")
    out.append("</main></body></html>")
    return "\n".join(out)


def _anchor(method: str, path: str) -> str:
    return f"{method.lower()}-{re.sub(r'[^a-z0-9]+', '-', path.lower()).strip('-')}"


def _prose(text: str) -> str:
    """A docstring as HTML: escaped, ````code```` as code, blank lines as paragraph breaks."""
    escaped = html.escape(text.strip())
    escaped = re.sub(r"``(.+?)``", r"<code>\1</code>", escaped)
    return re.sub(r"\n\s*\n", "</p><p>", escaped)


def _operation(method: str, path: str, operation: Mapping[str, Any], components: Mapping[str, Any]) -> str:
    out = [
        f'<section class="op" id="{_anchor(method, path)}">',
        f'<h2><span class="method {method.lower()}">{method}</span><code>{html.escape(path)}</code></h2>',
    ]
    if operation.get("summary"):
        out.append(f'<p class="summary">{html.escape(str(operation["summary"]))}</p>')
    if operation.get("description"):
        out.append(f"<p>{_prose(str(operation['description']))}</p>")
    body = operation.get("requestBody")
    if body:
        out.append("<h3>Request body</h3>")
        for media, content in body.get("content", {}).items():
            model = _resolve(content.get("schema", {}), components)
            name = _ref_name(content.get("schema", {}))
            where = f" <code>{html.escape(name)}</code>" if name else ""
            about = (
                f'<span class="muted">: {_prose(str(model["description"]))}</span>'
                if model.get("description")
                else ""
            )
            out.append(f"<p><code>{html.escape(media)}</code>{where}{about}</p>")
            out.append(_fields(model, components))
    else:
        out.append('<h3>Request body</h3><p class="muted">None.</p>')
    out.append("<h3>Responses</h3><table><tr><th>Status</th><th>Content</th><th>Description</th></tr>")
    for status, response in operation.get("responses", {}).items():
        contents = response.get("content") or {}
        kinds = [
            f"<code>{html.escape(media)}</code> {_answer(content.get('schema'), components)}"
            for media, content in contents.items()
        ]
        out.append(
            f"<tr><td>{html.escape(str(status))}</td><td>{'<br>'.join(kinds) or '&mdash;'}</td>"
            f"<td>{_prose(str(response.get('description', '')))}</td></tr>"
        )
    out.append("</table></section>")
    return "\n".join(out)


def _answer(schema: Mapping[str, Any] | None, components: Mapping[str, Any]) -> str:
    """A response's type: a link to the schema it names (shown at the end of the page), else its type."""
    if not schema:
        return ""
    name = _ref_name(schema)
    if name and name in components:
        return f'<a href="#schema-{html.escape(name)}">{html.escape(name)}</a>'
    return html.escape(_type(schema, components))


def _fields(model: Mapping[str, Any], components: Mapping[str, Any]) -> str:
    properties = model.get("properties") or {}
    if not properties:
        return ""
    required = set(model.get("required", ()))
    out = ["<table><tr><th>Field</th><th>Type</th><th>Required / default</th><th>Description</th></tr>"]
    for name, field in properties.items():
        if name in required:
            need = "required"
        elif "default" in field:
            need = f"default <code>{html.escape(json.dumps(field['default']))}</code>"
        else:
            need = "optional"
        limits = _limits(field)
        described = _prose(str(field.get("description", "")))
        if limits:
            described = f'{described} <span class="muted">({html.escape(limits)})</span>'.strip()
        out.append(
            f"<tr><td><code>{html.escape(name)}</code></td>"
            f'<td class="type">{html.escape(_type(field, components))}</td>'
            f"<td>{need}</td><td>{described}</td></tr>"
        )
    out.append("</table>")
    return "\n".join(out)


def _ref_name(schema: Mapping[str, Any]) -> str:
    ref = schema.get("$ref")
    return str(ref).rsplit("/", 1)[-1] if isinstance(ref, str) else ""


def _resolve(schema: Mapping[str, Any], components: Mapping[str, Any]) -> Mapping[str, Any]:
    name = _ref_name(schema)
    found = components.get(name) if name else None
    return found if isinstance(found, Mapping) else schema


def _type(schema: Mapping[str, Any], components: Mapping[str, Any]) -> str:
    """A schema's type in a few words: ``integer or null``, ``list of string``, ``"easy" | "hard"``."""
    if "$ref" in schema:
        return _ref_name(schema)
    for key in ("anyOf", "oneOf"):
        if key in schema:
            return " or ".join(dict.fromkeys(_type(part, components) for part in schema[key]))
    if "enum" in schema:
        return " | ".join(json.dumps(value) for value in schema["enum"])
    if "const" in schema:
        return json.dumps(schema["const"])
    kind = schema.get("type")
    if kind == "array":
        if "prefixItems" in schema:
            return "[" + ", ".join(_type(part, components) for part in schema["prefixItems"]) + "]"
        return f"list of {_type(schema.get('items', {}), components)}"
    if kind == "object":
        values = schema.get("additionalProperties")
        if isinstance(values, Mapping) and values:
            return f"object of {_type(values, components)}"
        return "object"
    if isinstance(kind, Sequence) and not isinstance(kind, str):
        return " or ".join(str(k) for k in kind)
    return str(kind) if kind else "any"


_LIMITS = (
    ("minLength", "at least {} characters"),
    ("maxLength", "at most {} characters"),
    ("minimum", "at least {}"),
    ("exclusiveMinimum", "more than {}"),
    ("maximum", "at most {}"),
    ("exclusiveMaximum", "less than {}"),
    ("minItems", "at least {} items"),
    ("maxItems", "at most {} items"),
    ("pattern", "matching {}"),
)


def _limits(schema: Mapping[str, Any]) -> str:
    """The bounds on a field's value, from the schema and each of its alternatives."""
    parts = [schema, *schema.get("anyOf", ())]
    found = []
    for part in parts:
        if "prefixItems" in part:
            continue  # a pair's length is its type
        for key, words in _LIMITS:
            if key in part:
                value = part[key]
                if isinstance(value, float) and value.is_integer():
                    value = int(value)
                if value == 1 and key == "minLength":
                    found.append("not empty")
                    continue
                text = words.format(f"{value:,}" if isinstance(value, int) else value)
                found.append(text.removesuffix("s") if value == 1 and text.endswith("s") else text)
    return ", ".join(found)
