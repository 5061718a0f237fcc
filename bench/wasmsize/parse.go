package main

import (
	"errors"
	"fmt"
	"strings"
)

// module is what wasmsize needs of a wasm binary.
type module struct {
	imported int            // imported functions, which come first in the index space
	bodies   []int          // code size of each defined function
	names    map[int]string // function index -> name, from the "name" section
	code     int            // size of the code section
	data     int            // size of the data section
}

// parse reads the sections of a wasm binary (see the WebAssembly core
// spec, "Binary Format": a magic number, a version, then sections of an id
// byte and a LEB128 length).
func parse(b []byte) (*module, error) {
	if len(b) < 8 || string(b[:4]) != "\x00asm" {
		return nil, errors.New("not a WebAssembly binary")
	}
	m := &module{names: map[int]string{}}
	r := reader{b: b, at: 8}
	for r.at < len(b) {
		id := r.byte()
		n := r.uint()
		body := r.bytes(n)
		if r.err != nil {
			return nil, r.err
		}
		s := reader{b: body}
		switch id {
		case 0: // custom
			if s.name() == "name" {
				m.readNames(&s)
			}
		case 2: // imports
			for n := s.uint(); n > 0 && s.err == nil; n-- {
				s.name()
				s.name()
				switch s.byte() {
				case 0: // function
					s.uint()
					m.imported++
				case 1: // table: reftype, limits
					s.byte()
					s.limits()
				case 2: // memory
					s.limits()
				case 3: // global: type, mutability
					s.byte()
					s.byte()
				default:
					return nil, errors.New("unknown import kind")
				}
			}
		case 10: // code
			m.code = n
			for n := s.uint(); n > 0 && s.err == nil; n-- {
				m.bodies = append(m.bodies, s.uint())
				s.bytes(m.bodies[len(m.bodies)-1])
			}
		case 11:
			m.data = n
		}
		if s.err != nil {
			return nil, fmt.Errorf("section %d: %w", id, s.err)
		}
	}
	if len(m.names) == 0 {
		return nil, errors.New("no function names: build without -ldflags=-s")
	}
	return m, nil
}

// readNames reads the function names subsection (id 1) of the name section.
func (m *module) readNames(s *reader) {
	for s.at < len(s.b) && s.err == nil {
		id := s.byte()
		sub := reader{b: s.bytes(s.uint())}
		if id != 1 {
			continue
		}
		for n := sub.uint(); n > 0 && sub.err == nil; n-- {
			i := sub.uint()
			m.names[i] = sub.name()
		}
		s.err = sub.err
	}
}

// packageOf is the package of a Go symbol as the wasm name section spells
// it, with '/' and the dots of a path as '_':
// "gridsolve_solvers_ships.__board_.fire" -> "gridsolve_solvers_ships",
// "github.com_maxence_charriere_go_app_v10_pkg_app.Div" -> its whole path.
func packageOf(sym string) string {
	if sym == "" {
		return "(unnamed)"
	}
	host := 0 // a module path's host keeps its dot: skip past it
	for _, h := range []string{".com_", ".org_", ".in_", ".io_", ".dev_", ".net_"} {
		if i := strings.Index(sym, h); i >= 0 && !strings.Contains(sym[:i], ".") {
			host = i + len(h)
			break
		}
	}
	if dot := strings.IndexByte(sym[host:], '.'); dot >= 0 {
		return sym[:host+dot]
	}
	return sym
}

// reader reads the binary's LEB128 numbers and byte strings; the first
// error sticks and later reads return zero values, so every loop over a
// count read from the file stops at it.
type reader struct {
	b   []byte
	at  int
	err error
}

var errShort = errors.New("unexpected end of data")

func (r *reader) byte() byte {
	if r.err != nil || r.at >= len(r.b) {
		r.err = errShort
		return 0
	}
	r.at++
	return r.b[r.at-1]
}

// uint reads an unsigned LEB128 number of at most 32 bits.
func (r *reader) uint() int {
	var n uint64
	for shift := 0; shift < 35; shift += 7 {
		c := r.byte()
		n |= uint64(c&0x7f) << shift
		if c < 0x80 {
			return int(n)
		}
	}
	if r.err == nil {
		r.err = errors.New("number too long")
	}
	return 0
}

func (r *reader) bytes(n int) []byte {
	if r.err != nil || n < 0 || n > len(r.b)-r.at {
		r.err = errShort
		return nil
	}
	r.at += n
	return r.b[r.at-n : r.at]
}

func (r *reader) name() string { return string(r.bytes(r.uint())) }

// limits reads a flag and a minimum, and a maximum when the flag says so.
func (r *reader) limits() {
	if r.byte()&1 != 0 {
		r.uint()
	}
	r.uint()
}
