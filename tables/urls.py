"""The tables app's URLs, room by room, for the URL root (``casino/urls.py``): ``urlpatterns``
are pages under /floor/ (namespace "tables"), ``api_urlpatterns`` are under /api/v1/ (namespace
"api"), ``engine_urlpatterns`` under /api/v1/engine/ (namespace "api:engine") and
``sign_urlpatterns`` the meter signs under /signs/ (namespace "signs", no sign-in)."""

from tables.floor import urls as floor
from tables.meters import urls as meters
from tables.shift import urls as shift
from tables.signs import urls as signs
from tables.slips import urls as slips

ROOMS = (floor, meters, slips, signs, shift)

urlpatterns = [pattern for room in ROOMS for pattern in room.urlpatterns]
api_urlpatterns = [pattern for room in ROOMS for pattern in room.api_urlpatterns]
engine_urlpatterns = floor.engine_urlpatterns
sign_urlpatterns = signs.public_urlpatterns
