// Command solve reads puzzles on standard input and writes the judge
// answers on standard output:
//
//	go run ./solvers/cmd/solve [-timeout D] [-nodes N] PUZZLE < input
//	go run ./solvers/cmd/solve -explain nonogram < input
//
// PUZZLE is one of ships, flip, iq, nonogram or tetravex. The input is the
// game's judge text, any number of puzzles, or one puzzle in any format
// the page reads for that game (a webpbn XML file, a Tatham game ID, a
// plain grid, ...): judge text comes first, and what the judge reader
// refuses is read as the game's other formats. The answer is the judge's
// in either case (for Flip boards other than the judge's 4x4, the fewest
// presses or "Impossible" all the same). The exit status is 0 when every
// puzzle is answered, 2 for a bad call or bad input (empty input included;
// one line on standard error, nothing on standard output) and 3 when the
// search gives up: the time limit or the node limit ran out, or it was
// interrupted. Answers to the puzzles before the one given up on stay on
// standard output.
//
// With -explain, a nonogram (one puzzle, in any format) gets the
// designer's check instead of its answer: whether it is solvable line by
// line, needs probes or needs guessing, and how many solutions it has.
package main

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"strings"
	"time"

	"gridsolve/solvers"
	"gridsolve/solvers/flip"
	"gridsolve/solvers/nonogram"
)

// maxInput bounds what is read from standard input: no judge input comes
// near it, and a runaway pipe gets an error instead of eating memory.
const maxInput = 8 << 20

// Exit statuses.
const (
	exitAnswered = 0
	exitBadInput = 2
	exitGaveUp   = 3
)

var usage = "usage: solve [-timeout D] [-nodes N] [-explain] PUZZLE < input   (PUZZLE: " + names() + ")"

const exitStatuses = `exit status:
  0  every puzzle answered
  2  bad call or bad input (one line on standard error)
  3  gave up: the time or node limit ran out, or interrupted
     (the answers to earlier puzzles are kept on standard output)
`

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	code := run(ctx, os.Args[1:], os.Stdin, os.Stdout, os.Stderr)
	stop()
	os.Exit(code)
}

// run is the whole command, with its streams passed in so tests can drive it.
func run(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	flags := flag.NewFlagSet("solve", flag.ContinueOnError)
	flags.SetOutput(io.Discard) // errors are reported below, on one line
	flags.Usage = func() {}
	timeout := flags.Duration("timeout", 0, "give up after this long, e.g. 10s or 2m (0: no limit)")
	maxNodes := flags.Int64("nodes", 0, "give up after visiting this many search nodes (0: no limit)")
	explain := flags.Bool("explain", false, "nonogram only: say how the puzzle is solved (line by line, with probes, or by guessing) instead of its answer")
	name, err := parseArgs(flags, args)
	if errors.Is(err, flag.ErrHelp) {
		fmt.Fprintln(stdout, usage)
		flags.SetOutput(stdout)
		flags.PrintDefaults()
		fmt.Fprint(stdout, exitStatuses)
		return exitAnswered
	}
	if err == nil && name == "" {
		err = fmt.Errorf("name the puzzle: %s", names())
	}
	if err != nil {
		fmt.Fprintf(stderr, "solve: %s (see solve -h)\n", oneLine(err.Error()))
		return exitBadInput
	}
	if *explain && name != "nonogram" {
		fmt.Fprintln(stderr, "solve: -explain is for nonogram puzzles only")
		return exitBadInput
	}
	if *timeout < 0 || *maxNodes < 0 {
		fmt.Fprintln(stderr, "solve: -timeout and -nodes must not be negative")
		return exitBadInput
	}
	g, ok := solvers.Lookup(name)
	if !ok {
		fmt.Fprintf(stderr, "solve: unknown puzzle %q (want one of: %s)\n", name, names())
		return exitBadInput
	}
	in, err := io.ReadAll(io.LimitReader(stdin, maxInput+1))
	if err == nil && len(in) > maxInput {
		err = fmt.Errorf("input is larger than %d MiB", maxInput>>20)
	}
	if err == nil && strings.TrimSpace(string(in)) == "" {
		err = fmt.Errorf("the input is empty: no %s puzzle to solve", name)
	}
	if err != nil {
		fmt.Fprintf(stderr, "solve: %s\n", oneLine(err.Error()))
		return exitBadInput
	}

	start := time.Now()
	if *timeout > 0 {
		var cancel context.CancelFunc
		ctx, cancel = context.WithTimeout(ctx, *timeout)
		defer cancel()
	}
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	var searched int64 // the run's nodes so far, as the last report said
	progress := func(nodes int64) {
		searched = nodes
		if nodes > *maxNodes && *maxNodes > 0 {
			cancel()
		}
	}

	out := bufio.NewWriter(stdout)
	if *explain {
		err = explainNonogram(ctx, string(in), out, progress)
	} else {
		err = answer(ctx, g, string(in), out, progress)
	}
	if ferr := out.Flush(); err == nil {
		err = ferr
	}
	switch {
	case err == nil:
		return exitAnswered
	case ctx.Err() != nil:
		fmt.Fprintf(stderr, "solve: gave up after %d nodes, %.1f s\n", searched, time.Since(start).Seconds())
		return exitGaveUp
	default:
		fmt.Fprintf(stderr, "solve: %s\n", oneLine(err.Error()))
		return exitBadInput
	}
}

// explainNonogram writes the designer's check of one nonogram in any
// format (see nonogram.Report): a sentence, then the figures.
func explainNonogram(ctx context.Context, text string, out io.Writer, progress func(int64)) error {
	c, err := nonogram.ParseClues(text)
	if err != nil {
		return err
	}
	r, err := nonogram.Explain(ctx, c, progress)
	if err != nil {
		return err
	}
	_, err = fmt.Fprintf(out, "%s\nsolutions: %s\nlevel: %s\nprobes: %d\ncells line reasoning leaves: %d\ncells left to guess: %d\nline solves: %d\n",
		r.Summary(), r.Status, r.Level, len(r.Probes), len(r.Unsettled), r.Left, r.Nodes)
	return err
}

// detector is implemented by games that can name the format their
// Import reads a text as, before reading it.
type detector interface {
	Detect(text string) solvers.Format
}

// answer answers text, judge input or one puzzle in another format of g's
// (see the package doc). Judge input keeps its answers and its errors: a
// text the judge reader refuses is read by g's Import only when g does
// not detect it as judge text, and a game that cannot tell says both
// readers' errors.
func answer(ctx context.Context, g solvers.Game, text string, out io.Writer, progress func(int64)) error {
	w := &countingWriter{w: out}
	err := g.Judge(ctx, strings.NewReader(text), w, progress)
	conv, ok := g.(solvers.Converter)
	if err == nil || w.n > 0 || ctx.Err() != nil || !ok {
		return err
	}
	d, canDetect := g.(detector)
	if canDetect && d.Detect(text) == conv.Formats()[0] {
		return err
	}
	judge, _, ierr := conv.Import(text)
	switch {
	case ierr != nil && canDetect:
		return ierr
	case ierr != nil && ierr.Error() == err.Error():
		return err
	case ierr != nil:
		return fmt.Errorf("%v (and in %s's other formats: %v)", err, g.Name(), ierr)
	}
	// The imported puzzle is judge input, except for games whose page
	// text says more than their judge's (Flip boards of any size).
	if err := g.Judge(ctx, strings.NewReader(judge), w, progress); err == nil || w.n > 0 || ctx.Err() != nil {
		return err
	}
	a, err := g.Solve(ctx, judge, progress)
	if err != nil {
		return err
	}
	return writeAnswer(w, a)
}

// writeAnswer writes what Solve answered as the judge would: Flip's
// fewest presses or "Impossible", and for any other game its answer as
// JSON, as the page gets it.
func writeAnswer(w io.Writer, answer any) error {
	if a, ok := answer.(*flip.Answer); ok {
		if !a.Possible {
			_, err := fmt.Fprintln(w, "Impossible")
			return err
		}
		_, err := fmt.Fprintln(w, a.Count)
		return err
	}
	return json.NewEncoder(w).Encode(answer)
}

// countingWriter counts the bytes written through it: a judge that wrote
// answers has read its input.
type countingWriter struct {
	w io.Writer
	n int
}

func (c *countingWriter) Write(p []byte) (int, error) {
	n, err := c.w.Write(p)
	c.n += n
	return n, err
}

// parseArgs parses the flags, which may come before or after the puzzle
// name, and returns the name; "" if it is missing.
func parseArgs(flags *flag.FlagSet, args []string) (string, error) {
	if err := flags.Parse(args); err != nil {
		return "", err
	}
	if flags.NArg() == 0 {
		return "", nil
	}
	name := flags.Arg(0)
	if err := flags.Parse(flags.Args()[1:]); err != nil {
		return "", err
	}
	if flags.NArg() > 0 {
		return "", fmt.Errorf("unexpected argument %q after the puzzle name", flags.Arg(0))
	}
	return name, nil
}

func names() string {
	var s []string
	for _, g := range solvers.All {
		s = append(s, g.Name())
	}
	return strings.Join(s, ", ")
}

// oneLine keeps an error on one line whatever text the input smuggled into it.
func oneLine(s string) string {
	return strings.Join(strings.Fields(s), " ")
}
