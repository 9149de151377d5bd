# graphexport: build, demo and test on Debian-like machines with the Swift toolchain.
#
#   make demo   installs what is missing, builds, exports the bundled Scrapbook sample as JSON
#   make test   installs what is missing, checks formatting, runs every test

SWIFT ?= swift
APT_PACKAGES := pkg-config libsqlite3-dev libxml2-dev libyaml-dev zlib1g-dev
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
	echo "graphexport: installing$$missing" >&2; \
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

# The export goes to standard output, alone, so `make demo | python3 -m json.tool` parses it;
# everything else goes to standard error.
demo: deps
	@$(SWIFT) build >&2
	@echo "== graphexport formats" >&2
	@$$($(SWIFT) build --show-bin-path)/graphexport formats >&2
	@echo "== graphexport --model $(SAMPLE)/Scrapbook.xcdatamodeld --pretty $(SAMPLE)/Scrapbook.sqlite" >&2
	@$$($(SWIFT) build --show-bin-path)/graphexport --model $(SAMPLE)/Scrapbook.xcdatamodeld --pretty $(SAMPLE)/Scrapbook.sqlite

test: deps lint
	$(SWIFT) build --build-tests
	$(SWIFT) test --skip-build

lint:
	$(SWIFT) format lint --strict --recursive $(LINT_PATHS)

format:
	$(SWIFT) format --in-place --recursive $(LINT_PATHS)

clean:
	rm -rf .build
