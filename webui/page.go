package webui

import (
	"crypto/sha256"
	_ "embed"
	"encoding/base64"
	"regexp"
)

// page is the web page: one HTML file with its style and script inline,
// which shows every text with textContent, never as markup.
//
//go:embed page.html
var page []byte

// pageCSP is the page's Content-Security-Policy: its own inline script
// and style (by hash) and requests to its own origin, nothing else, so
// that no markup in what the session shows could run a script or reach
// the network.
var pageCSP = func() string {
	return "default-src 'none'; script-src " + inlineHash("script") + "; style-src " + inlineHash("style") +
		"; connect-src 'self'; img-src data:; base-uri 'none'; form-action 'none'; frame-ancestors 'none'"
}()

// inlineHash returns the CSP source of the page's one inline element tag:
// 'sha256-...' of its content.
func inlineHash(tag string) string {
	m := regexp.MustCompile(`(?s)<`+tag+`>(.*?)</`+tag+`>`).FindAllSubmatch(page, -1)
	if len(m) != 1 {
		panic("webui: page.html must have exactly one <" + tag + "> element")
	}
	sum := sha256.Sum256(m[0][1])
	return "'sha256-" + base64.StdEncoding.EncodeToString(sum[:]) + "'"
}
