// Command solve reads a puzzle in its judge text format on standard input
// and writes the judge answers on standard output:
//
//	go run ./solvers/cmd/solve ships < input
//
// Malformed input gives a one-line error on standard error and exit status 2.
package main

import (
	"bufio"
	"context"
	"fmt"
	"os"
	"os/signal"
	"strings"

	"gridsolve/solvers"
)

func main() {
	os.Exit(run(os.Args[1:]))
}

func run(args []string) int {
	if len(args) != 1 {
		fmt.Fprintf(os.Stderr, "usage: solve PUZZLE < input   (PUZZLE: %s)\n", names())
		return 2
	}
	g, ok := solvers.Lookup(args[0])
	if !ok {
		fmt.Fprintf(os.Stderr, "solve: unknown puzzle %q (want one of: %s)\n", args[0], names())
		return 2
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	out := bufio.NewWriter(os.Stdout)
	err := g.Judge(ctx, bufio.NewReader(os.Stdin), out, nil)
	if ferr := out.Flush(); err == nil {
		err = ferr
	}
	if err != nil {
		fmt.Fprintf(os.Stderr, "solve: %s\n", oneLine(err.Error()))
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
