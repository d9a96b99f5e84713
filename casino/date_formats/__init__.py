"""Django's format localization for our one language: every date "2026-12-01" and every moment
"2026-12-01 16:16" (24-hour), as the pages, prints and ledgers write them (casino.formats)."""
