from django.contrib import admin
from django.contrib.auth import views as auth_views
from django.urls import include, path
from drf_spectacular.views import SpectacularAPIView, SpectacularSwaggerSplitView

from casino import api, api_tokens, health, token_pages, views
from casino.auth import SignInView
from tables import urls as floor

api_v1 = [
    path("me/", api.MeView.as_view(), name="me"),
    path("audit-events/", api.AuditEventList.as_view(), name="audit-events"),
    path("tokens/", api_tokens.TokenList.as_view(), name="tokens"),
    path("tokens/<int:pk>/", api_tokens.TokenDetail.as_view(), name="token-detail"),
    path("engine/", include((floor.engine_urlpatterns, "engine"))),
    *floor.api_urlpatterns,
]

urlpatterns = [
    path("", views.dashboard, name="dashboard"),
    path("login/", SignInView.as_view(), name="login"),
    path("logout/", auth_views.LogoutView.as_view(), name="logout"),
    path("properties/<int:pk>/", views.property_detail, name="property_detail"),
    path("audit/", views.audit_log, name="audit_log"),
    path("tokens/", token_pages.token_list, name="tokens"),
    path("tokens/<int:pk>/revoke/", token_pages.token_revoke, name="token-revoke"),
    path("healthz", health.healthz, name="healthz"),
    path("admin/", admin.site.urls),
    path("api/v1/", include((api_v1, "api"), namespace="api")),
    path("", include("rulesubmissions.urls")),
    path("floor/", include((floor.urlpatterns, "tables"), namespace="tables")),
    path("signs/", include((floor.sign_urlpatterns, "signs"), namespace="signs")),
    path("api/schema/", SpectacularAPIView.as_view(), name="api-schema"),
    # The split view serves its start-up script as a file: no inline script (CSP).
    path("api/docs/", SpectacularSwaggerSplitView.as_view(url_name="api-schema"),
         name="api-docs"),
]

# JSON errors for any URL under /api/ that no view answers; the product's pages elsewhere.
handler400 = "casino.error_pages.bad_request"
handler403 = "casino.error_pages.permission_denied"
handler404 = "casino.error_pages.page_not_found"
handler500 = "casino.error_pages.server_error"
