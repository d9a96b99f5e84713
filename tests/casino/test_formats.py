"""Counts as the lists say them (casino/formats.py): the audit log's events and the slip list's
slips, with the capped count of issue 24 past 10,000."""

from casino.formats import how_many


def test_a_count_in_words_and_a_count_that_stopped_at_its_cap():
    assert how_many(1, "event") == "1 event"
    assert how_many(0, "slip") == "0 slips"
    assert how_many(2345, "event") == "2,345 events"
    assert how_many(10000, "slip", exact=False) == "More than 10,000 slips"
