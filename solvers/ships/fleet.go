package ships

import "slices"

// Fleet returns the seven ships as the problem statement draws them (O, Z,
// S, J, L, T, I), each as rows of 'x' (ship) and '.' (not part of it).
// Ships may be turned a quarter turn at a time but never mirrored. The
// result is a copy, for pages that draw the fleet.
func Fleet() [][]string {
	fleet := make([][]string, len(shapes))
	for i, rows := range shapes {
		fleet[i] = slices.Clone(rows)
	}
	return fleet
}
