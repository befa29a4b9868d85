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
