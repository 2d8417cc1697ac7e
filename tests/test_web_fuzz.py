"""The API under attack: schemathesis sends requests made from the OpenAPI schema (valid and broken
bodies, odd types, boundary numbers) and the app must never answer with a server error.

Small time budgets keep each call short; ``HYPOTHESIS_PROFILE=fuzz`` runs many more examples.
"""

from __future__ import annotations

import os

import pytest

schemathesis = pytest.importorskip("schemathesis")
from hypothesis import HealthCheck, settings  # noqa: E402

from sudokit.web.app import create_app  # noqa: E402

APP = create_app(search_seconds=0.5, logic_seconds=1.0, generate_seconds=1.0)
SCHEMA = schemathesis.openapi.from_asgi("/openapi.json", APP)
EXAMPLES = 300 if os.environ.get("HYPOTHESIS_PROFILE") == "fuzz" else 40


@SCHEMA.parametrize()
@settings(max_examples=EXAMPLES, deadline=None, suppress_health_check=list(HealthCheck))
def test_no_request_makes_a_server_error(case: schemathesis.Case) -> None:  # type: ignore[name-defined]
    response = case.call()
    assert response.status_code < 500, (case.path, case.body, response.text[:300])
    if response.status_code >= 400:
        assert response.json().get("error"), (case.method, case.path, response.status_code, response.text)
