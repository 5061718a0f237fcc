# gridsolve: `make run` builds and serves the app on http://127.0.0.1:8080,
# `make test` runs every test. Both set up what they need on a fresh machine.

GO     ?= go
GOROOT := $(shell $(GO) env GOROOT)
WASMEXEC := $(GOROOT)/lib/wasm/go_js_wasm_exec
ADDR   ?= 127.0.0.1:8080
CHROMIUM ?= chromium
# The files of web/ the page loads: each gets compressed copies, and
# web/build.json describes them.
WEBFILES := app.wasm worker.wasm wasm_exec.js boot.js solver.js input.js worker.js app.css boot.css icon.svg \
	manifest.webmanifest icon-192.png icon-512.png

.PHONY: run dist test test-unit test-wasm test-e2e wasm chromium sizes loadtime coldstart bench-wasm

test: test-unit test-wasm test-e2e

# Native tests, plus every benchmark once so none rots.
test-unit:
	$(GO) vet ./...
	$(GO) test ./...
	$(GO) test -run='^$$' -bench=. -benchtime=1x ./solvers/...
	$(GO) test -tags=judgeonly -run='^TestJudgeOnly$$' ./solvers/nonogram

# The solvers again, compiled to wasm and run under Node, as the worker runs them.
test-wasm:
	GOOS=js GOARCH=wasm $(GO) test -short -exec="$(WASMEXEC)" ./solvers/...

# The page: the UI (go-app) and the solver worker, two separate wasm files.
# Some of the UI is built without inlining (-l), 48 KB less Brotli to
# download before the editor appears: its own packages (app/ui and the
# solvers' format code it links; a stroke calls Go once per cell entered,
# a millisecond at most), and standard packages it runs rarely or never
# (math/big comes with go-app's net/http and never runs; net/url runs on
# navigation, time on timers, encoding/json on saves and results).
UIFLAGS := $(foreach p,gridsolve/... math/big net/url time encoding/json,-gcflags=$(p)=-l)
# The worker's searches inline as usual: the five solvers, the runtime (it
# allocates and collects during a search) and encoding/binary (Flip packs
# boards with it). Every other standard package it links runs once a job
# or never (parsing, formatting, posting results, timers), so goes without
# inlining: 10 KB less Brotli, for searches about 3% slower in wasm (the
# issue's benchmarks: none beyond the noise but iq SolveFourPieces, +3.9%).
# Both wasm files are linked without a Go build ID: the ID, a hash of
# every input, changes with any edit, even to code a binary does not
# link, and the Brotli size swings with it (the same code: 699,488 or
# 700,239 B), so that sizes compared say little.
# The tag judgeonly leaves out Nonogram's import formats (20 KB less
# Brotli): the page sends the worker only judge text, which its editors
# write.
WORKERFLAGS := -gcflags=all=-l $(foreach p,$(addprefix gridsolve/solvers/,ships flip iq nonogram tetravex) runtime encoding/binary,-gcflags=$(p)=) \
	-tags=judgeonly
wasm:
	cp $(GOROOT)/lib/wasm/wasm_exec.js web/wasm_exec.js
	GOOS=js GOARCH=wasm $(GO) build -trimpath -ldflags='-s -buildid=' $(UIFLAGS) -o web/app.wasm ./wasm/ui
	GOOS=js GOARCH=wasm $(GO) build -trimpath -ldflags='-s -buildid=' $(WORKERFLAGS) -o web/worker.wasm ./wasm/worker
	$(GO) run ./app/cmd/compress -dir web -page index.html $(WEBFILES)

# A folder any static host can serve, at any sub-path: index.html and
# web/, every path relative, every file precompressed (see README).
DIST ?= dist
dist: wasm
	rm -rf $(DIST)
	mkdir -p $(DIST)/web
	cp -p index.html sw.js $(DIST)/
	cd web && cp -p build.json $(foreach f,$(WEBFILES),$(f) $(f).br $(f).gz) ../$(DIST)/web/

run: dist
	$(GO) run ./app/cmd/serve -addr $(ADDR) -root $(DIST)

# Browser end-to-end tests: headless Chromium drives the built page.
test-e2e: wasm chromium
	CHROMIUM=$$(command -v $(CHROMIUM)) $(GO) test -tags e2e -count=1 -timeout 40m ./app/e2e

chromium:
	@command -v $(CHROMIUM) >/dev/null || (apt-get update && DEBIAN_FRONTEND=noninteractive apt-get install -y chromium)

# The two wasm files' sizes, then the packages that take the most code in
# each (built again with symbols; see bench/wasmsize), TOP of them.
TOP ?= 12
sizes: wasm
	@for f in web/app.wasm web/worker.wasm; do \
		printf '%-16s %8d bytes raw, %8d gzip, %8d brotli\n' $$f $$(wc -c < $$f) $$(wc -c < $$f.gz) $$(wc -c < $$f.br); done
	@tmp=$$(mktemp -d) && for p in ui worker; do \
		GOOS=js GOARCH=wasm $(GO) build -trimpath $$([ $$p = ui ] && echo '$(UIFLAGS)' || echo '$(WORKERFLAGS)') -o $$tmp/$$p.wasm ./wasm/$$p && \
		echo "== wasm/$$p, code by package:" && $(GO) run ./bench/wasmsize -top $(TOP) $$tmp/$$p.wasm; done; rm -rf $$tmp

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
