package layout

import (
	"math"
	"sort"

	"github.com/cqlplay/cqlplay/engine/ring"
)

// Ring is the simulated cluster seen from the data: which token ranges each
// node owns, which partitions land where, and how uneven that is. It is the
// view that shows why a low-cardinality or time-only partition key hurts.
type Ring struct {
	Nodes, VNodes, RF int
	// Ranges are the vnode ranges in ring order: (Start, End] belongs to
	// Node as primary replica; the first range wraps around from the last
	// token.
	Ranges []TokenRange
	// Loads has one entry per node, node 1 first. Partitions, rows and
	// bytes count every replica a node holds.
	Loads []NodeLoad
	// Partitions lists every partition of the tables, in token order.
	Partitions []Placement
	// MeanBytes is the mean of Loads' bytes; MostLoaded the node holding
	// the most bytes (the lowest number on a tie), 0 when there is no data.
	MeanBytes  float64
	MostLoaded int
	// Hot are the largest partitions, largest first (at most five).
	Hot []Placement
}

// TokenRange is one vnode's range of tokens.
type TokenRange struct {
	Start, End int64
	Node       int
}

// NodeLoad is what one node owns and holds.
type NodeLoad struct {
	Node   int
	VNodes int
	// Ownership is the fraction of the token space the node owns as
	// primary replica.
	Ownership  float64
	Partitions int
	Rows       int
	Bytes      int
}

// Placement is one partition on the ring.
type Placement struct {
	Table    string // ks.table
	Key      string // the key as a CQL literal, (a, b) when composite
	Token    int64
	Replicas []int
	Rows     int
	Bytes    int
}

func ringOf(r *ring.Ring, tables []Table) *Ring {
	out := &Ring{Nodes: r.Nodes, VNodes: r.VNodes, RF: r.RF}
	tokens, owners := r.TokenRanges()
	out.Loads = make([]NodeLoad, r.Nodes)
	for i := range out.Loads {
		out.Loads[i].Node = i + 1
	}
	for i, tok := range tokens {
		prev := tokens[(i+len(tokens)-1)%len(tokens)]
		out.Ranges = append(out.Ranges, TokenRange{Start: prev, End: tok, Node: owners[i]})
		load := &out.Loads[owners[i]-1]
		load.VNodes++
		if len(tokens) == 1 {
			load.Ownership = 1
		} else {
			load.Ownership += float64(uint64(tok-prev)) / math.Exp2(64)
		}
	}
	for ti := range tables {
		t := &tables[ti]
		for pi := range t.Partitions {
			p := &t.Partitions[pi]
			pl := Placement{Table: t.Keyspace + "." + t.Name, Key: keyLiteral(p.Key, t), Token: p.Token, Replicas: p.Replicas, Rows: p.LiveRows, Bytes: p.Bytes}
			out.Partitions = append(out.Partitions, pl)
			for _, n := range p.Replicas {
				if n >= 1 && n <= len(out.Loads) {
					out.Loads[n-1].Partitions++
					out.Loads[n-1].Rows += p.LiveRows
					out.Loads[n-1].Bytes += p.Bytes
				}
			}
		}
	}
	sort.SliceStable(out.Partitions, func(i, j int) bool { return out.Partitions[i].Token < out.Partitions[j].Token })
	total := 0
	for _, l := range out.Loads {
		total += l.Bytes
		if l.Bytes > 0 && (out.MostLoaded == 0 || l.Bytes > out.Loads[out.MostLoaded-1].Bytes) {
			out.MostLoaded = l.Node
		}
	}
	if len(out.Loads) > 0 {
		out.MeanBytes = float64(total) / float64(len(out.Loads))
	}
	hot := append([]Placement(nil), out.Partitions...)
	sort.SliceStable(hot, func(i, j int) bool { return hot[i].Bytes > hot[j].Bytes })
	out.Hot = hot[:min(5, len(hot))]
	return out
}

// keyLiteral writes a partition key as CQL would: 'a', 42, or ('a', 42).
func keyLiteral(key []Value, t *Table) string {
	if len(key) == 1 {
		return literalOf(key[0], t.PartitionKey[0].Type)
	}
	b := []byte{'('}
	for i, v := range key {
		if i > 0 {
			b = append(b, ", "...)
		}
		typ := ""
		if i < len(t.PartitionKey) {
			typ = t.PartitionKey[i].Type
		}
		b = append(b, literalOf(v, typ)...)
	}
	return string(append(b, ')'))
}

// literalOf quotes text-like values the way they are written in CQL.
func literalOf(v Value, typ string) string {
	switch typ {
	case "text", "ascii", "varchar", "timestamp", "date", "time", "inet":
		return quoteCQL(v.Text)
	}
	return v.Text
}

func quoteCQL(s string) string {
	b := make([]byte, 0, len(s)+2)
	b = append(b, '\'')
	for i := 0; i < len(s); i++ {
		if s[i] == '\'' {
			b = append(b, '\'')
		}
		b = append(b, s[i])
	}
	return string(append(b, '\''))
}
