"""Rules Submission pages and prints as staff read them: people by name, one money format,
paytable odds as posted, one date format, actions in words, a list that follows each step."""

from datetime import timedelta

import pytest
from django.urls import reverse
from django.utils import timezone

from rulesubmissions import par_jobs, services

pytestmark = pytest.mark.django_db

# Let It Ride as the demo offers it: no progressive meter.
LET_IT_RIDE = {"game": "let_it_ride", "options": {},
               "wagers": {"bet_1": "", "bet_2": "", "bet_3": "common_1000",
                          "three_card_bonus": "flush_4"},
               "meters": {}, "table_minimum": "10.00", "table_maximum": "1000.00",
               "payout_limit": "100000.00"}


@pytest.fixture
def named(table_games_manager, compliance_officer):
    """The personas with the names the pages must show (usernames are "tara", "colin")."""
    for user, first, last in ((table_games_manager, "Tara", "Grant"),
                              (compliance_officer, "Colin", "Park")):
        user.first_name, user.last_name = first, last
        user.save()
    return table_games_manager, compliance_officer


def page(client, name, pk=None) -> str:
    response = client.get(reverse(f"rulesubmissions:{name}", args=[pk] if pk else []))
    assert response.status_code == 200
    return response.content.decode()


def test_the_compliance_queue_names_who_submitted(named, submitted, compliance_officer,
                                                   client_for):
    body = page(client_for(compliance_officer), "queue")
    assert "<td>Tara Grant</td>" in body
    assert "<td>tara</td>" not in body


def test_the_print_names_the_approving_officer_on_the_page_and_in_its_margin(
        named, approved, client_for, auditor):
    body = page(client_for(auditor), "print", approved.pk)
    today = f"{timezone.localdate():%Y-%m-%d}"
    assert f"Approved {today} by Colin Park · in force from {today}" in body
    # The @page margin box repeats it on every printed page (a CSS string).
    assert f'content: "Approved {today} by Colin Park · in force from {today}";' in body
    assert "by colin" not in body


def test_the_review_writes_money_once_with_thousands_and_odds_as_posted(
        table_games_manager, compliance_officer, keystone, client_for):
    """Let It Ride at $10 to $1,000 with a $100,000 payout limit (§643a.12(g)) and the royal
    flush at 1,000 to 1 (§643a.12(a)): every amount "$1,000.00", the odds with a comma."""
    draft = services.submission_create(actor=table_games_manager, property=keystone,
                                       terms=LET_IT_RIDE)
    services.submission_transition(actor=table_games_manager, submission=draft, to="submitted")
    body = page(client_for(compliance_officer), "review", draft.pk)
    assert "<ins>$100,000.00</ins>" in body and "<ins>$1,000.00</ins>" in body
    assert "<ins>$10.00</ins>" in body
    assert "$100000.00" not in body and "$1000.00" not in body
    assert "<ins>1,000 to 1</ins>" in body and "1000 to 1" not in body
    assert "§643a.11(a)" in body  # as the regulation writes it


def test_the_history_says_each_step_and_a_par_sheet_request_in_words(
        named, approved, compliance_officer, client_for):
    par_jobs.par_sheet_request(submission=approved, user=compliance_officer)
    body = page(client_for(compliance_officer), "detail", approved.pk)
    history = body[body.index('id="history"'):]
    for step in ("Drafted", "Submitted", "Approved", "Par sheet requested"):
        assert f"<strong>{step}</strong>" in history
    assert "by Colin Park" in history and "by Tara Grant" in history
    assert "Rulesubmissions" not in history and "par_sheet" not in history


def test_the_audit_log_names_the_par_lines_by_wager_and_paytable(approved, compliance_officer):
    """Pair Plus D is "Pair Plus paytable D" (§649a.12(d)); no engine key in the record."""
    from casino.models import AuditEvent

    par_jobs.par_sheet_request(submission=approved, user=compliance_officer)
    event = AuditEvent.objects.get(action="rulesubmissions.par_sheet.request")
    lines = event.after["par_sheets"]
    assert "Pair Plus Wager · Pair Plus paytable D" in lines
    assert not any("three_card_poker." in line or "pair_plus" in line for line in lines)


def test_the_list_shows_an_approval_as_the_latest_update(submitted, compliance_officer,
                                                         client_for):
    before = submitted.updated_at
    approved = services.submission_transition(actor=compliance_officer, submission=submitted,
                                              to="approved",
                                              effective_date=timezone.localdate())
    assert approved.updated_at == approved.reviewed_at and approved.updated_at > before
    body = page(client_for(compliance_officer), "list")
    assert f"{timezone.localtime(approved.reviewed_at):%Y-%m-%d %H:%M}" in body


def test_terms_without_a_meter_say_none_instead_of_an_empty_table(
        table_games_manager, keystone, client_for):
    draft = services.submission_create(actor=table_games_manager, property=keystone,
                                       terms=LET_IT_RIDE)
    body = page(client_for(table_games_manager), "detail", draft.pk)
    assert '<p class="muted" id="terms-meters">None: these terms keep no progressive meter.' \
        in body


def test_a_date_without_a_format_reads_as_every_other_date(settings):
    """Django's English default is "Nov. 30, 2026"; the back office writes 2026-11-30."""
    from django.template import Context, Template

    day = timezone.localdate() - timedelta(days=1)
    moment = timezone.make_aware(timezone.datetime(2026, 11, 30, 16, 16))
    shown = Template("{{ day }} | {{ moment }} | {{ day|date }}").render(
        Context({"day": day, "moment": moment}))
    assert shown == f"{day:%Y-%m-%d} | 2026-11-30 16:16 | {day:%Y-%m-%d}"


def test_an_envy_row_names_its_wager_in_dollars(approved, client_for, auditor):
    """The Five-Card Progressive's Envy Bonus pays $1,000.00 on a $1.00 wager (modeled on
    §643a.12(e)(5)): the row says "on a $1.00 wager", never "(wager 1.00)"."""
    body = page(client_for(auditor), "detail", approved.pk)
    assert "Envy Bonus: Royal flush" in body
    assert '<span class="muted"> (on a $1.00 wager)</span>' in body
    assert "(wager 1.00)" not in body
