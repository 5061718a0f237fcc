package ships

import "gridsolve/solvers/jsonw"

// AppendJSON writes a as encoding/json would, for the solver worker.
func (a *Answer) AppendJSON(w *jsonw.Writer) {
	if w.Null("", a == nil) {
		return
	}
	w.Object("")
	w.Int("w", int64(a.W))
	w.Int("h", int64(a.H))
	w.Bool("win", a.Win)
	w.Int("grids", int64(a.Grids))
	w.Bool("gridsCapped", a.GridsCapped)
	w.Floats("ship", a.Ship)
	w.Int("next", int64(a.Next))
	w.Base64("known", a.Known)
	w.End()
}

// AppendJSON writes r as a JSON array of booleans.
func (r ReplayAnswer) AppendJSON(w *jsonw.Writer) { w.Bools("", r) }
