"""The local site of issue 14 (tests/cluster/harness.py), shared by the cluster tests.

``site`` starts PostgreSQL's database, Redis, HAProxy, three servers and two workers once for the
package; ``cluster`` hands it to one test after starting again whatever an earlier test killed
(tests kill servers and workers on purpose), so each test begins with the whole site whatever the
order the tests run in.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from .harness import Cluster


@pytest.fixture(scope="package")
def site(postgres_server: Any) -> Iterator[Cluster]:
    url = postgres_server.create_database("bazas_cluster")
    env = {"BAZAS_BOT_DEADLINE_GRACE": "8", "BAZAS_ABSENT_SECONDS": "600"}
    with Cluster(url, servers=3, workers=2, env=env) as c:
        yield c


@pytest.fixture
def cluster(site: Cluster) -> Cluster:
    site.revive()
    return site
