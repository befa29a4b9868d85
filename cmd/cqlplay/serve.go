package main

import (
	"crypto/tls"
	"errors"
	"flag"
	"fmt"
	"io"
	"net"
	"os"
	"os/signal"
	"strings"
	"syscall"

	"github.com/cqlplay/cqlplay/engine"
	"github.com/cqlplay/cqlplay/server"
)

const serveUsage = `usage: cqlplay serve [-listen ADDR] [-version V] [-init FILE.cql] [-nodes N]
                     [-auth USER:PASSWORD] [-tls-cert FILE -tls-key FILE]

Serves one in-memory cluster on Cassandra's native protocol (v3, v4, v5), for
drivers, cqlsh and tests. Prints "listening on ADDR" once it accepts
connections; SIGINT or SIGTERM closes it.

  -listen ADDR     the address to listen on (default 127.0.0.1:9042; port 0 picks one)
  -version V       the Cassandra version copied: 4.1, 3.11 or 5.0 (default 4.1)
  -init FILE.cql   a script run before the first connection
  -nodes N         the simulated cluster's node count (default 3; drivers see one node)
  -no-keyspace     start connections in no keyspace, as Cassandra does (by default they
                   start in the playground's keyspace, cqlplay, as cqlplay run does)
  -auth USER:PASSWORD  let in only this user, as Cassandra's PasswordAuthenticator does
                   (drivers' plain-text auth providers); without it anyone who reaches
                   the address gets in, and listening beyond loopback prints a warning
  -tls-cert FILE, -tls-key FILE  speak TLS with this PEM certificate (chain) and key,
                   as client_encryption_options does
`

// serve is `cqlplay serve`. It returns when stop is closed (the command
// line passes SIGINT and SIGTERM) or the server cannot start.
func serve(args []string, e env) int {
	fs := flag.NewFlagSet("cqlplay serve", flag.ContinueOnError)
	fs.SetOutput(e.stderr)
	listen := fs.String("listen", "127.0.0.1:9042", "the address to listen on")
	version := fs.String("version", engine.DefaultVersion, "the Cassandra version copied")
	initFile := fs.String("init", "", "a CQL script run before the first connection")
	nodes := fs.Int("nodes", 0, "the simulated cluster's node count")
	noKeyspace := fs.Bool("no-keyspace", false, "start connections in no keyspace, as Cassandra does")
	auth := fs.String("auth", "", "USER:PASSWORD, the one user let in")
	tlsCert := fs.String("tls-cert", "", "a PEM certificate: speak TLS")
	tlsKey := fs.String("tls-key", "", "the certificate's PEM key")
	fs.Usage = func() { io.WriteString(e.stderr, serveUsage) }
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return exitOK
		}
		return exitUsage
	}
	if fs.NArg() > 0 {
		fmt.Fprintf(e.stderr, "cqlplay serve: unexpected argument %q\n%s", fs.Arg(0), serveUsage)
		return exitUsage
	}
	if !engine.IsVersion(*version) {
		fmt.Fprintf(e.stderr, "cqlplay serve: unknown version %q (known: %s)\n", *version, engine.VersionList(""))
		return exitUsage
	}
	if *nodes < 0 || *nodes > 64 {
		fmt.Fprintf(e.stderr, "cqlplay serve: -nodes takes 1 to 64 (the playground's -- @nodes)\n")
		return exitUsage
	}
	opts := server.Options{Version: *version, Nodes: *nodes, NoKeyspace: *noKeyspace}
	if *auth != "" {
		user, password, ok := strings.Cut(*auth, ":")
		if !ok || user == "" || password == "" {
			fmt.Fprintf(e.stderr, "cqlplay serve: -auth takes USER:PASSWORD, both not empty\n")
			return exitUsage
		}
		opts.Auth = server.Credentials{User: user, Password: password}
	}
	if (*tlsCert == "") != (*tlsKey == "") {
		fmt.Fprintf(e.stderr, "cqlplay serve: -tls-cert and -tls-key go together\n")
		return exitUsage
	}
	if *tlsCert != "" {
		cert, err := tls.LoadX509KeyPair(*tlsCert, *tlsKey)
		if err != nil {
			fmt.Fprintf(e.stderr, "cqlplay serve: %v\n", err)
			return exitUsage
		}
		opts.TLS = &tls.Config{Certificates: []tls.Certificate{cert}}
	}
	if *initFile != "" {
		b, err := os.ReadFile(*initFile)
		if err != nil {
			fmt.Fprintf(e.stderr, "cqlplay serve: %v\n", err)
			return exitUsage
		}
		opts.Init = string(b)
	}
	srv, err := server.New(opts)
	if err != nil {
		fmt.Fprintf(e.stderr, "cqlplay serve: %v\n", err)
		return exitUsage
	}
	stop := e.stop
	if stop == nil {
		sig := make(chan os.Signal, 1)
		signal.Notify(sig, syscall.SIGINT, syscall.SIGTERM)
		defer signal.Stop(sig)
		done := make(chan struct{})
		go func() { <-sig; close(done) }()
		stop = done
	}
	if opts.Auth.User == "" && !loopback(*listen) {
		fmt.Fprintf(e.stderr, "cqlplay serve: warning: listening on %s, beyond loopback, without -auth: anyone who reaches it can read and change the cluster\n", *listen)
	}
	if err := srv.Run(*listen); err != nil {
		fmt.Fprintf(e.stderr, "cqlplay serve: %v\n", err)
		return exitUsage
	}
	fmt.Fprintf(e.stdout, "listening on %s\n", srv.Addr())
	<-stop
	srv.Close()
	return exitOK
}

// loopback reports whether a listening address is reachable from this
// machine only: localhost or a loopback IP. An empty host (every
// interface) is not.
func loopback(addr string) bool {
	host, _, err := net.SplitHostPort(addr)
	if err != nil {
		host = addr
	}
	if host == "localhost" {
		return true
	}
	ip := net.ParseIP(strings.Trim(host, "[]"))
	return ip != nil && ip.IsLoopback()
}
