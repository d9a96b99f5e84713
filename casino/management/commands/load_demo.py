from django.core.management.base import BaseCommand

from casino.demo import DEMO_PASSWORD, load_demo


class Command(BaseCommand):
    help = "Load the demo casino (idempotent: a second run changes nothing)."

    def handle(self, *args, **options):
        result = load_demo()
        self.stdout.write(f"Demo logins (password for all: {DEMO_PASSWORD}):")
        for username, role, prop in result["users"]:
            self.stdout.write(f"  {username:<12} {role:<20} {prop}")
        self.stdout.write(f"API client token: {result['token']}")
        token = result["token"]
        self.stdout.write(f"  curl -H 'Authorization: Token {token}' http://127.0.0.1:8000/api/v1/me/")
