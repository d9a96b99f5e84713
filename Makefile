# make run   - demo casino: web + Celery worker + beat (Ctrl-C stops all)
# make test  - ruff + the whole pytest suite
# make bench - benchmarks, results in var/bench.json

PYTHON ?= python3
VENV ?= .venv
PY := $(VENV)/bin/python
PIP := $(PY) -m pip
WEB_PORT ?= 8000

.PHONY: run test lint bench migrate demo clean

$(PY):
	$(PYTHON) -m venv $(VENV)
	$(PIP) install --quiet --upgrade pip

# Stamp files: reinstall only when a requirements file changes.
$(VENV)/.stamp-runtime: requirements.txt | $(PY)
	$(PIP) install -r requirements.txt
	touch $@

$(VENV)/.stamp-dev: requirements.txt requirements-dev.txt | $(PY)
	$(PIP) install -r requirements.txt -r requirements-dev.txt
	touch $@ $(VENV)/.stamp-runtime

migrate: $(VENV)/.stamp-runtime
	$(PY) manage.py migrate --noinput

demo: migrate
	$(PY) manage.py load_demo --url http://127.0.0.1:$(WEB_PORT)/

run: demo
	@echo ""
	@echo "Open http://127.0.0.1:$(WEB_PORT)/  (API docs: http://127.0.0.1:$(WEB_PORT)/api/docs/)"
	@echo "Log in with any demo user above. Ctrl-C stops web, worker and beat."
	@echo ""
	PATH="$(abspath $(VENV))/bin:$$PATH" WEB_PORT=$(WEB_PORT) $(VENV)/bin/honcho start

lint: $(VENV)/.stamp-dev
	$(VENV)/bin/ruff check .

test: lint
	$(PY) -m pytest

bench: $(VENV)/.stamp-dev
	$(PY) -m benchmarks

clean:
	rm -rf var staticfiles .pytest_cache .ruff_cache
