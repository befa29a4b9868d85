package query

import (
	"slices"
	"testing"
)

// TestSystemTableNames: the names DESCRIBE lists are those systemDDLs
// and moreSystemDDL declare, for each keyspace that has any.
func TestSystemTableNames(t *testing.T) {
	for _, ks := range []string{"system", "system_schema", "system_traces", "system_auth", "system_distributed"} {
		var names []string
		for _, m := range systemDDLs(ks) {
			for n := range m {
				names = append(names, n)
			}
		}
		for _, d := range moreSystemDDL {
			if d[0] == ks {
				names = append(names, d[1])
			}
		}
		slices.Sort(names)
		if got := systemTableNames(ks); !slices.Equal(got, names) {
			t.Errorf("%s: systemTableNames %v, declarations %v", ks, got, names)
		}
	}
}
