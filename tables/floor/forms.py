"""Forms for tables and layouts: they only collect input; the services decide."""

from django import forms

from rulesubmissions import selectors as submissions
from rulesubmissions.forms import game_choices
from tables.floor.models import Layout, LinkedGroup

APPROVED_ONLY = ("Only games with an approved Rules Submission at the property are offered: a "
                 "table plays by one (§601a.2).")


def approved_game_choices(property, keep: str = "") -> list[tuple[str, str]]:
    """(key, name) of the games with an approved Rules Submission at ``property`` (and ``keep``,
    the game a table already has)."""
    return [(key, name) for key, name in game_choices()
            if key == keep or submissions.latest_approved(property=property, game=key)]


class LayoutChoiceField(forms.ModelChoiceField):
    """A layout by its name and where it stands ("Pit 2 felt · Waiting for compliance")."""

    def label_from_instance(self, obj) -> str:
        return f"{obj.name} · {obj.get_status_display()}"


class TableForm(forms.Form):
    label = forms.CharField(max_length=40)
    pit = forms.CharField(max_length=40, required=False)
    game = forms.ChoiceField()
    positions = forms.IntegerField(min_value=1, label="Betting positions")
    progressive_system = forms.CharField(
        max_length=100, required=False, label="Progressive table game system",
        help_text="Its identifier, where progressive wagers are offered (e.g. §649a.2(c)).")
    progressive_lockout = forms.BooleanField(
        required=False, label="The progressive system has a lock-out",
        help_text="Refuses progressive wagers after \"no more bets\" (e.g. §649a.2(c)(2)).")
    electronic_wagering_system = forms.CharField(
        max_length=100, required=False, label="Electronic wagering system",
        help_text="Where the Five Card Hand Bonus or Lucky Shooter/Lucky Nines needs one.")
    linked_group = forms.ModelChoiceField(queryset=LinkedGroup.objects.none(), required=False,
                                          label="Linked progressive group (§605a.8)",
                                          empty_label="Not linked")
    layout = LayoutChoiceField(queryset=Layout.objects.none(), required=False,
                               empty_label="No layout yet",
                               help_text="The table opens only with an approved layout "
                                         "(§601a.10(a)).")

    def __init__(self, *args, property=None, game: str = "", **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["game"].choices = approved_game_choices(property, keep=game)
        self.fields["game"].help_text = APPROVED_ONLY
        self.fields["linked_group"].queryset = LinkedGroup.objects.filter(property=property)
        # Only the layouts of the table's game may be assigned (§601a.10(a)).
        game = game or (self.fields["game"].choices[0][0] if self.fields["game"].choices
                        else "")
        self.fields["layout"].queryset = Layout.objects.filter(property=property, game=game)

    def data_for_service(self) -> dict:
        data = dict(self.cleaned_data)
        data["linked_group"] = data["linked_group"].pk if data["linked_group"] else None
        data["layout"] = data["layout"].pk if data["layout"] else None
        return data


class LayoutForm(forms.Form):
    name = forms.CharField(max_length=100)
    game = forms.ChoiceField(help_text="A layout is checked against the game's approved Rules "
                                       "Submission (§601a.10(a)): only those games are offered.")
    artwork = forms.FileField(help_text="PNG, JPEG or PDF; checked by its content.")

    def __init__(self, *args, property=None, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["game"].choices = approved_game_choices(property)


class ArtworkForm(forms.Form):
    artwork = forms.FileField(label="Replace the artwork")


class ReturnForm(forms.Form):
    comment = forms.CharField(widget=forms.Textarea(attrs={"rows": 3}),
                              label="What must change")


class LinkedGroupForm(forms.Form):
    name = forms.CharField(max_length=100)
    game = forms.ChoiceField()

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["game"].choices = game_choices()

