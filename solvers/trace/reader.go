package trace

import (
	"errors"
	"strconv"
)

// Reader reads a trace as AppendJSON writes it, a few steps at a time: a
// trace of 20,000 steps is megabytes of JSON, which encoding/json reads in
// WebAssembly in far longer than a frame, so the page reads it across
// frames instead, and stays smooth. It reads exactly what AppendJSON
// writes (no spaces, the keys in their order, any left out that
// omitempty leaves out); anything else is an error, never a panic.
type Reader struct {
	b     []byte
	i     int
	t     Trace
	phase int // 0 before the steps, 1 in them, 2 done
}

// NewReader reads the trace at the start of b.
func NewReader(b []byte) *Reader { return &Reader{b: b} }

var errBroken = errors.New("a broken trace")

// Read reads up to n more steps, and reports whether the whole trace has
// been read.
func (r *Reader) Read(n int) (done bool, err error) {
	defer func() {
		if err != nil {
			r.phase = -1
		}
	}()
	switch r.phase {
	case -1:
		return false, errBroken
	case 0:
		if !r.lit(`{"start":`) {
			return false, errBroken
		}
		if r.t.Start, err = r.ints(); err != nil {
			return false, err
		}
		if r.lit(`,"steps":null`) {
			r.phase = 2
			return r.end()
		}
		if !r.lit(`,"steps":[`) {
			return false, errBroken
		}
		r.t.Steps = []Step{}
		r.phase = 1
		if r.lit(`]`) {
			r.phase = 2
			return r.end()
		}
		return false, nil
	case 1:
		for range n {
			s, err := r.step()
			if err != nil {
				return false, err
			}
			r.t.Steps = append(r.t.Steps, s)
			if r.lit(`]`) {
				r.phase = 2
				return r.end()
			}
			if !r.lit(`,`) {
				return false, errBroken
			}
		}
		return false, nil
	}
	return true, nil
}

// end reads the end of the trace, after its steps.
func (r *Reader) end() (bool, error) {
	switch {
	case r.lit(`,"truncated":true}`):
		r.t.Truncated = true
	case r.lit(`,"truncated":false}`):
	default:
		return false, errBroken
	}
	return true, nil
}

// Trace is what was read so far: the whole trace once Read is done.
func (r *Reader) Trace() Trace { return r.t }

// Steps is the number of steps read so far.
func (r *Reader) Steps() int { return len(r.t.Steps) }

// Rest is what follows the trace in the bytes read, once it is done.
func (r *Reader) Rest() []byte { return r.b[r.i:] }

// Progress is the share of the bytes read so far, from 0 to 1.
func (r *Reader) Progress() float64 { return float64(r.i) / float64(max(1, len(r.b))) }

// lit reads s if it comes next.
func (r *Reader) lit(s string) bool {
	if len(r.b)-r.i >= len(s) && string(r.b[r.i:r.i+len(s)]) == s {
		r.i += len(s)
		return true
	}
	return false
}

func (r *Reader) step() (s Step, err error) {
	var n int64
	if !r.lit(`{"kind":`) {
		return s, errBroken
	}
	if n, err = r.int(); err != nil || n < 0 || n > 255 {
		return s, errBroken
	}
	s.Kind = Kind(n)
	if !r.lit(`,"at":`) {
		return s, errBroken
	}
	if n, err = r.int(); err != nil {
		return s, err
	}
	s.At = int(n)
	if r.lit(`,"note":`) {
		if s.Note, err = r.str(); err != nil {
			return s, err
		}
	}
	if r.lit(`,"cells":`) {
		if s.Cells, err = r.ints(); err != nil {
			return s, err
		}
	}
	if r.lit(`,"values":`) {
		if s.Values, err = r.ints(); err != nil {
			return s, err
		}
	}
	if !r.lit(`,"nodes":`) {
		return s, errBroken
	}
	if s.Nodes, err = r.int(); err != nil {
		return s, err
	}
	if !r.lit(`,"backtracks":`) {
		return s, errBroken
	}
	if s.Backtracks, err = r.int(); err != nil {
		return s, err
	}
	if r.lit(`,"options":`) {
		if s.Options, err = r.ints(); err != nil {
			return s, err
		}
	}
	if !r.lit(`}`) {
		return s, errBroken
	}
	return s, nil
}

// int reads an integer.
func (r *Reader) int() (int64, error) {
	j := r.i
	if j < len(r.b) && r.b[j] == '-' {
		j++
	}
	for j < len(r.b) && r.b[j] >= '0' && r.b[j] <= '9' {
		j++
	}
	n, err := strconv.ParseInt(string(r.b[r.i:j]), 10, 64)
	if err != nil {
		return 0, errBroken
	}
	r.i = j
	return n, nil
}

// ints reads an array of integers, or null.
func (r *Reader) ints() ([]int, error) {
	if r.lit(`null`) {
		return nil, nil
	}
	if !r.lit(`[`) {
		return nil, errBroken
	}
	v := []int{}
	if r.lit(`]`) {
		return v, nil
	}
	for {
		n, err := r.int()
		if err != nil || int64(int(n)) != n {
			return nil, errBroken
		}
		v = append(v, int(n))
		if r.lit(`]`) {
			return v, nil
		}
		if !r.lit(`,`) {
			return nil, errBroken
		}
	}
}

// str reads a string, as encoding/json writes it.
func (r *Reader) str() (string, error) {
	if !r.lit(`"`) {
		return "", errBroken
	}
	start, escaped := r.i, false
	for j := r.i; j < len(r.b); j++ {
		switch r.b[j] {
		case '\\':
			escaped = true
			j++
		case '"':
			r.i = j + 1
			if !escaped {
				return string(r.b[start:j]), nil
			}
			s, err := strconv.Unquote(string(r.b[start-1 : j+1]))
			if err != nil {
				return "", errBroken
			}
			return s, nil
		}
	}
	return "", errBroken
}
