package directive

import "time"

// ParseInstant reads an RFC 3339 instant, as the session's start option and
// the -- @now directive take it: "2026-01-01T00:00:00Z",
// "2026-01-01T08:00:00.123456+08:00". It accepts what
// time.Parse(time.RFC3339Nano, s) accepts, without time's general layout
// parser, which costs the WebAssembly module about 10 KB of brotli.
func ParseInstant(s string) (time.Time, bool) {
	// 2006-01-02T15:04:05[.999999999](Z|±07:00); as time.Parse, the hour may
	// have one digit.
	if len(s) < len("2006-01-02T1:04:05Z") || s[4] != '-' || s[7] != '-' || s[10] != 'T' {
		return time.Time{}, false
	}
	h := 2
	if s[12] == ':' {
		h = 1
	}
	t := s[11+h:] // ":04:05..."
	if len(t) < len(":04:05Z") || t[0] != ':' || t[3] != ':' {
		return time.Time{}, false
	}
	year, ok1 := digits(s[0:4])
	month, ok2 := digits(s[5:7])
	day, ok3 := digits(s[8:10])
	hour, ok4 := digits(s[11 : 11+h])
	minute, ok5 := digits(t[1:3])
	sec, ok6 := digits(t[4:6])
	if !(ok1 && ok2 && ok3 && ok4 && ok5 && ok6) || month < 1 || month > 12 || day < 1 ||
		day > daysIn(time.Month(month), year) || hour > 23 || minute > 59 || sec > 59 {
		return time.Time{}, false
	}
	rest := t[6:]
	nsec := 0
	if rest[0] == '.' || rest[0] == ',' {
		n := 1 // digits past the ninth are dropped, as time.Parse drops them
		for ; n < len(rest) && '0' <= rest[n] && rest[n] <= '9'; n++ {
			if n <= 9 {
				nsec = nsec*10 + int(rest[n]-'0')
			}
		}
		if n == 1 {
			return time.Time{}, false
		}
		for i := n; i <= 9; i++ {
			nsec *= 10
		}
		rest = rest[n:]
	}
	loc := time.UTC
	switch {
	case rest == "Z":
	case len(rest) == 6 && (rest[0] == '+' || rest[0] == '-') && rest[3] == ':':
		zh, ok1 := digits(rest[1:3])
		zm, ok2 := digits(rest[4:6])
		if !ok1 || !ok2 || zh > 24 || zm > 60 { // time.Parse's own bounds
			return time.Time{}, false
		}
		offset := (zh*60 + zm) * 60
		if rest[0] == '-' {
			offset = -offset
		}
		loc = time.FixedZone("", offset)
	default:
		return time.Time{}, false
	}
	return time.Date(year, time.Month(month), day, hour, minute, sec, nsec, loc), true
}

// digits is the value of a run of ASCII digits.
func digits(s string) (int, bool) {
	n := 0
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return 0, false
		}
		n = n*10 + int(s[i]-'0')
	}
	return n, true
}

// daysIn is the length of a month of the proleptic Gregorian calendar.
func daysIn(m time.Month, year int) int {
	if m == time.February {
		if year%4 == 0 && (year%100 != 0 || year%400 == 0) {
			return 29
		}
		return 28
	}
	return 31 - int(m-1)%7%2
}
