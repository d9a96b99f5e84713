"""URLs of the signs room: ``urlpatterns`` are the floor's pages (namespace "tables"),
``api_urlpatterns`` are under /api/v1/ (namespace "api"), ``public_urlpatterns`` the signs
themselves under /signs/ (namespace "signs"; no sign-in, the secret is the key)."""

from django.urls import path

from tables.signs import api, views

urlpatterns = [
    path("signs/", views.sign_list, name="sign-list"),
    path("signs/new/", views.sign_make, name="sign-make"),
    path("signs/<int:pk>/revoke/", views.sign_revoke, name="sign-revoke"),
]

api_urlpatterns = [
    path("signs/", api.SignList.as_view(), name="signs"),
    path("signs/<int:pk>/", api.SignDetail.as_view(), name="sign-detail"),
]

public_urlpatterns = [
    path("<str:secret>/", views.sign_page, name="page"),
    path("<str:secret>/state", views.sign_state, name="state"),
]
