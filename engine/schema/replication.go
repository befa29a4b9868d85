package schema

import "strings"

// DefaultKeyspaceRF is 4.1's default_keyspace_rf, the replication factor a
// strategy is given when the statement names none.
const DefaultKeyspaceRF = "1"

// Datacenters are the data centres NetworkTopologyStrategy accepts: the
// simulated cluster's one (Datacenters.getValidDatacenters).
var Datacenters = []string{"datacenter1"}

// PrepareReplication completes a keyspace's replication options as
// ReplicationParams.fromMapWithDefaults does, from the options the keyspace had
// before (nil for CREATE): SimpleStrategy takes the previous replication_factor
// or default_keyspace_rf; NetworkTopologyStrategy expands replication_factor (or,
// given no option at all, the previous or default factor) into every data
// centre it does not name, keeps the data centres it had on ALTER, and drops
// those given 0 (NetworkTopologyStrategy.prepareOptions). 'class' stays first.
func PrepareReplication(repl, previous [][2]string) [][2]string {
	class, _ := Opts(repl).Get("class")
	opts, prev := Opts(repl).Without("class"), Opts(previous).Without("class")
	prevRF, _ := prev.Get("replication_factor")
	if prevRF == "" {
		prevRF = DefaultKeyspaceRF
	}
	switch strings.TrimPrefix(class, "org.apache.cassandra.locator.") {
	case "SimpleStrategy":
		if _, ok := opts.Get("replication_factor"); !ok {
			opts = append(opts, [2]string{"replication_factor", prevRF})
		}
	case "NetworkTopologyStrategy":
		rf, given := opts.Get("replication_factor")
		if len(opts) == 0 {
			rf, given = prevRF, true
		}
		opts = opts.Without("replication_factor")
		if given {
			for _, kv := range prev.Without("replication_factor") {
				if _, ok := opts.Get(kv[0]); !ok {
					opts = append(opts, kv)
				}
			}
			for _, dc := range Datacenters {
				if _, ok := opts.Get(dc); !ok {
					opts = append(opts, [2]string{dc, rf})
				}
			}
		}
		kept := opts[:0]
		for _, kv := range opts {
			if kv[1] != "0" {
				kept = append(kept, kv)
			}
		}
		opts = kept
	}
	return append([][2]string{{"class", class}}, opts...)
}
