"""URLs of the meters room: ``urlpatterns`` are pages (namespace "tables"),
``api_urlpatterns`` are mounted under /api/v1/ (namespace "api")."""

from django.urls import path

from tables.meters import api, views

urlpatterns = [
    path("meters/", views.meter_list, name="meter-list"),
    path("meters/board/", views.meter_board, name="meter-board"),
    path("meters/readings/", views.readings, name="meter-readings"),
    path("meters/readings.csv", views.readings_csv, name="meter-readings-csv"),
    path("meters/ledger.csv", views.ledgers_csv, name="meter-ledgers-csv"),
    path("meters/<int:pk>/ledger.csv", views.meter_ledger_csv, name="meter-ledger-csv"),
    path("meters/<int:pk>/", views.meter_detail, name="meter-detail"),
    path("meters/<int:pk>/history.json", views.meter_history, name="meter-history"),
    path("meters/<int:pk>/adjust/", views.adjustment_propose, name="meter-adjust"),
    path("meters/adjustments/<int:pk>/<str:decision>/", views.adjustment_decide,
         name="meter-adjustment-decide"),
    path("tables/<int:table_pk>/meters/<str:key>/seed/", views.meter_seed,
         name="meter-seed"),
]

api_urlpatterns = [
    path("wagers/", api.WagerIngest.as_view(), name="wagers"),
    path("meters/", api.MeterList.as_view(), name="meters"),
    path("meters/<int:pk>/ledger/", api.MeterLedger.as_view(), name="meter-ledger"),
]
