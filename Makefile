# gridsolve: `make run` builds and serves the app on http://127.0.0.1:8080,
# `make test` runs every test. Both set up what they need on a fresh machine.

GO     ?= go
GOROOT := $(shell $(GO) env GOROOT)
WASMEXEC := $(GOROOT)/lib/wasm/go_js_wasm_exec

.PHONY: run test test-unit test-wasm

test: test-unit test-wasm

# Native tests, plus every benchmark once so none rots.
test-unit:
	$(GO) vet ./...
	$(GO) test ./...
	$(GO) test -run='^$$' -bench=. -benchtime=1x ./solvers/...

# The solvers again, compiled to wasm and run under Node, as the worker runs them.
test-wasm:
	GOOS=js GOARCH=wasm $(GO) test -short -exec="$(WASMEXEC)" ./solvers/...
