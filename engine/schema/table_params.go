package schema

import (
	"math"
	"strconv"
	"strings"

	"github.com/cqlplay/cqlplay/engine/cql"
	"github.com/cqlplay/cqlplay/engine/cqlerr"
	"github.com/cqlplay/cqlplay/engine/cqltype"
)

// The map-valued table options Cassandra rewrites before keeping them
// (schema/CachingParams, schema/CompressionParams; compaction.go has
// CompactionParams, and the messages of all three): what a statement gives
// is validated in their order of checks and stored as system_schema.tables
// and DESCRIBE show it.

// cachingText is the caching map as CachingParams.fromMap reads it and asMap
// gives it back: 'keys' ALL or NONE (NONE when not given), then
// 'rows_per_partition' ALL, NONE or a count of rows (NONE when not given or
// 0), then no other sub-option; both are always kept.
func cachingText(v *cql.Collection) (string, *cqlerr.Error) {
	o := propertyOpts(v)
	keys := "NONE"
	if k, ok := o.Get("keys"); ok {
		switch strings.ToUpper(k) {
		case "ALL", "NONE":
			keys = strings.ToUpper(k)
		default:
			return "", errOption(mCachingKeys, k, "")
		}
	}
	rows := "NONE"
	if r, ok := o.Get("rows_per_partition"); ok {
		switch up := strings.ToUpper(r); {
		case up == "ALL" || up == "NONE":
			rows = up
		case r != "" && strings.Trim(r, "0123456789") == "":
			n, err := strconv.ParseInt(r, 10, 32)
			if err != nil {
				return "", errOption(mCachingRows, r, "")
			}
			switch n {
			case 0:
			case math.MaxInt32:
				rows = "ALL"
			default:
				rows = strconv.FormatInt(n, 10)
			}
		default:
			return "", errOption(mCachingRows, r, "")
		}
	}
	// CachingParams.fromMap lists what is left of its copy of the property's
	// map, in that HashMap's order.
	var names, unknown []string
	for _, kv := range o {
		names = append(names, kv[0])
	}
	names = HashMapOrder(names, JavaStringHash, SizedCapacity(len(names)), CopiedCapacity(len(names), len(names)))
	for _, k := range names {
		if k != "keys" && k != "rows_per_partition" {
			unknown = append(unknown, k)
		}
	}
	if len(unknown) > 0 {
		return "", errOption(mCachingUnknown, strings.Join(unknown, ", "), "")
	}
	return Opts{{"keys", keys}, {"rows_per_partition", rows}}.Text(), nil
}

// compressionText is the compression map as CompressionParams.fromMap reads it
// and asMap gives it back: disabled as {'enabled': 'false'}, otherwise the
// compressor named in full, chunk_length_in_kb (16 by default) and
// min_compress_ratio when it is not 0.
func compressionText(v *cql.Collection) (string, *cqlerr.Error) {
	o := propertyOpts(v)
	// The sub-options fromMap reads, then the compressor's own (kept as given).
	var enabled, class, old, inKB, kb, ratio string
	var has [6]bool
	var rest Opts
	for _, kv := range o {
		switch kv[0] {
		case "enabled":
			enabled, has[0] = kv[1], true
		case "class":
			class, has[1] = kv[1], true
		case "sstable_compression":
			old, has[2] = kv[1], true
		case "chunk_length_in_kb":
			inKB, has[3] = kv[1], true
		case "chunk_length_kb":
			kb, has[4] = kv[1], true
		case "min_compress_ratio":
			ratio, has[5] = kv[1], true
		default:
			rest = append(rest, kv)
		}
	}
	// isEnabled: Boolean.parseBoolean of 'enabled', true when it is absent.
	on := !has[0] || strings.EqualFold(enabled, "true")
	if len(o) > 0 && on && !has[1] && !has[2] {
		return "", errOption(mMissingClass, "compression", ".")
	}
	if !on || !has[1] && !has[2] {
		if len(o) > btoi(has[0]) {
			return "", errOption(mCompressionDisabled, "", "")
		}
		return "{'enabled': 'false'}", nil
	}
	switch {
	case has[1] && has[2]:
		return "", errOption(mCompressionTwoClasses, "", "")
	case !has[1]:
		class = old
	case class == "":
		return "", errOption(mCompressionEmptyClass, "", "")
	}
	if has[3] && has[4] {
		return "", errOption(mCompressionTwoChunks, "", "")
	}
	if has[3] {
		kb, has[4] = inKB, true
	}
	chunk := 16
	if has[4] {
		n, err := strconv.Atoi(kb)
		if err != nil {
			return "", errOption(mCompressionChunk, "", "")
		}
		chunk = n
	}
	r := 0.0
	if has[5] {
		f, err := strconv.ParseFloat(ratio, 64)
		if err != nil {
			rest = append(rest, [2]string{"min_compress_ratio", ratio})
		}
		r = f
	}
	// CompressionParams.validate, on the chunk length in bytes and the longest
	// compressed chunk the ratio allows.
	switch {
	case chunk <= 0:
		return "", errOption(mCompressionChunkNotPositive, "", "")
	case chunk&(chunk-1) != 0:
		return "", errOption(mCompressionChunkPower, "", "")
	case r < 0:
		return "", errOption(mCompressionNegativeRatio, "", "")
	case r > 0 && r < 1:
		return "", errOption(mCompressionRatio, "", "")
	}
	if !strings.Contains(class, ".") {
		class = "org.apache.cassandra.io.compress." + class
	}
	rest = append(rest, [2]string{"class", class}, [2]string{"chunk_length_in_kb", strconv.Itoa(chunk)})
	if r != 0 {
		rest = append(rest, [2]string{"min_compress_ratio", cqltype.JavaDouble(r)})
	}
	return rest.Text(), nil
}

func btoi(b bool) int {
	if b {
		return 1
	}
	return 0
}

// ErrUnknownClass: a class Cassandra cannot load (FBUtilities.classForName): a
// compaction strategy here, a replication strategy in engine/query.
func ErrUnknownClass(readable, class string) *cqlerr.Error {
	return cqlerr.Config("Unable to find " + readable + " class '" + class + "'")
}
