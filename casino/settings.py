"""Settings for the casino back office: one file, typed environment variables.

Every variable is read through a typed helper that raises ``ImproperlyConfigured`` on a bad
value, so a typo in deployment fails at start-up instead of misbehaving later. See the operator's
guide, docs/operator.md, "Environment variables".
"""

import os
from datetime import timedelta
from pathlib import Path

import dj_database_url
from django.core.exceptions import ImproperlyConfigured

BASE_DIR = Path(__file__).resolve().parent.parent

_TRUE = {"1", "true", "yes", "on"}
_FALSE = {"0", "false", "no", "off", ""}


def env_str(name: str, default: str = "") -> str:
    return os.environ.get(name, default)


def env_bool(name: str, default: bool) -> bool:
    raw = os.environ.get(name)
    if raw is None:
        return default
    value = raw.strip().lower()
    if value in _TRUE:
        return True
    if value in _FALSE:
        return False
    raise ImproperlyConfigured(f"{name}={raw!r} is not a boolean (use true/false, 1/0, yes/no).")


def env_int(name: str, default: int) -> int:
    raw = os.environ.get(name)
    if raw is None or raw.strip() == "":
        return default
    try:
        return int(raw)
    except ValueError:
        raise ImproperlyConfigured(f"{name}={raw!r} is not an integer.") from None


def env_float(name: str, default: float) -> float:
    raw = os.environ.get(name)
    if raw is None or raw.strip() == "":
        return default
    try:
        return float(raw)
    except ValueError:
        raise ImproperlyConfigured(f"{name}={raw!r} is not a number.") from None


def env_list(name: str, default: list[str]) -> list[str]:
    raw = os.environ.get(name)
    if raw is None:
        return default
    return [item.strip() for item in raw.split(",") if item.strip()]


def env_choice(name: str, default: str, choices: set[str]) -> str:
    value = os.environ.get(name, default)
    if value not in choices:
        raise ImproperlyConfigured(f"{name}={value!r} must be one of {sorted(choices)}.")
    return value


# --- Environment -----------------------------------------------------------------------------

DJANGO_ENV = env_choice("DJANGO_ENV", "development", {"development", "production"})
PRODUCTION = DJANGO_ENV == "production"

# Writable state for the serverless setup: SQLite, the filesystem broker, Celery results, beat.
VAR_DIR = Path(env_str("CASINO_VAR_DIR", str(BASE_DIR / "var"))).resolve()
VAR_DIR.mkdir(parents=True, exist_ok=True)

_DEV_SECRET_KEY = "dev-only-insecure-key-never-use-in-production"
SECRET_KEY = env_str("DJANGO_SECRET_KEY", "" if PRODUCTION else _DEV_SECRET_KEY)
if PRODUCTION and (len(SECRET_KEY) < 50 or SECRET_KEY == _DEV_SECRET_KEY):
    raise ImproperlyConfigured("DJANGO_SECRET_KEY must be set to a random string of 50+ chars.")

# Off on every install, `make run` included: staff get the product's own error pages
# (casino/error_pages.py), never a traceback or the URLconf. DJANGO_DEBUG=true is for developers.
DEBUG = env_bool("DJANGO_DEBUG", False)
ALLOWED_HOSTS = env_list("DJANGO_ALLOWED_HOSTS", [] if PRODUCTION else ["localhost", "127.0.0.1"])
if PRODUCTION and not ALLOWED_HOSTS:
    raise ImproperlyConfigured("DJANGO_ALLOWED_HOSTS is required when DJANGO_ENV=production.")
CSRF_TRUSTED_ORIGINS = env_list("DJANGO_CSRF_TRUSTED_ORIGINS", [])

# --- Applications ----------------------------------------------------------------------------

INSTALLED_APPS = [
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "whitenoise.runserver_nostatic",
    "django.contrib.staticfiles",
    "django_htmx",
    "rest_framework",
    "knox",
    "axes",
    "csp",
    "drf_spectacular",
    "drf_spectacular_sidecar",
    "django_filters",  # the API's list filters (casino/api_filters.py)
    "casino",
    "rulesubmissions",
    "tables",
]

MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    # Every error under /api/ in the one JSON shape, DEBUG or not (casino/api_errors.py).
    "casino.api_errors.ApiErrorShapeMiddleware",
    # A write SQLite could not make within its busy timeout: "Not saved", a 503, never a 500.
    "casino.error_pages.BusyDatabaseMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    # Query strings and form posts: no NUL characters, bounded lengths (casino/limits.py).
    "casino.limits.InputLimitsMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "casino.middleware.AuditActorMiddleware",
    "casino.middleware.IdleSessionMiddleware",
    "casino.middleware.NoStoreWhenSignedInMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "csp.middleware.CSPMiddleware",
    "django_htmx.middleware.HtmxMiddleware",
    "casino.middleware.CurrentPropertyMiddleware",
    "axes.middleware.AxesMiddleware",  # last, as django-axes requires
]

ROOT_URLCONF = "casino.urls"
WSGI_APPLICATION = "casino.wsgi.application"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
                "casino.context_processors.casino",
            ],
        },
    },
]

# --- Database --------------------------------------------------------------------------------

DATABASE_URL = env_str("DATABASE_URL")
if DATABASE_URL:
    try:
        DATABASES = {"default": dj_database_url.parse(DATABASE_URL, conn_max_age=60)}
    except ValueError as exc:
        raise ImproperlyConfigured(f"DATABASE_URL is not a valid URL: {exc}") from None
else:
    # The default install holds a floor of concurrent staff on one SQLite file: the WAL journal
    # lets readers go on while one writes; every transaction takes the write lock when it
    # begins (IMMEDIATE), so a reader never has to become a writer halfway, which SQLite
    # refuses at once; a writer waits its turn up to the busy timeout. What still cannot be
    # written then is a 503 saying "Not saved" (casino/error_pages.py), never a lost write.
    SQLITE_BUSY_TIMEOUT = env_float("CASINO_SQLITE_BUSY_TIMEOUT", 20.0)
    DATABASES = {"default": {
        "ENGINE": "django.db.backends.sqlite3", "NAME": VAR_DIR / "db.sqlite3",
        "OPTIONS": {
            "timeout": SQLITE_BUSY_TIMEOUT,
            "transaction_mode": "IMMEDIATE",
            "init_command": ("PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL; "
                             f"PRAGMA busy_timeout={int(SQLITE_BUSY_TIMEOUT * 1000)}"),
        },
    }}
DATABASES["default"]["TEST"] = {"NAME": env_str("DJANGO_TEST_DATABASE_NAME") or None}
# PostgreSQL with two roles (casino/db_roles.py): DATABASE_URL is the restricted application
# role; migrate and flush switch to this URL's user, the tables' owner.
DATABASE_MIGRATE_URL = env_str("DATABASE_MIGRATE_URL")
DATABASE_APP_USER = DATABASES["default"].get("USER", "")
if DATABASE_MIGRATE_URL:
    try:
        dj_database_url.parse(DATABASE_MIGRATE_URL)
    except ValueError as exc:
        raise ImproperlyConfigured(f"DATABASE_MIGRATE_URL is not a valid URL: {exc}") from None

DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

# --- Auth, i18n, static ----------------------------------------------------------------------

AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]
AUTHENTICATION_BACKENDS = [
    "casino.auth.SignInThrottleBackend",  # django-axes lockout check first
    "django.contrib.auth.backends.ModelBackend",
]
LOGIN_URL = "login"
LOGIN_REDIRECT_URL = "dashboard"
LOGOUT_REDIRECT_URL = "login"

LANGUAGE_CODE = "en-us"
TIME_ZONE = env_str("DJANGO_TIME_ZONE", "America/New_York")
USE_I18N = True
USE_TZ = True
# Dates "2026-12-01" and a 24-hour clock wherever a template shows one (casino/date_formats).
FORMAT_MODULE_PATH = ["casino.date_formats"]

STATIC_URL = "static/"
STATIC_ROOT = BASE_DIR / "staticfiles"
STATICFILES_DIRS = [BASE_DIR / "static"]
# Outside production the static files are served from the apps' and static/ folders as they
# are (no collectstatic), DEBUG or not: `make run` gets its CSS and htmx with DEBUG off. Looked
# up per request, not scanned when the middleware starts (each test client starts one).
WHITENOISE_USE_FINDERS = not PRODUCTION
WHITENOISE_AUTOREFRESH = not PRODUCTION
# Files browsers ask for at the site's root (/favicon.ico), served by WhiteNoise as they are.
WHITENOISE_ROOT = BASE_DIR / "static" / "root"
# Uploaded files (layout artwork) go through Django's storage API: a deployment may swap the
# "default" backend for object storage without code changes.
MEDIA_ROOT = VAR_DIR / "media"
MEDIA_URL = "media/"
LAYOUT_ARTWORK_MAX_BYTES = env_int("CASINO_LAYOUT_ARTWORK_MAX_BYTES", 20 * 1024 * 1024)
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {
        "BACKEND": (
            "whitenoise.storage.CompressedManifestStaticFilesStorage"
            if PRODUCTION
            else "django.contrib.staticfiles.storage.StaticFilesStorage"
        )
    },
}

# --- Security (production) -------------------------------------------------------------------

if PRODUCTION:
    SECURE_SSL_REDIRECT = env_bool("DJANGO_SECURE_SSL_REDIRECT", True)
    SECURE_REDIRECT_EXEMPT = [r"^healthz$"]
    SECURE_HSTS_SECONDS = env_int("DJANGO_SECURE_HSTS_SECONDS", 31_536_000)
    SECURE_HSTS_INCLUDE_SUBDOMAINS = True
    SECURE_HSTS_PRELOAD = True
    SESSION_COOKIE_SECURE = True
    CSRF_COOKIE_SECURE = True
    if env_bool("DJANGO_BEHIND_TLS_PROXY", False):
        SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
X_FRAME_OPTIONS = "DENY"
# A refused form (its CSRF token is stale or missing) is the product's 403 page, in words.
CSRF_FAILURE_VIEW = "casino.error_pages.csrf_failure"

# Sessions end after this many idle minutes (use restarts the clock, to the minute:
# casino.middleware.IdleSessionMiddleware) and at browser close. Signed-in pages are never
# cached (casino.middleware.NoStoreWhenSignedInMiddleware).
SESSION_IDLE_MINUTES = env_int("DJANGO_SESSION_IDLE_MINUTES", 30)
SESSION_COOKIE_AGE = SESSION_IDLE_MINUTES * 60
SESSION_EXPIRE_AT_BROWSER_CLOSE = True
SESSION_COOKIE_HTTPONLY = True

# Content-Security-Policy (django-csp): scripts from our own static files only (htmx is
# vendored), never inline; no framing. Inline styles stay allowed: a few pages set style
# attributes and the print views' @page margin boxes are written per document. object-src
# 'self' lets the layout review embed the uploaded PDF artwork. Enforced in production; report
# only in development, so a new template's mistake shows in the browser console first.
_CSP = {
    "DIRECTIVES": {
        "default-src": ["'self'"],
        "script-src": ["'self'"],
        "style-src": ["'self'", "'unsafe-inline'"],
        "img-src": ["'self'", "data:"],
        "font-src": ["'self'"],
        "connect-src": ["'self'"],
        "object-src": ["'self'"],
        "base-uri": ["'self'"],
        "form-action": ["'self'"],
        "frame-ancestors": ["'none'"],
    }
}
if PRODUCTION or env_bool("DJANGO_CSP_ENFORCE", False):
    CONTENT_SECURITY_POLICY = _CSP
else:
    CONTENT_SECURITY_POLICY_REPORT_ONLY = _CSP

# Sign-in throttling (django-axes, casino/auth.py): after this many failures the username,
# and separately the address they came from, are locked out for the cool-off time.
AXES_FAILURE_LIMIT = env_int("SIGNIN_FAILURE_LIMIT", 5)
AXES_COOLOFF_TIME = timedelta(minutes=env_float("SIGNIN_LOCKOUT_MINUTES", 15.0))
AXES_LOCKOUT_PARAMETERS = ["username", "ip_address"]
AXES_RESET_ON_SUCCESS = True
AXES_LOCKOUT_TEMPLATE = "registration/locked_out.html"
AXES_LOCKOUT_CALLABLE = "casino.throttles.signin_locked_out"  # the page, with Retry-After
AXES_HTTP_RESPONSE_CODE = 429
AXES_VERBOSE = False
# Behind the TLS proxy the client's address is the one the proxy appended to X-Forwarded-For.
BEHIND_TLS_PROXY = env_bool("DJANGO_BEHIND_TLS_PROXY", False)
AXES_CLIENT_IP_CALLABLE = "casino.auth.client_address"

# API tokens (django-rest-knox, casino/tokens.py): stored as SHA-512 digests, expiring.
API_TOKEN_TTL_DAYS = env_int("API_TOKEN_TTL_DAYS", 90)
# A personal token lasts 1 to this many days (``expires_in_days``; default API_TOKEN_TTL_DAYS).
API_TOKEN_MAX_DAYS = env_int("API_TOKEN_MAX_DAYS", 365)
if not 1 <= API_TOKEN_TTL_DAYS <= API_TOKEN_MAX_DAYS:
    raise ImproperlyConfigured("API_TOKEN_TTL_DAYS must be from 1 to API_TOKEN_MAX_DAYS.")
REST_KNOX = {"AUTO_REFRESH": False, "TOKEN_TTL": None}  # TTL set per token by token_issue

# --- API -------------------------------------------------------------------------------------


def env_rate(name: str, default: str) -> str:
    """A DRF throttle rate: requests per second, minute, hour or day (``600/min``)."""
    value = env_str(name, default).strip()
    count, _, period = value.partition("/")
    if not (count.isascii() and count.isdigit() and period in {
            "s", "sec", "second", "m", "min", "minute", "h", "hour", "d", "day"}):
        raise ImproperlyConfigured(f"{name}={value!r} is not a rate like 600/min "
                                   "(per s, min, hour or day).")
    return value


# The cache DRF's throttles count in, shared by every process of the install: a directory
# under CASINO_VAR_DIR by default (one machine: gunicorn's workers, runserver, no service and
# no migration step); THROTTLE_CACHE=redis://host:6379/3 for several machines (its own db
# number, apart from Celery's); THROTTLE_CACHE=locmem for one process (tests' servers).
_THROTTLE_CACHE = env_str("THROTTLE_CACHE", "")
if _THROTTLE_CACHE.startswith(("redis://", "rediss://")):
    _THROTTLE = {"BACKEND": "django.core.cache.backends.redis.RedisCache",
                 "LOCATION": _THROTTLE_CACHE}
elif _THROTTLE_CACHE == "locmem":
    _THROTTLE = {"BACKEND": "django.core.cache.backends.locmem.LocMemCache",
                 "LOCATION": "throttle"}
elif _THROTTLE_CACHE == "":
    _THROTTLE = {"BACKEND": "django.core.cache.backends.filebased.FileBasedCache",
                 "LOCATION": str(VAR_DIR / "cache" / "throttle"),
                 "OPTIONS": {"MAX_ENTRIES": 10_000}}
else:
    raise ImproperlyConfigured(f"THROTTLE_CACHE={_THROTTLE_CACHE!r}: use redis://host:port/db, "
                               "locmem, or nothing (a directory under CASINO_VAR_DIR).")
CACHES = {
    "default": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"},
    "throttle": _THROTTLE,
}

REST_FRAMEWORK = {
    # Token first, so an anonymous API call is a 401 with "WWW-Authenticate: Token".
    "DEFAULT_AUTHENTICATION_CLASSES": [
        "casino.tokens.ApiTokenAuthentication",
        "casino.auth.SessionAuthentication",
    ],
    "DEFAULT_PERMISSION_CLASSES": ["rest_framework.permissions.IsAuthenticated"],
    # JSON within size, depth and string limits, no NUL characters (casino/limits.py); a body
    # is read by the parser of its exact media type only (any other type is a 415), and every
    # answer is JSON (an Accept it cannot meet is a 406).
    "DEFAULT_PARSER_CLASSES": ["casino.limits.StrictJSONParser"],
    "DEFAULT_CONTENT_NEGOTIATION_CLASS": "casino.limits.StrictContentNegotiation",
    "DEFAULT_RENDERER_CLASSES": ["rest_framework.renderers.JSONRenderer"],
    "TEST_REQUEST_DEFAULT_FORMAT": "json",
    "DEFAULT_SCHEMA_CLASS": "drf_spectacular.openapi.AutoSchema",
    # Every API error as {"errors": {field_path: [messages]}} (casino/api_errors.py).
    "EXCEPTION_HANDLER": "casino.api_errors.exception_handler",
    "DEFAULT_PAGINATION_CLASS": "rest_framework.pagination.PageNumberPagination",
    "PAGE_SIZE": 50,
    # The API as a whole per token, and making personal tokens per person: over the rate is
    # a 429 with Retry-After (casino/throttles.py; counts in the "throttle" cache below).
    "DEFAULT_THROTTLE_CLASSES": ["casino.throttles.ApiThrottle"],
    "DEFAULT_THROTTLE_RATES": {
        "api": env_rate("API_THROTTLE_RATE", "600/min"),
        "token_create": env_rate("TOKEN_CREATE_THROTTLE_RATE", "10/hour"),
    },
}
SPECTACULAR_SETTINGS = {
    "TITLE": "Casino table games back office API",
    "DESCRIPTION": "Rules Submissions, progressive meters, jackpot slips and round settlement.",
    "VERSION": "1.0.0",
    "SERVE_INCLUDE_SCHEMA": False,
    "SWAGGER_UI_DIST": "SIDECAR",
    "SWAGGER_UI_FAVICON_HREF": "SIDECAR",
    "REDOC_DIST": "SIDECAR",
    # Every error answer in the one shape (casino/api_errors.py), enums as drf-spectacular does.
    # What answers always send, closed request bodies, the busy 503 (casino/schema_hooks.py).
    "POSTPROCESSING_HOOKS": ["drf_spectacular.hooks.postprocess_schema_enums",
                             "casino.api_errors.schema_error_answers",
                             "casino.schema_hooks.schema_strictness",
                             "tables.floor.round_schema.game_rounds"],
    # One name per choice set that shares a field name with another (generated clients' types).
    "ENUM_NAME_OVERRIDES": {
        "TableStatusEnum": "tables.floor.models.TableStatus",
        "SlipStatusEnum": "tables.slips.models.SlipStatus",
        "SlipKindEnum": "tables.slips.models.SlipKind",
    },
}

# --- Celery ----------------------------------------------------------------------------------

CELERY_BROKER_URL = env_str("CELERY_BROKER_URL")
if CELERY_BROKER_URL:
    CELERY_RESULT_BACKEND = env_str("CELERY_RESULT_BACKEND", CELERY_BROKER_URL)
    CELERY_BROKER_TRANSPORT_OPTIONS = {"socket_connect_timeout": 3, "socket_timeout": 10}
else:
    # Embedded setup: the kombu filesystem transport and file results need no server, and the
    # tasks still run in a real worker process (never eager).
    _broker_dir = VAR_DIR / "broker" / "queue"
    _processed_dir = VAR_DIR / "broker" / "processed"
    _control_dir = VAR_DIR / "broker" / "control"  # fanout exchanges (remote control)
    _results_dir = VAR_DIR / "celery-results"
    for _d in (_broker_dir, _processed_dir, _control_dir, _results_dir):
        _d.mkdir(parents=True, exist_ok=True)
    CELERY_BROKER_URL = "filesystem://"
    CELERY_BROKER_TRANSPORT = "casino.broker:Transport"  # whole messages only; see broker.py
    CELERY_BROKER_TRANSPORT_OPTIONS = {
        "data_folder_in": str(_broker_dir),
        "data_folder_out": str(_broker_dir),
        "processed_folder": str(_processed_dir),
        "control_folder": str(_control_dir),
        "store_processed": False,
        "polling_interval": 0.1,
    }
    CELERY_RESULT_BACKEND = env_str("CELERY_RESULT_BACKEND", f"file://{_results_dir}")

CELERY_TASK_ALWAYS_EAGER = False
CELERY_TASK_SERIALIZER = "json"
CELERY_RESULT_SERIALIZER = "json"
CELERY_ACCEPT_CONTENT = ["json"]
CELERY_RESULT_EXPIRES = 24 * 3600
CELERY_BROKER_CONNECTION_RETRY_ON_STARTUP = True
CELERY_TIMEZONE = TIME_ZONE
CELERY_BEAT_SCHEDULE_FILENAME = str(VAR_DIR / "celerybeat-schedule")
CELERY_BEAT_SCHEDULE = {
    # Keeps the worker path warm and shows up in the worker log as a liveness signal.
    "heartbeat": {"task": "casino.tasks.heartbeat", "schedule": 300.0},
    # Progressive meters (tables/meters/tasks.py): apply wager events a lost message left behind,
    # reconcile every meter with its ledger, take the daily readings after the gaming day.
    "meters-sweep": {"task": "tables.sweep_wagers", "schedule": 10.0},
    "meters-reconcile": {"task": "tables.reconcile_meters", "schedule": 300.0},
    "meters-readings": {"task": "tables.take_meter_readings", "schedule": 600.0},
    # Wager events applied, reconciled and past the dispute window (tables/meters/retention.py)
    # go every hour, a few thousand at a time.
    "meters-retention": {"task": "tables.remove_old_wager_events", "schedule": 3600.0},
}
# How long wager events are kept after they are applied and reconciled, for disputes about a
# single wager (docs/operator.md, "History, retention and growth"). At least a week.
WAGER_EVENT_RETENTION_DAYS = env_int("WAGER_EVENT_RETENTION_DAYS", 90)
if WAGER_EVENT_RETENTION_DAYS < 7:
    raise ImproperlyConfigured(f"WAGER_EVENT_RETENTION_DAYS={WAGER_EVENT_RETENTION_DAYS} is "
                               f"shorter than a week: disputes need the events longer.")
# The records-retention period of the books and records (58 Pa. Code §465a.6: 5 years unless
# the Board says otherwise): no meter ledger row younger is archived out (docs/operator.md,
# "Archiving the ledger, slips and readings").
RECORDS_RETENTION_YEARS = env_int("RECORDS_RETENTION_YEARS", 5)
if RECORDS_RETENTION_YEARS < 1:
    raise ImproperlyConfigured(f"RECORDS_RETENTION_YEARS={RECORDS_RETENTION_YEARS} is shorter "
                               f"than a year: the Board's records are kept for years.")
# Ledger tasks are acknowledged late: a worker takes one message at a time.
CELERY_WORKER_PREFETCH_MULTIPLIER = 1

# /healthz (casino/health.py): beat's probe interval, how old the last probe may be before the
# workers count as down, and how long one web process reuses an answer.
HEALTHZ_PROBE_INTERVAL = env_float("HEALTHZ_PROBE_INTERVAL", 15.0)
HEALTHZ_MAX_AGE = env_float("HEALTHZ_MAX_AGE", 60.0)
HEALTHZ_CACHE_SECONDS = env_float("HEALTHZ_CACHE_SECONDS", 5.0)
CELERY_BEAT_SCHEDULE["health-probe"] = {"task": "casino.tasks.health_probe",
                                        "schedule": HEALTHZ_PROBE_INTERVAL,
                                        "options": {"expires": HEALTHZ_PROBE_INTERVAL}}
# The audit log's hash chain is checked this often (casino/audit_chain.py).
CELERY_BEAT_SCHEDULE["audit-verify"] = {"task": "casino.tasks.audit_verify",
                                        "schedule": env_float("AUDIT_VERIFY_INTERVAL", 3600.0)}
# Anchors outside the database (casino/evidence_anchors.py, issue 28): each verification signs
# every chain's head with this Ed25519 key (PEM, PKCS8, unencrypted) and appends it to a file in
# this folder. Production: the key on the worker host only, the folder on separate write-once
# storage (docs/operator.md, "The evidence signing key and the anchors").
EVIDENCE_SIGNING_KEY = Path(env_str("EVIDENCE_SIGNING_KEY",
                                    str(VAR_DIR / "evidence-signing-key.pem")))
EVIDENCE_ANCHOR_DIR = Path(env_str("EVIDENCE_ANCHOR_DIR", str(VAR_DIR / "anchors")))

# --- Logging ---------------------------------------------------------------------------------

LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "handlers": {"console": {"class": "logging.StreamHandler"}},
    "root": {"handlers": ["console"], "level": env_str("DJANGO_LOG_LEVEL", "INFO")},
    # django-axes logs every sign-in at INFO; our audit trail already records them.
    "loggers": {"axes": {"level": "WARNING"}},
}
