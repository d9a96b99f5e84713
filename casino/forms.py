from django import forms


class AuditFilterForm(forms.Form):
    target = forms.CharField(required=False, help_text="app_label.model:id")
    user = forms.CharField(required=False, label="User")
    action = forms.CharField(required=False, help_text="Prefix, e.g. casino.staff")
    date_from = forms.DateField(required=False, widget=forms.DateInput(attrs={"type": "date"}))
    date_to = forms.DateField(required=False, widget=forms.DateInput(attrs={"type": "date"}))

    def filters(self) -> dict:
        data = self.cleaned_data
        return {
            "target": data["target"].strip(),
            "username": data["user"].strip(),
            "action": data["action"].strip(),
            "date_from": data["date_from"],
            "date_to": data["date_to"],
        }
