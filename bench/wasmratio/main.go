// Command wasmratio measures how much slower the solvers run as WebAssembly
// in a browser than natively, with the project's own benchmarks.
//
// For each solver package it builds the test binary twice, natively and
// with GOOS=js GOARCH=wasm, then runs both in turn for several rounds: the
// native one directly, the wasm one in headless Chromium under
// wasmbrowsertest (github.com/agnivade/wasmbrowsertest@v0.11.0, on PATH or
// in $GOPATH/bin). Both run on one thread (-test.cpu=1), as the browser
// does. It prints, per benchmark, the native and warm wasm ns/op and two
// wasm/native ratios:
//
//   - warm: the runs after the first of each process (-count runs), when
//     the browser has optimised the code;
//   - cold: the first run of each process;
//   - best: the fastest warm wasm run over the fastest warm native run,
//     which a loaded machine disturbs least, since load only slows runs.
//
// Each other figure is the median over the rounds of the per-round figure
// (warm: the median of that round's later runs). A run takes about
// rounds x count x benchtime per benchmark, plus a browser start per
// package, pattern and round, so filter with -bench for a quick look:
//
//	make bench-wasm BENCH='^BenchmarkJudge$/^Sample$' ROUNDS=3
//	go run ./bench/wasmratio -bench='^Benchmark(Hard5x5|All4x4)$'
//
// -bench takes several patterns separated by spaces, each run on its own:
// as with go test, a pattern with a '/' level reports only benchmarks
// that have sub-benchmarks, so those need a pattern of their own.
//
// The defaults are those of the figures quoted in the project: the
// benchmarks of issue 10's table (issueBenchmarks), -benchtime 250ms
// -count 3, medians of 5 rounds. It is not part of make test.
package main

import (
	"bytes"
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/exec"
	"os/signal"
	"path/filepath"
	"strings"
	"text/tabwriter"
	"time"
)

// chromiumFlags let headless Chromium run as root in a container; the
// wrapper adds them since wasmbrowsertest has no way to pass flags.
// (chromedp, under wasmbrowsertest, already adds --no-sandbox for root and
// a fresh --user-data-dir.)
var chromiumFlags = []string{
	"--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
	"--disable-background-networking", "--disable-component-update", "--disable-sync",
	"--disable-dev-shm-usage",
}

// issueBenchmarks are the benchmarks of issue 10's table, one or two per
// solver, whose wasm/native ratios the project's goals are stated for.
const issueBenchmarks = "^Benchmark(200x200|SolveEmpty|SolveFourPieces|SolveHard25|SolveLines50|Hard5x5)$ " +
	"^BenchmarkJudge$/^Empty20$"

func main() {
	var c config
	flag.StringVar(&c.bench, "bench", envOr("BENCH", issueBenchmarks),
		"run only the benchmarks matching these regexps, separated by spaces (default $BENCH or issue 10's table)")
	flag.StringVar(&c.benchtime, "benchtime", "250ms", "-test.benchtime of each run")
	flag.IntVar(&c.count, "count", 3, "runs of each benchmark per process; the first is the cold one")
	flag.IntVar(&c.rounds, "rounds", 5, "rounds of native and wasm processes, taken the median of")
	flag.StringVar(&c.pkgs, "pkgs", "./solvers/...", "packages whose benchmarks to run")
	flag.DurationVar(&c.timeout, "timeout", 30*time.Minute, "time allowed for each process")
	flag.Parse()
	// Interrupting cancels the runs, so that the temporary files go too.
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	if err := measure(ctx, c); err != nil {
		stop()
		fmt.Fprintln(os.Stderr, "wasmratio:", err)
		os.Exit(1)
	}
}

type config struct {
	bench, benchtime, pkgs string
	count, rounds          int
	timeout                time.Duration
}

// measure builds, runs and prints the table.
func measure(ctx context.Context, c config) error {
	if c.count < 1 || c.rounds < 1 {
		return errors.New("-count and -rounds must be at least 1")
	}
	patterns := strings.Fields(c.bench)
	if len(patterns) == 0 {
		return errors.New("-bench names no pattern")
	}
	runner, err := findWasmRunner()
	if err != nil {
		return err
	}
	tmp, err := os.MkdirTemp("", "wasmratio")
	if err != nil {
		return err
	}
	defer os.RemoveAll(tmp)
	env, err := chromiumEnv(tmp)
	if err != nil {
		return err
	}
	packages, err := listPackages(ctx, c.pkgs)
	if err != nil {
		return err
	}
	for _, p := range packages {
		if err := p.build(ctx, tmp); err != nil {
			return err
		}
	}

	var rows []*row
	byName := map[string]*row{}
	for round := range c.rounds {
		for _, p := range packages {
			if p.native == "" {
				continue // no tests
			}
			for _, pattern := range patterns {
				args := []string{"-test.run=^$", "-test.bench=" + pattern, "-test.benchtime=" + c.benchtime,
					fmt.Sprintf("-test.count=%d", c.count), "-test.cpu=1", fmt.Sprintf("-test.timeout=%s", c.timeout)}
				native, err := run(ctx, c.timeout, p.dir, nil, p.native, args...)
				if err != nil {
					return fmt.Errorf("%s native: %v", p.path, err)
				}
				nr := parseBench(native)
				if len(nr.names) == 0 {
					continue // no benchmark matches: spare the browser start
				}
				fmt.Fprintf(os.Stderr, "round %d/%d: %s %s\n", round+1, c.rounds, p.path, pattern)
				wasm, err := run(ctx, c.timeout, p.dir, env, runner, append([]string{p.wasm}, args...)...)
				if err != nil {
					return fmt.Errorf("%s wasm: %v", p.path, err)
				}
				rows = addRound(rows, byName, p.name, nr, parseBench(wasm))
			}
		}
	}
	if len(rows) == 0 {
		return fmt.Errorf("no benchmark matches %q", c.bench)
	}
	fmt.Printf("wasm/native, -benchtime %s -count %d, medians of %d rounds\n\n", c.benchtime, c.count, c.rounds)
	writeTable(os.Stdout, rows)
	return nil
}

func envOr(key, def string) string {
	if v := os.Getenv(key); v != "" {
		return v
	}
	return def
}

// findWasmRunner finds wasmbrowsertest on PATH or where go install puts it.
func findWasmRunner() (string, error) {
	if p, err := exec.LookPath("wasmbrowsertest"); err == nil {
		return p, nil
	}
	out, err := exec.Command("go", "env", "GOBIN", "GOPATH").Output()
	if err == nil {
		for _, dir := range strings.Split(strings.TrimSpace(string(out)), "\n") {
			if dir == "" {
				continue
			}
			for _, p := range []string{filepath.Join(dir, "wasmbrowsertest"), filepath.Join(dir, "bin", "wasmbrowsertest")} {
				if _, err := os.Stat(p); err == nil {
					return p, nil
				}
			}
		}
	}
	return "", errors.New("wasmbrowsertest not found: go install github.com/agnivade/wasmbrowsertest@v0.11.0")
}

// chromiumEnv returns the environment for wasmbrowsertest: a PATH that
// finds, as "chromium", a wrapper around the real one ($CHROMIUM or
// chromium on PATH) adding chromiumFlags.
func chromiumEnv(tmp string) ([]string, error) {
	real, err := exec.LookPath(envOr("CHROMIUM", "chromium"))
	if err != nil {
		return nil, fmt.Errorf("chromium not found (make chromium installs it): %v", err)
	}
	dir := filepath.Join(tmp, "bin")
	if err := os.Mkdir(dir, 0o755); err != nil {
		return nil, err
	}
	quoted := "'" + strings.ReplaceAll(real, "'", `'\''`) + "'"
	script := fmt.Sprintf("#!/bin/sh\nexec %s %s \"$@\"\n", quoted, strings.Join(chromiumFlags, " "))
	if err := os.WriteFile(filepath.Join(dir, "chromium"), []byte(script), 0o755); err != nil {
		return nil, err
	}
	return append(os.Environ(), "PATH="+dir+string(os.PathListSeparator)+os.Getenv("PATH")), nil
}

// pkg is one package and its two test binaries ("" when it has no tests).
type pkg struct {
	path, dir, name string
	native, wasm    string
}

func listPackages(ctx context.Context, pattern string) ([]*pkg, error) {
	out, err := run(ctx, time.Minute, "", nil, "go", "list", "-f", "{{.ImportPath}}\t{{.Dir}}\t{{.Name}}", pattern)
	if err != nil {
		return nil, err
	}
	var pkgs []*pkg
	for _, line := range strings.Split(strings.TrimSpace(out), "\n") {
		f := strings.Split(line, "\t")
		if len(f) == 3 && f[2] != "main" {
			pkgs = append(pkgs, &pkg{path: f[0], dir: f[1], name: filepath.Base(f[0])})
		}
	}
	if len(pkgs) == 0 {
		return nil, fmt.Errorf("no package in %s", pattern)
	}
	return pkgs, nil
}

// build compiles both test binaries into tmp.
func (p *pkg) build(ctx context.Context, tmp string) error {
	native := filepath.Join(tmp, p.name+".test")
	wasm := filepath.Join(tmp, p.name+".wasm")
	fmt.Fprintf(os.Stderr, "building %s\n", p.path)
	if _, err := run(ctx, 10*time.Minute, "", nil, "go", "test", "-c", "-o", native, p.path); err != nil {
		return err
	}
	env := append(os.Environ(), "GOOS=js", "GOARCH=wasm")
	if _, err := run(ctx, 10*time.Minute, "", env, "go", "test", "-c", "-o", wasm, p.path); err != nil {
		return err
	}
	if _, err := os.Stat(native); err == nil { // go test -c writes nothing for a package without tests
		p.native, p.wasm = native, wasm
	}
	return nil
}

// run runs a command in dir and returns its standard output, or an error
// with the end of its output.
func run(ctx context.Context, timeout time.Duration, dir string, env []string, name string, args ...string) (string, error) {
	ctx, cancel := context.WithTimeout(ctx, timeout)
	defer cancel()
	cmd := exec.CommandContext(ctx, name, args...)
	cmd.Dir, cmd.Env = dir, env
	var out, errOut bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errOut
	if err := cmd.Run(); err != nil {
		tail := out.String() + errOut.String()
		if len(tail) > 2000 {
			tail = "..." + tail[len(tail)-2000:]
		}
		return "", fmt.Errorf("%s: %v\n%s", name, err, tail)
	}
	return out.String(), nil
}

// row gathers one benchmark's per-round figures.
type row struct {
	name                   string
	nativeCold, nativeWarm []float64
	wasmCold, wasmWarm     []float64
	nativeBest, wasmBest   float64 // the fastest warm runs of all rounds, 0 for none
}

// addRound adds one round of native and wasm results of package pkgName.
func addRound(rows []*row, byName map[string]*row, pkgName string, native, wasm results) []*row {
	for _, name := range native.names {
		key := pkgName + "." + name
		r := byName[key]
		if r == nil {
			r = &row{name: key}
			byName[key] = r
			rows = append(rows, r)
		}
		cold, warm := coldWarm(native.nsOp[name])
		r.nativeCold, r.nativeWarm = append(r.nativeCold, cold), append(r.nativeWarm, warm)
		r.nativeBest = fastest(r.nativeBest, native.nsOp[name])
		cold, warm = coldWarm(wasm.nsOp[name])
		r.wasmCold, r.wasmWarm = append(r.wasmCold, cold), append(r.wasmWarm, warm)
		r.wasmBest = fastest(r.wasmBest, wasm.nsOp[name])
	}
	return rows
}

// writeTable prints one line per benchmark; a figure that is missing (a
// benchmark that failed in the browser, or -count 1 for warm) shows as -.
func writeTable(w io.Writer, rows []*row) {
	tw := tabwriter.NewWriter(w, 0, 8, 1, ' ', tabwriter.Debug)
	fmt.Fprintln(tw, "benchmark \t native ns/op \t wasm warm \t warm ratio \t cold ratio \t best ratio")
	for _, r := range rows {
		nw, ww := median(r.nativeWarm), median(r.wasmWarm)
		nc, wc := median(r.nativeCold), median(r.wasmCold)
		fmt.Fprintf(tw, "%s \t %s \t %s \t %s \t %s \t %s\n", r.name, ns(nw), ns(ww), ratio(ww, nw), ratio(wc, nc),
			ratio(r.wasmBest, r.nativeBest))
	}
	tw.Flush()
}

func ns(x float64) string {
	switch {
	case x <= 0:
		return "-"
	case x < 100:
		return fmt.Sprintf("%.1f", x)
	}
	return fmt.Sprintf("%.0f", x)
}

func ratio(wasm, native float64) string {
	if wasm <= 0 || native <= 0 {
		return "-"
	}
	return fmt.Sprintf("%.2fx", wasm/native)
}
