"""Whether the tests run in CI, where a skip would hide a missing service and so must fail."""

import os

# The values CI systems set (GitHub Actions and GitLab: "true"; others: "1"), any case.
TRUTHY = ("1", "true", "yes", "on")


def in_ci() -> bool:
    """``CI`` is set to a true value (``CI=1`` as well as ``CI=true``)."""
    return os.environ.get("CI", "").strip().lower() in TRUTHY
