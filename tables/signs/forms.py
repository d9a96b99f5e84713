"""The meter page's "Make a sign" button: a table's label or a linked group's name."""

from django import forms

from tables.floor.models import LinkedGroup, Table
from tables.signs.selectors import sign_owner


class SignForm(forms.Form):
    table = forms.CharField(required=False, max_length=Table._meta.get_field("label").max_length)
    linked_group = forms.CharField(
        required=False, max_length=LinkedGroup._meta.get_field("name").max_length)

    def __init__(self, *args, property, **kwargs):
        super().__init__(*args, **kwargs)
        self.property = property

    def clean(self):
        data = super().clean()
        owner, refused = sign_owner(self.property, table=data.get("table", ""),
                                    linked_group=data.get("linked_group", ""))
        for field, words in refused.items():
            self.add_error(field, words)
        return owner
