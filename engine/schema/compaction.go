package schema

import (
	"strconv"
	"strings"

	"github.com/cqlplay/cqlplay/engine/cql"
	"github.com/cqlplay/cqlplay/engine/cqlerr"
	"github.com/cqlplay/cqlplay/engine/cqltype"
)

// The compaction option as Cassandra 4.1 reads it (schema/CompactionParams)
// and checks it (CompactionParams.validate, which calls the strategy's
// static validateOptions: db/compaction/AbstractCompactionStrategy,
// SizeTieredCompactionStrategyOptions, LeveledCompactionStrategy,
// TimeWindowCompactionStrategyOptions, DateTieredCompactionStrategyOptions).

const compactionPackage = "org.apache.cassandra.db.compaction."

// strategies are the compaction strategies 4.1 ships; a check's who has bit
// 1<<i for strategies[i].
var strategies = [...]string{"SizeTieredCompactionStrategy", "LeveledCompactionStrategy", "TimeWindowCompactionStrategy", "DateTieredCompactionStrategy"}

// compactionChecks are the sub-options the strategies read, in the order
// their validateOptions read them (AbstractCompactionStrategy's, the
// strategy's own, SizeTieredCompactionStrategyOptions', then the thresholds
// CompactionParams reads), with who reads each and how (checkSubOption's
// kinds; 0 reads nothing to check). A sub-option no strategy of the table
// reads is "not understood".
var compactionChecks = [...]struct {
	name      string
	who, kind byte
}{
	{"tombstone_threshold", 15, 'f'}, {"tombstone_compaction_interval", 15, 'l'},
	{"unchecked_tombstone_compaction", 15, 'u'}, {"log_all", 15, 'g'}, {"enabled", 15, 'e'},
	{"only_purge_repaired_tombstones", 15, 0}, {"provide_overlapping_tombstones", 15, 0},
	{"sstable_size_in_mb", 2, 'i'}, {"fanout_size", 2, 'i'}, {"single_sstable_uplevel", 2, 0},
	{"timestamp_resolution", 4, 'r'}, {"compaction_window_unit", 4, 'c'}, {"compaction_window_size", 4, 'w'},
	{"expired_sstable_check_frequency_seconds", 4, 'n'}, {"unsafe_aggressive_sstable_expiration", 4, 'x'},
	{"timestamp_resolution", 8, 'R'}, {"max_sstable_age_days", 8, 'a'}, {"base_time_seconds", 8, 'L'},
	{"expired_sstable_check_frequency_seconds", 8, 'n'}, {"max_window_size_seconds", 8, 'n'},
	{"min_sstable_size", 15, 'z'}, {"bucket_low", 15, 'b'}, {"bucket_high", 15, 'b'},
	{"min_threshold", 15, 0}, {"max_threshold", 15, 0},
}

// compactionOpts is the compaction map as CompactionParams.fromMap and create
// keep it: 'class' is required and named in full (classFromName), a
// provide_overlapping_tombstones that names no TombstoneOption is refused, and
// the thresholds take their defaults when not given (every strategy 4.1 ships
// reads them). Its sub-options are checked later, by validateCompaction.
func compactionOpts(v *cql.Collection) (Opts, *cqlerr.Error) {
	o := propertyOpts(v)
	class, ok := o.Get("class")
	if !ok {
		return nil, errMissingSubOption("class", "compaction", "")
	}
	if !strings.Contains(class, ".") {
		class = compactionPackage + class
		o = o.With("class", class)
	}
	if strategyBit(class) == 0 { // FBUtilities.classForName: a class 4.1 does not ship
		return nil, ErrUnknownClass("compaction strategy", class)
	}
	if p, ok := o.Get("provide_overlapping_tombstones"); ok {
		if p = strings.ToUpper(p); p != "NONE" && p != "ROW" && p != "CELL" {
			return nil, errTombstoneOption(p)
		}
	}
	for _, d := range [2][2]string{{"min_threshold", "4"}, {"max_threshold", "32"}} {
		if _, ok := o.Get(d[0]); !ok {
			o = append(o, d)
		}
	}
	return o, nil
}

func strategyBit(class string) byte {
	for i, s := range strategies {
		if class == compactionPackage+s {
			return 1 << i
		}
	}
	return 0
}

// validateCompaction is CompactionParams.validate: the strategy's
// validateOptions (each sub-option it reads, then those it does not), then
// the thresholds.
func validateCompaction(o Opts) *cqlerr.Error {
	class, _ := o.Get("class")
	who := strategyBit(class)
	known := map[string]bool{"class": true}
	low, high := 0.5, 1.5 // SizeTieredCompactionStrategyOptions' bucket defaults
	for _, c := range compactionChecks {
		if c.who&who == 0 {
			continue
		}
		known[c.name] = true
		if v, ok := o.Get(c.name); ok && c.kind != 0 {
			if err := checkSubOption(o, c.name, c.kind, v, &low, &high); err != nil {
				return err
			}
		}
	}
	if high <= low {
		return errBuckets(high, low)
	}
	var unknown []string
	for _, kv := range o {
		if !known[kv[0]] {
			unknown = append(unknown, kv[0])
		}
	}
	if len(unknown) > 0 {
		return errNotUnderstood(javaKeySet(unknown, len(o)-1), class[len(compactionPackage):])
	}
	minT, _ := o.Get("min_threshold")
	maxT, _ := o.Get("max_threshold")
	for _, t := range [2][2]string{{"min_threshold", minT}, {"max_threshold", maxT}} {
		if t[1] == "" || strings.Trim(t[1], "0123456789") != "" { // StringUtils.isNumeric
			return errThresholdNotInteger(t[1], t[0])
		}
	}
	lo, _ := strconv.Atoi(minT)
	hi, _ := strconv.Atoi(maxT)
	switch {
	case lo <= 0 || hi <= 0:
		return errThresholdZero()
	case lo <= 1:
		return errMinThreshold(minT)
	case lo > hi:
		return errThresholdOrder(minT, maxT)
	}
	return nil
}

// checkSubOption checks one sub-option's value v as the strategy reads it:
// 'f' Float.parseFloat, at least 0; 'l' Long.parseLong, at least 0 ('L' more
// than 0); 'n' and 'z' likewise with their own words; 'i' and 'w'
// Integer.parseInt, at least 1; 'a' a double, at least 0; 'b' a bucket bound;
// 'u', 'g', 'e', 'x' true or false; 'r', 'c', 'R' a TimeUnit.
func checkSubOption(o Opts, name string, kind byte, v string, low, high *float64) *cqlerr.Error {
	n, nerr := strconv.ParseInt(v, 10, 64)
	bits := 64
	if kind == 'i' || kind == 'w' {
		bits = 32
		n, nerr = strconv.ParseInt(v, 10, 32)
	}
	parsed := v
	if name == "fanout_size" { // LeveledCompactionStrategy names the size it parsed first
		if parsed, _ = o.Get("sstable_size_in_mb"); parsed == "" {
			parsed = "1"
		}
	}
	num := strconv.FormatInt(n, 10)
	bool := strings.EqualFold(v, "true") || strings.EqualFold(v, "false")
	switch kind {
	case 'f', 'a', 'b':
		if kind == 'f' {
			bits = 32
		}
		f, err := strconv.ParseFloat(strings.TrimSpace(v), bits)
		switch {
		case err != nil && kind == 'b':
			return errNotParsableFloat(v, name)
		case err != nil:
			return errNotParsable(v, name)
		case kind == 'f' && f < 0:
			return errNotPositive(name, strconv.FormatFloat(f, 'f', 6, 64))
		case kind == 'a' && f < 0:
			return errMaxAgeNegative(name, strconv.FormatFloat(f, 'f', 2, 64))
		case name == "bucket_low":
			*low = f
		case kind == 'b':
			*high = f
		}
	case 'l', 'L', 'n', 'z', 'i', 'w':
		switch {
		case nerr != nil:
			return errNotParsable(parsed, name)
		case kind == 'l' && n < 0 || kind == 'L' && n <= 0:
			return errNotPositive(name, num)
		case kind == 'n' && n < 0:
			return errNegative(name, num)
		case kind == 'z' && n < 0:
			return errMinSSTableSize(name, num)
		case kind == 'i' && n < 1:
			return errLevelSize(name, num)
		case kind == 'w' && n < 1:
			return errWindowSize(num, name)
		}
	case 'u':
		if !bool {
			return errUncheckedNotBool(name, v)
		}
	case 'g':
		if !bool {
			return errLogAllNotBool(name, v)
		}
	case 'e':
		if !bool {
			return errEnabledNotBool(name, v)
		}
	case 'x':
		if !bool {
			return errUnsafeNotBool(name, v)
		}
		if strings.EqualFold(v, "true") { // a stock node runs without the property
			return errUnsafeNotAllowed(name)
		}
	default: // TimeUnit.valueOf: exact names
		units := "NANOSECONDS MICROSECONDS MILLISECONDS SECONDS MINUTES HOURS DAYS"
		switch kind {
		case 'r':
			units = units[:40]
		case 'c':
			units = units[41:]
		}
		if !strings.Contains(" "+units+" ", " "+v+" ") {
			if kind == 'R' {
				return errDateTieredUnit(name, v)
			}
			return errTimeUnit(v, name)
		}
	}
	return nil
}

// javaKeySet prints keys as Java prints the key set of a HashMap copied from
// a map of size entries: "[a, b]" in the order of its buckets (String.hashCode
// spread over tableSizeFor(size/0.75+1) buckets), one bucket's keys in the
// order given.
func javaKeySet(keys []string, size int) string {
	n := 1
	for n < int(float32(size)/0.75+1) {
		n <<= 1
	}
	bucket := func(k string) uint32 {
		var h uint32
		for _, c := range k {
			h = 31*h + uint32(c)
		}
		return (h ^ h>>16) & uint32(n-1)
	}
	for i := 1; i < len(keys); i++ { // insertion sort: stable, a few keys
		for j := i; j > 0 && bucket(keys[j]) < bucket(keys[j-1]); j-- {
			keys[j], keys[j-1] = keys[j-1], keys[j]
		}
	}
	return "[" + strings.Join(keys, ", ") + "]"
}

// errNotParsable: a number sub-option that does not parse, as every
// strategy's validateOptions words it.
func errNotParsable(v, name string) *cqlerr.Error {
	return cqlerr.Config(v + " is not a parsable int (base10) for " + name)
}

// errTombstoneOption: provide_overlapping_tombstones names no TombstoneOption
// (CompactionParams.create).
func errTombstoneOption(v string) *cqlerr.Error {
	return cqlerr.Config("Invalid value " + v + " for 'provide_overlapping_tombstones' compaction sub-option - must be one of the following [NONE, ROW, CELL].")
}

// The messages of the strategies' validateOptions, in db/compaction/.

// errNotPositive: AbstractCompactionStrategy (tombstone_threshold, a float
// printed with %f, and tombstone_compaction_interval) and
// DateTieredCompactionStrategyOptions (base_time_seconds).
func errNotPositive(name, got string) *cqlerr.Error {
	return cqlerr.Config(name + " must be greater than 0, but was " + got)
}

// errUncheckedNotBool: AbstractCompactionStrategy, unchecked_tombstone_compaction.
func errUncheckedNotBool(name, v string) *cqlerr.Error {
	return cqlerr.Config("'" + name + "' should be either 'true' or 'false', not '" + v + "'")
}

// errLogAllNotBool: AbstractCompactionStrategy, log_all.
func errLogAllNotBool(name, v string) *cqlerr.Error {
	return cqlerr.Config("'" + name + "' should either be 'true' or 'false', not " + v)
}

// errEnabledNotBool: AbstractCompactionStrategy, enabled.
func errEnabledNotBool(name, v string) *cqlerr.Error {
	return cqlerr.Config(name + " should either be 'true' or 'false', not " + v)
}

// errNotUnderstood: sub-options the strategy does not read (CompactionParams.validate).
func errNotUnderstood(keys, strategy string) *cqlerr.Error {
	return cqlerr.Config("Properties specified " + keys + " are not understood by " + strategy)
}

// errMinSSTableSize: SizeTieredCompactionStrategyOptions, min_sstable_size.
func errMinSSTableSize(name, got string) *cqlerr.Error {
	return cqlerr.Config(name + " must be non negative: " + got)
}

// errNotParsableFloat: SizeTieredCompactionStrategyOptions, bucket_low and bucket_high.
func errNotParsableFloat(v, name string) *cqlerr.Error {
	return cqlerr.Config(v + " is not a parsable float for " + name)
}

// errBuckets: SizeTieredCompactionStrategyOptions, bucket_high not above bucket_low.
func errBuckets(high, low float64) *cqlerr.Error {
	return cqlerr.Config("bucket_high value (" + cqltype.JavaDouble(high) + ") is less than or equal to the bucket_low value (" + cqltype.JavaDouble(low) + ")")
}

// errLevelSize: LeveledCompactionStrategy, sstable_size_in_mb and fanout_size.
func errLevelSize(name, got string) *cqlerr.Error {
	return cqlerr.Config(name + " must be larger than 0, but was " + got)
}

// errTimeUnit: TimeWindowCompactionStrategyOptions, timestamp_resolution and
// compaction_window_unit.
func errTimeUnit(v, name string) *cqlerr.Error {
	return cqlerr.Config(v + " is not valid for " + name)
}

// errWindowSize: TimeWindowCompactionStrategyOptions, compaction_window_size.
func errWindowSize(got, name string) *cqlerr.Error {
	return cqlerr.Config(got + " must be greater than 1 for " + name)
}

// errNegative: TimeWindowCompactionStrategyOptions and
// DateTieredCompactionStrategyOptions, expired_sstable_check_frequency_seconds
// and max_window_size_seconds.
func errNegative(name, got string) *cqlerr.Error {
	return cqlerr.Config(name + " must not be negative, but was " + got)
}

// errUnsafeNotBool: TimeWindowCompactionStrategyOptions, unsafe_aggressive_sstable_expiration.
func errUnsafeNotBool(name, v string) *cqlerr.Error {
	return cqlerr.Config(name + " is not 'true' or 'false' (" + v + ")")
}

// errUnsafeNotAllowed: TimeWindowCompactionStrategyOptions; a stock node runs
// without -Dcassandra.allow_unsafe_aggressive_sstable_expiration.
func errUnsafeNotAllowed(name string) *cqlerr.Error {
	return cqlerr.Config(name + " is requested but not allowed, restart cassandra with -Dcassandra.allow_unsafe_aggressive_sstable_expiration=true to allow it")
}

// errDateTieredUnit: DateTieredCompactionStrategyOptions, timestamp_resolution.
func errDateTieredUnit(name, v string) *cqlerr.Error {
	return cqlerr.Config(name + " " + v + " is not valid")
}

// errMaxAgeNegative: DateTieredCompactionStrategyOptions, max_sstable_age_days (%.2f).
func errMaxAgeNegative(name, got string) *cqlerr.Error {
	return cqlerr.Config(name + " must be non-negative: " + got)
}

// The messages of CompactionParams.validate's thresholds.

func errThresholdNotInteger(v, name string) *cqlerr.Error {
	return cqlerr.Config("Invalid value " + v + " for '" + name + "' compaction sub-option - must be an integer")
}

func errThresholdZero() *cqlerr.Error {
	return cqlerr.Config("Disabling compaction by setting compaction thresholds to 0 has been removed, set the compaction option 'enabled' to false instead.")
}

func errMinThreshold(got string) *cqlerr.Error {
	return cqlerr.Config("Min compaction threshold cannot be less than 2 (got " + got + ")")
}

func errThresholdOrder(min, max string) *cqlerr.Error {
	return cqlerr.Config("Min compaction threshold (got " + min + ") cannot be greater than max compaction threshold (got " + max + ")")
}
