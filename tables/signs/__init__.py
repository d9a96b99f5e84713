"""Meter signs: the progressive meter the players see from the front of the table
(§605a.7(a)(1)); for linked tables one common meter (§605a.8)."""
