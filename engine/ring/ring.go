// Package ring is the simulated cluster's topology: nodes, their vnode
// tokens and the replication factor, which place each partition on its
// replicas. It is below the packages that ask where a partition lives: the
// executor (what a read contacts, what a trace says) and the storage views
// (the ring form, each partition's replicas).
package ring

import (
	"math"
	"sort"
)

// Ring is the simulated cluster's token ring: Nodes nodes with VNodes
// tokens each, and a replication factor. It is deterministic: the same
// sizes always give the same token assignment.
type Ring struct {
	Nodes, VNodes, RF int
	tokens            []ringToken
}

type ringToken struct {
	token int64
	node  int
}

// New places nodes*vnodes tokens with a fixed pseudo-random sequence, as
// the random token allocation of a real cluster would.
func New(nodes, vnodes, rf int) *Ring {
	if nodes < 1 {
		nodes = 1
	}
	if vnodes < 1 {
		vnodes = 1
	}
	r := &Ring{Nodes: nodes, VNodes: vnodes, RF: min(max(rf, 1), nodes)}
	seed := uint64(0x5EED)
	for n := 1; n <= nodes; n++ {
		for v := 0; v < vnodes; v++ {
			seed += 0x9E3779B97F4A7C15
			z := seed
			z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9
			z = (z ^ (z >> 27)) * 0x94D049BB133111EB
			z ^= z >> 31
			r.tokens = append(r.tokens, ringToken{token: int64(z), node: n})
		}
	}
	sort.Slice(r.tokens, func(i, j int) bool { return r.tokens[i].token < r.tokens[j].token })
	return r
}

// Replicas returns the nodes that own token: the owner of the first ring
// token at or after it (wrapping around), then the next distinct nodes
// clockwise (SimpleStrategy).
func (r *Ring) Replicas(token int64) []int { return r.ReplicasOf(token, r.RF) }

// ReplicasOf is Replicas for a replication factor of rf (a keyspace's own,
// as DESCRIBE CLUSTER lists each range's replicas under it).
func (r *Ring) ReplicasOf(token int64, rf int) []int {
	i := sort.Search(len(r.tokens), func(i int) bool { return r.tokens[i].token >= token })
	var out []int
	for k := 0; k < len(r.tokens) && len(out) < rf; k++ {
		n := r.tokens[(i+k)%len(r.tokens)].node
		if !containsInt(out, n) {
			out = append(out, n)
		}
	}
	return out
}

// Owner returns the first replica of token: the node of the first ring
// token at or after it, wrapping around.
func (r *Ring) Owner(token int64) int {
	i := sort.Search(len(r.tokens), func(i int) bool { return r.tokens[i].token >= token })
	return r.tokens[i%len(r.tokens)].node
}

// NodesFor returns the nodes a read of these partitions contacts, sorted:
// every node for a range scan, else the first replica of each partition.
func (r *Ring) NodesFor(tokens []int64, all bool) []int {
	var out []int
	if all {
		for n := 1; n <= r.Nodes; n++ {
			out = append(out, n)
		}
		return out
	}
	for _, t := range tokens {
		if n := r.Owner(t); !containsInt(out, n) {
			out = append(out, n)
		}
	}
	sort.Ints(out)
	return out
}

// TokenRanges returns each ring token with its owner, in ring order.
func (r *Ring) TokenRanges() (tokens []int64, owners []int) {
	for _, t := range r.tokens {
		tokens = append(tokens, t.token)
		owners = append(owners, t.node)
	}
	return tokens, owners
}

// RangesIn counts the ring ranges (lo, hi] spans: one more than the node
// tokens strictly inside it; the whole ring when lo and hi are both the
// minimum token.
func (r *Ring) RangesIn(lo, hi int64) int {
	n := 1
	for _, t := range r.tokens {
		if t.token > lo && (hi == math.MinInt64 || t.token < hi) {
			n++
		}
	}
	return n
}

func containsInt(xs []int, x int) bool {
	for _, v := range xs {
		if v == x {
			return true
		}
	}
	return false
}
