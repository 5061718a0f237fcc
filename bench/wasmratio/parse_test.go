package main

import (
	"bytes"
	"math"
	"regexp"
	"slices"
	"strings"
	"testing"
)

// nativeOut and wasmOut are shaped like the outputs of one round: the
// native binary's, and the browser console's as wasmbrowsertest prints it.
const nativeOut = `goos: linux
goarch: amd64
pkg: gridsolve/solvers/ships
cpu: AMD EPYC
BenchmarkJudge/Sample         	    1000	       110 ns/op	      64 B/op	       2 allocs/op
BenchmarkJudge/Empty20        	     100	      2000 ns/op
BenchmarkJudge/Sample         	    1000	       100 ns/op	      64 B/op	       2 allocs/op
BenchmarkJudge/Empty20        	     100	      2200 ns/op
BenchmarkSolve                	      10	       5.5 nodes/op	     990 ns/op
BenchmarkJudge/Sample         	    1000	       100 ns/op	      64 B/op	       2 allocs/op
BenchmarkJudge/Empty20        	     100	      2100 ns/op
BenchmarkLogs
    bench_test.go:12: a log line
BenchmarkLogs-junk            	    many	       100 ns/op
PASS
`

const wasmOut = `[wasmbrowsertest]: listening on 127.0.0.1:40000
goos: js
goarch: wasm
BenchmarkJudge/Sample 	     200	       500 ns/op
BenchmarkJudge/Sample 	     300	       300 ns/op
BenchmarkJudge/Sample 	     300	       320 ns/op
--- FAIL: BenchmarkJudge/Empty20
FAIL
`

func TestParseBench(t *testing.T) {
	r := parseBench(nativeOut)
	if want := []string{"BenchmarkJudge/Sample", "BenchmarkJudge/Empty20", "BenchmarkSolve"}; !slices.Equal(r.names, want) {
		t.Fatalf("names %q, want %q", r.names, want)
	}
	for name, want := range map[string][]float64{
		"BenchmarkJudge/Sample":  {110, 100, 100},
		"BenchmarkJudge/Empty20": {2000, 2200, 2100},
		"BenchmarkSolve":         {990}, // ns/op need not come first
	} {
		if got := r.nsOp[name]; !slices.Equal(got, want) {
			t.Errorf("%s: %v, want %v", name, got, want)
		}
	}
}

func TestColdWarm(t *testing.T) {
	for _, tc := range []struct {
		runs       []float64
		cold, warm float64
	}{
		{nil, 0, 0},
		{[]float64{7}, 7, 0},
		{[]float64{9, 4}, 9, 4},
		{[]float64{9, 4, 2}, 9, 3},
		{[]float64{9, 5, 1, 3}, 9, 3},
	} {
		cold, warm := coldWarm(tc.runs)
		if cold != tc.cold || warm != tc.warm {
			t.Errorf("coldWarm(%v) = %v, %v; want %v, %v", tc.runs, cold, warm, tc.cold, tc.warm)
		}
	}
	for _, tc := range []struct {
		best float64
		runs []float64
		want float64
	}{
		{0, nil, 0},
		{0, []float64{7}, 0}, // a cold run only
		{0, []float64{1, 4, 2}, 2},
		{3, []float64{9, 4}, 3},
		{3, []float64{9, 4, 2}, 2},
	} {
		if got := fastest(tc.best, tc.runs); got != tc.want {
			t.Errorf("fastest(%v, %v) = %v, want %v", tc.best, tc.runs, got, tc.want)
		}
	}
	if m := median([]float64{0, 5, 0, 1}); m != 3 {
		t.Errorf("median skips missing figures: got %v, want 3", m)
	}
}

func TestTable(t *testing.T) {
	var rows []*row
	byName := map[string]*row{}
	for range 3 { // three equal rounds
		rows = addRound(rows, byName, "ships", parseBench(nativeOut), parseBench(wasmOut))
	}
	var buf bytes.Buffer
	writeTable(&buf, rows)
	lines := strings.Split(strings.TrimSpace(buf.String()), "\n")
	if len(lines) != 4 || !strings.HasPrefix(lines[0], "benchmark ") {
		t.Fatalf("want a header and three rows, got\n%s", buf.String())
	}
	// Sample: native warm 100, wasm warm 310 (3.10x), cold 500/110 (4.55x).
	// Empty20 failed in the browser; Solve ran once, so it has no warm run.
	// Best: the fastest later runs, 100 native and 300 wasm (3.00x).
	for i, want := range [][]string{
		{"ships.BenchmarkJudge/Sample", "100", "310", "3.10x", "4.55x", "3.00x"},
		{"ships.BenchmarkJudge/Empty20", "2150", "-", "-", "-", "-"},
		{"ships.BenchmarkSolve", "-", "-", "-", "-", "-"},
	} {
		var got []string
		for _, f := range strings.Split(lines[i+1], "|") {
			got = append(got, strings.TrimSpace(f))
		}
		if !slices.Equal(got, want) {
			t.Errorf("row %d: %q, want %q", i+1, got, want)
		}
	}
}

func FuzzParseBench(f *testing.F) {
	f.Add(nativeOut)
	f.Add(wasmOut)
	f.Add("BenchmarkX 1 NaN ns/op\nBenchmarkX 1 -3 ns/op\nBenchmarkX 1 1e309 ns/op\nBenchmarkX 1 Inf ns/op\n")
	f.Fuzz(func(t *testing.T, out string) {
		r := parseBench(out)
		if len(r.names) != len(r.nsOp) {
			t.Fatalf("%d names, %d benchmarks", len(r.names), len(r.nsOp))
		}
		for _, name := range r.names {
			for _, ns := range r.nsOp[name] {
				if !(ns > 0) || math.IsInf(ns, 0) {
					t.Fatalf("%s: %v ns/op", name, ns)
				}
			}
		}
	})
}

// TestIssueBenchmarks checks that the default patterns pick issue 10's
// benchmarks, each level matched as go test matches it, and only them.
func TestIssueBenchmarks(t *testing.T) {
	want := []string{"Benchmark200x200", "BenchmarkSolveEmpty", "BenchmarkSolveFourPieces",
		"BenchmarkSolveHard25", "BenchmarkSolveLines50", "BenchmarkHard5x5", "BenchmarkJudge/Empty20"}
	others := []string{"Benchmark20x20", "Benchmark200x2000", "BenchmarkSolveHard35", "BenchmarkJudge",
		"BenchmarkJudge/Sample", "BenchmarkJudgeAll4x4", "BenchmarkSolve/Empty20"}
	matches := func(pattern, name string) bool {
		levels, names := strings.Split(pattern, "/"), strings.Split(name, "/")
		if len(levels) != len(names) {
			return false // go test runs a shallower name only for its sub-benchmarks
		}
		for i, level := range levels {
			if !regexp.MustCompile(level).MatchString(names[i]) {
				return false
			}
		}
		return true
	}
	patterns := strings.Fields(issueBenchmarks)
	for _, name := range append(want, others...) {
		n := 0
		for _, p := range patterns {
			if matches(p, name) {
				n++
			}
		}
		if wanted := slices.Contains(want, name); wanted && n != 1 || !wanted && n != 0 {
			t.Errorf("%s matches %d patterns", name, n)
		}
	}
}
