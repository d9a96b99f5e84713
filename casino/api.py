"""API for the casino app: who am I, and the audit log (read-only)."""

import django_filters
from drf_spectacular.utils import extend_schema
from rest_framework import generics, serializers
from rest_framework.response import Response
from rest_framework.views import APIView

from casino import selectors
from casino.api_filters import Backend, DayFilter, StrictFilterSet
from casino.api_pages import CappedCursor
from casino.audit_display import action_name
from casino.forms import AuditFilterForm
from casino.models import AuditEvent
from casino.permissions import HasAbility, can
from casino.roles import ABILITIES


class PropertySerializer(serializers.Serializer):
    id = serializers.IntegerField()
    name = serializers.CharField()
    license_number = serializers.CharField()


class MeSerializer(serializers.Serializer):
    username = serializers.CharField()
    roles = serializers.ListField(child=serializers.CharField())
    properties = PropertySerializer(many=True)
    abilities = serializers.ListField(child=serializers.CharField())


class MeView(APIView):
    """The signed-in user, their roles, properties and abilities."""

    @extend_schema(responses=MeSerializer)
    def get(self, request):
        user = request.user
        data = {
            "username": user.get_username(),
            "roles": [r.code for r in selectors.user_roles(user)],
            "properties": list(selectors.properties_visible_to(user)),
            "abilities": sorted(a for a in ABILITIES if can(user, a)),
        }
        return Response(MeSerializer(data).data)


class AuditEventSerializer(serializers.ModelSerializer):
    target = serializers.CharField(source="target_key")
    actor = serializers.CharField(source="actor_repr")
    action_name = serializers.SerializerMethodField()
    # What the object was before and after (null for an event that has no such side).
    before = serializers.DictField(allow_null=True)
    after = serializers.DictField(allow_null=True)

    class Meta:
        model = AuditEvent
        fields = ["id", "created_at", "actor", "property", "action", "action_name", "target",
                  "target_repr", "before", "after"]

    def get_action_name(self, obj) -> str:
        """The action in words beside its code ("Rules Submission approved")."""
        return action_name(obj.action)


class AuditEventFilter(StrictFilterSet):
    """The /audit/ page's filters (``casino.forms.AuditFilterForm``, its range check too):
    the object, the person, the action in words or a code, and a date range."""

    target = django_filters.CharFilter(
        max_length=200, help_text="The object, as `app_label.model:id` (`tables.table:3`).")
    user = django_filters.CharFilter(
        max_length=150, help_text="The person: words of their username or name.")
    action = django_filters.CharFilter(
        max_length=100, help_text="The action: a code or its prefix (`rulesubmissions.`), "
                                  "or words of its name (`approved`).")
    date_from = DayFilter(help_text="From this day (YYYY-MM-DD), inclusive.")
    date_to = DayFilter(help_text="To this day (YYYY-MM-DD), inclusive.")
    ranges = (("date_from", "date_to"),)

    class Meta:
        model = AuditEvent
        fields = []
        form = AuditFilterForm

    def filter_queryset(self, queryset):
        try:
            return selectors.audit_event_list(user=self.request.user, **self.form.filters())
        except selectors.BadFilter as exc:
            raise serializers.ValidationError({exc.field: [str(exc)]}) from None


class AuditCursor(CappedCursor):
    """Newest first by the time index (created_at, id): the /audit/ page's order."""

    ordering = ("-created_at", "-id")


class AuditEventList(generics.ListAPIView):
    """Audit events of your properties, newest first (same filters as the /audit/ page), 50 a
    page: follow `next` until it is null (the cursor keeps the filters)."""

    serializer_class = AuditEventSerializer
    permission_classes = [HasAbility]
    required_ability = "audit.read"
    queryset = AuditEvent.objects.none()  # the model, for the schema; rows come from the filter
    filter_backends = [Backend]
    filterset_class = AuditEventFilter
    pagination_class = AuditCursor

    def get_queryset(self):
        return selectors.audit_event_list(user=self.request.user)
