// Command ui is the page's WebAssembly program (web/app.wasm), booted by
// index.html. The static server is a separate program (app/cmd/serve), so
// none of net/http's server ends up in this binary.
package main

import (
	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"gridsolve/app/ui"
)

func main() {
	// Every path is the page, so it works served from any sub-path
	// (https://someone.github.io/gridsolve/) as well as from /.
	app.RouteWithRegexp("^/", func() app.Composer { return ui.New() })
	app.RunWhenOnBrowser()
}
