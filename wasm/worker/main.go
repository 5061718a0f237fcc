//go:build js && wasm

// Command worker is the solver Web Worker's WebAssembly program: it exposes
// one function, gridsolveSolve(id, game, text), to web/worker.js and posts
// progress messages while a search runs.
//
// A running search never yields to the JavaScript event loop, so it cannot
// be cancelled by a message; the page cancels by terminating the worker.
package main

import (
	"context"
	"encoding/json"
	"syscall/js"
	"time"

	"gridsolve/solvers"
)

// progressEvery spaces the progress messages, so a fast search does not
// flood the page with them.
const progressEvery = 100 * time.Millisecond

func main() {
	js.Global().Set("gridsolveSolve", js.FuncOf(func(this js.Value, args []js.Value) any {
		return solve(args[0].Int(), args[1].String(), args[2].String())
	}))
	js.Global().Call("gridsolveReady")
	select {}
}

// result is what the page receives for one solve request.
type result struct {
	Answer any    `json:"answer,omitempty"`
	Error  string `json:"error,omitempty"`
	Nodes  int64  `json:"nodes"`
	Millis int64  `json:"ms"`
}

// solve runs one request to completion and returns its result as JSON text.
func solve(id int, game, text string) string {
	start := time.Now()
	var res result
	last := start
	progress := func(nodes int64) {
		res.Nodes = nodes
		if now := time.Now(); now.Sub(last) >= progressEvery {
			last = now
			js.Global().Call("postMessage", map[string]any{"id": id, "type": "progress", "nodes": nodes})
		}
	}
	g, ok := solvers.Lookup(game)
	if !ok {
		res.Error = "unknown puzzle " + game
	} else if answer, err := g.Solve(context.Background(), text, progress); err != nil {
		res.Error = err.Error()
	} else {
		res.Answer = answer
	}
	res.Millis = time.Since(start).Milliseconds()
	out, err := json.Marshal(res)
	if err != nil {
		out, _ = json.Marshal(result{Error: "encoding the answer: " + err.Error()})
	}
	return string(out)
}
