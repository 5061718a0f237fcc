package ui

import (
	"unsafe"

	"github.com/maxence-charriere/go-app/v10/pkg/app"
)

// progressID is the element web/solver.js fills with the running search's
// progress, without any rendering on the Go side.
const progressID = "progress"

// jsWorker is the midend's worker: the Go face of web/solver.js, which
// owns the Web Workers.
type jsWorker struct {
	js    app.Value
	onEnd app.Func
}

// startWorker starts the spare worker; how each job ends reaches handle on
// the UI goroutine through dispatch. The arguments come from JavaScript,
// so they are checked: a malformed call is dropped, never a panic.
func startWorker(dispatch func(func(app.Context)), handle func(ctx app.Context, id int, ok bool, result string)) *jsWorker {
	s := &jsWorker{js: app.Window().Get(jsSolver)}
	s.onEnd = app.FuncOf(func(this app.Value, args []app.Value) any {
		if len(args) != 3 || args[0].Type() != app.TypeNumber || args[1].Type() != app.TypeString || !isText(args[2]) {
			app.Log("gridsolve: malformed message from the solver dropped")
			return nil
		}
		id, ok, result := args[0].Int(), args[1].String() == "done", textOf(args[2])
		dispatch(func(ctx app.Context) { handle(ctx, id, ok, result) })
		return nil
	})
	s.js.Call("init", s.onEnd, warmups(newEditors()))
	return s
}

// isText says whether v is a result's text: a string, or UTF-8 bytes in a
// Uint8Array, as the worker sends it (see web/worker.js).
func isText(v app.Value) bool {
	return v.Type() == app.TypeString || v.InstanceOf(app.Window().Get("Uint8Array"))
}

// textOf is the text isText accepted. The bytes are copied in as they are:
// no decoding into a JavaScript string and encoding back, which took
// 60 ms on the main thread for a 3 MB trace.
func textOf(v app.Value) string {
	if v.Type() == app.TypeString {
		return v.String()
	}
	b := make([]byte, v.Length())
	if len(b) == 0 {
		return ""
	}
	app.CopyBytesToGo(b, v)
	return unsafe.String(&b[0], len(b)) // b is not kept: no second copy
}

func (s *jsWorker) post(id int, r jobRequest) {
	s.js.Call("post", id, string(r.op), r.game, r.text, r.position, map[string]any{
		"w": r.opts.W, "h": r.opts.H, "level": r.opts.Level, "seed": float64(r.opts.Seed), "pieces": r.opts.Pieces, "colours": r.opts.Colours,
	})
}

func (s *jsWorker) count(id int, r jobRequest) { s.js.Call("count", id, r.game, r.text) }
func (s *jsWorker) race(id int, r jobRequest) {
	ops, args := []any{string(r.op)}, []any{""}
	for _, rv := range r.rivals {
		ops, args = append(ops, string(rv.op)), append(args, rv.arg)
	}
	s.js.Call("race", id, ops, args, r.game, r.text)
}
func (s *jsWorker) progress(id int) string { return s.js.Call("progress", id).String() }
func (s *jsWorker) cancel(id int) string   { return s.js.Call("cancel", id).String() }

func (s *jsWorker) stop() {
	s.js.Call("stop")
	s.onEnd.Release()
}

// localStore is the midend's store: the browser's localStorage. Writing
// throws when the storage is full or denied; that becomes an error.
type localStore struct{}

func (localStore) get(key string) (string, bool) {
	v := app.Window().Get("localStorage").Call("getItem", key)
	if v.IsNull() || v.IsUndefined() {
		return "", false
	}
	return v.String(), true
}

func (localStore) set(key, value string) (err error) {
	defer func() {
		if r := recover(); r != nil {
			err = errorOf(r)
		}
	}()
	app.Window().Get("localStorage").Call("setItem", key, value)
	return nil
}

// windowBar is the midend's address bar: the window's URL fragment,
// replaced without a new entry in the browser's history. The entry's
// state holds the fragment too: the browser keeps it across a reload,
// and a link opened anew has none.
type windowBar struct{}

func (windowBar) replace(frag string) {
	app.Window().Get("history").Call("replaceState", frag, "", "#"+frag)
}

func (windowBar) written() string {
	if s := app.Window().Get("history").Get("state"); s.Type() == app.TypeString {
		return s.String()
	}
	return ""
}
