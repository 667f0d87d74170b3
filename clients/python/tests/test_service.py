"""The client against the real service: typed models, paging, the contract's errors, a DataFrame."""

from __future__ import annotations

import csv
import io
import itertools
import json
import time

import pytest

from csi_client import (
    Client,
    CsiApiError,
    InvalidRequestError,
    NotFoundError,
    OutOfCreditsError,
    UnauthorizedError,
    to_dataframe,
)
from csi_client.models import CreatorSummary, Credits, SearchCreatorsResponse200, Usage


@pytest.fixture
def client(service) -> Client:
    with Client(service.base_url, service.api_key) as client:
        yield client


def balance(client: Client) -> int:
    credits = client.get_credits()  # free
    assert isinstance(credits, Credits) and credits.balance is not None
    return credits.balance


def test_a_search_returns_typed_models_and_its_credit_headers(client, service) -> None:
    before = balance(client)
    page = client.search_creators(query=service.query)
    assert isinstance(page, SearchCreatorsResponse200)
    assert page.page == 1 and page.has_more and page.next_page == 2
    assert page.total_found > page.returned == len(page.creators) > 0
    assert all(isinstance(creator, CreatorSummary) for creator in page.creators)
    assert isinstance(page.creators[0].subscribers, int) and page.creators[0].name
    assert client.last_call is not None
    assert (client.last_call.status, client.last_call.credits_charged, client.last_call.credits_remaining) == (
        200,
        1,
        before - 1,
    )
    assert client.last_call.rate_limit is not None and client.last_call.rate_limit.limit


def test_iter_pages_follows_next_page_until_the_last_one_a_credit_each(client, service) -> None:
    before = balance(client)
    pages = list(itertools.islice(client.iter_pages(client.search_creators, query=service.query), 6))
    assert len(pages) >= 2
    assert [p.page for p in pages] == list(range(1, len(pages) + 1))
    assert all(p.has_more for p in pages[:-1])
    ids = [c.id for p in pages for c in p.creators]
    assert len(set(ids)) == len(ids)
    assert balance(client) == before - len(pages)
    if not pages[-1].has_more:
        # iter_creators walks the same pages.
        assert [c.id for c in client.iter_creators(service.query)] == ids


def test_a_missing_creator_raises_not_found_uncharged(client) -> None:
    before = balance(client)
    with pytest.raises(NotFoundError) as missing:
        client.get_creator("no-such-creator-anywhere")
    assert (missing.value.status, missing.value.code) == (404, "not_found")
    assert isinstance(missing.value, CsiApiError) and missing.value.message
    assert missing.value.info.credits_charged == 0
    assert balance(client) == before


def test_an_invalid_parameter_raises_invalid_request(client) -> None:
    with pytest.raises(InvalidRequestError) as invalid:
        client.get_creator_sponsorships("creator1", min_confidence=2)
    assert (invalid.value.status, invalid.value.code) == (422, "invalid_request")


def test_an_unknown_key_raises_unauthorized_without_retrying(service) -> None:
    started = time.monotonic()
    with pytest.raises(UnauthorizedError) as refused:
        Client(service.base_url, "csi_not-a-key").get_credits()
    assert (refused.value.status, refused.value.code) == (401, "unauthorized")
    assert time.monotonic() - started < 1


def test_no_credits_left_raises_out_of_credits_and_free_calls_still_answer(service, broke_key) -> None:
    client = Client(service.base_url, broke_key)
    with pytest.raises(OutOfCreditsError) as broke:
        client.search_creators(query=service.query)
    assert (broke.value.status, broke.value.code) == (402, "out_of_credits")
    assert client.get_credits().balance == 0


def test_to_dataframe_has_a_row_per_creator(client, service) -> None:
    pytest.importorskip("pandas")
    page = client.search_creators(query=service.query)
    frame = to_dataframe(page.creators)
    assert len(frame) == len(page.creators)
    assert list(frame["id"]) == [c.id for c in page.creators]
    assert {"name", "subscribers", "country"} <= set(frame.columns)


def test_an_export_returns_the_search_as_csv_or_ndjson_for_what_its_pages_cost(client, service) -> None:
    before = balance(client)
    pages = list(client.iter_pages(client.search_creators, query=service.query))
    ids = [c.id for p in pages for c in p.creators]
    spent = balance(client)
    text = client.export_creators(query=service.query, max_rows=1000)
    assert client.last_call is not None and client.last_call.credits_reserved
    rows = list(csv.DictReader(io.StringIO(text.removeprefix("\ufeff"))))
    assert [row["id"] for row in rows] == ids
    assert balance(client) == spent - len(pages) == before - 2 * len(pages)
    lines = client.export_creators(query=service.query, format_="ndjson", max_rows=2).splitlines()
    assert [json.loads(line)["id"] for line in lines] == ids[:2]


def test_usage_says_what_this_period_spent_by_key_endpoint_and_day(client, service) -> None:
    client.search_creators(query=service.query)
    usage = client.get_usage()
    assert isinstance(usage, Usage)
    assert usage.spent >= 1 and usage.spent == sum(key.spent for key in usage.keys)
    assert "searchCreators" in {endpoint.operation for endpoint in usage.endpoints}
    assert sum(day.spent for day in usage.days) == usage.spent
    assert client.last_call is not None and client.last_call.credits_charged is None  # free
