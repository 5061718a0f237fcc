# gridsolve: `make run` builds and serves the app on http://127.0.0.1:8080,
# `make test` runs every test. Both set up what they need on a fresh machine.

GO     ?= go
GOROOT := $(shell $(GO) env GOROOT)
WASMEXEC := $(GOROOT)/lib/wasm/go_js_wasm_exec
ADDR   ?= 127.0.0.1:8080
CHROMIUM ?= chromium
# The files of web/ the page loads: each gets compressed copies, and
# web/build.json describes them.
WEBFILES := app.wasm preview.wasm wasm_exec.js boot.js solver.js input.js picture.js worker.js app.css boot.css icon.svg \
	manifest.webmanifest icon-192.png icon-512.png

.PHONY: run dist test test-unit test-wasm test-e2e wasm chromium sizes loadtime coldstart bench-wasm

test: test-unit test-wasm test-e2e

# Native tests, plus every benchmark once so none rots.
test-unit:
	$(GO) vet ./...
	$(GO) test ./...
	$(GO) test -run='^$$' -bench=. -benchtime=1x ./solvers/...

# The solvers again, compiled to wasm and run under Node, as the worker runs them.
test-wasm:
	GOOS=js GOARCH=wasm $(GO) test -short -exec="$(WASMEXEC)" ./solvers/...

# The page: one wasm file in two roles, the UI (go-app) and, in each Web
# Worker, the solvers (see wasm/app): a first visit downloads one Go
# runtime, and the first Solve waits for no second download.
# Its own packages are built without inlining (-l), as are standard
# packages it runs rarely or never (math/big comes with go-app's net/http
# and never runs; net/url runs on navigation, time on timers,
# encoding/json on saves and results): 48 KB less Brotli to download
# before the editor appears (a stroke calls Go once per cell entered, a
# millisecond at most). The five solvers' searches inline as usual, as
# does everything else (the runtime allocates and collects during a
# search).
# It is linked without a Go build ID: the ID, a hash of every input,
# changes with any edit, even to code the binary does not link, and the
# Brotli size swings with it (the same code: 699,488 or 700,239 B), so
# that sizes compared say little.
APPFLAGS := $(foreach p,gridsolve/... math/big net/url time encoding/json,-gcflags=$(p)=-l) \
	-gcflags=gridsolve/solvers/...=
# The preview (wasm/preview), which draws a shared link's puzzle while
# app.wasm downloads, is a Go runtime and little else: built without
# inlining, even the runtime's (it runs once, for milliseconds), it is 33 KB
# smaller in Brotli.
PREVIEWFLAGS := -gcflags=all=-l
wasm:
	cp $(GOROOT)/lib/wasm/wasm_exec.js web/wasm_exec.js
	GOOS=js GOARCH=wasm $(GO) build -trimpath -ldflags='-s -buildid=' $(APPFLAGS) -o web/app.wasm ./wasm/app
	GOOS=js GOARCH=wasm $(GO) build -trimpath -ldflags='-s -buildid=' $(PREVIEWFLAGS) -o web/preview.wasm ./wasm/preview
	$(GO) run ./app/cmd/compress -dir web -page index.html $(WEBFILES)

# A folder any static host can serve, at any sub-path: index.html and
# web/, every path relative, every file precompressed (see README).
# DIST: a folder, relative or absolute.
DIST ?= dist
dist: wasm
	rm -rf $(DIST)
	mkdir -p $(DIST)/web
	cp -p index.html sw.js $(DIST)/
	cd web && cp -p build.json $(foreach f,$(WEBFILES),$(f) $(f).br $(f).gz) $(abspath $(DIST))/web/

run: dist
	$(GO) run ./app/cmd/serve -addr $(ADDR) -root $(DIST)

# Browser end-to-end tests: headless Chromium drives the built page.
test-e2e: wasm chromium
	CHROMIUM=$$(command -v $(CHROMIUM)) $(GO) test -tags e2e -count=1 -timeout 40m ./app/e2e

chromium:
	@command -v $(CHROMIUM) >/dev/null || (apt-get update && DEBIAN_FRONTEND=noninteractive apt-get install -y chromium)

# The wasm file's size, then the packages that take the most code in it
# (built again with symbols; see bench/wasmsize), TOP of them.
TOP ?= 12
sizes: wasm
	@for f in web/app.wasm web/preview.wasm; do printf '%-16s %8d bytes raw, %8d gzip, %8d brotli\n' $$f $$(wc -c < $$f) $$(wc -c < $$f.gz) $$(wc -c < $$f.br); done
	@tmp=$$(mktemp -d) && GOOS=js GOARCH=wasm $(GO) build -trimpath $(APPFLAGS) -o $$tmp/app.wasm ./wasm/app && \
		echo "== wasm/app, code by package:" && $(GO) run ./bench/wasmsize -top $(TOP) $$tmp/app.wasm; rm -rf $$tmp

# A shared 25x25 nonogram link on a first visit: when the puzzle is
# visible, editable, and its first Solve answered, the median of LOADS
# fresh loads of the built page in headless Chromium for each of PROFILES
# (Mbit/s/time to first byte/CPU slow-down; see bench/loadtime, which
# given two folders compares them, loads taken in turn). Not part of make test.
PROFILES ?= 1.6/150ms/4,10/40ms/1
LOADS    ?= 5
loadtime: dist chromium
	$(GO) run ./bench/loadtime -runs $(LOADS) -profiles $(PROFILES) \
		-chromium $$(command -v $(CHROMIUM)) $(DIST)

# The page's first Solve of each game's benchmark puzzle, click to answer,
# against the same solve natively: on a first visit and a repeat visit,
# IDLE after the editor shows (see bench/coldstart), medians of RUNS.
# Not part of make test.
RUNS ?= 3
IDLE ?= 0s,3s
coldstart: dist chromium
	$(GO) run ./bench/coldstart -runs $(RUNS) -idle $(IDLE) -chromium $$(command -v $(CHROMIUM)) $(DIST)

# How much slower each solver benchmark runs as wasm in Chromium than
# natively, warm and cold: by default the benchmarks of issue 10's table,
# or those BENCH names (regexps separated by spaces; BENCH=. for all, which
# takes long), with ROUNDS=, COUNT=, BENCHTIME=. Not part of make test.
BENCH     ?=
BENCHTIME ?= 250ms
COUNT     ?= 3
ROUNDS    ?= 5
bench-wasm: chromium
	$(GO) install github.com/agnivade/wasmbrowsertest@v0.11.0
	CHROMIUM=$$(command -v $(CHROMIUM)) $(GO) run ./bench/wasmratio $(if $(value BENCH),-bench='$(value BENCH)') \
		-benchtime=$(BENCHTIME) -count=$(COUNT) -rounds=$(ROUNDS)
