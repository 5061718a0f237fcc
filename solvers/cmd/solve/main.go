// Command solve reads a puzzle in its judge text format on standard input
// and writes the judge answers on standard output:
//
//	go run ./solvers/cmd/solve ships < input
//
// PUZZLE is one of ships, flip, iq, nonogram or tetravex. Malformed input
// gives a one-line error on standard error and exit status 2.
package main

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"os"
	"os/signal"
	"strings"

	"gridsolve/solvers"
)

// maxInput bounds what is read from standard input: no judge input comes
// near it, and a runaway pipe gets an error instead of eating memory.
const maxInput = 8 << 20

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	code := run(ctx, os.Args[1:], os.Stdin, os.Stdout, os.Stderr)
	stop()
	os.Exit(code)
}

// run is the whole command, with its streams passed in so tests can drive it.
func run(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	if len(args) != 1 {
		fmt.Fprintf(stderr, "usage: solve PUZZLE < input   (PUZZLE: %s)\n", names())
		return 2
	}
	g, ok := solvers.Lookup(args[0])
	if !ok {
		fmt.Fprintf(stderr, "solve: unknown puzzle %q (want one of: %s)\n", args[0], names())
		return 2
	}
	in, err := io.ReadAll(io.LimitReader(stdin, maxInput+1))
	if err == nil && len(in) > maxInput {
		err = fmt.Errorf("input is larger than %d MiB", maxInput>>20)
	}
	if err == nil {
		out := bufio.NewWriter(stdout)
		err = g.Judge(ctx, strings.NewReader(string(in)), out, nil)
		if ferr := out.Flush(); err == nil {
			err = ferr
		}
	}
	if err != nil {
		fmt.Fprintf(stderr, "solve: %s\n", oneLine(err.Error()))
		return 2
	}
	return 0
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
