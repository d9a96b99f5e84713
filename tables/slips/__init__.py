"""The slips room: jackpot slips (§649a.11(c)(5) and their twins; §465a.26): record, validate,
pay, void, print, PDF and the daily report. It uses the meters and the floor below it."""
