"""URLs of the floor room: ``urlpatterns`` are pages (namespace "tables"), ``api_urlpatterns``
are mounted under /api/v1/ (namespace "api") and ``engine_urlpatterns`` under /api/v1/engine/
(namespace "api:engine")."""

from django.urls import path

from tables.floor import api, engine, views

urlpatterns: list = [
    path("", views.floor_page, name="floor"),
    path("tables/new/", views.table_edit, name="table-create"),
    path("tables/<int:pk>/", views.table_detail, name="table-detail"),
    path("tables/<int:pk>/edit/", views.table_edit, name="table-edit"),
    path("tables/<int:pk>/terms/", views.table_terms, name="table-terms"),
    *(path(f"tables/<int:pk>/{action}/", views.table_action, {"action": action},
           name=f"table-{action}") for action in ("open", "close")),
    path("linked-groups/new/", views.linked_group_create, name="linked-group-create"),
    path("layouts/", views.layout_list, name="layout-list"),
    path("layouts/queue/", views.layout_queue, name="layout-queue"),
    path("layouts/new/", views.layout_create, name="layout-create"),
    path("layouts/<int:pk>/", views.layout_detail, name="layout-detail"),
    path("layouts/<int:pk>/check/", views.layout_check, name="layout-check"),
    path("layouts/<int:pk>/tick/", views.layout_tick, name="layout-tick"),
    path("layouts/<int:pk>/artwork/", views.layout_artwork, name="layout-artwork"),
    *(path(f"layouts/<int:pk>/{action}/", views.layout_action, {"action": action},
           name=f"layout-{action}") for action in api.LayoutAction.ACTIONS),
]

api_urlpatterns: list = [
    path("tables/", api.TableList.as_view(), name="tables"),
    path("tables/<int:pk>/", api.TableDetail.as_view(), name="table"),
    *(path(f"tables/<int:pk>/{action}/", api.TableAction.as_view(), {"action": action},
           name=f"table-{action}") for action in api.TableAction.ACTIONS),
    path("tables/<int:pk>/settle/", api.TableSettle.as_view(), name="table-settle"),
    path("layouts/", api.LayoutList.as_view(), name="layouts"),
    path("layouts/<int:pk>/", api.LayoutDetail.as_view(), name="layout"),
    *(path(f"layouts/<int:pk>/{action}/", api.LayoutAction.as_view(), {"action": action},
           name=f"layout-{action}") for action in api.LayoutAction.ACTIONS),
    path("linked-groups/", api.LinkedGroupList.as_view(), name="linked-groups"),
    path("games/<str:game>/layout-checklist/", api.LayoutChecklist.as_view(),
         name="layout-checklist"),
]

engine_urlpatterns: list = [
    path("settle/", engine.SettleView.as_view(), name="settle"),
    path("pai-gow/house-way/", engine.PaiGowHouseWayView.as_view(), name="pai-gow-house-way"),
]
