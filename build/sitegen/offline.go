package sitegen

import (
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"

	"github.com/cespare/xxhash/v2"
	"github.com/evanw/esbuild/pkg/api"
)

// serviceWorkerPath is where the service worker is served: at the root, so
// that its scope is the whole site.
const serviceWorkerPath = "/sw.js"

// writeServiceWorker bundles site/ts/sw.ts into out/sw.js with the list of
// what it keeps for offline use (every page written but the one-example
// embed pages, which live in other sites' iframes, and every file under
// /assets/ but source maps) and a cache name that changes whenever any of
// those files does, so a new build replaces the old cache as a whole.
func writeServiceWorker(root, out string, pages []string) error {
	var precache []string
	for _, p := range pages {
		if !strings.Contains(p, "/embed/") {
			precache = append(precache, p)
		}
	}
	assets, err := os.ReadDir(filepath.Join(out, "assets"))
	if err != nil {
		return err
	}
	for _, e := range assets {
		if !e.IsDir() && !strings.HasSuffix(e.Name(), ".map") {
			precache = append(precache, "/assets/"+e.Name())
		}
	}
	precache = append(precache, "/favicon.svg") // every page links it
	slices.Sort(precache)
	h := xxhash.New()
	for _, p := range precache {
		file := filepath.Join(out, filepath.FromSlash(p))
		if strings.HasSuffix(p, "/") {
			file = filepath.Join(file, "index.html")
		}
		data, err := os.ReadFile(file)
		if err != nil {
			return err
		}
		h.WriteString(p)
		h.Write(data)
	}
	list, err := json.Marshal(precache)
	if err != nil {
		return err
	}
	opts := browserBundle(root, "site/ts/sw.ts")
	opts.Write = true
	opts.Outfile = filepath.Join(out, filepath.FromSlash(serviceWorkerPath))
	opts.Define = map[string]string{
		"CQLPLAY_CACHE":    strconv.Quote("cqlplay-" + strconv.FormatUint(h.Sum64(), 16)),
		"CQLPLAY_PRECACHE": string(list),
	}
	res := api.Build(opts)
	if err := esbuildErr(res.Errors); err != nil {
		return errors.New("the service worker: " + err.Error())
	}
	return nil
}
