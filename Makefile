# Vance Prompt Wizards. `make run` starts the app, `make test` runs the tests.
# Both create .venv and install from the hash-locked requirements.lock first.

PYTHON ?= python3
VENV   := .venv
PY     := $(VENV)/bin/python
STAMP  := $(VENV)/.installed-stamp
# the machine's pip configuration may add local indexes; the lock file is the source of truth
PIP    := PIP_CONFIG_FILE=/dev/null $(VENV)/bin/pip

.PHONY: run test test-fast lint bench lock install chromium postgresql nginx axe css icons lighthouse clean

$(STAMP): requirements.lock pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(PIP) install --quiet --require-hashes --no-deps -r requirements.lock
	$(PIP) install --quiet --no-deps --no-build-isolation --editable .
	$(PY) scripts/check_supply_chain.py
	touch $(STAMP)

install: $(STAMP)

run: $(STAMP)
	$(PY) app.py

# Debian's Chromium for the Playwright tests (Playwright cannot download browsers here)
chromium:
	@command -v chromium >/dev/null 2>&1 || { \
		echo "installing Debian's chromium for the browser tests"; \
		apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null; }

# Debian's PostgreSQL for the store tests (each run starts a throwaway cluster with initdb + pg_ctl)
postgresql:
	@command -v initdb >/dev/null 2>&1 || ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1 || { \
		echo "installing Debian's postgresql for the store tests"; \
		apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq postgresql >/dev/null; }

# Debian's nginx for the proxy tests (tests/hosting: two instances behind the config of docs/hosting.md);
# the tests start their own nginx on loopback, so the package's own service is neither needed nor started
nginx:
	@command -v nginx >/dev/null 2>&1 || [ -x /usr/sbin/nginx ] || { \
		echo "installing Debian's nginx for the proxy tests"; \
		apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq nginx >/dev/null; }

# axe-core for the accessibility tests (tests/a11y) and Tailwind's CLI for `make css`, from npm at the
# versions and hashes that package-lock.json pins; `npm ci` installs exactly that into node_modules (gitignored)
NODE_STAMP := node_modules/.installed-stamp

$(NODE_STAMP): package.json package-lock.json
	@command -v npm >/dev/null 2>&1 || { \
		echo "installing Debian's nodejs and npm for axe-core"; \
		apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq nodejs npm >/dev/null; }
	npm ci --ignore-scripts --no-audit --no-fund --loglevel=error
	touch $(NODE_STAMP)

axe: $(NODE_STAMP)

# assets/tailwind.css, the Tailwind utilities the pages use (vance_ui/web/shell/tailwind.py): rebuild and
# commit it after adding a class; the file is committed so that running the app needs no Node, and
# tests/web/test_tailwind_css.py fails while it is stale
css: $(STAMP) $(NODE_STAMP)
	$(PY) -m vance_ui.web.shell.tailwind

# assets/icons/*.png, the installed app's icons, drawn from assets/favicon.svg in Chromium (committed)
icons: $(STAMP) chromium
	$(PY) scripts/app_icons.py

# every test, in two pytest processes at once: the browser tests beside the others
# (scripts/test_in_parallel.py; `$(PY) -m pytest` runs them all in one process)
test: $(STAMP) chromium postgresql nginx axe
	$(PY) scripts/check_supply_chain.py
	$(PY) scripts/test_in_parallel.py full

# the quick suite: no test marked browser (real Chromium), pg (PostgreSQL) or slow (see the markers in
# pyproject.toml), in two pytest processes at once: tests/web and tests/domain beside the others
test-fast: $(STAMP)
	$(PY) scripts/test_in_parallel.py fast

lint: $(STAMP)
	$(VENV)/bin/ruff check vance_ui tests app.py scripts bench
	$(VENV)/bin/mypy
	$(VENV)/bin/lint-imports

# Lighthouse for the bench (bench/tools: pinned with its hash in bench/tools/package-lock.json)
LIGHTHOUSE_STAMP := bench/tools/node_modules/.installed-stamp

$(LIGHTHOUSE_STAMP): bench/tools/package.json bench/tools/package-lock.json
	npm ci --prefix bench/tools --ignore-scripts --no-audit --no-fund --loglevel=error
	touch $(LIGHTHOUSE_STAMP)

lighthouse: $(LIGHTHOUSE_STAMP)

bench: $(STAMP) chromium postgresql lighthouse
	$(PY) -m bench

# regenerate the lock file after changing dependencies in pyproject.toml (needs `uv`)
lock:
	uv pip compile pyproject.toml --extra dev --generate-hashes --python-version 3.11 -o requirements.lock

clean:
	rm -rf $(VENV) node_modules bench/tools/node_modules .pytest_cache .mypy_cache .ruff_cache

# many more generated cases than `make test`: schemathesis on /openapi.json plus the property tests
.PHONY: fuzz
fuzz: $(STAMP)
	VANCE_FUZZ_EXAMPLES=$${VANCE_FUZZ_EXAMPLES:-2000} $(PY) -m pytest -q -p no:cacheprovider \
		tests/reliability/test_schemathesis.py tests/reliability/test_property_values.py

# 50 API clients (against `vance api`, 2 workers) + 20 browser-like clients (against the web app) on 127.0.0.1
# with a fresh data dir (LOAD_SECONDS=60 by default; add LOAD_ARGS=--api-in-app for the one-process layout)
.PHONY: load
load: $(STAMP)
	$(PY) scripts/load.py --seconds $${LOAD_SECONDS:-60} $(LOAD_ARGS)

# the same load through nginx to two instances (web app + `vance api` each) on one throwaway PostgreSQL database,
# the layout of docs/hosting.md, plus 4 clients saving a wizard on one instance and expecting the other to list it
# within 2 s; LOAD_ARGS=--kill-after 30 kills one instance mid-run (needs Debian's postgresql and nginx)
.PHONY: load-pg
load-pg: $(STAMP) postgresql nginx
	$(PY) scripts/load.py --postgres --seconds $${LOAD_SECONDS:-60} $(LOAD_ARGS)
