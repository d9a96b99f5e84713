"""URLs for the floor's floor: ``urlpatterns`` are pages (namespace "tables"),
``api_urlpatterns`` are mounted under /api/v1/ (namespace "api")."""

from django.urls import path

from tables import api_floor, views_floor

urlpatterns: list = [
    path("", views_floor.floor_page, name="floor"),
    path("tables/new/", views_floor.table_edit, name="table-create"),
    path("tables/<int:pk>/", views_floor.table_detail, name="table-detail"),
    path("tables/<int:pk>/edit/", views_floor.table_edit, name="table-edit"),
    *(path(f"tables/<int:pk>/{action}/", views_floor.table_action, {"action": action},
           name=f"table-{action}") for action in ("open", "close")),
    path("linked-groups/new/", views_floor.linked_group_create, name="linked-group-create"),
    path("layouts/", views_floor.layout_list, name="layout-list"),
    path("layouts/queue/", views_floor.layout_queue, name="layout-queue"),
    path("layouts/new/", views_floor.layout_create, name="layout-create"),
    path("layouts/<int:pk>/", views_floor.layout_detail, name="layout-detail"),
    path("layouts/<int:pk>/check/", views_floor.layout_check, name="layout-check"),
    path("layouts/<int:pk>/artwork/", views_floor.layout_artwork, name="layout-artwork"),
    *(path(f"layouts/<int:pk>/{action}/", views_floor.layout_action, {"action": action},
           name=f"layout-{action}") for action in api_floor.LayoutAction.ACTIONS),
]

api_urlpatterns: list = [
    path("tables/", api_floor.TableList.as_view(), name="tables"),
    path("tables/<int:pk>/", api_floor.TableDetail.as_view(), name="table"),
    *(path(f"tables/<int:pk>/{action}/", api_floor.TableAction.as_view(), {"action": action},
           name=f"table-{action}") for action in api_floor.TableAction.ACTIONS),
    path("tables/<int:pk>/settle/", api_floor.TableSettle.as_view(), name="table-settle"),
    path("layouts/", api_floor.LayoutList.as_view(), name="layouts"),
    path("layouts/<int:pk>/", api_floor.LayoutDetail.as_view(), name="layout"),
    *(path(f"layouts/<int:pk>/{action}/", api_floor.LayoutAction.as_view(), {"action": action},
           name=f"layout-{action}") for action in api_floor.LayoutAction.ACTIONS),
    path("linked-groups/", api_floor.LinkedGroupList.as_view(), name="linked-groups"),
    path("games/<str:game>/layout-checklist/", api_floor.LayoutChecklist.as_view(),
         name="layout-checklist"),
]
