package cql

import "strings"

// indexByte returns the index of c in s at or after from, or -1.
func indexByte(s string, from int, c byte) int {
	if from >= len(s) {
		return -1
	}
	if j := strings.IndexByte(s[from:], c); j >= 0 {
		return from + j
	}
	return -1
}

// indexString returns the index of sub in s at or after from, or -1.
func indexString(s string, from int, sub string) int {
	if from >= len(s) {
		return -1
	}
	if j := strings.Index(s[from:], sub); j >= 0 {
		return from + j
	}
	return -1
}
