# Two entry points do all set-up on a fresh machine (Python 3.11+, gcc):
#   make run    build and install into .venv, then run the demonstration
#   make test   build and install into .venv, then run lint, type checks and the tests
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed
SOURCES := pyproject.toml setup.py src/sudokit/_engine.pyx $(wildcard src/sudokit/_core/*.c src/sudokit/_core/*.h)

.PHONY: install run test lint bench clean

$(STAMP): $(SOURCES)
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --disable-pip-version-check --upgrade pip
	$(BIN)/python -m pip install --quiet --disable-pip-version-check -e '.[test]'
	touch $(STAMP)

install: $(STAMP)

run: $(STAMP)
	$(BIN)/sudokit demo

lint: $(STAMP)
	$(BIN)/ruff check src tests benchmarks
	$(BIN)/ruff format --check src tests benchmarks
	$(BIN)/mypy

test: lint
	$(BIN)/python -m pytest

bench: $(STAMP)
	$(BIN)/python -m pip install --quiet --disable-pip-version-check -e '.[test,bench]'
	$(BIN)/python benchmarks/run.py

clean:
	rm -rf $(VENV) build src/*.egg-info src/sudokit/_engine.c src/sudokit/*.so
