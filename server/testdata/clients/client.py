# Runs script.cql's statements one by one through the Python driver
# against a server (host, port in argv) and prints, per statement, one JSON
# line: the columns and rows (values as text), or the error.
import json, sys
from cassandra.cluster import Cluster
from cassandra.policies import DCAwareRoundRobinPolicy

host, port, script = sys.argv[1], int(sys.argv[2]), sys.argv[3]
cluster = Cluster([host], port=port, load_balancing_policy=DCAwareRoundRobinPolicy(local_dc='datacenter1'))
session = cluster.connect()
meta = {"protocol": cluster.protocol_version}
for stmt in [s.strip() for s in open(script).read().split(';') if s.strip()]:
    out = {"statement": stmt}
    try:
        rs = session.execute(stmt)
        if rs.column_names:
            out["columns"] = list(rs.column_names)
            out["rows"] = [[None if v is None else str(v) for v in row] for row in rs]
    except Exception as e:
        out["error"] = type(e).__name__ + ": " + str(e)
    print(json.dumps(out))
# A prepared read, executed twice: the second skips the result metadata.
prepared = session.prepare("SELECT id, total FROM shop.orders WHERE customer = ?")
meta["prepared"] = [[str(v) for v in row] for _ in range(2) for row in session.execute(prepared, ["bob"])]
# Paging: 250 rows read 100 at a time, as cqlsh pages.
from cassandra.query import SimpleStatement
session.execute("CREATE TABLE shop.many (k int, c int, PRIMARY KEY (k, c))")
insert = session.prepare("INSERT INTO shop.many (k, c) VALUES (?, ?)")
for i in range(250):
    session.execute(insert, (i % 7, i))
meta["paged"] = len(list(session.execute(SimpleStatement("SELECT * FROM shop.many", fetch_size=100))))
ks = cluster.metadata.keyspaces.get("shop")
meta["tables"] = sorted(t for t in ks.tables if t != "many") if ks else None
meta["columns"] = list(ks.tables["orders"].columns) if ks else None
print(json.dumps(meta))
cluster.shutdown()
