package job

import (
	"errors"

	"gridsolve/solvers/jsonw"
)

// The worker writes its results with package jsonw rather than with
// encoding/json, which with the reflection it needs made worker.wasm some
// 70 KB larger (Brotli): each answer writes itself (jsonw.Appender). The
// output is byte for byte what encoding/json's Marshal writes, field tags
// included, and the tests hold it to that.

// encodeResult writes res as JSON.
func encodeResult(res Result) ([]byte, error) {
	var w jsonw.Writer
	w.Object("")
	switch a := res.Answer.(type) {
	case nil:
	case string: // generate
		w.String("answer", a)
	case jsonw.Appender:
		w.Value("answer", a)
	default:
		// Not naming the type: that takes reflect, 5 KB of worker.wasm.
		return nil, errors.New("no JSON writer for this kind of answer")
	}
	if res.Error != "" {
		w.String("error", res.Error)
	}
	w.Int("nodes", res.Nodes)
	w.Int("ms", res.Millis)
	w.End()
	return w.JSON()
}
