"""Template context shared by every page."""


def casino(request) -> dict:
    return {"current_property": getattr(request, "property", None)}
