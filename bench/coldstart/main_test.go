package main

import (
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"gridsolve/app/share"
	"gridsolve/wasm/job"
)

// The benchmarks' puzzles are built, solved by the worker's own code,
// and fit in a share link that gives them back.
func TestBenchPuzzles(t *testing.T) {
	puzzles, err := benchPuzzles("../..")
	if err != nil {
		t.Fatal(err)
	}
	games := map[string]bool{}
	for _, p := range puzzles {
		games[p.game] = true
		out := job.Run(job.Request{Op: "solve", Game: p.game, Text: p.text}, func(int64) {})
		if strings.Contains(out, `"error"`) || !strings.Contains(out, `"answer"`) {
			t.Errorf("%s %s: the solve failed: %.200s", p.game, p.bench, out)
		}
		game, text, err := share.Decode(share.Encode(p.game, p.text))
		if err != nil || game != p.game || text != p.text {
			t.Errorf("%s %s: the share link does not give the puzzle back: %v", p.game, p.bench, err)
		}
	}
	if len(games) != 5 {
		t.Errorf("puzzles for %d games, want one for each of the five", len(games))
	}
}

func TestStringConst(t *testing.T) {
	file := filepath.Join(t.TempDir(), "x_test.go")
	src := "package x\n\nconst (\n\tn = 3\n\ta, b = \"A\", `B\nB`\n)\n\nvar v = \"not a const\"\n"
	if err := os.WriteFile(file, []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	for name, want := range map[string]string{"a": "A", "b": "B\nB"} {
		if got, err := stringConst(file, name); err != nil || got != want {
			t.Errorf("stringConst(%s) = %q, %v; want %q", name, got, err, want)
		}
	}
	for _, name := range []string{"n", "v", "missing"} {
		if got, err := stringConst(file, name); err == nil {
			t.Errorf("stringConst(%s) = %q, want an error", name, got)
		}
	}
	if _, err := stringConst(filepath.Join(t.TempDir(), "none.go"), "a"); err == nil {
		t.Error("stringConst of a missing file: no error")
	}
}

func TestSolverMs(t *testing.T) {
	for status, want := range map[string]float64{
		"Solved: 12 presses (3 ms)":                    3,
		"Unique solution (1,234,567 nodes, 1056 ms)":   1056,
		"No completion (12 nodes, 0 ms).":              0,
		"  The fleet: 5,000 grids (40 nodes, 77 ms)\n": 77,
	} {
		if got, err := solverMs(status); err != nil || got != want {
			t.Errorf("solverMs(%q) = %v, %v; want %v", status, got, err, want)
		}
	}
	for _, status := range []string{"", "Solving…", "Solved (12 ms) and more", "Solved (x12 ms)", "(ms)"} {
		if got, err := solverMs(status); err == nil {
			t.Errorf("solverMs(%q) = %v, want an error", status, got)
		}
	}
}

// FuzzSolverMs: any status is read without a panic, and a time read is
// the number just before the closing " ms)".
func FuzzSolverMs(f *testing.F) {
	f.Add("Solved (1,234 nodes, 56 ms)")
	f.Add("No completion (0 ms).")
	f.Add("(ms)")
	f.Fuzz(func(t *testing.T, status string) {
		ms, err := solverMs(status)
		if err != nil {
			return
		}
		s := strings.TrimSuffix(strings.TrimSpace(status), ".")
		if !strings.HasSuffix(s, strconv.FormatFloat(ms, 'f', -1, 64)+" ms)") && ms < 1e15 {
			t.Errorf("solverMs(%q) = %v, not the number before \" ms)\"", status, ms)
		}
	})
}
