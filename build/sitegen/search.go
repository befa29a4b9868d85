package sitegen

import (
	"bytes"
	"encoding/json"
	"strings"

	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/extension"
	extast "github.com/yuin/goldmark/extension/ast"
	"github.com/yuin/goldmark/parser"
	"github.com/yuin/goldmark/text"

	"github.com/cqlplay/cqlplay/build/lesson"
)

// The search index: one JSON file per language, written with the site and
// fingerprinted under /assets/ (so the service worker keeps it for offline
// use with every other asset). The page's search box (site/ts/search.ts)
// fetches its language's file when first used and matches substrings in the
// browser: Chinese has no spaces to split words on, and the lessons are
// small enough (about 100 KB of text a language) to scan on each keystroke.
//
// A lesson is cut into sections at its headings; a section holds its
// heading, its id (the anchor the lesson page gives that heading: the same
// parser and id generator as renderMarkdown) and the text of its prose. The
// CQL examples are left out: their statements are the examples' business,
// and the prose names what they show.

// searchIndex is one language's index.
type searchIndex struct {
	Lang    string         `json:"lang"`
	Lessons []searchLesson `json:"lessons"`
}

type searchLesson struct {
	URL      string          `json:"u"`
	Title    string          `json:"t"`
	Number   int             `json:"n"`
	Sections []searchSection `json:"s"`
}

// searchSection is a lesson's text under one heading; the first section,
// before any heading, has no id and no heading.
type searchSection struct {
	ID      string `json:"i,omitempty"`
	Heading string `json:"h,omitempty"`
	Text    string `json:"x"`
}

// buildSearchIndex indexes one language's lessons, in course order.
func buildSearchIndex(lang string, lessons []*lesson.Lesson) searchIndex {
	idx := searchIndex{Lang: lang, Lessons: []searchLesson{}}
	for _, l := range lessons {
		if l.Lang != lang {
			continue
		}
		idx.Lessons = append(idx.Lessons, searchLesson{URL: LessonURL(l), Title: l.Title, Number: l.Order, Sections: lessonSections(l.Body)})
	}
	return idx
}

// lessonSections cuts a lesson's Markdown into sections at its headings.
func lessonSections(md []byte) []searchSection {
	p := goldmark.New(goldmark.WithExtensions(extension.GFM), goldmark.WithParserOptions(parser.WithAutoHeadingID())).Parser()
	ctx := parser.NewContext(parser.WithIDs(newHeadingIDs()))
	doc := p.Parse(text.NewReader(md), parser.WithContext(ctx))
	secs := []searchSection{{}}
	var buf strings.Builder
	flush := func() {
		secs[len(secs)-1].Text = collapseSpace(buf.String())
		buf.Reset()
	}
	for n := doc.FirstChild(); n != nil; n = n.NextSibling() {
		if h, ok := n.(*ast.Heading); ok {
			flush()
			s := searchSection{Heading: collapseSpace(plainText(h, md))}
			if id, ok := h.AttributeString("id"); ok {
				if b, ok := id.([]byte); ok {
					s.ID = string(b)
				}
			}
			secs = append(secs, s)
			continue
		}
		buf.WriteString(plainText(n, md))
		buf.WriteByte(' ')
	}
	flush()
	if secs[0].Text == "" && len(secs) > 1 {
		secs = secs[1:]
	}
	return secs
}

// firstParagraph is the text of a lesson's first paragraph: the summary of
// a lesson whose front matter gives none.
func firstParagraph(md []byte) string {
	doc := goldmark.New(goldmark.WithExtensions(extension.GFM)).Parser().Parse(text.NewReader(md))
	for n := doc.FirstChild(); n != nil; n = n.NextSibling() {
		if n.Kind() == ast.KindParagraph {
			return collapseSpace(plainText(n, md))
		}
	}
	return ""
}

// plainText is the text a reader sees in a block: its inline text, code
// spans and link texts, without code blocks or raw HTML.
func plainText(n ast.Node, src []byte) string {
	var b strings.Builder
	_ = ast.Walk(n, func(n ast.Node, entering bool) (ast.WalkStatus, error) {
		switch n := n.(type) {
		case *ast.FencedCodeBlock, *ast.CodeBlock, *ast.HTMLBlock, *ast.RawHTML:
			return ast.WalkSkipChildren, nil
		case *ast.Text:
			if entering {
				b.Write(n.Segment.Value(src))
				if n.SoftLineBreak() || n.HardLineBreak() {
					b.WriteByte(' ')
				}
			}
		case *ast.String:
			if entering {
				b.Write(n.Value)
			}
		default:
			// Blocks (paragraphs, list items, table cells) are separate words.
			if n.Type() == ast.TypeBlock || n.Kind() == extast.KindTableCell {
				b.WriteByte(' ')
			}
		}
		return ast.WalkContinue, nil
	})
	return b.String()
}

// collapseSpace trims s and turns each run of white space into one space.
func collapseSpace(s string) string {
	return strings.Join(strings.Fields(s), " ")
}

// writeSearchIndexes writes each language's index under /assets/ and returns
// their URL paths by language.
func writeSearchIndexes(out string, lessons []*lesson.Lesson) (map[string]string, error) {
	urls := map[string]string{}
	for _, lang := range languages {
		var buf bytes.Buffer
		enc := json.NewEncoder(&buf)
		enc.SetEscapeHTML(false)
		if err := enc.Encode(buildSearchIndex(lang, lessons)); err != nil {
			return nil, err
		}
		u, err := writeFingerprinted(out, "search-"+lang+".json", buf.Bytes())
		if err != nil {
			return nil, err
		}
		urls[lang] = u
	}
	return urls, nil
}
