# make run   - demo casino: web + Celery worker + beat (Ctrl-C stops all)
# make test  - ruff + mypy + the whole pytest suite (docstring examples included)
# make bench - benchmarks, results in var/bench.json

PYTHON ?= python3
VENV ?= .venv
PY := $(VENV)/bin/python
PIP := $(PY) -m pip
WEB_PORT ?= 8000

.PHONY: run test lint bench migrate demo clean vendor-axe

# axe-core, the accessibility checker the browser tests inject into every page they visit
# (tests/browser/a11y.py). Vendored from npm so the tests run offline; `make vendor-axe
# AXE_VERSION=x.y.z` refreshes it (npm checks the package's integrity).
AXE_VERSION ?= 4.14.1
AXE_DIR := tests/browser/vendor/axe-core

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

# ruff, then mypy: strict on the engine (games/); the files and options are in pyproject.toml.
lint: $(VENV)/.stamp-dev
	$(VENV)/bin/ruff check .
	$(VENV)/bin/mypy

test: lint $(AXE_DIR)/axe.min.js
	$(PY) -m pytest

$(AXE_DIR)/axe.min.js:
	rm -rf $(AXE_DIR)/.pack && mkdir -p $(AXE_DIR)/.pack
	cd $(AXE_DIR)/.pack && npm pack --silent axe-core@$(AXE_VERSION) >/dev/null
	tar -xzf $(AXE_DIR)/.pack/axe-core-$(AXE_VERSION).tgz -C $(AXE_DIR)/.pack
	cp $(AXE_DIR)/.pack/package/axe.min.js $(AXE_DIR)/.pack/package/LICENSE $(AXE_DIR)/
	echo "axe-core $(AXE_VERSION) (npm), MPL-2.0" > $(AXE_DIR)/VERSION
	rm -rf $(AXE_DIR)/.pack

vendor-axe:
	rm -f $(AXE_DIR)/axe.min.js
	$(MAKE) $(AXE_DIR)/axe.min.js

bench: $(VENV)/.stamp-dev
	$(PY) -m benchmarks

clean:
	rm -rf var staticfiles .pytest_cache .ruff_cache .mypy_cache
