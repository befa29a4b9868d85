package server_test

import (
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/gocql/gocql"

	"github.com/cqlplay/cqlplay/server"
)

// session starts a server and connects gocql to it.
func session(t testing.TB, keyspace string, opts ...server.Options) (*server.Server, *gocql.Session) {
	t.Helper()
	srv := server.RunT(t, opts...)
	cluster := gocql.NewCluster(srv.Host())
	cluster.Port = srv.Port()
	cluster.Keyspace = keyspace
	cluster.Timeout = 30 * time.Second
	cluster.ConnectTimeout = 30 * time.Second
	cluster.NumConns = 1
	cluster.WriteCoalesceWaitTime = 0
	s, err := cluster.CreateSession()
	if err != nil {
		t.Fatalf("CreateSession: %v", err)
	}
	t.Cleanup(s.Close)
	return srv, s
}

func TestConnectAndQuery(t *testing.T) {
	_, s := session(t, "")
	var version string
	if err := s.Query("SELECT release_version FROM system.local").Scan(&version); err != nil {
		t.Fatal(err)
	}
	if version != "4.1.7" {
		t.Errorf("release_version %q", version)
	}
}

// mustExec runs statements, failing the test on the first error.
func mustExec(t *testing.T, s *gocql.Session, stmts ...string) {
	t.Helper()
	for _, q := range stmts {
		if err := s.Query(q).Exec(); err != nil {
			t.Fatalf("%s: %v", q, err)
		}
	}
}

const createKS = "CREATE KEYSPACE ks WITH replication = {'class': 'SimpleStrategy', 'replication_factor': 1}"

func benchSession(b *testing.B) (*server.Server, *gocql.Session) {
	return session(b, "ks", server.Options{Init: createKS + ";"})
}

func mustExecB(b *testing.B, s *gocql.Session, stmts ...string) {
	b.Helper()
	for _, q := range stmts {
		if err := s.Query(q).Exec(); err != nil {
			b.Fatalf("%s: %v", q, err)
		}
	}
}

// ksSession is a server with keyspace ks and a session in it.
func ksSession(t *testing.T) (*server.Server, *gocql.Session) {
	t.Helper()
	return session(t, "ks", server.Options{Init: createKS + ";"})
}

// TestProtocolVersions: gocql pinned to v3 and v4 (its newest) prepares,
// binds, pages and reads metadata alike.
func TestProtocolVersions(t *testing.T) {
	for _, v := range []int{3, 4} {
		t.Run("v"+strconv.Itoa(v), func(t *testing.T) {
			srv := server.RunT(t, server.Options{Init: createKS + "; CREATE TABLE ks.t (k int, c int, v text, PRIMARY KEY (k, c));"})
			cluster := gocql.NewCluster(srv.Host())
			cluster.Port = srv.Port()
			cluster.Keyspace = "ks"
			cluster.ProtoVersion = v
			cluster.WriteCoalesceWaitTime = 0
			s, err := cluster.CreateSession()
			if err != nil {
				t.Fatal(err)
			}
			defer s.Close()
			for i := 0; i < 25; i++ {
				if err := s.Query("INSERT INTO t (k, c, v) VALUES (?, ?, ?)", 1, i, strconv.Itoa(i)).Exec(); err != nil {
					t.Fatal(err)
				}
			}
			iter := s.Query("SELECT c, v FROM t WHERE k = ?", 1).PageSize(10).Iter()
			n, c, text := 0, 0, ""
			for iter.Scan(&c, &text) {
				if c != n || text != strconv.Itoa(n) {
					t.Errorf("row %d: %d %q", n, c, text)
				}
				n++
			}
			if err := iter.Close(); err != nil || n != 25 {
				t.Errorf("%d rows, %v", n, err)
			}
			if md, err := s.KeyspaceMetadata("ks"); err != nil || md.Tables["t"] == nil {
				t.Errorf("metadata %v", err)
			}
		})
	}
}

// TestSnappy: gocql's Snappy compressor (protocol v4) both ways, with a
// value large enough to be compressed.
func TestSnappy(t *testing.T) {
	srv := server.RunT(t, server.Options{Init: createKS + "; CREATE TABLE ks.z (k int PRIMARY KEY, v text);"})
	cluster := gocql.NewCluster(srv.Host())
	cluster.Port = srv.Port()
	cluster.Keyspace = "ks"
	cluster.Compressor = gocql.SnappyCompressor{}
	cluster.WriteCoalesceWaitTime = 0
	s, err := cluster.CreateSession()
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	long := strings.Repeat("snappy ", 50_000)
	if err := s.Query("INSERT INTO z (k, v) VALUES (?, ?)", 1, long).Exec(); err != nil {
		t.Fatal(err)
	}
	var v string
	if err := s.Query("SELECT v FROM z WHERE k = ?", 1).Scan(&v); err != nil || v != long {
		t.Errorf("%d bytes back, %v", len(v), err)
	}
}
