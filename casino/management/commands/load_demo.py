from django.core.management.base import BaseCommand

from casino.demo import DEMO_PASSWORD, USERS, load_demo
from casino.evidence_anchors import ensure_signing_key
from casino.roles import ROLES


class Command(BaseCommand):
    help = "Load the demo casino (idempotent: a second run changes nothing)."

    def add_arguments(self, parser):
        parser.add_argument("--url", default="http://127.0.0.1:8000/",
                            help="where the site runs, for the printed curl example")

    def handle(self, *args, url: str, **options):
        # The key audit_verify signs each chain's head with (issue 28), made once in var/;
        # production mounts its own (docs/operator.md).
        ensure_signing_key()
        result = load_demo()
        self.stdout.write(f"Demo logins (password for all: {DEMO_PASSWORD}):")
        for username, role, prop in result["users"]:
            # The person and their role in words; the sign-in name is what they type.
            name = USERS[username][2] if username in USERS else username
            label = ROLES[role].label if role in ROLES else role
            self.stdout.write(f"  {username:<12} {name:<14} {label:<20} {prop}")
        token = result["token"]
        me = f"{url.rstrip('/')}/api/v1/me/"
        if token is None:
            self.stdout.write("API client token: issued on the first load (stored hashed, so "
                              "not shown again); a superuser rotates it in the admin.")
            return
        self.stdout.write(f"API client token (shown once): {token}")
        self.stdout.write(f"  curl -H 'Authorization: Token {token}' {me}")
        self.stdout.write(f"  In Swagger's Authorize ({url.rstrip('/')}/api/docs/), type the "
                          f"word Token, a space, then the key: Token {token}")
