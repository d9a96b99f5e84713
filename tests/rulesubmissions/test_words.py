"""Words for people, not for developers: no file names, module paths, "excerpts" or
snake_case on the pages a compliance officer reads; names from games/names.py."""

import re

import pytest
from django.urls import reverse

from games.names import choice_name, hand_name
from games.paytables import builtin_catalog

pytestmark = pytest.mark.django_db

DEVELOPER_WORDS = re.compile(r"facts\.md|excerpt|NOT KNOWN|elided|games\.[a-z_]+\.|\bNone\b")


def visible_text(html: str) -> str:
    """The page without tags, attributes, scripts and styles: what a person reads."""
    html = re.sub(r"<(script|style)\b.*?</\1>", " ", html, flags=re.S)
    html = re.sub(r"<code>.*?</code>", " ", html, flags=re.S)  # ids kept beside names
    return re.sub(r"<[^>]+>", " ", html)


def test_hands_and_choices_read_as_people_say_them():
    assert hand_name("three_card_blazing_7s") == "Three card Blazing 7's"
    assert hand_name("envy_mini_royal") == "Envy Bonus: Mini royal (A-K-Q suited)"
    assert choice_name("dealing_procedure", "automated_shoe") == "Automated dealing shoe"
    assert choice_name("ante_bonus", None) == "not set"
    assert choice_name("vigorish_rounding", "none") == \
        "No rounding (never a fraction of a cent)"


def test_no_source_note_speaks_of_files_or_excerpts():
    for p in builtin_catalog():
        assert not DEVELOPER_WORDS.search(p.source_note), (p.id, p.source_note)


def test_the_catalog_detail_and_print_are_in_plain_words(client_for, auditor, approved):
    for url in (reverse("rulesubmissions:paytables"),
                reverse("rulesubmissions:detail", args=[approved.pk]),
                reverse("rulesubmissions:print", args=[approved.pk]),
                reverse("rulesubmissions:review", args=[approved.pk])):
        text = visible_text(client_for(auditor).get(url).content.decode())
        assert not DEVELOPER_WORDS.search(text), (url, DEVELOPER_WORDS.search(text))
        snake = re.findall(r"\b[a-z]+_[a-z_]+\b", text)
        assert not snake, (url, snake[:5])


def test_the_detail_names_the_dealing_procedure_and_an_unset_option(client_for, auditor,
                                                                    approved):
    text = visible_text(client_for(auditor).get(
        reverse("rulesubmissions:detail", args=[approved.pk])).content.decode())
    assert "Manual dealing shoe" in text
    assert "Standard (no Envy version)" in text
