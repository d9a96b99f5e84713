"""URLs of the shift room: pages under /floor/ (namespace "tables"); no API of its own (the
slips and meters the page reads have theirs)."""

from django.urls import path

from tables.shift import views

urlpatterns: list = [
    path("shift/", views.shift_page, name="shift"),
    path("shift/notice/", views.jackpot_notice, name="jackpot-notice"),
]
api_urlpatterns: list = []
