"""The HTTP routes describe their answers (issue 7, point 3): /docs (OpenAPI) names the response
model of every JSON route of the table API and of the games' facts, built in process from
``create_app``."""

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
    assert model("/api/rulesets") == "Rulesets"
    assert model("/api/rulesets/{name}") == "RulesetFacts"
    assert model("/api/lobby") == "Lobby"
    assert model("/api/health") == "Health"
    assert model("/api/learn/deals/{deal_id}/play", "post") == "LessonPlayReply"
    assert model("/api/matches", "post") == "CreatedMatch"
    assert model("/api/matches/{match_id}") == "MatchSummary"
    assert model("/api/matches/{match_id}/boards/{board}") == "MatchBoardReview"
    # Every JSON route of the tables, the games and the matches has one (a new route without a
    # model fails here); the records (PBN, LIN) are text.
    for path, methods in schema["paths"].items():
        if (path.startswith(("/api/tables", "/api/rulesets", "/api/lobby", "/api/learn", "/api/matches"))
                and not path.endswith((".pbn", ".lin"))):
            for method in methods:
                assert model(path, method), f"{method.upper()} {path} has no response model"


def test_issue7_3_the_facts_route_passes_a_games_own_facts_through(tmp_path: Path) -> None:
    """RulesetFacts names the common facts; a game's own (royal-auction's denominations, the
    three-handed game's dummy seat) reach the client unchanged."""
    from fastapi.testclient import TestClient

    from bazas.engine.rulesets import get

    with TestClient(create_app(Settings(data_dir=tmp_path))) as client:
        for name in ("rubber", "royal-auction", "three-handed-auction"):
            assert client.get(f"/api/rulesets/{name}").json() == get(name).facts()
        listed = client.get("/api/rulesets").json()["rulesets"]
        assert [r["id"] for r in listed if r["id"] in ("rubber", "chicago")] == ["rubber", "chicago"]
        assert all(r == get(r["id"]).facts() for r in listed)


def test_issue7_3_a_response_model_keeps_every_field_of_a_bots_explanation() -> None:
    """The deal review's explanations are the bots' ``Explanation.to_dict()``: the model must not
    drop a field (an artificial call is drawn as an alert from ``artificial``)."""
    from bazas.bots.base import Explanation
    from bazas.server.protocol import ExplanationInfo

    given = Explanation("Stayman", "Stayman", {"hcp": [8, 40]}, artificial=True).to_dict()
    assert ExplanationInfo.model_validate(given).model_dump() == given
