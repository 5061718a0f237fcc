package main

import (
	"testing"
	"time"
)

func TestParseProfiles(t *testing.T) {
	ps, err := parseProfiles("1.6/150ms/4, 10/40ms/1")
	want := []profile{{1.6, 150 * time.Millisecond, 4}, {10, 40 * time.Millisecond, 1}}
	if err != nil || len(ps) != len(want) || ps[0] != want[0] || ps[1] != want[1] {
		t.Fatalf("got %v, %v; want %v", ps, err, want)
	}
	for _, bad := range []string{"", "10", "10/40ms", "0/40ms/1", "10/-1s/1", "10/40ms/0.5", "x/40ms/1", "10/40/1", "10/40ms/1/2"} {
		if ps, err := parseProfiles(bad); err == nil {
			t.Errorf("%q: got %v, want an error", bad, ps)
		}
	}
}

// Whatever the flag says, the parser gives profiles it can emulate or an
// error, never a panic.
func FuzzParseProfiles(f *testing.F) {
	f.Add("1.6/150ms/4,10/40ms/1")
	f.Add("10/40ms")
	f.Fuzz(func(t *testing.T, s string) {
		ps, err := parseProfiles(s)
		for _, p := range ps {
			if err == nil && (p.mbit <= 0 || p.latency < 0 || p.cpu < 1) {
				t.Fatalf("%q: %v", s, p)
			}
		}
	})
}
