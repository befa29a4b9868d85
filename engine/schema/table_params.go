package schema

import (
	"strconv"
	"strings"

	"github.com/cqlplay/cqlplay/engine/cql"
	"github.com/cqlplay/cqlplay/engine/cqlerr"
)

// The map-valued table options Cassandra rewrites before keeping them
// (schema/CompactionParams, schema/CompressionParams): what a statement gives
// is validated in their order of checks and stored as system_schema.tables
// and DESCRIBE show it.

// compactionText is the compaction map as CompactionParams keeps it: 'class' is
// required and named in full (classFromName), and the strategy's thresholds take
// their defaults when not given (CompactionParams.create).
func compactionText(v *cql.Collection) (string, *cqlerr.Error) {
	m := propertyMap(v)
	class, ok := m["class"]
	if !ok {
		return "", errMissingSubOption("class", "compaction", "")
	}
	if !strings.Contains(class, ".") {
		m["class"] = "org.apache.cassandra.db.compaction." + class
	}
	if _, ok := m["min_threshold"]; !ok {
		m["min_threshold"] = "4"
	}
	if _, ok := m["max_threshold"]; !ok {
		m["max_threshold"] = "32"
	}
	return mapText(m), nil
}

// compressionText is the compression map as CompressionParams.fromMap reads it
// and asMap gives it back: disabled as {'enabled': 'false'}, otherwise the
// compressor named in full, chunk_length_in_kb (16 by default) and
// min_compress_ratio when it is not 0.
func compressionText(v *cql.Collection) (string, *cqlerr.Error) {
	opts := propertyMap(v)
	// isEnabled: Boolean.parseBoolean of 'enabled', true when it is absent.
	e, ok := opts["enabled"]
	enabled := !ok || strings.EqualFold(e, "true")
	_, hasClass := opts["class"]
	_, hasOld := opts["sstable_compression"]
	if len(opts) > 0 && enabled && !hasClass && !hasOld {
		return "", errMissingSubOption("class", "compression", ".")
	}
	delete(opts, "enabled")
	if !enabled || len(opts) == 0 && !hasClass {
		if len(opts) > 0 {
			return "", errCompressionDisabledWithOptions()
		}
		return "{'enabled': 'false'}", nil
	}
	class := opts["sstable_compression"]
	if hasClass {
		if hasOld {
			return "", errCompressionTwoClasses()
		}
		class = opts["class"]
		if class == "" {
			return "", errCompressionEmptyClass()
		}
	}
	delete(opts, "class")
	delete(opts, "sstable_compression")
	chunk := 16
	_, inKB := opts["chunk_length_in_kb"]
	old, hasKB := opts["chunk_length_kb"]
	if inKB && hasKB {
		return "", errCompressionTwoChunkLengths()
	}
	if inKB {
		old = opts["chunk_length_in_kb"]
	}
	if inKB || hasKB {
		n, err := strconv.Atoi(old)
		if err != nil {
			return "", errCompressionChunkLength()
		}
		chunk = n
	}
	delete(opts, "chunk_length_in_kb")
	delete(opts, "chunk_length_kb")
	ratio := 0.0
	if r, ok := opts["min_compress_ratio"]; ok {
		if f, err := strconv.ParseFloat(r, 64); err == nil {
			ratio = f
			delete(opts, "min_compress_ratio")
		}
	}
	// CompressionParams.validate, on the chunk length in bytes and the longest
	// compressed chunk the ratio allows.
	if chunk <= 0 {
		return "", errCompressionChunkNotPositive()
	}
	if chunk&(chunk-1) != 0 {
		return "", errCompressionChunkPowerOfTwo()
	}
	if ratio < 0 {
		return "", errCompressionNegativeRatio()
	}
	if ratio > 0 && ratio < 1 {
		return "", errCompressionRatioRange()
	}
	if !strings.Contains(class, ".") {
		class = "org.apache.cassandra.io.compress." + class
	}
	opts["class"] = class
	opts["chunk_length_in_kb"] = strconv.Itoa(chunk)
	if ratio != 0 {
		opts["min_compress_ratio"] = javaDouble(ratio)
	}
	return mapText(opts), nil
}

// javaDouble prints a double as Java's String.valueOf does for ordinary values.
func javaDouble(f float64) string {
	s := strconv.FormatFloat(f, 'f', -1, 64)
	if !strings.Contains(s, ".") {
		s += ".0"
	}
	return s
}

// errMissingSubOption: a map option without the sub-option it requires
// (CompactionParams.fromMap; CompressionParams.fromMap ends its sentence with end).
func errMissingSubOption(sub, option, end string) *cqlerr.Error {
	return cqlerr.Config("Missing sub-option '" + sub + "' for the '" + option + "' option" + end)
}

// errMemtableNotFound: a memtable configuration cassandra.yaml does not define (MemtableParams.get).
func errMemtableNotFound(name string) *cqlerr.Error {
	return cqlerr.Config("Memtable configuration \"" + name + "\" not found.")
}

// The other messages of CompressionParams (removeSstableCompressionClass,
// removeChunkLength, parseChunkLength, validate).

func errCompressionDisabledWithOptions() *cqlerr.Error {
	return cqlerr.Config("If the 'enabled' option is set to false no other options must be specified")
}

func errCompressionTwoClasses() *cqlerr.Error {
	return cqlerr.Config("The 'sstable_compression' option must not be used if the compression algorithm is already specified by the 'class' option")
}

func errCompressionEmptyClass() *cqlerr.Error {
	return cqlerr.Config("The 'class' option must not be empty. To disable compression use 'enabled' : false")
}

func errCompressionTwoChunkLengths() *cqlerr.Error {
	return cqlerr.Config("The 'chunk_length_kb' option must not be used if the chunk length is already specified by the 'chunk_length_in_kb' option")
}

func errCompressionChunkLength() *cqlerr.Error {
	return cqlerr.Config("Invalid value for chunk_length_in_kb")
}

func errCompressionChunkNotPositive() *cqlerr.Error {
	return cqlerr.Config("Invalid negative or null chunk_length_in_kb")
}

func errCompressionChunkPowerOfTwo() *cqlerr.Error {
	return cqlerr.Config("chunk_length_in_kb must be a power of 2")
}

func errCompressionNegativeRatio() *cqlerr.Error {
	return cqlerr.Config("Invalid negative min_compress_ratio")
}

func errCompressionRatioRange() *cqlerr.Error {
	return cqlerr.Config("min_compress_ratio can either be 0 or greater than or equal to 1")
}
