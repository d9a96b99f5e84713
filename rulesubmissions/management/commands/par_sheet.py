import json

from django.core.management.base import BaseCommand, CommandError

from games.par import GAMES, ParError, par_sheet


def _percent(value: float | None) -> str:
    return "-" if value is None else f"{value * 100:.4f}%"


class Command(BaseCommand):
    help = ("Print a game's par sheet: each wager's house edge, standard deviation and the "
            "probability and return of each paytable row (exact, or simulated with a 95% "
            "confidence interval).")

    def add_arguments(self, parser):
        parser.add_argument("game", choices=GAMES)
        parser.add_argument("--wager", help="one wager's key (default: every wager covered)")
        parser.add_argument("--paytable", help="the regulation's name (letter) or catalog id")
        parser.add_argument("--option", action="append", default=[], metavar="KEY=VALUE",
                            help="e.g. decks=6, meter=25000, rounds=200000, seed=7")
        parser.add_argument("--json", action="store_true", help="print JSON")

    def handle(self, *args, **opts):
        options = {}
        for item in opts["option"]:
            key, sep, value = item.partition("=")
            if not sep or not key:
                raise CommandError(f"--option {item!r}: write it as KEY=VALUE")
            options[key.strip()] = value.strip()
        try:
            result = par_sheet(opts["game"], wager=opts["wager"], paytable=opts["paytable"],
                               options=options)
        except ParError as e:
            raise CommandError("; ".join(f"{field}: {' '.join(msgs)}"
                                         for field, msgs in e.errors.items())) from None
        if opts["json"]:
            self.stdout.write(json.dumps(result, indent=2))
            return
        for w in result["wagers"]:
            title = w["name"] + (f" (paytable {w['paytable']})" if w["paytable"] else "")
            self.stdout.write(title)
            line = f"  house edge {_percent(w['house_edge'])}"
            if w.get("house_edge_per_total_wagered") is not None:
                line += f" ({_percent(w['house_edge_per_total_wagered'])} per total wagered)"
            line += f", standard deviation {w['std_dev']:.4f}, {w['method'].replace('_', ' ')}"
            if w["ci95"]:
                line += f", 95% interval {_percent(w['ci95'][0])} to {_percent(w['ci95'][1])}"
            self.stdout.write(line)
            for row in w["rows"]:
                self.stdout.write(f"    {row['hand']:<42} {row['probability']:>12.8f} "
                                  f"{row['return']:>+12.6f}")
            if w.get("progressive"):
                p = w["progressive"]
                even = (f"${p['break_even_meter']:,.2f}" if p["break_even_meter"] is not None
                        else "none (no meter row)")
                top = (f"1 in {p['top_award_one_in']:,}" if p["top_award_one_in"]
                       else "never seen in this simulation")
                self.stdout.write(f"  break-even meter {even}; top award {top} (New Jersey "
                                  "floor: 1 in 100,000,000)")
            if w.get("strategy"):
                st = w["strategy"]
                self.stdout.write(f"  strategy: {st['name']}; fold {', '.join(st['folds'])}; "
                                  f"Turn Wager on {_percent(st['turn_bet_frequency'])}, River "
                                  f"Wager on {_percent(st['river_bet_frequency'])} of hands played")
            if w.get("envy_return_per_other_player") is not None:
                self.stdout.write(f"  Envy Bonus: {_percent(w['envy_return_per_other_player'])}"
                                  " per other player on a $5 wager")
            for note in w["notes"]:
                self.stdout.write(f"  {note}")
