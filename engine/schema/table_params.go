package schema

import (
	"strings"

	"github.com/cqlplay/cqlplay/engine/cql"
	"github.com/cqlplay/cqlplay/engine/cqlerr"
)

// The map-valued table options Cassandra rewrites before keeping them
// (schema/CompactionParams): what a statement gives is validated and stored as
// system_schema.tables and DESCRIBE show it. WITH compression is kept as written:
// CompressionParams' checks did not fit the WebAssembly module's budget.

// compactionText is the compaction map as CompactionParams keeps it: 'class' is
// required and named in full (classFromName), and the strategy's thresholds take
// their defaults when not given (CompactionParams.create).
func compactionText(v *cql.Collection) (string, *cqlerr.Error) {
	o := propertyOpts(v)
	class, ok := o.Get("class")
	if !ok {
		return "", errMissingSubOption("class", "compaction")
	}
	if !strings.Contains(class, ".") {
		o = o.With("class", "org.apache.cassandra.db.compaction."+class)
	}
	for _, d := range [2][2]string{{"min_threshold", "4"}, {"max_threshold", "32"}} {
		if _, ok := o.Get(d[0]); !ok {
			o = append(o, d)
		}
	}
	return o.Text(), nil
}

// errMissingSubOption: a map option without the sub-option it requires (CompactionParams.fromMap).
func errMissingSubOption(sub, option string) *cqlerr.Error {
	return cqlerr.Config("Missing sub-option '" + sub + "' for the '" + option + "' option")
}

// errMemtableNotFound: a memtable configuration cassandra.yaml does not define (MemtableParams.get).
func errMemtableNotFound(name string) *cqlerr.Error {
	return cqlerr.Config("Memtable configuration \"" + name + "\" not found.")
}
