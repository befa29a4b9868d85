package schema

import (
	"math"
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
// TimeWindowCompactionStrategyOptions; DateTieredCompactionStrategyOptions'
// names only).

const compactionPackage = "org.apache.cassandra.db.compaction."

// strategies are the compaction strategies 4.1 ships; a check's who has bit
// 1<<i for strategies[i].
var strategies = [...]string{"SizeTieredCompactionStrategy", "LeveledCompactionStrategy", "TimeWindowCompactionStrategy", "DateTieredCompactionStrategy"}

// compactionChecks are the sub-options the strategies read, in the order
// their validateOptions read them (AbstractCompactionStrategy's, the
// strategy's own, SizeTieredCompactionStrategyOptions', then the thresholds
// CompactionParams reads), with the strategies that read each (who) and how:
// 'f' Float.parseFloat, 'l' Long.parseLong, 'i' Integer.parseInt, each refused
// below min; 'b' true or false in any case and 'u' a TimeUnit's name, each
// refused outside set; 'B' a bucket bound; 0 read unchecked. msg is the
// refusal's optionMessages entry. A sub-option no check of the table's
// strategy names is "not understood".
var compactionChecks = [...]struct {
	name          string
	who, how, msg byte
	min           int8
	set           string
}{
	{"tombstone_threshold", 15, 'f', mPositive, 0, ""},
	{"tombstone_compaction_interval", 15, 'l', mPositive, 0, ""},
	{"unchecked_tombstone_compaction", 15, 'b', mUnchecked, 0, " TRUE FALSE "},
	{"log_all", 15, 'b', mLogAll, 0, " TRUE FALSE "},
	{"enabled", 15, 'b', mEnabled, 0, " TRUE FALSE "},
	{"only_purge_repaired_tombstones", 15, 0, 0, 0, ""},
	{"provide_overlapping_tombstones", 15, 0, 0, 0, ""},
	{"sstable_size_in_mb", 2, 'i', mLevelSize, 1, ""},
	{"fanout_size", 2, 'i', mLevelSize, 1, ""},
	{"single_sstable_uplevel", 2, 0, 0, 0, ""},
	{"timestamp_resolution", 4, 'u', mUnit, 0, " NANOSECONDS MICROSECONDS MILLISECONDS SECONDS "},
	{"compaction_window_unit", 4, 'u', mUnit, 0, " MINUTES HOURS DAYS "},
	{"compaction_window_size", 4, 'i', mWindow, 1, ""},
	{"expired_sstable_check_frequency_seconds", 4, 'l', mNegative, 0, ""},
	{"unsafe_aggressive_sstable_expiration", 4, 'b', mUnsafe, 0, " TRUE FALSE "},
	// A stock node runs without -Dcassandra.allow_unsafe_aggressive_sstable_expiration.
	{"unsafe_aggressive_sstable_expiration", 4, 'b', mUnsafeNotAllowed, 0, " FALSE "},
	// DateTieredCompactionStrategyOptions' own values are read unchecked
	// (deprecated in 4.x, gone in 5.0; the bytes go to checks readers meet).
	{"timestamp_resolution", 8, 0, 0, 0, ""}, {"max_sstable_age_days", 8, 0, 0, 0, ""},
	{"base_time_seconds", 8, 0, 0, 0, ""}, {"expired_sstable_check_frequency_seconds", 8, 0, 0, 0, ""},
	{"max_window_size_seconds", 8, 0, 0, 0, ""},
	{"min_sstable_size", 15, 'l', mNonNegative, 0, ""},
	{"bucket_low", 15, 'B', 0, 0, ""},
	{"bucket_high", 15, 'B', 0, 0, ""},
	{"min_threshold", 15, 0, 0, 0, ""},
	{"max_threshold", 15, 0, 0, 0, ""},
}

// compactionOpts is the compaction map as CompactionParams.fromMap and create
// keep it: 'class' is required and named in full (classFromName), a
// provide_overlapping_tombstones that names no TombstoneOption is refused, and
// the thresholds take their defaults when not given (every strategy 4.1 ships
// reads them). Its sub-options are checked later, by validateCompaction.
func compactionOpts(v *cql.Collection) (o Opts, written int, err *cqlerr.Error) {
	o = propertyOpts(v)
	class, ok := o.Get("class")
	if !ok {
		return nil, 0, errOption(mMissingClass, "compaction", "")
	}
	if !strings.Contains(class, ".") {
		class = compactionPackage + class
		o = o.With("class", class)
	}
	if strategyBit(class) == 0 { // FBUtilities.classForName: a class 4.1 does not ship
		return nil, 0, ErrUnknownClass("compaction strategy", class)
	}
	if p, ok := o.Get("provide_overlapping_tombstones"); ok {
		if p = strings.ToUpper(p); p != "NONE" && p != "ROW" && p != "CELL" {
			return nil, 0, errOption(mTombstone, "", p)
		}
	}
	m := len(o)
	for _, d := range [2][2]string{{"min_threshold", "4"}, {"max_threshold", "32"}} {
		if _, ok := o.Get(d[0]); !ok {
			o = append(o, d)
		}
	}
	return o, m, nil
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
func validateCompaction(o Opts, written int) *cqlerr.Error {
	class, _ := o.Get("class")
	who := strategyBit(class)
	low, high := 0.5, 1.5 // SizeTieredCompactionStrategyOptions' defaults
	for i := range compactionChecks {
		c := &compactionChecks[i]
		v, ok := o.Get(c.name)
		if c.who&who == 0 || !ok || c.how == 0 {
			continue
		}
		w := strings.ToUpper(v)
		if c.how == 'u' { // TimeUnit.valueOf: exact names
			w = v
		}
		bits := 64
		if c.how == 'f' { // Float.parseFloat, printed with %f
			bits = 32
		}
		f, err := strconv.ParseFloat(strings.TrimSpace(v), bits)
		// Long.parseLong and Integer.parseInt: digits after a sign, in range.
		if c.how == 'l' || c.how == 'i' {
			if !isNumeric(strings.TrimLeft(v, "+-")) || len(v)-len(strings.TrimLeft(v, "+-")) > 1 || c.how == 'i' && (f > math.MaxInt32 || f < math.MinInt32) {
				err = strconv.ErrSyntax
			}
		}
		msg := c.msg
		switch {
		case c.set != "":
			if strings.Contains(c.set, " "+w+" ") {
				continue
			}
		case c.how == 'B' && err != nil:
			msg = mNotFloat
		case c.name == "bucket_low":
			low = f
			continue
		case c.how == 'B':
			high = f
			continue
		case err != nil:
			msg = mNotParsable
			if c.name == "fanout_size" { // LCS names the size it parsed before
				if v, ok = o.Get("sstable_size_in_mb"); !ok {
					v = "1"
				}
			}
		case f >= float64(c.min):
			continue
		case c.how == 'f':
			v = strconv.FormatFloat(f, 'f', 6, 64) // %f
		case c.how == 'i' || c.how == 'l':
			// the parsed int or long, as %s or %d print it (-07 is -7)
			n, _ := strconv.ParseInt(v, 10, 64)
			v = strconv.FormatInt(n, 10)
		}
		return errOption(msg, c.name, v)
	}
	// The sub-options it does not read, as the HashMap validateOptions
	// returns lists them: the property's map (Parser.convertPropertyMap),
	// copied by CompactionParams.fromMap (less class), by create (plus the
	// thresholds) and by AbstractCompactionStrategy.validateOptions. Each map
	// orders its keys by a stable sort on their buckets, so the unknown ones
	// keep among themselves the order the whole chain gives them.
	var unknown []string
	for _, kv := range o {
		if !strategyReads(who, kv[0]) {
			unknown = append(unknown, kv[0])
		}
	}
	all := len(o) - 1
	unknown = HashMapOrder(unknown, JavaStringHash, SizedCapacity(written), CopiedCapacity(written, written), CopiedCapacity(written-1, all), CopiedCapacity(all, all))
	minT, _ := o.Get("min_threshold")
	maxT, _ := o.Get("max_threshold")
	lo, _ := strconv.Atoi(minT)
	hi, _ := strconv.Atoi(maxT)
	switch {
	case high <= low:
		return errOption(mBuckets, cqltype.JavaDouble(low), cqltype.JavaDouble(high))
	case len(unknown) > 0:
		return errOption(mUnknown, class[len(compactionPackage):], "["+strings.Join(unknown, ", ")+"]")
	case !isNumeric(minT):
		return errOption(mNotInteger, "min_threshold", minT)
	case !isNumeric(maxT):
		return errOption(mNotInteger, "max_threshold", maxT)
	case lo <= 0 || hi <= 0:
		return errOption(mThresholdZero, "", "")
	case lo <= 1: // %d of the parsed thresholds
		return errOption(mMinThreshold, "", strconv.Itoa(lo))
	case lo > hi:
		return errOption(mThresholdOrder, strconv.Itoa(lo), strconv.Itoa(hi))
	}
	return nil
}

// strategyReads: a strategy (its who bit) reads sub-option name.
func strategyReads(who byte, name string) bool {
	for _, c := range compactionChecks {
		if c.who&who != 0 && c.name == name {
			return true
		}
	}
	return name == "class"
}

// isNumeric is StringUtils.isNumeric: digits, at least one.
func isNumeric(s string) bool {
	return s != "" && strings.Trim(s, "0123456789") == ""
}

// optionMessages are the refusals of the strategies' validateOptions
// (db/compaction/AbstractCompactionStrategy, SizeTieredCompactionStrategyOptions,
// LeveledCompactionStrategy, TimeWindowCompactionStrategyOptions), of
// CompactionParams (fromMap, create, validate), of CachingParams.fromMap, of CompressionParams (fromMap,
// validate) and of MemtableParams.get, with \x01 and \x02 where errOption puts its two
// arguments, mostly the sub-option and its value as Java printed it.
var optionMessages = [...]string{
	mPositive:         "\x01 must be greater than 0, but was \x02",
	mUnchecked:        "'\x01' should be either 'true' or 'false', not '\x02'",
	mLogAll:           "'\x01' should either be 'true' or 'false', not \x02",
	mEnabled:          "\x01 should either be 'true' or 'false', not \x02",
	mNotParsable:      "\x02 is not a parsable int (base10) for \x01",
	mNonNegative:      "\x01 must be non negative: \x02",
	mNotFloat:         "\x02 is not a parsable float for \x01",
	mBuckets:          "bucket_high value (\x02) is less than or equal to the bucket_low value (\x01)",
	mLevelSize:        "\x01 must be larger than 0, but was \x02",
	mUnit:             "\x02 is not valid for \x01",
	mWindow:           "\x02 must be greater than 1 for \x01",
	mNegative:         "\x01 must not be negative, but was \x02",
	mUnsafe:           "\x01 is not 'true' or 'false' (\x02)",
	mUnsafeNotAllowed: "\x01 is requested but not allowed, restart cassandra with -Dcassandra.allow_unsafe_aggressive_sstable_expiration=true to allow it",
	mUnknown:          "Properties specified \x02 are not understood by \x01",
	mTombstone:        "Invalid value \x02 for 'provide_overlapping_tombstones' compaction sub-option - must be one of the following [NONE, ROW, CELL].",
	mNotInteger:       "Invalid value \x02 for '\x01' compaction sub-option - must be an integer",
	mThresholdZero:    "Disabling compaction by setting compaction thresholds to 0 has been removed, set the compaction option 'enabled' to false instead.",
	mMinThreshold:     "Min compaction threshold cannot be less than 2 (got \x02)",
	mThresholdOrder:   "Min compaction threshold (got \x01) cannot be greater than max compaction threshold (got \x02)",
	mMissingClass:     "Missing sub-option 'class' for the '\x01' option\x02",
	mMemtable:         "Memtable configuration \"\x01\" not found.",
	mCachingKeys:      "Invalid value '\x01' for caching sub-option 'keys': only 'ALL' and 'NONE' are allowed",
	mCachingRows:      "Invalid value '\x01' for caching sub-option 'rows_per_partition': only 'ALL', 'NONE', and integer values are allowed",
	mCachingUnknown:   "Invalid caching sub-options [\x01]: only 'keys' and 'rows_per_partition' are allowed",

	mCompressionDisabled:         "If the 'enabled' option is set to false no other options must be specified",
	mCompressionTwoClasses:       "The 'sstable_compression' option must not be used if the compression algorithm is already specified by the 'class' option",
	mCompressionEmptyClass:       "The 'class' option must not be empty. To disable compression use 'enabled' : false",
	mCompressionTwoChunks:        "The 'chunk_length_kb' option must not be used if the chunk length is already specified by the 'chunk_length_in_kb' option",
	mCompressionChunk:            "Invalid value for chunk_length_in_kb",
	mCompressionChunkNotPositive: "Invalid negative or null chunk_length_in_kb",
	mCompressionChunkPower:       "chunk_length_in_kb must be a power of 2",
	mCompressionNegativeRatio:    "Invalid negative min_compress_ratio",
	mCompressionRatio:            "min_compress_ratio can either be 0 or greater than or equal to 1",
}

const (
	mPositive = iota
	mUnchecked
	mLogAll
	mEnabled
	mNotParsable
	mNonNegative
	mNotFloat
	mBuckets
	mLevelSize
	mUnit
	mWindow
	mNegative
	mUnsafe
	mUnsafeNotAllowed
	mUnknown
	mTombstone
	mNotInteger
	mThresholdZero
	mMinThreshold
	mThresholdOrder
	mMissingClass
	mMemtable
	mCachingKeys
	mCachingRows
	mCachingUnknown
	mCompressionDisabled
	mCompressionTwoClasses
	mCompressionEmptyClass
	mCompressionTwoChunks
	mCompressionChunk
	mCompressionChunkNotPositive
	mCompressionChunkPower
	mCompressionNegativeRatio
	mCompressionRatio
)

// errOption raises a table option's refusal, optionMessages[msg] with a and
// b in place.
func errOption(msg byte, a, b string) *cqlerr.Error {
	return cqlerr.Config(strings.ReplaceAll(strings.ReplaceAll(optionMessages[msg], "\x01", a), "\x02", b))
}
