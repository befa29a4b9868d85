package query

import (
	"strconv"

	"github.com/cqlplay/cqlplay/engine/schema"
	"github.com/cqlplay/cqlplay/engine/store"
)

// system.local is the one system table a reader reaches for: cqlsh users run
// `SELECT now() FROM system.local` to try a function, and
// `SELECT release_version FROM system.local` to see what they talk to. The
// engine keeps it as Cassandra 4.1 declares it (SystemKeyspace.Local), with
// one row describing node 1 of the simulated ring, created the first time a
// statement names it so that a fresh session costs nothing more. Writes to it
// are refused as for every system table (writableTable).

const systemLocalDDL = `CREATE TABLE system.local (
    key text PRIMARY KEY,
    bootstrapped text,
    broadcast_address inet,
    broadcast_port int,
    cluster_name text,
    cql_version text,
    data_center text,
    gossip_generation int,
    host_id uuid,
    listen_address inet,
    listen_port int,
    native_protocol_version text,
    partitioner text,
    rack text,
    release_version text,
    rpc_address inet,
    rpc_port int,
    schema_version uuid,
    tokens set<text>,
    truncated_at map<uuid, blob>
) WITH comment = 'information about the local node'`

// systemLocal returns system.local, creating it and its row on first use.
func (db *DB) systemLocal(ks *schema.Keyspace) *schema.Table {
	if t := ks.Tables["local"]; t != nil {
		return t
	}
	t := systemTable(ks, systemLocalDDL)
	ks.Tables[t.Name] = t
	values := map[string]string{
		"key":                     "local",
		"bootstrapped":            "COMPLETED",
		"broadcast_address":       "127.0.0.1",
		"broadcast_port":          "7000",
		"cluster_name":            "Test Cluster",
		"cql_version":             db.Version.CQL,
		"data_center":             "datacenter1",
		"gossip_generation":       strconv.FormatInt(db.NowSeconds(), 10),
		"host_id":                 "6f8b1b2e-3c2d-4a55-9a9e-2b5c8f0d1e71",
		"listen_address":          "127.0.0.1",
		"listen_port":             "7000",
		"native_protocol_version": string('0' + db.Version.Protocol),
		"partitioner":             "org.apache.cassandra.dht.Murmur3Partitioner",
		"rack":                    "rack1",
		"release_version":         db.Version.Release,
		"rpc_address":             "127.0.0.1",
		"rpc_port":                "9042",
		"schema_version":          "1a5e7c3b-6d0f-3e2a-8b4c-5d6e7f809a1b",
	}
	value := func(name string) []byte {
		v, err := t.Column(name).Type.FromString(values[name], db.NowSeconds())
		if err != nil {
			panic("system.local: " + name + ": " + err.Message)
		}
		return v
	}
	ts := db.Clock
	part := db.Data(t).PartitionForWrite(value("key"))
	row := part.RowForWrite([][]byte{})
	row.SetMarker(store.Liveness{TS: ts})
	for _, c := range t.Regulars {
		switch c.Name {
		case "tokens":
			// Node 1's tokens, as text, in the set's (text) order.
			tokens, owners := db.Ring.TokenRanges()
			for i, tok := range tokens {
				if owners[i] == 1 {
					cell := store.Cell{Col: int32(c.ID), TS: ts, Value: []byte{}}
					cell.SetPath([]byte(strconv.FormatInt(tok, 10)))
					row.Write(cell)
				}
			}
		case "truncated_at":
			// null: nothing was ever truncated
		default:
			row.Write(store.Cell{Col: int32(c.ID), TS: ts, Value: value(c.Name)})
		}
	}
	return t
}

// system.peers and system.peers_v2 list the other nodes a driver may
// connect to. The simulated cluster is served from one address (the
// native-protocol server), so they are empty: drivers see one node, which
// owns the whole ring. Declared as SystemKeyspace.LegacyPeers and PeersV2.
const systemPeersDDL = `CREATE TABLE system.peers (
    peer inet PRIMARY KEY,
    data_center text,
    host_id uuid,
    preferred_ip inet,
    rack text,
    release_version text,
    rpc_address inet,
    schema_version uuid,
    tokens set<text>
) WITH comment = 'information about known peers in the cluster'`

const systemPeersV2DDL = `CREATE TABLE system.peers_v2 (
    peer inet,
    peer_port int,
    data_center text,
    host_id uuid,
    native_address inet,
    native_port int,
    preferred_ip inet,
    preferred_port int,
    rack text,
    release_version text,
    schema_version uuid,
    tokens set<text>,
    PRIMARY KEY (peer, peer_port)
) WITH CLUSTERING ORDER BY (peer_port ASC)
    AND comment = 'information about known peers in the cluster'`

// systemPeers is system.peers or system.peers_v2, made empty on first use.
func systemPeers(ks *schema.Keyspace, name string) *schema.Table {
	if t := ks.Tables[name]; t != nil {
		return t
	}
	ddl := systemPeersDDL
	if name == "peers_v2" {
		ddl = systemPeersV2DDL
	}
	t := systemTable(ks, ddl)
	ks.Tables[name] = t
	return t
}
