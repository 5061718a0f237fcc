package iq

import "gridsolve/solvers/jsonw"

// AppendJSON writes a as encoding/json would, for the solver worker.
func (a *Answer) AppendJSON(w *jsonw.Writer) {
	if w.Null("", a == nil) {
		return
	}
	w.Object("")
	w.Bool("solved", a.Solved)
	w.Strings("rows", a.Rows)
	w.Int("solutions", int64(a.Solutions))
	w.Int("nodes", a.Nodes)
	w.End()
}

// AppendJSON writes n as a JSON number.
func (n CountAnswer) AppendJSON(w *jsonw.Writer) { w.Int("", int64(n)) }
