"""The person's API tokens page: in their menu, makes a token (the key shown on that answer
only), lists theirs, revokes one after a confirmation; throttled like the API."""

import re

import pytest
from django.urls import reverse
from knox.models import AuthToken
from rest_framework.test import APIClient

from casino.models import ApiToken

pytestmark = pytest.mark.django_db

PAGE = reverse("tokens")


def _key(page: str) -> str:
    return re.search(r'<code id="token-key">([0-9a-f]+)</code>', page).group(1)


def test_the_page_is_in_the_persons_menu(client_for, floor_manager, api_client, admin_client):
    page = client_for(floor_manager).get(reverse("dashboard")).text
    menu = page.split('id="user-menu"', 1)[1]
    assert f'href="{PAGE}"' in menu and "API tokens" in menu
    assert f'href="{PAGE}"' not in admin_client.get(reverse("dashboard")).text
    assert client_for(api_client).get(PAGE).status_code == 403
    assert admin_client.get(PAGE).status_code == 403


def test_a_token_made_on_the_page_shows_its_key_once_and_works(client_for, floor_manager):
    client = client_for(floor_manager)
    made = client.post(PAGE, {"name": "tablet 3", "expires_in_days": "30"})
    assert made.status_code == 200
    key = _key(made.text)
    assert "shown this once" in made.text and "tablet 3" in made.text
    api = APIClient()
    api.credentials(HTTP_AUTHORIZATION=f"Token {key}")
    assert api.get("/api/v1/me/").json()["username"] == "fiona"
    again = client.get(PAGE).text
    assert key not in again and 'id="token-key"' not in again
    assert "tablet 3" in again and key[:8] in again


@pytest.mark.parametrize(("data", "words"), [
    ({"name": "", "expires_in_days": "30"}, "This field is required."),
    ({"name": "t", "expires_in_days": "0"}, "greater than or equal to 1"),
    ({"name": "t", "expires_in_days": "366"}, "less than or equal to 365"),
])
def test_a_bad_form_says_why_and_makes_nothing(data, words, client_for, floor_manager):
    answer = client_for(floor_manager).post(PAGE, data)
    assert answer.status_code == 400 and words in answer.text
    assert not AuthToken.objects.exists()


def test_revoking_asks_first_then_the_token_stops(client_for, floor_manager, floorperson):
    client = client_for(floor_manager)
    key = _key(client.post(PAGE, {"name": "script", "expires_in_days": "5"}).text)
    named = ApiToken.objects.get()
    url = reverse("token-revoke", args=[named.pk])
    assert f'href="{url}"' in client.get(PAGE).text
    confirm = client.get(url)
    assert "Revoke token “script”?" in confirm.text and 'id="confirm-revoke"' in confirm.text
    assert AuthToken.objects.exists()  # asking is not revoking
    assert client_for(floorperson).post(url).status_code == 404  # not theirs
    done = client.post(url, follow=True)
    assert "Token “script” revoked" in done.text and "You have no tokens." in done.text
    api = APIClient()
    api.credentials(HTTP_AUTHORIZATION=f"Token {key}")
    assert api.get("/api/v1/me/").status_code == 401


def test_the_page_is_throttled_like_the_api(client_for, floor_manager, settings):
    settings.REST_FRAMEWORK = {**settings.REST_FRAMEWORK, "DEFAULT_THROTTLE_RATES": {
        **settings.REST_FRAMEWORK["DEFAULT_THROTTLE_RATES"], "token_create": "1/hour"}}
    client = client_for(floor_manager)
    assert client.post(PAGE, {"name": "one", "expires_in_days": "1"}).status_code == 200
    refused = client.post(PAGE, {"name": "two", "expires_in_days": "1"})
    assert refused.status_code == 429
    assert "too many tokens lately: try again in 60 minutes" in refused.text
    assert AuthToken.objects.count() == 1
