"""Sets ``request.property``: the property the signed-in staff member works at (or None)."""

from casino.selectors import current_property


class CurrentPropertyMiddleware:
    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        user = request.user
        request.property = current_property(user) if user.is_authenticated else None
        return self.get_response(request)
