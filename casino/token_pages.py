"""The person's Tokens page (their menu, beside Sign out): make a personal API token (its key
shown on this one answer, never again), list one's own, revoke one after a confirmation. The
same services as ``/api/v1/tokens/`` (casino/api_tokens.py), the same throttle."""

import math

from django import forms
from django.conf import settings
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.http import Http404
from django.shortcuts import redirect, render
from django.views.decorators.http import require_http_methods

from casino import tokens
from casino.limits import MAX_ID
from casino.models import ApiToken
from casino.throttles import TokenCreateThrottle


class TokenForm(forms.Form):
    name = forms.CharField(max_length=ApiToken._meta.get_field("name").max_length,
                           help_text="What the token is for (“tablet 3”): the audit log names "
                                     "it beside you.")

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        most = settings.API_TOKEN_MAX_DAYS
        self.fields["expires_in_days"] = forms.IntegerField(
            label="Expires in (days)", min_value=1, max_value=most,
            initial=settings.API_TOKEN_TTL_DAYS, help_text=f"1 to {most} days.")

    def clean_name(self) -> str:
        name = self.cleaned_data["name"].strip()
        if not name:
            raise forms.ValidationError("A name is required: what the token is for.")
        return name


def _mine(request):
    if not tokens.makes_own_tokens(request.user):
        raise PermissionDenied("Only staff members of a property make their own tokens.")


def _page(request, form, *, created=None, key="", status=200):
    return render(request, "casino/tokens.html", {
        "form": form, "tokens": tokens.personal_tokens(request.user), "created": created,
        "key": key}, status=status)


@login_required
@require_http_methods(["GET", "POST"])
def token_list(request):
    """GET: the form and one's tokens; POST: make one and show its key on this answer only
    (no redirect: the key is in no session, message or later page)."""
    _mine(request)
    if request.method == "GET":
        return _page(request, TokenForm())
    form = TokenForm(request.POST)
    if not form.is_valid():
        return _page(request, form, status=400)
    throttle = TokenCreateThrottle()
    if not throttle.allow_request(request, None):
        minutes = math.ceil((throttle.wait() or 60) / 60)
        form.add_error(None, f"You have made too many tokens lately: try again in {minutes} "
                             f"minute{'s' if minutes != 1 else ''}.")
        return _page(request, form, status=429)
    named, key = tokens.personal_token_create(user=request.user, name=form.cleaned_data["name"],
                                              days=form.cleaned_data["expires_in_days"])
    return _page(request, TokenForm(), created=named, key=key)


@login_required
@require_http_methods(["GET", "POST"])
def token_revoke(request, pk: int):
    """GET: what revoking means, and the button; POST: revoke it (it stops working now)."""
    _mine(request)
    named = (tokens.personal_tokens(request.user).filter(pk=pk).first()
             if pk <= MAX_ID else None)
    if named is None:
        raise Http404("No token of yours with that number.")
    if request.method == "GET":
        return render(request, "casino/token_revoke.html", {"token": named})
    tokens.personal_token_revoke(user=request.user, token_id=named.pk)
    messages.success(request, f"Token “{named.name}” revoked: it no longer works.")
    return redirect("tokens")
