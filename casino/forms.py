"""Forms of the casino app: the audit log's filters (the page's and the API's)."""

import datetime as dt

from django import forms

# No casino record is dated before 2000 or after 2100; the bounds keep a range's day before and
# after inside the calendar (``9999-12-31`` plus a day was a 500).
FIRST_DAY = dt.date(2000, 1, 1)
LAST_DAY = dt.date(2100, 12, 31)


def day_param(value: object, default=None):
    """A page's ``?day=`` (``YYYY-MM-DD``) as a date within ``FIRST_DAY``..``LAST_DAY``;
    ``default`` when it is absent, unreadable or outside (``0001-01-01`` minus a day was a
    500)."""
    try:
        day = dt.date.fromisoformat(str(value or ""))
    except ValueError:
        return default
    return day if FIRST_DAY <= day <= LAST_DAY else default


class DayField(forms.DateField):
    """A date between ``FIRST_DAY`` and ``LAST_DAY`` (pages' date filters and the API's)."""

    def to_python(self, value):
        day = super().to_python(value)
        if day is not None and not FIRST_DAY <= day <= LAST_DAY:
            raise forms.ValidationError(
                f"a date from {FIRST_DAY.isoformat()} to {LAST_DAY.isoformat()}",
                code="out_of_range")
        return day


class AuditFilterForm(forms.Form):
    """Filters of /audit/ and /api/v1/audit-events/: the object (picked on the page among
    the events' objects; the API takes ``app_label.model:id``), the person (username or name),
    the action (in words or a code), and a date range."""

    target = forms.CharField(required=False, label="Object", max_length=200,
                             widget=forms.Select(choices=[("", "Any object")]))
    user = forms.CharField(required=False, label="Person", max_length=150,
                           widget=forms.TextInput(attrs={"list": "audit-people",
                                                         "placeholder": "Name or username"}))
    action = forms.CharField(required=False, label="Action", max_length=100,
                             widget=forms.TextInput(attrs={"list": "audit-actions",
                                                           "placeholder": "e.g. approved"}))
    date_from = DayField(required=False, label="From",
                                widget=forms.DateInput(attrs={"type": "date"}))
    date_to = DayField(required=False, label="To",
                              widget=forms.DateInput(attrs={"type": "date"}))

    def offer_objects(self, groups) -> None:
        """The page's objects to pick from, by kind (``casino.selectors.page_objects``)."""
        self.fields["target"].widget.choices = [("", "Any object"), *groups]

    def clean(self):
        data = super().clean()
        start, end = data.get("date_from"), data.get("date_to")
        if start and end and start > end:
            self.add_error("date_to", f"the range ends before it starts ({start} is after "
                                      f"{end})")
        return data

    def filters(self) -> dict:
        data = self.cleaned_data
        return {
            "target": data["target"].strip(),
            "username": data["user"].strip(),
            "action": data["action"].strip(),
            "date_from": data["date_from"],
            "date_to": data["date_to"],
        }
