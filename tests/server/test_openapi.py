"""The HTTP routes describe their answers (issue 7, point 3): /docs (OpenAPI) names the response
model of every JSON route of the table API, built in process from ``create_app``."""

from __future__ import annotations

from pathlib import Path

from bazas.server import Settings, create_app


def test_every_json_route_has_its_response_model(tmp_path: Path) -> None:
    schema = create_app(Settings(data_dir=tmp_path)).openapi()

    def model(path: str, method: str = "get") -> str:
        content = schema["paths"][path][method]["responses"]["200"]["content"]["application/json"]["schema"]
        return str(content.get("$ref", "")).rsplit("/", 1)[-1]

    assert model("/api/tables", "post") == "CreatedTable"
    assert model("/api/tables") == "RecentTables"
    assert model("/api/tables/{table_id}") == "TableSummary"
    assert model("/api/tables/{table_id}/history") == "History"
    assert model("/api/tables/{table_id}/deals/{number}") == "DealReview"
    review = schema["components"]["schemas"]["DealReview"]["properties"]
    assert review["score"]["$ref"].endswith("/ScoredDealInfo")
