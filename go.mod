module github.com/cqlplay/cqlplay

go 1.26.8

require (
	github.com/cespare/xxhash/v2 v2.3.0
	github.com/chromedp/cdproto v0.159.0
	github.com/chromedp/chromedp v0.23.0
	github.com/evanw/esbuild v0.28.2
	github.com/gocql/gocql v1.7.0
	github.com/golang/snappy v0.0.3
	github.com/google/btree v1.1.3
	github.com/pierrec/lz4/v4 v4.1.33
	github.com/yuin/goldmark v1.8.7
	gopkg.in/inf.v0 v0.9.1
)

require (
	github.com/go-json-experiment/json v0.0.0-20260213210345-44df1a37e875 // indirect
	github.com/hailocab/go-hostpool v0.0.0-20160125115350-e80d13ce29ed // indirect
	golang.org/x/sys v0.0.0-20220715151400-c0bba94af5f8 // indirect
)
