package query

import "sort"

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

// NewRing places nodes*vnodes tokens with a fixed pseudo-random sequence, as
// the random token allocation of a real cluster would.
func NewRing(nodes, vnodes, rf int) *Ring {
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
func (r *Ring) Replicas(token int64) []int { return r.replicasOf(token, r.RF) }

// replicasOf is Replicas for a replication factor of rf.
func (r *Ring) replicasOf(token int64, rf int) []int {
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

// owner returns the first replica of token: the node of the first ring
// token at or after it, wrapping around.
func (r *Ring) owner(token int64) int {
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
		if n := r.owner(t); !containsInt(out, n) {
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

func containsInt(xs []int, x int) bool {
	for _, v := range xs {
		if v == x {
			return true
		}
	}
	return false
}
