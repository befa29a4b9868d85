package cqltype

import (
	"math"
	"math/big"
	"math/bits"
)

// Java's Double.toString and Float.toString as Cassandra 4.1 runs them (Java
// 8/11): the FloatingDecimal digit generator (BinaryToASCIIBuffer.dtoa),
// which is not a shortest-digits algorithm. It emits at least two digits in
// scientific notation and, in some ranges, one digit more than needed
// (Float.toString(1.0E16f) is "1.00000003E16", Double.toString(Double.MIN_VALUE)
// is "4.9E-324"). toJSONString and CAST print numbers through it, so this is
// a port of that algorithm, checked against a JVM in testdata/floats.txt.

const (
	fdExpShift       = 52
	fdFractHOB       = int64(1) << fdExpShift
	fdMaxSmallBinExp = 62
	fdMinSmallBinExp = -(63 / 3)
)

var fdN5Bits = [...]int{0, 3, 5, 7, 10, 12, 14, 17, 19, 21, 24, 26, 28, 31, 33, 35, 38, 40, 42, 45, 47, 49, 52, 54, 56, 59, 61}

var fdInsignificant = [...]int{0, 0, 0, 0, 1, 1, 1, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 5, 5, 5, 6, 6, 6, 6, 7, 7, 7,
	8, 8, 8, 9, 9, 9, 9, 10, 10, 10, 11, 11, 11, 12, 12, 12, 12, 13, 13, 13, 14, 14, 14,
	15, 15, 15, 15, 16, 16, 16, 17, 17, 17, 18, 18, 18, 19}

// fdSmall5Pow and fdLong5Pow are FDBigInteger's SMALL_5_POW (5^0..5^13) and
// LONG_5_POW (5^0..5^26).
var fdSmall5Pow, fdLong5Pow = func() ([]int32, []int64) {
	s := make([]int32, 14)
	l := make([]int64, 27)
	p := int64(1)
	for i := range l {
		l[i] = p
		if i < len(s) {
			s[i] = int32(p)
		}
		p *= 5
	}
	return s, l
}()

// javaFloatString formats f as Double.toString (bitSize 64) or
// Float.toString (bitSize 32, f holding a float32 value).
func javaFloatString(f float64, bitSize int) string {
	switch {
	case math.IsNaN(f):
		return "NaN"
	case math.IsInf(f, 1):
		return "Infinity"
	case math.IsInf(f, -1):
		return "-Infinity"
	case f == 0:
		if math.Signbit(f) {
			return "-0.0"
		}
		return "0.0"
	}
	neg := math.Signbit(f)
	var binExp int
	var fract int64
	var nSig int
	if bitSize == 32 {
		fb := math.Float32bits(float32(f))
		fr := int32(fb & 0x7fffff)
		be := int((fb >> 23) & 0xff)
		if be == 0 {
			lz := bits.LeadingZeros32(uint32(fr))
			shift := lz - (31 - 23)
			fr <<= shift
			be = 1 - shift
			nSig = 32 - lz
		} else {
			fr |= 1 << 23
			nSig = 24
		}
		binExp = be - 127
		fract = int64(fr) << (fdExpShift - 23)
	} else {
		db := math.Float64bits(f)
		fract = int64(db & (1<<52 - 1))
		be := int((db >> 52) & 0x7ff)
		if be == 0 {
			lz := bits.LeadingZeros64(uint64(fract))
			shift := lz - (63 - fdExpShift)
			fract <<= shift
			be = 1 - shift
			nSig = 64 - lz
		} else {
			fract |= fdFractHOB
			nSig = fdExpShift + 1
		}
		binExp = be - 1023
	}
	var d fdBuffer
	d.dtoa(binExp, fract, nSig)
	return d.javaFormat(neg)
}

// fdBuffer is BinaryToASCIIBuffer: the generated digits and the decimal
// exponent (value = 0.d1d2... × 10^decExponent).
type fdBuffer struct {
	digits      []byte
	decExponent int
}

func (d *fdBuffer) developLongDigits(decExp int, lvalue int64, insignificant int) {
	if insignificant != 0 {
		pow10 := fdLong5Pow[insignificant] << insignificant
		residue := lvalue % pow10
		lvalue /= pow10
		decExp += insignificant
		if residue >= pow10>>1 {
			lvalue++
		}
	}
	var rev []byte
	c := lvalue % 10
	lvalue /= 10
	for c == 0 {
		decExp++
		c = lvalue % 10
		lvalue /= 10
	}
	for lvalue != 0 {
		rev = append(rev, byte('0'+c))
		decExp++
		c = lvalue % 10
		lvalue /= 10
	}
	rev = append(rev, byte('0'+c))
	for i, j := 0, len(rev)-1; i < j; i, j = i+1, j-1 {
		rev[i], rev[j] = rev[j], rev[i]
	}
	d.digits = rev
	d.decExponent = decExp + 1
}

func (d *fdBuffer) dtoa(binExp int, fractBits int64, nSignificantBits int) {
	tailZeros := bits.TrailingZeros64(uint64(fractBits))
	nFractBits := fdExpShift + 1 - tailZeros
	nTinyBits := max(0, nFractBits-binExp-1)
	if binExp <= fdMaxSmallBinExp && binExp >= fdMinSmallBinExp &&
		nTinyBits < len(fdLong5Pow) && nFractBits+fdN5Bits[nTinyBits] < 64 && nTinyBits == 0 {
		insignificant := 0
		if binExp > nSignificantBits {
			if p2 := binExp - nSignificantBits - 1; p2 > 1 && p2 < len(fdInsignificant) {
				insignificant = fdInsignificant[p2]
			}
		}
		if binExp >= fdExpShift {
			fractBits <<= binExp - fdExpShift
		} else {
			fractBits = int64(uint64(fractBits) >> (fdExpShift - binExp))
		}
		d.developLongDigits(0, fractBits, insignificant)
		return
	}
	decExp := fdEstimateDecExp(fractBits, binExp)
	B5 := max(0, -decExp)
	B2 := B5 + nTinyBits + binExp
	S5 := max(0, decExp)
	S2 := S5 + nTinyBits
	M5 := B5
	M2 := B2 - nSignificantBits
	fractBits = int64(uint64(fractBits) >> tailZeros)
	B2 -= nFractBits - 1
	common := min(B2, S2)
	B2 -= common
	S2 -= common
	M2 -= common
	if nFractBits == 1 {
		M2--
	}
	if M2 < 0 {
		B2 -= M2
		S2 -= M2
		M2 = 0
	}
	n5 := func(i int) int {
		if i < len(fdN5Bits) {
			return fdN5Bits[i]
		}
		return i * 3
	}
	bBits := nFractBits + B2 + n5(B5)
	tenSBits := S2 + 1 + n5(S5+1)
	var low, high bool
	var lowDigitDifference int64
	var digits []byte
	switch {
	case bBits < 32 && tenSBits < 32:
		b := int32(fractBits) * fdSmall5Pow[B5] << B2
		digits, decExp, low, high, lowDigitDifference = fdFixedDigits(b, fdSmall5Pow[S5]<<S2, fdSmall5Pow[M5]<<M2, decExp)
	case bBits < 64 && tenSBits < 64:
		b := fractBits * fdLong5Pow[B5] << B2
		digits, decExp, low, high, lowDigitDifference = fdFixedDigits(b, fdLong5Pow[S5]<<S2, fdLong5Pow[M5]<<M2, decExp)
	default:
		pow52 := func(p5, p2 int) *big.Int {
			v := new(big.Int).Exp(big.NewInt(5), big.NewInt(int64(p5)), nil)
			return v.Lsh(v, uint(p2))
		}
		S := pow52(S5, S2)
		B := pow52(B5, B2)
		B.Mul(B, big.NewInt(fractBits))
		M := pow52(M5+1, M2+1)
		tenS := pow52(S5+1, S2+1)
		ten := big.NewInt(10)
		quoRem := func() int {
			q, r := new(big.Int).QuoRem(B, S, new(big.Int))
			B = r.Mul(r, ten)
			return int(q.Int64())
		}
		cmpHigh := func() bool { return tenS.Cmp(new(big.Int).Add(B, M)) <= 0 }
		q := quoRem()
		low = B.Cmp(M) < 0
		high = cmpHigh()
		if q == 0 && !high {
			decExp--
		} else {
			digits = append(digits, byte('0'+q))
		}
		if decExp < -3 || decExp >= 8 {
			high, low = false, false
		}
		for !low && !high {
			q = quoRem()
			M.Mul(M, ten)
			low = B.Cmp(M) < 0
			high = cmpHigh()
			digits = append(digits, byte('0'+q))
		}
		if high && low {
			lowDigitDifference = int64(new(big.Int).Lsh(B, 1).Cmp(tenS))
		}
	}
	d.digits = digits
	d.decExponent = decExp + 1
	if high {
		if low {
			if lowDigitDifference == 0 {
				if d.digits[len(d.digits)-1]&1 != 0 {
					d.roundup()
				}
			} else if lowDigitDifference > 0 {
				d.roundup()
			}
		} else {
			d.roundup()
		}
	}
}

func (d *fdBuffer) roundup() {
	i := len(d.digits) - 1
	q := d.digits[i]
	if q == '9' {
		for q == '9' && i > 0 {
			d.digits[i] = '0'
			i--
			q = d.digits[i]
		}
		if q == '9' {
			d.decExponent++
			d.digits[0] = '1'
			return
		}
	}
	d.digits[i] = q + 1
}

// fdEstimateDecExp is FloatingDecimal.estimateDecExp: floor(log10) from a
// first-order approximation, possibly one too small.
func fdEstimateDecExp(fractBits int64, binExp int) int {
	d2 := math.Float64frombits(uint64(1023)<<52 | uint64(fractBits)&(1<<52-1))
	d := (d2-1.5)*0.289529654 + 0.176091259 + float64(binExp)*0.301029995663981
	dBits := math.Float64bits(d)
	exponent := int((dBits>>52)&0x7ff) - 1023
	isNegative := dBits>>63 != 0
	switch {
	case exponent >= 0 && exponent < 52:
		mask := uint64(1<<52-1) >> exponent
		r := int(((dBits & (1<<52 - 1)) | 1<<52) >> (52 - exponent))
		if isNegative {
			if mask&dBits == 0 {
				return -r
			}
			return -r - 1
		}
		return r
	case exponent < 0:
		if dBits&^(1<<63) == 0 {
			return 0
		}
		if isNegative {
			return -1
		}
		return 0
	}
	return int(d)
}

// javaFormat is BinaryToASCIIBuffer.getChars.
func (d *fdBuffer) javaFormat(neg bool) string {
	var b []byte
	if neg {
		b = append(b, '-')
	}
	digits, e := d.digits, d.decExponent
	switch {
	case e > 0 && e < 8:
		n := min(len(digits), e)
		b = append(b, digits[:n]...)
		if n < e {
			for i := n; i < e; i++ {
				b = append(b, '0')
			}
			b = append(b, '.', '0')
		} else {
			b = append(b, '.')
			if n < len(digits) {
				b = append(b, digits[n:]...)
			} else {
				b = append(b, '0')
			}
		}
	case e <= 0 && e > -3:
		b = append(b, '0', '.')
		for i := 0; i < -e; i++ {
			b = append(b, '0')
		}
		b = append(b, digits...)
	default:
		b = append(b, digits[0], '.')
		if len(digits) > 1 {
			b = append(b, digits[1:]...)
		} else {
			b = append(b, '0')
		}
		b = append(b, 'E')
		if e <= 0 {
			b = append(b, '-')
			b = appendUint(b, uint64(-e+1))
		} else {
			b = appendUint(b, uint64(e-1))
		}
	}
	return string(b)
}

// fdFixedDigits is dtoa's digit loop in fixed-width arithmetic: Java's
// FloatingDecimal runs it once in int and once in long, each wrapping at its
// own width, so T is int32 or int64 to keep that overflow exactly. b, s and m
// are the scaled value, divisor and error margin; it returns the digits, the
// decimal exponent, whether the last digit may round low or high, and
// (b<<1) - 10s for the tie break.
func fdFixedDigits[T int32 | int64](b, s, m T, decExp int) (digits []byte, exp int, low, high bool, lowDigitDifference int64) {
	tens := s * 10
	q := b / s
	b = 10 * (b % s)
	m *= 10
	low = b < m
	high = b+m > tens
	if q == 0 && !high {
		decExp--
	} else {
		digits = append(digits, byte('0'+q))
	}
	if decExp < -3 || decExp >= 8 {
		high, low = false, false
	}
	for !low && !high {
		q = b / s
		b = 10 * (b % s)
		m *= 10
		if m > 0 {
			low = b < m
			high = b+m > tens
		} else {
			low, high = true, true
		}
		digits = append(digits, byte('0'+q))
	}
	return digits, decExp, low, high, int64(b<<1 - tens)
}
