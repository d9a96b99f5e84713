"""An option of a shape the engine defines (Royal 9's King-9 combination of each position,
§627b.3(e)(5)) on the editor page (issue 29): shown in words ("1: Ks 9s; 2: Kh 9h; ..."),
read back as the mapping the engine checks, so a version filed over the API can be edited on
the page without turning into text, and a wrong combination is named on its field."""

import pytest
from django.urls import reverse

from rulesubmissions.engine import game_spec
from rulesubmissions.models import RulesSubmission
from tests.api.test_submission_options import terms_with

pytestmark = pytest.mark.django_db
IN_WORDS = "1: Ks 9s; 2: Kh 9h; 3: Kd 9d; 4: Kc 9c; 5: Ks 9h; 6: Kh 9s; 7: Kd 9c"


def editor_post(terms: dict) -> dict:
    """The editor's fields for ``terms`` (a yes/no option is there only when yes)."""
    post = {"game": terms["game"], **{k: terms[k] for k in ("table_minimum", "table_maximum",
                                                           "payout_limit")}}
    post |= {f"options.{k}": "on" if v is True else v for k, v in terms["options"].items()
             if v not in (None, False)}
    for key, paytable in terms["wagers"].items():
        post |= {f"wagers.{key}.offered": "on", f"wagers.{key}": paytable}
    for key, amounts in terms["meters"].items():
        post |= {f"meters.{key}.{f}": v for f, v in amounts.items()}
    return post


def test_royal_9_combinations_typed_on_the_editor_are_filed_as_each_positions(
        client_for, table_games_manager):
    spec = game_spec("baccarat")
    post = editor_post(terms_with(spec, spec.option("royal_9_combinations")))
    post["options.royal_9_combinations"] = IN_WORDS
    client = client_for(table_games_manager)
    response = client.post(reverse("rulesubmissions:create"), post)
    assert response.status_code == 302
    submission = RulesSubmission.objects.get()
    assert submission.options["royal_9_combinations"] == {
        "1": "Ks 9s", "2": "Kh 9h", "3": "Kd 9d", "4": "Kc 9c", "5": "Ks 9h", "6": "Kh 9s",
        "7": "Kd 9c"}
    page = client.get(reverse("rulesubmissions:edit", args=[submission.pk])).content.decode()
    assert f'value="{IN_WORDS}"' in page


def test_a_combination_that_is_no_king_and_nine_is_refused_on_the_editor(
        client_for, table_games_manager):
    spec = game_spec("baccarat")
    post = editor_post(terms_with(spec, spec.option("royal_9_combinations")))
    post["options.royal_9_combinations"] = IN_WORDS.replace("Kd 9c", "Qd 9c")
    response = client_for(table_games_manager).post(reverse("rulesubmissions:create"), post)
    assert response.status_code == 400
    assert "a personal combination is a King and a Nine (§627b.3(e)(5))" in (
        response.content.decode())
    assert not RulesSubmission.objects.exists()
