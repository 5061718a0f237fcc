//go:build js && wasm

// Command preview (web/preview.wasm) draws the puzzle of a shared link
// while the page's own program (web/app.wasm, about 2 MB) is still on its
// way: web/boot.js starts it on a nonogram link, at the same time as the
// page's download. It draws the page's own Save… picture of the puzzle
// (app/preview) into the loader, which the page replaces when it starts,
// and exits. It holds a Go runtime and the link decoder and drawing code,
// nothing more: neither go-app nor fmt.
package main

import (
	"syscall/js"

	"gridsolve/app/preview"
)

func main() {
	doc := js.Global().Get("document")
	loading := doc.Call("getElementById", "loading")
	if loading.IsNull() { // the page is up already
		return
	}
	svg, ok := preview.SVG(js.Global().Get("location").Get("hash").String())
	if !ok {
		return
	}
	el := doc.Call("createElement", "div")
	el.Set("id", "preview")
	el.Set("className", "preview")
	el.Call("setAttribute", "role", "img")
	el.Call("setAttribute", "aria-label", "The shared puzzle, while the page loads")
	el.Set("innerHTML", svg)
	loading.Call("prepend", el)
}
