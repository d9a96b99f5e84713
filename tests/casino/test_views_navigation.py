"""One navigation bar with what the signed-in role may use, the property's name and the user's
menu; every API error is JSON in one shape, 404s under /api/ included."""

import pytest
from django.urls import reverse

from casino.navigation import nav_for

pytestmark = pytest.mark.django_db


def labels(user, keystone, path=""):
    return [link["label"] for link in nav_for(user, keystone, path)]


def test_the_auditor_reaches_rules_submissions_the_catalog_and_the_audit_log(auditor, keystone):
    shown = labels(auditor, keystone)
    assert {"Rules Submissions", "Paytable catalog", "Audit log"} <= set(shown)
    assert "API docs" not in shown  # for those who integrate (issue 30)


def test_api_docs_are_in_the_menu_of_those_who_integrate_only(floor_manager, api_client,
                                                              keystone, django_user_model):
    """A floor manager never lands on Swagger; the API client role, and a superuser (who
    issues its tokens), have the API docs in their menu."""
    assert "API docs" not in labels(floor_manager, keystone)
    assert "API docs" in labels(api_client, keystone)
    admin = django_user_model.objects.create_superuser("root", password="x")
    assert "API docs" in labels(admin, None)


def test_a_floorperson_sees_no_rules_submissions_or_audit_log(floorperson, keystone):
    shown = labels(floorperson, keystone)
    assert "Rules Submissions" not in shown and "Audit log" not in shown
    assert "Jackpot slips" in shown


def test_the_current_section_is_the_longest_match(auditor, keystone):
    links = nav_for(auditor, keystone, reverse("rulesubmissions:paytables"))
    assert [link["label"] for link in links if link["current"]] == ["Paytable catalog"]


def test_every_page_has_the_bar_the_property_and_sign_out(client_for, compliance_officer):
    compliance_officer.first_name, compliance_officer.last_name = "Colin", "Park"
    compliance_officer.save()
    html = client_for(compliance_officer).get(reverse("rulesubmissions:list")).content.decode()
    assert '<nav class="mainnav" aria-label="Main">' in html
    assert 'aria-current="page" class="current">Rules Submissions</a>' in html
    assert "Keystone Downs Casino · License PA-TG-1001" in html
    assert ">Colin Park</a>" in html and ">Sign out</button>" in html


def test_an_unknown_api_url_is_a_json_404(api_session_for, auditor):
    response = api_session_for(auditor).get("/api/v1/no-such-thing/")
    assert response.status_code == 404
    assert response.json() == {"errors": {"detail": ["Not found."]}}


def test_api_refusals_have_the_one_error_shape(api_session_for, client, auditor, floorperson):
    anonymous = client.get("/api/v1/rules-submissions/")
    assert anonymous.status_code == 401 and list(anonymous.json()) == ["errors"]
    assert list(anonymous.json()["errors"]) == ["detail"]
    refused = api_session_for(floorperson).get("/api/v1/rules-submissions/")
    assert refused.status_code == 403
    assert refused.json() == {"errors": {"detail": [
        "You do not have permission to perform this action."]}}
    missing = api_session_for(auditor).get("/api/v1/rules-submissions/999999/")
    assert missing.status_code == 404 and missing.json() == {"errors": {"detail": [
        "No rules submission with that id at your properties."]}}


def test_the_site_keeps_its_html_404(client_for, auditor):
    response = client_for(auditor).get("/no-such-page/")
    assert response.status_code == 404 and response["Content-Type"].startswith("text/html")


@pytest.mark.parametrize("username,expected", [
    ("tgm", {"Floor", "Meters", "Jackpot slips", "Layouts", "Rules Submissions",
             "Paytable catalog"}),
    ("compliance", {"Floor", "Meters", "Jackpot slips", "Layouts", "Rules Submissions",
                    "Paytable catalog", "Audit log"}),
    ("floormgr", {"Floor", "Your shift", "Meters", "Jackpot slips", "Layouts"}),
    ("floorperson", {"Floor", "Your shift", "Meters", "Jackpot slips", "Layouts"}),
    ("auditor", {"Floor", "Meters", "Jackpot slips", "Layouts", "Rules Submissions",
                 "Paytable catalog", "Audit log"}),
    ("api", {"Floor", "Meters", "Jackpot slips", "Layouts", "Rules Submissions",
             "Paytable catalog", "Audit log", "API docs"}),
])
def test_each_demo_role_sees_what_the_role_table_allows_and_every_link_opens(
        client_for, username, expected):
    """The role table of the auditor's guide, written out: each link shown opens (200) for that role."""
    from django.contrib.auth import get_user_model
    from django.core.management import call_command

    call_command("load_demo")
    user = get_user_model().objects.get(username=username)
    client = client_for(user)
    html = client.get(reverse("dashboard")).content.decode()
    from casino.selectors import current_property

    links = nav_for(user, current_property(user))
    assert {link["label"] for link in links} == expected
    for link in links:
        assert f'href="{link["url"]}"' in html
        assert client.get(link["url"]).status_code == 200, (username, link["label"])
    layouts = next((link["url"] for link in links if link["label"] == "Layouts"), None)
    assert layouts == (reverse("tables:layout-queue") if username == "compliance"
                       else reverse("tables:layout-list"))
