package ships

import (
	"bytes"
	"context"
	"fmt"
	"math"
	"math/rand/v2"
	"strings"
	"testing"

	"gridsolve/solvers/play"
)

// generate returns Generate's fleet, parsed.
func generate(t testing.TB, w, h int, seed uint64) *Board {
	t.Helper()
	text, err := Game{}.Generate(context.Background(), play.Options{W: w, H: h, Seed: seed})
	if err != nil {
		t.Fatalf("Generate %dx%d seed %d: %v", w, h, seed, err)
	}
	b, err := ParseBoard(text)
	if err != nil {
		t.Fatalf("Generate %dx%d seed %d: %v\n%s", w, h, seed, err, text)
	}
	return b
}

func TestGenerateLegalFleets(t *testing.T) {
	t.Parallel() // a slow oracle: runs beside the other slow tests
	// From open boards to the most cramped ones: 10x3 and 6x5 leave two
	// spare cells, 8x4 four.
	sizes := [][2]int{{10, 10}, {20, 20}, {20, 3}, {6, 6}, {6, 5}, {8, 4}, {10, 3}, {2, 20}}
	fleets := 100
	if testing.Short() {
		fleets = 20
	}
	for _, sz := range sizes {
		seen := map[string]bool{}
		for seed := range uint64(fleets) {
			b := generate(t, sz[0], sz[1], seed)
			if b.W != sz[0] || b.H != sz[1] || bytes.IndexByte(b.Cells, '.') >= 0 {
				t.Fatalf("%dx%d seed %d: not a fully revealed %dx%d board:\n%s", sz[0], sz[1], seed, sz[0], sz[1], b)
			}
			// A revealed board is one legal fleet when exactly one way of
			// laying the seven ships covers its 'x' cells.
			if n := len(bruteGrids(b)); n != 1 {
				t.Fatalf("%dx%d seed %d: %d ways to lay the seven ships on\n%s", sz[0], sz[1], seed, n, b)
			}
			if again := generate(t, sz[0], sz[1], seed); !bytes.Equal(again.Cells, b.Cells) {
				t.Fatalf("%dx%d seed %d: two fleets for one seed", sz[0], sz[1], seed)
			}
			seen[string(b.Cells)] = true
		}
		// Cramped boards have few fleets; open ones should rarely repeat.
		if len(seen) < fleets/10 || sz[0]*sz[1] >= 100 && len(seen) < fleets*9/10 {
			t.Errorf("%dx%d: only %d distinct fleets in %d", sz[0], sz[1], len(seen), fleets)
		}
	}
}

func TestGenerateErrors(t *testing.T) {
	for _, tc := range []struct {
		w, h int
		err  string
	}{
		{0, 10, "outside"},
		{10, -1, "outside"},
		{21, 10, "outside"},
		{5, 5, "do not fit on a 5x5 board"},
		{7, 4, "do not fit"}, // 28 cells, but the T breaks the checkerboard balance
		{14, 2, "do not fit"},
		{1, 20, "do not fit"},
	} {
		_, err := Game{}.Generate(context.Background(), play.Options{W: tc.w, H: tc.h})
		if err == nil || !strings.Contains(err.Error(), tc.err) {
			t.Errorf("Generate %dx%d: %v, want an error containing %q", tc.w, tc.h, err, tc.err)
		}
	}
}

// checkHint compares Hint's shot on b with the brute-force grids.
func checkHint(t *testing.T, b *Board) (win bool) {
	t.Helper()
	grids := bruteGrids(b)
	h, err := Game{}.Hint(context.Background(), "", b.String())
	if len(grids) == 0 {
		if err == nil || !strings.Contains(err.Error(), "no fleet") {
			t.Fatalf("%s: no grid fits, yet hint %+v, %v", b, h, err)
		}
		return false
	}
	counts := make([]int, len(b.Cells)) // grids with a ship at each cell
	for _, g := range grids {
		for i := range g {
			if g[i] == 'x' {
				counts[i]++
			}
		}
	}
	open := false // some unknown cell could still hold a ship
	for i, c := range b.Cells {
		open = open || c == '.' && counts[i] > 0
	}
	if !open {
		if err == nil || !strings.Contains(err.Error(), "every ship is found") {
			t.Fatalf("%s: all ships found, yet hint %+v, %v", b, h, err)
		}
		return false
	}
	if err != nil {
		t.Fatalf("%s: %v", b, err)
	}
	if len(h.Cells) != 1 || h.Move != "shoot" || h.Cells[0] < 0 || h.Cells[0] >= len(b.Cells) || b.Cells[h.Cells[0]] != '.' {
		t.Fatalf("%s: hint %+v is not one unknown cell to shoot", b, h)
	}
	c := h.Cells[0]
	n := counts[c]
	if where := fmt.Sprintf("Shoot row %d, column %d: ", c/b.W+1, c%b.W+1); !strings.HasPrefix(h.Reason, where) {
		t.Fatalf("%s: reason %q, want it to start %q", b, h.Reason, where)
	}

	if strings.Contains(h.Reason, "by a sample") {
		// Too many grids for the analysis to list: its odds are estimates.
		if n == 0 {
			t.Fatalf("%s: hint %+v shoots where no grid has a ship", b, h)
		}
		return false
	}
	// More grids than hitsLimit never win (TestAgainstBruteForce checks
	// the bound); skipping bruteWin there keeps the test quick.
	if len(grids) <= hitsLimit(b) && bruteWin(b, grids) {
		// The shot must keep the guarantee: a miss leaves one grid, a hit
		// leaves a board still won with one miss to spare.
		var hit, miss []string
		for _, g := range grids {
			if g[c] == 'x' {
				hit = append(hit, g)
			} else {
				miss = append(miss, g)
			}
		}
		after := &Board{W: b.W, H: b.H, Cells: bytes.Clone(b.Cells)}
		after.Cells[c] = 'x'
		if len(miss) > 1 || len(hit) > 1 && !bruteWin(after, hit) {
			t.Fatalf("%s: hint %+v loses the guarantee: %d grids on a miss, %d on a hit", b, h, len(miss), len(hit))
		}
		if !strings.Contains(h.Reason, "at most one more miss") && n < len(grids) {
			t.Fatalf("%s: reason %q does not say the guarantee holds", b, h.Reason)
		}
		return true
	}
	// Otherwise the shot is the likeliest cell not yet decided, or a sure
	// ship when every unknown cell is decided.
	best := 0
	for i, cell := range b.Cells {
		if cell == '.' && counts[i] < len(grids) {
			best = max(best, counts[i])
		}
	}
	if best > 0 && n != best || best == 0 && n != len(grids) {
		t.Fatalf("%s: hint %+v has a ship in %d of %d grids; the best cell has %d", b, h, n, len(grids), best)
	}
	pct := min(max(int(math.Round(100*float64(n)/float64(len(grids)))), 1), 99)
	if n < len(grids) && !strings.Contains(h.Reason, fmt.Sprintf(" %d%% ", pct)) {
		t.Fatalf("%s: reason %q, want %d%%", b, h.Reason, pct)
	}
	return false
}

func TestHintAgainstBruteForce(t *testing.T) {
	t.Parallel() // a slow oracle: runs beside the other slow tests
	r := rand.New(rand.NewPCG(7, 11))
	sizes := [][2]int{{5, 6}, {6, 5}, {4, 8}, {8, 4}, {6, 6}}
	cases := 100
	if testing.Short() {
		cases = 30
	}
	wins := 0
	for k := range cases {
		sz := sizes[k%len(sizes)]
		b := randomBoard(r, sz[0], sz[1], k%5 == 4)
		if sz[0]*sz[1] > 32 { // keep the brute force quick: shoot more water
			for i, c := range b.Cells {
				if c == '.' && r.IntN(2) == 0 {
					b.Cells[i] = 'o'
				}
			}
		}
		if checkHint(t, b) {
			wins++
		}
	}
	if wins == 0 || wins == cases {
		t.Errorf("%d wins in %d cases: the random boards test only one kind of hint", wins, cases)
	}
	t.Logf("%d of %d boards winnable", wins, cases)
}

func TestHintErrors(t *testing.T) {
	for _, tc := range []struct{ position, err string }{
		{"", "no game"},
		{"3 2\nxo.\nxoX\n", "cell 3 is 'X'"},
		{"5 5\n.....\n.....\n.....\n.....\n.....\n", "no fleet"},
		{"7 5\n" + strings.Repeat("xxxxxxx\n", 5), "no fleet"},
	} {
		h, err := Game{}.Hint(context.Background(), "", tc.position)
		if err == nil || !strings.Contains(err.Error(), tc.err) {
			t.Errorf("Hint(%q) = %+v, %v; want an error containing %q", tc.position, h, err, tc.err)
		}
	}
	// A whole game, shot in order: once the last ship cell is hit there
	// is nothing left to hint.
	fleet := generate(t, 8, 4, 1)
	b := &Board{W: 8, H: 4, Cells: bytes.Clone(fleet.Cells)}
	if _, err := (Game{}).Hint(context.Background(), "", b.String()); err == nil || !strings.Contains(err.Error(), "every ship is found") {
		t.Errorf("Hint on a finished game: %v", err)
	}
}

func TestHintOpenBoard(t *testing.T) {
	// Too many fleets to list: the hint is taken from a sample of them.
	h, err := Game{}.Hint(context.Background(), "", benchBoards()["Empty20"].String())
	if err != nil || len(h.Cells) != 1 || !strings.Contains(h.Reason, "by a sample") {
		t.Fatalf("empty 20x20: %+v, %v", h, err)
	}
}

// judgeAll returns the judge's verdicts on boards, read from its output.
func judgeAll(t *testing.T, boards []*Board) []bool {
	t.Helper()
	var in strings.Builder
	for _, b := range boards {
		in.WriteString(strings.TrimSuffix(b.String(), "0 0\n") + "\n")
	}
	var out bytes.Buffer
	if err := (Game{}).Judge(context.Background(), strings.NewReader(in.String()), &out, nil); err != nil {
		t.Fatal(err)
	}
	var verdicts []bool
	for _, line := range strings.Split(out.String(), "\n") {
		if line == "yes." || line == "no." {
			verdicts = append(verdicts, line == "yes.")
		}
	}
	return verdicts
}

func TestReplay(t *testing.T) {
	t.Parallel() // a slow oracle: runs beside the other slow tests
	r := rand.New(rand.NewPCG(3, 5))
	games := 20
	if testing.Short() {
		games = 3
	}
	yes, no := 0, 0
	for k := range games {
		fleet := generate(t, 6, 5, uint64(k))
		// Shoot in random order until every ship cell is hit.
		var shots []int
		var boards []*Board
		b := &Board{W: fleet.W, H: fleet.H, Cells: bytes.Repeat([]byte{'.'}, len(fleet.Cells))}
		for _, c := range r.Perm(len(b.Cells)) {
			if bytes.Count(b.Cells, []byte{'x'}) == shipCells {
				break
			}
			boards = append(boards, &Board{W: b.W, H: b.H, Cells: bytes.Clone(b.Cells)})
			shots = append(shots, c)
			b.Cells[c] = fleet.Cells[c]
		}
		got, err := Replay(context.Background(), fleet.String(), shots)
		if err != nil {
			t.Fatal(err)
		}
		want := judgeAll(t, boards)
		for i := range want {
			if got[i] != want[i] {
				t.Fatalf("game %d shot %d: Replay says %v, the judge %v on\n%s", k, i+1, got[i], want[i], boards[i])
			}
			if got[i] {
				yes++
			} else {
				no++
			}
		}
		if len(got) != len(want) {
			t.Fatalf("game %d: %d answers for %d shots", k, len(got), len(shots))
		}
	}
	if yes == 0 || no == 0 {
		t.Errorf("%d yes and %d no: the games test only one answer", yes, no)
	}
}

func TestReplayErrors(t *testing.T) {
	fleet := generate(t, 6, 5, 0).String()
	broken := strings.Replace(fleet, "x", "o", 1)
	for _, tc := range []struct {
		fleet string
		shots []int
		err   string
	}{
		{"2 2\nx.\nxo\n", nil, "unknown cells"},
		{broken, nil, "not the seven ships"},
		{"6 5\nxxxxxx\n", nil, "ends after 1 of 5 rows"},
		{fleet, []int{0, 30}, "shot 2 is cell 30, outside the 6x5 board"},
		{fleet, []int{-1}, "outside"},
		{fleet, []int{3, 8, 3}, "shot 3 at row 1, column 4 is a repeat"},
	} {
		got, err := Replay(context.Background(), tc.fleet, tc.shots)
		if err == nil || !strings.Contains(err.Error(), tc.err) {
			t.Errorf("Replay(%q, %v) = %v, %v; want an error containing %q", tc.fleet, tc.shots, got, err, tc.err)
		}
	}
}

func FuzzHint(f *testing.F) {
	f.Add(sampleInput)
	f.Add("6 5\n......\n..x...\n.o....\n......\n......\n")
	f.Add("8 4\nxxoxxxxo\nxxooxxoo\n........\n........\n")
	f.Add("5 5\n.....\n.....\n.....\n.....\n.....\n")
	f.Fuzz(func(t *testing.T, position string) {
		h, err := Game{}.Hint(context.Background(), "", position)
		if err != nil {
			return
		}
		b, err := ParseBoard(position)
		if err != nil {
			t.Fatalf("hint %+v for a position ParseBoard refuses: %v", h, err)
		}
		if len(h.Cells) != 1 || h.Cells[0] < 0 || h.Cells[0] >= len(b.Cells) || b.Cells[h.Cells[0]] != '.' {
			t.Fatalf("hint %+v is not one unknown cell of\n%s", h, b)
		}
	})
}

func FuzzReplay(f *testing.F) {
	fleet := generate(f, 8, 4, 0).String()
	f.Add(fleet, []byte{0, 1, 2, 3, 9})
	f.Add(fleet, []byte{31, 31})
	f.Add("2 2\nxo\nox\n", []byte{})
	f.Fuzz(func(t *testing.T, fleet string, shots []byte) {
		cells := make([]int, len(shots))
		for i, c := range shots {
			cells[i] = int(c) - 16 // some shots off the board
		}
		got, err := Replay(context.Background(), fleet, cells)
		if err == nil && len(got) != len(cells) {
			t.Fatalf("%d answers for %d shots", len(got), len(cells))
		}
	})
}
