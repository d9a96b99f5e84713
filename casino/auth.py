"""Signing in to the web pages: throttled by django-axes, closed to API client accounts.

Repeated failures lock out the username and, separately, the address they come from
(``AXES_LOCKOUT_PARAMETERS``) for ``AXES_COOLOFF_TIME``; a superuser unlocks early by
deleting the "access attempts" in the admin. Every sign-in, failure, lockout, unlock and
sign-out is audited (casino/signals.py).
"""

import copy

from axes.backends import AxesStandaloneBackend
from django import forms
from django.conf import settings
from django.contrib.auth import views as auth_views
from django.contrib.auth.forms import AuthenticationForm
from django.contrib.auth.signals import user_login_failed
from django.http import QueryDict
from django.utils.datastructures import MultiValueDict
from drf_spectacular.authentication import SessionScheme as _SessionScheme
from rest_framework.authentication import CSRFCheck
from rest_framework.authentication import SessionAuthentication as _DrfSessionAuthentication
from rest_framework.exceptions import PermissionDenied

from casino.permissions import can


def client_address(request) -> str:
    """The address a sign-in came from (throttling, audit): behind the TLS proxy
    (``DJANGO_BEHIND_TLS_PROXY``) the last address in ``X-Forwarded-For``, which the proxy
    itself appended (earlier ones are whatever the client sent)."""
    if settings.BEHIND_TLS_PROXY:
        forwarded = request.META.get("HTTP_X_FORWARDED_FOR", "")
        if forwarded.strip():
            return forwarded.split(",")[-1].strip()
    return request.META.get("REMOTE_ADDR", "")


class SignInThrottleBackend(AxesStandaloneBackend):
    """Axes' lockout check for every sign-in through a request (the login page, the admin's).

    ``authenticate()`` without a request (management commands, tests) has no address to
    throttle and no web session to open, so it is passed on to the next backend instead of
    raising."""

    def authenticate(self, request, username=None, password=None, **kwargs):
        if request is None:
            return None
        return super().authenticate(request, username=username, password=password, **kwargs)


class SignInForm(AuthenticationForm):
    """The login form; API client accounts are integrations, not people, and use a token."""

    error_messages = {
        **AuthenticationForm.error_messages,
        "api_client": "This is an API client account: it uses an API token and cannot sign "
                      "in to the web pages.",
    }

    def confirm_login_allowed(self, user):
        super().confirm_login_allowed(user)
        if not user.is_superuser and can(user, "api.access"):
            # A refused sign-in: audited and counted towards the lockout like a wrong password.
            user_login_failed.send(sender=__name__, request=self.request,
                                   credentials={"username": user.get_username()})
            raise forms.ValidationError(self.error_messages["api_client"], code="api_client")


class SignInView(auth_views.LoginView):
    form_class = SignInForm
    redirect_authenticated_user = True


class SessionAuthentication(_DrfSessionAuthentication):
    """The API for signed-in staff (pages' htmx calls): the CSRF token comes in the
    ``X-CSRFToken`` header. DRF's check also reads a form body's ``csrfmiddlewaretoken``,
    which parses the body before the role is checked (a bad body was a 400 where the
    caller's role is due a 403); the header alone is read here."""

    def enforce_csrf(self, request):
        django_request = copy.copy(request._request)
        django_request._post, django_request._files = QueryDict(), MultiValueDict()
        check = CSRFCheck(lambda _request: None)
        check.process_request(django_request)
        reason = check.process_view(django_request, None, (), {})
        if reason:
            raise PermissionDenied(f"CSRF Failed: {reason}")


class SessionScheme(_SessionScheme):
    """The schema's ``cookieAuth`` for ``SessionAuthentication`` above."""

    target_class = "casino.auth.SessionAuthentication"
