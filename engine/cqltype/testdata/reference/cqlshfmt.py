import sys, warnings
sys.path.insert(0, '/tmp/h2x/pylib')
warnings.simplefilter('ignore')
import cassandra
import cassandra.cqltypes as ct
from cassandra.util import datetime_from_timestamp
from cassandra.marshal import int64_unpack

def deserialize_date_fallback_int(byts, protocol_version):
    timestamp_ms = int64_unpack(byts)
    try:
        return datetime_from_timestamp(timestamp_ms / 1000.0)
    except OverflowError:
        return timestamp_ms
ct.DateType.deserialize = staticmethod(deserialize_date_fallback_int)
if hasattr(cassandra, 'deserializers'):
    del cassandra.deserializers.DesDateType
ct.CassandraType.support_empty_values = True

from cqlshlib.formatting import format_by_type, CqlType, DateTimeFormat
from cqlshlib.displaying import get_str

out = []
for line in open(sys.argv[1]):
    typ, marshal, h = line.rstrip('\n').split('\t')
    cas = ct.lookup_casstype(marshal)
    val = cas.from_binary(bytes.fromhex(h), 4)
    try:
        fv = format_by_type(val, cqltype=CqlType(typ), encoding='utf-8', colormap=None, addcolor=False,
                            nullval=None, date_time_format=DateTimeFormat(), float_precision=5)
        s = fv.strval if hasattr(fv, 'strval') else str(fv)
    except Exception:
        # cqlsh's myformat_value: a FormatError, printed as repr of the value
        s = repr(val)
    out.append('%s\t%s\t%s' % (typ, h, s))
open(sys.argv[2], 'w').write('\n'.join(out) + '\n')
