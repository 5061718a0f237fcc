package nonogram

import "gridsolve/solvers/jsonw"

// AppendJSON writes a as encoding/json would, for the solver worker.
func (a *Answer) AppendJSON(w *jsonw.Writer) {
	if w.Null("", a == nil) {
		return
	}
	w.Object("")
	a.fields(w)
	w.End()
}

// fields writes a's fields, which a Report shares.
func (a *Answer) fields(w *jsonw.Writer) {
	w.String("status", string(a.Status))
	w.Strings("grid", a.Grid)
	if len(a.Other) > 0 { // omitempty
		w.Strings("other", a.Other)
	}
}
