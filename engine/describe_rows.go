package engine

import (
	"sort"
	"strings"

	"github.com/cqlplay/cqlplay/engine/cql"
	"github.com/cqlplay/cqlplay/engine/cqltype"
)

// DESCRIBE over the wire. Cassandra 4.1 describes on the server
// (cql3/statements/DescribeStatement.java) and returns rows that cqlsh
// prints: a listing's rows are keyspace_name, type, name; an element's add
// create_statement. The engine prints DESCRIBE as cqlsh does; here the
// rows are made again from what it printed (an element's statements) or
// from the schema (a listing's names).

var describeListing = []Column{
	{Keyspace: "", Table: "", Name: "keyspace_name", Type: cqltype.TextType},
	{Name: "type", Type: cqltype.TextType},
	{Name: "name", Type: cqltype.TextType},
}

var describeElement = append(append([]Column{}, describeListing...), Column{Name: "create_statement", Type: cqltype.TextType})

// describeRows turns a DESCRIBE's result into Cassandra's rows.
func (s *Session) describeRows(d *cql.Describe, text string) ([]Column, [][][]byte) {
	row := func(vals ...string) [][]byte {
		out := make([][]byte, len(vals))
		for i, v := range vals {
			out[i] = []byte(v)
		}
		return out
	}
	var rows [][][]byte
	switch d.Kind {
	case cql.DescribeKeyspaces:
		for _, n := range sortedFold(s.db.Schema.KeyspaceNames()) {
			rows = append(rows, row(n, "keyspace", n))
		}
		return describeListing, rows
	case cql.DescribeTables, cql.DescribeTypes:
		kind := "table"
		if d.Kind == cql.DescribeTypes {
			kind = "type"
		}
		kss := []string{s.db.Keyspace}
		if s.db.Keyspace == "" {
			kss = sortedFold(s.db.Schema.KeyspaceNames())
		}
		for _, ksName := range kss {
			ks := s.db.Schema.Keyspaces[ksName]
			if ks == nil {
				continue
			}
			names := ks.TableNames()
			if kind == "type" {
				names = ks.TypeNames()
			}
			for _, n := range sortedFold(names) {
				rows = append(rows, row(ksName, kind, n))
			}
		}
		return describeListing, rows
	case cql.DescribeFunctions, cql.DescribeAggregates:
		return describeListing, nil
	}
	for _, stmt := range strings.Split(strings.TrimSuffix(text, "\n"), "\n\n") {
		if stmt == "" {
			continue
		}
		ks, kind, name := elementOf(stmt)
		rows = append(rows, row(ks, kind, name, stmt))
	}
	return describeElement, rows
}

// elementOf reads the keyspace, kind and name of a CREATE statement's
// first line ("CREATE TABLE ks.t (", "CREATE INDEX i ON ks.t (v);").
func elementOf(stmt string) (ks, kind, name string) {
	words := strings.Fields(strings.SplitN(stmt, "\n", 2)[0])
	if len(words) < 3 {
		return "", "", ""
	}
	kind = strings.ToLower(words[1])
	target := words[2]
	switch kind {
	case "materialized":
		kind = "materialized_view"
		if len(words) > 3 {
			target = words[3]
		}
	case "index", "custom":
		kind = "index"
		on := -1
		for i, w := range words {
			if w == "ON" {
				on = i
			}
		}
		if kind == "index" && words[1] == "CUSTOM" && len(words) > 3 {
			target = words[3]
		}
		if on > 0 && on+1 < len(words) {
			ks, _, _ = strings.Cut(words[on+1], ".")
			return ks, kind, target
		}
	}
	target = strings.TrimSuffix(strings.TrimSuffix(target, ";"), "(")
	if k, n, ok := strings.Cut(target, "."); ok {
		return k, kind, n
	}
	return target, kind, target
}

// sortedFold sorts names ignoring case, as SchemaElement.NAME_COMPARATOR.
func sortedFold(names []string) []string {
	out := append([]string(nil), names...)
	sort.SliceStable(out, func(i, j int) bool { return strings.ToLower(out[i]) < strings.ToLower(out[j]) })
	return out
}
