package ui

import "strconv"

// Small helpers the editors share.

// count says n things, in the singular for one: "1 press", "4 presses".
func count(n int, one, many string) string {
	if n == 1 {
		return "1 " + one
	}
	return strconv.Itoa(n) + " " + many
}

// boolInt is 1 for true and 0 for false, to count or index by a flag.
func boolInt(b bool) int {
	if b {
		return 1
	}
	return 0
}
