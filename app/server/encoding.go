package server

import (
	"strconv"
	"strings"
)

// acceptEncoding is a parsed Accept-Encoding header: the quality (0 to 1)
// of each content coding it names, "*" included.
type acceptEncoding map[string]float64

// parseAcceptEncoding reads a header such as "br;q=1.0, gzip;q=0.5, *;q=0"
// (RFC 9110, section 12.5.3). A malformed q-value counts as 0: a coding the
// client did not clearly accept is not sent.
func parseAcceptEncoding(header string) acceptEncoding {
	a := acceptEncoding{}
	for _, item := range strings.Split(header, ",") {
		coding, params, _ := strings.Cut(item, ";")
		coding = strings.ToLower(strings.TrimSpace(coding))
		if coding == "" {
			continue
		}
		q := 1.0
		for _, p := range strings.Split(params, ";") {
			k, v, _ := strings.Cut(p, "=")
			if strings.EqualFold(strings.TrimSpace(k), "q") {
				q = parseQ(strings.TrimSpace(v))
			}
		}
		a[coding] = q
	}
	return a
}

// parseQ parses a q-value: "0" to "1" with at most three decimals.
func parseQ(s string) float64 {
	if len(s) == 0 || len(s) > 5 || (s[0] != '0' && s[0] != '1') || (len(s) > 1 && s[1] != '.') {
		return 0
	}
	q, err := strconv.ParseFloat(s, 64)
	if err != nil || q < 0 || q > 1 {
		return 0
	}
	return q
}

// quality is how much the client wants a coding: its own q-value, else the
// q-value of "*", else 0. Identity is acceptable unless refused, but below
// any coding the client named (q-values have three decimals at most).
func (a acceptEncoding) quality(coding string) float64 {
	if q, ok := a[coding]; ok {
		return q
	}
	if q, ok := a["*"]; ok {
		return q
	}
	if coding == "identity" {
		return 0.0005
	}
	return 0
}
