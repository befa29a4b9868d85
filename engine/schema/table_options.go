package schema

import (
	"strconv"
	"strings"

	"github.com/cqlplay/cqlplay/engine/cql"
	"github.com/cqlplay/cqlplay/engine/cqlerr"
	"github.com/cqlplay/cqlplay/engine/cqltype"
)

// A table's WITH options, read as Cassandra 4.1's TableAttributes reads them
// and checked as TableParams.validate checks them, for CREATE TABLE, ALTER
// TABLE and CREATE MATERIALIZED VIEW.

// tableProperties are the WITH options CREATE/ALTER TABLE accept in 4.1
// (TableParams.Option), with their defaults as DESCRIBE prints them.
var tableProperties = []struct{ name, def string }{
	{"additional_write_policy", "'99p'"},
	{"bloom_filter_fp_chance", "0.01"},
	{"caching", "{'keys': 'ALL', 'rows_per_partition': 'NONE'}"},
	{"cdc", "false"},
	{"comment", "''"},
	{"compaction", "{'class': 'org.apache.cassandra.db.compaction.SizeTieredCompactionStrategy', 'max_threshold': '32', 'min_threshold': '4'}"},
	{"compression", "{'chunk_length_in_kb': '16', 'class': 'org.apache.cassandra.io.compress.LZ4Compressor'}"},
	{"memtable", "'default'"},
	{"crc_check_chance", "1.0"},
	{"default_time_to_live", "0"},
	{"extensions", "{}"},
	{"gc_grace_seconds", "864000"},
	{"max_index_interval", "2048"},
	{"memtable_flush_period_in_ms", "0"},
	{"min_index_interval", "128"},
	{"read_repair", "'BLOCKING'"},
	{"speculative_retry", "'99p'"},
}

// buildOrder is the order in which TableAttributes.build reads the options,
// with how it reads each: 'd' Double.parseDouble, 'i' Integer.parseInt, 'e'
// ReadRepairStrategy's name, 's' a string, 'm' a map, 'r' a string read by
// SpeculativeRetryPolicy.fromString; 0 keeps the value as written. The first
// value that does not read fails the statement, whatever order the options
// were written in.
var buildOrder = [...]struct {
	name string
	kind byte
}{
	{"bloom_filter_fp_chance", 'd'}, {"caching", 'm'}, {"comment", 's'}, {"compaction", 'm'},
	{"compression", 'm'}, {"memtable", 's'}, {"default_time_to_live", 'i'}, {"gc_grace_seconds", 'i'},
	{"max_index_interval", 'i'}, {"memtable_flush_period_in_ms", 'i'}, {"min_index_interval", 'i'},
	{"speculative_retry", 'r'}, {"additional_write_policy", 'r'}, {"crc_check_chance", 'd'},
	{"cdc", 0}, {"read_repair", 'e'}, {"extensions", 0}, {"id", 0},
}

// applyProperties reads WITH options in TableAttributes.build's order, checks
// them as TableParams.validate does against the defaults (TableAttributes.validate)
// and, for ALTER, against the table's options, then records them: a failing
// statement changes nothing. Values are kept as DESCRIBE prints them (a
// double as Java prints it, an integer parsed). Unknown names are a
// SyntaxException, bad values mostly a ConfigurationException.
func (t *Table) applyProperties(props []cql.Property, create bool) *cqlerr.Error {
	given := map[string]cql.Expr{}
	for _, p := range props {
		name := p.Name.Name
		if _, ok := given[name]; ok {
			return errPropertyTwice(p.Name.Pos, name)
		}
		given[name] = p.Value
		// 4.x's TableAttributes has no obsolete keywords: read_repair_chance and
		// dclocal_read_repair_chance went in 4.0, index_interval and the like in 3.0.
		if !knownProperty(name) {
			return ErrUnknownProperty(p.Name.Pos, name)
		}
	}
	set := map[string]string{}
	var compaction Opts
	var written int // the compaction sub-options as written
	for _, o := range buildOrder {
		v, ok := given[o.name]
		if !ok {
			continue
		}
		text, isMap := propertyText(v)
		lit, _ := v.(*cql.Literal)
		quote := o.kind == 's' || o.kind == 'e' || o.kind == 'r'
		var err *cqlerr.Error
		switch o.kind {
		case 'm':
			c, _ := v.(*cql.Collection)
			switch {
			case c == nil:
			case o.name == "caching":
				text, err = cachingText(c)
			case o.name == "compression":
				text, err = compressionText(c)
			default:
				compaction, written, err = compactionOpts(c)
				text = compaction.Text()
			}
		case 0:
			quote = lit != nil && lit.Kind == cql.StringLit
		default:
			if isMap {
				return errPropertyNotString(o.name)
			}
		}
		if o.kind == 'd' || o.kind == 'i' {
			bits := 64
			if o.kind == 'i' {
				bits = 32
			}
			f, e := strconv.ParseFloat(strings.TrimSpace(text), 64)
			n, ie := strconv.ParseInt(text, 10, bits)
			switch {
			case o.kind == 'd' && e != nil:
				return errPropertyNotDouble(text, o.name)
			case o.kind == 'd':
				text = cqltype.JavaDouble(f)
			case ie != nil:
				return errPropertyNotInteger(text, o.name)
			default:
				text = strconv.FormatInt(n, 10)
			}
		}
		switch {
		case o.kind == 'e':
			if text = strings.ToUpper(text); text != "NONE" && text != "BLOCKING" {
				return errNoReadRepairStrategy(text)
			}
		case o.kind == 'r':
			text, err = speculativeRetry(text)
		case o.name == "memtable" && text != "default":
			// MemtableParams.get: a stock 4.1 cassandra.yaml defines no
			// memtable configuration but "default".
			return errOption(mMemtable, text, "")
		}
		if err != nil {
			return err
		}
		if quote {
			text = "'" + strings.ReplaceAll(text, "'", "''") + "'"
		}
		set[o.name] = text
	}
	if compaction != nil {
		if err := validateCompaction(compaction, written); err != nil {
			return err
		}
	}
	if err := validateParams(set, nil); err != nil {
		return err
	}
	// AlterTableStatement.AlterOptions: the counter check, then the new
	// options as a whole (TableMetadata.validate).
	if ttl, ok := set["default_time_to_live"]; ok && t.Counter && ttl != "0" {
		return errCounterDefaultTTL()
	}
	if len(t.Views) > 0 && optionIn(set, t.Options, "gc_grace_seconds") == "0" {
		return errBaseGraceZero()
	}
	if !create {
		if err := validateParams(set, t.Options); err != nil {
			return err
		}
	}
	// AlterViewStatement.apply, once the options read: a view keeps a
	// gc_grace_seconds above 0 and no default_time_to_live.
	if !create && t.View != nil {
		if optionIn(set, t.Options, "gc_grace_seconds") == "0" {
			return errAlterViewGraceZero()
		}
		if ttl := optionIn(set, t.Options, "default_time_to_live"); ttl != "0" {
			return errAlterViewDefaultTTL()
		}
	}
	// TableParams: a new table's bloom filter defaults to 0.1 under LCS
	// (CompactionParams.defaultBloomFilterFbChance); an ALTER keeps the table's.
	if class, _ := compaction.Get("class"); create && class == compactionPackage+strategies[1] && set["bloom_filter_fp_chance"] == "" {
		set["bloom_filter_fp_chance"] = "0.1"
	}
	for k, v := range set {
		t.Options[k] = v
	}
	t.DefaultTTL, _ = strconv.Atoi(optionIn(nil, t.Options, "default_time_to_live"))
	t.GCGrace, _ = strconv.Atoi(optionIn(nil, t.Options, "gc_grace_seconds"))
	return nil
}

// validateParams is TableParams.validate after compaction.validate (and
// compression's, which compressionText runs), in its order, on the options
// set gives, else base (nil: the defaults), as they are kept.
func validateParams(set, base map[string]string) *cqlerr.Error {
	names := [...]string{"bloom_filter_fp_chance", "crc_check_chance", "default_time_to_live", "gc_grace_seconds", "min_index_interval", "max_index_interval", "memtable_flush_period_in_ms"}
	var v [len(names)]string
	var f [len(names)]float64
	for i, name := range names {
		v[i] = optionIn(set, base, name)
		f[i], _ = strconv.ParseFloat(v[i], 64)
	}
	for _, c := range [...]struct {
		bad   bool
		i     int
		bound string
	}{
		// BloomCalculations.minSupportedBloomFilterFpChance() is 6.71E-5.
		{f[0] <= 6.71e-5 || f[0] > 1, 0, "larger than 6.71E-5 and less than or equal to 1.0"},
		{f[1] < 0 || f[1] > 1, 1, "larger than or equal to 0 and smaller than or equal to 1.0"},
		{f[2] < 0, 2, "greater than or equal to 0"},
		{f[2] > MaxTTL, 2, "less than or equal to " + strconv.Itoa(MaxTTL)},
		{f[3] < 0, 3, "greater than or equal to 0"},
		{f[4] < 1, 4, "greater than or equal to 1"},
		{f[5] < f[4], 5, "greater than or equal to min_index_interval (" + v[4] + ")"},
		{f[6] < 0, 6, "greater than or equal to 0"},
	} {
		if c.bad {
			return errParamBound(names[c.i], c.bound, v[c.i])
		}
	}
	return nil
}

// optionIn is option name as set gives it, else as base does, else its default.
func optionIn(set, base map[string]string, name string) string {
	if v, ok := set[name]; ok {
		return v
	}
	if v, ok := base[name]; ok {
		return v
	}
	return propertyDefault(name)
}

func knownProperty(name string) bool {
	return name == "id" || propertyDefault(name) != ""
}

// propertyDefault is an option's default as DESCRIBE prints it ("" for none).
func propertyDefault(name string) string {
	for _, p := range tableProperties {
		if p.name == name {
			return p.def
		}
	}
	return ""
}

// propertyText renders a property value as DESCRIBE prints it; maps come out
// as {'k': 'v'} with keys sorted.
func propertyText(e cql.Expr) (string, bool) {
	switch v := e.(type) {
	case *cql.Literal:
		return v.Text, false
	case *cql.Collection:
		return propertyOpts(v).Text(), true
	}
	if e == nil {
		return "", false
	}
	return e.String(), false
}

// AlterProperties applies ALTER TABLE ... WITH.
func (t *Table) AlterProperties(props []cql.Property) *cqlerr.Error {
	return t.applyProperties(props, false)
}

// ViewProperties applies CREATE MATERIALIZED VIEW's WITH to the new view,
// whose options start from the defaults as a new table's do.
func (t *Table) ViewProperties(props []cql.Property) *cqlerr.Error {
	return t.applyProperties(props, true)
}

// TableProperties returns every table property with its default, in the
// order DESCRIBE prints them.
func TableProperties() [][2]string {
	out := make([][2]string, len(tableProperties))
	for i, p := range tableProperties {
		out[i] = [2]string{p.name, p.def}
	}
	return out
}

// errPropertyTwice: a WITH property given twice (PropertyDefinitions.addProperty).
func errPropertyTwice(pos cqlerr.Pos, name string) *cqlerr.Error {
	return cqlerr.Syntax(pos, len(name), "Multiple definition for property '"+name+"'")
}

// ErrUnknownProperty: a WITH property Cassandra does not know (PropertyDefinitions.validate),
// of a table or, in engine/query, of a keyspace.
func ErrUnknownProperty(pos cqlerr.Pos, name string) *cqlerr.Error {
	return cqlerr.Syntax(pos, len(name), "Unknown property '"+name+"'")
}

// errPropertyNotString: a property that takes a string given something else (PropertyDefinitions.getString).
func errPropertyNotString(name string) *cqlerr.Error {
	return cqlerr.New(cqlerr.SyntaxException, "Invalid value for property '"+name+"'. It should be a string")
}

// errPropertyNotInteger: an integer property given something else (PropertyDefinitions.toInt).
func errPropertyNotInteger(text, name string) *cqlerr.Error {
	return cqlerr.New(cqlerr.SyntaxException, "Invalid integer value "+text+" for '"+name+"'")
}

// errPropertyNotDouble: a double property given something else (TableAttributes.getDouble).
func errPropertyNotDouble(text, name string) *cqlerr.Error {
	return cqlerr.New(cqlerr.SyntaxException, "Invalid double value "+text+" for '"+name+"'")
}

// errParamBound: an option outside TableParams.validate's bounds; got is its
// value as Cassandra prints it.
func errParamBound(name, bound, got string) *cqlerr.Error {
	return cqlerr.Config(name + " must be " + bound + " (got " + got + ")")
}

// errBaseGraceZero: gc_grace_seconds 0 for a table with materialized views,
// whose undelivered updates it times (AlterTableStatement.AlterOptions).
func errBaseGraceZero() *cqlerr.Error {
	return cqlerr.Invalid("Cannot alter gc_grace_seconds of the base table of a materialized view to 0, since this value is used to TTL undelivered updates. Setting gc_grace_seconds too low might cause undelivered updates to expire before being replayed.")
}

// errNoReadRepairStrategy: read_repair names no ReadRepairStrategy; its
// fromString is Enum.valueOf, whose IllegalArgumentException reaches the
// client as a server error.
func errNoReadRepairStrategy(name string) *cqlerr.Error {
	return cqlerr.New(cqlerr.ServerError, "java.lang.IllegalArgumentException: No enum constant org.apache.cassandra.service.reads.repair.ReadRepairStrategy."+name)
}

// errAlterViewGraceZero: ALTER MATERIALIZED VIEW setting gc_grace_seconds to 0 (AlterViewStatement.apply).
func errAlterViewGraceZero() *cqlerr.Error {
	return cqlerr.Invalid("Cannot alter gc_grace_seconds of a materialized view to 0, since this value is used to TTL undelivered updates. Setting gc_grace_seconds too low might cause undelivered updates to expire before being replayed.")
}

// errAlterViewDefaultTTL: ALTER MATERIALIZED VIEW setting a default_time_to_live above 0 (AlterViewStatement.apply).
func errAlterViewDefaultTTL() *cqlerr.Error {
	return cqlerr.Invalid("Forbidden default_time_to_live detected for a materialized view. Data in a materialized view always expire at the same time than the corresponding data in the parent table. default_time_to_live must be set to zero, see CASSANDRA-12868 for more information")
}
