"""The submission page's "Filing packet" button: the same PDF as the API, for staff signed in
(``rulesubmissions.read`` at the version's property)."""

from django.http import HttpResponse

from casino.permissions import ability_required
from rulesubmissions.filing.api import filing_response
from rulesubmissions.views import _submission


@ability_required("rulesubmissions.read")
def filing_packet(request, pk: int):
    return filing_response(_submission(request, pk), HttpResponse)
