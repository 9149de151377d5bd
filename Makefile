# graphexport: build, demo and test on Debian-like machines with the Swift toolchain.
#
#   make demo   installs what is missing, builds, exports the bundled Scrapbook sample as JSON
#   make test   installs what is missing, checks formatting, runs every test

SWIFT ?= swift
APT_PACKAGES := pkg-config libsqlite3-dev libxml2-dev libyaml-dev
SAMPLE := Samples/Scrapbook
LINT_PATHS := Package.swift Sources Formats Tests

.PHONY: all deps build demo test lint format clean

all: build

# Installs the C libraries' development packages that are missing: with apt-get as root, with
# sudo when it needs no password, otherwise says exactly what to run.
deps:
	@missing=""; \
	for package in $(APT_PACKAGES); do \
	  dpkg-query -W -f='$${Status}' $$package 2>/dev/null | grep -q 'install ok installed' || missing="$$missing $$package"; \
	done; \
	if [ -z "$$missing" ]; then exit 0; fi; \
	echo "graphexport: installing$$missing"; \
	if [ "$$(id -u)" = 0 ]; then \
	  apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $$missing; \
	elif command -v sudo >/dev/null 2>&1 && sudo -n true 2>/dev/null; then \
	  sudo apt-get update -qq && sudo DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $$missing; \
	else \
	  echo "graphexport: missing packages:$$missing" >&2; \
	  echo "graphexport: install them with: sudo apt-get install$$missing" >&2; \
	  exit 1; \
	fi

build: deps
	$(SWIFT) build

demo: build
	@echo "== graphexport formats"
	@$$($(SWIFT) build --show-bin-path)/graphexport formats
	@echo "== graphexport --model $(SAMPLE)/Scrapbook.xcdatamodeld $(SAMPLE)/Scrapbook.sqlite --pretty"
	@$$($(SWIFT) build --show-bin-path)/graphexport --model $(SAMPLE)/Scrapbook.xcdatamodeld $(SAMPLE)/Scrapbook.sqlite --pretty

test: deps lint
	$(SWIFT) build --build-tests
	$(SWIFT) test --skip-build

lint:
	$(SWIFT) format lint --strict --recursive $(LINT_PATHS)

format:
	$(SWIFT) format --in-place --recursive $(LINT_PATHS)

clean:
	rm -rf .build
