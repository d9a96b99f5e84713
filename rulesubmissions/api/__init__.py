"""API for Rules Submissions, paytables and the engine's games: thin views over the services,
one module per resource (``submissions``, ``paytables``, ``games``); ``rulesubmissions.urls``
mounts the views named here.

Bad input is a 400 and a refusal by the record's state a 409, both
``{"errors": {field_path: [messages]}}`` (``common.refused``); refusals by role are 403s.
"""

from rulesubmissions.api.games import GameList
from rulesubmissions.api.paytables import PaytableDecision, PaytableList
from rulesubmissions.api.submissions import (
    SubmissionAction,
    SubmissionDetail,
    SubmissionDiff,
    SubmissionList,
)

__all__ = ["GameList", "PaytableDecision", "PaytableList", "SubmissionAction",
           "SubmissionDetail", "SubmissionDiff", "SubmissionList"]
