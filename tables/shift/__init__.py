"""The floor manager's shift (issue 30): one page of the gaming day and the jackpot notice."""
