package tetravex

import "gridsolve/solvers/jsonw"

// AppendJSON writes a as encoding/json would, for the solver worker.
func (a *Answer) AppendJSON(w *jsonw.Writer) {
	if w.Null("", a == nil) {
		return
	}
	w.Object("")
	w.Bool("possible", a.Possible)
	w.Ints("place", a.Place)
	w.Int("solutions", int64(a.Solutions))
	w.Bool("identicalSwap", a.IdenticalSwap)
	w.End()
}
