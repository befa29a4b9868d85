package server_test

import (
	"testing"

	"github.com/gocql/gocql"

	"github.com/cqlplay/cqlplay/server"
)

// TestOrders is the README's example, word for word, so that it stays true.
func TestOrders(t *testing.T) {
	srv := server.RunT(t, server.Options{Init: `
		CREATE KEYSPACE shop WITH replication = {'class': 'SimpleStrategy', 'replication_factor': 1};
		CREATE TABLE shop.orders (customer text, id int, total decimal, PRIMARY KEY (customer, id));`})
	cluster := gocql.NewCluster(srv.Host())
	cluster.Port = srv.Port()
	cluster.Keyspace = "shop"
	session, err := cluster.CreateSession()
	if err != nil {
		t.Fatal(err)
	}
	defer session.Close()
	if err := session.Query("INSERT INTO orders (customer, id) VALUES (?, ?)", "ann", 1).Exec(); err != nil {
		t.Fatal(err)
	}
	var n int
	if err := session.Query("SELECT count(*) FROM orders WHERE customer = ?", "ann").Scan(&n); err != nil || n != 1 {
		t.Fatalf("count %d, %v", n, err)
	}
}

// TestExec seeds the cluster without a driver, and reports a failing
// statement with its line.
func TestExec(t *testing.T) {
	srv, s := ksSession(t)
	if err := srv.Exec("CREATE TABLE ks.seeded (k int PRIMARY KEY);\nINSERT INTO ks.seeded (k) VALUES (7);"); err != nil {
		t.Fatal(err)
	}
	var k int
	if err := s.Query("SELECT k FROM seeded").Scan(&k); err != nil || k != 7 {
		t.Errorf("%d %v", k, err)
	}
	err := srv.Exec("INSERT INTO ks.seeded (k) VALUES (1);\nINSERT INTO ks.nope (k) VALUES (1);")
	if err == nil || err.Error() != "script, line 2: InvalidRequest: table nope does not exist" {
		t.Errorf("error %v", err)
	}
}
