package lesson

import (
	"bytes"
	"strconv"
	"strings"
)

// frontMatter holds the `key: value` lines between the leading `---` lines.
type frontMatter struct {
	Title   string
	Order   int
	Summary string
}

// splitFrontMatter separates the front matter from the Markdown body. It
// returns the body and the 0-based line of the file the body starts on, so
// that positions found in the body can be reported as lines of the file.
// A file without front matter is an error: every lesson needs a title.
func splitFrontMatter(path string, src []byte) (fm frontMatter, body []byte, bodyLine int, err error) {
	lines := bytes.SplitAfter(src, []byte("\n"))
	if len(lines) == 0 || strings.TrimRight(string(lines[0]), "\r\n") != "---" {
		return fm, nil, 0, errorf(path, 1, "lesson must start with front matter between --- lines")
	}
	seen := map[string]bool{}
	offset := len(lines[0])
	for i := 1; i < len(lines); i++ {
		line := strings.TrimRight(string(lines[i]), "\r\n")
		offset += len(lines[i])
		if line == "---" {
			if fm.Title == "" {
				return fm, nil, 0, errorf(path, i+1, "front matter has no title")
			}
			return fm, src[offset:], i + 1, nil
		}
		if strings.TrimSpace(line) == "" || strings.HasPrefix(strings.TrimSpace(line), "#") {
			continue
		}
		key, value, ok := strings.Cut(line, ":")
		if !ok {
			return fm, nil, 0, errorf(path, i+1, "front matter line is not `key: value`: "+strconv.Quote(line))
		}
		key, value = strings.TrimSpace(key), unquote(strings.TrimSpace(value))
		if seen[key] {
			return fm, nil, 0, errorf(path, i+1, "front matter key "+strconv.Quote(key)+" given twice")
		}
		seen[key] = true
		switch key {
		case "title":
			fm.Title = value
		case "summary":
			fm.Summary = value
		case "order":
			n, err := strconv.Atoi(value)
			if err != nil || n < 0 {
				return fm, nil, 0, errorf(path, i+1, "order must be a non-negative integer, not "+strconv.Quote(value))
			}
			fm.Order = n
		default:
			return fm, nil, 0, errorf(path, i+1, "unknown front matter key "+strconv.Quote(key)+" (want title, order, summary)")
		}
	}
	return fm, nil, 0, errorf(path, 1, "front matter is not closed by a --- line")
}

// unquote removes one pair of matching quotes, which YAML-minded writers add.
func unquote(s string) string {
	if len(s) >= 2 && (s[0] == '"' || s[0] == '\'') && s[len(s)-1] == s[0] {
		return s[1 : len(s)-1]
	}
	return s
}
