// Command gen writes site/ts/contract.gen.ts (package contract); go generate
// runs it from build/contract.
package main

import (
	"log"
	"os"
	"path/filepath"

	"github.com/cqlplay/cqlplay/build/contract"
)

func main() {
	ts, err := contract.TS()
	if err != nil {
		log.Fatal(err)
	}
	// go generate runs in build/contract: the repository's root is two up.
	if err := os.WriteFile(filepath.Join("..", "..", contract.Path), ts, 0o644); err != nil {
		log.Fatal(err)
	}
}
