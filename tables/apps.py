"""The tables app: one Django app (label ``tables``, one migration history) in three rooms,
wired here so that dependencies run one way (slips -> meters -> floor): a lower room asks
through its ``hooks`` what a higher room registers in ``ready()``."""

from django.apps import AppConfig


class TablesConfig(AppConfig):
    name = "tables"
    verbose_name = "Tables"

    def ready(self) -> None:
        from tables import registrations
        from tables.floor import hooks as floor_hooks
        from tables.meters import hooks as meter_hooks
        from tables.meters import selectors as meters
        from tables.meters import tasks  # noqa: F401  (Celery finds tables.tasks only)
        from tables.slips import selectors as slip_selectors
        from tables.slips import services as slips

        # A table opens only with every meter its terms need seeded (§605a.7(a)); its rounds
        # settle with the live meters (§601a.2).
        floor_hooks.opening_check(meters.opening_problems)
        floor_hooks.live_meters_from(meters.live_meter_amounts)
        # The floor's pages show each table's meters and slips.
        floor_hooks.floor_column(floor_hooks.PagePart("tables/meters/_floor_table_meters.html",
                                                      heading="Meters"))
        floor_hooks.table_page_section(floor_hooks.PagePart("tables/meters/_table_meters.html"))
        floor_hooks.table_page_section(floor_hooks.PagePart("tables/slips/_table_slips.html"))
        # A Must-Hit-By win is documented by a slip the system records (§631b.6(c)(5)).
        meter_hooks.mystery_slips_from(meter_hooks.MysterySlips(
            number=slips.next_number, record=slips.mystery_slip_record))
        # A jackpot recorded against a meter is pending on it until paid or voided (issue 19).
        meter_hooks.pending_jackpots_from(slip_selectors.pending_jackpots)
        registrations.register()  # what casino's ground floor shows for us (casino.registry)
        # Final records the database refuses to change (issue 28; SQLite re-made each migrate).
        from casino.frozen import reinstall_on_migrate
        from tables.frozen import FREEZES

        reinstall_on_migrate(self, FREEZES)
        # A Rules Submission's filing packet carries its layout and checklist (issue 22).
        from rulesubmissions.filing import register_packet_section
        from tables.floor.filing import layout_sections

        register_packet_section(layout_sections)
