package schema

import (
	"maps"
	"slices"
)

// Clone returns a deep copy of s, which DDL on either copy leaves the other
// alone, and the table of the copy for each table of s (the store and the
// query layer key their state by *Table). Types, which DDL replaces and
// never changes, are shared. It is how a session keeps the schema of a snapshot (engine's
// Session.Rerun): DDL changes tables and columns in place.
func (s *Schema) Clone() (*Schema, map[*Table]*Table) {
	tables := map[*Table]*Table{}
	cols := map[*Column]*Column{}
	col := func(c *Column) *Column {
		if c == nil {
			return nil
		}
		n := cols[c]
		if n == nil {
			cp := *c
			n = &cp
			cols[c] = n
		}
		return n
	}
	colSlice := func(cs []*Column) []*Column {
		if cs == nil {
			return nil
		}
		out := make([]*Column, len(cs))
		for i, c := range cs {
			out[i] = col(c)
		}
		return out
	}
	colMap := func(m map[string]*Column) map[string]*Column {
		if m == nil {
			return nil
		}
		out := make(map[string]*Column, len(m))
		for k, c := range m {
			out[k] = col(c)
		}
		return out
	}
	out := &Schema{Keyspaces: make(map[string]*Keyspace, len(s.Keyspaces))}
	// Every table first, so that views and bases can name each other.
	for _, ks := range s.Keyspaces {
		for _, t := range ks.Tables {
			cp := *t
			tables[t] = &cp
		}
	}
	for name, ks := range s.Keyspaces {
		k := *ks
		k.Replication = slices.Clone(ks.Replication)
		k.Types = slices.Clone(ks.Types)
		k.Tables = make(map[string]*Table, len(ks.Tables))
		for tn, t := range ks.Tables {
			n := tables[t]
			n.Columns = colSlice(t.Columns)
			n.PartitionKey = colSlice(t.PartitionKey)
			n.ClusteringCs = colSlice(t.ClusteringCs)
			n.Statics = colSlice(t.Statics)
			n.Regulars = colSlice(t.Regulars)
			n.byName = colMap(t.byName)
			if t.byID != nil {
				n.byID = make(map[int]*Column, len(t.byID))
				for id, c := range t.byID {
					n.byID[id] = col(c)
				}
			}
			n.Dropped = colMap(t.Dropped)
			n.Options = maps.Clone(t.Options)
			n.Indexes = nil
			for _, ix := range t.Indexes {
				cp := *ix
				cp.Column = col(ix.Column)
				n.Indexes = append(n.Indexes, &cp)
			}
			if t.View != nil {
				v := *t.View
				if b := tables[v.Base]; b != nil {
					v.Base = b
				}
				n.View = &v
			}
			n.Views = nil
			for _, v := range t.Views {
				if c := tables[v]; c != nil {
					n.Views = append(n.Views, c)
				} else {
					n.Views = append(n.Views, v)
				}
			}
			k.Tables[tn] = n
		}
		out.Keyspaces[name] = &k
	}
	return out, tables
}
