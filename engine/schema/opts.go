package schema

import "github.com/cqlplay/cqlplay/engine/cql"

// Opts is a map option's entries, key then value, in the order written: a
// keyspace's replication, a table's compaction or compression. A short slice
// keeps the WebAssembly module smaller than a Go map would.
type Opts [][2]string

// Get returns the value of key k and whether it is there.
func (o Opts) Get(k string) (string, bool) {
	for _, kv := range o {
		if kv[0] == k {
			return kv[1], true
		}
	}
	return "", false
}

// Without returns o without key k.
func (o Opts) Without(k string) Opts {
	out := make(Opts, 0, len(o))
	for _, kv := range o {
		if kv[0] != k {
			out = append(out, kv)
		}
	}
	return out
}

// With returns o with key k set to v: replaced where it is, added at the end otherwise.
func (o Opts) With(k, v string) Opts {
	return append(o.Without(k), [2]string{k, v})
}

// Text prints the entries as a map property, {'k': 'v'} with keys sorted.
func (o Opts) Text() string {
	s := append(Opts(nil), o...)
	for i := 1; i < len(s); i++ { // insertion sort: a handful of options
		for j := i; j > 0 && s[j][0] < s[j-1][0]; j-- {
			s[j], s[j-1] = s[j-1], s[j]
		}
	}
	b := []byte{'{'}
	for i, kv := range s {
		if i > 0 {
			b = append(b, ", "...)
		}
		b = append(b, '\'')
		b = append(b, kv[0]...)
		b = append(b, "': '"...)
		b = append(b, kv[1]...)
		b = append(b, '\'')
	}
	return string(append(b, '}'))
}

// propertyOpts reads a map property's entries as text.
func propertyOpts(v *cql.Collection) Opts {
	o := make(Opts, 0, len(v.Keys))
	for i := range v.Keys {
		k, _ := propertyText(v.Keys[i])
		val, _ := propertyText(v.Elems[i])
		o = append(o, [2]string{k, val})
	}
	return o
}
