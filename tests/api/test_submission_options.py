"""Every option of every game's SPEC through ``POST /api/v1/rules-submissions/`` (issue 29: the
API refused Royal 9's combinations as a mapping, the only shape the engine accepts, so a Royal 9
Progressive submission could not be filed). The cases are read from the engine: a new option
is tested here without a new line. Each option: a valid value of its own shape makes a draft
(201, the value kept), and a value of the wrong shape is a 400 naming ``options.<key>``."""

import pytest

import games
from games.paytables import catalog
from rulesubmissions.engine import available_games, meter_context
from rulesubmissions.validation import needed_meters, submission_options
from tests.rulesubmissions.builders import SEED, terms_for

pytestmark = pytest.mark.django_db
SUBMISSIONS = "/api/v1/rules-submissions/"
NOT_A_SHAPE = {"a mapping": {"1": "x"}, "a list": ["x", "y"], "a text": "not-a-choice-at-all",
               "a number": 999, "yes": True}
KING_9 = ["Ks 9s", "Kh 9h", "Kd 9d", "Kc 9c", "Ks 9h", "Kh 9s", "Kd 9c", "Kc 9d", "Ks 9d"]


def cases():
    for spec in available_games():
        for option in submission_options(spec):
            yield pytest.param(spec, option, id=f"{spec.key}.{option.key}")


def valid_value(spec, option, options):
    """A value the option takes, not its default where it has another (for a value of the
    engine's ``shape``: a King and a Nine for each position of the variant the terms choose,
    a variant the engine's check of the option accepts)."""
    if option.shape:
        variants = games.game_module(spec.key).VARIANTS
        for variant in (options.get("variant"), *variants):
            if variant in variants:
                seats = range(1, min(variants[variant].positions, len(KING_9)) + 1)
                tried = {**options, "variant": variant,
                         option.key: {str(seat): KING_9[seat - 1] for seat in seats}}
                if not option.check(tried):
                    options["variant"] = variant
                    return tried[option.key]
        raise AssertionError(f"no variant takes a value of {option.key}")
    if option.choices:
        others = [c for c in option.choices if c != option.default]
        return (others or list(option.choices))[-1]
    if isinstance(option.default, bool):
        return not option.default
    return option.default + 1


def wrong_values(option):
    """Values of shapes the option does not take."""
    if option.shape:
        return {k: v for k, v in NOT_A_SHAPE.items() if k in ("a text", "a number", "yes")}
    if option.choices:
        return {k: v for k, v in NOT_A_SHAPE.items() if k != "yes"}
    if isinstance(option.default, bool):
        return {k: v for k, v in NOT_A_SHAPE.items() if k != "yes"}
    return {k: v for k, v in NOT_A_SHAPE.items() if k not in ("a number",)}


def terms_with(spec, option):
    """Valid terms that set ``option``: the wagers it rides on offered, the option it goes with
    set, and the meters the options then need given amounts the engine's minimums allow."""
    together = [o for o in submission_options(spec) if o.key == option.key or (
        o.with_option and o.with_option[0] == option.key) or (
        option.with_option and option.with_option[0] == o.key)]
    terms = terms_for(spec, offer=[w for o in together for w in o.requires_wagers])
    options = terms["options"]
    for other in submission_options(spec):  # the wagers that make an option compulsory
        if any(w in terms["wagers"] for w in other.required_with) and options[other.key] is None:
            options[other.key] = list(other.choices)[0]
    options[option.key] = valid_value(spec, option, options)
    for other in submission_options(spec):
        partner = other.with_option and other.with_option[0]
        if partner == option.key and options[other.key] is None:
            options[other.key] = list(other.choices)[0]
        if other.key == option.key and partner and options[partner] is None:
            options[partner] = list(spec.option(partner).choices)[0]
    context = meter_context(options, terms["wagers"], catalog())
    for key, meter in needed_meters(spec, terms["wagers"], options).items():
        if key not in terms["meters"]:
            fixed = meter.configuration(context)
            least = fixed.min_initial if fixed is not None else None
            rate = (fixed.rate if fixed is not None else None) or meter.min_rate or 5
            terms["meters"][key] = {"initial": str(least or SEED), "reset": str(
                (fixed.min_reset if fixed is not None else None) or least or SEED),
                "rate": str(rate)}
    return terms


@pytest.fixture
def manager(api_session_for, table_games_manager):
    return api_session_for(table_games_manager)


@pytest.mark.parametrize("spec, option", list(cases()))
def test_a_valid_value_of_every_option_makes_a_draft_over_the_api(manager, spec, option):
    terms = terms_with(spec, option)
    response = manager.post(SUBMISSIONS, terms, format="json")
    assert response.status_code == 201, response.json()
    assert response.json()["options"][option.key] == terms["options"][option.key]


@pytest.mark.parametrize("spec, option", list(cases()))
def test_a_value_of_the_wrong_shape_for_every_option_is_a_400_naming_it(manager, spec, option):
    for shape, value in wrong_values(option).items():
        terms = terms_with(spec, option)
        terms["options"][option.key] = value
        response = manager.post(SUBMISSIONS, terms, format="json")
        assert response.status_code == 400, (shape, response.json())
        named = [k for k in response.json()["errors"]
                 if k == f"options.{option.key}" or k.startswith(f"options.{option.key}.")]
        assert named, (shape, response.json())


def test_the_schema_declares_each_option_with_the_shape_its_spec_defines(manager):
    schema = manager.get("/api/schema/", {"format": "json"}).json()
    declared = schema["components"]["schemas"]["SubmissionTerms"]["properties"]["options"]
    for spec in available_games():
        for option in submission_options(spec):
            shown = declared["properties"][option.key]
            if option.shape:
                assert shown["oneOf"] == option.shape["oneOf"], option.key
            else:
                assert [s["type"] for s in shown["oneOf"]] == ["string", "boolean", "integer"]


def test_royal_9_combinations_of_a_minibaccarat_table_are_filed_and_each_position_is_checked(
        manager):
    spec = games.spec("baccarat")
    terms = terms_with(spec, spec.option("royal_9_combinations"))
    assert terms["options"]["variant"] == "minibaccarat"
    combinations = {str(seat): KING_9[seat - 1] for seat in range(1, 8)}
    terms["options"]["royal_9_combinations"] = {**combinations, "2": "Ks 9s", "7": "Qh 9h"}
    response = manager.post(SUBMISSIONS, terms, format="json")
    assert response.status_code == 400
    errors = response.json()["errors"]
    assert errors["options.royal_9_combinations.2"] == [
        "9s Ks is another position's combination: each position's is unique (§627b.3(e)(5))"]
    assert errors["options.royal_9_combinations.7"] == [
        "a personal combination is a King and a Nine (§627b.3(e)(5))"]
    terms["options"]["royal_9_combinations"] = list(combinations.values())
    response = manager.post(SUBMISSIONS, terms, format="json")
    assert response.status_code == 201
    assert response.json()["options"]["royal_9_combinations"] == list(combinations.values())
