"""API for the casino app: who am I, and the audit log (read-only)."""

from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework import generics, serializers
from rest_framework.response import Response
from rest_framework.views import APIView

from casino import selectors
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

    class Meta:
        model = AuditEvent
        fields = ["id", "created_at", "actor", "property", "action", "action_name", "target",
                  "target_repr", "before", "after"]

    def get_action_name(self, obj) -> str:
        """The action in words beside its code ("Rules Submission approved")."""
        return action_name(obj.action)


class AuditEventList(generics.ListAPIView):
    """Audit events of your properties, newest first (same filters as the /audit/ page)."""

    serializer_class = AuditEventSerializer
    permission_classes = [HasAbility]
    required_ability = "audit.read"

    def get_queryset(self):
        # Bad filters are 400s shaped like every other API error: {"errors": {field: [...]}}.
        form = AuditFilterForm(self.request.query_params)
        if not form.is_valid():
            raise serializers.ValidationError({"errors": form.errors})
        try:
            return selectors.audit_event_list(user=self.request.user, **form.filters())
        except selectors.BadFilter as exc:
            raise serializers.ValidationError({"errors": {exc.field: [str(exc)]}}) from None

    @extend_schema(parameters=[
        OpenApiParameter("target", str, description="app_label.model:id"),
        OpenApiParameter("user", str, description="username of the actor"),
        OpenApiParameter("action", str, description="action code prefix"),
        OpenApiParameter("date_from", str, description="YYYY-MM-DD"),
        OpenApiParameter("date_to", str, description="YYYY-MM-DD"),
    ])
    def get(self, request, *args, **kwargs):
        return super().get(request, *args, **kwargs)
