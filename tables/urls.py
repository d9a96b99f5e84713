"""Engine API, mounted at /api/v1/engine/ (namespace "api:engine")."""

from django.urls import path

from tables import api

app_name = "engine"

urlpatterns = [
    path("settle/", api.SettleView.as_view(), name="settle"),
    path("pai-gow/house-way/", api.PaiGowHouseWayView.as_view(), name="pai-gow-house-way"),
]
