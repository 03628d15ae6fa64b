# The two commands of the README. Both install libicu-dev first when it is missing.
SWIFT ?= swift
SUDO := $(shell [ "$$(id -u)" -ne 0 ] && command -v sudo)

.PHONY: demo test deps docs fuzz sanitize spark-test

## Build fxparse (release) and run it on the demo corpus.
demo: deps
	$(SWIFT) build -c release --product fxparse
	.build/release/fxparse parse TestData/demo-expenses.csv
	.build/release/fxparse check TestData/demo-expenses.csv

## Run the whole test suite, then check every TestData corpus with the CLI. Optimized, as
## shipped: the zero-allocation test measures the release hot path (unoptimized builds call
## unspecialized generics whose coroutine frames allocate); -enable-testing keeps
## @testable imports working. Then the README's examples, each compiled on its own in a
## fresh client package and run (Scripts/check-readme.py), and the Spark stage. Scripts/swift-test.sh
## repeats the failing tests' lines at the end of a failed run.
test: deps
	SWIFT=$(SWIFT) Scripts/swift-test.sh -c release -Xswiftc -enable-testing
	.build/release/fxparse check TestData/*.csv
	python3 Scripts/check-readme.py
	$(MAKE) spark-test

## The API documentation of MoneyKit and MoneyKitExchange (DocC), warnings as errors, into
## .build/docs/<Target>.doccarchive, built for static hosting at a server's root (README,
## "API documentation").
docs: deps
	mkdir -p .build/docs
	for target in MoneyKit MoneyKitExchange; do \
		$(SWIFT) package --allow-writing-to-directory .build/docs generate-documentation --target $$target \
			--warnings-as-errors --output-path .build/docs/$$target.doccarchive \
			--transform-for-static-hosting || exit 1; \
	done

## fxparse as an Apache Spark RDD.pipe stage in local mode (Docs/Spark.md): installs PySpark
## into .build/spark-venv from PyPI the first time (needs Java 17), pipes a generated
## 5,000-row corpus through fxparse in 6 partitions and compares with a plain run.
spark-test:
	$(SWIFT) build -c release --product fxparse
	python3 Scripts/generate-corpus.py --rows 5000 --output .build/spark-corpus.csv
	Tests/Spark/run.sh .build/release/fxparse .build/spark-corpus.csv

## Install the system ICU headers (Debian's libicu-dev) and pkg-config when missing.
deps:
	@if ! pkg-config --exists icu-i18n 2>/dev/null; then \
		echo "Installing libicu-dev and pkg-config..."; \
		$(SUDO) apt-get update -qq && $(SUDO) apt-get install -y -qq libicu-dev pkg-config; \
	fi

## Build the libFuzzer targets and run each for FUZZ_SECONDS (default 60) on seeds from TestData.
FUZZ_SECONDS ?= 60
fuzz: deps
	Fuzz/run.sh $(FUZZ_SECONDS)

## The whole test suite under AddressSanitizer (with LeakSanitizer), then ThreadSanitizer.
## Optimized with -enable-testing, like `make test` and the fuzz targets: unoptimized, the
## instrumented suite ran past CI's 90-minute limit on 2 cores (the run of f2b7e6f was stopped
## in one of this target's instrumented builds); optimized, ASan+LSan builds in 4 min and runs in 5, TSan in 4 and 9.
## The tests know they are instrumented (Tests/TestSupport/Sanitizers.swift): the HTTP
## server tests skip themselves there (see HTTPRateSourceTests: the instrumented suite starves
## the server's tasks for minutes) and the whole-locale round trips walk every fourth locale.
## SWIFT_BACKTRACE=enable=no: a trap must fail the run at once; Swift's backtracer reading
## memory under AddressSanitizer can hang until the CI limit instead of reporting.
## TSAN_OPTIONS=halt_on_error=1: a race report fails the run (by default it only prints).
SANITIZED_BUILD = -c release -Xswiftc -enable-testing
sanitize: deps
	$(SWIFT) build $(SANITIZED_BUILD) --build-tests --sanitize=address --scratch-path .build-asan
	SWIFT_BACKTRACE=enable=no LSAN_OPTIONS=suppressions=$(CURDIR)/Tests/lsan-suppressions.txt:print_suppressions=0 \
		SWIFT=$(SWIFT) Scripts/swift-test.sh $(SANITIZED_BUILD) --skip-build --sanitize=address --scratch-path .build-asan
	$(SWIFT) build $(SANITIZED_BUILD) --build-tests --sanitize=thread --scratch-path .build-tsan
	SWIFT_BACKTRACE=enable=no TSAN_OPTIONS=halt_on_error=1 SWIFT=$(SWIFT) \
		Scripts/swift-test.sh $(SANITIZED_BUILD) --skip-build --sanitize=thread --scratch-path .build-tsan
