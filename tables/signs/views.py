"""Meter signs: the public sign a pit's screen shows (no sign-in; the secret address is the
key) and its state, polled by the sign's script; and the floor's page of signs.

The state answers "not modified" from the sign's cheap version (``selectors.sign_version``) so
a screen costs almost nothing between changes; nothing is cached on the way (no-store)."""

from django.http import Http404, HttpResponseNotModified, JsonResponse
from django.shortcuts import render
from django.urls import reverse
from django.utils.cache import add_never_cache_headers
from django.views.decorators.http import require_GET, require_POST

from casino.permissions import ability_required, can
from tables.signs import selectors, services
from tables.signs.forms import SignForm


def _sign(secret: str):
    sign = selectors.sign_for_secret(secret)
    if sign is None:
        raise Http404("No such sign.")
    return sign


def _private(response):
    """No copy kept by a browser or proxy; the address (the secret) never sent onward."""
    add_never_cache_headers(response)
    response["Referrer-Policy"] = "no-referrer"
    return response


@require_GET
def sign_page(request, secret: str):
    """The sign, large: each amount the players can win (§605a.7(a)(1))."""
    sign = _sign(secret)
    version = selectors.sign_version(sign)
    return _private(render(request, "tables/signs/sign.html", {
        "state": selectors.sign_state(sign, version), "etag": version.etag}))


@require_GET
def sign_state(request, secret: str):
    """The sign's state as JSON, or 304 when the screen's ``If-None-Match`` is the version."""
    sign = _sign(secret)
    version = selectors.sign_version(sign)
    etag = version.etag
    if etag in (t.strip() for t in request.headers.get("If-None-Match", "").split(",")):
        response = HttpResponseNotModified()
    else:
        response = JsonResponse(selectors.sign_state(sign, version))
    response["ETag"] = etag
    return _private(response)


@ability_required("tables.read")
def sign_list(request):
    return render(request, "tables/signs/list.html", {
        "signs": selectors.active_signs(request.property),
        "may_manage": can(request.user, "tables.operate", request.property)})


@require_POST
@ability_required("tables.operate")
def sign_make(request):
    """Make a sign and say its address, this once (only its SHA-256 is kept)."""
    form = SignForm(request.POST, property=request.property)
    if not form.is_valid():
        return render(request, "tables/signs/list.html", {
            "signs": selectors.active_signs(request.property), "may_manage": True,
            "form": form}, status=400)
    sign, secret = services.sign_create(actor=request.user, **form.cleaned_data)
    url = request.build_absolute_uri(reverse("signs:page", args=[secret]))
    return _private(render(request, "tables/signs/made.html", {"sign": sign, "url": url}))


@require_POST
@ability_required("tables.operate")
def sign_revoke(request, pk: int):
    if not services.sign_revoke(actor=request.user, property=request.property, pk=pk):
        raise Http404("No such sign.")
    return render(request, "tables/signs/list.html", {
        "signs": selectors.active_signs(request.property), "may_manage": True,
        "revoked": True})
