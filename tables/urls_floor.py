"""URLs for the floor's floor: ``urlpatterns`` are pages (namespace "tables"),
``api_urlpatterns`` are mounted under /api/v1/ (namespace "api")."""

urlpatterns: list = []
api_urlpatterns: list = []
