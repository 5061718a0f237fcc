package jsonw_test

import (
	"math"
	"math/rand/v2"
	"testing"

	"gridsolve/solvers/jsonw"
	"gridsolve/solvers/jsonw/jsonwtest"
)

// record has a field of each kind the writer writes, and an object inside.
type record struct {
	S      string    `json:"s"`
	I      int64     `json:"i"`
	Small  int       `json:"small"`
	B      bool      `json:"b"`
	Bytes  []byte    `json:"bytes"`
	Bools  []bool    `json:"bools"`
	Ints   []int     `json:"ints"`
	Floats []float64 `json:"floats"`
	Texts  []string  `json:"texts"`
	In     inner     `json:"in"`
	Last   string    `json:"last"`
}

type inner struct {
	F float64 `json:"f"`
	T string  `json:"t"`
}

func (r *record) AppendJSON(w *jsonw.Writer) {
	if w.Null("", r == nil) {
		return
	}
	w.Object("")
	w.String("s", r.S)
	w.Int("i", r.I)
	w.Int("small", int64(r.Small))
	w.Bool("b", r.B)
	w.Base64("bytes", r.Bytes)
	w.Bools("bools", r.Bools)
	w.Ints("ints", r.Ints)
	w.Floats("floats", r.Floats)
	w.Strings("texts", r.Texts)
	w.Value("in", r.In)
	w.String("last", r.Last)
	w.End()
}

func (in inner) AppendJSON(w *jsonw.Writer) {
	w.Object("")
	w.Float("f", in.F)
	w.String("t", in.T)
	w.End()
}

// text and number are a bare string and float, to fuzz alone.
type text string

func (s text) AppendJSON(w *jsonw.Writer) { w.String("", string(s)) }

type number float64

func (f number) AppendJSON(w *jsonw.Writer) { w.Float("", float64(f)) }

func TestRandomRecords(t *testing.T) {
	jsonwtest.Random(t, rand.New(rand.NewPCG(1, 2)), &record{}, 500)
	jsonwtest.Same(t, &record{In: inner{F: math.NaN()}}) // an error, as in encoding/json
}

func TestFirstErrorSticks(t *testing.T) {
	var w jsonw.Writer
	w.Object("")
	w.Float("f", math.NaN())
	w.Float("g", math.Inf(1))
	w.End()
	if b, err := w.JSON(); err == nil || err.Error() != "json: unsupported value: NaN" || b != nil {
		t.Errorf("JSON() = %q, %v; want the first error only", b, err)
	}
}

func FuzzString(f *testing.F) {
	for _, s := range []string{"", "plain", "<&>\"\\\n\r\t\b\f\x00\x7f", "\u2028\u2029\xff\xfe", "é😀"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		jsonwtest.Same(t, text(s))
		jsonwtest.Same(t, &record{S: s, Texts: []string{s, s}})
	})
}

func FuzzFloat(f *testing.F) {
	for _, x := range []float64{0, 1, -1, 0.1, 1e-7, 1e-6, 1e20, 1e21, 5e-324, math.MaxFloat64, math.Inf(1)} {
		f.Add(x)
	}
	f.Fuzz(func(t *testing.T, x float64) {
		jsonwtest.Same(t, number(x))
		jsonwtest.Same(t, &record{Floats: []float64{x, -x}})
	})
}
