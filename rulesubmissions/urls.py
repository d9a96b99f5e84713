"""Pages under /rules-submissions/ and the API under /api/v1/ (one include in casino/urls.py)."""

from django.urls import include, path

from rulesubmissions import api, par_views, views
from rulesubmissions.filing import api as filing_api
from rulesubmissions.filing import views as filing_views

app_name = "rulesubmissions"

api_v1 = [
    path("rules-submissions/", api.SubmissionList.as_view(), name="api-list"),
    path("rules-submissions/<int:pk>/", api.SubmissionDetail.as_view(), name="api-detail"),
    *(path(f"rules-submissions/<int:pk>/{action}/", api.SubmissionAction.as_view(),
           {"action": action}, name=f"api-{action}")
      for action in api.SubmissionAction.actions()),
    path("rules-submissions/<int:pk>/diff/", api.SubmissionDiff.as_view(), name="api-diff"),
    path("rules-submissions/<int:pk>/filing-packet/", filing_api.FilingPacket.as_view(),
         name="api-filing-packet"),
    path("paytables/", api.PaytableList.as_view(), name="api-paytables"),
    *(path(f"paytables/<int:pk>/{decision}/", api.PaytableDecision.as_view(),
           {"decision": decision}, name=f"api-paytable-{decision}")
      for decision in api.PaytableDecision.DECISIONS),
    path("games/", api.GameList.as_view(), name="api-games"),
]

pages = [
    path("", views.submission_list, name="list"),
    path("queue/", views.compliance_queue, name="queue"),
    path("new/", views.submission_create, name="create"),
    path("editor/fields/", views.editor_fields, name="editor-fields"),
    path("editor/validate/", views.editor_validate, name="editor-validate"),
    path("<int:pk>/", views.submission_detail, name="detail"),
    path("<int:pk>/edit/", views.submission_edit, name="edit"),
    path("<int:pk>/submit/", views.submission_submit, name="submit"),
    path("<int:pk>/review/", views.submission_review, name="review"),
    path("<int:pk>/approve/", views.submission_approve, name="approve"),
    path("<int:pk>/return/", views.submission_return, name="return"),
    path("<int:pk>/new-version/", views.submission_new_version, name="new-version"),
    path("<int:pk>/print/", views.submission_print, name="print"),
    path("<int:pk>/filing-packet/", filing_views.filing_packet, name="filing-packet"),
    path("<int:pk>/par/", par_views.par_tab, name="par"),
    path("<int:pk>/par/run/", par_views.par_run, name="par-run"),
    path("<int:pk>/par/progress/", par_views.par_progress, name="par-progress"),
    path("paytables/", views.paytable_catalog, name="paytables"),
    path("paytables/propose/", views.paytable_propose, name="paytable-propose"),
    path("paytables/<int:pk>/<str:decision>/", views.paytable_decide, name="paytable-decide"),
]

urlpatterns = [
    path("rules-submissions/", include(pages)),
    path("api/v1/", include(api_v1)),
]
