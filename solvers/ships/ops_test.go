package ships_test

import (
	"context"
	"slices"
	"strconv"
	"strings"
	"testing"

	"gridsolve/solvers"
	"gridsolve/solvers/jsonw/jsonwtest"
	"gridsolve/solvers/ships"
)

// The worker finds Ships' replay through this interface.
var _ solvers.Operator = ships.Game{}

// OpReplay reads its shots from arg and answers what Replay answers; a
// malformed arg or another op is an error.
func TestRunReplay(t *testing.T) {
	ctx := context.Background()
	g := ships.Game{}
	if !slices.Equal(g.Ops(), []solvers.Op{ships.OpReplay}) {
		t.Fatalf("Ops() = %v, want [replay]", g.Ops())
	}
	fleet, err := g.Generate(ctx, solvers.Options{W: 8, H: 8, Seed: 7})
	if err != nil {
		t.Fatal(err)
	}
	var shots []int
	var arg []string
	for i := 63; i >= 0; i -= 3 {
		shots = append(shots, i)
		arg = append(arg, strconv.Itoa(i))
	}
	want, err := ships.Replay(ctx, fleet, shots)
	if err != nil {
		t.Fatal(err)
	}
	got, err := g.Run(ctx, ships.OpReplay, fleet, " "+strings.Join(arg, "  ")+"\n", nil)
	if err != nil || !slices.Equal(got.(ships.ReplayAnswer), want) {
		t.Fatalf("Run(replay) = %v, %v; Replay gives %v", got, err, want)
	}
	jsonwtest.Same(t, got)
	if got, err := g.Run(ctx, ships.OpReplay, fleet, "", nil); err != nil || len(got.(ships.ReplayAnswer)) != 0 {
		t.Errorf("no shots: %v, %v; want an empty replay", got, err)
	}
	for _, c := range []struct {
		op        solvers.Op
		text, arg string
		want      string
	}{
		{ships.OpReplay, fleet, "1 x", "cell numbers"},
		{ships.OpReplay, fleet, "1.5", "cell numbers"},
		{ships.OpReplay, fleet, "64", "outside"},
		{ships.OpReplay, fleet, "3 3", "repeat"},
		{ships.OpReplay, "zz", "1", "ships"},
		{"count", fleet, "0 1", "no job"},
		{solvers.OpSolve, fleet, "", "no job"},
	} {
		if got, err := g.Run(ctx, c.op, c.text, c.arg, nil); err == nil || !strings.Contains(err.Error(), c.want) || got != nil {
			t.Errorf("Run(%s, %q): %v, %v; want an error about %q", c.op, c.arg, got, err, c.want)
		}
	}
}
