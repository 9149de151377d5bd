# graphexport: build, demo and test on Debian-like machines with the Swift toolchain.
#
#   make demo   installs what is missing, builds, exports the bundled Scrapbook sample as JSON
#   make test   installs what is missing, checks formatting, runs the tests (the slow ones too under CI)

SWIFT ?= swift
APT_PACKAGES := pkg-config libsqlite3-dev libxml2-dev libyaml-dev zlib1g-dev libpq-dev
SAMPLE := Samples/Scrapbook
LINT_PATHS := Package.swift Sources Formats Tests Samples

.PHONY: all deps python-deps build release install demo test test-slow lint format clean

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

# The release build, for `make install`.
release: deps
	$(SWIFT) build -c release

# Installs the release binary to $(DESTDIR)$(PREFIX)/bin, its man page graphexport.1 to
# share/man/man1 and its bash and zsh completions to their usual folders; the page and the scripts
# are made by the binary from its option table (hidden options --generate-man and
# --generate-completion), so they cannot drift from it. GRAPHEXPORT_BIN installs that binary
# instead of building the release one (the tests install the debug build).
PREFIX ?= /usr/local
GRAPHEXPORT_BIN ?=
INSTALLED_BIN = $(or $(GRAPHEXPORT_BIN),$$($(SWIFT) build -c release --show-bin-path)/graphexport)

install: $(if $(GRAPHEXPORT_BIN),,release)
	install -d "$(DESTDIR)$(PREFIX)/bin" "$(DESTDIR)$(PREFIX)/share/man/man1" \
	  "$(DESTDIR)$(PREFIX)/share/bash-completion/completions" "$(DESTDIR)$(PREFIX)/share/zsh/site-functions"
	install -m 755 "$(INSTALLED_BIN)" "$(DESTDIR)$(PREFIX)/bin/graphexport"
	"$(INSTALLED_BIN)" --generate-man > "$(DESTDIR)$(PREFIX)/share/man/man1/graphexport.1"
	"$(INSTALLED_BIN)" --generate-completion bash > "$(DESTDIR)$(PREFIX)/share/bash-completion/completions/graphexport"
	"$(INSTALLED_BIN)" --generate-completion zsh > "$(DESTDIR)$(PREFIX)/share/zsh/site-functions/_graphexport"
	chmod 644 "$(DESTDIR)$(PREFIX)/share/man/man1/graphexport.1" \
	  "$(DESTDIR)$(PREFIX)/share/bash-completion/completions/graphexport" \
	  "$(DESTDIR)$(PREFIX)/share/zsh/site-functions/_graphexport"

# The export goes to standard output, alone, so `make demo | python3 -m json.tool` parses it;
# everything else goes to standard error.
demo: deps
	@$(SWIFT) build >&2
	@echo "== graphexport formats" >&2
	@$$($(SWIFT) build --show-bin-path)/graphexport formats >&2
	@echo "== graphexport --model $(SAMPLE)/Scrapbook.xcdatamodeld --pretty $(SAMPLE)/Scrapbook.sqlite" >&2
	@$$($(SWIFT) build --show-bin-path)/graphexport --model $(SAMPLE)/Scrapbook.xcdatamodeld --pretty $(SAMPLE)/Scrapbook.sqlite

# Python packages the tests read exports with (NetworkX for GraphML, PyYAML for YAML, jsonschema
# for the JSON Schema of `graphexport schema`), installed when missing.
python-deps:
	@python3 -c 'import networkx' 2>/dev/null || python3 -m pip install --quiet networkx
	@python3 -c 'import yaml' 2>/dev/null || python3 -m pip install --quiet pyyaml
	@python3 -c 'import jsonschema' 2>/dev/null || python3 -m pip install --quiet jsonschema

# The tests also use the sqlite3 shell to build and inspect stores, SQLite's sqldiff
# (sqlite3-tools) to check `graphexport diff`, GNU time to measure the peak memory of an export,
# xmllint (libxml2-utils) to validate XML exports against their XML Schema, Graphviz's dot to
# render the diagram `graphexport schema --format dot` writes, make and man (man-db) to install
# and render the man page, zsh to check its completion script, gzip, cmark to read the Notes
# Markdown back, and PostgreSQL's server and psql to load `-f sql` scripts into
# (Tests/postgresql-server).
TEST_APT_PACKAGES := $(APT_PACKAGES) sqlite3 sqlite3-tools time libxml2-utils graphviz make man-db zsh gzip \
  cmark postgresql

# Test classes whose names end in SlowTests (signals during big exports, concurrent writers) run
# under CI (`CI` set) and with `make test-slow`; a plain `make test` leaves them out.
SLOW_TESTS := SlowTests
ifeq ($(strip $(CI)),)
TEST_SELECTION := --skip $(SLOW_TESTS)
endif

# The tests run beside a private PostgreSQL server (Tests/postgresql-server: its own data folder
# and socket in a temporary folder, an unprivileged user), stopped and removed when they end, also
# on failure or interruption; one that cannot start leaves GRAPHEXPORT_TEST_POSTGRESQL empty, and
# its tests skip (fail under CI).
test: python-deps lint
	@$(MAKE) --no-print-directory deps APT_PACKAGES="$(TEST_APT_PACKAGES)"
	$(SWIFT) build --build-tests
	@server=$$(Tests/postgresql-server start) || server=""; \
	trap '[ -z "$$server" ] || Tests/postgresql-server stop "$$server"; server=""' EXIT INT TERM; \
	GRAPHEXPORT_TEST_POSTGRESQL="$$server" $(SWIFT) test --skip-build $(TEST_SELECTION)

test-slow: python-deps
	@$(MAKE) --no-print-directory deps APT_PACKAGES="$(TEST_APT_PACKAGES)"
	$(SWIFT) build --build-tests
	$(SWIFT) test --skip-build --filter $(SLOW_TESTS)

lint:
	$(SWIFT) format lint --strict --recursive $(LINT_PATHS)

format:
	$(SWIFT) format --in-place --recursive $(LINT_PATHS)

clean:
	rm -rf .build

# docs/CLI.md, the full reference of the command line, made by the debug binary from its option
# table (hidden option --generate-cli-reference) as the man page is; GeneratedTextsTests fails when
# the file is not what the table makes.
.PHONY: cli-reference

cli-reference: deps
	$(SWIFT) build --product graphexport
	"$$($(SWIFT) build --show-bin-path)/graphexport" --generate-cli-reference > docs/CLI.md

# API documentation of the core with the toolchain's docc, no plugin: the public symbol graph of
# GraphExport, then .build/docs/GraphExport.doccarchive. Any docc warning fails the target. (The
# format modules link to core symbols, which docc does not resolve across modules yet.)
DOCC ?= docc

.PHONY: docs

docs: deps
	$(SWIFT) build --target GraphExport
	@rm -rf .build/docs && mkdir -p .build/docs/symbol-graphs
	$(SWIFT) symbolgraph-extract -module-name GraphExport -I "$$($(SWIFT) build --show-bin-path)/Modules" \
	  -minimum-access-level public -output-dir .build/docs/symbol-graphs
	$(DOCC) convert Sources/GraphExport/GraphExport.docc --additional-symbol-graph-dir .build/docs/symbol-graphs \
	  --fallback-display-name GraphExport --fallback-bundle-identifier org.graphexport.GraphExport \
	  --output-path .build/docs/GraphExport.doccarchive --warnings-as-errors

# The benchmark (issue 7), release build: graphexport in every format and shape against
# `sqlite3 -json`, a C read floor, C writer ceilings and a Python export, on generated stores of
# 100 000 and 1 000 000 objects, in creation and grouped key order (BENCH_ORDERS; cached in
# Benchmarks/.cache), then the same store without indexes and plain SQLite databases (chinook,
# chinook-noindex, northwind). Prints the tables, with one table of issue 40's targets per store,
# and writes Benchmarks/results.md.
# Quick check: BENCH_SIZES=20000 BENCH_REPEAT=1 BENCH_ORDERS=creation make bench
.PHONY: bench
bench:
	@$(MAKE) --no-print-directory deps APT_PACKAGES="$(APT_PACKAGES) sqlite3 sqlite3-tools gcc postgresql pgloader"
	python3 Benchmarks/run.py

# Fuzzing (issue 11): libFuzzer targets for the model XML, binary property list, keyed archive
# and store readers, in the package Fuzz/ (so `make build` and `make test` never build them), with
# AddressSanitizer. Each runs FUZZ_SECONDS (default 60) with a 2 GB memory limit and a 10 s limit
# per input, seeded from Samples/Scrapbook and ../shared/coredata-samples; corpora, findings and
# logs go to Fuzz/.corpus. Fails when a fuzzer finds a crash, hang or out-of-memory input, naming
# the reproducer. One target: FUZZ_TARGETS=store make fuzz. See docs/RELIABILITY.md.
# `--sanitize fuzzer` makes SwiftPM link libFuzzer's `main`; the sanitizers themselves go in one
# `-sanitize=fuzzer,address` (given as two flags, the compiler keeps only the last, and the code
# is not instrumented for coverage). `-enable-testing` lets the fuzzers `@testable import` the
# internal readers.
FUZZ_SECONDS ?= 60
FUZZ_BUILD := $(SWIFT) build --package-path Fuzz -c release --sanitize fuzzer -Xswiftc -sanitize=fuzzer,address \
  -Xswiftc -enable-testing

.PHONY: fuzz
fuzz: deps
	$(SWIFT) format lint --strict --recursive Fuzz/Package.swift Fuzz/Sources
	$(FUZZ_BUILD)
	FUZZ_SECONDS=$(FUZZ_SECONDS) python3 Fuzz/run.py "$$($(FUZZ_BUILD) --show-bin-path)"
