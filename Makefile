# appreceipt: the set-up lives here. `make demo` and `make test` are the README's two commands.
PREFIX ?= /usr/local
SWIFT ?= swift
RELEASE_BIN := .build/release/appreceipt
DEMO_RECEIPT := TestVectors/receipts/one-inapp.b64

.PHONY: all deps build release demo test bench fuzz sanitize install uninstall lint clean

all: release

deps:
	@scripts/ensure-deps.sh

build: deps
	$(SWIFT) build

release: deps
	$(SWIFT) build -c release

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

## test: lint, then build and run the whole suite (unit, vectors, CLI end to end).
test: deps lint
	$(SWIFT) build --build-tests
	$(SWIFT) test --skip-build

## bench: release-build timings (see Benchmarks/README.md).
bench: release
	Benchmarks/run.sh

## fuzz: build the libFuzzer targets and run each for FUZZ_SECONDS (see Fuzz/README.md).
## fuzz-TARGET runs one; FUZZ_TARGETS="asn1 json" a few.
FUZZ_SECONDS ?= 60
FUZZ_TARGETS ?= decode-verify asn1 plist jws json subscriptions
fuzz: deps
	FUZZ_SECONDS=$(FUZZ_SECONDS) Fuzz/run.sh $(FUZZ_TARGETS)

fuzz-%: deps
	FUZZ_SECONDS=$(FUZZ_SECONDS) Fuzz/run.sh $*

## sanitize: the whole suite under the address (with leak) and undefined-behaviour sanitizers.
sanitize: deps
	scripts/sanitize.sh

install: release
	install -d $(DESTDIR)$(PREFIX)/bin $(DESTDIR)$(PREFIX)/share/man/man1
	install -m 0755 $(RELEASE_BIN) $(DESTDIR)$(PREFIX)/bin/appreceipt
	install -m 0644 man/appreceipt.1 $(DESTDIR)$(PREFIX)/share/man/man1/appreceipt.1

uninstall:
	rm -f $(DESTDIR)$(PREFIX)/bin/appreceipt $(DESTDIR)$(PREFIX)/share/man/man1/appreceipt.1

## lint: swift-format (configuration in .swift-format), function lengths and the man page's mdoc.
lint: deps
	$(SWIFT) format lint --strict -r Sources Tests Benchmarks/Sources Package.swift Fuzz/Harnesses Fuzz/Targets Fuzz/Package.swift
	scripts/function-lengths.py --limit 60 Sources
	groff -mdoc -ww -z man/appreceipt.1

clean:
	rm -rf .build
