package main

import "bytes"

// sections joins named blocks into one golden text, so one file shows all the
// output of a case.
func sections(kv ...string) []byte {
	var b bytes.Buffer
	for i := 0; i+1 < len(kv); i += 2 {
		b.WriteString("-- " + kv[i] + " --\n")
		b.WriteString(kv[i+1])
	}
	return b.Bytes()
}
