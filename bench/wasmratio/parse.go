package main

import (
	"bufio"
	"math"
	"slices"
	"strconv"
	"strings"
)

// results holds the ns/op of each benchmark in the order the runs printed
// them, and the benchmark names in the order first seen.
type results struct {
	names []string
	nsOp  map[string][]float64
}

// parseBench reads the output of a test binary run with -test.bench: lines
// such as
//
//	BenchmarkJudge/Sample   	   12345	     95432 ns/op	  1024 B/op
//
// Everything else (PASS, goos:, log lines, the browser's messages) is
// skipped, as are lines without an ns/op figure. With -test.count n a name
// appears n times, its first run first.
func parseBench(out string) results {
	r := results{nsOp: map[string][]float64{}}
	sc := bufio.NewScanner(strings.NewReader(out))
	sc.Buffer(nil, 1<<20)
	for sc.Scan() {
		f := strings.Fields(sc.Text())
		if len(f) < 4 || !strings.HasPrefix(f[0], "Benchmark") {
			continue
		}
		if _, err := strconv.Atoi(f[1]); err != nil { // iterations
			continue
		}
		for i := 2; i+1 < len(f); i += 2 {
			if f[i+1] != "ns/op" {
				continue
			}
			ns, err := strconv.ParseFloat(f[i], 64)
			if err != nil || !(ns > 0) || math.IsInf(ns, 0) { // NaN fails ns > 0
				break
			}
			if _, ok := r.nsOp[f[0]]; !ok {
				r.names = append(r.names, f[0])
			}
			r.nsOp[f[0]] = append(r.nsOp[f[0]], ns)
			break
		}
	}
	return r
}

// coldWarm splits one process's runs of a benchmark: the first run is cold
// (in the browser, code not yet optimised by the JIT), the median of the
// rest is warm. With a single run there is no warm figure (0).
func coldWarm(runs []float64) (cold, warm float64) {
	if len(runs) == 0 {
		return 0, 0
	}
	return runs[0], median(runs[1:])
}

// fastest returns the least of best (0 for none yet) and the warm runs,
// those after the first.
func fastest(best float64, runs []float64) float64 {
	for _, x := range runs[min(1, len(runs)):] {
		if best == 0 || x < best {
			best = x
		}
	}
	return best
}

// median returns the median of xs, ignoring zeros (missing figures), or 0
// when there is none.
func median(xs []float64) float64 {
	var s []float64
	for _, x := range xs {
		if x > 0 {
			s = append(s, x)
		}
	}
	if len(s) == 0 {
		return 0
	}
	slices.Sort(s)
	if n := len(s); n%2 == 0 {
		return (s[n/2-1] + s[n/2]) / 2
	}
	return s[len(s)/2]
}
