//go:build js && wasm

// Command app is the page's one WebAssembly program (web/app.wasm), in
// two roles: booted by index.html it is the page (go-app); started by
// web/worker.js in a Web Worker, which has no document, it is a solver
// worker (worker.go). The page compiles the module once and sends it to
// its workers, so a first visit downloads one Go runtime, not two, and
// the first Solve waits for no second download. The static server is a
// separate program (app/cmd/serve), so none of net/http's server ends
// up in this binary.
package main

import (
	"syscall/js"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"gridsolve/app/ui"
)

func main() {
	if js.Global().Get("document").IsUndefined() {
		runWorker()
		return
	}
	// Every path is the page, so it works served from any sub-path
	// (https://someone.github.io/gridsolve/) as well as from /.
	app.RouteWithRegexp("^/", func() app.Composer { return ui.New() })
	app.RunWhenOnBrowser()
}
