from django.core.management.base import BaseCommand

from casino.demo import DEMO_PASSWORD, load_demo


class Command(BaseCommand):
    help = "Load the demo casino (idempotent: a second run changes nothing)."

    def add_arguments(self, parser):
        parser.add_argument("--url", default="http://127.0.0.1:8000/",
                            help="where the site runs, for the printed curl example")

    def handle(self, *args, url: str, **options):
        result = load_demo()
        self.stdout.write(f"Demo logins (password for all: {DEMO_PASSWORD}):")
        for username, role, prop in result["users"]:
            self.stdout.write(f"  {username:<12} {role:<20} {prop}")
        token = result["token"]
        self.stdout.write(f"API client token: {token}")
        me = f"{url.rstrip('/')}/api/v1/me/"
        self.stdout.write(f"  curl -H 'Authorization: Token {token}' {me}")
