package cqltype

import (
	"strconv"
	"strings"
	"time"

	"github.com/cqlplay/cqlplay/engine/cqlerr"
)

// Parsing of timestamp, date and time strings as TimestampSerializer,
// SimpleDateSerializer and TimeSerializer accept them.

// ParseTimestamp parses a timestamp string to milliseconds since the epoch.
// It accepts what TimestampSerializer's formatters accept: an integer of
// milliseconds; y-M-d followed by 'T' or ' ' and H:m[:s][.fraction]; a bare
// yyyy-MM-dd; each optionally followed by a zone: +HH, +HHmm, +HH:MM, Z, or a
// space and a zone name (UTC, GMT, or an IANA name where the platform knows
// it). A timestamp without a zone is read in UTC: the simulated server's
// JVM runs in UTC (a real server uses its own default zone). now is the
// statement's clock, for the literal 'now'.
func ParseTimestamp(s string, now int64) (int64, *cqlerr.Error) {
	if strings.EqualFold(s, "now") {
		return now, nil
	}
	if isRawInteger(s) {
		n, err := strconv.ParseInt(s, 10, 64)
		if err != nil {
			return 0, errUnableToMakeFrom("Unable to make long (for date)", s)
		}
		return n, nil
	}
	if ms, ok := parseDateTime(s); ok {
		return ms, nil
	}
	err := errUnableToMake("Unable to parse a date/time", s)
	if zone := notEmbeddedZone(s); zone != "" {
		err.For(RuleZoneNotEmbedded, zone, EmbeddedZones)
	}
	return 0, err
}

// isRawInteger matches ^-?\d+$.
func isRawInteger(s string) bool {
	return allDigits(strings.TrimPrefix(s, "-"))
}

// scanner reads the digits and separators of a date/time string.
type scanner struct {
	s string
	i int
}

// num reads between min and max ASCII digits.
func (p *scanner) num(min, max int) (int64, bool) {
	j := p.i
	for j < len(p.s) && j-p.i < max && p.s[j] >= '0' && p.s[j] <= '9' {
		j++
	}
	if j-p.i < min {
		return 0, false
	}
	n, err := strconv.ParseInt(p.s[p.i:j], 10, 64)
	if err != nil {
		return 0, false
	}
	p.i = j
	return n, true
}

func (p *scanner) lit(c byte) bool {
	if p.i < len(p.s) && p.s[p.i] == c {
		p.i++
		return true
	}
	return false
}

func (p *scanner) rest() string { return p.s[p.i:] }

// parseDateTime tries the date-time and date-only formatter families.
func parseDateTime(s string) (int64, bool) {
	p := &scanner{s: s}
	y, ok1 := p.num(1, 19)
	ok2 := p.lit('-')
	mo, ok3 := p.num(1, 19)
	ok4 := p.lit('-')
	d, ok5 := p.num(1, 19)
	if !(ok1 && ok2 && ok3 && ok4 && ok5) {
		return 0, false
	}
	dateEnd := p.i
	var nanos int64
	if p.lit('T') || p.lit(' ') {
		h, ok1 := p.num(1, 19)
		ok2 := p.lit(':')
		mi, ok3 := p.num(1, 19)
		if !(ok1 && ok2 && ok3) || h > 24 || mi > 59 {
			return dateOnly(s, dateEnd, y, mo, d)
		}
		var sec, frac int64
		if p.lit(':') {
			var ok bool
			if sec, ok = p.num(1, 19); !ok || sec > 59 {
				return 0, false
			}
			// The fraction resolves only together with seconds.
			if p.lit('.') {
				start := p.i
				f, _ := p.num(0, 9)
				for n := p.i - start; n < 9; n++ {
					f *= 10
				}
				frac = f / 1e6 * 1e6 // MILLI_OF_SECOND keeps milliseconds only
			}
		}
		if h == 24 && (mi != 0 || sec != 0 || frac != 0) {
			return 0, false // the SMART resolver accepts 24:00 only as the next midnight
		}
		nanos = h*nanosPerHour + mi*nanosPerMinute + sec*nanosPerSecond + frac
		return withZone(p.rest(), y, mo, d, nanos, true)
	}
	return dateOnly(s, dateEnd, y, mo, d)
}

// dateOnly handles yyyy-MM-dd[zone] (four-digit year, two-digit month and day).
func dateOnly(s string, end int, y, mo, d int64) (int64, bool) {
	if end != 10 || s[4] != '-' || s[7] != '-' {
		return 0, false
	}
	return withZone(s[end:], y, mo, d, 0, false)
}

// withZone applies the zone suffix (or UTC when absent) and resolves the
// fields as java.time's SMART resolver: day-of-month past the month's end is
// clamped (2023-02-30 is 2023-02-28), other fields must be in range.
func withZone(zone string, y, mo, d, nanos int64, spaceNamed bool) (int64, bool) {
	if y < 1 || y > 999999999 || mo < 1 || mo > 12 || d < 1 || d > 31 {
		return 0, false
	}
	if last := int64(daysIn(time.Month(mo), int(y))); d > last {
		d = last
	}
	off, ok := zoneOffset(zone, y, mo, d, nanos)
	if !ok {
		return 0, false
	}
	days := daysFromCivil(y, mo, d)
	return days*86400000 + nanos/1e6 - off*1000, true
}

func daysIn(m time.Month, year int) int {
	return time.Date(year, m+1, 0, 0, 0, 0, 0, time.UTC).Day()
}

// daysFromCivil returns the days since 1970-01-01 of a proleptic Gregorian date.
func daysFromCivil(y, m, d int64) int64 {
	if m <= 2 {
		y--
	}
	era := FloorDiv(y, 400)
	yoe := y - era*400
	mp := (m + 9) % 12
	doy := (153*mp+2)/5 + d - 1
	doe := yoe*365 + yoe/4 - yoe/100 + doy
	return era*146097 + doe - 719468
}

// CivilFromDays is the inverse of daysFromCivil: days since 1970-01-01 to
// a proleptic Gregorian date (Howard Hinnant's civil_from_days), the one
// calendar the engine's formats (cqlsh, sstabledump, JSON) print.
func CivilFromDays(z int64) (y, m, d int64) {
	z += 719468
	era := FloorDiv(z, 146097)
	doe := z - era*146097
	yoe := (doe - doe/1460 + doe/36524 - doe/146096) / 365
	y = yoe + era*400
	doy := doe - (365*yoe + yoe/4 - yoe/100)
	mp := (5*doy + 2) / 153
	d = doy - (153*mp+2)/5 + 1
	m = mp + 3
	if m > 12 {
		m -= 12
	}
	if m <= 2 {
		y++
	}
	return
}

// zoneOffset returns the zone's offset east of UTC in seconds.
func zoneOffset(zone string, y, mo, d, nanos int64) (int64, bool) {
	switch {
	case zone == "":
		return 0, true
	case zone == "Z":
		return 0, true
	case zone[0] == '+' || zone[0] == '-':
		return numericOffset(zone)
	case zone[0] == ' ':
		name := zone[1:]
		if name == "Z" {
			return 0, true
		}
		if name != "" && (name[0] == '+' || name[0] == '-') {
			return numericOffset(name)
		}
		switch name {
		case "UTC", "GMT", "UT", "Coordinated Universal Time", "Greenwich Mean Time":
			return 0, true
		}
		for _, prefix := range []string{"GMT", "UTC", "UT"} {
			if rest, ok := strings.CutPrefix(name, prefix); ok && len(rest) == 6 && rest[3] == ':' {
				return numericOffset(rest) // GMT+01:00
			}
		}
		if id, ok := javaZoneAbbreviations[name]; ok {
			name = id
		}
		loc := loadZone(name)
		if loc == nil {
			return 0, false
		}
		// The wall time in loc: find the offset in effect at that instant.
		guess := time.Unix(daysFromCivil(y, mo, d)*86400+nanos/1e9, 0).UTC()
		_, off := guess.In(loc).Zone()
		_, off2 := guess.Add(-time.Duration(off) * time.Second).In(loc).Zone()
		return int64(off2), true
	}
	return 0, false
}

// numericOffset parses +HH, +HHmm, +HH:MM or +HH:MM:SS, at most 18 hours
// (ZoneOffset's range).
func numericOffset(z string) (int64, bool) {
	sign := int64(1)
	if z[0] == '-' {
		sign = -1
	}
	z = z[1:]
	digits := func(s string) (int64, bool) {
		if len(s) != 2 || s[0] < '0' || s[0] > '9' || s[1] < '0' || s[1] > '9' {
			return 0, false
		}
		return int64(s[0]-'0')*10 + int64(s[1]-'0'), true
	}
	var h, m, sec int64
	var ok bool
	if len(z) == 8 && z[5] == ':' {
		var ok2 bool
		sec, ok2 = digits(z[6:])
		if !ok2 || sec > 59 {
			return 0, false
		}
		z = z[:5]
	}
	switch len(z) {
	case 2:
		h, ok = digits(z)
	case 4:
		var ok2 bool
		h, ok = digits(z[:2])
		m, ok2 = digits(z[2:])
		ok = ok && ok2
	case 5:
		var ok2 bool
		h, ok = digits(z[:2])
		m, ok2 = digits(z[3:])
		ok = ok && ok2 && z[2] == ':'
	}
	total := h*3600 + m*60 + sec
	if !ok || m > 59 || total > 18*3600 {
		return 0, false
	}
	return sign * total, true
}

// ParseDate parses a date string to days since the epoch, as
// SimpleDateSerializer.dateStringToDays: an unsigned day count with the epoch
// at 2^31, or a strict yyyy-MM-dd.
func ParseDate(s string) (int64, *cqlerr.Error) {
	if isRawInteger(s) {
		n, err := strconv.ParseInt(s, 10, 64)
		if err != nil || n < 0 || n > 1<<32-1 {
			return 0, errUnableToMakeFrom("Unable to make unsigned int (for date)", s)
		}
		return n - 1<<31, nil
	}
	bad := errCoerce("", s, "date")
	p := &scanner{s: s}
	neg := p.lit('-')
	if !neg {
		p.lit('+')
	}
	start := p.i
	y, ok1 := p.num(4, 10)
	if ok1 && p.i-start > 4 && s[0] != '+' && s[0] != '-' {
		ok1 = false // ISO_LOCAL_DATE needs a sign past four digits
	}
	if ok1 && p.i-start == 4 && s[0] == '+' {
		ok1 = false // and accepts '+' only there (SignStyle.EXCEEDS_PAD)
	}
	ok2 := p.lit('-')
	mo, ok3 := p.num(2, 2)
	ok4 := p.lit('-')
	d, ok5 := p.num(2, 2)
	if !(ok1 && ok2 && ok3 && ok4 && ok5) || p.i != len(s) || mo < 1 || mo > 12 || d < 1 {
		return 0, bad
	}
	if neg {
		y = -y
	}
	if d > int64(daysIn(time.Month(mo), int(y))) {
		return 0, bad // STRICT resolver
	}
	days := daysFromCivil(y, mo, d)
	if days < -1<<31 {
		return 0, errDateRange(s, "less than min", "-5877641-06-23T00:00Z")
	}
	if days > 1<<31-1 {
		return 0, errDateRange(s, "greater than max", "+5881580-07-11T00:00Z")
	}
	return days, nil
}

// ParseTime parses a time string to nanoseconds since midnight, as
// TimeSerializer.timeStringToLong: raw nanoseconds, or hh:mm:ss[.fffffffff].
func ParseTime(s string) (int64, *cqlerr.Error) {
	if isRawInteger(s) {
		n, err := strconv.ParseInt(s, 10, 64)
		if err != nil || n < 0 || n >= nanosPerDay {
			return 0, errUnableToMakeFrom("Unable to make long (for time)", s)
		}
		return n, nil
	}
	n, ok := parseTimeStrictly(s)
	if !ok {
		return 0, errCoerce("(TimeType) ", s, "time")
	}
	return n, nil
}

// parseTimeStrictly follows TimeSerializer.parseTimeStrictly, including its
// use of Integer.parseInt (a sign is accepted) on each field.
func parseTimeStrictly(s string) (int64, bool) {
	s = strings.TrimFunc(s, func(r rune) bool { return r <= ' ' })
	c1 := strings.IndexByte(s, ':')
	c2 := -1
	if j := strings.IndexByte(s[c1+1:], ':'); j >= 0 {
		c2 = c1 + 1 + j
	}
	if !(c1 > 0 && c2 > 0 && c2 < len(s)-1) {
		return 0, false
	}
	hour, ok := javaParseInt(s[:c1])
	if !ok || hour < 0 || hour >= 24 {
		return 0, false
	}
	minute, ok := javaParseInt(s[c1+1 : c2])
	if !ok || minute < 0 || minute >= 60 {
		return 0, false
	}
	period := -1
	if j := strings.IndexByte(s[c2+1:], '.'); j >= 0 {
		period = c2 + 1 + j
	}
	var second, nanos int64
	switch {
	case period > 0 && period < len(s)-1:
		second, ok = javaParseInt(s[c2+1 : period])
		if !ok || second < 0 || second >= 60 {
			return 0, false
		}
		frac := s[period+1:]
		if len(frac) > 9 || frac[0] < '0' || frac[0] > '9' {
			return 0, false
		}
		frac += "000000000"[:9-len(frac)]
		nanos, ok = javaParseInt(frac)
		if !ok {
			return 0, false
		}
	case period > 0:
		return 0, false
	default:
		second, ok = javaParseInt(s[c2+1:])
		if !ok || second < 0 || second >= 60 {
			return 0, false
		}
	}
	return hour*nanosPerHour + minute*nanosPerMinute + second*nanosPerSecond + nanos, true
}

// javaParseInt is Integer.parseInt: optional sign, ASCII digits, int32 range.
func javaParseInt(s string) (int64, bool) {
	if s == "" || s == "+" || s == "-" {
		return 0, false
	}
	body := s
	if body[0] == '+' || body[0] == '-' {
		body = body[1:]
	}
	for i := 0; i < len(body); i++ {
		if body[i] < '0' || body[i] > '9' {
			return 0, false
		}
	}
	n, err := strconv.ParseInt(s, 10, 32)
	return n, err == nil
}

// javaZoneAbbreviations maps the zone abbreviations java.time's zone-text
// parser accepts to the region it picks (checked on a JVM). The region's
// offset at that date applies, so "PST" in July is -07:00, as in Java.
var javaZoneAbbreviations = map[string]string{
	"PST": "America/Los_Angeles", "PDT": "America/Los_Angeles",
	"EST": "America/New_York", "EDT": "America/New_York",
	"CST": "America/Chicago", "CDT": "America/Chicago",
	"MST": "America/Denver", "MDT": "America/Denver",
	"HST": "Pacific/Honolulu", "CET": "Europe/Paris", "CEST": "Europe/Paris",
	"EET": "Europe/Bucharest", "WET": "Atlantic/Canary", "BST": "Pacific/Bougainville",
	"IST": "Africa/Abidjan", "JST": "Asia/Tokyo", "AEST": "Australia/Sydney",
	"BRT": "America/Sao_Paulo", "MSK": "Europe/Moscow", "SGT": "Asia/Singapore",
	"HKT": "Asia/Hong_Kong", "KST": "Asia/Seoul", "NZST": "Pacific/Auckland",
	"ACT": "America/Rio_Branco", "ECT": "America/Guayaquil",
}

// The messages of dates and times read from text (serializers/{TimestampSerializer,
// SimpleDateSerializer, TimeSerializer}.java).

// errCoerce is TimestampSerializer.dateStringToTimestamp's (or
// SimpleDateSerializer's, TimeSerializer's) refusal of text in none of its
// formats; prefix is the caller's context and kind the type read.
func errCoerce(prefix, s, kind string) *cqlerr.Error {
	return cqlerr.Invalid(prefix + "Unable to coerce '" + s + "' to a formatted " + kind + " (long)")
}

// errDateRange is SimpleDateSerializer.dateStringToDays' refusal of a date
// before its minimum or after its maximum (how: "before" or "after").
func errDateRange(s, how, bound string) *cqlerr.Error {
	return cqlerr.Invalid("Input date " + s + " is " + how + " supported date " + bound)
}

// errUnableToMakeFrom: "<what> from: '<s>'", the raw-number wording of the date and time serializers.
func errUnableToMakeFrom(what, s string) *cqlerr.Error {
	return cqlerr.Invalid(what + " from: '" + s + "'")
}

// FloorDiv and FloorMod are Java's Math.floorDiv and Math.floorMod: time
// before 1970 rounds toward the earlier instant, as Cassandra's do.
func FloorDiv(a, b int64) int64 {
	q := a / b
	if a%b != 0 && (a < 0) != (b < 0) {
		q--
	}
	return q
}

func FloorMod(a, b int64) int64 { return a - FloorDiv(a, b)*b }
