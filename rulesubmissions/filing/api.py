"""``GET /api/v1/rules-submissions/{id}/filing-packet/``: the filing packet as a PDF. Errors
are JSON in the one ``Errors`` shape whatever the request accepted (casino/api_errors.py)."""

from __future__ import annotations

from django.shortcuts import get_object_or_404
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import (
    OpenApiExample,
    OpenApiParameter,
    OpenApiResponse,
    extend_schema,
)
from rest_framework.renderers import BaseRenderer, JSONRenderer
from rest_framework.response import Response
from rest_framework.views import APIView

from casino.api_views import errors
from casino.evidence_anchors import anchor_words
from casino.permissions import HasAbility
from rulesubmissions import selectors
from rulesubmissions.filing.content import packet
from rulesubmissions.filing.pdf import packet_pdf

DIGEST_HEADER = "X-Content-SHA256"
# The answer's file, declared as what it is (a generated client reads it as bytes).
PDF_ANSWER = OpenApiResponse(
    OpenApiTypes.BINARY, description="The packet (PDF); its content digest in X-Content-SHA256.")
DIGEST = OpenApiParameter(DIGEST_HEADER, str, OpenApiParameter.HEADER, response=[200],
                          description="The SHA-256 of the packet's content, printed on every "
                                      "page.")


class PDFRenderer(BaseRenderer):
    media_type = "application/pdf"
    format = "pdf"
    charset = None
    render_style = "binary"

    def render(self, data, accepted_media_type=None, renderer_context=None):
        return data


def filing_response(submission, response_class):
    """The packet's PDF with its file name and its content digest in ``X-Content-SHA256``."""
    content = packet(submission)
    # The latest anchor of the property's audit chain and the signing key's fingerprint
    # (issue 28): printed beside the digest, never in it (it changes with every verification).
    printed = {**content, "anchor": anchor_words(submission.property_id)}
    response = response_class(packet_pdf(printed), content_type="application/pdf")
    name = f"{submission.game}-v{submission.version}-filing-packet.pdf"
    response["Content-Disposition"] = f'attachment; filename="{name}"'
    response[DIGEST_HEADER] = content["digest"]
    return response


class FilingPacket(APIView):
    """The filing packet of one version, as the Board receives it: a PDF of the cover, every
    term in words with its section, each paytable with its par sheet, the progressive
    meters, the layout with its checklist and approval, the changes from the version before
    and the version's audit events; page numbers and the content's SHA-256 digest (also in
    the ``X-Content-SHA256`` header) on every page. Par sheets not yet computed are listed as
    such: compute them first (the Par sheet tab)."""

    permission_classes = [HasAbility]
    required_ability = "rulesubmissions.read"
    renderer_classes = [PDFRenderer]

    @extend_schema(
        operation_id="rules_submissions_filing_packet",
        parameters=[DIGEST],
        responses={
            (200, "application/pdf"): PDF_ANSWER,
            **errors(e404="No such version at your properties.",
                     e406="The packet is a PDF: send Accept: application/pdf (or none)."),
        },
        examples=[OpenApiExample("Not at your properties", status_codes=["404"],
                                 value={"errors": {"detail": ["Not found."]}})],
    )
    def get(self, request, pk: int):
        submission = get_object_or_404(selectors.submission_list(user=request.user), pk=pk)
        self.check_object_permissions(request, submission)
        return filing_response(submission, Response)

    def handle_exception(self, exc):
        # A refusal is JSON like every other API error, even to Accept: application/pdf.
        self.request.accepted_renderer = JSONRenderer()
        self.request.accepted_media_type = JSONRenderer.media_type
        return super().handle_exception(exc)
