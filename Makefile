# Two entry points do all set-up on a fresh machine (Python 3.11+, gcc):
#   make run    build and install into .venv, then start the web app (http://127.0.0.1:8000)
#   make test   build and install into .venv, then run lint, type checks and the tests
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed
RUN_STAMP := $(VENV)/.installed-run
SOURCES := pyproject.toml setup.py src/sudokit/_engine.pyx $(wildcard src/sudokit/_core/*.c src/sudokit/_core/*.h)

.PHONY: install run test test-long docs lint bench fuzz clean

# make run needs only the package and its run-time dependencies; make test adds the test toolchain.
$(RUN_STAMP): $(SOURCES)
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --disable-pip-version-check --upgrade pip
	$(BIN)/python -m pip install --quiet --disable-pip-version-check -e '.[web,sat,image]'
	touch $(RUN_STAMP)

$(STAMP): $(RUN_STAMP)
	$(BIN)/python -c "import tomllib; print(*tomllib.load(open('pyproject.toml', 'rb'))['project']['optional-dependencies']['test'], sep='\n')" > $(VENV)/test-requirements.txt
	$(BIN)/python -m pip install --quiet --disable-pip-version-check -r $(VENV)/test-requirements.txt
	command -v chromium >/dev/null || { apt-get install -y -q chromium >/dev/null 2>&1 \
		|| { apt-get update -q >/dev/null 2>&1 && apt-get install -y -q chromium >/dev/null 2>&1; } \
		|| echo "make: could not install chromium; the browser tests will be skipped"; }
	touch $(STAMP)

install: $(STAMP)

run: $(RUN_STAMP)
	$(BIN)/sudokit serve

lint: $(STAMP)
	$(BIN)/ruff check src tests benchmarks
	$(BIN)/ruff format --check src tests benchmarks
	$(BIN)/mypy

# the suite runs on PYTEST_WORKERS processes (pytest-xdist) and lists its slowest tests
PYTEST_WORKERS ?= 2

test: lint
	$(BIN)/python -m pytest -n $(PYTEST_WORKERS) --durations=15

# the property tests with 20 times as many examples (HYPOTHESIS_PROFILE=long): an hour or more
test-long: lint
	HYPOTHESIS_PROFILE=long $(BIN)/python -m pytest -n $(PYTEST_WORKERS) --durations=25

# the documentation site into site/ (warnings are errors); open site/index.html, it reads offline
docs: $(STAMP)
	NO_MKDOCS_2_WARNING=1 $(BIN)/python -m mkdocs build --strict

bench: $(STAMP)
	$(BIN)/python -m pip install --quiet --disable-pip-version-check -e '.[test,bench]'
	$(BIN)/python benchmarks/run.py

# Fuzz every reader with atheris (libFuzzer) for FUZZ_SECONDS each; findings go to fuzz/crashes/.
# Without an atheris wheel for this Python, the hypothesis fuzz tests run with their big profile.
FUZZ_SECONDS ?= 60
FUZZ_TARGETS ?= line grid sdk sdm ss json fpuzzles candidates pencilmarks multigrid \
    sudokupad opensudoku hodoku gsf csv tsv jsonl janko detect
# the same pin as pyproject's "fuzz" extra
ATHERIS := atheris>=3.0,<4

fuzz: $(STAMP)
	@if $(BIN)/python -c 'import atheris' 2>/dev/null \
		|| $(BIN)/python -m pip install --quiet --disable-pip-version-check --only-binary=:all: '$(ATHERIS)'; then \
		for target in $(FUZZ_TARGETS); do \
			echo "fuzz: $$target for $(FUZZ_SECONDS) s"; \
			$(BIN)/python fuzz/fuzz_readers.py $$target -max_total_time=$(FUZZ_SECONDS) -print_final_stats=1 \
				>fuzz/last-$$target.log 2>&1 || { tail -n 40 fuzz/last-$$target.log; exit 1; }; \
			grep -E '^(stat::number_of_executed_units|Done)' fuzz/last-$$target.log || true; \
		done; \
	else \
		echo "fuzz: atheris cannot be installed here; running the hypothesis fuzz tests with the big profile"; \
		HYPOTHESIS_PROFILE=fuzz $(BIN)/python -m pytest tests/test_fuzz_readers.py; \
	fi

clean:
	rm -rf $(VENV) build src/*.egg-info src/sudokit/_engine.c src/sudokit/*.so
