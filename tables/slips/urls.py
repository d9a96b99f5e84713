"""URLs of the slips room: ``urlpatterns`` are pages (namespace "tables"),
``api_urlpatterns`` are mounted under /api/v1/ (namespace "api")."""

from django.urls import path

from tables.slips import api, views

urlpatterns: list = [
    path("slips/", views.slip_list, name="slip-list"),
    path("slips/report/", views.slip_report, name="slip-report"),
    path("slips/export.csv", views.slips_csv, name="slip-export"),
    path("slips/record/", views.slip_record, name="slip-record"),
    path("slips/record/<int:table_pk>/", views.slip_record, name="slip-record"),
    path("slips/record/<int:table_pk>/preview/", views.slip_preview,
         name="slip-preview"),
    path("slips/<int:pk>/", views.slip_detail, name="slip-detail"),
    path("slips/<int:pk>/validate/", views.slip_validate, name="slip-validate"),
    path("slips/<int:pk>/pay/", views.slip_pay, name="slip-pay"),
    path("slips/<int:pk>/void/", views.slip_void, name="slip-void"),
    path("slips/<int:pk>/void/confirm/", views.slip_void_confirm, name="slip-void-confirm"),
    path("slips/<int:pk>/print/", views.slip_print, name="slip-print"),
    path("slips/<int:pk>/pdf/", views.slip_pdf, name="slip-pdf"),
]
api_urlpatterns: list = [
    path("jackpot-slips/", api.SlipList.as_view(), name="jackpot-slips"),
    path("jackpot-slips/preview/", api.SlipPreview.as_view(),
         name="jackpot-slip-preview"),
    path("jackpot-slips/<int:pk>/", api.SlipDetail.as_view(), name="jackpot-slip"),
    path("jackpot-slips/<int:pk>/validate/", api.SlipValidate.as_view(),
         name="jackpot-slip-validate"),
    path("jackpot-slips/<int:pk>/pay/", api.SlipPay.as_view(), name="jackpot-slip-pay"),
    path("jackpot-slips/<int:pk>/void/", api.SlipVoid.as_view(),
         name="jackpot-slip-void"),
    path("jackpot-slips/<int:pk>/void/confirm/", api.SlipVoidConfirm.as_view(),
         name="jackpot-slip-void-confirm"),
]
