# appreceipt: the set-up lives here. `make demo` and `make test` are the README's two commands.
PREFIX ?= /usr/local
SWIFT ?= swift
RELEASE_BIN := .build/release/appreceipt
DEMO_RECEIPT := TestVectors/receipts/one-inapp.b64
# The release binary links the Swift runtime and the C++ runtime statically, so it runs on a server
# without the toolchain; the only shared libraries it names are libc's, OpenSSL 3's, libcurl 4's and SQLite 3's
# (README: "Installing on a server").
# (Linux only: elsewhere the release build is the plain one and the ldd test is skipped.)
STATIC_CXX_DIR := .build/static-cxx
ifeq ($(shell uname -s),Linux)
RELEASE_FLAGS := -c release --static-swift-stdlib --disable-local-rpath -Xlinker -L$(CURDIR)/$(STATIC_CXX_DIR) \
    -Xswiftc -Xclang-linker -Xswiftc -static-libgcc
RELEASE_PREPARE := scripts/static-cxx.sh $(STATIC_CXX_DIR)
RELEASE_UNDER_TEST := APPRECEIPT_RELEASE_BINARY=$(CURDIR)/$(RELEASE_BIN)
else
RELEASE_FLAGS := -c release
RELEASE_PREPARE := true
RELEASE_UNDER_TEST :=
endif
VERSION := $(shell sed -n 's/.*static let version = "\(.*\)"/\1/p' Sources/ReceiptCLI/CLI.swift)
DIST := appreceipt-$(VERSION)-linux-$(shell uname -m)

.PHONY: all deps build release demo test bench fuzz sanitize install uninstall lint man clean dist spark-example clean-test-tools

all: release

deps:
	@scripts/ensure-deps.sh

build: deps
	$(SWIFT) build

release: deps
	$(RELEASE_PREPARE)
	$(SWIFT) build $(RELEASE_FLAGS)

## demo: build a release binary and take a bundled receipt apart.
demo: release
	@echo "== appreceipt decode --format text $(DEMO_RECEIPT)"
	@$(RELEASE_BIN) decode --format text $(DEMO_RECEIPT)
	@echo
	@echo "== appreceipt decode $(DEMO_RECEIPT) (JSON, receipt object)"
	@$(RELEASE_BIN) decode $(DEMO_RECEIPT) | sed -n '/"receipt": {/,/^  }/p'
	@echo
	@echo "== appreceipt verify --format text --trust-anchor TestVectors/pki/root.pem $(DEMO_RECEIPT)"
	@$(RELEASE_BIN) verify --format text --trust-anchor TestVectors/pki/root.pem $(DEMO_RECEIPT)

## test: lint, then build and run the whole suite (unit, vectors, CLI end to end); the last line counts the
## corpus tests that skipped (APPRECEIPT_VECTORS=DIR points them at a corpus other than ../shared/vectors).
## The release binary is built first so that the test of its shared libraries (readelf, ldd) checks this run's build.
test: deps lint release
	@scripts/ensure-chromium.sh
	@scripts/ensure-spark.sh
	@scripts/ensure-oracle.sh
	$(SWIFT) build --build-tests
	$(RELEASE_UNDER_TEST) SWIFT=$(SWIFT) scripts/run-tests.sh

## bench: release-build timings (see Benchmarks/README.md).
bench: release
	Benchmarks/run.sh

## fuzz: build the libFuzzer targets and run each for FUZZ_SECONDS (see Fuzz/README.md).
## fuzz-TARGET runs one; FUZZ_TARGETS="asn1 json" a few.
FUZZ_SECONDS ?= 60
FUZZ_TARGETS ?= decode-verify asn1 plist jws json subscriptions audit-record
fuzz: deps
	FUZZ_SECONDS=$(FUZZ_SECONDS) Fuzz/run.sh $(FUZZ_TARGETS)

fuzz-%: deps
	FUZZ_SECONDS=$(FUZZ_SECONDS) Fuzz/run.sh $*

## spark-example: audit a generated batch on Apache Spark (local mode) and in one process, and compare the
## summaries (examples/spark/README.md). Installs pyspark once (scripts/ensure-spark.sh); needs Java 17+.
spark-example: release
	examples/spark/run-example.sh

## sanitize: the whole suite under AddressSanitizer with LeakSanitizer (no UBSan for Swift on Linux: Fuzz/README.md).
sanitize: deps
	scripts/sanitize.sh

# The man pages (man/, generated from the commands' declarations: make man) and the completion scripts the binary
# writes for itself (docs/cli.md).
MAN_PAGES := $(wildcard man/*.1)
BASH_COMPLETION_DIR := $(PREFIX)/share/bash-completion/completions
ZSH_COMPLETION_DIR := $(PREFIX)/share/zsh/site-functions
FISH_COMPLETION_DIR := $(PREFIX)/share/fish/vendor_completions.d

install: release
	install -d $(DESTDIR)$(PREFIX)/bin $(DESTDIR)$(PREFIX)/share/man/man1 $(DESTDIR)$(BASH_COMPLETION_DIR) \
	    $(DESTDIR)$(ZSH_COMPLETION_DIR) $(DESTDIR)$(FISH_COMPLETION_DIR)
	install -m 0755 $(RELEASE_BIN) $(DESTDIR)$(PREFIX)/bin/appreceipt
	install -m 0644 $(MAN_PAGES) $(DESTDIR)$(PREFIX)/share/man/man1/
	$(RELEASE_BIN) --generate-completion-script bash > $(DESTDIR)$(BASH_COMPLETION_DIR)/appreceipt
	$(RELEASE_BIN) --generate-completion-script zsh > $(DESTDIR)$(ZSH_COMPLETION_DIR)/_appreceipt
	$(RELEASE_BIN) --generate-completion-script fish > $(DESTDIR)$(FISH_COMPLETION_DIR)/appreceipt.fish

## dist: appreceipt-VERSION-linux-ARCH.tar.gz with the binary, the man pages (beside it, as before), the completion
## scripts (completions/), the README and docs/ (its links), for a server that has libc and OpenSSL 3 but no Swift
## toolchain.
dist: release
	rm -rf .build/dist/$(DIST)
	install -d .build/dist/$(DIST)/completions
	install -m 0755 $(RELEASE_BIN) .build/dist/$(DIST)/appreceipt
	install -m 0644 README.md ARCHITECTURE.md .build/dist/$(DIST)/
	cp -R docs .build/dist/$(DIST)/docs
	install -m 0644 $(MAN_PAGES) .build/dist/$(DIST)/
	$(RELEASE_BIN) --generate-completion-script bash > .build/dist/$(DIST)/completions/appreceipt.bash
	$(RELEASE_BIN) --generate-completion-script zsh > .build/dist/$(DIST)/completions/_appreceipt
	$(RELEASE_BIN) --generate-completion-script fish > .build/dist/$(DIST)/completions/appreceipt.fish
	tar -C .build/dist -czf $(DIST).tar.gz $(DIST)
	@echo "wrote $(DIST).tar.gz"

uninstall:
	rm -f $(DESTDIR)$(PREFIX)/bin/appreceipt $(addprefix $(DESTDIR)$(PREFIX)/share/man/man1/,$(notdir $(MAN_PAGES))) \
	    $(DESTDIR)$(BASH_COMPLETION_DIR)/appreceipt $(DESTDIR)$(ZSH_COMPLETION_DIR)/_appreceipt \
	    $(DESTDIR)$(FISH_COMPLETION_DIR)/appreceipt.fish

## man: regenerate man/*.1 from the commands' declarations (swift-argument-parser's generate-manual plugin).
man: deps
	SWIFT=$(SWIFT) scripts/man-pages.sh

## lint: swift-format (configuration in .swift-format), function lengths, the rooms, the libraries' public API (the
## committed listings api/ReceiptKit.txt and api/ReceiptAudit.txt, doc comments, the README's example as another package sees it:
## scripts/api-listing.py) and the man pages: their mdoc, and that they are what the commands' declarations
## generate (scripts/man-pages.sh --check builds the CLI).
lint: deps
	$(SWIFT) format lint --strict -r Sources Tests Benchmarks/Sources Package.swift Fuzz/Harnesses Fuzz/Targets Fuzz/Package.swift
	scripts/function-lengths.py --limit 60 Sources
	scripts/no-foundation.sh Sources
	scripts/room-boundaries.sh
	SWIFT=$(SWIFT) scripts/api-listing.py
	groff -mdoc -ww -z $(MAN_PAGES)
	SWIFT=$(SWIFT) scripts/man-pages.sh --check

clean:
	rm -rf .build

## clean-test-tools: remove what `make test` installed outside the clone (the pyspark and oracle virtual
## environments); Debian packages it installed with apt-get are named, not removed (other software may use them).
clean-test-tools:
	rm -rf "$${APPRECEIPT_SPARK_VENV:-$$HOME/.cache/appreceipt/spark-venv}" "$${APPRECEIPT_ORACLE_VENV:-$$HOME/.cache/appreceipt/oracle-venv}"
	@echo "removed the test virtual environments; apt-get installed (if they were missing): chromium fonts-dejavu-core python3-venv libssl-dev libcurl4-openssl-dev libsqlite3-dev pkg-config python3 groff-base"
