"""The bodies and answers of the signs API: a new sign names a table or a linked group of the
caller's property (one of them); a sign is listed with what it shows, never its secret (only
its SHA-256 is kept, and the address is said once, when the sign is made)."""

from rest_framework import serializers

from casino.api_fields import StrictSerializer, text_of
from tables.floor.models import LinkedGroup, Table
from tables.signs.models import MeterSign
from tables.signs.selectors import sign_owner


class SignBody(StrictSerializer):
    """``{"table": label}`` or ``{"linked_group": name}``, of the caller's property."""

    table = text_of(Table, "label", required=False,
                    help_text="The table's label (a sign for one table).")
    linked_group = text_of(LinkedGroup, "name", required=False,
                           help_text="The linked group's name (one common meter, §605a.8).")

    def validate(self, attrs):
        owner, refused = sign_owner(self.context["property"], table=attrs.get("table", ""),
                                    linked_group=attrs.get("linked_group", ""))
        if refused:
            raise serializers.ValidationError({k: [v] for k, v in refused.items()})
        return owner


class SignSerializer(serializers.ModelSerializer):
    """A sign of the property: for which table or linked group, made when."""

    table = serializers.CharField(source="table.label", default=None, allow_null=True)
    linked_group = serializers.CharField(source="linked_group.name", default=None,
                                         allow_null=True)

    class Meta:
        model = MeterSign
        fields = ["id", "table", "linked_group", "created_at"]


class NewSignSerializer(SignSerializer):
    """The sign just made and its address, said this once: open it on the pit's screen."""

    url = serializers.SerializerMethodField()

    class Meta(SignSerializer.Meta):
        fields = [*SignSerializer.Meta.fields, "url"]

    def get_url(self, sign) -> str:
        return self.context["url"]
