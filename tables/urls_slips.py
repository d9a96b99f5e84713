"""URLs for the floor's slips: ``urlpatterns`` are pages (namespace "tables"),
``api_urlpatterns`` are mounted under /api/v1/ (namespace "api")."""

from django.urls import path

from tables import api_slips, views_slips

urlpatterns: list = [
    path("slips/", views_slips.slip_list, name="slip-list"),
    path("slips/report/", views_slips.slip_report, name="slip-report"),
    path("slips/record/", views_slips.slip_record, name="slip-record"),
    path("slips/record/<int:table_pk>/", views_slips.slip_record, name="slip-record"),
    path("slips/record/<int:table_pk>/preview/", views_slips.slip_preview,
         name="slip-preview"),
    path("slips/<int:pk>/", views_slips.slip_detail, name="slip-detail"),
    path("slips/<int:pk>/validate/", views_slips.slip_validate, name="slip-validate"),
    path("slips/<int:pk>/pay/", views_slips.slip_pay, name="slip-pay"),
    path("slips/<int:pk>/void/", views_slips.slip_void, name="slip-void"),
    path("slips/<int:pk>/print/", views_slips.slip_print, name="slip-print"),
    path("slips/<int:pk>/pdf/", views_slips.slip_pdf, name="slip-pdf"),
]
api_urlpatterns: list = [
    path("jackpot-slips/", api_slips.SlipList.as_view(), name="jackpot-slips"),
    path("jackpot-slips/preview/", api_slips.SlipPreview.as_view(),
         name="jackpot-slip-preview"),
    path("jackpot-slips/<int:pk>/", api_slips.SlipDetail.as_view(), name="jackpot-slip"),
    path("jackpot-slips/<int:pk>/validate/", api_slips.SlipValidate.as_view(),
         name="jackpot-slip-validate"),
    path("jackpot-slips/<int:pk>/pay/", api_slips.SlipPay.as_view(), name="jackpot-slip-pay"),
    path("jackpot-slips/<int:pk>/void/", api_slips.SlipVoid.as_view(),
         name="jackpot-slip-void"),
]
