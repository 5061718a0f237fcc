//go:build js && wasm

package main

// The solver worker's role: it exposes one function, gridsolveRun(id, op,
// game, text, position, w, h, level, seed, pieces), to web/worker.js and posts
// progress messages while a job runs.
//
// A running search never yields to the JavaScript event loop, so it cannot
// be cancelled by a message; the page cancels by terminating the worker.

import (
	"syscall/js"

	"gridsolve/solvers"
	"gridsolve/wasm/job"
)

func runWorker() {
	js.Global().Set("gridsolveRun", js.FuncOf(run))
	js.Global().Call("gridsolveReady")
	select {}
}

// run checks its arguments, which come from another thread's message, and
// runs the job.
func run(this js.Value, args []js.Value) any {
	kinds := []js.Type{js.TypeNumber, js.TypeString, js.TypeString, js.TypeString, js.TypeString,
		js.TypeNumber, js.TypeNumber, js.TypeNumber, js.TypeNumber, js.TypeNumber, js.TypeNumber}
	if len(args) != len(kinds) {
		return job.Failed("malformed request")
	}
	for i, k := range kinds {
		if args[i].Type() != k {
			return job.Failed("malformed request")
		}
	}
	id := args[0].Int()
	req := job.Request{
		Op: args[1].String(), Game: args[2].String(), Text: args[3].String(), Position: args[4].String(),
		Options: solvers.Options{W: args[5].Int(), H: args[6].Int(), Level: args[7].Int(), Seed: uint64(args[8].Float()), Pieces: args[9].Int(), Colours: args[10].Int()},
	}
	return job.Run(req, func(nodes int64) {
		js.Global().Call("postMessage", map[string]any{"id": id, "type": "progress", "nodes": nodes})
	})
}
