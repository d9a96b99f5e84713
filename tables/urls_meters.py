"""URLs for the floor's meters: ``urlpatterns`` are pages (namespace "tables"),
``api_urlpatterns`` are mounted under /api/v1/ (namespace "api")."""

from django.urls import path

from tables import api_meters, views_meters

urlpatterns = [
    path("meters/", views_meters.meter_list, name="meter-list"),
    path("meters/board/", views_meters.meter_board, name="meter-board"),
    path("meters/readings/", views_meters.readings, name="meter-readings"),
    path("meters/<int:pk>/", views_meters.meter_detail, name="meter-detail"),
    path("meters/<int:pk>/history.json", views_meters.meter_history, name="meter-history"),
    path("meters/<int:pk>/adjust/", views_meters.adjustment_propose, name="meter-adjust"),
    path("meters/adjustments/<int:pk>/<str:decision>/", views_meters.adjustment_decide,
         name="meter-adjustment-decide"),
    path("tables/<int:table_pk>/meters/<str:key>/seed/", views_meters.meter_seed,
         name="meter-seed"),
]

api_urlpatterns = [
    path("wagers/", api_meters.WagerIngest.as_view(), name="wagers"),
    path("meters/", api_meters.MeterList.as_view(), name="meters"),
    path("meters/<int:pk>/ledger/", api_meters.MeterLedger.as_view(), name="meter-ledger"),
]
